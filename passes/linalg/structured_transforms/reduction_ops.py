"""transform.structured.tile_reduction_using_for / _forall over
passes/linalg/tiling/reduction_tiling.py."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.interfaces.tiling import TilingFailure
from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured import (TILE_REDUCTION_USING_FOR,
                                                     TILE_REDUCTION_USING_FORALL)
from pyopt.dialects.transform.ext_structured_misc import SPLIT_REDUCTION
from pyopt.dialects.transform.failures import silenceable

from passes.linalg.structured_transforms.common import implement
from passes.linalg.tiling.reduction_tiling import (tile_reduction_using_forall,
                                                  tile_reduction_using_scf)


def each_tile_reduction_using_for(op, target, state):
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])
    a = op.get_attr("tile_sizes")
    sizes = list(a.values) if a is not None else []
    rw = state.rewriter
    rw.set_insertion_point(target)
    try:
        r = tile_reduction_using_scf(rw, target, sizes)
    except TilingFailure as f:
        if f.emitted:  # (the error is reported, then the default silenceable failure)
            state.emit(Diagnostic("error", f.op.loc, f.message))
        raise silenceable(op, f"{op.name} failed to apply", [("when applied to this op",
                                                             target.loc)])
    return ([v.defining_op() for v in r.initial_values] + list(r.parallel_tiled_ops) +
            list(r.merge_ops) + [r.loops[0]])


implement(TILE_REDUCTION_USING_FOR, each_tile_reduction_using_for)


def each_tile_reduction_using_forall(op, target, state):
    def ints(name):
        a = op.get_attr(name)
        return list(a.values) if a is not None else []
    mapping = op.get_attr("mapping")
    rw = state.rewriter
    rw.set_insertion_point(target)
    try:
        if not is_linalg_op(target):
            raise TilingFailure(target, "not a linalg op", emitted=False)
        r = tile_reduction_using_forall(rw, target, ints("num_threads"), ints("tile_sizes"),
                                        list(mapping) if mapping is not None else None)
    except TilingFailure as f:
        if f.emitted:
            state.emit(Diagnostic("error", f.op.loc, f.message))
        raise silenceable(op, "could not tile reduction", [("target operation", target.loc)])
    return ([v.defining_op() for v in r.initial_values] + list(r.parallel_tiled_ops) +
            list(r.merge_ops) + [r.loops[0]])


implement(TILE_REDUCTION_USING_FORALL, each_tile_reduction_using_forall)


def each_split_reduction(op, target, state):
    """splitReduction / splitReductionByScaling: (init, fill, split op, combining op)."""
    from pyopt.dialects.transform.failures import definite
    from passes.linalg.split_reduction import split_reduction, split_reduction_by_scaling

    def attr(name):
        a = op.get_attr(name)
        return a.value if a is not None else 0
    split = split_reduction_by_scaling if op.get_attr("use_scaling_algorithm") is not None \
        else split_reduction
    r = None
    if is_linalg_op(target):
        r = split(state.rewriter, target, attr("split_factor"), attr("insert_split_dimension"),
                  op.get_attr("inner_parallel") is not None,
                  op.get_attr("use_alloc") is not None)
    if r is None:
        raise definite(op, "failed to apply", [("attempted to apply to this op", target.loc)])
    return [r.init, r.fill, r.split_op, r.combining_op]


implement(SPLIT_REDUCTION, each_split_reduction)
