"""2-D convolutions and poolings with a size-1 window dimension rewritten as their 1-D form
(MLIR 19 Linalg Transforms.cpp: DownscaleSizeOneWindowed2DConvolution,
DownscaleDepthwiseConv2DNhwcHwcOp, DownscaleConv2DOp), as transform.structured.decompose
applies them.

When the kernel and the output both have size 1 along H (else along W), that dimension is
dropped: the operands become canonical rank-reducing extract_slices, the 1-D op computes on
them and its result is inserted back into the original init. Tensors only."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr
from pyopt.ir.types import I64, RankedTensorType, VectorType
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.linalg.builders import create_named

from passes.linalg.drop_unit_dims import SLICES, collapse_value, expand_value

# 2-D op -> (1-D op, (kernel H, kernel W, output H, output W) dimension positions); the input
# drops the output's position. Ops without strides/dilations attributes: see _NO_WINDOW_ATTRS.
_DOWNSCALE = {
    "linalg.conv_2d_nhwc_hwcf": ("linalg.conv_1d_nwc_wcf", (0, 1, 1, 2)),
    "linalg.conv_2d_nchw_fchw": ("linalg.conv_1d_ncw_fcw", (2, 3, 2, 3)),
    "linalg.pooling_nhwc_sum": ("linalg.pooling_nwc_sum", (0, 1, 1, 2)),
    "linalg.pooling_nchw_sum": ("linalg.pooling_ncw_sum", (0, 1, 2, 3)),
    "linalg.pooling_nhwc_max": ("linalg.pooling_nwc_max", (0, 1, 1, 2)),
    "linalg.pooling_nhwc_max_unsigned": ("linalg.pooling_nwc_max_unsigned", (0, 1, 1, 2)),
    "linalg.pooling_nhwc_min": ("linalg.pooling_nwc_min", (0, 1, 1, 2)),
    "linalg.pooling_nhwc_min_unsigned": ("linalg.pooling_nwc_min_unsigned", (0, 1, 1, 2)),
    "linalg.pooling_nchw_max": ("linalg.pooling_ncw_max", (0, 1, 2, 3)),
    "linalg.depthwise_conv_2d_nhwc_hwc": ("linalg.depthwise_conv_1d_nwc_wc", (0, 1, 1, 2)),
    "linalg.conv_2d": ("linalg.conv_1d", (0, 1, 0, 1)),
}
_NO_WINDOW_ATTRS = frozenset({"linalg.conv_2d"})


def _window_attr(op, name, drop):
    """The 2-D op's strides/dilations (default 1) without the dropped dimension, as the
    1-D op's vector<1xi64> attribute (getI64VectorAttr)."""
    a = op.get_attr(name)
    vals = [int(v) for v in a.all_values()] if a is not None else [1, 1]
    del vals[drop]
    return DenseElementsAttr(VectorType([len(vals)], I64), vals)


def _drop(t, d):
    shape = list(t.shape)
    del shape[d]
    return shape


def downscale_size_one_window(rw, op):
    """The new 1-D op replacing `op` (whose result is inserted back), or None."""
    entry = _DOWNSCALE.get(op.name)
    if entry is None:
        return None
    name, (kh, kw, oh, ow) = entry
    inp, kernel = dps_inputs(op)
    out = dps_inits(op)[0]
    if not all(isinstance(v.type, RankedTensorType) for v in (inp, kernel, out)):
        return None  # (buffers: not implemented upstream either)
    ks, os = kernel.type.shape, out.type.shape
    remove_h = ks[kh] == 1 and os[oh] == 1
    if not remove_h and not (ks[kw] == 1 and os[ow] == 1):
        return None
    k_drop, o_drop = (kh, oh) if remove_h else (kw, ow)
    loc = op.loc
    rw.set_insertion_point(op)
    new_in, new_kernel, new_out = (
        collapse_value(rw, v, _drop(v.type, d), None, SLICES, loc)
        for v, d in ((inp, o_drop), (kernel, k_drop), (out, o_drop)))
    attrs = None
    if op.name not in _NO_WINDOW_ATTRS:
        which = 0 if remove_h else 1
        attrs = {"strides": _window_attr(op, "strides", which),
                 "dilations": _window_attr(op, "dilations", which)}
    conv = create_named(rw, name, [new_in, new_kernel], [new_out], loc, attrs)
    rw.replace_op(op, [expand_value(rw, conv.results[0], out, None, SLICES, loc)])
    return conv
