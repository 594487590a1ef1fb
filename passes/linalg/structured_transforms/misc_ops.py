"""transform.structured.insert_slice_to_copy, scalarize and replace."""
from __future__ import annotations

from pyopt.ir.types import DYNAMIC, RankedTensorType
from pyopt.interfaces.tiling import TilingFailure
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.structured import is_linalg_op, shapes_to_loops_map
from pyopt.dialects.linalg.tiling_model import flat_operand_dims
from pyopt.dialects.tensor.canonicalize import mixed
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, create_insert_slice
from pyopt.dialects.transform.ext_structured_misc import (INSERT_SLICE_TO_COPY, REPLACE,
                                                          REWRITE_IN_DPS, SCALARIZE,
                                                          FLATTEN_ELEMENTWISE, SPLIT,
                                                          BUFFERIZE_TO_ALLOCATION,
                                                          TILING_CANONICALIZATION,
                                                          TRANSPOSE_MATMUL, TRANSPOSE_CONV2D,
                                                          PROMOTE, ELIMINATE_EMPTY_TENSORS,
                                                          ERASE_UNNECESSARY_INPUTS,
                                                          FOLD_UNIT_EXTENT_DIMS_VIA_RESHAPES,
                                                          FOLD_UNIT_EXTENT_DIMS_VIA_SLICES)
from pyopt.dialects.transform.failures import definite, silenceable

from passes.linalg.structured_transforms.common import implement
from passes.linalg.tiling.scf_tiling import tile_using_scf


def each_insert_slice_to_copy(op, target, state):
    if target.name not in ("tensor.insert_slice", "tensor.parallel_insert_slice"):
        raise silenceable(op, "only InsertSliceOp and ParallelInsertSliceOp ops are supported",
                          [("target op", target.loc)])
    src = target.source.defining_op()
    if src is not None and src.name == "linalg.copy":
        return [src]
    rw = state.rewriter
    if target.name == "tensor.parallel_insert_slice":
        rw.set_insertion_point(target.parent_op)
    else:
        rw.set_insertion_point(target)
    offs, sizes, strides = (mixed(target, g, "static_" + g)
                            for g in ("offsets", "sizes", "strides"))
    dest = target.dest
    t = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in sizes],
                         dest.type.element_type, dest.type.encoding)
    extracted = create_extract_slice(rw, t, dest, offs, sizes, strides, target.loc)
    copy = create_named(rw, "linalg.copy", [target.source], [extracted], loc=target.loc)
    rw.set_insertion_point(target)
    new = create_insert_slice(rw, target.name, copy.results[0], dest, offs, sizes, strides,
                              target.loc)
    rw.replace_op(target, list(new.results))
    return [copy]


def each_scalarize(op, target, state):
    """Tiles the dynamic loops of a linalg op by 1."""
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])

    def sizes(b):
        flat = flat_operand_dims(b, target, target.loc)
        m = shapes_to_loops_map(target)
        out = []
        for e in m.results:
            from pyopt.ir.affine import AffineMap
            s = composed_folded_apply(b, AffineMap(m.num_dims, 0, [e]), flat, target.loc)
            out.append(0 if constant_int(s) is not None else 1)
        return out
    rw = state.rewriter
    rw.set_insertion_point(target)
    try:
        r = tile_using_scf(rw, target, sizes)
    except TilingFailure:
        raise definite(op, f"{op.name} failed to apply",
                       [("when applied to this op", target.loc)])
    if target.results:
        rw.replace_op(target, r.replacements)
    else:
        rw.erase_op(target)
    return list(r.tiled_ops)


def apply_replace(op, state, results):
    payload = state.payload_ops(op.target)
    for t in payload:
        if t.operands:
            raise definite(op, "expected target without operands")
        if t.regions and not t.has_trait("IsolatedFromAbove"):
            raise definite(op, "expected target that is isolated from above")
    pattern = op.regions[0].blocks[0].first
    rw = state.rewriter
    out = []
    for t in payload:
        if op.is_ancestor_of(t):
            continue
        rw.set_insertion_point(t)
        new = rw.clone(pattern)
        rw.replace_op(t, list(new.results))
        out.append(new)
    results.set(0, out)


implement(INSERT_SLICE_TO_COPY, each_insert_slice_to_copy)
implement(SCALARIZE, each_scalarize)
implement(REPLACE, apply_replace)


def each_rewrite_in_dps(op, target, state):
    from passes.linalg.dps_rewrites import REWRITES
    fn = REWRITES.get(target.name)
    rw = state.rewriter
    rw.set_insertion_point(target)
    new = fn(rw, target) if fn is not None else None
    if new is None:
        raise silenceable(op, f"{op.name} failed to apply", [("when applied to this op",
                                                             target.loc)])
    return [new]


implement(REWRITE_IN_DPS, each_rewrite_in_dps)


def each_flatten_elementwise(op, target, state):
    """All the loops of an elementwise linalg op collapsed into one (collapseOpIterationDims)."""
    from passes.linalg.reshape_fusion import collapse_op_iteration_dims
    from passes.linalg.vectorization import _is_elementwise
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])
    rw = state.rewriter
    rw.set_insertion_point(target)
    if not _is_elementwise(target):
        raise silenceable(target, "only elementwise flattening is supported")
    from pyopt.dialects.linalg.structured import num_loops
    n = num_loops(target)
    if n <= 1:
        return [target]
    r = collapse_op_iteration_dims(target, [list(range(n))], rw)
    if r is None:
        raise silenceable(target, "attempted to flatten, but failed")
    values, collapsed = r
    rw.replace_op(target, list(values))
    return [collapsed]


implement(FLATTEN_ELEMENTWISE, each_flatten_elementwise)


def apply_split(op, state, results):
    """SplitOp: each target split at its chunk size (or, multiway, one target split
    repeatedly)."""
    from pyopt.ir.types import IndexType
    from pyopt.dialects.linalg.structured import num_loops
    from pyopt.dialects.transform.types import ParamHandleType
    from passes.linalg.tiling.split import split_op
    payload = state.payload_ops(op.target)
    multiway = op.get_attr("multiway") is not None
    if multiway and len(payload) != 1:
        raise silenceable(op, "requires exactly one target when multiway split is enabled "
                              f"(got {len(payload)})")
    dyn = op.dynamic_chunk_sizes
    if dyn is not None:
        if isinstance(dyn.type, ParamHandleType):
            chunks = [p.value for p in state.params(dyn)]
        else:
            chunks = []
            for p in state.payload_ops(dyn):
                if len(p.results) != 1 or not isinstance(p.results[0].type, IndexType):
                    raise silenceable(op, "expected dynamic split point handle to point to a "
                                          "single-result index-typed op",
                                      [("dynamic split point", p.loc)])
                chunks.append(p.results[0])
        if not multiway and len(chunks) != len(payload):
            raise definite(op, "expected the dynamic split point handle to point to as many "
                               f"operations ({len(chunks)}) as the target handle "
                               f"({len(payload)})")
    else:
        chunks = [op.get_attr("static_chunk_sizes").value] * len(payload)
    d = op.get_attr("dimension").value
    rw = state.rewriter

    def check(t):
        if not is_linalg_op(t):
            raise silenceable(op, "only applies to structured ops", [("target op", t.loc)])
        if d >= num_loops(t):
            raise silenceable(op, f"dimension {d} does not exist in target op",
                              [("target op", t.loc)])
    if multiway:
        target = payload[0]
        check(target)
        parts, tail = [], None
        for i, c in enumerate(chunks):
            if i > 0:
                target = tail
            if target is None:
                break
            rw.set_insertion_point(target)
            head, tail = split_op(rw, target, d, c)
            parts.append(head)
        if tail is not None:
            parts.append(tail)
        results.set(0, parts)
        results.set(1, [])
        return
    first, second, no_second = [], [], None
    for t, c in zip(payload, chunks):
        check(t)
        rw.set_insertion_point(t)
        f, s = split_op(rw, t, d, c)
        first.append(f)
        if s is None:
            no_second = t
        else:
            second.append(s)
    if second and len(second) != len(first):
        f = silenceable(op, "splitting does not produce the second part for a subset of "
                            "targets", [("expected splitting to produce the second part of "
                                         "all or none of the targets", op.loc),
                                        ("first target with no second part", no_second.loc)])
        raise f
    results.set(0, first)
    results.set(1, second)


implement(SPLIT, apply_split)


class _NewOps:
    """NewOpsListener: records the ops created (and not erased again), forwarding every
    notification to the interpreter's listener."""

    def __init__(self, inner):
        self.inner, self.ops = inner, []

    def notify_op_inserted(self, op, previous=None):
        if op not in self.ops:
            self.ops.append(op)
        if self.inner is not None:
            self.inner.notify_op_inserted(op)

    def notify_op_erased(self, op):
        gone = set(op.walk_ops()) if op.regions else {op}
        self.ops = [o for o in self.ops if o not in gone]
        if self.inner is not None:
            self.inner.notify_op_erased(op)

    def __getattr__(self, name):
        inner = self.__dict__.get("inner")
        if inner is None:
            return lambda *a, **k: None
        return getattr(inner, name)


def apply_bufferize_to_allocation(op, state, results):
    from passes.linalg.bufferize_to_allocation import Options, bufferize_to_allocation

    def s(name, default):
        a = op.get_attr(name)
        return a.value if a is not None else default
    options = Options(s("memcpy_op", "bufferization.materialize_in_destination"),
                      s("alloc_op", "memref.alloc"),
                      op.get_attr("bufferize_destination_only") is not None,
                      op.get_attr("emit_dealloc") is not None)
    space = op.get_attr("memory_space")
    rw = state.rewriter
    listener = _NewOps(rw.listener)
    saved, rw.listener = rw.listener, listener
    buffers = []
    try:
        for target in state.payload_ops(op.target):
            buf = bufferize_to_allocation(rw, options, target, space)
            if buf is None:
                raise silenceable(op, "failed to bufferize operation",
                                  [("target payload op", target.loc)])
            buffers.append(buf)
    finally:
        rw.listener = saved
    results.set(0, buffers)
    results.set(1, listener.ops)


implement(BUFFERIZE_TO_ALLOCATION, apply_bufferize_to_allocation)


def tiling_canonicalization_patterns(op, ctx):
    """populateLinalgTilingCanonicalizationPatterns: the canonicalizations of the ops tiling
    creates (affine, arith constants, memref views, scf loops, tensor slices, casts, empty,
    pad, every linalg op) and min/max simplification inside loops."""
    from pyopt.rewrite.pattern import canonicalization_patterns
    from passes.scf.loop_canonicalization import _MinMax
    names = {"affine.apply", "affine.for", "affine.min", "affine.max", "arith.constant",
             "memref.subview", "memref.view", "scf.for", "scf.parallel", "tensor.cast",
             "tensor.empty", "tensor.extract_slice", "tensor.insert_slice", "tensor.pad"}
    names |= {n for n in ctx.ops if n.startswith("linalg.")}
    ps = canonicalization_patterns(ctx, names)
    pats = [p for lst in ps.by_root.values() for p in lst] + list(ps.generic)
    return pats + [_MinMax("affine.min"), _MinMax("affine.max")]


implement(TILING_CANONICALIZATION, tiling_canonicalization_patterns)


def _erase_unnecessary_inputs(op, ctx):
    from passes.linalg.erase_unused import populate_erase_unnecessary_inputs
    return populate_erase_unnecessary_inputs()


def _fold_unit_extent_dims(strategy):
    def populate(op, ctx):
        from passes.linalg.drop_unit_dims import fold_unit_extent_dims_patterns
        return fold_unit_extent_dims_patterns(ctx, strategy)
    return populate


implement(ERASE_UNNECESSARY_INPUTS, _erase_unnecessary_inputs)
implement(FOLD_UNIT_EXTENT_DIMS_VIA_RESHAPES, _fold_unit_extent_dims("reshape"))
implement(FOLD_UNIT_EXTENT_DIMS_VIA_SLICES, _fold_unit_extent_dims("slices"))


def each_transpose_matmul(op, target, state):
    """transposeMatmul / transposeBatchMatmul: the chosen input transposed into a new
    tensor.empty and the op replaced by its *_transpose_a / *_transpose_b variant."""
    from pyopt.ir.types import DYNAMIC, RankedTensorType
    from pyopt.dialects.linalg.builders import create_named, create_with_identity_region
    from pyopt.dialects.tensor.reshapes import create_dim
    from pyopt.interfaces.destination_style import dps_inits, dps_inputs
    from pyopt.dialects.transform.ext_structured_misc import TRANSPOSE_MATMUL_INPUT
    a = op.get_attr("inputToTranspose")
    lhs = a is None or TRANSPOSE_MATMUL_INPUT.keyword(a) == "lhs"
    rw = state.rewriter
    rw.set_insertion_point(target)
    batch = target.name == "linalg.batch_matmul"
    if target.name not in ("linalg.matmul", "linalg.batch_matmul") or \
            not all(isinstance(v.type, RankedTensorType) for v in target.operands):
        raise silenceable(target, "not supported")
    loc = target.loc
    ins, outs = dps_inputs(target), dps_inits(target)
    x = ins[0 if lhs else 1]
    t = x.type
    order = [0, 2, 1] if batch else [1, 0]
    dyn = [create_dim(rw, x, d, loc) for d in order if t.shape[d] == DYNAMIC]
    et = RankedTensorType([t.shape[d] for d in order], t.element_type)
    empty = rw.create("tensor.empty", dyn, [et], loc=loc).results[0]
    tr = create_with_identity_region(rw, "linalg.transpose", x, empty, "permutation", order,
                                     loc)
    name = ("linalg.batch_matmul" if batch else "linalg.matmul") + \
        ("_transpose_a" if lhs else "_transpose_b")
    new_ins = [tr.results[0], ins[1]] if lhs else [ins[0], tr.results[0]]
    new = create_named(rw, name, new_ins, outs, loc=loc)
    rw.replace_op(target, list(new.results))
    return [new]


implement(TRANSPOSE_MATMUL, each_transpose_matmul)


_FHWC_TO_HWCF = {"linalg.conv_2d_nhwc_fhwc": "linalg.conv_2d_nhwc_hwcf",
                 "linalg.conv_2d_nhwc_fhwc_q": "linalg.conv_2d_nhwc_hwcf_q"}


def each_transpose_conv2d(op, target, state):
    """transposeConv2D: an FHWC filter transposed to HWCF (into a tensor.empty, or a new
    memref.alloc on buffers) and the convolution rewritten as its HWCF form."""
    from pyopt.ir.types import MemRefType, RankedTensorType
    from pyopt.dialects.linalg.builders import create_named, create_with_identity_region
    from pyopt.interfaces.destination_style import dps_inits, dps_inputs
    name = _FHWC_TO_HWCF.get(target.name)
    if name is None:
        raise silenceable(op, f"{op.name} failed to apply", [("when applied to this op",
                                                             target.loc)])
    rw = state.rewriter
    rw.set_insertion_point(target)
    loc = target.loc
    ins, outs = dps_inputs(target), dps_inits(target)
    filt = ins[1]
    perm = [1, 2, 3, 0]
    shape = [filt.type.shape[p] for p in perm]
    et = ins[0].type.element_type
    tensor = isinstance(ins[0].type, RankedTensorType)
    if tensor:
        dest = rw.create("tensor.empty", [], [RankedTensorType(shape, et)], loc=loc).results[0]
    else:
        from pyopt.ir.opdef import segment_sizes
        dest = rw.create("memref.alloc", [], [MemRefType(shape, et, None, None)],
                         properties={"operandSegmentSizes": segment_sizes([0, 0])},
                         loc=loc).results[0]
    tr = create_with_identity_region(rw, "linalg.transpose", filt, dest, "permutation", perm,
                                     loc)
    new_filter = tr.results[0] if tensor else dest
    new_ins = list(ins)
    new_ins[1] = new_filter
    new = create_named(rw, name, new_ins, outs, loc=loc)
    for k in ("strides", "dilations"):
        if k in target.properties:
            new.properties[k] = target.properties[k]
    rw.replace_op(target, list(new.results)) if target.results else rw.erase_op(target)
    return [new]


implement(TRANSPOSE_CONV2D, each_transpose_conv2d)


def each_promote(op, target, state):
    """promoteSubViews with the op's options (GPU memory-space mappings are not supported)."""
    from passes.linalg.promotion import PromotionOptions, promote_precondition, promote_subviews

    def default_failure():
        return definite(op, "failed to apply", [("attempted to apply to this op", target.loc)])
    ints = op.get_attr("operands_to_promote")
    flags = op.get_attr("use_full_tile_buffers")
    align = op.get_attr("alignment")
    options = PromotionOptions(
        [a.value for a in ints] if ints is not None and len(ints) else None,
        [bool(a.value) for a in flags] if flags is not None else (),
        op.get_attr("use_full_tiles_by_default") is not None,
        op.get_attr("use_alloca") is not None,
        align.value if align is not None else None, op.get_attr("memory_space"))
    if op.get_attr("mapping") is not None:
        raise definite(op, "GPU memory space mappings are not supported")
    if not promote_precondition(target, options):
        raise default_failure()
    rw = state.rewriter
    rw.set_insertion_point(target)
    if promote_subviews(rw, target, options) is None:
        raise default_failure()
    return [target]


implement(PROMOTE, each_promote)


def apply_eliminate_empty_tensors(op, state, results):
    """EliminateLinalgOpAnchoredEmptyTensorsOp: per target, a One-Shot analysis then the
    linalg-anchored tensor.empty elimination."""
    from pyopt.ir.diagnostics import MLIRError
    from pyopt.interfaces.bufferizable import BufferizationOptions
    from pyopt.dialects import bufferizable_models  # noqa: F401  (attaches the models)
    from passes.bufferization.one_shot.analysis import OneShotAnalysisState, run_analysis
    from passes.linalg.eliminate_empty_tensors import eliminate_anchored_empty_tensors
    for target in state.payload_ops(op.target):
        options = BufferizationOptions()
        options.allow_return_allocs_from_loops = True
        analysis = OneShotAnalysisState(target, options)
        try:
            run_analysis(target, analysis)
        except MLIRError:
            raise silenceable(target, "failed to analyze op")
        eliminate_anchored_empty_tensors(state.rewriter, target, analysis)


implement(ELIMINATE_EMPTY_TENSORS, apply_eliminate_empty_tensors)
