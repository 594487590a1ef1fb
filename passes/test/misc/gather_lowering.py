"""`test-vector-gather-lowering` (the patterns: passes/vector/gather_lowering.py)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from passes.vector.gather_lowering import gather_lowering_patterns


@register_pass("test-vector-gather-lowering",
               "Test patterns that lower the gather op in the vector conditional loads",
               anchor="func.func", display_name="TestVectorGatherLowering")
def test_vector_gather_lowering(op, ctx, options):
    apply_patterns_greedily(op, gather_lowering_patterns(), ctx)
