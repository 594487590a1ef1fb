"""Memory slots: the vocabulary shared by mem2reg and SROA (MLIR's MemorySlotInterfaces).

A memory slot is a pointer-like value `ptr` holding one value of `elem_type` that nothing but
the ops we can see may touch (typically the result of an alloca). mem2reg replaces the loads and
stores of a slot by SSA values; SROA splits a slot of aggregate type into one slot per used
field. Both ask the ops of the slot's users what they can do through the interface models
named below (attach them with `pyopt.interfaces.attach`); the method protocols are documented
in the modules implementing the passes (passes/transforms/mem2reg.py, passes/transforms/sroa.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Interface names (keys of OpDef.extra), as in MLIR.
PROMOTABLE_ALLOCATION = "PromotableAllocationOpInterface"
PROMOTABLE_MEM_OP = "PromotableMemOpInterface"
PROMOTABLE_OP = "PromotableOpInterface"
DESTRUCTURABLE_ALLOCATION = "DestructurableAllocationOpInterface"
SAFE_MEMORY_SLOT_ACCESS = "SafeMemorySlotAccessOpInterface"
DESTRUCTURABLE_ACCESSOR = "DestructurableAccessorOpInterface"
DESTRUCTURABLE_TYPE = "DestructurableTypeInterface"  # a type model (attach_type)


@dataclass(eq=False)
class MemorySlot:
    ptr: object        # the Value pointing to the slot
    elem_type: object  # the Type of the value stored in it


@dataclass(eq=False)
class DestructurableMemorySlot(MemorySlot):
    # index Attribute (e.g. an i32 IntegerAttr for an LLVM struct field) -> sub-element Type
    subelement_types: dict = field(default_factory=dict)


def single_ptr_use(slot, uses):
    """The op uses the slot exactly once, through its pointer."""
    return len(uses) == 1 and uses[0].value is slot.ptr


class SlotLoad:
    """PromotableMemOpInterface model of a load of the slot through operand 0. Dialects
    override `fits` (can the loaded type come from the slot's value?) and `loaded_value`
    (build it from the reaching definition)."""

    def loads_from(self, op, slot):
        return op.operand(0) is slot.ptr

    def stores_to(self, op, slot):
        return False

    def get_stored(self, op, slot, b, reaching, layout):
        raise AssertionError(f"{op.name} does not store")

    def fits(self, op, slot, layout):
        return op.results[0].type is slot.elem_type

    def loaded_value(self, op, b, reaching, layout):
        return reaching

    def can_uses_be_removed(self, op, slot, uses, new_uses, layout):
        return (single_ptr_use(slot, uses) and op.operand(0) is slot.ptr
                and self.fits(op, slot, layout))

    def remove_blocking_uses(self, op, slot, uses, b, reaching, layout):
        op.results[0].replace_all_uses_with(self.loaded_value(op, b, reaching, layout))
        return True


class SlotStore:
    """PromotableMemOpInterface model of a store of its `value` operand (memref.store,
    llvm.store) into the slot through operand 1 (`fits` and `get_stored` as for SlotLoad)."""

    def loads_from(self, op, slot):
        return False

    def stores_to(self, op, slot):
        return op.operand(1) is slot.ptr

    def get_stored(self, op, slot, b, reaching, layout):
        return op.value

    def fits(self, op, slot, layout):
        return op.value.type is slot.elem_type

    def can_uses_be_removed(self, op, slot, uses, new_uses, layout):
        return (single_ptr_use(slot, uses) and op.operand(1) is slot.ptr
                and op.value is not slot.ptr and self.fits(op, slot, layout))

    def remove_blocking_uses(self, op, slot, uses, b, reaching, layout):
        return True


class DestructurableAlloca:
    """DestructurableAllocationOpInterface model of an alloca-like op: one new allocation per
    used index (built by the dialect's `new_alloca(op, builder, elem_type)`) right after the
    op, which is erased once every user has been rewired."""

    def destructure(self, op, slot, used_indices, builder, new_allocators):
        from pyopt.interfaces import type_model
        builder.set_insertion_point_after(op)
        tm = type_model(slot.elem_type, DESTRUCTURABLE_TYPE)
        subslots = {}
        for index in used_indices:
            elem = tm.type_at_index(slot.elem_type, index)
            sub = self.new_alloca(op, builder, elem)
            new_allocators.append(sub)
            subslots[index] = MemorySlot(sub.results[0], elem)
        return subslots

    def handle_destructuring_complete(self, op, slot, builder):
        op.erase()
        return None
