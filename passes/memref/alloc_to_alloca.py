"""memref.alloc -> memref.alloca (MLIR 19 memref::allocToAlloca and the AllocToAllocaPattern
of transform.apply_patterns.memref.alloc_to_alloca): an alloc with a memref.dealloc of it
later in the same block becomes an alloca (the dealloc erased), when its type is static and,
given a size limit, its byte size (the closest data layout's element size) is below it."""
from __future__ import annotations

from pyopt.interfaces.data_layout import DataLayout
from pyopt.rewrite.pattern import RewritePattern


def _dealloc_after(alloc):
    v, cand = alloc.results[0], alloc.next
    while cand is not None:
        if cand.name == "memref.dealloc" and cand.memref is v:
            return cand
        cand = cand.next
    return None


class AllocToAlloca(RewritePattern):
    root = "memref.alloc"

    def __init__(self, max_size=0):
        super().__init__()
        self.max_size = max_size

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if not t.has_static_shape():
            return False
        if self.max_size:
            size = DataLayout.closest(op).size(t.element_type)
            if t.num_elements * size >= self.max_size:
                return False
        dealloc = _dealloc_after(op)
        if dealloc is None:
            return False
        new = rw.create("memref.alloca", list(op.operands), [t],
                        properties=dict(op.properties), loc=op.loc)
        rw.replace_op(op, new.results)
        rw.erase_op(dealloc)
        return True
