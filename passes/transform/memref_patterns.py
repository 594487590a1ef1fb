"""The patterns of memref's pattern descriptors (pyopt/dialects/transform/ext_memref.py)."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.dialects.transform import ext_memref as M
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR
from passes.memref.extract_address_computations import extract_address_computations_patterns

attach(M.EXTRACT_ADDRESS_COMPUTATIONS, PATTERN_DESCRIPTOR,
       lambda op, ctx: extract_address_computations_patterns())
