"""vector loads, stores and transfer_reads of narrow integers over packed memrefs."""
from __future__ import annotations


def vector_patterns(tc):
    return []
