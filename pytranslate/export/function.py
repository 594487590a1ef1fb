"""Function bodies: blocks in dominance order, one op at a time, PHIs connected afterwards.

Values are strings (constants, `@globals`) or `Local` objects numbered when the function is
printed (LLVM numbers unnamed arguments, blocks and instructions in layout order).
"""
from __future__ import annotations

from pyopt.ir.types import IntegerType
from pyopt.dialects.llvm.types import LLVMVoidType, LLVMStructType
from pytranslate.export.types import TranslationError, llvm_name, abi_align
from pytranslate.export.constants import get_constant, null_value, int_text, ZEROS
from pytranslate.export.module import FunctionInfo, _prop, _int, function_body_attrs, cconv_text
from pytranslate.export.metadata import md_string
from pytranslate.export.intrinsics import translate_intrinsic
from pytranslate.constfold import CONSTEXPR_CASTS
from pytranslate.export.castfold import fold_cast
from pytranslate.export import blockaddr
from pytranslate.export.aggchain import Agg, const_insert, agg_text, continues_chain
from pytranslate.export.vecfold import fold_insertelement, fold_extractelement, parse_aggregate
from pytranslate.export.binfold import fold_binary, fold_fneg, fold_compare, fold_select


class Local:
    __slots__ = ("n",)

    def __init__(self):
        self.n = -1


class LBlock(Local):
    __slots__ = ("instrs", "uses", "phis")

    def __init__(self):
        self.n = -1
        self.instrs = []   # (result Local or None, parts, metadata attachments)
        self.uses = []     # terminators' blocks that branch here, in creation order
        self.phis = []     # parts lists of this block's PHIs, filled when connecting


def _segments(op):
    s = op.properties.get("operandSegmentSizes")
    return list(s.values) if s is not None else None


def successor_operands(op, i):
    """The operands a terminator forwards to its i-th successor."""
    name = op.name
    ops = op.operands
    if name == "llvm.br":
        return ops
    seg = _segments(op)
    if name == "llvm.cond_br":
        t = seg[1]
        return ops[1:1 + t] if i == 0 else ops[1 + t:]
    if name == "llvm.switch":
        d = seg[1]
        if i == 0:
            return ops[1:1 + d]
        case_segs = list(_prop(op, "case_operand_segments").values)
        start = 1 + d + sum(case_segs[:i - 1])
        return ops[start:start + case_segs[i - 1]]
    if name == "llvm.invoke":
        c, n = seg[0], seg[1]
        return ops[c:c + n] if i == 0 else ops[c + n:]
    if name == "llvm.indirectbr":
        segs = list(_prop(op, "indbr_operand_segments").values)
        start = 1 + sum(segs[:i])
        return ops[start:start + segs[i]]
    return []


def blocks_by_dominance(blocks):
    """getBlocksSortedByDominance: reverse post-order from each not yet visited block."""
    order, seen = [], set()
    for b in blocks:
        if b in seen:
            continue
        post = []
        seen.add(b)
        stack = [(b, iter([s.block for s in b.last.successor_slots] if b.last else []))]
        while stack:
            node, it = stack[-1]
            for s in it:
                if s not in seen:
                    seen.add(s)
                    stack.append((s, iter([x.block for x in s.last.successor_slots]
                                          if s.last else [])))
                    break
            else:
                post.append(node)
                stack.pop()
        order.extend(reversed(post))
    return order


# Metadata kind ids (LLVM's FixedMetadataKinds): attachments print sorted by them.
MD_KINDS = {"dbg": 0, "tbaa": 1, "prof": 2, "invariant.load": 6, "alias.scope": 7,
            "noalias": 8, "nontemporal": 9, "llvm.loop": 18, "llvm.access.group": 25}


def render(parts, atts=None):
    """The instruction text: a str, or a list of str and MD parts when it refers to metadata
    (numbered only when the module is printed)."""
    out = [p if type(p) is str else "%" + str(p.n) if isinstance(p, Local) else p
           for p in parts]
    if atts:
        for _, kind, node in sorted(atts, key=lambda a: a[0]):
            out.append(f", !{kind} ")
            out.append(node)
    if any(type(p) is not str for p in out):
        return out
    return "".join(out)


class FunctionTranslator:
    def __init__(self, m, op):
        self.m = m
        self.op = op
        self.tc = m.tc
        self.f = m.functions[_prop(op, "sym_name").value]
        self.values = {}
        self.blocks = {}
        self.cur = None
        self.pending = []  # metadata attachments for the next emitted instruction
        self.dbg_loc = None  # DILocation of the op being translated

    # -- values ------------------------------------------------------------------------------
    def v(self, value):
        try:
            return self.values[value]
        except KeyError:
            raise TranslationError("use of an unavailable value", op=self.op)

    def tv(self, value):
        """`type value` parts."""
        return [self.tc(value.type), " ", self.v(value)]

    def emit(self, op, parts, result_type=None):
        res = None
        if result_type is not None and type(result_type) is not LLVMVoidType:
            res = Local()
        atts = self.pending
        self.pending = []
        if self.dbg_loc is not None:
            atts.append((0, "dbg", self.dbg_loc))
        self.cur.instrs.append((res, parts, atts))
        if res is not None and op is not None and op.results:
            self.values[op.results[0]] = res
        return res

    # -- driver ------------------------------------------------------------------------------
    def translate(self):
        f, op = self.f, self.op
        unit = self.m.type_units.setdefault(op, [])
        self.tc.log = unit
        function_body_attrs(self.m, op, f)
        region = op.regions[0]
        blocks = region.blocks
        args = []
        for a in blocks[0].args:
            loc = Local()
            args.append(loc)
            self.values[a] = loc
        for b in blocks:
            self.blocks[b] = LBlock()
        # identified structs are listed in first-use order of LLVM's TypeFinder, which walks
        # the blocks in layout order: the structs each block uses are logged while it is
        # translated (in dominance order), and the function's log gets them in layout order
        tc = self.tc
        met = {}
        for b in blocks_by_dominance(blocks):
            met[b] = tc.log = []
            self.cur = self.blocks[b]
            if b is not blocks[0]:
                for a in b.args:
                    parts = ["phi ", self.tc(a.type), " "]
                    res = Local()
                    self.cur.instrs.append((res, parts, []))
                    self.cur.phis.append(parts)
                    self.values[a] = res
            for o in b:
                self.op_now = o
                self.dbg_loc = self.m.debug.loc(o.loc, self.f.dbg)
                try:
                    before = len(self.cur.instrs)
                    translate_op(self, o)
                    if o.name in MD_OPS and len(self.cur.instrs) > before:
                        attach_op_metadata(self, o, self.cur.instrs[-1][2])
                except TranslationError as e:
                    if e.op is None:
                        e.op = o
                    raise
        tc.log = unit
        for b in blocks:
            unit.extend(met[b])
        # connectPHINodes: MLIR's predecessor order (most recent use first).
        for b in blocks[1:]:
            lb = self.blocks[b]
            preds = [u.owner for u in reversed(b.pred_uses)]
            for idx, parts in enumerate(lb.phis):
                inc = []
                for term in preds:
                    pb = term.parent
                    i = next(i for i, s in enumerate(term.successor_slots) if s.block is b)
                    val = successor_operands(term, i)[idx]
                    inc.append(["[ ", self.v(val), ", ", self.blocks[pb], " ]"])
                for j, x in enumerate(inc):
                    if j:
                        parts.append(", ")
                    parts.extend(x)
        # Number and print.
        n = 0
        for loc in args:
            loc.n = n
            n += 1
        layout = [self.blocks[b] for b in blocks]
        for lb in layout:
            lb.n = n
            n += 1
            for res, _, _ in lb.instrs:
                if res is not None:
                    res.n = n
                    n += 1
        lines = []
        for k, lb in enumerate(layout):
            if k:
                lines.append("")
                label = f"{lb.n}:"
                preds = list(reversed(lb.uses))
                if preds:
                    comment = "; preds = " + ", ".join(f"%{p.n}" for p in preds)
                else:
                    comment = "; No predecessors!"
                lines.append(label.ljust(50) + comment)
            for res, parts, atts in lb.instrs:
                text = render(parts, atts)
                head = f"  %{res.n} = " if res is not None else "  "
                lines.append(head + text if type(text) is str else [head] + text)
        f.body = lines
        # Blocks refer to each other (branches, PHIs): unlinked here, the function's
        # instruction lists are freed now rather than kept while the collector is off.
        for lb in layout:
            lb.instrs = lb.uses = lb.phis = None
        self.values = self.blocks = self.cur = None

    def branch(self, parts, targets):
        self.emit(None, parts)
        for t in targets:
            self.blocks[t].uses.append(self.cur)


# ------------------------------------------------------------------------------- op table
_BIN_INT = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl",
            "lshr", "ashr"}
_BIN_FLOAT = {"fadd", "fsub", "fmul", "fdiv", "frem"}
_CASTS = {"trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
          "ptrtoint", "inttoptr", "bitcast", "addrspacecast"}
_FMF_NAMES = ((1, "nnan"), (2, "ninf"), (4, "nsz"), (8, "arcp"), (16, "contract"), (32, "afn"),
              (64, "reassoc"))
_ICMP = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_FCMP = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
         "ule", "une", "uno", "true"]
_ORDERING = {1: "unordered", 2: "monotonic", 4: "acquire", 5: "release", 6: "acq_rel",
             7: "seq_cst"}
_RMW = ["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "fadd",
        "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap"]


def fmf_text(op):
    a = op.properties.get("fastmathFlags")
    v = _int(a)
    if not v:
        return ""
    if v & 127 == 127:
        return "fast "
    return "".join(n + " " for bit, n in _FMF_NAMES if v & bit)


def translate_op(t, op):
    name = op.name
    if not name.startswith("llvm."):
        raise TranslationError("cannot be converted to LLVM IR: missing "
                               "`LLVMTranslationDialectInterface` registration for dialect for "
                               f"op: {name}", op=op)
    short = name[5:]
    fn = _HANDLERS.get(short)
    if fn is not None:
        return fn(t, op)
    if short in _BIN_INT or short in _BIN_FLOAT:
        return _binary(t, op, short)
    if short in _CASTS:
        return _cast(t, op, short)
    if short.startswith("intr."):
        return translate_intrinsic(t, op, short[5:])
    raise TranslationError(f"LLVM Translation failed for operation: {name}", op=op)


def _binary(t, op, short):
    a, b = op.operands
    va, vb = t.v(a), t.v(b)
    ty = op.results[0].type
    flags = ""
    if short in ("add", "sub", "mul", "shl"):
        ov = _int(op.properties.get("overflowFlags"))
        flags = ("nuw " if ov & 2 else "") + ("nsw " if ov & 1 else "")
    elif short == "or" and op.properties.get("isDisjoint") is not None:
        flags = "disjoint "
    elif short in _BIN_FLOAT:
        flags = fmf_text(op)
    if type(va) is str and type(vb) is str:  # IRBuilder folds constants
        r = fold_binary(t, short, ty, va, vb, flags)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"{short} {flags}{t.tc(ty)} ", va, ", ", vb], ty)


def _cast(t, op, short):
    src = op.arg
    rt = op.results[0].type
    v = t.v(src)
    if src.type is rt or t.tc(src.type) == t.tc(rt):
        t.values[op.results[0]] = v  # (IRBuilder returns a value already of the type)
        return
    if type(v) is str:
        folded = fold_cast(short, src.type, rt, v, t.tc)
        if folded is not None:
            t.values[op.results[0]] = folded
            return
        if short in CONSTEXPR_CASTS:
            t.values[op.results[0]] = f"{short} ({t.tc(src.type)} {v} to {t.tc(rt)})"
            return
        # (LLVM 19 has no constant expression for the other casts: an instruction)
    t.emit(op, [f"{short} {t.tc(src.type)} ", v, f" to {t.tc(rt)}"], rt)


def _fneg(t, op):
    a = op.group("operand")  # (Operation.operand is the positional reader)
    r = fold_fneg(t.v(a), a.type)
    if r is not None:
        t.values[op.results[0]] = r
        return
    t.emit(op, [f"fneg {fmf_text(op)}{t.tc(a.type)} ", t.v(a)], a.type)


def _icmp(t, op):
    a, b = op.operands
    p = _ICMP[_int(op.properties.get("predicate"))]
    va, vb = t.v(a), t.v(b)
    if type(va) is str and type(vb) is str:
        r = fold_compare(t, "icmp", p, a.type, va, vb, op.results[0].type)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"icmp {p} {t.tc(a.type)} ", t.v(a), ", ", t.v(b)], op.results[0].type)


def _fcmp(t, op):
    a, b = op.operands
    p = _FCMP[_int(op.properties.get("predicate"))]
    va, vb = t.v(a), t.v(b)
    if type(va) is str and type(vb) is str:
        r = fold_compare(t, "fcmp", p, a.type, va, vb, op.results[0].type)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"fcmp {fmf_text(op)}{p} {t.tc(a.type)} ", t.v(a), ", ", t.v(b)],
           op.results[0].type)


def _constant(t, op):
    rt = op.results[0].type
    t.values[op.results[0]] = get_constant(rt, _prop(op, "value"), t.tc, op.loc)


def _undef(t, op):
    t.values[op.results[0]] = "undef"


def _poison(t, op):
    t.values[op.results[0]] = "poison"


def _zero(t, op):
    t.values[op.results[0]] = null_value(op.results[0].type, t.tc)


def _none(t, op):
    t.values[op.results[0]] = "none"


def _addressof(t, op):
    t.values[op.results[0]] = llvm_name("@", _prop(op, "global_name").root)


def _alloca(t, op):
    size = op.arraySize
    et = _prop(op, "elem_type").value
    al = _int(_prop(op, "alignment"))
    if not al:
        al = abi_align(et, pref=True)
    sv = t.v(size)
    parts = [f"alloca {t.tc(et)}"]
    if not (sv == "1" and type(size.type) is IntegerType and size.type.width == 32):
        parts += [f", {t.tc(size.type)} ", sv]
    rt = op.results[0].type
    if _prop(op, "inalloca") is not None:
        parts[0] = "alloca inalloca " + parts[0][7:]
    parts.append(f", align {al}")
    if getattr(rt, "address_space", 0):
        parts.append(f", addrspace({rt.address_space})")
    t.emit(op, parts, rt)


def _mem_suffix(t, op, ty):
    order = _int(op.properties.get("ordering"))
    s = []
    if order:
        ss = op.properties.get("syncscope")
        if ss is not None:
            s.append(f' syncscope("{ss.value}")')
        s.append(" " + _ORDERING[order])
    al = _int(_prop(op, "alignment")) or abi_align(ty)
    s.append(f", align {al}")
    if op.properties.get("nontemporal") is not None:
        t.pending.append((9, "nontemporal", t.m.md.node(["i32 1"])))
    if op.properties.get("invariant") is not None:
        t.pending.append((6, "invariant.load", t.m.md.node([])))
    return "".join(s)


def _load(t, op):
    p = op.addr
    rt = op.results[0].type
    order = _int(op.properties.get("ordering"))
    head = "load " + ("atomic " if order else "") + \
        ("volatile " if op.properties.get("volatile_") is not None else "")
    t.emit(op, [f"{head}{t.tc(rt)}, {t.tc(p.type)} ", t.v(p), _mem_suffix(t, op, rt)], rt)


def _store(t, op):
    v, p = op.value, op.addr
    order = _int(op.properties.get("ordering"))
    head = "store " + ("atomic " if order else "") + \
        ("volatile " if op.properties.get("volatile_") is not None else "")
    t.emit(op, [head] + t.tv(v) + [f", {t.tc(p.type)} ", t.v(p), _mem_suffix(t, op, v.type)])


def _gep(t, op):
    base = op.base
    dyn = iter(op.dynamicIndices)
    et = _prop(op, "elem_type").value
    idx = []
    for r in _prop(op, "rawConstantIndices").values:
        if r == -(1 << 31):
            d = next(dyn)
            idx.append([f", {t.tc(d.type)} ", t.v(d)])
        else:
            idx.append([f", i32 {r}"])
    inb = "inbounds " if _prop(op, "inbounds") is not None else ""
    rt = op.results[0].type
    vals = [t.v(base)] + [p[1] for p in idx if len(p) > 1]
    if type(vals[0]) is str and all(p[0].endswith(" 0") or (len(p) > 1 and p[1] in ZEROS)
                                    for p in idx):
        t.values[op.results[0]] = vals[0]  # LLVM folds an all-zero constant GEP to its base
        return
    if all(type(x) is str for x in vals):
        text = f"getelementptr {inb}({t.tc(et)}, {t.tc(base.type)} {t.v(base)}" + \
            "".join("".join(p) for p in idx) + ")"
        t.values[op.results[0]] = text
        return
    parts = [f"getelementptr {inb}{t.tc(et)}, {t.tc(base.type)} ", t.v(base)]
    for p in idx:
        parts.extend(p)
    t.emit(op, parts, rt)


def _positions(op):
    return "".join(f", {x}" for x in _prop(op, "position").values)


def _const_elems(t, text, ty):
    """The (type text, value text) elements of a constant aggregate, or None."""
    from pyopt.dialects.llvm.types import LLVMArrayType
    if type(ty) is LLVMStructType:
        ets = list(ty.body)
    elif type(ty) is LLVMArrayType:
        ets = [ty.element_type] * ty.num_elements
    else:
        return None
    if text in ("undef", "poison"):
        return [(e, text) for e in ets]
    if text == "zeroinitializer":
        return [(e, null_value(e, t.tc)) for e in ets]
    known = t.m.aggregates.get((ty, text))
    return list(known) if known is not None else parse_aggregate(t, text, ty, ets)


def _extractvalue(t, op):
    c = op.container
    cv = t.v(c)
    if type(cv) is str:
        ty, cur = c.type, cv
        for p in _prop(op, "position").values:
            elems = _const_elems(t, cur, ty)
            if elems is None:
                break
            ty, cur = elems[p]
        else:
            t.values[op.results[0]] = cur
            return
    t.emit(op, [f"extractvalue {t.tc(c.type)} ", t.v(c), _positions(op)], op.results[0].type)


def _insertvalue(t, op):
    c, v = op.operands
    cv, vv = t.v(c), t.v(v)
    if type(vv) is str and (type(cv) is str or type(cv) is Agg):
        r = const_insert(t, cv, c.type, list(_prop(op, "position").values), vv, _const_elems)
        if r is not None:
            t.values[op.results[0]] = r if continues_chain(op) else agg_text(t, r)
            return
    if type(cv) is Agg:
        cv = agg_text(t, cv)
    t.emit(op, [f"insertvalue {t.tc(c.type)} ", cv, ", "] + t.tv(v) + [_positions(op)],
           op.results[0].type)


def _extractelement(t, op):
    vec, pos = op.operands
    cv, ci = t.v(vec), t.v(pos)
    if type(cv) is str and type(ci) is str:
        r = fold_extractelement(t, vec.type, cv, ci, pos.type)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"extractelement {t.tc(vec.type)} ", t.v(vec), ", "] + t.tv(pos),
           op.results[0].type)


def _insertelement(t, op):
    vec, val, pos = op.operands
    cv, ce, ci = t.v(vec), t.v(val), t.v(pos)
    if type(cv) is str and type(ce) is str and type(ci) is str:
        r = fold_insertelement(t, vec.type, cv, ce, ci, pos.type)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"insertelement {t.tc(vec.type)} ", t.v(vec), ", "] + t.tv(val) + [", "] +
           t.tv(pos), op.results[0].type)


def _shufflevector(t, op):
    a, b = op.operands
    mask = list(_prop(op, "mask").values)
    rt = op.results[0].type
    if not mask:
        mtext = "<0 x i32> zeroinitializer"
    elif all(m == 0 for m in mask):
        mtext = f"<{len(mask)} x i32> zeroinitializer"
    elif all(m == -1 for m in mask):
        mtext = f"<{len(mask)} x i32> poison"
    else:
        mtext = f"<{len(mask)} x i32> <" + ", ".join(
            "i32 poison" if m == -1 else f"i32 {m}" for m in mask) + ">"
    if getattr(rt, "scalable_dims", None) and rt.scalable_dims[0]:
        mtext = f"<vscale x {len(mask)} x i32> zeroinitializer"
    t.emit(op, [f"shufflevector {t.tc(a.type)} ", t.v(a), ", "] + t.tv(b) + [", " + mtext], rt)


def _select(t, op):
    c, a, b = op.operands
    vc, va, vb = t.v(c), t.v(a), t.v(b)
    if type(vc) is str and type(va) is str and type(vb) is str:
        r = fold_select(vc, va, vb)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"select {fmf_text(op)}"] + t.tv(c) + [", "] + t.tv(a) + [", "] + t.tv(b),
           op.results[0].type)


def _freeze(t, op):
    a = op.val
    t.emit(op, ["freeze "] + t.tv(a), a.type)


def _return(t, op):
    if op.arg is not None:
        t.emit(op, ["ret "] + t.tv(op.arg))
    else:
        t.emit(op, ["ret void"])


def _unreachable(t, op):
    t.emit(op, ["unreachable"])


def _resume(t, op):
    t.emit(op, ["resume "] + t.tv(op.value))


def _br(t, op):
    dest = op.dest
    t.branch(["br label ", t.blocks[dest]], [dest])


def _prof(t, op):
    w = _prop(op, "branch_weights")
    if w is None:
        return ""
    t.pending.append((2, "prof", t.m.md.node([md_string("branch_weights")] +
                                               [f"i32 {x}" for x in w.values])))
    return ""


# Ops that may carry loop, access group, alias scope and TBAA metadata.
MD_OPS = frozenset("llvm.br llvm.cond_br llvm.load llvm.store llvm.atomicrmw llvm.cmpxchg "
                   "llvm.call llvm.intr.memcpy llvm.intr.memmove llvm.intr.memset "
                   "llvm.intr.memcpy.inline llvm.intr.memset.inline".split())


_MD_ATTRS = ("loop_annotation", "access_groups", "alias_scopes", "noalias_scopes", "tbaa")


def attach_op_metadata(t, op, atts):
    props, attrs = op.properties, op.attributes
    if not any(k in props or k in attrs for k in _MD_ATTRS):
        return  # (the common op without any)
    am = t.m.attr_md
    a = _prop(op, "loop_annotation")
    if a is not None:
        atts.append((18, "llvm.loop", am.loop(a)))
    n = am.access_groups(_prop(op, "access_groups"))
    if n is not None:
        atts.append((25, "llvm.access.group", n))
    n = am.alias_scopes(_prop(op, "alias_scopes"))
    if n is not None:
        atts.append((7, "alias.scope", n))
    n = am.alias_scopes(_prop(op, "noalias_scopes"))
    if n is not None:
        atts.append((8, "noalias", n))
    tags = _prop(op, "tbaa")
    if tags is not None and tags.value:
        if len(tags.value) > 1:
            from pyopt.ir.diagnostics import Diagnostic
            t.m.options.emit(Diagnostic("warning", op.loc, "TBAA access tags were not "
                                        "translated, because LLVM IR only supports a single "
                                        "tag per instruction"))
        else:
            atts.append((1, "tbaa", am.tbaa_node(tags.value[0])))


def _cond_br(t, op):
    c = op.condition
    td, fd = op.trueDest, op.falseDest
    # BranchInst sets the true destination's use first, then the false one.
    t.branch(["br "] + t.tv(c) + [", label ", t.blocks[td], ", label ", t.blocks[fd],
                                  _prof(t, op)], [td, fd])


def _switch(t, op):
    v = op.value
    default = op.defaultDestination
    cases = _prop(op, "case_values")
    vals = list(cases.all_values()) if cases is not None else []
    ty = t.tc(v.type)
    parts = ["switch "] + t.tv(v) + [", label ", t.blocks[default], " ["]
    targets = [default]
    for b, val in zip(op.caseDestinations, vals):
        parts += [f"\n    {ty} {int_text(val, v.type.width)}, label ", t.blocks[b]]
        targets.append(b)
    parts.append("\n  ]" + _prof(t, op))
    t.branch(parts, targets)


def _callee_parts(t, op, operands):
    """(callee text parts, argument list) of a call/invoke."""
    callee = _prop(op, "callee")
    vct = _prop(op, "var_callee_type")
    if callee is not None:
        name = callee.root
        fi = t.m.functions.get(name)
        args = operands
        fparts = [llvm_name("@", name)]
        ftype = fi.mlir_type if fi is not None else None
    else:
        fparts = [t.v(operands[0])]
        args = operands[1:]
        ftype = None
        asp = getattr(operands[0].type, "address_space", 0)
        if asp:
            fparts.insert(0, f"addrspace({asp}) ")
    return fparts, args, ftype, vct


def _call_text(t, op, operands, kw="call"):
    fparts, args, ftype, vct = _callee_parts(t, op, operands)
    rt = op.results[0].type if op.results else None
    ret = t.tc(rt) if rt is not None else "void"
    ft = vct.value if vct is not None else ftype
    if ft is not None and ft.var_arg:
        ret = t.tc(ft)
    asp = ""
    if type(fparts[0]) is str and fparts[0].startswith("addrspace("):
        asp = fparts.pop(0)
    parts = [f"{kw} {cconv_text(op.properties.get('CConv'))}{fmf_text(op) if kw == 'call' else ''}"
             f"{asp}{ret} "] + fparts + ["("]
    for i, a in enumerate(args):
        if i:
            parts.append(", ")
        parts += t.tv(a)
    parts.append(")")
    return parts, rt


_TAIL = {1: "tail ", 2: "musttail ", 3: "notail "}


def _call(t, op):
    parts, rt = _call_text(t, op, op.operands)
    tk = _int(op.properties.get("TailCallKind"))
    if tk:
        parts[0] = _TAIL.get(tk, "") + parts[0]
    parts.append(_prof(t, op))
    t.emit(op, parts, rt)


def _invoke(t, op):
    seg = _segments(op)
    ops = op.operands[:seg[0]]
    parts, rt = _call_text(t, op, ops, "invoke")
    nd, ud = op.normalDest, op.unwindDest
    parts += ["\n          to label ", t.blocks[nd], " unwind label ", t.blocks[ud], _prof(t, op)]
    res = t.emit(op, parts, rt)
    t.blocks[nd].uses.append(t.cur)
    t.blocks[ud].uses.append(t.cur)
    return res


def _landingpad(t, op):
    rt = op.results[0].type
    parts = [f"landingpad {t.tc(rt)}"]
    if op.properties.get("cleanup") is not None or op.attributes.get("cleanup") is not None:
        parts.append("\n          cleanup")
    for c in op.operands:
        from pyopt.dialects.llvm.types import LLVMArrayType
        kind = "filter" if type(c.type) is LLVMArrayType else "catch"
        parts += [f"\n          {kind} "] + t.tv(c)
    t.emit(op, parts, rt)


def _atomicrmw(t, op):
    p, v = op.operands
    b = _RMW[_int(op.properties.get("bin_op"))]
    vol = "volatile " if op.properties.get("volatile_") is not None else ""
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None else ""
    al = _int(_prop(op, "alignment")) or max(abi_align(v.type), 1)
    t.emit(op, [f"atomicrmw {vol}{b} {t.tc(p.type)} ", t.v(p), ", "] + t.tv(v) +
           [f"{sst} {_ORDERING[_int(op.properties.get('ordering'))]}, align {al}"], v.type)


def _cmpxchg(t, op):
    p, c, n = op.operands
    weak = "weak " if op.properties.get("weak") is not None else ""
    vol = "volatile " if op.properties.get("volatile_") is not None else ""
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None else ""
    so = _ORDERING[_int(op.properties.get("success_ordering"))]
    fo = _ORDERING[_int(op.properties.get("failure_ordering"))]
    al = _int(_prop(op, "alignment")) or abi_align(c.type)
    t.emit(op, [f"cmpxchg {weak}{vol}{t.tc(p.type)} ", t.v(p), ", "] + t.tv(c) + [", "] +
           t.tv(n) + [f"{sst} {so} {fo}, align {al}"], op.results[0].type)


def _fence(t, op):
    ss = op.properties.get("syncscope")
    sst = f' syncscope("{ss.value}")' if ss is not None and ss.value else ""
    t.emit(op, [f"fence{sst} {_ORDERING[_int(op.properties.get('ordering'))]}"])


def _inline_asm(t, op):
    rt = op.results[0].type if op.results else None
    ret = t.tc(rt) if rt is not None else "void"
    asm = _prop(op, "asm_string").value
    cons = _prop(op, "constraints").value
    flags = ""
    if _prop(op, "has_side_effects") is not None:
        flags += "sideeffect "
    if _prop(op, "is_align_stack") is not None:
        flags += "alignstack "
    if _int(_prop(op, "asm_dialect")) == 1:
        flags += "inteldialect "
    from pytranslate.export.types import _PLAIN_NAME  # noqa: F401
    parts = [f"call {ret} asm {flags}\"{_asm_esc(asm)}\", \"{_asm_esc(cons)}\"("]
    for i, a in enumerate(op.operands):
        if i:
            parts.append(", ")
        parts += t.tv(a)
    parts.append(")")
    t.emit(op, parts, rt)


from pytranslate.export.escape import escape as _asm_esc  # noqa: E402


def _call_intrinsic(t, op):
    from pytranslate.export.call_intrinsic import translate_call_intrinsic
    translate_call_intrinsic(t, op)


def _emit_intrinsic_call(t, op, full, args, rt, param_types, extra):
    """`call @full(args)`, declaring `full` on first use (after the module's functions)."""
    m = t.m
    ret = t.tc(rt) if rt is not None and type(rt) is not LLVMVoidType else "void"
    if full not in m.intrinsics and full not in m.functions:
        fi = _intrinsic_decl(full, ret, param_types + [p for p, _ in extra])
        m.intrinsics[full] = fi
    parts = [f"call {fmf_text(op)}{ret} {llvm_name('@', full)}("]
    first = True
    for a in args:
        if not first:
            parts.append(", ")
        first = False
        parts += t.tv(a)
    for ty, val in extra:
        if not first:
            parts.append(", ")
        first = False
        parts.append(f"{ty} {val}")
    parts.append(")")
    t.emit(op, parts, rt)


def _intrinsic_decl(name, ret, params):
    fi = FunctionInfo.__new__(FunctionInfo)
    fi.name = name
    fi.mlir_type = None
    fi.ret = ret
    fi.params = list(params)
    fi.var_arg = False
    fi.linkage = 10
    fi.visibility = 0
    fi.dso_local = False
    fi.cconv = ""
    fi.unnamed_addr = 0
    from pytranslate.export.attributes import AttrSet
    fi.fn_attrs = AttrSet()
    fi.ret_attrs = AttrSet()
    fi.arg_attrs = [AttrSet() for _ in params]
    fi.section = fi.comdat = fi.align = fi.gc = fi.personality = None
    fi.body = None
    fi.entry_count = None
    fi.dbg = None
    fi.param_suffix = None
    return fi


def _dbg_record(t, op):
    """llvm.intr.dbg.* print as debug records (`#dbg_value(...)`) before the next
    instruction (they take no value number), or, with --write-experimental-debuginfo=false,
    as the intrinsic calls LLVM 19 converts the records back to (tail calls)."""
    kind = op.name[len("llvm.intr.dbg."):]
    d = t.m.debug
    loc = t.dbg_loc
    if loc is None:  # without a location in a subprogram the record is dropped, as upstream
        return
    if kind == "label":
        args = [[d.translate(op.properties.get("label"))]]
    else:
        expr = d.expression(op.properties.get("locationExpr"))
        value = op.addr if kind == "declare" else op.value
        args = [t.tv(value), [d.translate(op.properties.get("varInfo"))],
                [expr.inline if expr is not None else "!DIExpression()"]]
    parts = ["#dbg_" + kind + "("]
    for a in args:
        parts += a + [", "]
    parts += [loc, ")"]
    if kind != "label":  # (for the verifier's fragment checks)
        d.records.append((t.f, parts, args[1][0], expr))
    if getattr(t.m.options, "write_debug_records", True):
        t.cur.instrs.append((None, ["  "] + parts, []))
        return
    name = "llvm.dbg." + kind
    if t.m.intrinsics.get(name) is None:
        t.m.intrinsics[name] = _intrinsic_decl(name, "void", ["metadata"] * len(args))
    parts = ["tail call void @" + name + "("]
    for i, a in enumerate(args):
        parts += (["metadata "] if i == 0 else [", metadata "]) + a
    t.emit(op, parts + [")"])


_HANDLERS = {
    "intr.dbg.value": _dbg_record, "intr.dbg.declare": _dbg_record,
    "intr.dbg.label": _dbg_record,
    "fneg": _fneg, "icmp": _icmp, "fcmp": _fcmp, "mlir.constant": _constant,
    "mlir.undef": _undef, "mlir.poison": _poison, "mlir.zero": _zero, "mlir.null": _zero,
    "mlir.none": _none, "mlir.addressof": _addressof, "alloca": _alloca, "load": _load,
    "store": _store, "getelementptr": _gep, "extractvalue": _extractvalue,
    "insertvalue": _insertvalue, "extractelement": _extractelement,
    "insertelement": _insertelement, "shufflevector": _shufflevector, "select": _select,
    "freeze": _freeze, "return": _return, "unreachable": _unreachable, "resume": _resume,
    "br": _br, "cond_br": _cond_br, "switch": _switch, "call": _call, "invoke": _invoke,
    "landingpad": _landingpad, "atomicrmw": _atomicrmw, "cmpxchg": _cmpxchg, "fence": _fence,
    "inline_asm": _inline_asm, "call_intrinsic": _call_intrinsic,
    "blockaddress": blockaddr.blockaddress, "blocktag": blockaddr.blocktag,
    "indirectbr": blockaddr.indirectbr,
}


# ------------------------------------------------------------------ global initializer regions
def translate_global_region(m, gop):
    """Initializer regions: every op must fold to a constant."""
    name = _prop(gop, "sym_name").value
    g = m.global_names[name]
    t = FunctionTranslator.__new__(FunctionTranslator)
    t.m, t.op, t.tc = m, gop, m.tc
    t.values, t.blocks = {}, {}
    t.pending = []
    t.cur = LBlock()
    block = gop.regions[0].blocks[0]
    for o in block:
        if o.name == "llvm.return":
            v = t.v(o.arg)
            if type(v) is not str:
                raise TranslationError("unemittable constant value", op=o)
            if not (g.linkage == 10 and False) and g.linkage != 7:
                g.init = v
            return
        try:
            translate_op(t, o)
        except TranslationError as e:
            if e.op is None:
                e.op = o
            raise
        if t.cur.instrs:
            raise TranslationError("unemittable constant value", op=o)
