"""`-one-shot-bufferize` and its options (19's OneShotBufferize pass)."""
from __future__ import annotations

from pyopt.ir.diagnostics import error, pass_failure
from pyopt.ir.gc_policy import collector_paused
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import PassOption, register_pass

from .copy_insertion import insert_tensor_copies
from .driver import bufferize_op

_LAYOUTS = ("fully-dynamic-layout-map", "identity-layout-map", "infer-layout-map")
_HEURISTICS = ("bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer")

_OPTIONS = [
    PassOption("allow-return-allocs-from-loops", bool, False,
               "Allows returning/yielding new allocations from a loop."),
    PassOption("allow-unknown-ops", bool, False,
               "Allows unknown (not bufferizable) ops in the input IR."),
    PassOption("analysis-fuzzer-seed", int, 0,
               "Test only: Analyze ops in random order with a given seed (fuzzer)"),
    PassOption("analysis-heuristic", str, "bottom-up",
               "Heuristic that control the IR traversal during analysis"),
    PassOption("bufferize-function-boundaries", bool, False,
               "Bufferize function boundaries (experimental)."),
    PassOption("check-parallel-regions", bool, True,
               "Account for parallel regions in RaW analysis."),
    PassOption("copy-before-write", bool, False,
               "Skip the analysis. Make a buffer copy on every write."),
    PassOption("dialect-filter", list, [], "Restrict bufferization to ops from these dialects."),
    PassOption("dump-alias-sets", bool, False,
               "Test only: Annotate tensor IR with alias sets"),
    PassOption("no-analysis-func-filter", list, [],
               "Skip analysis of functions with these symbol names.Set copyBeforeWrite to true "
               "when bufferizing them."),
    PassOption("function-boundary-type-conversion", str, "infer-layout-map",
               "Controls layout maps when bufferizing function signatures."),
    PassOption("must-infer-memory-space", bool, False,
               "The memory space of an memref types must always be inferred. If unset, a "
               "default memory space of 0 is used otherwise."),
    PassOption("test-analysis-only", bool, False,
               "Test only: Only run inplaceability analysis and annotate IR"),
    PassOption("print-conflicts", bool, False,
               "Test only: Annotate IR with RaW conflicts. Requires test-analysis-only."),
    PassOption("unknown-type-conversion", str, "fully-dynamic-layout-map",
               "Controls layout maps for non-inferrable memref types."),
]


def _fail(message):
    return error(UNKNOWN_LOC, message)


def options_from(opts):
    """BufferizationOptions from the pass options (MLIRError for invalid combinations)."""
    from pyopt.interfaces.bufferizable import BufferizationOptions
    o = BufferizationOptions()
    o.allow_return_allocs_from_loops = opts["allow-return-allocs-from-loops"]
    o.allow_unknown_ops = opts["allow-unknown-ops"]
    o.analysis_fuzzer_seed = opts["analysis-fuzzer-seed"]
    h = opts["analysis-heuristic"]
    if h not in _HEURISTICS:
        raise _fail(f"invalid analysis heuristic '{h}'")
    o.analysis_heuristic = h
    o.copy_before_write = opts["copy-before-write"]
    o.dump_alias_sets = opts["dump-alias-sets"]
    fb = opts["function-boundary-type-conversion"]
    if fb not in _LAYOUTS:
        raise _fail(f"invalid layout map option '{fb}'")
    o.function_arg_layout = fb
    o.infer_function_result_layout = fb == "infer-layout-map"
    o.must_infer_memory_space = opts["must-infer-memory-space"]
    o.print_conflicts = opts["print-conflicts"]
    o.test_analysis_only = opts["test-analysis-only"]
    o.bufferize_function_boundaries = opts["bufferize-function-boundaries"]
    o.check_parallel_regions = opts["check-parallel-regions"]
    o.no_analysis_func_filter = list(opts["no-analysis-func-filter"])
    ut = opts["unknown-type-conversion"]
    if ut == "infer-layout-map":
        raise _fail("Invalid option: 'infer-layout-map' is not a valid value for "
                    "'unknown-type-conversion'")
    if ut not in _LAYOUTS:
        raise _fail(f"invalid layout map option '{ut}'")
    o.unknown_type_layout = ut
    dialects = list(opts["dialect-filter"])
    if dialects:
        o.allow_filters.append(lambda op: op.name.split(".", 1)[0] in dialects)
    if o.copy_before_write and o.test_analysis_only:
        raise _fail("Invalid option: 'copy-before-write' cannot be used with "
                    "'test-analysis-only'")
    if o.print_conflicts and not o.test_analysis_only:
        raise _fail("Invalid option: 'print-conflicts' requires 'test-analysis-only'")
    if o.dump_alias_sets and not o.test_analysis_only:
        raise _fail("Invalid option: 'dump-alias-sets' requires 'test-analysis-only'")
    return o


def run_one_shot_bufferize(op, options, ctx):
    """runOneShotBufferize / runOneShotModuleBufferize; returns the analysis state (None
    with copy-before-write)."""
    from pyopt.dialects import bufferizable_models  # noqa: F401  (attaches the models)
    options.run_cache.clear()  # (the IR may have changed since options last ran)
    if options.bufferize_function_boundaries:
        from .module import run_module_bufferize
        return run_module_bufferize(op, options, ctx)
    if options.no_analysis_func_filter:
        raise _fail("Invalid option: 'no-analysis-func-filter' requires "
                    "'bufferize-function-boundaries'")
    state = None
    if not options.copy_before_write:
        state = insert_tensor_copies(op, options, ctx)
        if options.test_analysis_only:
            return state
    bufferize_op(op, options, ctx)
    return state


@register_pass("one-shot-bufferize", "One-Shot Bufferize", options=_OPTIONS,
               anchor="builtin.module", display_name="OneShotBufferize",
               statistics=[("num-buffer-alloc", "Number of buffer allocations"),
                           ("num-tensor-in-place", "Number of in-place tensor OpOperands"),
                           ("num-tensor-out-of-place",
                            "Number of out-of-place tensor OpOperands")])
def one_shot_bufferize(module, ctx, opts):
    options = options_from(opts)
    with collector_paused():  # (much new IR and analysis state: see gc_policy)
        state = run_one_shot_bufferize(module, options, ctx)
    stats = {"num-buffer-alloc": 0, "num-tensor-in-place": 0, "num-tensor-out-of-place": 0}
    if state is not None and hasattr(state, "num_in_place"):
        stats["num-tensor-in-place"] = state.num_in_place
        stats["num-tensor-out-of-place"] = state.num_out_of_place
    return stats


__all__ = ["run_one_shot_bufferize", "options_from", "pass_failure"]
