"""BufferizableOpInterface models of linalg: one model for every structured op (read from
the LinalgStructuredInterface and DestinationStyleOpInterface models, never per op name) and
linalg.softmax. An init is written and aliases (is equivalent to) its tied result; an
operand is read when the payload uses it."""
from __future__ import annotations

from pyopt.dialects.linalg import LINALG
from pyopt.dialects.linalg.analysis import is_scalar, payload_uses
from pyopt.dialects.linalg.structured import LINALG_STRUCTURED, indexing_maps, iterator_types
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import BUFFERIZABLE, TensorType, plain_error
from pyopt.interfaces.bufferizable_rewrite import get_buffer, replace_op_with_bufferized_values
from pyopt.interfaces.destination_style import (DESTINATION_STYLE, has_pure_buffer_semantics,
                                                has_pure_tensor_semantics, init_indices)
from pyopt.ir.core import Region
from pyopt.ir.types import MemRefType, RankedTensorType

from .destination_style import DestinationStyleModel


def bufferize_destination_style(op, b, options):
    """bufferizeDestinationStyleOpInterface: the op rebuilt on buffers (no results), its
    region moved over; results replaced by the init buffers."""
    if has_pure_buffer_semantics(op):
        return
    if not has_pure_tensor_semantics(op):
        raise plain_error(op, "op does not have pure tensor semantics")
    inits = init_indices(op)
    init_set = set(inits)
    inputs = []
    for s in op.operand_slots:
        if s.index in init_set:
            continue
        inputs.append(s.value if is_scalar(s.value) else get_buffer(b, s.value, options))
    outputs = [get_buffer(b, op.operand(i), options) for i in inits
               if isinstance(op.operand(i).type, TensorType)]
    b.set_insertion_point(op)
    regions = [Region() for _ in op.regions]
    for r, nr in zip(op.regions, regions):
        nr.take_body(r)
    new = b.create(op.name, inputs + outputs, [], properties=dict(op.properties),
                   attributes=dict(op.attributes), regions=regions, loc=op.loc)
    del new
    replace_op_with_bufferized_values(b, op, outputs)


class LinalgModel(DestinationStyleModel):
    def reads(self, op, operand, state):
        return payload_uses(op, operand.index)

    def elementwise_access(self, op, state, operands):
        if any(t != "parallel" for t in iterator_types(op)):
            return False
        wanted = set(operands)
        for s, m in zip(op.operand_slots, indexing_maps(op)):
            if not isinstance(s.value.type, (RankedTensorType, MemRefType)):
                continue
            if s in wanted and not m.is_identity():
                return False
        return True

    def bufferize(self, op, b, options):
        bufferize_destination_style(op, b, options)


class SoftmaxModel(DestinationStyleModel):
    def reads(self, op, operand, state):
        return operand.index == 0

    def bufferize(self, op, b, options):
        inp = get_buffer(b, op.input, options)
        out = get_buffer(b, op.output, options)
        b.set_insertion_point(op)
        b.create(op.name, [inp, out], [], properties=dict(op.properties),
                 attributes=dict(op.attributes), loc=op.loc)
        replace_op_with_bufferized_values(b, op, [out])


_model = LinalgModel()
for _d in LINALG.ops.values():
    if LINALG_STRUCTURED in _d.extra and DESTINATION_STYLE in _d.extra:
        attach(_d, BUFFERIZABLE, _model)
attach(LINALG.ops["linalg.softmax"], BUFFERIZABLE, SoftmaxModel())
