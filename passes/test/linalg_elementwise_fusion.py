"""`test-linalg-elementwise-fusion-patterns`: mlir-opt's test driver of the linalg fusion
patterns (TestLinalgElementwiseFusion.cpp). On each func.func body the first set option
applies its patterns greedily:

  fuse-generic-ops                  elementwise fusion, always allowed
  fuse-generic-ops-control          elementwise fusion while the fused op keeps <= 4 inputs
  fuse-with-reshape-by-expansion    reshape fusion by expansion, always allowed
  control-fusion-by-expansion       ... only from collapse_shapes of linalg ops, and into
                                    expand_shapes whose single use is a linalg init
  fuse-with-reshape-by-collapsing   reshape fusion by collapsing, always allowed
  fuse-with-reshape-by-collapsing-control   ... never through a generic's first operand
  fuse-multiuse-producer            elementwise fusion keeping the producer's other uses
  collapse-dimensions-control=a,b   merge loops a..b of generics and copies"""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inputs, init_indices
from pyopt.dialects.linalg.structured import is_linalg_op
from passes.scf.common import default_greedy_config


def _operands_of(op):
    """addOperands: a linalg op's inputs, any other op's operands."""
    if op is None:
        return []
    return dps_inputs(op) if is_linalg_op(op) else list(op.operands)


def operand_limit(limit):
    """setFusedOpOperandLimit<limit>: the fused op would read at most `limit` values."""
    def control(slot):
        producer = slot.value.defining_op()
        if producer is None or len(producer.results) != 1:
            return False
        vals = []
        for v in _operands_of(slot.owner):
            if v not in vals:
                vals.append(v)
        if producer.results[0] in vals:
            vals.remove(producer.results[0])
        for v in _operands_of(producer):
            if v not in vals:
                vals.append(v)
        return len(vals) <= limit
    return control


def _always(slot):
    return True


def _control_by_expansion(slot):
    producer = slot.value.defining_op()
    if producer is None:
        return False
    if producer.name == "tensor.collapse_shape":
        d = producer.src.defining_op()
        if d is None or not is_linalg_op(d):
            return False
    consumer = slot.owner
    if consumer.name == "tensor.expand_shape":
        uses = list(consumer.results[0].uses())
        if len(uses) == 1:
            user = uses[0].owner
            if is_linalg_op(user) and uses[0].index in init_indices(user):
                return True
        return False
    return True


def _control_by_collapsing(slot):
    producer = slot.value.defining_op()
    if producer is not None and producer.name == "tensor.expand_shape":
        return slot.index != 0  # (the first operand is never fused)
    return True


class TestMultiUseProducerFusion(RewritePattern):
    """Fuses the first fusable producer, its other uses moved to the fused op's results."""
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        from passes.linalg.elementwise_fusion import (are_elementwise_ops_fusable,
                                                      fuse_elementwise_ops)
        slot = next((s for s in op.operand_slots if are_elementwise_ops_fusable(s)), None)
        if slot is None:
            return rw.notify_match_failure(op, "no fusable operand found")
        r = fuse_elementwise_ops(rw, slot)
        if r is None:
            return rw.notify_match_failure(op, "fusion failed")
        for orig, new in r[1]:
            rw.replace_uses_if(orig, new, lambda u: u.owner is not op)
        rw.erase_op(op)
        return True


def _patterns(ctx, options):
    from passes.linalg import elementwise_fusion as ef
    from passes.linalg import reshape_fusion as rf
    if options.get("fuse-generic-ops"):
        return ef.populate_elementwise_ops_fusion(_always)
    if options.get("fuse-generic-ops-control"):
        return ef.populate_elementwise_ops_fusion(operand_limit(4))
    if options.get("fuse-with-reshape-by-expansion"):
        return rf.populate_fold_reshape_ops_by_expansion(ctx, _always)
    if options.get("control-fusion-by-expansion"):
        return rf.populate_fold_reshape_ops_by_expansion(ctx, _control_by_expansion)
    if options.get("fuse-with-reshape-by-collapsing"):
        return rf.populate_fold_reshape_ops_by_collapsing(_always)
    if options.get("fuse-with-reshape-by-collapsing-control"):
        return rf.populate_fold_reshape_ops_by_collapsing(_control_by_collapsing)
    if options.get("fuse-multiuse-producer"):
        return [TestMultiUseProducerFusion()]
    dims = [int(x) for x in options.get("collapse-dimensions-control") or []]
    if dims:
        return rf.populate_collapse_dimensions(lambda op: [dims])
    return None


@register_pass("test-linalg-elementwise-fusion-patterns",
               "Test Linalg element wise operation fusion patterns",
               options=[
                   PassOption("fuse-generic-ops", bool, False,
                              "Test fusion of generic operations."),
                   PassOption("fuse-generic-ops-control", bool, False,
                              "Test fusion of generic operations with a control function."),
                   PassOption("fuse-with-reshape-by-expansion", bool, False,
                              "Test fusion of generic operations with reshape by expansion"),
                   PassOption("control-fusion-by-expansion", bool, False,
                              "Test controlling fusion of reshape with generic op by "
                              "expansion"),
                   PassOption("fuse-with-reshape-by-collapsing", bool, False,
                              "Test linalg expand_shape -> generic fusion patterns that "
                              "collapse the iteration space of the consumer"),
                   PassOption("fuse-with-reshape-by-collapsing-control", bool, False,
                              "Test controlling the linalg expand_shape -> generic fusion "
                              "patterns that collapse the iteration space of the consumer"),
                   PassOption("fuse-multiuse-producer", bool, False,
                              "Test fusion of producer ops with multiple uses"),
                   PassOption("collapse-dimensions-control", list, [],
                              "Test controlling dimension collapse pattern"),
               ],
               anchor="func.func",
               display_name="(anonymous namespace)::TestLinalgElementwiseFusion")
def test_linalg_elementwise_fusion_patterns(func, ctx, options):
    pats = _patterns(ctx, options)
    if pats is None:
        return
    # (on the function's body, with applyPatternsAndFoldGreedily's defaults)
    apply_patterns_greedily(func.regions[0], pats, ctx, default_greedy_config())
