"""`canonicalize`: folders and canonicalization patterns of every registered op, applied by the
greedy driver."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass, pass_failure
from pyopt.rewrite import GreedyConfig, apply_patterns_greedily, canonicalization_patterns

_PATTERNS = {}  # id(ctx) -> (ctx, number of ops known, PatternSet)


def patterns_for(ctx):
    # (rebuilt when the context knows more ops: dialects load on first use, so a pass run
    # between two canonicalizations may bring ops whose patterns the first set lacks)
    ps = _PATTERNS.get(id(ctx))
    if ps is None or ps[0] is not ctx or ps[1] != len(ctx.ops):
        ps = _PATTERNS[id(ctx)] = (ctx, len(ctx.ops), canonicalization_patterns(ctx))
    return ps[2]


@register_pass("canonicalize", "Canonicalize operations", display_name="Canonicalizer",
               options=[
                   PassOption("top-down", bool, True,
                              "Seed the worklist in general top-down order"),
                   PassOption("region-simplify", ("disabled", "normal", "aggressive"), "normal",
                              "Perform control flow optimizations to the region tree"),
                   PassOption("max-iterations", int, 10,
                              "Max. iterations between applying patterns / simplifying regions"),
                   PassOption("max-num-rewrites", int, -1,
                              "Max. number of pattern rewrites within an iteration"),
                   PassOption("test-convergence", bool, False,
                              "Test only: Fail pass on non-convergence to detect cyclic pattern"),
                   PassOption("disable-patterns", list, [],
                              "Labels of patterns that should be filtered out during "
                              "application"),
                   PassOption("enable-patterns", list, [],
                              "Labels of patterns that should be used during application, all "
                              "other patterns are filtered out"),
               ])  # (no statistics: MLIR's Canonicalizer declares none)
def canonicalize(op, ctx, options):
    config = GreedyConfig(top_down=options["top-down"],
                          max_iterations=options["max-iterations"],
                          max_num_rewrites=options["max-num-rewrites"],
                          region_simplification=options["region-simplify"])
    patterns = patterns_for(ctx)
    disabled, enabled = set(options["disable-patterns"]), set(options["enable-patterns"])
    if disabled or enabled:
        from pyopt.rewrite import PatternSet
        keep = [p for lst in list(patterns.by_root.values()) + [patterns.generic] for p in lst
                if p.name not in disabled and (not enabled or p.name in enabled)]
        patterns = PatternSet(keep)
    converged = apply_patterns_greedily(op, patterns, ctx, config)
    if options["test-convergence"] and not converged:
        raise pass_failure(op, "Canonicalizer failed to converge")
