"""Shared pieces of the structured transform ops' implementations."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic
from pyopt.ir.types import DYNAMIC, IndexType
from pyopt.dialects.transform.extension import implement  # noqa: F401 (re-exported)
from pyopt.ir.core import value_loc
from pyopt.dialects.transform.failures import definite, definite_silent, silenceable
from pyopt.dialects.transform.types import ParamHandleType


def report_definite(state, failure):
    """A driver's TilingFailure-like error (op, message, emitted): emitted errors are
    reported at the payload op and the transform fails definitely (its message was said)."""
    state.emit(Diagnostic("error", failure.op.loc, failure.message))
    return definite_silent()


def mixed_sizes(op, static, dynamic):
    """getMixedValues: the static list with each kDynamic entry replaced by the next dynamic
    operand (a transform Value)."""
    it = iter(dynamic)
    return [next(it) if s == DYNAMIC else s for s in static]


def _index_result(transform_op, op):
    if len(op.results) != 1 or not isinstance(op.results[0].type, IndexType):
        raise silenceable(transform_op, "payload op must have exactly 1 index result",
                          [(f"has {len(op.results)} results", op.loc)])
    return op.results[0]


def unpack_single_index_results(state, transform_op, mixed):
    """unpackSingleIndexResultPayloadOperations: each transform Value of `mixed` becomes one
    int (a param) or the index Value of one payload op (TransformFailure otherwise)."""
    out = []
    for x in mixed:
        if isinstance(x, int):
            out.append(x)
            continue
        if isinstance(x.type, ParamHandleType):
            params = state.params(x)
            if len(params) != 1:
                raise definite(transform_op, "requires exactly one parameter associated")
            out.append(params[0].value)
            continue
        ops = state.payload_ops(x)
        if len(ops) != 1:
            raise silenceable(transform_op, "handle must be mapped to exactly one payload op",
                              [(f"mapped to {len(ops)} payload ops", value_loc(x))])
        out.append(_index_result(transform_op, ops[0]))
    return out


def unpack_packed_index_results(state, transform_op, packed):
    """The packed form: every param or payload op of one handle."""
    if isinstance(packed.type, ParamHandleType):
        return [p.value for p in state.params(packed)]
    return [_index_result(transform_op, o) for o in state.payload_ops(packed)]


def reify_mixed_params_and_handles(state, transform_op, mixed):
    """reifyMixedParamAndHandleResults: ints from params or from the constant index result of
    one payload op per handle (silenceable failures otherwise)."""
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.rewrite.matchers import constant_attr
    from pyopt.dialects.transform.types import OpHandleType
    out = []
    for x in mixed:
        if isinstance(x, int):
            out.append(x)
            continue
        if isinstance(x.type, ParamHandleType):
            params = state.params(x)
            if len(params) != 1:
                raise silenceable(transform_op, "expected a single param")
            out.append(params[0].value)
            continue
        if not isinstance(x.type, OpHandleType):
            raise silenceable(transform_op, "unexpected value handle")
        ops = state.payload_ops(x)
        if len(ops) != 1:
            raise silenceable(transform_op, "requires param or handle that is mapped to 1 "
                                            "payload op")
        p = ops[0]
        if len(p.results) != 1 or not isinstance(p.results[0].type, IndexType):
            raise silenceable(transform_op, "requires param or handle to be result of op with "
                                            "1 index result")
        a = constant_attr(p.results[0])
        if type(a) is not IntegerAttr:
            raise silenceable(transform_op, "requires param or handle to be the result of a "
                                            "constant like op")
        out.append(a.value)
    return out
