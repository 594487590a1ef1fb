"""Slice rewrite patterns of MLIR 19's Tensor/Transforms that passes and test passes ask for
(not canonicalizations):

- `constant_extract_slice_patterns(control)` (populateFoldConstantExtractSlicePatterns): an
  extract_slice of a non-splat int/float constant is the sliced constant, when `control(op)`;
- `merge_consecutive_insert_extract_patterns()` (MergeConsecutiveInsertExtractSlicePatterns
  .cpp): extract_slice of extract_slice is one slice (offsets and strides composed);
  an insert_slice of a cast-like static insert_slice inserts the inner source directly;
- `drop_redundant_rank_expansion_patterns()`: a unit-dim expanding insert_slice undone by the
  extract_slice (or the other way round) is dropped;
- `reassociative_reshape_folding_patterns()` (ReshapePatterns.cpp): expand_shape undoing a
  rank-reducing extract_slice, collapse_shape dropping only unit dims of an extract_slice,
  and the insert_slice counterparts."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, symbol
from pyopt.ir.attributes import DenseElementsAttr
from pyopt.ir.types import DYNAMIC, FloatType, IntegerType, IndexType, RankedTensorType
from pyopt.rewrite.matchers import constant_attr, constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.shaped_models import dropped_dims
from pyopt.dialects.tensor.dim_equality import same_dim_size
from pyopt.dialects.tensor.slice_canonicalize import (create_extract_slice, create_insert_slice,
                                                      is_rank_reduced_type, static_of)


def _const(x):
    return x if isinstance(x, int) else constant_int(x)


def has_unit_stride(op):
    return all(_const(s) == 1 for s in op.mixed_strides)


def slice_dropped_dims(op):
    """getDroppedDims: of an extract_slice's result, of an insert_slice's source."""
    reduced = op.result.type if op.name == "tensor.extract_slice" else op.source.type
    return dropped_dims(list(reduced.shape), op.mixed_sizes)


def _slice_type(src, sizes):
    """ExtractSliceOp::inferResultType from mixed sizes."""
    shape = static_of(sizes)
    return RankedTensorType(shape, src.element_type, src.encoding) \
        if src.encoding is not None else RankedTensorType(shape, src.element_type)


# ---------------------------------------------------------------------------- constants
class ConstantOpExtractSliceFolder(RewritePattern):
    def __init__(self, control):
        super().__init__("tensor.extract_slice")
        self.control = control

    def match_and_rewrite(self, op, rw):
        attr = constant_attr(op.source)
        if type(attr) is not DenseElementsAttr or attr.is_splat:
            return False
        st, rt = op.source.type, op.result.type
        if DYNAMIC in st.shape or DYNAMIC in rt.shape:
            return False
        if not self.control(op):
            return False
        count = st.num_elements
        if count == 0:
            return False
        offsets = list(op.get_attr("static_offsets").values)
        sizes = list(op.get_attr("static_sizes").values)
        strides = list(op.get_attr("static_strides").values)
        if DYNAMIC in offsets or DYNAMIC in sizes or DYNAMIC in strides:
            return False
        if type(st.element_type) not in (IntegerType, IndexType, FloatType):
            return False
        counts = []
        for s in st.shape:
            count //= s
            counts.append(count)
        values = attr.all_values()
        out = []

        def walk(base, k):
            off, size, stride = offsets[k], sizes[k], strides[k]
            for i in range(size):
                pos = base + (off + i * stride) * counts[k]
                if k + 1 == len(offsets):
                    out.append(values[pos])
                else:
                    walk(pos, k + 1)
        if offsets:
            walk(0, 0)
        rw.replace_op_with_new_op(op, "arith.constant", [], [rt],
                                  properties={"value": DenseElementsAttr(rt, out)})
        return True


def constant_extract_slice_patterns(control):
    return [ConstantOpExtractSliceFolder(control)]


# ---------------------------------------------------------------------------- consecutive
def merge_offsets_sizes_and_strides(rw, loc, producer, consumer, dropped):
    """affine::mergeOffsetsSizesAndStrides: the consumer slice of the producer slice as one
    slice of the producer's source."""
    p_offs, p_sizes, p_strides = producer.mixed_offsets, producer.mixed_sizes, \
        producer.mixed_strides
    c_offs, c_sizes, c_strides = consumer.mixed_offsets, consumer.mixed_sizes, \
        consumer.mixed_strides
    offs, sizes, strides = [], [], []
    k = 0
    off_map = AffineMap(0, 3, [symbol(0) * symbol(1) + symbol(2)])
    stride_map = AffineMap(0, 2, [symbol(0) * symbol(1)])
    for i in range(len(p_offs)):
        if i in dropped:
            offs.append(p_offs[i])
            sizes.append(p_sizes[i])
            strides.append(p_strides[i])
            continue
        offs.append(composed_folded_apply(rw, off_map, [c_offs[k], p_strides[i], p_offs[i]],
                                          loc))
        sizes.append(c_sizes[k])
        strides.append(composed_folded_apply(rw, stride_map, [c_strides[k], p_strides[i]],
                                             loc))
        k += 1
    return offs, sizes, strides


class MergeConsecutiveExtractSlice(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        prev = defining(op.source, "tensor.extract_slice")
        if prev is None:
            return False
        rw.set_insertion_point(op)
        offs, sizes, strides = merge_offsets_sizes_and_strides(rw, op.loc, prev, op,
                                                               slice_dropped_dims(prev))
        new = create_extract_slice(rw, op.result.type, prev.source, offs, sizes, strides,
                                   op.loc)
        rw.replace_op(op, [new])
        return True


class MergeConsecutiveInsertSlice(RewritePattern):
    def match_and_rewrite(self, op, rw):
        prev = defining(op.source, "tensor.insert_slice")
        if prev is None:
            return False
        if not has_unit_stride(prev) or not has_unit_stride(op):
            return False
        if not is_rank_reduced_type(prev.dest.type, prev.source.type):
            return False
        if DYNAMIC in prev.source.type.shape or DYNAMIC in prev.dest.type.shape:
            return False
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, prev.source, op.dest, op.mixed_offsets,
                                  op.mixed_sizes, op.mixed_strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


def merge_consecutive_insert_extract_patterns():
    return [MergeConsecutiveExtractSlice(), MergeConsecutiveInsertSlice("tensor.insert_slice"),
            MergeConsecutiveInsertSlice("tensor.parallel_insert_slice")]


# ---------------------------------------------------------------------------- rank expansion
def is_cast_like_extract_slice(op):
    """isCastLikeExtractSliceOp: the result is the source but for dropped unit dims."""
    dropped = slice_dropped_dims(op)
    k = 0
    for d in range(len(op.source.type.shape)):
        if d in dropped:
            if op.source.type.shape[d] != 1:
                return False
            continue
        if not same_dim_size(op.source, d, op.result, k):
            return False
        k += 1
    return True


def is_cast_like_insert_slice(op):
    """isCastLikeInsertSliceOp: the source fills the dest but for unit dims it expands."""
    dropped = slice_dropped_dims(op)
    rt = op.dest.type
    k = 0
    for d in range(len(rt.shape)):
        if d in dropped:
            if rt.shape[d] != 1:
                return False
            continue
        if not same_dim_size(op.source, k, op.result, d):
            return False
        k += 1
    return True


class DropRedundantRankExpansionOnExtractSliceOfInsertSlice(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        dropped = slice_dropped_dims(op)
        if not dropped:
            return False
        ins = defining(op.source, "tensor.insert_slice")
        if ins is None or slice_dropped_dims(ins) != dropped:
            return False
        if not ins.result.has_one_use() or not is_cast_like_insert_slice(ins):
            return False
        rw.set_insertion_point(op)
        n = len(op.source.type.shape)
        keep = [i for i in range(n) if i not in dropped]
        offs = [op.mixed_offsets[i] for i in keep]
        sizes = [op.mixed_sizes[i] for i in keep]
        strides = [op.mixed_strides[i] for i in keep]
        new = create_extract_slice(rw, _slice_type(ins.source.type, sizes), ins.source, offs,
                                   sizes, strides, op.loc)
        rw.replace_op(op, [new])
        rw.erase_op(ins)
        return True


class DropRedundantRankExpansionOnInsertSliceOfExtractSlice(RewritePattern):
    def __init__(self):
        super().__init__("tensor.insert_slice")

    def match_and_rewrite(self, op, rw):
        ex = defining(op.source, "tensor.extract_slice")
        if ex is None:
            return rw.notify_match_failure(op, "source is not extract_slice")
        if not ex.result.has_one_use():
            return rw.notify_match_failure(op, "source has multi-uses")
        if not is_cast_like_insert_slice(op):
            return rw.notify_match_failure(op, "insert_slice is not cast-like")
        ed, idr = slice_dropped_dims(ex), slice_dropped_dims(op)
        en, inn = len(ex.mixed_sizes), len(op.mixed_sizes)
        if en < inn:
            return rw.notify_match_failure(op, "insert_slice expands more dims")
        pos = 0
        for e in range(en):
            if pos == inn:
                break
            xe, xi = e in ed, pos in idr
            if xe == xi:
                pos += 1
            elif not xe and xi:
                return rw.notify_match_failure(op, "insert_slice drops more unit dims")
        if pos != inn:
            return rw.notify_match_failure(op, "insert_slice has unmatched dims")
        rw.set_insertion_point(op)
        new = create_extract_slice(rw, op.result.type, ex.source, ex.mixed_offsets,
                                   ex.mixed_sizes, ex.mixed_strides, op.loc)
        rw.replace_op(op, [new])
        rw.erase_op(ex)
        return True


def drop_redundant_rank_expansion_patterns():
    return [DropRedundantRankExpansionOnExtractSliceOfInsertSlice(),
            DropRedundantRankExpansionOnInsertSliceOfExtractSlice()]


# ---------------------------------------------------------------------------- reshapes
class FoldExpandOfRankReducingExtract(RewritePattern):
    def __init__(self):
        super().__init__("tensor.expand_shape")

    def match_and_rewrite(self, op, rw):
        ex = defining(op.src, "tensor.extract_slice")
        if ex is None:
            return False
        t = _slice_type(ex.source.type, list(ex.get_attr("static_sizes").values))
        if t is not op.result.type:
            return False
        rw.set_insertion_point(op)
        new = create_extract_slice(rw, t, ex.source, ex.mixed_offsets, ex.mixed_sizes,
                                   ex.mixed_strides, op.loc)
        rw.replace_op(op, [new])
        return True


class FoldUnPaddingCollapseIntoExtract(RewritePattern):
    def __init__(self):
        super().__init__("tensor.collapse_shape")

    def match_and_rewrite(self, op, rw):
        ex = defining(op.src, "tensor.extract_slice")
        if ex is None or not ex.result.has_one_use():
            return False
        if not is_rank_reduced_type(op.src.type, op.result.type):
            return rw.notify_match_failure(op, "expected unpadding collapse")
        rw.set_insertion_point(op)
        new = create_extract_slice(rw, op.result.type, ex.source, ex.mixed_offsets,
                                   ex.mixed_sizes, ex.mixed_strides, ex.loc)
        rw.replace_op(op, [new])
        return True


class FoldInsertOfRankReducingInsert(RewritePattern):
    def match_and_rewrite(self, op, rw):
        col = defining(op.source, "tensor.collapse_shape")
        if col is None:
            return False
        t = RankedTensorType(list(op.get_attr("static_sizes").values),
                             op.dest.type.element_type)
        if t is not col.src.type:
            return False
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, col.src, op.dest, op.mixed_offsets,
                                  op.mixed_sizes, op.mixed_strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


class FoldPaddingExpandIntoInsert(RewritePattern):
    def match_and_rewrite(self, op, rw):
        exp = defining(op.source, "tensor.expand_shape")
        if exp is None:
            return False
        if not is_rank_reduced_type(exp.result.type, exp.src.type):
            return rw.notify_match_failure(op, "expected rank increasing expansion")
        rw.modify_op_in_place(op, lambda: op.set_operand(0, exp.src))
        return True


def reassociative_reshape_folding_patterns():
    return [FoldExpandOfRankReducingExtract(), FoldUnPaddingCollapseIntoExtract(),
            FoldInsertOfRankReducingInsert("tensor.insert_slice"),
            FoldInsertOfRankReducingInsert("tensor.parallel_insert_slice"),
            FoldPaddingExpandIntoInsert("tensor.insert_slice"),
            FoldPaddingExpandIntoInsert("tensor.parallel_insert_slice")]
