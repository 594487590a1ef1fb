"""vector.load/store, maskedload/maskedstore, gather/scatter: LLVM memory ops and masked
intrinsics on the strided element address of the memref."""
from __future__ import annotations


def patterns(tc):
    return []
