"""PossibleTopLevelTransformOpTrait (sequence, named_sequence): an op that may start the
interpreter, with its first block argument bound to the payload root."""
from __future__ import annotations

from pyopt.ir.verify_invariants import op_error
from pyopt.dialects.transform.types import OpHandleType, ParamHandleType, ValueHandleType


def is_possible_top_level(op):
    return op.opdef is not None and op.opdef.extra.get("possible_top_level", False)


def root_operand(op):
    """The operand whose payload a nested top-level op binds to its first block argument
    (its first declared operand: sequence's `root`, alternatives' `scope`), or None."""
    for arg in (op.opdef.operands if op.opdef is not None else ()):
        return getattr(op, arg.name)  # (the first declared operand group)
    return None


def verify_possible_top_level(op):
    if not op.regions:
        raise op_error(op, "expects at least one region")
    body = op.regions[0]
    if len(body.blocks) != 1:
        raise op_error(op, "expects a single-block region")
    block = body.blocks[0]
    if not block.args:
        raise op_error(op, "expects the entry block to have at least one argument")
    if not isinstance(block.args[0].type, OpHandleType):
        raise op_error(op, "expects the first entry block argument to be of type implementing "
                           "TransformHandleTypeInterface")
    root = root_operand(op)
    if root is not None and block.args[0].type is not root.type:
        raise op_error(op, "expects the type of the block argument to match the type of the "
                           "operand")
    for a in block.args[1:]:
        if not isinstance(a.type, (OpHandleType, ParamHandleType, ValueHandleType)):
            raise op_error(op, "expects trailing entry block arguments to be of type "
                               "implementing TransformHandleTypeInterface, "
                               "TransformValueHandleTypeInterface or "
                               "TransformParamTypeInterface",
                           [(f"argument #{a.index} does not", op.loc)])
    parent = op.parent_op
    while parent is not None and not is_possible_top_level(parent):
        parent = parent.parent_op
    if parent is not None and len(op.operands) != len(block.args):
        raise op_error(op, "expects operands to be provided for a nested op",
                       [("nested in another possible top-level op", parent.loc)])
