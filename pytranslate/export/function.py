"""Function bodies: blocks in dominance order, one op at a time, PHIs connected afterwards.

Values are strings (constants, `@globals`) or `Local` objects numbered when the function is
printed (LLVM numbers unnamed arguments, blocks and instructions in layout order).
"""
from __future__ import annotations

from pyopt.dialects.llvm.types import LLVMVoidType
from pytranslate.export.types import TranslationError
from pytranslate.export.module import _prop, _segments, function_body_attrs
from pytranslate.export.intrinsics import translate_intrinsic
from pytranslate.export import blockaddr
from pytranslate.export.inst_values import (
    _BIN_INT, _BIN_FLOAT, _CASTS, fmf_text, _binary, _cast, _fneg, _icmp, _fcmp, _constant, _undef,
    _poison, _zero, _none, _addressof, _alloca, _load, _store, _gep, _extractvalue, _insertvalue,
    _extractelement, _insertelement, _shufflevector, _select, _freeze)
from pytranslate.export.inst_control import (
    MD_OPS, attach_op_metadata, _intrinsic_decl, _return, _unreachable, _resume, _br, _cond_br,
    _switch, _call, _invoke, _landingpad, _atomicrmw, _cmpxchg, _fence, _inline_asm,
    _call_intrinsic, _dbg_record)

# (render, fmf_text and _intrinsic_decl are imported from here by other export modules)
__all__ = ["FunctionTranslator", "translate_op", "translate_global_region", "render", "fmf_text",
           "_intrinsic_decl", "successor_operands", "blocks_by_dominance", "Local", "LBlock"]


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


def render(parts, atts=None, head=""):
    """The instruction text after `head`: a str, or when it refers to metadata (numbered only
    when the module is printed) a list of texts and those parts (few: texts are joined)."""
    out = [head]
    mixed = None  # (the list when there is a non-text part)
    for p in parts:
        tp = type(p)
        if tp is str:
            out.append(p)
        elif tp is Local or tp is LBlock:
            out.append("%" + str(p.n))
        else:
            if mixed is None:
                mixed = []
            mixed.append("".join(out))
            mixed.append(p)
            out = []
    if atts:
        if mixed is None:
            mixed = []
        for _, kind, node in (sorted(atts, key=_kind_id) if len(atts) > 1 else atts):
            out.append(f", !{kind} ")
            mixed.append("".join(out))
            mixed.append(node)
            out = []
    if mixed is None:
        return "".join(out)
    if out:
        mixed.append("".join(out))
    return mixed


def _kind_id(attachment):
    return attachment[0]


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
        debug_loc, scope = self.m.debug.loc, self.f.dbg
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
            instrs = self.cur.instrs
            for o in b:
                self.dbg_loc = debug_loc(o.loc, scope)
                try:
                    before = len(instrs)
                    translate_op(self, o)
                    if o.name in MD_OPS and len(instrs) > before:
                        attach_op_metadata(self, o, instrs[-1][2])
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
            if not lb.phis:
                continue
            incoming = []  # (forwarded operands, predecessor block) per predecessor
            for u in reversed(b.pred_uses):
                term = u.owner
                i = next(i for i, s in enumerate(term.successor_slots) if s.block is b)
                incoming.append((successor_operands(term, i), self.blocks[term.parent]))
            for idx, parts in enumerate(lb.phis):
                for j, (vals, pb) in enumerate(incoming):
                    if j:
                        parts.append(", ")
                    parts += ["[ ", self.v(vals[idx]), ", ", pb, " ]"]
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
                lines.append(render(parts, atts, f"  %{res.n} = " if res is not None else "  "))
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


def translate_op(t, op):
    fn = _BY_NAME.get(op.name)
    if fn is None:
        fn = _BY_NAME[op.name] = _handler_of(op)
    return fn(t, op)


def _handler_of(op):
    """The translation of the ops named like `op` (an error when there is none)."""
    name = op.name
    if not name.startswith("llvm."):
        raise TranslationError("cannot be converted to LLVM IR: missing "
                               "`LLVMTranslationDialectInterface` registration for dialect for "
                               f"op: {name}", op=op)
    short = name[5:]
    fn = _HANDLERS.get(short)
    if fn is not None:
        return fn
    if short in _BIN_INT or short in _BIN_FLOAT:
        return lambda t, o: _binary(t, o, short)
    if short in _CASTS:
        return lambda t, o: _cast(t, o, short)
    if short.startswith("intr."):
        intrinsic = short[5:]
        return lambda t, o: translate_intrinsic(t, o, intrinsic)
    raise TranslationError(f"LLVM Translation failed for operation: {name}", op=op)


_BY_NAME = {}  # op name -> its translation, found once per name


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
