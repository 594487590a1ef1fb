"""Pattern rewriting: patterns, the PatternRewriter, folding and the greedy driver."""
from pyopt.rewrite.pattern import RewritePattern, PatternSet, pattern, canonicalization_patterns  # noqa: F401
from pyopt.rewrite.rewriter import Builder, Listener, PatternRewriter  # noqa: F401
from pyopt.rewrite.folding import (OperationFolder, constant_value, fold_op, is_trivially_dead,  # noqa: F401
                      would_be_trivially_dead, is_memory_effect_free)
from pyopt.rewrite.greedy import GreedyConfig, GreedyDriver, apply_patterns_greedily, NO_LIMIT  # noqa: F401
