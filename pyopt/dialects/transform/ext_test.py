"""Transform ops of upstream's test extension (test/lib/Dialect/Transform), which its
interpreter tests use to produce, consume and inspect handles: test_produce_*,
test_consume_operand*, test_succeed_if_operand_of_op_kind, test_emit_remark_and_erase_operand,
test_copy_payload, test_produce_param and the null/empty producers.
Written with the extension mechanism (extension.py) like any other transform extension."""
from __future__ import annotations

from pyopt.ir.constraints import AnyAttr, I64Attr, StrAttr, UnitAttrConstraint
from pyopt.ir.opdef import Op
from pyopt.syntax.op_diagnostics import emit_on_op
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.failures import definite, silenceable
from pyopt.dialects.transform.types import AnyHandleOrParam, OpHandle, Param, ValueHandle


def _produce_self_or_forward(op, state, results):
    operand = op.group("operand")  # (`op.operand` is Operation.operand(i))
    results.set(0, [operand.defining_op()] if operand is not None else [op])


transform_op(
    Op("transform.test_produce_self_handle_or_forward_operand",
       operands=[("operand", OpHandle, "?")], results=[("res", OpHandle)],
       format="($operand^)? attr-dict `:` functional-type($operand, $res)"),
    _produce_self_or_forward)

transform_op(
    Op("transform.test_produce_value_handle_to_self_operand", operands=[("in", OpHandle)],
       results=[("out", ValueHandle)],
       format="$in attr-dict `:` functional-type(operands, results)"),
    lambda op, state, results: results.set(0, [getattr(op, "in")]))

transform_op(
    Op("transform.test_consume_operand",
       operands=[("operand", AnyHandleOrParam), ("second_operand", OpHandle, "?")],
       attrs={"allow_repeated_handles": UnitAttrConstraint.opt()},
       format="$operand (`,` $second_operand^)? attr-dict `:` type($operand)"
              "(`,` type($second_operand)^)?"),
    lambda op, state, results: None,
    consumes=lambda op: set(range(len(op.operands))), modifies_payload=True,
    allows_repeated=lambda op: "allow_repeated_handles" in op.properties)


def _consume_of_kind(op, state, results):
    payload = state.payload_ops(op.group("operand"))
    if len(payload) != 1:
        raise definite(op, "expected a single target op")
    kind = op.op_kind.value
    if payload[0].name != kind:
        raise silenceable(op, f"op expected the operand to be associated a payload op of kind "
                          f"{kind} got {payload[0].name}")
    emit_on_op(state.ctx, "remark", op, "succeeded")


transform_op(
    Op("transform.test_consume_operand_of_op_kind_or_fail",
       operands=[("operand", OpHandle)], attrs={"op_kind": StrAttr},
       format="$operand `,` $op_kind attr-dict `:` type($operand)"),
    _consume_of_kind, consumes=("operand",), modifies_payload=True)


def _succeed_if_kind(op, state, results):
    payload = state.payload_ops(op.operand_handle)
    if len(payload) != 1:
        raise definite(op, "SingleOpMatchOpTrait requires the operand handle to point to a "
                       "single payload op")
    kind = op.op_kind.value
    if payload[0].name != kind:
        raise silenceable(op, "op expected the operand to be associated with a payload op of "
                          f"kind {kind} got {payload[0].name}")


transform_op(
    Op("transform.test_succeed_if_operand_of_op_kind",
       operands=[("operand_handle", OpHandle)], attrs={"op_kind": StrAttr},
       format="$operand_handle `,` $op_kind attr-dict `:` type($operand_handle)"),
    _succeed_if_kind, match=True)


def _emit_remark_and_erase(op, state, results):
    emit_on_op(state.ctx, "remark", op, op.remark.value)
    for p in state.payload_ops(op.target):
        state.rewriter.erase_op(p)
    if "fail_after_erase" in op.properties:
        raise silenceable(op, "silenceable error")


transform_op(
    Op("transform.test_emit_remark_and_erase_operand", operands=[("target", OpHandle)],
       attrs={"remark": StrAttr, "fail_after_erase": UnitAttrConstraint.opt()},
       format="$target `,` $remark attr-dict `:` type($target)"),
    _emit_remark_and_erase, consumes=("target",), modifies_payload=True)


# -- producing handles and parameters (null ones included, to exercise the state's checks) ---
def _value_of_result(op, target, state):
    n = op.number.value
    if len(target.results) <= n:
        raise silenceable(op, f"payload has no result #{n}")
    return [target.results[n]]


def _argument_of_parent_block(op, target, state):
    n = op.number.value
    if target.parent is None:
        raise silenceable(op, "payload has no parent block")
    if len(target.parent.args) <= n:
        raise silenceable(op, f"parent of the payload has no argument #{n}")
    return [target.parent.args[n]]


for _name, _fn in (("transform.test_produce_value_handle_to_result", _value_of_result),
                   ("transform.test_produce_value_handle_to_argument_of_parent_block",
                    _argument_of_parent_block)):
    transform_op(Op(_name, operands=[("in", OpHandle)], results=[("out", ValueHandle)],
                    attrs={"number": I64Attr},
                    format="$in `,` $number attr-dict `:` functional-type(operands, results)"),
                 each=_fn)

transform_op(
    Op("transform.test_copy_payload", operands=[("handle", OpHandle)],
       results=[("copy", OpHandle)],
       format="$handle attr-dict `:` functional-type(operands, results)"),
    lambda op, state, results: results.set(0, state.payload_ops(op.handle)))

transform_op(
    Op("transform.test_produce_param", results=[("result", Param)], attrs={"attr": AnyAttr()},
       format="`(` $attr `)` attr-dict `:` type($result)"),
    lambda op, state, results: results.set(0, [op.properties["attr"]]))

for _name, _kind, _what in (("transform.test_produce_null_payload", OpHandle, [None]),
                            ("transform.test_produce_empty_payload", OpHandle, []),
                            ("transform.test_produce_null_param", Param, [None]),
                            ("transform.test_produce_null_value", ValueHandle, [None])):
    transform_op(Op(_name, results=[("out", _kind)], format="attr-dict `:` type($out)"),
                 lambda op, state, results, _what=_what: results.set(0, list(_what)))
