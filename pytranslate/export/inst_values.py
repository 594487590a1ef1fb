"""LLVM IR text of the value-producing LLVM dialect ops (a FunctionTranslator emits each op
through function.translate_op): arithmetic, casts, comparisons, constants, memory access,
aggregates and vectors, select and freeze."""
from __future__ import annotations

from pyopt.ir.types import IntegerType
from pyopt.dialects.llvm.types import LLVMStructType
from pytranslate.export.types import llvm_name, abi_align
from pytranslate.export.constants import get_constant, null_value, ZEROS
from pytranslate.export.module import _prop, _int
from pytranslate.constfold import CONSTEXPR_CASTS
from pytranslate.export.castfold import fold_cast
from pytranslate.export.aggchain import Agg, const_insert, agg_text, continues_chain
from pytranslate.export.vecfold import fold_insertelement, fold_extractelement, parse_aggregate
from pytranslate.export.binfold import fold_binary, fold_fneg, fold_compare, fold_select


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
    t.emit(op, [f"icmp {p} {t.tc(a.type)} ", va, ", ", vb], op.results[0].type)


def _fcmp(t, op):
    a, b = op.operands
    p = _FCMP[_int(op.properties.get("predicate"))]
    va, vb = t.v(a), t.v(b)
    if type(va) is str and type(vb) is str:
        r = fold_compare(t, "fcmp", p, a.type, va, vb, op.results[0].type)
        if r is not None:
            t.values[op.results[0]] = r
            return
    t.emit(op, [f"fcmp {fmf_text(op)}{p} {t.tc(a.type)} ", va, ", ", vb],
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


_DYNAMIC_INDEX = -(1 << 31)  # (rawConstantIndices: the next dynamic index stands here)


def _gep(t, op):
    base = op.base
    dyn = iter(op.dynamicIndices)
    tc, v = t.tc, t.v
    idx = []  # index parts: texts, and the values of dynamic indices
    const = zero = True  # (all indices constants / all of them zero)
    for r in _prop(op, "rawConstantIndices").values:
        if r == _DYNAMIC_INDEX:
            d = next(dyn)
            dv = v(d)
            idx.append(f", {tc(d.type)} ")
            idx.append(dv)
            if type(dv) is not str:
                const = zero = False
            elif dv not in ZEROS:
                zero = False
        else:
            idx.append(f", i32 {r}")
            if r:
                zero = False
    bv = v(base)
    if type(bv) is str and const:
        if zero:
            t.values[op.results[0]] = bv  # LLVM folds an all-zero constant GEP to its base
            return
        inb = "inbounds " if _prop(op, "inbounds") is not None else ""
        t.values[op.results[0]] = f"getelementptr {inb}({tc(_prop(op, 'elem_type').value)}, " \
            f"{tc(base.type)} {bv}" + "".join(idx) + ")"
        return
    inb = "inbounds " if _prop(op, "inbounds") is not None else ""
    parts = [f"getelementptr {inb}{tc(_prop(op, 'elem_type').value)}, {tc(base.type)} ", bv]
    parts += idx
    t.emit(op, parts, op.results[0].type)


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
