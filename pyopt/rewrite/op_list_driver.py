"""applyOpPatternsAndFold: the greedy driver restricted to a list of ops (and, as MLIR's
ExistingAndNewOps strictness, the ops that rewrites create). One pass over the worklist, no
region simplification."""
from __future__ import annotations

from pyopt.rewrite.folding import OperationFolder
from pyopt.rewrite.greedy import GreedyConfig, GreedyDriver
from pyopt.rewrite.pattern import PatternSet


class _OpListDriver(GreedyDriver):
    def __init__(self, ctx, patterns, config, ops):
        super().__init__(ctx, patterns, config, None)
        self.allowed = set(ops)

    def add_to_worklist(self, op):
        if op in self.allowed:
            self.worklist.push(op)

    def notify_op_inserted(self, op):
        self.allowed.add(op)
        self.worklist.push(op)

    def run(self, ops):
        self.folder = OperationFolder(self.rewriter)
        for op in ops:
            self.worklist.push(op)
        return self.process_worklist()


def apply_op_patterns_and_fold(ops, patterns, ctx, config=None):
    """Returns True if anything changed."""
    if not isinstance(patterns, PatternSet):
        patterns = PatternSet(patterns)
    return _OpListDriver(ctx, patterns, config or GreedyConfig(), ops).run(ops)
