"""SROA models of the memref dialect (MLIR's MemRefMemorySlot.cpp, destructuring half).

A statically shaped memref of 2 to 16 elements is destructurable: each element is indexed by
an ArrayAttr of its `index` coordinates. `memref.alloca` of such a type splits into rank-0
allocas, and `memref.load` / `memref.store` with constant in-bounds indices move onto the
element's alloca (dropping their indices).

Method protocols: see passes/transforms/sroa.py. Importing this module attaches the models.
"""
from __future__ import annotations

from pyopt.interfaces import attach, attach_type, type_model
from pyopt.interfaces.memory_slot import (DESTRUCTURABLE_ACCESSOR, DESTRUCTURABLE_ALLOCATION,
                                       DESTRUCTURABLE_TYPE, DestructurableAlloca,
                                       DestructurableMemorySlot)
from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType
from pyopt.rewrite.matchers import int_attr
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.memref.ops import ALLOCA, LOAD, STORE

_MAX_ELEMENTS = 16  # larger memrefs are not destructured


def _coordinates(shape):
    """All coordinates of `shape`, the first dimension varying fastest (MLIR's order)."""
    index = [0] * len(shape)
    while True:
        yield tuple(index)
        for d in range(len(shape)):
            index[d] += 1
            if index[d] < shape[d]:
                break
            index[d] = 0
        else:
            return


class _MemRefTypeModel:
    def subelement_index_map(self, t):
        if any(d == DYNAMIC for d in t.shape):
            return None
        n = 1
        for d in t.shape:
            n *= d
        if n > _MAX_ELEMENTS or n == 1:
            return None
        return {ArrayAttr([IntegerAttr(INDEX, c) for c in coords]): t.element_type
                for coords in _coordinates(t.shape)}

    def type_at_index(self, t, index):
        if not isinstance(index, ArrayAttr) or len(index) != len(t.shape):
            return None
        for c, dim in zip(index, t.shape):
            if not isinstance(c, IntegerAttr) or c.type is not INDEX or not 0 <= c.value < dim:
                return None
        return t.element_type


attach_type(MemRefType, DESTRUCTURABLE_TYPE, _MemRefTypeModel())


class _AllocaModel(DestructurableAlloca):
    def get_destructurable_slots(self, op):
        t = op.results[0].type
        m = type_model(t, DESTRUCTURABLE_TYPE)
        index_map = None if m is None else m.subelement_index_map(t)
        if index_map is None:
            return []
        return [DestructurableMemorySlot(op.results[0], t, index_map)]

    def new_alloca(self, op, builder, elem):
        return builder.create("memref.alloca", [], [MemRefType((), elem, None, None)],
                              properties={"operandSegmentSizes": segment_sizes([0, 0])},
                              loc=op.loc)


attach(ALLOCA, DESTRUCTURABLE_ALLOCATION, _AllocaModel())


def _constant_index(indices, memref_type):
    """The ArrayAttr of constant, in-bounds `indices`, else None."""
    coords = []
    for v, dim in zip(indices, memref_type.shape):
        a = int_attr(v)
        if a is None:
            return None
        width = getattr(a.type, "width", 64)
        if (a.value & ((1 << width) - 1)) >= dim:  # read as unsigned, as MLIR
            return None
        coords.append(a)
    return ArrayAttr(coords)


class _LoadStoreModel:
    def __init__(self, memref_pos):
        self.memref_pos = memref_pos  # operand position of the memref; indices follow

    def can_rewire(self, op, slot, used_indices, must_be_safely_used, layout):
        if op.memref is not slot.ptr:
            return False
        if op.name == "memref.store" and op.value is slot.ptr:
            return False  # storing the memref itself
        index = _constant_index(op.indices, slot.ptr.type)
        if index is None:
            return False
        if self.memref_pos == 1 and index not in slot.subelement_types:
            return False
        used_indices[index] = None
        return True

    def rewire(self, op, slot, subslots, builder, layout):
        index = _constant_index(op.indices, slot.ptr.type)
        op.memref = subslots[index].ptr
        # Drop the index operands in place (the other operands keep their use order).
        for s in op.operand_slots[self.memref_pos + 1:]:
            s._unlink()
        del op.operand_slots[self.memref_pos + 1:]
        return False


attach(LOAD, DESTRUCTURABLE_ACCESSOR, _LoadStoreModel(0))
attach(STORE, DESTRUCTURABLE_ACCESSOR, _LoadStoreModel(1))
