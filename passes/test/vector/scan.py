"""`-test-vector-scan-lowering` (the pattern: passes/vector/scan.py)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from passes.vector.scan import ScanToArithOps


@register_pass("test-vector-scan-lowering",
               "Test lowering patterns that lower the scan op in the vector dialect",
               anchor="func.func")
def test_scan_lowering(op, ctx, options):
    apply_patterns_greedily(op, [ScanToArithOps()], ctx, GreedyConfig(top_down=False))
