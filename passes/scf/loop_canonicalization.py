"""`scf-for-loop-canonicalization`: affine.min/max ops over loop induction variables are
simplified using the loop ranges (see minmax.py), and `dim` ops of a loop-carried value
whose shape the loop keeps read the loop's init value instead."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern

from passes.scf.common import default_greedy_config, defining
from passes.scf.minmax import canonicalize_min_max_in_loop

_DIMS = ("memref.dim", "tensor.dim")


def _shape_preserving(loop, i):
    """Does iteration leave the shape of iter_arg `i` of scf.for `loop` unchanged?"""
    body = loop.regions[0].blocks[0]
    arg = body.args[1 + i]
    value = body.last.operand(i)
    for _ in range(64):
        if value is arg:
            return True
        op = defining(value)
        if op is None:
            return False
        if op.name == "tensor.insert_slice":
            value = op.dest
        elif op.name == "scf.for":
            n = value.index
            if not _shape_preserving(op, n):
                return False
            value = op.operand(3 + n)
        else:
            return False
    return False


class _MinMax(RewritePattern):
    def __init__(self, root):
        super().__init__(root)

    def match_and_rewrite(self, op, rw):
        return canonicalize_min_max_in_loop(op, rw)


class _DimOfIterArg(RewritePattern):
    def match_and_rewrite(self, op, rw):
        src = op.source
        if hasattr(src.owner, "opdef"):
            return False
        loop = src.owner.parent_op
        if loop is None or loop.name != "scf.for" or src.index == 0 or \
                src.owner is not loop.regions[0].blocks[0]:
            return False
        if not _shape_preserving(loop, src.index - 1):
            return False
        init = loop.operand(3 + src.index - 1)
        rw.modify_op_in_place(op, lambda: op.set_operand(0, init))
        return True


class _DimOfLoopResult(RewritePattern):
    def match_and_rewrite(self, op, rw):
        src = op.source
        loop = defining(src)
        if loop is None or loop.name != "scf.for" or not _shape_preserving(loop, src.index):
            return False
        init = loop.operand(3 + src.index)
        rw.modify_op_in_place(op, lambda: op.set_operand(0, init))
        return True


def loop_canonicalization_patterns():
    pats = [_MinMax("affine.min"), _MinMax("affine.max")]
    for name in _DIMS:
        pats += [_DimOfIterArg(name), _DimOfLoopResult(name)]
    return pats


@register_pass("scf-for-loop-canonicalization", "Canonicalize operations within scf.for loop bodies",
               display_name="SCFForLoopCanonicalization")
def scf_for_loop_canonicalization(op, ctx, options):
    apply_patterns_greedily(op, loop_canonicalization_patterns(), ctx, default_greedy_config())
