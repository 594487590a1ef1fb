"""Folders of the LLVM dialect and its constant materializer (the `hasFolder` ops of MLIR 19).

Constant-like ops fold to the attribute they stand for: `llvm.mlir.constant` to its value,
`addressof` to the symbol, `undef`/`poison` to the dialect's marker attributes and `zero` to the
builtin zero of its type when there is one (so `zero : i32` becomes `constant(0 : i32)` after
folding) or else the `#llvm.zero` marker. The materializer turns each kind back into its op.
"""
from __future__ import annotations

from pyopt.ir.attributes import (BoolAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr,
                              SymbolRefAttr, normalize_int)
from pyopt.ir.types import FloatType, IntegerType, INDEX, RankedTensorType, VectorType
from pyopt.dialects.llvm.attrs import PoisonAttr, UndefAttr, ZeroAttr
from pyopt.dialects.llvm.ops import DYNAMIC_INDEX
from pyopt.rewrite.matchers import defining

_UNDEF, _POISON, _ZERO = UndefAttr(), PoisonAttr(), ZeroAttr()


def zero_attr(t):
    """Builder::getZeroAttr: the builtin zero of `t`, or None."""
    if isinstance(t, IntegerType) or t is INDEX:
        return IntegerAttr(t, 0)
    if isinstance(t, FloatType):
        return FloatAttr(t, 0)  # (FloatAttr and dense float elements hold bits)
    if isinstance(t, (VectorType, RankedTensorType)):
        e = zero_attr(t.element_type)
        if isinstance(e, (IntegerAttr, FloatAttr)):
            return DenseElementsAttr(t, [0])
    return None


def _bool_attr(type_, value):
    if isinstance(type_, (VectorType, RankedTensorType)):
        return DenseElementsAttr(type_, [-1 if value else 0])
    return BoolAttr(value)


# -- constant-like ops -----------------------------------------------------------------------
def _fold_zero(op, operands):
    z = zero_attr(op.results[0].type)
    return _ZERO if z is None else z


# -- arithmetic and casts -----------------------------------------------------------------------
def _int_of(a):
    return a if isinstance(a, IntegerAttr) else None


def _width(t):
    return 64 if t is INDEX else t.width


def _fold_zext(op, operands):
    a = _int_of(operands[0])
    if a is None or not isinstance(op.results[0].type, IntegerType):
        return None
    unsigned = a.value & ((1 << _width(a.type)) - 1)
    t = op.results[0].type
    return IntegerAttr(t, normalize_int(unsigned, t))


def _fold_shl(op, operands):
    rhs = _int_of(operands[1])
    if rhs is None:
        return None
    t = op.results[0].type
    if not isinstance(t, IntegerType):
        return None
    w = t.width
    if (rhs.value & ((1 << w) - 1)) >= w:
        return None  # would be poison; upstream leaves it alone
    lhs = _int_of(operands[0])
    if lhs is None:
        return None
    return IntegerAttr(t, normalize_int(lhs.value << (rhs.value & ((1 << w) - 1)), t))


def _fold_or(op, operands):
    lhs, rhs = _int_of(operands[0]), _int_of(operands[1])
    if lhs is None or rhs is None or not isinstance(op.results[0].type, IntegerType):
        return None
    t = op.results[0].type
    return IntegerAttr(t, normalize_int(lhs.value | rhs.value, t))


def _fold_chainable_cast(op, operands):
    """cast(x : T) -> x when T is x's type; cast(cast(x)) -> x or a single cast of x."""
    arg = op.arg
    t = op.results[0].type
    if arg.type == t:
        return arg
    prev = arg.defining_op() if hasattr(arg, "defining_op") else None
    if prev is not None and prev.name == op.name:
        inner = prev.arg
        if inner.type == t:
            return inner
        op.arg = inner
        return op.results[0]
    return None


def _fold_icmp(op, operands):
    pred = op.properties["predicate"].value
    if pred not in (0, 1):  # only eq / ne
        return None
    lhs, rhs = op.lhs, op.rhs
    t = op.results[0].type
    if lhs is rhs:
        return _bool_attr(t, pred == 0)
    if defining(lhs, "llvm.alloca") is not None and defining(rhs, "llvm.mlir.zero") is not None:
        return _bool_attr(t, pred == 1)  # an alloca is never null
    if defining(lhs, "llvm.mlir.zero") is not None and defining(rhs, "llvm.alloca") is not None:
        op.set_operands([rhs, lhs])  # put the alloca first; the next fold decides
        return op.results[0]
    return None


def _fold_extractvalue(op, operands):
    """Looks through insertvalue chains for the inserted value at the same position."""
    pos = tuple(op.properties["position"].values)
    result = None
    container = op.container
    ins = container.defining_op() if hasattr(container, "defining_op") else None
    while ins is not None and ins.name == "llvm.insertvalue":
        ipos = tuple(ins.properties["position"].values)
        if ipos == pos:
            return ins.value
        n = min(len(pos), len(ipos))
        if pos[:n] == ipos[:n]:  # one is a prefix of the other: depends on both
            return result
        container = ins.container
        op.container = container
        result = op.results[0]
        ins = container.defining_op() if hasattr(container, "defining_op") else None
    return result


_I32_MIN, _I32_MAX = -(1 << 31), (1 << 31) - 1


def _fold_gep(op, operands):
    raw = list(op.properties["rawConstantIndices"].values)
    base = op.base
    dyn_consts = operands[1:]
    # gep %x[0] with the result type of %x -> %x
    if base.type == op.results[0].type and len(raw) == 1:
        if raw[0] == DYNAMIC_INDEX:
            c = _int_of(dyn_consts[0])
            if c is not None and c.value == 0:
                return base
        elif raw[0] == 0:
            return base
    # Dynamic indices known to be constants (and fitting in i32) become constant indices.
    changed, new_raw, new_dyn, k = False, [], [], 0
    for r in raw:
        if r != DYNAMIC_INDEX:
            new_raw.append(r)
            continue
        c = _int_of(dyn_consts[k])
        if c is not None and _I32_MIN < c.value <= _I32_MAX:
            new_raw.append(c.value)
            changed = True
        else:
            new_raw.append(DYNAMIC_INDEX)
            new_dyn.append(op.operands[1 + k])
        k += 1
    if not changed:
        return None
    op.set_operands([base] + new_dyn)
    old = op.properties["rawConstantIndices"]
    op.properties["rawConstantIndices"] = DenseArrayAttr(old.element_type, new_raw)
    return op.results[0]


FOLDS = {
    "llvm.mlir.constant": lambda op, operands: op.properties["value"],
    "llvm.mlir.addressof": lambda op, operands: op.properties["global_name"],
    "llvm.mlir.undef": lambda op, operands: _UNDEF,
    "llvm.mlir.poison": lambda op, operands: _POISON,
    "llvm.mlir.zero": _fold_zero,
    "llvm.zext": _fold_zext,
    "llvm.shl": _fold_shl,
    "llvm.or": _fold_or,
    "llvm.bitcast": _fold_chainable_cast,
    "llvm.addrspacecast": _fold_chainable_cast,
    "llvm.icmp": _fold_icmp,
    "llvm.extractvalue": _fold_extractvalue,
    "llvm.getelementptr": _fold_gep,
}


def materialize_constant(rewriter, attr, type_, loc):
    from pyopt.dialects.llvm.types import LLVMPointerType
    if isinstance(attr, SymbolRefAttr) and not attr.nested and isinstance(type_,
                                                                          LLVMPointerType):
        return rewriter.create("llvm.mlir.addressof", result_types=[type_],
                               properties={"global_name": attr}, loc=loc)
    for marker, name in ((UndefAttr, "llvm.mlir.undef"), (PoisonAttr, "llvm.mlir.poison"),
                         (ZeroAttr, "llvm.mlir.zero")):
        if isinstance(attr, marker):
            return rewriter.create(name, result_types=[type_], loc=loc)
    if isinstance(attr, (IntegerAttr, FloatAttr, DenseElementsAttr)):
        return rewriter.create("llvm.mlir.constant", result_types=[type_],
                               properties={"value": attr}, loc=loc)
    return None


def attach(dialect):
    dialect.attach_rewrites(FOLDS, None, materialize_constant, replace_folds=True)
