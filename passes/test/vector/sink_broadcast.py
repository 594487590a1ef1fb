"""`-test-sink-vector-broadcast`: casts and elementwise ops whose operands are all broadcasts
(or splats) of the same type run on the broadcast sources, and one broadcast follows them
(upstream's populateSinkVectorBroadcastPatterns)."""
from __future__ import annotations

from pyopt.dialects.vector.folds import splat_source
from pyopt.ir.types import MemRefType, RankedTensorType, UnrankedTensorType, VectorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from passes.test.vector.flatten import is_elementwise
from passes.test.vector.reduce_to_contract import (ReorderCastOpsOnBroadcast,
                                                              _clone_with)

_SHAPED = (VectorType, RankedTensorType, UnrankedTensorType, MemRefType)
_BCAST = ("vector.broadcast", "vector.splat")


class ReorderElementwiseOpsOnBroadcast(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or not op.operands or not is_elementwise(op):
            return False
        rt = op.results[0].type
        if not isinstance(rt, _SHAPED) or rt != op.operand(0).type:
            return False
        if op.name == "vector.fma":
            return False
        srcs = []
        for v in op.operands:
            d = defining(v, *_BCAST)
            if d is None:
                return False
            srcs.append(splat_source(d))
        st = srcs[0].type
        if any(s.type != st for s in srcs):
            return False
        new = _clone_with(rw, op, srcs, st)
        rw.replace_op_with_new_op(op, "vector.broadcast", [new.results[0]], [rt])
        return True


@register_pass("test-sink-vector-broadcast",
               "Test lowering patterns that eliminate redundant brodacast operations.",
               anchor="func.func")
def test_sink_broadcast(op, ctx, options):
    apply_patterns_greedily(op, [ReorderCastOpsOnBroadcast(), ReorderElementwiseOpsOnBroadcast()],
                            ctx, GreedyConfig(top_down=False))
