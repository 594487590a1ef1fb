"""Canonicalization patterns of the complex ops (ComplexOps.cpp, MLIR 19): re/im of
neg(create(a, b)) become arith.negf of a part, and chains of complex/arith bitcasts merge into
one. Attached by `attach(COMPLEX, ARITH)` in __init__.py."""
from __future__ import annotations

from pyopt.ir.types import ComplexType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.matchers import defining as _def


def _component_neg(index):
    """re/im(neg(create(a, b))) -> arith.negf a (resp. b)."""
    def rewrite(op, rw):
        neg = _def(op.complex, "complex.neg")
        create = _def(neg.complex, "complex.create") if neg is not None else None
        if create is None:
            return False
        part = create.real if index == 0 else create.imaginary
        rw.replace_op_with_new_op(op, "arith.negf", [part],
                                  [create.results[0].type.element_type])
        return True
    return rewrite


def _merge_complex_bitcast(op, rw):
    """bitcast(bitcast(x)) -> one bitcast: complex.bitcast if a complex type is involved,
    else arith.bitcast; bitcast(arith.bitcast(x)) -> complex.bitcast(x)."""
    t = op.results[0].type
    inner = _def(op.operand_, "complex.bitcast")
    if inner is not None:
        src = inner.operand_
        complex_involved = type(t) is ComplexType or type(src.type) is ComplexType
        name = "complex.bitcast" if complex_involved else "arith.bitcast"
        rw.replace_op_with_new_op(op, name, [src], [t])
        return True
    inner = _def(op.operand_, "arith.bitcast")
    if inner is not None:
        rw.replace_op_with_new_op(op, "complex.bitcast", [inner.in_], [t])
        return True
    return False


def _merge_arith_bitcast(op, rw):
    """arith.bitcast(complex.bitcast(x)) -> complex.bitcast(x)."""
    inner = _def(op.in_, "complex.bitcast")
    if inner is None:
        return False
    rw.replace_op_with_new_op(op, "complex.bitcast", [inner.operand_],
                              [op.results[0].type])
    return True


PATTERNS = {
    "complex.re": [RewritePattern(None, 1, _component_neg(0), "FoldComponentNeg")],
    "complex.im": [RewritePattern(None, 1, _component_neg(1), "FoldComponentNeg")],
    "complex.bitcast": [RewritePattern(None, 1, _merge_complex_bitcast, "MergeComplexBitcast")],
}


def attach(dialect, arith_dialect=None):
    dialect.attach_rewrites(None, PATTERNS)
    # MergeArithBitcast is registered by complex.bitcast but rooted at arith.bitcast.
    d = arith_dialect.ops.get("arith.bitcast") if arith_dialect is not None else None
    if d is not None:
        d.canonicalize = list(d.canonicalize or []) + [
            RewritePattern("arith.bitcast", 1, _merge_arith_bitcast, "MergeArithBitcast")]
