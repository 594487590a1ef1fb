"""The patterns of memref's pattern descriptors (pyopt/dialects/transform/ext_memref.py)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_memref as M
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR
from passes.memref.alloc_to_alloca import AllocToAlloca
from passes.memref.extract_address_computations import extract_address_computations_patterns

attach(M.EXTRACT_ADDRESS_COMPUTATIONS, PATTERN_DESCRIPTOR,
       lambda op, ctx: extract_address_computations_patterns())


def _alloc_to_alloca(op, ctx):
    a = op.properties.get("size_limit")
    return [AllocToAlloca(0 if a is None else a.value)]


attach(M.ALLOC_TO_ALLOCA, PATTERN_DESCRIPTOR, _alloc_to_alloca)
