"""`llvm.intr.*` ops -> calls of LLVM intrinsics.

Most ops follow one rule (MLIR's createIntrinsicCall): the call arguments are the operands with
the immediates (attributes) inserted at their positions, and the intrinsic's name is mangled
from the overloaded result and argument types. The matrix, masked and constrained intrinsics
and the scope declaration are built by hand as MLIR does. Declarations are added on first use
and get LLVM's intrinsic attributes when the module is printed (intrinsic_attrs.py).
"""
from __future__ import annotations

from pyopt.ir.types import IntegerType, FloatType, VectorType
from pyopt.dialects.llvm.types import (LLVMVoidType, LLVMStructType, LLVMPointerType,
                                       LLVMArrayType, LLVMFixedVectorType,
                                       LLVMScalableVectorType, LLVMFunctionType,
                                       LLVMTargetExtType)
from pytranslate.export.types import TranslationError, llvm_name, abi_align
from pytranslate.export.constants import get_constant
from pytranslate.export.intrinsic_table import GENERIC
from pytranslate.export.metadata import md_string

# Op names whose LLVM intrinsic is spelled differently.
_RENAMED = {"vastart": "va_start", "vaend": "va_end", "vacopy": "va_copy"}


def mangle(ty):
    """getMangledTypeStr: the name suffix for one overloaded type."""
    tt = type(ty)
    if tt is IntegerType:
        return f"i{ty.width}"
    if tt is FloatType:
        return ty.kind
    if tt is LLVMPointerType:
        return f"p{ty.address_space}"
    if tt is VectorType:
        pre = "nx" if ty.scalable_dims and ty.scalable_dims[0] else ""
        return f"{pre}v{ty.shape[0]}{mangle(ty.element_type)}"
    if tt is LLVMFixedVectorType:
        return f"v{ty.num_elements}{mangle(ty.element_type)}"
    if tt is LLVMScalableVectorType:
        return f"nxv{ty.min_num_elements}{mangle(ty.element_type)}"
    if tt is LLVMArrayType:
        return f"a{ty.num_elements}{mangle(ty.element_type)}"
    if tt is LLVMStructType:
        if ty.name is not None:
            return "s_" + ty.name
        return "sl_" + "".join(mangle(x) for x in ty.body) + "s"
    if tt is LLVMFunctionType:
        s = "f_" + mangle(ty.return_type) + "".join(mangle(p) for p in ty.params)
        return s + ("vararg" if ty.var_arg else "") + "f"
    if tt is LLVMVoidType:
        return "isVoid"
    if tt is LLVMTargetExtType:
        return "t" + ty.name + "".join("_" + mangle(p) for p in ty.type_params) + \
            "".join(f"_{i}" for i in ty.int_params) + "t"
    return "x"


def _attr(op, name):
    a = op.properties.get(name)
    return a if a is not None else op.attributes.get(name)


def call_intrinsic(t, op, base, overloaded, args, rt, call_attrs=None):
    """Emits `call rt @base.<mangled>(args)`; `args` are (type, value parts, param attrs)."""
    full = base + "".join("." + mangle(x) for x in overloaded)
    m = t.m
    ret = t.tc(rt) if rt is not None and type(rt) is not LLVMVoidType else "void"
    if full not in m.intrinsics and full not in m.functions:
        from pytranslate.export.function import _intrinsic_decl
        m.intrinsics[full] = _intrinsic_decl(full, ret, [t.tc(a[0]) for a in args])
    from pytranslate.export.function import fmf_text
    parts = [f"call {fmf_text(op)}{ret} {llvm_name('@', full)}("]
    for i, (ty, val, pattrs) in enumerate(args):
        if i:
            parts.append(", ")
        parts.append(t.tc(ty) + " " + (pattrs + " " if pattrs else ""))
        parts.extend(val)
    parts.append(")")
    if call_attrs is not None:
        parts.append(call_attrs)
    return t.emit(op, parts, rt)


def _imm(t, op, name):
    a = _attr(op, name)
    if a is None:
        raise TranslationError(f"missing immediate argument '{name}'", op=op)
    return (a.type, [get_constant(a.type, a, t.tc, op.loc)], "")


def _val(t, v):
    return (v.type, [t.v(v)], "")


def _i32(n):
    from pyopt.ir.types import I32
    return (I32, [str(n)], "")


def _i1(b):
    from pyopt.ir.types import I1
    return (I1, ["true" if b else "false"], "")


def translate_intrinsic(t, op, short):
    entry = GENERIC.get(short)
    if entry is None:
        fn = _CUSTOM.get(short)
        if fn is None:
            raise TranslationError(f"LLVM Translation failed for operation: {op.name}", op=op)
        return fn(t, op)
    nres, ores, oops, ipos, inames = entry
    operands = iter(op.operands)
    imm = dict(zip(ipos, inames))
    args = []
    for i in range(len(op.operands) + len(ipos)):
        args.append(_imm(t, op, imm[i]) if i in imm else _val(t, next(operands)))
    rt = op.results[0].type if op.results else None
    overloaded = []
    for idx in ores:
        overloaded.append(rt.body[idx] if nres > 1 else rt)
    for idx in oops:
        overloaded.append(args[idx][0])
    call_intrinsic(t, op, "llvm." + _RENAMED.get(short, short), overloaded, args, rt)


# --------------------------------------------------------------------------- hand-built ones
def _poison_or(t, op, operands, n, ty):
    if len(operands) > n:
        return _val(t, operands[n])
    return (ty, ["poison"], "")


def _masked_load(t, op):
    ops = op.operands
    rt = op.results[0].type
    args = [_val(t, ops[0]), _i32(_attr(op, "alignment").value), _val(t, ops[1]),
            _poison_or(t, op, ops, 2, rt)]
    call_intrinsic(t, op, "llvm.masked.load", [rt, ops[0].type], args, rt)


def _masked_store(t, op):
    v, p, mask = op.operands
    args = [_val(t, v), _val(t, p), _i32(_attr(op, "alignment").value), _val(t, mask)]
    call_intrinsic(t, op, "llvm.masked.store", [v.type, p.type], args, None)


def _masked_gather(t, op):
    ops = op.operands
    rt = op.results[0].type
    args = [_val(t, ops[0]), _i32(_attr(op, "alignment").value), _val(t, ops[1]),
            _poison_or(t, op, ops, 2, rt)]
    call_intrinsic(t, op, "llvm.masked.gather", [rt, ops[0].type], args, rt)


def _masked_scatter(t, op):
    v, ptrs, mask = op.operands
    args = [_val(t, v), _val(t, ptrs), _i32(_attr(op, "alignment").value), _val(t, mask)]
    call_intrinsic(t, op, "llvm.masked.scatter", [v.type, ptrs.type], args, None)


def _matrix_multiply(t, op):
    a, b = op.operands
    rt = op.results[0].type
    args = [_val(t, a), _val(t, b), _i32(_attr(op, "lhs_rows").value),
            _i32(_attr(op, "lhs_columns").value), _i32(_attr(op, "rhs_columns").value)]
    call_intrinsic(t, op, "llvm.matrix.multiply", [rt, a.type, b.type], args, rt)


def _matrix_transpose(t, op):
    a = op.matrix
    rt = op.results[0].type
    args = [_val(t, a), _i32(_attr(op, "rows").value), _i32(_attr(op, "columns").value)]
    call_intrinsic(t, op, "llvm.matrix.transpose", [rt], args, rt)


def _elem_align(t, vec_type):
    return abi_align(getattr(vec_type, "element_type", vec_type))


def _matrix_load(t, op):
    p, stride = op.operands
    rt = op.results[0].type
    args = [(p.type, [t.v(p)], f"align {_elem_align(t, rt)}"), _val(t, stride),
            _i1(_attr(op, "isVolatile").value), _i32(_attr(op, "rows").value),
            _i32(_attr(op, "columns").value)]
    call_intrinsic(t, op, "llvm.matrix.column.major.load", [rt, stride.type], args, rt)


def _matrix_store(t, op):
    mat, p, stride = op.operands
    args = [_val(t, mat), (p.type, [t.v(p)], f"align {_elem_align(t, mat.type)}"),
            _val(t, stride), _i1(_attr(op, "isVolatile").value),
            _i32(_attr(op, "rows").value), _i32(_attr(op, "columns").value)]
    call_intrinsic(t, op, "llvm.matrix.column.major.store", [mat.type, stride.type], args,
                   None)


_ROUNDING = {0: "towardzero", 1: "tonearest", 2: "upward", 3: "downward", 4: "tonearestaway",
             7: "dynamic"}
_EXCEPT = {0: "ignore", 1: "maytrap", 2: "strict"}


def _constrained(t, op):
    from pyopt.dialects.llvm.types import LLVMMetadataType
    from pytranslate.export.attributes import AttrSet
    name = op.name[len("llvm.intr."):]
    a = op.arg_0
    rt = op.results[0].type
    md = LLVMMetadataType()
    args = [_val(t, a)]
    r = _attr(op, "roundingmode")
    if r is not None:
        args.append((md, [md_string("round." + _ROUNDING.get(_enum(r), "dynamic"))], ""))
    e = _attr(op, "fpExceptionBehavior")
    args.append((md, [md_string("fpexcept." + _EXCEPT.get(_enum(e), "strict"))], ""))
    s = AttrSet()
    s.add("strictfp")
    call_intrinsic(t, op, "llvm." + name, [rt, a.type], args, rt, CallAttrs(s))


def _enum(a):
    v = getattr(a, "value", a)
    return v if isinstance(v, int) else 0


def _noalias_scope_decl(t, op):
    node = t.m.md.node([t.m.attr_md.alias_scope(_attr(op, "scope"))])
    t.m.intrinsics.setdefault("llvm.experimental.noalias.scope.decl", None)
    from pytranslate.export.function import _intrinsic_decl
    if t.m.intrinsics["llvm.experimental.noalias.scope.decl"] is None:
        t.m.intrinsics["llvm.experimental.noalias.scope.decl"] = _intrinsic_decl(
            "llvm.experimental.noalias.scope.decl", "void", ["metadata"])
    t.emit(op, ["call void @llvm.experimental.noalias.scope.decl(metadata ", node, ")"])


class CallAttrs:
    """A call site's function attributes: ` #N`, numbered after all functions' groups."""
    __slots__ = ("attrs", "n")

    def __init__(self, attrs):
        self.attrs = attrs
        self.n = -1

    def ref(self):
        return f" #{self.n}"


_CUSTOM = {
    "masked.load": _masked_load, "masked.store": _masked_store,
    "masked.gather": _masked_gather, "masked.scatter": _masked_scatter,
    "matrix.multiply": _matrix_multiply, "matrix.transpose": _matrix_transpose,
    "matrix.column.major.load": _matrix_load, "matrix.column.major.store": _matrix_store,
    "experimental.constrained.fptrunc": _constrained,
    "experimental.noalias.scope.decl": _noalias_scope_decl,
}
