"""DstBufferizableOpInterfaceExternalModel: the default model of a destination-style op:
every tensor operand is read, inits are written and equivalent to their tied results."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import EQUIVALENT, AliasingValue, BufferizableModel
from pyopt.interfaces.destination_style import init_indices, tied_result


def tied_results(op, state):
    """{init operand index: tied result (None for a memref init)}, memoized in the state."""
    key = ("dps", op)
    t = state.memo.get(key)
    if t is None:
        t = state.memo[key] = {i: tied_result(op, i) for i in init_indices(op)}
    return t


class DestinationStyleModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return operand.index in tied_results(op, state)

    def aliasing_values(self, op, operand, state):
        r = tied_results(op, state).get(operand.index)
        return [AliasingValue(r, EQUIVALENT)] if r is not None else []
