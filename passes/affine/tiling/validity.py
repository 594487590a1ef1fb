"""isTilingValid: tiling is legal unless some dependence between two accesses in the band
has a component that is surely negative (lb < ub < 0) at some depth, since rectangular tiles
would then run the source after its sink."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.dependence import HAS_DEPENDENCE, check_dependence
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess, is_access


def tiling_valid(band):
    accesses = [MemRefAccess(o) for o in band[0].walk_ops() if is_access(o)]
    for depth in range(1, len(band) + 2):
        for src in accesses:
            for dst in accesses:
                result, comps = check_dependence(src, dst, depth)
                if result != HAS_DEPENDENCE:
                    continue
                for c in comps or ():
                    if c.lb is not None and c.ub is not None and c.lb < c.ub < 0:
                        return False
    return True
