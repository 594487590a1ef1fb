"""BufferizableOpInterface models of vector: transfer_read / gather read their tensor,
transfer_write writes its destination (read too unless it overwrites the whole static
tensor), vector.mask bufferizes its masked op in place and vector.yield forwards its
operands to the mask's results."""
from __future__ import annotations

from pyopt.dialects import subset_models  # noqa: F401  (the SubsetOpInterface models)
from pyopt.dialects.vector import VECTOR
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, AliasingOperand,
                                           AliasingValue, BufferizableModel, TensorType,
                                           operand_slot, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (erase_op, get_buffer,
                                                   replace_op_with_bufferized_values,
                                                   resolve_tensor_operand_conflicts)
from pyopt.interfaces.subset import subset_model
from pyopt.ir.core import Region
from pyopt.ir.types import DYNAMIC
from pyopt.ir.verify_invariants import op_error
from pyopt.rewrite.matchers import constant_int


def _rebuilt(b, op, operands, result_types):
    b.set_insertion_point(op)
    return b.create(op.name, operands, result_types, properties=dict(op.properties),
                    attributes=dict(op.attributes), loc=op.loc)


class _ReadsTensor(BufferizableModel):
    """transfer_read / gather: read their tensor, alias nothing."""
    tensor_operand = "source"

    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def bufferize(self, op, b, options):
        slot = operand_slot(op, self.tensor_operand)
        buf = get_buffer(b, slot.value, options)
        operands = [buf if s is slot else s.value for s in op.operand_slots]
        new = _rebuilt(b, op, operands, [r.type for r in op.results])
        replace_op_with_bufferized_values(b, op, new.results)


class TransferReadModel(_ReadsTensor):
    pass


class GatherModel(_ReadsTensor):
    tensor_operand = "base"


def _same_entry(x, y):
    if isinstance(x, int) or isinstance(y, int):
        cx = x if isinstance(x, int) else constant_int(x)
        cy = y if isinstance(y, int) else constant_int(y)
        return cx is not None and cx == cy
    return x is y


def equivalent_subsets(op, candidate_op, equivalent):
    """defaultOperatesOnEquivalentSubset over the ops' hyperrectangular slices: equivalent
    containers, the same offsets, sizes and strides (as constants or values)."""
    m, c = subset_model(op), subset_model(candidate_op)
    if m is None or c is None or c.is_insertion:
        return False
    mine = op.operand(m.destination_index if m.is_insertion else m.source_index)
    theirs = candidate_op.operand(c.source_index)
    if not equivalent(mine, theirs):
        return False
    a, b_ = m.slice(op), c.slice(candidate_op)
    return all(len(x) == len(y) and all(_same_entry(p, q) for p, q in zip(x, y))
               for x, y in zip(a, b_))


class TransferWriteModel(BufferizableModel):
    """(DestinationStyleOpInterface upstream: the tensor written is the init.)"""

    def writes(self, op, operand, state):
        return operand.index == 1

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], EQUIVALENT)] if operand.index == 1 else []

    def subset_insertion(self, op):
        return operand_slot(op, "vector"), operand_slot(op, "source")

    def is_equivalent_subset(self, op, candidate, equivalent):
        return equivalent_subsets(op, candidate.owner, equivalent)

    def subset_extraction_values(self, op):
        return []

    def build_subset_extraction(self, op, b, loc):
        return None  # (not implemented upstream either)

    def reads(self, op, operand, state):
        if operand.index != 1:
            return True
        t = op.source.type
        if DYNAMIC in t.shape:
            return True
        if any(constant_int(v) != 0 for v in op.indices):
            return True
        if op.mask is not None:
            return True
        return any(d0 > d1 for d0, d1 in zip(t.shape, op.vector.type.shape))

    def bufferize(self, op, b, options):
        buf = get_buffer(b, op.source, options)
        operands = [buf if s.index == 1 else s.value for s in op.operand_slots]
        _rebuilt(b, op, operands, [])
        replace_op_with_bufferized_values(b, op, [buf])


class MaskModel(BufferizableModel):
    def aliasing_operands(self, op, value, state):
        y = op.regions[0].blocks[0].last
        return [AliasingOperand(y.operand_slots[value.index], EQUIVALENT)]

    def resolve_conflicts(self, op, b, state):
        resolve_tensor_operand_conflicts(op, b, state)
        if any(o.name == "bufferization.alloc_tensor" for o in op.regions[0].blocks[0]):
            raise op_error(op, "body must bufferize in-place")

    def bufferize(self, op, b, options):
        body = op.regions[0].blocks[0]
        masked = body.first
        if masked is None or options.bufferizable(masked) is None:
            return
        y = body.last
        masked_results = set(masked.results) if masked is not y else set()
        returns = [None] * len(op.results)
        kept = []
        for i, v in enumerate(y.operands):
            if v in masked_results:
                kept.append(v)
            else:
                returns[i] = v
        y.set_operands(kept)
        b.set_insertion_point(op)
        region = Region()
        region.take_body(op.regions[0])
        new = b.create("vector.mask", list(op.operands), [v.type for v in kept],
                       properties=dict(op.properties), attributes=dict(op.attributes),
                       regions=[region], loc=op.loc)
        it = iter(new.results)
        returns = [r if r is not None else next(it) for r in returns]
        replace_op_with_bufferized_values(b, op, returns)


class YieldModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.parent_op.results[operand.index], EQUIVALENT)]

    def must_bufferize_in_place(self, op, operand, state):
        return True

    def bufferize(self, op, b, options):
        p = op.parent_op
        if p.name != "vector.mask":
            raise plain_error(op, "unsupported vector::YieldOp parent")
        masked = p.regions[0].blocks[0].first
        if options.bufferizable(masked) is None:
            return
        values = [get_buffer(b, v, options) if isinstance(v.type, TensorType) else v
                  for v in op.operands]
        b.set_insertion_point(op)
        b.create("vector.yield", values, [], loc=op.loc)
        erase_op(b, op)


_ops = VECTOR.ops
for _name, _m in (("vector.transfer_read", TransferReadModel()),
                  ("vector.transfer_write", TransferWriteModel()),
                  ("vector.gather", GatherModel()), ("vector.mask", MaskModel()),
                  ("vector.yield", YieldModel())):
    attach(_ops[_name], BUFFERIZABLE, _m)
