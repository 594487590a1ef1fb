"""BufferizableOpInterface models of the bufferization dialect's tensor ops: alloc_tensor
(a new buffer, written only when it copies), materialize_in_destination (a copy into its
destination, always in place), dealloc_tensor, and the to_tensor / to_memref bridges."""
from __future__ import annotations

from pyopt.dialects.bufferization import BUFFERIZATION
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, AliasingValue,
                                           BufferizableModel, TensorType, get_buffer_type,
                                           identity_layout_type, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (dynamic_dim_sizes, erase_op,
                                                   fold_to_memref_of_to_tensor, get_buffer,
                                                   replace_op_with_bufferized_values)


class AllocTensorModel(BufferizableModel):
    def bufferizes_to_allocation(self, op, value):
        return True

    def result_writes(self, op, result, state):
        return op.copy is not None

    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def buffer_type(self, op, value, options, stack):
        ms = op.memory_space
        if ms is None:
            if op.copy is not None:
                ms = get_buffer_type(op.copy, options, stack).memory_space
            else:
                ms = options.default_memory_space(value.type)
                if ms is False:
                    raise plain_error(op, "could not infer memory space")
        return identity_layout_type(value.type, ms)

    def bufferize(self, op, b, options):
        if not op.results[0].has_uses():
            erase_op(b, op)
            return
        copy = get_buffer(b, op.copy, options) if op.copy is not None else None
        t = get_buffer_type(op.results[0], options)
        dyn = list(op.dynamic_sizes)
        if copy is not None:
            dyn = dynamic_dim_sizes(b, op.loc, copy)
        alloc = options.create_alloc(b, op.loc, t, dyn)
        if copy is not None:
            options.create_memcpy(b, op.loc, copy, alloc)
        replace_op_with_bufferized_values(b, op, [alloc])


class MaterializeModel(BufferizableModel):
    def subset_insertion(self, op):
        return op.operand_slots[0], op.operand_slots[1]

    def is_equivalent_subset(self, op, candidate, equivalent):
        return equivalent(op.dest, candidate)

    def subset_extraction_values(self, op):
        return [op.dest]

    def build_subset_extraction(self, op, b, loc):
        if isinstance(op.dest.type, TensorType):
            return op.dest
        # (a memref destination: its tensor view, which takes over the `restrict`)
        op.remove_attr("restrict")
        from pyopt.ir.attributes import UNIT
        from pyopt.interfaces.bufferizable_rewrite import tensor_of
        props = {"restrict": UNIT}
        if op.writable is not None:
            props["writable"] = UNIT
        return b.create("bufferization.to_tensor", [op.dest], [tensor_of(op.dest.type)],
                        properties=props, loc=loc).results[0]

    def reads(self, op, operand, state):
        return operand.index == 0

    def writes(self, op, operand, state):
        return operand.index == 1

    def must_bufferize_in_place(self, op, operand, state):
        return True

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], EQUIVALENT)] if operand.index == 1 else []

    def elementwise_access(self, op, state, operands):
        return True

    def is_writable(self, op, value, state):
        return True if isinstance(op.dest.type, TensorType) else op.writable is not None

    def bufferize(self, op, b, options):
        tensor_dest = isinstance(op.dest.type, TensorType)
        buf = get_buffer(b, op.dest, options) if tensor_dest else op.dest
        src = get_buffer(b, op.source, options)
        options.create_memcpy(b, op.loc, src, buf)
        replace_op_with_bufferized_values(b, op, [buf] if tensor_dest else [])


class DeallocTensorModel(BufferizableModel):
    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def bufferize(self, op, b, options):
        buf = get_buffer(b, op.tensor, options)
        b.set_insertion_point(op)
        b.create("memref.dealloc", [buf], [], loc=op.loc)
        erase_op(b, op)


class ToTensorModel(BufferizableModel):
    def bufferize(self, op, b, options):
        pass  # (to_tensor / to_memref pairs fold away after bufferization)

    def is_writable(self, op, value, state):
        return op.writable is not None

    def buffer_type(self, op, value, options, stack):
        return op.memref.type


class ToMemrefModel(BufferizableModel):
    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return op.read_only is None

    def aliasing_values(self, op, operand, state):
        return []

    def bufferize(self, op, b, options):
        fold_to_memref_of_to_tensor(b, op, options)


_ops = BUFFERIZATION.ops
attach(_ops["bufferization.alloc_tensor"], BUFFERIZABLE, AllocTensorModel())
attach(_ops["bufferization.materialize_in_destination"], BUFFERIZABLE, MaterializeModel())
attach(_ops["bufferization.dealloc_tensor"], BUFFERIZABLE, DeallocTensorModel())
attach(_ops["bufferization.to_tensor"], BUFFERIZABLE, ToTensorModel())
attach(_ops["bufferization.to_memref"], BUFFERIZABLE, ToMemrefModel())
