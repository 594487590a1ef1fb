"""MemRefAccess: the memref, the access map and its operands of an affine load/store."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.value_constraints import fully_compose

READS = frozenset(("affine.load", "affine.vector_load"))
WRITES = frozenset(("affine.store", "affine.vector_store"))
_MEMREF_INDEX = {"affine.load": 0, "affine.vector_load": 0,
                 "affine.store": 1, "affine.vector_store": 1}


def is_access(op):
    return op.name in _MEMREF_INDEX


class MemRefAccess:
    __slots__ = ("op", "memref", "indices")

    def __init__(self, op):
        self.op = op
        k = _MEMREF_INDEX[op.name]
        ops = op.operands
        self.memref = ops[k]
        self.indices = ops[k + 1:]

    @property
    def is_store(self):
        return self.op.name in WRITES

    @property
    def rank(self):
        return len(self.memref.type.shape)

    def access_map(self):
        """(map, operands): the subscript map with affine.apply producers composed in,
        simplified and canonicalized (constant symbols folded)."""
        return fully_compose(self.op.get_attr("map").value, self.indices)
