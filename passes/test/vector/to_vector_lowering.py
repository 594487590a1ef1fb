"""`-test-vector-to-vector-lowering`: vector's to-vector canonicalization folders (constant
masks folded into masked memory ops, create_mask of constants, transposes of transposes),
bitcasts moved across extracts/inserts, leading unit dims cast away (drop_lead_unit);
`unroll` first unrolls elementwise ops, contractions and transfers to native shapes."""
from __future__ import annotations

from pyopt.dialects.vector.canonicalize import PATTERNS as _CANON
from pyopt.dialects.vector.transfer_canonicalize import PATTERNS as _XFER
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from passes.vector import drop_lead_unit

_CANON_NAMES = {"CreateMaskFolder", "StridedSliceConstantMaskFolder", "TransposeFolder"}
_XFER_NAMES = {n + "_folder" for n in ("maskedload", "maskedstore", "gather", "scatter",
                                       "expandload", "compressstore")}


def canonicalization_patterns():
    """populateVectorToVectorCanonicalizationPatterns."""
    out = []
    for table, names in ((_CANON, _CANON_NAMES), (_XFER, _XFER_NAMES)):
        for pats in table.values():
            out += [p for p in pats if p.name in names]
    return out


@register_pass("test-vector-to-vector-lowering",
               "Test lowering patterns between ops in the vector dialect",
               options=[PassOption("unroll", bool, False, "Include unrolling")],
               anchor="func.func")
def test_vector_to_vector(op, ctx, options):
    from passes.test.vector import bitcast_bubble, unroll
    pats = []
    if options["unroll"]:
        pats = unroll.all_unroll_patterns(unroll.UnrollOptions(unroll.to_vector_native_shape))
    pats += canonicalization_patterns() + bitcast_bubble.patterns() + drop_lead_unit.patterns()
    apply_patterns_greedily(op, pats, ctx, GreedyConfig(top_down=False))
