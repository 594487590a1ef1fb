"""transform.structured.tile_using_for / tile_using_forall over the tiling drivers
(passes/linalg/tiling/)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import value_loc
from pyopt.ir.types import DYNAMIC, INDEX, IndexType
from pyopt.interfaces.tiling import TilingFailure, tiling_model
from pyopt.dialects.transform.ext_structured import TILE_USING_FOR, TILE_USING_FORALL
from pyopt.dialects.transform.ext_structured_misc import (CONTINUOUS_TILE_SIZES, CONVERT_TO_LOOPS,
                                                          MAP_COPY_TO_THREADS,
                                                          MULTITILE_SIZES)
from pyopt.dialects.transform.failures import silenceable
from pyopt.dialects.transform.types import ParamHandleType

from passes.linalg.structured_transforms.common import (implement, mixed_sizes, report_definite,
                                                        unpack_packed_index_results,
                                                        unpack_single_index_results)
from passes.linalg.tiling.forall_tiling import tile_to_forall, tile_to_forall_using_tile_sizes
from passes.linalg.tiling.scf_tiling import tile_using_scf


def _static(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def _scalable_size(b, op, size):
    """`[n]`: n * vector.vscale."""
    c = b.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, size)},
                 loc=op.loc).results[0]
    vs = b.create("vector.vscale", [], [INDEX], loc=op.loc).results[0]
    return b.create("arith.muli", [c, vs], [INDEX], loc=op.loc).results[0]


def _dynamic_size_sources(op, state, targets):
    """Per dynamic size operand: one int per target (params) or one producing op per
    target (handles)."""
    out = []
    for v in op.dynamic_sizes:
        if isinstance(v.type, ParamHandleType):
            params = [p.value for p in state.params(v)]
            if len(params) != len(targets):
                raise silenceable(op, f"expected as many parameter values (0) as target ops "
                                      f"({len(targets)})", [("for this parameter", value_loc(v))])
            out.append(params)
            continue
        producers = state.payload_ops(v)
        if len(producers) != len(targets):
            raise silenceable(op, f"expected as many dynamic size-producing operations "
                                  f"({len(producers)}) as target ops ({len(targets)})",
                              [("for this handle", value_loc(v))])
        for p in producers:
            if len(p.results) != 1 or not isinstance(p.results[0].type, IndexType):
                raise silenceable(op, "expected sizes to be produced by ops with a single "
                                      "index-type result",
                                  [("size producer op", p.loc), ("for this handle",
                                                                  value_loc(v))])
        out.append([p.results[0] for p in producers])
    return out


def apply_tile_using_for(op, state, results):
    static = _static(op, "static_sizes")
    scalable = _static(op, "scalable_sizes")
    targets = state.payload_ops(op.target)
    dynamic = _dynamic_size_sources(op, state, targets)
    rw = state.rewriter
    tiled, loops = [], [[] for _ in range(len(op.results) - 1)]
    for i, target in enumerate(targets):
        m = tiling_model(target)
        if m is None:
            raise silenceable(op, "only ops implementing TilingInterface are supported",
                              [("target op", target.loc)])
        n = len(m.iterator_types(target))
        if len(static) > n:
            raise silenceable(op, f"too many tiles provided, expected at most {n} found "
                                  f"{len(static)}", [("target op", target.loc)])

        def sizes(b, i=i):
            out, k = [], 0
            for j, s in enumerate(static):
                if s != DYNAMIC:
                    out.append(_scalable_size(b, op, s) if j < len(scalable) and scalable[j]
                               else s)
                    continue
                out.append(dynamic[k][i])
                k += 1
            return out
        try:
            r = tile_using_scf(rw, target, sizes, _static(op, "interchange"))
        except TilingFailure as f:
            if f.emitted:
                raise report_definite(state, f)
            raise report_definite(state, TilingFailure(op, "failed to tile"))
        rw.replace_op(target, r.replacements)
        tiled.extend(r.tiled_ops)
        for j, loop in enumerate(r.loops):
            if j < len(loops):
                loops[j].append(loop)
    results.set(0, tiled)
    for j, lst in enumerate(loops):
        results.set(j + 1, lst)


def _warn(state):
    from pyopt.ir.diagnostics import Diagnostic
    return lambda op, message: state.emit(Diagnostic("warning", op.loc, message))


def apply_tile_using_forall(op, state, results):
    d = op.opdef
    packed_threads = d.get_group(op, "operand", 3)
    packed_tiles = d.get_group(op, "operand", 4)
    threads = unpack_packed_index_results(state, op, packed_threads) \
        if packed_threads is not None else \
        unpack_single_index_results(state, op, mixed_sizes(op, _static(op, "static_num_threads"),
                                                           op.num_threads))
    tiles = unpack_packed_index_results(state, op, packed_tiles) \
        if packed_tiles is not None else \
        unpack_single_index_results(state, op, mixed_sizes(op, _static(op, "static_tile_sizes"),
                                                           op.tile_sizes))
    mapping = op.get_attr("mapping")
    mapping = list(mapping) if mapping is not None else None
    rw = state.rewriter
    foralls, tiled = [], []
    for target in state.payload_ops(op.target):
        if tiling_model(target) is None:
            raise silenceable(op, "only TilingInterface ops are supported",
                              [("target op", target.loc)])
        rw.set_insertion_point(target)
        try:
            if threads:
                r = tile_to_forall(rw, target, threads, None, mapping, False, _warn(state))
            else:
                r = tile_to_forall_using_tile_sizes(rw, target, tiles, mapping, _warn(state))
        except TilingFailure as f:
            if f.emitted:
                raise report_definite(state, f)
            raise silenceable(op, "transform.structured.tile_using_forall failed to apply",
                              [("when applied to this op", target.loc)])
        rw.replace_op(target, list(r.forall.results))
        foralls.append(r.forall)
        tiled.append(r.tiled_op)
    results.set(op.results[1], foralls)
    results.set(op.results[0], tiled)


implement(TILE_USING_FOR, apply_tile_using_for)
implement(TILE_USING_FORALL, apply_tile_using_forall)


# -- multitile_sizes / continuous_tile_sizes ---------------------------------------------------
def _param_attrs(result, values):
    from pyopt.ir.types import I64
    t = getattr(result.type, "type", I64)  # (!transform.param<T>; any_param: i64)
    return [IntegerAttr(t, v) for v in values]


def _dynamic_shape_failure(op, target):
    return silenceable(op, "cannot compute parametric tile sizes for dynamically shaped "
                           "payload op", [("payload op", target.loc)])


def each_multitile_sizes(op, target, state):
    from pyopt.dialects.affine.builders import composed_apply
    from pyopt.dialects.linalg.structured import is_linalg_op, static_loop_ranges
    from pyopt.ir.affine import symbol
    from passes.linalg.tiling.tile_sizes import multi_tile_sizes, static_multi_tile_sizes
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])
    dim, size = op.get_attr("dimension").value, op.get_attr("target_size").value
    d = op.get_attr("divisor")
    divisor = d.value if d is not None else 1
    if isinstance(op.low_size.type, ParamHandleType):
        if DYNAMIC in static_loop_ranges(target):
            raise _dynamic_shape_failure(op, target)
        spec = static_multi_tile_sizes(target, dim, size, divisor)
        if spec is None:
            raise silenceable(op, "failed to compute multi-size tiling sizes")
        low, high, low_trips, _ = spec
        return _param_attrs(op.low_size, [low, high, low * low_trips])
    rw = state.rewriter
    rw.set_insertion_point(target)
    spec = multi_tile_sizes(rw, target, dim, size, divisor)
    if spec is None:
        raise silenceable(op, "could not generate tile size computation")
    low, high, low_trips, _ = spec
    split = composed_apply(rw, symbol(0) * symbol(1), [low, low_trips], target.loc)
    return [low.defining_op(), high.defining_op(), split.defining_op()]


def apply_continuous_tile_sizes(op, state, results):
    from pyopt.dialects.affine.builders import composed_apply
    from pyopt.dialects.linalg.structured import is_linalg_op, static_loop_ranges
    from pyopt.dialects.transform.failures import definite
    from pyopt.ir.affine import symbol
    from passes.linalg.tiling.tile_sizes import (continuous_tile_sizes,
                                                 static_continuous_tile_sizes)
    targets = state.payload_ops(op.target)
    if len(targets) != 1:
        raise silenceable(op, f"requires exactly one target (got {len(targets)})")
    target = targets[0]
    if not is_linalg_op(target):
        raise definite(op, "expected Linalg Op")
    dim, size = op.get_attr("dimension").value, op.get_attr("target_size").value
    if isinstance(op.chunk_sizes.type, ParamHandleType):
        if DYNAMIC in static_loop_ranges(target):
            raise _dynamic_shape_failure(op, target)
        spec = static_continuous_tile_sizes(target, dim, size)
        if spec is None:
            raise silenceable(op, "failed to compute multi-size tiling sizes")
        tiles, trips = spec
        results.set(0, _param_attrs(op.tile_sizes, tiles))
        results.set(1, _param_attrs(op.chunk_sizes, [t * n for t, n in zip(tiles, trips)]))
        return
    rw = state.rewriter
    rw.set_insertion_point(target)
    spec = continuous_tile_sizes(rw, target, dim, size)
    if spec is None:
        raise silenceable(op, "could not generate tile size computation")
    tiles, trips = spec
    chunks = [composed_apply(rw, symbol(0) * symbol(1), [t, n], target.loc)
              for t, n in zip(tiles, trips)]
    results.set(0, [t.defining_op() for t in tiles])
    results.set(1, [c.defining_op() for c in chunks])


implement(MULTITILE_SIZES, each_multitile_sizes)
implement(CONTINUOUS_TILE_SIZES, apply_continuous_tile_sizes)


# -- gpu.map_copy_to_threads -------------------------------------------------------------------
def each_map_copy_to_threads(op, target, state):
    """The copy's thread mapping (passes/linalg/gpu_copy_mapping.py); tiling it to an
    scf.forall needs #gpu.thread mapping attributes, and there is no gpu dialect here."""
    from pyopt.dialects.transform.failures import definite
    from passes.linalg.gpu_copy_mapping import CopyMapping
    if target.name not in ("linalg.copy", "tensor.pad"):
        raise silenceable(op, "only linalg.copy and tensor.pad target ops are supported",
                          [("target op", target.loc)])
    t = target.results[0].type if target.results else target.operands[-1].type
    if DYNAMIC in t.shape:
        raise silenceable(op, "only statically sized ops of rank <= 3 are supported",
                          [("target op", target.loc)])
    bits = t.element_type.width
    align = op.get_attr("desired_bit_alignment").value
    if align % bits:
        align = bits
    m = CopyMapping(op.get_attr("total_num_threads").value, align, list(t.shape), bits)
    if m.status == "invalid":
        raise silenceable(op, "too few threads to map copy op to threads on the most minor "
                              "dimension, given alignment and vector size constraints, try "
                              "smaller tile size of mapping to more threads",
                          [("target op", target.loc)])
    raise definite(op, "mapping to GPU threads needs the gpu dialect's thread mapping "
                       "attributes, which are not supported")


implement(MAP_COPY_TO_THREADS, each_map_copy_to_threads)


# -- convert_to_loops --------------------------------------------------------------------------
def apply_convert_to_loops(op, state, results):
    """scf::lowerToLoopsUsingSCFForOp per target: an scf.for per loop of the iteration domain
    around the op's scalar implementation (ops with results do not apply)."""
    from pyopt.dialects.affine.builders import value_of
    from pyopt.dialects.transform.failures import definite
    from passes.scf.common import create_for
    rw = state.rewriter
    loops = []
    for target in state.payload_ops(op.target):
        m = tiling_model(target)
        if m is None or not hasattr(m, "generate_scalar_implementation"):
            raise silenceable(op, "expected the payload to implement TilingInterface",
                              [("payload op", target.loc)])
        failure = definite(op, "failed to apply", [("attempted to apply to this op",
                                                    target.loc)])
        if target.results:
            raise failure
        rw.set_insertion_point(target)
        loc = target.loc
        ivs, made = [], []
        for r in m.iteration_domain(target, rw):
            lb, ub, step = (value_of(rw, x, loc) for x in (r.offset, r.size, r.stride))
            loop = create_for(rw, lb, ub, step, [], loc)
            made.append(loop)
            ivs.append(loop.regions[0].blocks[0].args[0])
            rw.set_insertion_point(loop.regions[0].blocks[0].last)
        if not m.generate_scalar_implementation(target, rw, loc, ivs):
            raise failure
        loops.extend(made)
        rw.erase_op(target)
    results.set(0, loops)


implement(CONVERT_TO_LOOPS, apply_convert_to_loops)
