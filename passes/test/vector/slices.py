"""`-test-vector-extract-strided-slice-lowering` (a 1-D extract_strided_slice becomes an
extract/insert chain into a zero vector) and `-test-vector-break-down-bitcast` (a 1-D
narrowing vector.bitcast of more than 4 source elements becomes per-slice bitcasts inserted
into a zero splat)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, VectorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_scf import xfer_ops as X


def _ints(op, name):
    return [int(a.value) for a in op.get_attr(name)]


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


class ExtractStridedSlice1DToChain(RewritePattern):
    root = "vector.extract_strided_slice"

    def match_and_rewrite(self, op, rw):
        offs = _ints(op, "offsets")
        if len(offs) != 1:
            return False
        size, stride = _ints(op, "sizes")[0], _ints(op, "strides")[0]
        loc = op.loc
        src = op.vector
        elems = [X.extract(rw, loc, src, [i])
                 for i in range(offs[0], offs[0] + size * stride, stride)]
        res = const(rw, loc, op.results[0].type)
        for i, e in enumerate(elems):
            res = X.insert(rw, loc, e, res, [i])
        rw.replace_op(op, [res])
        return True


class BreakDownBitCast(RewritePattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, rw):
        st, dt = op.source.type, op.results[0].type
        if len(st.shape) != 1 or st.shape[-1] <= 4:  # (the test pass's control function)
            return False
        src_n, dst_n = st.shape[-1], dt.shape[-1]
        if src_n < dst_n:
            return False
        ratio = src_n // dst_n
        if src_n == ratio:
            return False
        loc = op.loc
        zero = const(rw, loc, dt.element_type)
        res = rw.create("vector.splat", [zero], [dt], loc=loc).results[0]
        piece = VectorType([dst_n // ratio], dt.element_type)
        for i in range(ratio):
            ex = rw.create("vector.extract_strided_slice", [op.source],
                           [VectorType([dst_n], st.element_type)], properties={
                               "offsets": _i64s([i * dst_n]), "sizes": _i64s([dst_n]),
                               "strides": _i64s([1])}, loc=loc).results[0]
            bc = rw.create("vector.bitcast", [ex], [piece], loc=loc).results[0]
            res = rw.create("vector.insert_strided_slice", [bc, res], [dt], properties={
                "offsets": _i64s([i * dst_n // ratio]), "strides": _i64s([1])},
                loc=loc).results[0]
        rw.replace_op(op, [res])
        return True


@register_pass("test-vector-extract-strided-slice-lowering",
               "Test lowering patterns that converts vector.extract_strided_slice into a "
               "chain of vector.extract and vector.insert ops", anchor="func.func")
def test_extract_strided_slice_lowering(op, ctx, options):
    apply_patterns_greedily(op, [ExtractStridedSlice1DToChain()], ctx,
                            GreedyConfig(top_down=False))


@register_pass("test-vector-break-down-bitcast",
               "Test pattern that breaks down vector.bitcast ops ", anchor="func.func")
def test_break_down_bitcast(op, ctx, options):
    apply_patterns_greedily(op, [BreakDownBitCast()], ctx, GreedyConfig(top_down=False))
