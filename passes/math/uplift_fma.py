"""`math-uplift-to-fma`: `addf(mulf(a, b), c)` -> `math.fma(a, b, c)` where both ops allow
contraction; the fma keeps the flags the two have in common."""
from __future__ import annotations

from pyopt.dialects.arith import FastMathAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.matchers import defining

CONTRACT = 32


def _fmf(op):
    a = op.properties.get("fastmath")
    return a.value if a is not None else 0


class UpliftFma(RewritePattern):
    root = "arith.addf"

    def match_and_rewrite(self, op, rw):
        flags = _fmf(op)
        if not flags & CONTRACT:
            return False
        lhs, rhs = op.lhs, op.rhs
        ab, c = defining(lhs, "arith.mulf"), rhs
        if ab is None:
            ab, c = defining(rhs, "arith.mulf"), lhs
        if ab is None or not _fmf(ab) & CONTRACT:
            return False
        a, b = ab.lhs, ab.rhs
        props = {"fastmath": FastMathAttr(flags & _fmf(ab))}
        fma = rw.create("math.fma", [a, b, c], [op.results[0].type], properties=props, loc=op.loc)
        rw.replace_op(op, list(fma.results))
        return True


@register_pass("math-uplift-to-fma", "Uplift arith ops to math.fma.",
               display_name="MathUpliftToFMA")
def math_uplift_to_fma(op, ctx, options):
    apply_patterns_greedily(op, [UpliftFma()], ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
