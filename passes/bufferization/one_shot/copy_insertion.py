"""Tensor copy insertion: after the analysis, every out-of-place operand gets an explicit
copy (`bufferization.alloc_tensor`), so that the IR can then be bufferized without further
analysis. Also `-test-tensor-copy-insertion`, which stops there."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder

from .analysis import OneShotAnalysisState, run_analysis


def analyze(op, options):
    """The analysis state of `op` (a module with function boundaries when asked for)."""
    state = OneShotAnalysisState(op, options)
    if options.bufferize_function_boundaries:
        from .module import analyze_module
        analyze_module(op, state)
    else:
        run_analysis(op, state)
    return state


def insert_tensor_copies(op, options, ctx):
    state = analyze(op, options)
    if not options.test_analysis_only:
        insert_tensor_copies_with(op, state, ctx)
    return state


def insert_tensor_copies_with(op, state, ctx):
    b = Builder(ctx)
    ops = []
    op.walk(ops.append)
    for o in ops:
        m = state.options.bufferizable(o)
        if m is None:
            continue
        b.set_insertion_point(o)
        m.resolve_conflicts(o, b, state)


@register_pass("test-tensor-copy-insertion", "Module pass to test Tensor Copy Insertion",
               options=[PassOption("allow-return-allocs-from-loops", bool, False,
                                   "Allows returning/yielding new allocations from a loop."),
                        PassOption("bufferize-function-boundaries", bool, False,
                                   "Bufferize function boundaries."),
                        PassOption("must-infer-memory-space", bool, False,
                                   "The memory space of an memref types must always be "
                                   "inferred. If unset, a default memory space of 0 is used "
                                   "otherwise.")],
               display_name="(anonymous namespace)::TestTensorCopyInsertionPass")
def test_tensor_copy_insertion(op, ctx, options):
    from pyopt.dialects import bufferizable_models  # noqa: F401  (attaches the models)
    from pyopt.interfaces.bufferizable import BufferizationOptions
    o = BufferizationOptions()
    o.allow_return_allocs_from_loops = options.get("allow-return-allocs-from-loops", False)
    o.bufferize_function_boundaries = options.get("bufferize-function-boundaries", False)
    o.must_infer_memory_space = options.get("must-infer-memory-space", False)
    insert_tensor_copies(op, o, ctx)
