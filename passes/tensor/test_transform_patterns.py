"""`test-tensor-transform-patterns`: mlir-opt's test driver of tensor rewrite patterns (MLIR 19
test/lib/Dialect/Tensor/TestTensorTransforms.cpp), run on the whole operation. Each set flag
of the table below applies its pattern set greedily, in the table's order.

OPTIONS is the whole option list of the upstream pass, so every upstream spelling parses; a
flag whose implementation is None is not implemented in pyopt (the pass fails with a
diagnostic naming it)."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from passes.scf.common import default_greedy_config


def _greedy(patterns):
    def run(op, ctx, options):
        apply_patterns_greedily(op, patterns(), ctx, default_greedy_config())
    return run


def _simplify_pack_unpack():
    from pyopt.dialects.tensor.pack_patterns import simplify_pack_unpack_patterns
    return simplify_pack_unpack_patterns()


def _fold_into_pack_unpack():
    from pyopt.dialects.tensor.pack_patterns import fold_into_pack_unpack_patterns
    return fold_into_pack_unpack_patterns()


def _fold_constant_extract_slice():
    from pyopt.dialects.tensor.slice_patterns import constant_extract_slice_patterns

    def control(op):  # the test's heuristic: a single-use source, at most 1024 elements
        return op.source.has_one_use() and op.result.type.num_elements <= 1024
    return constant_extract_slice_patterns(control)


def _merge_consecutive_insert_extract_slice():
    from pyopt.dialects.tensor.slice_patterns import merge_consecutive_insert_extract_patterns
    return merge_consecutive_insert_extract_patterns()


def _drop_redundant_rank_expansion():
    from pyopt.dialects.tensor.slice_patterns import drop_redundant_rank_expansion_patterns
    return drop_redundant_rank_expansion_patterns()


def _reassociative_reshape_folding():
    from pyopt.dialects.tensor.slice_patterns import reassociative_reshape_folding_patterns
    return reassociative_reshape_folding_patterns()


class RewriteExtractSliceFromCollapseShape(RewritePattern):
    """The test's RewriteExtractSliceFromCollapseShapeUsingScfFor / ...UsingScfForeach: an
    extract_slice of a collapse_shape becomes a loop nest (scf.for with iter_args, or one
    scf.forall) over the sliced collapsed dims inserting, per iteration, the collapsed slice
    of the collapse's source into a tensor.empty of the result's size."""

    def __init__(self, use_forall):
        super().__init__("tensor.extract_slice")
        self.use_forall = use_forall

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.collapse_slice import (
            ExtractSliceFromCollapseHelper, simplify_collapse_with_rank_reducing_slice)
        from pyopt.dialects.tensor.empty_folding import create_empty
        from pyopt.interfaces.shaped import reify_model
        from pyopt.dialects import shaped_models  # noqa: F401
        col = defining(op.source, "tensor.collapse_shape")
        if col is None:
            return rw.notify_match_failure(op, "producer is not a tensor.collapse_shape op")
        new = simplify_collapse_with_rank_reducing_slice(col, rw)
        if new is not None:
            if new.name != "tensor.collapse_shape":
                return True
            col = new
        rw.set_insertion_point(op)
        shape = reify_model(op).reify(op, rw)[0]
        dest = create_empty(rw, shape, op.source.type.element_type, op.loc)
        helper = ExtractSliceFromCollapseHelper.create(rw, col, op)
        if helper is None:
            return rw.notify_match_failure(op, "could not calculate tiling parameters")
        if self.use_forall:
            return self._forall(op, rw, helper, dest)
        return self._for(op, rw, helper, dest)

    def _for(self, op, rw, helper, dest):
        from passes.scf.common import const_index, create_for
        loc = op.loc
        zero, one = const_index(rw, 0, loc), const_index(rw, 1, loc)
        ivs, loops, carried = [], [], dest
        for ub in helper.tile_sizes:
            f = create_for(rw, zero, ub, one, [carried], loc)
            block = f.regions[0].blocks[0]
            ivs.append(block.args[0])
            carried = block.args[1]
            loops.append(f)
            rw.set_insertion_point_to_end(block)
        tile, params = helper.emit_loop_nest_body(rw, loc, ivs)
        result = self._insert(rw, "tensor.insert_slice", tile, carried, params, loc)[0]
        for f in reversed(loops):
            rw.create("scf.yield", [result], [], loc=loc)
            result = f.results[0]
            rw.set_insertion_point_after(f)
        rw.replace_op(op, [result])
        return True

    def _forall(self, op, rw, helper, dest):
        from pyopt.ir.attributes import DenseArrayAttr
        from pyopt.ir.core import Block, Region
        from pyopt.ir.opdef import segment_sizes
        from pyopt.ir.types import DYNAMIC, I64, INDEX
        from pyopt.rewrite.matchers import constant_int
        loc = op.loc
        n = len(helper.tile_sizes)
        ubs = [constant_int(v) if constant_int(v) is not None else v for v in helper.tile_sizes]
        dyn = [u for u in ubs if not isinstance(u, int)]
        props = {"staticLowerBound": DenseArrayAttr(I64, [0] * n),
                 "staticUpperBound": DenseArrayAttr(I64, [u if isinstance(u, int) else DYNAMIC
                                                          for u in ubs]),
                 "staticStep": DenseArrayAttr(I64, [1] * n),
                 "operandSegmentSizes": segment_sizes([0, len(dyn), 0, 1])}
        forall = rw.create("scf.forall", dyn + [dest], [dest.type], properties=props,
                           regions=[Region()], loc=loc)
        block = rw.create_block(forall.regions[0], [INDEX] * n + [dest.type],
                                [loc] * (n + 1))
        rw.set_insertion_point_to_end(block)
        tile, params = helper.emit_loop_nest_body(rw, loc, list(block.args[:n]))
        region = Region()
        region.append(Block())
        term = rw.create("scf.forall.in_parallel", [], [], regions=[region], loc=loc)
        rw.set_insertion_point_to_start(region.blocks[0])
        self._insert(rw, "tensor.parallel_insert_slice", tile, block.args[n], params, loc)
        rw.set_insertion_point_after(forall)
        rw.replace_op(op, list(forall.results))
        return term is not None

    @staticmethod
    def _insert(rw, name, tile, dest, params, loc):
        from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice
        offs = [p[0] for p in params]
        sizes = [p[1] for p in params]
        strides = [p[2] for p in params]
        return create_insert_slice(rw, name, tile, dest, offs, sizes, strides, loc).results \
            if name == "tensor.insert_slice" else \
            [create_insert_slice(rw, name, tile, dest, offs, sizes, strides, loc)]


def _rewrite_extract_slice_from_collapse_shape(op, ctx, options):
    pats = [RewriteExtractSliceFromCollapseShape(options.get("use-foreach", False))]
    apply_patterns_greedily(op, pats, ctx, default_greedy_config())


def _tracking_listener(root, ctx, options):
    """The test's testTrackingListenerReplacements: the op marked `replaced`, the values
    marked `replacement_<i> = <result number>`, and the replacement op the transform
    dialect's tracking would pick for them (a remark on it, or an error)."""
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.diagnostics import pass_failure
    from pyopt.syntax.op_diagnostics import emit_on_op
    from pyopt.interfaces.payload_replacement import find_replacement_op
    from pyopt.dialects.tensor import replacement_models  # noqa: F401  (attaches the models)

    def fail(*diags):
        for severity, op, msg in diags:
            emit_on_op(ctx, severity, op, msg)
        raise pass_failure(root.loc)
    ops = []
    root.walk(ops.append)
    replaced = None
    for op in ops:
        if "replaced" in op.attributes:
            if replaced is not None:
                fail(("error", op, "only one 'replaced' op is allowed per test case"),
                     ("remark", replaced, "other 'replaced' op"))
            replaced = op
    if replaced is None:
        fail(("error", root, "could not find 'replaced' op"))
    n = len(replaced.results)
    replacements = [None] * n
    for op in ops:
        for i in range(n):
            a = op.attributes.get(f"replacement_{i}")
            if type(a) is not IntegerAttr:
                continue
            if replacements[i] is not None:
                fail(("error", op, f"only one 'replacement_{i}' is allowed per test case"),
                     ("remark", replacements[i].owner, f"other 'replacement_{i}'"))
            replacements[i] = op.results[a.value]
    if any(v is None for v in replacements):
        fail(("error", replaced, "insufficient replacement values"))
    found, _ = find_replacement_op(replaced, replacements)
    if found is None:
        fail(("error", replaced, "listener could not find replacement op"))
    emit_on_op(ctx, "remark", found, "replacement found")


# (flag, description, implementation or None), in the order upstream runs them
FLAGS = [
    ("test-simplify-pack-unpack-patterns",
     "Test patterns to simplify tensor.pack and tensor.unpack",
     _greedy(_simplify_pack_unpack)),
    ("test-fold-constant-extract-slice", "Test folding arith.constant and tensor.extract_slice",
     _greedy(_fold_constant_extract_slice)),
    ("test-fold-consecutive-insert-extract-slice",
     "Test folding consecutive tensor.insert_slice/tensor.extract_slice",
     _greedy(_merge_consecutive_insert_extract_slice)),
    ("test-drop-redundant-insert-slice-rank-expansion",
     "Test dropping redundant insert_slice rank expansions",
     _greedy(_drop_redundant_rank_expansion)),
    ("test-reassociative-reshape-folding", "Test folding of expand_shape/collapse_shape",
     _greedy(_reassociative_reshape_folding)),
    ("test-fold-into-pack-and-unpack", "Test folding ops into tensor.pack and tensor.unpack",
     _greedy(_fold_into_pack_unpack)),
    ("test-rewrite-extract-slice-from-collapse-shape",
     "Test swapping tensor.extract_slice of a collapse_shape with loop nest",
     _rewrite_extract_slice_from_collapse_shape),
    ("test-tracking-listener", "Test tensor TrackingListener for the transform dialect",
     _tracking_listener),
]

OPTIONS = [PassOption(name, bool, False, desc) for name, desc, _ in FLAGS] + [
    PassOption("use-foreach", bool, False, "Use the scf.forall operation when generating loop "
               "nests for the extract_slice of collapse_shape pattern")]


@register_pass("test-tensor-transform-patterns",
               "Test Tensor transformation patterns by applying them greedily.",
               options=OPTIONS, display_name="(anonymous namespace)::TestTensorTransforms")
def test_tensor_transform_patterns(op, ctx, options):
    for name, _, impl in FLAGS:
        if not options.get(name):
            continue
        if impl is None:
            raise MLIRError(Diagnostic("error", op.loc, f"test-tensor-transform-patterns: "
                                       f"option '{name}' is not implemented in pyopt"))
        impl(op, ctx, options)
