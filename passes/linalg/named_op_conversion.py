"""`linalg-named-op-conversion`: a depthwise convolution with a channel multiplier of 1
(depthwise_conv_2d_nhwc_hwcm[_q] with kernel dim 3 of size 1) becomes the plain depthwise
convolution (depthwise_conv_2d_nhwc_hwc[_q]) on collapsed kernel and init, its result expanded
back (MLIR 19's NamedOpConversions), on tensors."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, DenseElementsAttr, IntegerAttr
from pyopt.ir.types import I64, RankedTensorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, has_pure_tensor_semantics
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.structured import MEMOIZED_MAPS

_TARGETS = {"linalg.depthwise_conv_2d_nhwc_hwcm": "linalg.depthwise_conv_2d_nhwc_hwc",
            "linalg.depthwise_conv_2d_nhwc_hwcm_q": "linalg.depthwise_conv_2d_nhwc_hwc_q"}


def _reassociation(groups):
    return ArrayAttr([ArrayAttr([IntegerAttr(I64, i) for i in g]) for g in groups])


def _index_attr(op, name):
    """The index attribute, or its default (the getter's DefaultValuedOptionalAttr)."""
    a = op.properties.get(name)
    if a is not None:
        return a
    return DenseElementsAttr(RankedTensorType([2], I64), [1])


class SimplifyDepthwiseConv(RewritePattern):
    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        ins, init = dps_inputs(op), dps_inits(op)[0]
        kernel, result = ins[1], op.results[0]
        kt, it = kernel.type, init.type
        if type(kt) is not RankedTensorType or type(it) is not RankedTensorType or \
                kt.shape[3] != 1:
            return False
        loc = op.loc
        kgroups, igroups = [[0], [1], [2, 3]], [[0], [1], [2], [3, 4]]
        nk = RankedTensorType(list(kt.shape[:3]), kt.element_type)
        ck = rw.create("tensor.collapse_shape", [kernel], [nk],
                       properties={"reassociation": _reassociation(kgroups)}, loc=loc)
        ni = RankedTensorType(list(it.shape[:4]), it.element_type)
        ci = rw.create("tensor.collapse_shape", [init], [ni],
                       properties={"reassociation": _reassociation(igroups)}, loc=loc)
        kept = {k: v for k, v in op.attributes.items() if k != MEMOIZED_MAPS}
        new = create_named(rw, _TARGETS[op.name], [ins[0], ck.results[0]] + ins[2:],
                           [ci.results[0]], loc, attributes=kept)
        new.properties["strides"] = _index_attr(op, "strides")
        new.properties["dilations"] = _index_attr(op, "dilations")
        rt = result.type
        exp = rw.create("tensor.expand_shape", [new.results[0]], [rt], properties={
            "reassociation": _reassociation(igroups),
            "static_output_shape": DenseArrayAttr(I64, list(rt.shape))}, loc=loc)
        rw.replace_op(op, list(exp.results))
        return True


@register_pass("linalg-named-op-conversion", "Convert from one named linalg op to another.",
               display_name="LinalgNamedOpConversionPass")
def linalg_named_op_conversion(op, ctx, options):
    apply_patterns_greedily(op, [SimplifyDepthwiseConv(n) for n in _TARGETS], ctx)
