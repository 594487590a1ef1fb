"""vector.interleave of 1-D fixed-size vectors as one vector.shuffle taking the lanes of
both operands alternately (populateVectorInterleaveToShufflePatterns)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import I64
from pyopt.rewrite.pattern import RewritePattern


class InterleaveToShuffle(RewritePattern):
    root = "vector.interleave"

    def match_and_rewrite(self, op, rw):
        st = op.lhs.type
        if len(st.shape) != 1 or any(st.scalable_dims):
            return False
        n = st.shape[0]
        mask = [(n if i % 2 else 0) + i // 2 for i in range(2 * n)]
        rw.replace_op(op, [rw.create("vector.shuffle", [op.lhs, op.rhs], [op.results[0].type],
                                     properties={"mask": ArrayAttr([IntegerAttr(I64, i) for i in mask])},
                                     loc=op.loc).results[0]])
        return True
