"""sinkSequentialLoops: permutes a perfect nest so loops carrying dependences go innermost
(parallel ones keep their relative order outermost), when the dependences allow it; fusion
can then happen at a greater depth."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.dependence import check_dependence, HAS_DEPENDENCE
from pyopt.dialects.affine.analysis.memref_access import READS, WRITES, MemRefAccess
from passes.affine.loop_permute import permute_loops
from passes.affine.tiling.loops import perfectly_nested


def _components(root, depth):
    ops = [o for o in root.walk_ops() if o.name in READS or o.name in WRITES]
    out = []
    for d in range(1, depth + 1):
        for a in ops:
            sa = MemRefAccess(a)
            for b in ops:
                res, comps = check_dependence(sa, MemRefAccess(b), d)
                if res == HAS_DEPENDENCE:
                    out.append(comps or [])
    return out


def sink_sequential_loops(root):
    nest = perfectly_nested(root)
    n = len(nest)
    if n < 2:
        return root
    deps = _components(root, n)
    parallel = [True] * n
    for comps in deps:
        for j in range(n):
            c = comps[j] if j < len(comps) else None
            if c is None or c.lb != 0 or c.ub != 0:
                parallel[j] = False
    perm, nxt_par, nxt_seq = [0] * n, 0, sum(parallel)
    for i in range(n):
        if parallel[i]:
            perm[i], nxt_par = nxt_par, nxt_par + 1
        else:
            perm[i], nxt_seq = nxt_seq, nxt_seq + 1
    if perm == list(range(n)):
        return root
    inv = [0] * n
    for i in range(n):
        inv[perm[i]] = i
    for comps in deps:
        for j in range(n):
            c = comps[inv[j]] if inv[j] < len(comps) else None
            if c is None or c.lb is None:
                return root
            if c.lb > 0:
                break
            if c.lb < 0:
                return root
    return nest[permute_loops(nest, perm)]
