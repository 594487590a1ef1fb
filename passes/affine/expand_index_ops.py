"""`affine-expand-index-ops`: affine.delinearize_index becomes affine.apply ops: with the
products of the trailing basis elements as divisors (folded where constant), each index is
the residual floordiv its divisor and the next residual the remainder."""
from __future__ import annotations

from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern


def _composed_apply(rw, expr, operands, loc):
    """makeComposedAffineApply over two dims: composed, canonicalized, not folded."""
    m, values = compose_map_and_operands(AffineMap.get(2, 0, [expr]), list(operands))
    return rw.create("affine.apply", values, [INDEX], properties={"map": AffineMapAttr(m)},
                     loc=loc).results[0]


def delinearize_index(rw, loc, linear, basis):
    divisors = []
    for i in range(1, len(basis)):
        prod = basis[i]
        for b in basis[i + 1:]:
            prod = composed_folded_apply(rw, symbol(0) * symbol(1), [prod, b], loc)
        divisors.append(value_of(rw, prod, loc))
    results, residual = [], linear
    for d in divisors:
        results.append(_composed_apply(rw, dim(0).floordiv(dim(1)), [residual, d], loc))
        residual = _composed_apply(rw, dim(0) % dim(1), [residual, d], loc)
    results.append(residual)
    return results


class LowerDelinearizeIndex(RewritePattern):
    root = "affine.delinearize_index"

    def match_and_rewrite(self, op, rw):
        ops = op.operands
        rw.replace_op(op, delinearize_index(rw, op.loc, ops[0], ops[1:]))
        return True


@register_pass("affine-expand-index-ops",
               "Lower affine operations operating on indices into more fundamental operations",
               display_name="AffineExpandIndexOps")
def affine_expand_index_ops(op, ctx, options):
    apply_patterns_greedily(op, [LowerDelinearizeIndex()], ctx)
