"""DestinationStyleOpInterface: ops whose trailing operands ("inits") are the destinations
their results are written into (linalg structured ops, tensor.insert_slice, ...). On tensors,
result i is tied to the i-th tensor init and has its type; on memrefs an op has no results.

A model is a `DestinationStyle(inits)`: `inits(op)` returns the init operand indices.
"""
from __future__ import annotations

from pyopt.ir.types import BaseMemRefType, RankedTensorType, UnrankedTensorType

TensorType = (RankedTensorType, UnrankedTensorType)

DESTINATION_STYLE = "DestinationStyleOpInterface"


class DestinationStyle:
    __slots__ = ("inits",)

    def __init__(self, inits):
        self.inits = inits


def _model(op):
    d = op.opdef
    return None if d is None else d.extra.get(DESTINATION_STYLE)


def is_destination_style(op):
    return _model(op) is not None


def init_indices(op):
    return _model(op).inits(op)


def dps_inits(op):
    return [op.operand(i) for i in _model(op).inits(op)]


def dps_inputs(op):
    inits = set(_model(op).inits(op))
    return [v for i, v in enumerate(op.operands) if i not in inits]


def tied_result(op, operand_index):
    """The result tied to init operand `operand_index` (None for a memref init)."""
    k = 0
    for i in _model(op).inits(op):
        if i == operand_index:
            return op.results[k] if isinstance(op.operand(i).type, TensorType) else None
        if isinstance(op.operand(i).type, TensorType):
            k += 1
    return None


def has_pure_tensor_semantics(op):
    return not any(isinstance(v.type, BaseMemRefType) for v in op.operands)


def has_pure_buffer_semantics(op):
    return not any(isinstance(v.type, TensorType) for v in op.operands)


def verify_destination_style(op, error):
    """verifyDestinationStyleOpInterface; `error(op, message)` makes the diagnostic."""
    tensor_inits = []
    for i in _model(op).inits(op):
        t = op.operand(i).type
        if isinstance(t, TensorType):
            tensor_inits.append(i)
        elif not isinstance(t, BaseMemRefType):
            raise error(op, f"expected that operand #{i} is a tensor or a memref")
    n = sum(1 for r in op.results if isinstance(r.type, TensorType))
    if n != len(tensor_inits):
        raise error(op, f"expected the number of tensor results ({n}) to be equal to the "
                        f"number of output tensors ({len(tensor_inits)})")
    for i, r in zip(tensor_inits, op.results):
        if r.type is not op.operand(i).type:
            raise error(op, f"expected type of operand #{i} ('{op.operand(i).type}') to match "
                            f"type of corresponding result ('{r.type}')")


def clone_with(b, op, result_types, operands):
    """`op` rebuilt with new operands and result types, same attributes and regions (the
    clone() DPS rewrites use when operand types change)."""
    mapping = {}
    new = b.create(op.name, operands, result_types, properties=dict(op.properties),
                   attributes=dict(op.attributes), regions=len(op.regions), loc=op.loc)
    for r, nr in zip(op.regions, new.regions):
        r.clone_into(nr, mapping)
    return new
