"""vector.shape_cast pairs that undo each other fold away (ShapeCastOpFolder), shared by
-test-vector-transfer-flatten-patterns and -test-vector-to-vector-lowering's drop of leading
unit dims."""
from __future__ import annotations

from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


class ShapeCastPairFolder(RewritePattern):
    """shape_cast(shape_cast(x)) back to x's own type is x."""
    root = "vector.shape_cast"

    def match_and_rewrite(self, op, rw):
        d = defining(op.source, "vector.shape_cast")
        if d is None:
            return False
        if d.source.type != op.results[0].type:
            return False
        rw.replace_op(op, [d.source])
        return True
