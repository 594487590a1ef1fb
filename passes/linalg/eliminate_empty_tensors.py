"""tensor.empty elimination anchored on linalg ops (MLIR 19 Linalg EliminateEmptyTensors.cpp,
linalgOpAnchoredEmptyTensorEliminationStep).

An all-parallel linalg op reading an input whose value comes (through equivalent tensors
only) from tensor.empty ops of the same type, and having an init of that type and indexing
map whose value the payload ignores, computes in place: the tensor.empty ops are replaced by
that init, the input becomes the init and the init's block argument stands for the input's.
Decided on a One-Shot analysis of the IR."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.types import RankedTensorType
from pyopt.interfaces.bufferizable import TraversalConfig
from pyopt.interfaces.destination_style import init_indices
from pyopt.dialects.linalg.analysis import payload_uses
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op, iterator_types,
                                              payload)


def _unused_init(op, i):
    """getUnusedOutOperand: an init the payload ignores, with input i's type and map."""
    maps = indexing_maps(op)
    t = op.operand(i).type
    for k in init_indices(op):
        if not payload_uses(op, k) and op.operand(k).type is t and maps[k] == maps[i]:
            return k
    return None


def _is_empty_like(v, t):
    return type(v) is OpResult and v.owner.name == "tensor.empty" and v.type is t


def eliminate_anchored_empty_tensors(rw, root, state):
    dom = DominanceInfo()
    cfg = TraversalConfig(always_include_leaves=False, follow_equivalent_only=True)
    ops = []
    root.walk(lambda o: ops.append(o) if is_linalg_op(o) else None)  # (post-order)
    for op in ops:
        if any(t != "parallel" for t in iterator_types(op)):
            continue
        inits = set(init_indices(op))
        for i in range(len(op.operands)):
            v = op.operand(i)
            if i in inits or not isinstance(v.type, RankedTensorType):
                continue
            empties = list(state.find_value_in_reverse_use_def_chain(
                v, lambda x, t=v.type: _is_empty_like(x, t), cfg))
            if not empties:
                continue
            k = _unused_init(op, i)
            if k is None:
                continue
            out = op.operand(k)
            if not all(dom.properly_dominates_use(out, e.owner) for e in empties):
                continue
            for e in empties:
                rw.replace_all_uses_with(e, out)

            def turn_input_into_init(op=op, i=i, k=k, v=v, first=empties[0]):
                op.set_operand(k, v)
                op.set_operand(i, first)
                args = payload(op).args
                rw.replace_all_uses_with(args[i], args[k])
            rw.modify_op_in_place(op, turn_input_into_init)
            state.reset_cache()
