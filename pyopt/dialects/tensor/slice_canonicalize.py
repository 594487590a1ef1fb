"""Canonicalization patterns of tensor.extract_slice, insert_slice and parallel_insert_slice
(MLIR 19 TensorOps.cpp), and tensor.cast's TensorCastExtractSlice:

- constant offsets/sizes/strides folded into the static lists
  (OpWithOffsetSizesAndStridesConstantArgumentFolder / InsertSliceOpConstantArgumentFolder):
  the extract_slice gets its canonical (more static) result type and is cast back, the
  inserted source is cast to the more static slice type;
- a tensor.cast that only loses static information folded into the slice op using it
  (ExtractSliceOpCastFolder, InsertSliceOpCastFolder; the result is cast back);
- the inserted source cast to the static slice sizes (InsertSliceOpSourceCastInserter);
- a tensor.cast adding static sizes to an extract_slice result folded into the slice
  (TensorCastExtractSlice)."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, RankedTensorType
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.memref.views import rank_reduction_mask


# ---------------------------------------------------------------------------- helpers
def fold_dynamic_index_list(mixed, only_non_negative=False, only_non_zero=False):
    """foldDynamicIndexList: constant Values of an offsets/sizes/strides list become ints;
    (the new list, whether anything changed)."""
    out, changed = [], False
    for x in mixed:
        if not isinstance(x, int):
            c = constant_int(x)
            if c is not None and not (only_non_negative and c < 0) and \
                    not (only_non_zero and c == 0):
                out.append(c)
                changed = True
                continue
        out.append(x)
    return out, changed


def static_of(mixed):
    return [x if isinstance(x, int) else DYNAMIC for x in mixed]


def constant_of(x):
    """getConstantIntValue of an int-or-Value."""
    return x if isinstance(x, int) else constant_int(x)


def canonical_rank_reduced_type(rank, src, static_sizes):
    """ExtractSliceOp::inferCanonicalRankReducedResultType: the slice's sizes, with as many
    leading unit sizes dropped as needed to reach `rank` (the encoding dropped then)."""
    shape = list(static_sizes)
    drop = len(shape) - rank
    if drop <= 0:
        return RankedTensorType(shape, src.element_type, src.encoding) \
            if src.encoding is not None else RankedTensorType(shape, src.element_type)
    out = []
    for s in shape:
        if drop > 0 and s == 1:
            drop -= 1
            continue
        out.append(s)
    return RankedTensorType(out, src.element_type)


def rank_reduction_mask_dynamic(orig, reduced):
    """computeRankReductionMask with matchDynamic: a dynamic size on either side matches
    (unless the original size is 1)."""
    unused, j = set(), 0
    for i, s in enumerate(orig):
        if j < len(reduced) and s != 1 and (reduced[j] == DYNAMIC or s == DYNAMIC):
            j += 1
            continue
        if j < len(reduced) and s == reduced[j]:
            j += 1
            continue
        unused.add(i)
        if s != 1:
            return None
    return unused if j == len(reduced) else None


def is_rank_reduced_type(expected, candidate):
    """isRankReducedType(...) == Success."""
    if expected is candidate:
        return True
    if len(candidate.shape) > len(expected.shape):
        return False
    if rank_reduction_mask(list(expected.shape), list(candidate.shape)) is None:
        return False
    return expected.element_type is candidate.element_type


def slice_properties(offsets, sizes, strides, n_fixed):
    """Properties and dynamic operands of a slice op from mixed lists."""
    dyn, counts, props = [], [1] * n_fixed, {}
    for name, mixed in (("offsets", offsets), ("sizes", sizes), ("strides", strides)):
        props["static_" + name] = DenseArrayAttr(I64, static_of(mixed))
        vals = [x for x in mixed if not isinstance(x, int)]
        counts.append(len(vals))
        dyn += vals
    props["operandSegmentSizes"] = segment_sizes(counts)
    return props, dyn


def create_extract_slice(b, result_type, source, offsets, sizes, strides, loc):
    props, dyn = slice_properties(offsets, sizes, strides, 1)
    return b.create("tensor.extract_slice", [source] + dyn, [result_type], properties=props,
                    loc=loc).results[0]


def create_insert_slice(b, name, source, dest, offsets, sizes, strides, loc):
    """tensor.insert_slice (its result) or tensor.parallel_insert_slice (the op)."""
    props, dyn = slice_properties(offsets, sizes, strides, 2)
    rts = [dest.type] if name == "tensor.insert_slice" else []
    return b.create(name, [source, dest] + dyn, rts, properties=props, loc=loc)


def _cast(b, v, t, loc):
    return b.create("tensor.cast", [v], [t], loc=loc).results[0]


def _has_constant_index_operand(op):
    return any(constant_int(v) is not None for v in op.operands)


def _can_fold_into_consumer(cast):
    from pyopt.dialects.tensor.canonicalize import preserves_static_information
    return cast is not None and preserves_static_information(cast.dest.type, cast.source.type)


# ---------------------------------------------------------------------------- extract_slice
class ExtractSliceConstantArgumentFolder(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        offsets, ch = fold_dynamic_index_list(op.mixed_offsets, True)
        sizes, strides = op.mixed_sizes, op.mixed_strides
        if not ch:
            sizes, ch = fold_dynamic_index_list(sizes, True)
            if not ch:
                strides, ch = fold_dynamic_index_list(strides)
                if not ch:
                    return False
        rt = op.result.type
        t = canonical_rank_reduced_type(len(rt.shape), op.source.type, static_of(sizes))
        new = create_extract_slice(rw, t, op.source, offsets, sizes, strides, op.loc)
        if new.type is not rt:
            new = _cast(rw, new, rt, op.loc)
        rw.replace_op(op, [new])
        return True


class ExtractSliceOpCastFolder(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        if _has_constant_index_operand(op):
            return False
        cast = defining(op.source, "tensor.cast")
        if not _can_fold_into_consumer(cast):
            return False
        rt = op.result.type
        new = create_extract_slice(rw, rt, cast.source, op.mixed_offsets, op.mixed_sizes,
                                   op.mixed_strides, op.loc)
        rw.replace_op(op, [new])
        return True


class TensorCastExtractSlice(RewritePattern):
    def __init__(self):
        super().__init__("tensor.cast")

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.canonicalize import can_fold_into_producer
        rt = op.dest.type
        if type(rt) is not RankedTensorType:
            return False
        ex = defining(op.source, "tensor.extract_slice")
        if ex is None or not can_fold_into_producer(op) or \
                list(rt.shape) == list(op.source.type.shape):
            return False
        sizes = list(ex.mixed_sizes)
        static_sizes = list(ex.get_attr("static_sizes").values)
        mask = rank_reduction_mask(static_sizes, list(ex.result.type.shape))
        k = 0
        for i in range(len(sizes)):
            if mask is not None and i in mask:
                continue
            d = rt.shape[k]
            k += 1
            if d != DYNAMIC:
                sizes[i] = d
        rw.set_insertion_point(op)
        new = create_extract_slice(rw, rt, ex.source, ex.mixed_offsets, sizes,
                                   ex.mixed_strides, op.loc)
        rw.replace_op(op, [new])
        return True


# ---------------------------------------------------------------------------- insert_slice
def _before_combining_parent(rw, op):
    """Insertion point for new values a parallel_insert_slice uses: before its parent."""
    if op.name == "tensor.parallel_insert_slice":
        rw.set_insertion_point(op.parent_op)
    else:
        rw.set_insertion_point(op)


class InsertSliceConstantArgumentFolder(RewritePattern):
    def match_and_rewrite(self, op, rw):
        offsets, ch = fold_dynamic_index_list(op.mixed_offsets, True)
        sizes, strides = op.mixed_sizes, op.mixed_strides
        if not ch:
            sizes, ch = fold_dynamic_index_list(sizes, True)
            if not ch:
                strides, ch = fold_dynamic_index_list(strides, only_non_zero=True)
                if not ch:
                    return False
        st = op.source.type
        t = canonical_rank_reduced_type(len(st.shape), op.dest.type, static_of(sizes))
        src = op.source
        if t is not st:
            _before_combining_parent(rw, op)
            src = _cast(rw, src, t, op.loc)
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, src, op.dest, offsets, sizes, strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


class InsertSliceOpCastFolder(RewritePattern):
    def match_and_rewrite(self, op, rw):
        if _has_constant_index_operand(op):
            return False
        sc, dc = defining(op.source, "tensor.cast"), defining(op.dest, "tensor.cast")
        sc = sc if _can_fold_into_consumer(sc) else None
        dc = dc if _can_fold_into_consumer(dc) else None
        if sc is None and dc is None:
            return False
        src = sc.source if sc is not None else op.source
        dst = dc.source if dc is not None else op.dest
        st, dt = src.type, dst.type
        if type(st) is not RankedTensorType or type(dt) is not RankedTensorType:
            return False
        static_sizes = list(op.get_attr("static_sizes").values)
        mask = rank_reduction_mask_dynamic(static_sizes, list(st.shape))
        if mask is None:
            return False
        sizes = list(op.mixed_sizes)
        k = 0
        for i in range(len(static_sizes)):
            if i not in mask and st.shape[k] != DYNAMIC:
                sizes[i] = st.shape[k]
                static_sizes[i] = st.shape[k]
                k += 1
        expected = RankedTensorType(static_sizes, dt.element_type, dt.encoding) \
            if dt.encoding is not None else RankedTensorType(static_sizes, dt.element_type)
        if not is_rank_reduced_type(expected, st):
            return False
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, src, dst, op.mixed_offsets, sizes,
                                  op.mixed_strides, op.loc)
        out = list(new.results)
        if op.name == "tensor.insert_slice" and dst.type is not op.dest.type:
            out = [_cast(rw, out[0], op.dest.type, op.loc)]
        rw.replace_op(op, out)
        return True


class InsertSliceOpSourceCastInserter(RewritePattern):
    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.canonicalize import preserves_static_information
        from pyopt.dialects.tensor.ops import cast_compatible
        st = op.source.type
        if len(st.shape) != len(op.dest.type.shape):
            return False
        shape = list(st.shape)
        for i, s in enumerate(op.mixed_sizes):
            c = constant_of(s)
            if c is not None:
                if c < 0:
                    return False
                shape[i] = c
        if any(s != DYNAMIC and s < 0 for s in shape):
            return False
        nt = RankedTensorType(shape, st.element_type, st.encoding) \
            if st.encoding is not None else RankedTensorType(shape, st.element_type)
        if nt is st or not preserves_static_information(st, nt) or \
                not cast_compatible(st, nt):
            return False
        _before_combining_parent(rw, op)
        cast = _cast(rw, op.source, nt, op.loc)
        rw.set_insertion_point(op)
        new = create_insert_slice(rw, op.name, cast, op.dest, op.mixed_offsets,
                                  op.mixed_sizes, op.mixed_strides, op.loc)
        rw.replace_op(op, list(new.results))
        return True


def insert_slice_patterns(name):
    """InsertSliceOp / ParallelInsertSliceOp::getCanonicalizationPatterns."""
    return [InsertSliceConstantArgumentFolder(name), InsertSliceOpCastFolder(name),
            InsertSliceOpSourceCastInserter(name)]


def attach(dialect):
    dialect.attach_rewrites(patterns={
        "tensor.extract_slice": [ExtractSliceConstantArgumentFolder(),
                                 ExtractSliceOpCastFolder()],
        "tensor.insert_slice": insert_slice_patterns("tensor.insert_slice"),
        "tensor.parallel_insert_slice": insert_slice_patterns("tensor.parallel_insert_slice"),
        "tensor.cast": [TensorCastExtractSlice()]})
