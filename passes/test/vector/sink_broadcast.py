"""`-test-sink-vector-broadcast`: casts and elementwise ops whose operands are all broadcasts
(or splats) of the same type run on the broadcast sources, and one broadcast follows them
(upstream's populateSinkVectorBroadcastPatterns)."""
from __future__ import annotations

from pyopt.dialects.vector.transforms.sink import (  # noqa: F401  (importable from here as before)
    ReorderCastOpsOnBroadcast, ReorderElementwiseOpsOnBroadcast)
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily


@register_pass("test-sink-vector-broadcast",
               "Test lowering patterns that eliminate redundant brodacast operations.",
               anchor="func.func")
def test_sink_broadcast(op, ctx, options):
    apply_patterns_greedily(op, [ReorderCastOpsOnBroadcast(), ReorderElementwiseOpsOnBroadcast()],
                            ctx, GreedyConfig(top_down=False))
