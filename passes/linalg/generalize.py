"""`linalg-generalize-named-ops`: every named structured op (matmul, conv_*, fill, ...)
becomes the linalg.generic with its indexing maps, iterator types and body (MLIR 19's
generalizeNamedOp, applied by the greedy driver, which also folds)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, \
    has_pure_tensor_semantics
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import indexing_maps, is_linalg_op, iterator_types
from passes.scf.common import default_greedy_config

NOT_NAMED = ("linalg.generic", "linalg.map")


def generalize_named_op(op, rw):
    """The generic op replacing named op `op`, or None when `op` is not one."""
    if not is_linalg_op(op) or op.name in NOT_NAMED or len(op.regions) != 1:
        return None
    outs = dps_inits(op)
    result_types = [v.type for v in outs] if has_pure_tensor_semantics(op) else []
    g = create_generic(rw, dps_inputs(op), outs, indexing_maps(op), iterator_types(op),
                       result_types, op.loc)
    rw.inline_region_before(op.regions[0], g.regions[0])
    rw.replace_op(op, list(g.results))
    return g


class GeneralizeNamedOp(RewritePattern):
    def match_and_rewrite(self, op, rw):
        return generalize_named_op(op, rw) is not None


PATTERNS = [GeneralizeNamedOp()]


@register_pass("linalg-generalize-named-ops", "Convert named ops into generic ops",
               display_name="LinalgGeneralizeNamedOpsPass")
def linalg_generalize_named_ops(op, ctx, options):
    # applyPatternsAndFoldGreedily's defaults: bottom-up, blocks merged (aggressive)
    apply_patterns_greedily(op, PATTERNS, ctx, default_greedy_config())
