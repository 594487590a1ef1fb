"""`test-lower-to-llvm`: the pipeline MLIR's integration tests lower their programs with.

Same stages, in the same order, as mlir-opt 19's registration (vector-to-scf and
linalg-to-loops on each func, lower-affine, scf-to-cf, canonicalize, cse, vector-to-llvm,
math-to-llvm on each func, expand-strided-metadata, lower-affine again, memref/func/index to
LLVM, reconcile). func-to-llvm also takes arith and cf, as upstream's does.

Stages whose pass pyopt does not have yet are looked up when the pipeline runs: if the IR holds
no op such a pass would lower, it is replaced by what the upstream pass amounts to on that IR (a
greedy fold/DCE sweep with no patterns); if it does hold one, the pipeline fails naming the pass
and the op, instead of silently leaving the op for a later stage to choke on.
"""
from __future__ import annotations

from pyopt.pass_manager import OpPassManager, PassManager, make_instance
from pyopt.pass_registry import PassOption, lookup_pass, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.ir.diagnostics import Diagnostic, MLIRError

from passes.conversion.vector_to_scf import needs_vector_to_scf

# (anchor or None, pass name, option text, which ops need the pass when it is missing)
_STAGES = (
    ("func.func", "convert-vector-to-scf", "", needs_vector_to_scf),
    ("func.func", "convert-linalg-to-loops", "", lambda op: op.name.startswith("linalg.")),
    (None, "lower-affine", "", None),
    (None, "convert-scf-to-cf", "", None),
    (None, "canonicalize", "", None),
    (None, "cse", "", None),
    (None, "convert-vector-to-llvm", "reassociate-fp-reductions={r}",
     lambda op: op.name.startswith("vector.")),
    ("func.func", "convert-math-to-llvm", "", None),
    (None, "expand-strided-metadata", "", None),
    (None, "lower-affine", "", None),
    (None, "finalize-memref-to-llvm", "", None),
    (None, "convert-func-to-llvm", "", None),
    (None, "convert-index-to-llvm", "", None),
    (None, "reconcile-unrealized-casts", "", None),
)


class _Missing:
    """Stands in for a pass pyopt lacks (see the module docstring)."""

    def __init__(self, name, needs):
        self.name = name
        self.needs = needs

    def __call__(self, op, ctx, options):
        for o in op.walk_ops():
            if self.needs(o):
                raise MLIRError(Diagnostic(
                    "error", o.loc, f"'{o.name}' op needs the '{self.name}' pass of the "
                    f"test-lower-to-llvm pipeline, which pyopt does not implement yet"))
        apply_patterns_greedily(op, [], ctx)


def _build(reassociate):
    from pyopt.pass_registry import PassInfo
    top = OpPassManager(None)
    for anchor, name, opts, needs in _STAGES:
        info = lookup_pass(name)
        if info is None:
            info = PassInfo(name, "", _Missing(name, needs))
            inst = make_instance(info, "")
        else:
            inst = make_instance(info, opts.format(r=str(reassociate).lower()))
        (top.nest(anchor) if anchor else top).add(inst)
    return top


@register_pass("test-lower-to-llvm", "An example of pipeline to lower the main dialects (arith, "
               "linalg, memref, scf, vector) down to LLVM.",
               options=[PassOption("reassociate-fp-reductions", bool, False,
                                   "Allow reassociation og FP reductions")],
               display_name="TestLowerToLLVM")
def test_lower_to_llvm(op, ctx, options):
    pm = PassManager(_build(bool(options.get("reassociate-fp-reductions"))))
    pm.run(op, ctx, getattr(ctx, "diag_engine", None))
