"""The fusion cost model (isFusionProfitable)."""
from __future__ import annotations


def profitable_depth(src_op, store, dst_for, slices, max_legal, tolerance):
    for i in range(max_legal, 0, -1):
        if slices[i - 1] is not None:
            return i
    return None
