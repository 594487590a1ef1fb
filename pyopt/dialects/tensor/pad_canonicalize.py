"""tensor.pad's folder and canonicalization patterns (MLIR 19 TensorOps.cpp):

- fold: a static-shaped pad whose result type is its source's (and not `nofold`) is the source;
- FoldStaticZeroPadding: all padding zero -> a tensor.cast of the source;
- FoldSourceTensorCast: a source tensor.cast losing static sizes is bypassed;
- FoldTargetTensorCast: a single tensor.cast user adding static sizes moves into the pad;
- FoldOrthogonalPaddings: pad(extract_slice(pad(extract_slice x))) padding other dims with the
  same constant -> one slice and one pad;
- FoldStaticPadding: constant low/high padding Values become static, the result more static.

`constant_padding_value(pad)` is PadOp::getConstantPaddingValue."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, RankedTensorType
from pyopt.rewrite.matchers import constant_attr, constant_int, defining
from pyopt.rewrite.pattern import RewritePattern


def constant_padding_value(pad):
    """The yielded padding Value when it is a constant or defined outside the pad's body."""
    block = pad.regions[0].blocks[0]
    y = block.last
    if y is None or y.name != "tensor.yield":
        return None
    v = y.value
    if constant_attr(v) is not None:
        return v
    d = v.defining_op()
    owner = d.parent if d is not None else getattr(v, "owner", None)
    return None if owner is block else v


def _c(x):
    return x if isinstance(x, int) else constant_int(x)


def zero_low_pad(op):
    return all(_c(x) == 0 for x in op.mixed_low)


def zero_high_pad(op):
    return all(_c(x) == 0 for x in op.mixed_high)


def padded_dims(op):
    """PadOp::getPaddedDims: dims with a low or high padding not known to be zero."""
    return {i for lst in (op.mixed_low, op.mixed_high) for i, x in enumerate(lst) if _c(x) != 0}


def infer_pad_type(src, static_low, static_high, result_shape=()):
    """PadOp::inferResultType (None when the ranks disagree)."""
    rank = len(src.shape)
    if len(static_low) != rank or len(static_high) != rank or \
            (result_shape and len(result_shape) != rank):
        return None
    shape = []
    for i in range(rank):
        if DYNAMIC in (src.shape[i], static_low[i], static_high[i]):
            shape.append(result_shape[i] if result_shape else DYNAMIC)
        else:
            shape.append(src.shape[i] + static_low[i] + static_high[i])
    return RankedTensorType(shape, src.element_type)


def create_pad(rw, result_type, source, static_low, static_high, low, high, like, region=None,
               loc=None):
    """A tensor.pad with `like`'s nofold flag and discardable attributes; `region`: "clone"
    (of like's body), "take" (like's body moved) or "inline"."""
    props = {"static_low": DenseArrayAttr(I64, list(static_low)),
             "static_high": DenseArrayAttr(I64, list(static_high)),
             "operandSegmentSizes": segment_sizes([1, len(low), len(high)])}
    nofold = like.get_attr("nofold")
    if nofold is not None:
        props["nofold"] = nofold
    new = rw.create("tensor.pad", [source] + list(low) + list(high), [result_type],
                    properties=props, attributes=dict(like.attributes), regions=1,
                    loc=loc or like.loc)
    if region == "clone":
        like.regions[0].clone_into(new.regions[0], {})
    elif region == "take":
        new.regions[0].take_body(like.regions[0])
    elif region == "inline":
        rw.inline_region_before(like.regions[0], new.regions[0])
    return new


def create_pad_with_value(rw, result_type, source, low, high, value, nofold=None, loc=None):
    """PadOp's builder from a constant padding value: mixed (int | Value) low/high padding,
    a body yielding `value`; `result_type` None infers it."""
    from pyopt.ir.core import Block
    from pyopt.ir.types import INDEX
    sl, dl = _split(low)
    sh, dh = _split(high)
    if result_type is None:
        result_type = infer_pad_type(source.type, sl, sh)
    props = {"static_low": DenseArrayAttr(I64, sl), "static_high": DenseArrayAttr(I64, sh),
             "operandSegmentSizes": segment_sizes([1, len(dl), len(dh)])}
    if nofold is not None:
        props["nofold"] = nofold
    new = rw.create("tensor.pad", [source] + dl + dh, [result_type], properties=props,
                    regions=1, loc=loc)
    rank = len(result_type.shape)
    block = Block([INDEX] * rank, [loc] * rank)
    new.regions[0].append(block)
    if rw.listener is not None:
        rw.listener.notify_block_inserted(block, None)
    ip = rw.save()
    rw.set_insertion_point_to_end(block)
    rw.create("tensor.yield", [value], [], loc=loc)
    rw.restore(ip)
    return new


def create_pad_high(rw, result_type, source, value, loc):
    """tensor::createPadHighOp: pad `source` at the high end of each static dim of
    `result_type` with `value`."""
    from pyopt.ir.affine import dim
    from pyopt.dialects.affine.builders import composed_folded_apply
    from pyopt.dialects.tensor.reshapes import create_or_fold_dim
    high = []
    for i, s in enumerate(result_type.shape):
        if s == DYNAMIC:
            high.append(0)
            continue
        size = source.type.shape[i]
        if size == DYNAMIC:
            size = create_or_fold_dim(rw, source, i, loc)
        high.append(composed_folded_apply(rw, s - dim(0), [size], loc))
    return create_pad_with_value(rw, result_type, source, [0] * len(high), high, value,
                                 loc=loc).results[0]


def _split(mixed):
    return ([x if isinstance(x, int) else DYNAMIC for x in mixed],
            [x for x in mixed if not isinstance(x, int)])


def _fold_pad(op, consts):
    t = op.result.type
    if DYNAMIC not in t.shape and t is op.source.type and op.get_attr("nofold") is None:
        return op.source
    return None


class FoldStaticZeroPadding(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pad")

    def match_and_rewrite(self, op, rw):
        if not zero_low_pad(op) or not zero_high_pad(op) or op.get_attr("nofold") is not None:
            return False
        rw.replace_op_with_new_op(op, "tensor.cast", [op.source], [op.result.type])
        return True


class FoldSourceTensorCast(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pad")

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.canonicalize import preserves_static_information
        cast = defining(op.source, "tensor.cast")
        if cast is None or not preserves_static_information(cast.dest.type, cast.source.type):
            return False
        static_low = list(op.get_attr("static_low").values)
        static_high = list(op.get_attr("static_high").values)
        nt = infer_pad_type(cast.source.type, static_low, static_high,
                            list(op.result.type.shape))
        if nt is op.result.type:
            rw.modify_op_in_place(op, lambda: op.set_operand(0, cast.source))
            return True
        new = create_pad(rw, nt, op.source, static_low, static_high, op.low, op.high, op,
                         region="clone")
        rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [op.result.type])
        return True


class FoldTargetTensorCast(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pad")

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.canonicalize import preserves_static_information
        r = op.result
        if not r.has_one_use():
            return False
        user = r.first_use.owner
        if user.name != "tensor.cast" or \
                not preserves_static_information(r.type, user.dest.type):
            return False
        new = create_pad(rw, user.dest.type, op.source, op.get_attr("static_low").values,
                         op.get_attr("static_high").values, op.low, op.high, op,
                         region="take")
        rw.replace_op(op, [new.results[0]])
        rw.replace_op(user, [new.results[0]])
        return True


class FoldOrthogonalPaddings(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pad")

    def match_and_rewrite(self, op, rw):
        inner = defining(op.source, "tensor.extract_slice")
        if inner is None:
            return False
        outer_pad = defining(inner.source, "tensor.pad")
        if outer_pad is None or outer_pad.get_attr("nofold") is not None:
            return False
        outer = defining(outer_pad.source, "tensor.extract_slice")
        if outer is None:
            return False
        rank = len(op.source.type.shape)
        if len(outer.source.type.shape) != rank:
            return rw.notify_match_failure(op, "cannot fold rank-reducing chain")
        if any(_c(s) != 1 for s in inner.mixed_strides + outer.mixed_strides):
            return rw.notify_match_failure(op, "cannot fold non-unit stride ExtractSliceOps")
        if not zero_low_pad(op) or not zero_low_pad(outer_pad):
            return rw.notify_match_failure(op, "cannot fold PadOps with low padding")
        iv, ov = constant_padding_value(op), constant_padding_value(outer_pad)
        ia = constant_attr(iv) if iv is not None else None
        oa = constant_attr(ov) if ov is not None else None
        if ia is None or oa is None or ia != oa:
            return rw.notify_match_failure(op, "cannot fold PadOps with different padding "
                                               "values")
        idims, odims = padded_dims(op), padded_dims(outer_pad)
        if idims & odims:
            return rw.notify_match_failure(op, "cannot fold PadOps with common padding "
                                               "dimensions")
        ioffs, ooffs = inner.mixed_offsets, outer.mixed_offsets
        offsets = []
        for i in range(rank):
            if i not in idims and _c(ioffs[i]) == 0:
                offsets.append(ooffs[i])
            elif i not in odims and _c(ooffs[i]) == 0:
                offsets.append(ioffs[i])
            else:
                return rw.notify_match_failure(op, "cannot find zero-offset and zero-padding "
                                                   "pair")
        sizes = list(inner.mixed_sizes)
        for i in range(rank):
            if i not in odims:
                continue
            if _c(inner.mixed_sizes[i]) != inner.source.type.shape[i]:
                return rw.notify_match_failure(op, "cannot fold since the inner ExtractSliceOp "
                                                   "size does not match the size of the outer "
                                                   "padding")
            sizes[i] = outer.mixed_sizes[i]
        high = [0] * rank
        for i in range(rank):
            if i in idims:
                high[i] = op.mixed_high[i]
            if i in odims:
                high[i] = outer_pad.mixed_high[i]
        from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, static_of
        src = outer.source
        st = src.type
        slice_t = RankedTensorType(static_of(sizes), st.element_type, st.encoding) \
            if st.encoding is not None else RankedTensorType(static_of(sizes), st.element_type)
        s = create_extract_slice(rw, slice_t, src, offsets, sizes, inner.mixed_strides, op.loc)
        sl, dl = _split(op.mixed_low)
        sh, dh = _split(high)
        new = create_pad(rw, op.result.type, s, sl, sh, dl, dh, op, region="inline")
        rw.replace_op(op, [new.results[0]])
        return True


class FoldStaticPadding(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pad")

    def match_and_rewrite(self, op, rw):
        src_t, res_t = op.source.type, op.result.type
        if type(src_t) is not RankedTensorType or type(res_t) is not RankedTensorType:
            return False
        in_dims, out_dims = list(src_t.shape), list(res_t.shape)
        const_low, new_lows = [], []
        for v in op.low:
            c = constant_int(v)
            const_low.append(DYNAMIC if c is None else c)
            if c is None:
                new_lows.append(v)
        const_high, new_highs = [], []
        for v in op.high:
            c = constant_int(v)
            const_high.append(DYNAMIC if c is None else c)
            if c is None:
                new_highs.append(v)
        low = list(op.get_attr("static_low").values)
        high = list(op.get_attr("static_high").values)
        rank = len(in_dims)
        if len(out_dims) != rank or len(low) != rank or len(high) != rank:
            return False
        li = hi = 0
        for i in range(rank):
            if low[i] == DYNAMIC:
                low[i] = const_low[li]
                li += 1
            if high[i] == DYNAMIC:
                high[i] = const_high[hi]
                hi += 1
        new_out = []
        for i in range(rank):
            if out_dims[i] == DYNAMIC:
                new_out.append(DYNAMIC if DYNAMIC in (low[i], high[i], in_dims[i]) else
                               in_dims[i] + low[i] + high[i])
            else:
                new_out.append(out_dims[i])
        if new_out == out_dims or all(x == DYNAMIC for x in new_out):
            return False
        nt = RankedTensorType(new_out, res_t.element_type)
        new = create_pad(rw, nt, op.source, low, high, new_lows, new_highs, op, region="clone")
        rw.replace_op_with_new_op(op, "tensor.cast", [new.results[0]], [res_t])
        return True


def pad_patterns():
    """PadOp::getCanonicalizationPatterns."""
    return [FoldStaticZeroPadding(), FoldSourceTensorCast(), FoldTargetTensorCast(),
            FoldOrthogonalPaddings(), FoldStaticPadding()]


def attach(dialect):
    dialect.attach_rewrites(folds={"tensor.pad": _fold_pad},
                            patterns={"tensor.pad": pad_patterns()})
