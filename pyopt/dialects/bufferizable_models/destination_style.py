"""DstBufferizableOpInterfaceExternalModel: the default model of a destination-style op:
every tensor operand is read, inits are written and equivalent to their tied results."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import EQUIVALENT, AliasingValue, BufferizableModel
from pyopt.interfaces.destination_style import init_indices, tied_result


class DestinationStyleModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return operand.index in init_indices(op)

    def aliasing_values(self, op, operand, state):
        if operand.index in init_indices(op):
            return [AliasingValue(tied_result(op, operand.index), EQUIVALENT)]
        return []
