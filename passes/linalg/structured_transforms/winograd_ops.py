"""transform.structured.winograd_conv2d over passes/linalg/winograd_conv2d.py."""
from __future__ import annotations

from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured_winograd import WINOGRAD_CONV2D
from pyopt.dialects.transform.failures import silenceable

from passes.linalg.structured_transforms.common import implement
from passes.linalg.winograd_conv2d import winograd_conv2d


def each_winograd_conv2d(op, target, state):
    """applyToOne: the op ending the rewrite (the output transform, or the slice of its
    padded result)."""
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])
    if target.name != "linalg.conv_2d_nhwc_fhwc":
        raise silenceable(op, "this operation is not supported to convert to Winograd Conv2D")
    rw = state.rewriter
    rw.set_insertion_point(target)
    value = winograd_conv2d(rw, target, op.get_attr("m").value, op.get_attr("r").value)
    if value is None:
        raise silenceable(op, "apply Winograd Conv2D failed")
    rw.replace_op(target, [value])
    return [value.defining_op()]


implement(WINOGRAD_CONV2D, each_winograd_conv2d)
