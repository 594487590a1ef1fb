"""Memory slots: the vocabulary shared by mem2reg and SROA (MLIR's MemorySlotInterfaces).

A memory slot is a pointer-like value `ptr` holding one value of `elem_type` that nothing but
the ops we can see may touch (typically the result of an alloca). mem2reg replaces the loads and
stores of a slot by SSA values; SROA splits a slot of aggregate type into one slot per used
field. Both ask the ops of the slot's users what they can do through the interface models
named below (attach them with `pyopt.interfaces.attach`); the method protocols are documented
in the modules implementing the passes (pyopt/passes/mem2reg.py, pyopt/passes/sroa.py).
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
