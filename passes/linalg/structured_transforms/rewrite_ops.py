"""transform.structured.generalize / specialize / interchange / convert_conv2d_to_img2col /
decompose / decompose_interface: one linalg op rewritten in place of another
(generalizeNamedOp, specializeGenericOp, interchangeGenericOp, rewriteInIm2Col, the
size-one-window downscaling patterns, AggregatedOpInterface::decomposeOperation)."""
from __future__ import annotations

from pyopt.dialects.linalg.structured import is_linalg_op, num_loops
from pyopt.dialects.transform.ext_structured import GENERALIZE, INTERCHANGE, SPECIALIZE
from pyopt.dialects.transform.failures import definite, silenceable

from pyopt.interfaces.aggregated import decompose_operation
from pyopt.dialects.transform.ext_structured_misc import (CONVERT_CONV2D_TO_IMG2COL, DECOMPOSE,
                                                          DECOMPOSE_INTERFACE)

from passes.linalg.conv_to_img2col import rewrite_in_im2col
from passes.linalg.decompose_conv import downscale_size_one_window
from passes.linalg.generalize import generalize_named_op
from passes.linalg.interchange import interchange_generic
from passes.linalg.specialize import specialize_generic
from passes.linalg.structured_transforms.common import implement


def default_failure(op, target):
    """emitDefaultSilenceableFailure."""
    return silenceable(op, f"{op.name} failed to apply", [("when applied to this op",
                                                            target.loc)])


def _linalg_target(op, target):
    if not is_linalg_op(target):
        raise silenceable(op, "transform applied to the wrong op kind",
                          [("when applied to this op", target.loc)])


def each_generalize(op, target, state):
    _linalg_target(op, target)
    if target.name == "linalg.generic":
        return [target]
    rw = state.rewriter
    rw.set_insertion_point(target)
    g = generalize_named_op(target, rw)
    if g is None:
        raise default_failure(op, target)
    return [g]


def each_specialize(op, target, state):
    _linalg_target(op, target)
    if target.name != "linalg.generic":
        return [target]
    rw = state.rewriter
    rw.set_insertion_point(target)
    named = specialize_generic(rw, target)
    if named is None:
        raise default_failure(op, target)
    return [named]


def each_interchange(op, target, state):
    perm = list(op.get_attr("iterator_interchange").values) \
        if op.get_attr("iterator_interchange") is not None else []
    if not perm:
        return [target]
    n = num_loops(target)
    if len(perm) != n:
        raise silenceable(op, f"\"iterator_interchange\" has length ({len(perm)}) different from "
                              f"the number of loops in the target operation ({n})")
    if not interchange_generic(state.rewriter, target, perm):
        raise definite(op, "failed to apply")
    return [target]


implement(GENERALIZE, each_generalize)
implement(SPECIALIZE, each_specialize)
implement(INTERCHANGE, each_interchange)


def each_convert_conv2d_to_img2col(op, target, state):
    """(the op producing the im2col tensor, the op replacing the convolution)."""
    _linalg_target(op, target)
    rw = state.rewriter
    rw.set_insertion_point(target)
    r = rewrite_in_im2col(rw, target)
    if r is None:
        raise default_failure(op, target)
    return list(r)


implement(CONVERT_CONV2D_TO_IMG2COL, each_convert_conv2d_to_img2col)


def each_decompose(op, target, state):
    _linalg_target(op, target)
    new = downscale_size_one_window(state.rewriter, target)
    if new is None:
        raise default_failure(op, target)
    return [new]


def each_decompose_interface(op, target, state):
    """The ops defining the replacement values."""
    import pyopt.dialects.linalg.softmax_decompose  # noqa: F401  (attaches softmax's model)
    rw = state.rewriter
    values = decompose_operation(target, rw)
    if values is None:
        raise default_failure(op, target)
    rw.replace_op(target, values)
    return [[v.defining_op() for v in values if v.defining_op() is not None]]


implement(DECOMPOSE, each_decompose)
implement(DECOMPOSE_INTERFACE, each_decompose_interface)
