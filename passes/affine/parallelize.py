"""`affine-parallelize`: turns affine.for loops without loop-carried memory dependences into
affine.parallel (1-d, same bounds and step), up to `max-nested` parallel loops deep. With
`parallel-reductions`, loops whose iter_args are supported reductions qualify too: the
reduction becomes the affine.parallel's, and the combination with the initial value moves
after the loop."""
from __future__ import annotations

from pyopt.dialects.affine.control import REDUCTIONS, _i32_tensor
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, IntegerAttr
from pyopt.ir.opdef import AFFINE_SCOPE
from pyopt.ir.types import I64
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder
from passes.affine.super_vectorize.analysis import is_loop_parallel
from passes.affine.tiling.loops import (body, lb_map, lb_operands, step, ub_map,
                                                   ub_operands)
from passes.affine.unroll import _inits


def parallelize(ctx, loop, reductions):
    inits = _inits(loop)
    if len(reductions) != len(inits):
        return False
    b = Builder(ctx)
    b.set_insertion_point(loop)
    lbo, ubo = lb_operands(loop), ub_operands(loop)
    reduced = [v for _, _, v in reductions]
    props = {
        "reductions": ArrayAttr([IntegerAttr(I64, REDUCTIONS.index(k)) for k, _, _ in reductions]),
        "lowerBoundsMap": AffineMapAttr(lb_map(loop)),
        "lowerBoundsGroups": _i32_tensor([lb_map(loop).num_results]),
        "upperBoundsMap": AffineMapAttr(ub_map(loop)),
        "upperBoundsGroups": _i32_tensor([ub_map(loop).num_results]),
        "steps": ArrayAttr([IntegerAttr(I64, step(loop))])}
    par = b.create("affine.parallel", lbo + ubo, [v.type for v in reduced], properties=props,
                   regions=1, loc=loop.loc)
    par.regions[0].take_body(loop.regions[0])
    blk = body(par)
    term = blk.last
    for i, init in enumerate(inits):
        combiner = term.operands[i].owner
        combiner.move_before(loop)
        combiner.set_operands([init, par.results[i]])
        loop.results[i].replace_all_uses_with(combiner.results[0])
    term.set_operands(reduced)
    for _ in inits:
        blk.erase_argument(1)
    loop.erase()
    return True


def _parallel_parents(loop):
    n = 0
    op = loop.parent_op
    while op is not None and not (op.opdef is not None and AFFINE_SCOPE in op.opdef.traits):
        if op.name == "affine.parallel":
            n += 1
        op = op.parent_op
    return n


@register_pass("affine-parallelize", "Convert affine.for ops into 1-D affine.parallel",
               anchor="func.func", display_name="AffineParallelize",
               options=[PassOption("max-nested", int, 0xFFFFFFFF,
                                   "Maximum number of nested parallel loops to produce. "
                                   "Defaults to unlimited (UINT_MAX)."),
                        PassOption("parallel-reductions", bool, False,
                                   "Whether to parallelize reduction loops. Defaults to "
                                   "false.")])
def affine_parallelize(op, ctx, options):
    with_reductions = options["parallel-reductions"]
    candidates = []
    for loop in op.walk_ops():
        if loop.name != "affine.for":
            continue
        reds = [] if with_reductions else None
        if is_loop_parallel(loop, reds):
            candidates.append((loop, reds or []))
    for loop, reds in candidates:
        if _parallel_parents(loop) < options["max-nested"]:
            parallelize(ctx, loop, reds)
