"""mlir-reduce's two reduction passes, registered for pyreduce's pipelines only:
`reduction-tree` (pyopt.reduce.driver's reducer) and `opt-reduction-pass` (one optimization
pipeline tried as a whole, kept when the result is smaller and still interesting). Both take
`test=<script>` and `test-arg=<arg>` (repeatable)."""
from __future__ import annotations

from pyopt.ir.diagnostics import MLIRError, error
from pyopt.pass_registry import PassOption, register_pass
from pyopt.reduce.driver import ReduceError, Reducer, run_passes
from pyopt.reduce.progress import Progress
from pyopt.reduce.tester import Tester, TesterError, printed_if_valid

_TESTER_OPTIONS = [
    PassOption("test", str, "", "The location of the tester which tests the file "
               "interestingness"),
    PassOption("test-arg", list, [], "arguments of the tester"),
]


def _module_of(op):
    while op.parent_op is not None:
        op = op.parent_op
    if op.name != "builtin.module":
        raise error(op.loc, "top-level op must be 'builtin.module'")
    return op


def _tester(options, loc):
    t = Tester(options["test"], options["test-arg"])
    try:
        t.check_script()
    except TesterError as e:
        raise error(loc, str(e))
    return t


def _take_body(module, reduced):
    """`module`'s body becomes `reduced`'s (the pass manager keeps the op it runs on)."""
    body, new = module.regions[0].blocks[0], reduced.regions[0].blocks[0]
    old = body.ops
    for op in old:
        op.drop_all_references()
    for op in old:
        op.detach()
        op.destroy()
    for op in new.ops:
        op.detach()
        body.append(op)


@register_pass("reduction-tree", "Reduce the input with reduction-tree algorithm",
               options=[PassOption("traversal-mode", int, 0, "The graph traversal mode, the "
                                   "default is single-path mode")] + _TESTER_OPTIONS,
               display_name="ReductionTreePass")
def reduction_tree(op, ctx, options):
    module = _module_of(op)
    if options["traversal-mode"] != 0:
        raise error(module.loc, "unsupported traversal mode detected")
    tester = _tester(options, module.loc)
    try:
        reduced = Reducer(ctx, tester, Progress()).run(module)
    except (ReduceError, TesterError) as e:
        raise error(module.loc, str(e))
    _take_body(module, reduced)


@register_pass("opt-reduction-pass", "A wrapper pass that reduces the file with optimization "
               "passes", options=[PassOption("opt-pass", str, "", "The optimization passes "
                                             "used for reduction, e.g., symbol-dce")]
               + _TESTER_OPTIONS, display_name="OptReductionPass", anchor="builtin.module")
def opt_reduction(module, ctx, options):
    from pyopt.pass_pipeline import parse_pipeline
    try:
        parse_pipeline(f"builtin.module({options['opt-pass']})")
    except Exception as e:
        raise error(module.loc, f"failed to parse pass pipeline: {_first_line(e)}")
    tester = _tester(options, module.loc)
    try:
        text = printed_if_valid(module, ctx)
        if text is None or not tester.is_interesting(text):
            raise error(module.loc, "the original input is not interested")
        variant = module.clone()
        try:
            run_passes(variant, ctx, options["opt-pass"])
        except MLIRError:
            raise error(module.loc, "failed to run pass pipeline")
        reduced = printed_if_valid(variant, ctx)
        if reduced is not None and len(reduced) < len(text) and tester.is_interesting(reduced):
            _take_body(module, variant)
    except TesterError as e:
        raise error(module.loc, str(e))


def _first_line(e):
    text = e.render() if hasattr(e, "render") else str(e)
    return text.strip().splitlines()[0] if text.strip() else type(e).__name__
