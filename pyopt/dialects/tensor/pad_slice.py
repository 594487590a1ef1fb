"""A slice of a tensor.pad rebuilt as a pad of a slice (MLIR 19 tensor::bubbleUpPadSlice, used
by the pad's tiling and by linalg's ExtractSliceOfPadTensorSwapPattern).

Offsets and sizes are "int or index Value" lists (OpFoldResult). The new slice reads only the
part of the pad's source that the requested window covers; the new pad adds what is left of
the low and high padding. A window reading no source element at all becomes a
tensor.generate of the padding value (statically known), or an scf.if choosing between the
two at run time (dynamic sizes, with the zero-slice guard)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, I1, I64, INDEX, RankedTensorType
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_apply, composed_folded_min, value_of
from pyopt.dialects.shaped_models import mixed_size
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value, create_pad, \
    infer_pad_type
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, static_of


class _Arith:
    """Composed, folded affine helpers over OpFoldResults at the builder's insertion point."""

    def __init__(self, b, loc):
        self.b, self.loc = b, loc
        self.pair = AffineMap(2, 0, [dim(0), dim(1)])

    def add(self, x, y):
        return composed_folded_apply(self.b, dim(0) + dim(1), [x, y], self.loc)

    def sub(self, x, y):
        return composed_folded_apply(self.b, dim(0) - dim(1), [x, y], self.loc)

    def min(self, x, y):
        return composed_folded_min(self.b, self.pair, [x, y], self.loc)

    def max(self, x, y):
        return composed_folded_min(self.b, self.pair, [x, y], self.loc, name="affine.max")


def _is_zero(x):
    return constant_int(x) == 0


def bubble_up_pad_slice(b, pad, offsets, sizes, zero_slice_guard=True):
    """The value of `pad`'s slice at `offsets`/`sizes` (unit strides) built from a slice of
    its source: (tiled ops, [value]), or None when the padding value is not constant."""
    pad_value = constant_padding_value(pad)
    if pad_value is None:
        return None
    loc = pad.loc
    a = _Arith(b, loc)
    source = pad.source
    new_offsets, new_lengths, new_lows, new_highs = [], [], [], []
    has_zero_len = False
    zero_len_cond = None
    for d in range(len(source.type.shape)):
        low, high = pad.mixed_low[d], pad.mixed_high[d]
        has_low, has_high = not _is_zero(low), not _is_zero(high)
        offset, length = offsets[d], sizes[d]
        src_size = mixed_size(b, source, d, loc)
        new_low = a.max(0, a.sub(low, offset)) if has_low else 0
        new_lows.append(new_low)
        # where the window starts and ends inside the source, clamped to [0, size]
        new_offset = (a.min(a.max(a.sub(offset, low), 0), src_size) if has_low
                      else a.min(offset, src_size))
        new_offsets.append(new_offset)
        end = (a.min(a.max(a.add(a.sub(offset, low), length), 0), src_size) if has_low
               else a.min(a.add(offset, length), src_size))
        new_length = a.sub(end, new_offset)
        new_lengths.append(new_length)
        if _is_zero(new_length):
            has_zero_len = True
        elif not has_zero_len:
            check = b.create("arith.cmpi", [value_of(b, new_length, loc), value_of(b, 0, loc)],
                             [I1], properties={"predicate": IntegerAttr(I64, 0)},
                             loc=loc).results[0]
            zero_len_cond = check if zero_len_cond is None else b.create(
                "arith.ori", [check, zero_len_cond], [I1], loc=loc).results[0]
        new_highs.append(a.sub(a.sub(length, new_length), new_low) if has_high else 0)

    shape = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    dyn_dims = [s for s in sizes if not isinstance(s, int)]
    result_type = RankedTensorType(shape, pad.result.type.element_type)

    def cast(v):
        if v.type == result_type:
            return v
        return b.create("tensor.cast", [v], [result_type], loc=loc).results[0]

    def generate():
        gen = b.create("tensor.generate", dyn_dims, [result_type], regions=1, loc=loc)
        ip = b.save()
        block = b.create_block(gen.regions[0], [INDEX] * len(shape), [loc] * len(shape))
        b.set_insertion_point_to_end(block)
        b.create("tensor.yield", [pad_value], [], loc=loc)
        b.restore(ip)
        return gen

    def pad_of_slice():
        src_t = source.type
        slice_t = RankedTensorType(static_of(new_lengths), src_t.element_type, src_t.encoding)
        sliced = create_extract_slice(b, slice_t, source, new_offsets, new_lengths,
                                      [1] * len(new_lengths), loc)
        static_low, static_high = static_of(new_lows), static_of(new_highs)
        pad_t = infer_pad_type(slice_t, static_low, static_high)
        return create_pad(b, pad_t, sliced, static_low, static_high,
                          [x for x in new_lows if not isinstance(x, int)],
                          [x for x in new_highs if not isinstance(x, int)], pad,
                          region="clone", loc=loc)

    if has_zero_len:
        gen = generate()
        return [gen], [cast(gen.results[0])]
    if zero_slice_guard and zero_len_cond is not None:
        if_op = b.create("scf.if", [zero_len_cond], [result_type], regions=2, loc=loc)
        ip = b.save()
        made = []
        for region, build in zip(if_op.regions, (generate, pad_of_slice)):
            b.set_insertion_point_to_end(b.create_block(region))
            made.append(build())
            b.create("scf.yield", [cast(made[-1].results[0])], [], loc=loc)
        b.restore(ip)
        return [made[1]], list(if_op.results)
    new_pad = pad_of_slice()
    return [new_pad], [cast(new_pad.results[0])]

