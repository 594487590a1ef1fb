"""linalg.conv_2d_nhwc_fhwc rewritten with the winograd ops (MLIR 19
Linalg/Transforms/WinogradConv2D.cpp: winogradConv2D, populateWinogradConv2DPatterns):
filter and input transformed, one linalg.batch_matmul over the alpha x alpha positions, the
output transformed back. Inputs and outputs that do not hold whole m x m tiles are padded
high with zeros first (the output sliced back after), through the makeComposedPadHighOp of
passes/linalg/padding.py.

`winograd_conv2d(rw, op, m, r)` is the rewrite (for the transform dialect's winograd_conv2d
too); `winograd_conv2d_patterns(m, r)` the pattern."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, I64, RankedTensorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.tensor.reshapes import create_collapse_shape, create_expand_shape
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
from passes.linalg.packing import zero_constant

SUPPORTED = ((2, 3), (4, 3), (2, 5))


def _all_ones(op, name):
    a = op.get_attr(name)
    return a is None or all(int(v) == 1 for v in a.values)


def _pad_to(rw, value, shape, loc):
    """padToAlignedTensor."""
    et = value.type.element_type
    from passes.linalg.padding import _composed_pad_high as make_composed_pad_high
    return make_composed_pad_high(rw, loc, RankedTensorType(shape, et), value,
                                  zero_constant(rw, et, loc), False)


def _mr(m, r):
    return {"m": IntegerAttr(I64, m), "r": IntegerAttr(I64, r)}


def _winograd_op(rw, kind, source, shape, et, m, r, loc):
    init = rw.create("tensor.empty", [], [RankedTensorType(shape, et)], loc=loc).results[0]
    return rw.create(f"linalg.winograd_{kind}_transform", [source, init], [init.type],
                     properties=_mr(m, r), loc=loc).results[0]


def _matrix_multiply(rw, filt, inp, out_et, loc):
    """matrixMultiply: (alpha, alpha, C, F) and (alpha, alpha, tH, tW, N, C) collapsed to
    one batch_matmul over the alpha x alpha positions, expanded back to
    (alpha, alpha, tH, tW, N, F)."""
    fs, ins = filt.type.shape, inp.type.shape
    cf = create_collapse_shape(rw, filt, [[0, 1], [2], [3]], loc)
    ci = create_collapse_shape(rw, inp, [[0, 1], [2, 3, 4], [5]], loc)
    shape = [ins[0] * ins[1], ins[2] * ins[3] * ins[4], fs[3]]
    init = rw.create("tensor.empty", [], [RankedTensorType(shape, out_et)], loc=loc).results[0]
    mm = create_named(rw, "linalg.batch_matmul", [ci, cf], [init], loc).results[0]
    out_t = RankedTensorType([ins[0], ins[1], ins[2], ins[3], ins[4], fs[3]], out_et)
    return create_expand_shape(rw, out_t, mm, [[0, 1], [2, 3, 4], [5]], loc)


def winograd_conv2d(rw, op, m, r):
    """winogradConv2D: the value replacing `op` (a linalg.conv_2d_nhwc_fhwc), or None (with a
    match-failure note)."""
    inp, filt = dps_inputs(op)
    out = dps_inits(op)[0]
    it, ft, ot = inp.type, filt.type, out.type
    if DYNAMIC in it.shape:
        return rw.notify_match_failure(op, "expected a static shape for the input") or None
    if DYNAMIC in ft.shape:
        return rw.notify_match_failure(op, "expected a static shape for the filter") or None
    if not _all_ones(op, "dilations"):
        return rw.notify_match_failure(op, "expected all ones for dilations") or None
    if not _all_ones(op, "strides"):
        return rw.notify_match_failure(op, "expected all ones for strides") or None
    f, fh, fw, c = ft.shape
    n, ih, iw, _ = it.shape
    on, oh, ow, of = ot.shape
    if not ((fh == fw == r) or (fh == r and fw == 1) or (fh == 1 and fw == r)):
        return rw.notify_match_failure(op, "only support filter (r x r), (r x 1) or (1 x r)") \
            or None
    if (m, r) not in SUPPORTED:
        return None
    loc = op.loc
    left, right = fh != 1, fw != 1
    hm, wm = (m if left else 1), (m if right else 1)
    hr, wr = (r if left else 1), (r if right else 1)
    alpha_h, alpha_w = hm + hr - 1, wm + wr - 1
    tile_h, tile_w = -(-oh // hm), -(-ow // wm)
    tf = _winograd_op(rw, "filter", filt, [alpha_h, alpha_w, c, f], ft.element_type, m, r, loc)
    aligned_h, aligned_w = tile_h * hm + hr - 1, tile_w * wm + wr - 1
    if (aligned_h, aligned_w) != (ih, iw):
        inp = _pad_to(rw, inp, [n, aligned_h, aligned_w, it.shape[3]], loc)
    ti = _winograd_op(rw, "input", inp, [alpha_h, alpha_w, tile_h, tile_w, n, it.shape[3]],
                      it.element_type, m, r, loc)
    prod = _matrix_multiply(rw, tf, ti, ot.element_type, loc)
    unaligned = (tile_h * hm, tile_w * wm) != (oh, ow)
    if unaligned:
        out = _pad_to(rw, out, [on, tile_h * hm, tile_w * wm, of], loc)
    res = rw.create("linalg.winograd_output_transform", [prod, out], [out.type],
                    properties=_mr(m, r), loc=loc).results[0]
    if unaligned:
        res = create_extract_slice(rw, RankedTensorType([on, oh, ow, of], ot.element_type), res,
                                   [0] * 4, [on, oh, ow, of], [1] * 4, loc)
    return res


class WinogradConv2DNhwcFhwc(RewritePattern):
    def __init__(self, m, r):
        super().__init__("linalg.conv_2d_nhwc_fhwc")
        self.m, self.r = m, r

    def match_and_rewrite(self, op, rw):
        rw.set_insertion_point(op)
        v = winograd_conv2d(rw, op, self.m, self.r)
        if v is None:
            return False
        rw.replace_op(op, [v])
        return True


def winograd_conv2d_patterns(m, r):
    """populateWinogradConv2DPatterns."""
    return [WinogradConv2DNhwcFhwc(m, r)]
