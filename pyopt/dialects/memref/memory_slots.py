"""Promotion models of memref ops for mem2reg (MLIR's MemRefMemorySlot.cpp, promotion side).
Importing this module attaches them; the method protocols are documented in
passes/transforms/mem2reg.py.

A `memref.alloca` of a statically shaped memref holding exactly one element is a slot of the
element type when that type has a zero value (integers, index, floats, vectors and tensors of
them) or is itself a memref. Its default content is that zero (`arith.constant`), or a fresh
`memref.alloca` for memref elements. `memref.load` / `memref.store` of the element type are
its accesses (indices do not matter: there is one element).
"""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.memory_slot import (MemorySlot, PROMOTABLE_ALLOCATION, PROMOTABLE_MEM_OP,
                                       SlotLoad, SlotStore)
from pyopt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from pyopt.ir.types import FloatType, IndexType, IntegerType, MemRefType, RankedTensorType, \
    VectorType
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.memref import MEMREF


def _zero_attr(t):
    """Builder::getZeroAttr: the zero of `t`, or None."""
    if isinstance(t, FloatType):
        return FloatAttr(t, 0)
    if isinstance(t, (IntegerType, IndexType)):
        return IntegerAttr(t, 0)
    if isinstance(t, (RankedTensorType, VectorType)):
        if _zero_attr(t.element_type) is None:
            return None
        return DenseElementsAttr(t, [0], True)
    return None


class _Alloca:
    def promotable_slots(self, op):
        t = op.results[0].type
        et = t.element_type
        if not isinstance(et, MemRefType) and _zero_attr(et) is None:
            return []
        if not t.has_static_shape() or t.num_elements != 1:
            return []
        return [MemorySlot(op.results[0], et)]

    def default_value(self, op, slot, b):
        t = slot.elem_type
        if isinstance(t, MemRefType):
            return b.create("memref.alloca", [], [t],
                            properties={"operandSegmentSizes": segment_sizes([0, 0])},
                            loc=op.loc).results[0]
        return b.create("arith.constant", [], [t], properties={"value": _zero_attr(t)},
                        loc=op.loc).results[0]

    def handle_block_argument(self, op, slot, arg, b):
        pass

    def handle_promotion_complete(self, op, slot, default, b):
        if default is not None and not default.has_uses():
            default.owner.erase()
        op.erase()
        return None


attach(MEMREF.ops["memref.alloca"], PROMOTABLE_ALLOCATION, _Alloca())
attach(MEMREF.ops["memref.load"], PROMOTABLE_MEM_OP, SlotLoad())
attach(MEMREF.ops["memref.store"], PROMOTABLE_MEM_OP, SlotStore())
