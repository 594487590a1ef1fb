"""`-test-vector-reduction-to-contract-patterns` (the patterns: passes/vector/
reduction_to_contract.py)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from passes.vector.reduction_to_contract import PATTERNS


@register_pass("test-vector-reduction-to-contract-patterns",
               "Test patterns to convert multireduce op to contract and combine broadcast/"
               "transpose to contract", anchor="func.func")
def test_reduce_to_contract(op, ctx, options):
    apply_patterns_greedily(op, [p() for p in PATTERNS], ctx, GreedyConfig(top_down=False))
