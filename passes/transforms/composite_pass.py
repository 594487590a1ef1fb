"""`composite-fixed-point-pass`: runs an inner pipeline on the op again and again until the IR
stops changing (or `max-iterations` extra runs, with a warning). It shows up under its `name`
option in logs. `test-composite-fixed-point-pass` is the same with canonicalize and cse."""
from __future__ import annotations

from pyopt.pass_registry import PASSES, PassOption, register_pass
from pyopt.ir.diagnostics import Diagnostic, error
from pyopt.ir.location import UNKNOWN_LOC


def _fingerprint(op):
    from pyopt.syntax.printer import PrintFlags, print_op
    return print_op(op, PrintFlags(generic=True, debuginfo=True))


def run_to_fixed_point(op, ctx, name, pipeline_text, max_iter, nested=True):
    """`nested`: the pipeline text names a nested pipeline (`any(...)` runs on the op's
    children), as a parsed `pipeline` option does; else its passes run on the op itself."""
    from pyopt.pass_manager import OpPassManager, PassManager, PipelineError, parse_pipeline
    if max_iter <= 0:
        raise error(UNKNOWN_LOC, f"Invalid maxIterations value: {max_iter}\n")
    try:
        pm = parse_pipeline(pipeline_text)
    except PipelineError:
        raise error(UNKNOWN_LOC, "Failed to parse composite pass pipeline")
    if nested:
        outer = OpPassManager(None)
        outer.add(pm)
        pm = outer
    fp = _fingerprint(op)
    it = 0
    while True:
        PassManager(pm).run(op, ctx, getattr(ctx, "diag_engine", None))
        if it >= max_iter:
            engine = getattr(ctx, "diag_engine", None)
            if engine is not None:
                engine.emit(Diagnostic("warning", op.loc, f"Composite pass \"{name}\"+ didn't "
                                       f"converge in {max_iter} iterations"))
            break
        it += 1
        new = _fingerprint(op)
        if new == fp:
            break
        fp = new


@register_pass("composite-fixed-point-pass", "Composite fixed point pass",
               options=[PassOption("name", str, "CompositeFixedPointPass",
                                   "Composite pass display name"),
                        PassOption("pipeline", str, "", "Composite pass inner pipeline"),
                        PassOption("max-iterations", int, 10,
                                   "Maximum number of iterations if inner pipeline")],
               display_name="CompositeFixedPointPass")
def composite_fixed_point(op, ctx, options):
    run_to_fixed_point(op, ctx, options["name"], options["pipeline"], options["max-iterations"])


@register_pass("test-composite-fixed-point-pass", "Test composite pass",
               display_name="TestCompositePass")
def test_composite_fixed_point(op, ctx, options):
    run_to_fixed_point(op, ctx, "TestCompositePass", "any(canonicalize,cse)", 10, nested=False)


PASSES["composite-fixed-point-pass"].display_name_of = lambda opts: opts["name"]
