"""`convert-vector-to-scf`, as far as pyopt has it: nothing to rewrite yet.

Upstream's pass unrolls n-D transfers (rank above `target-rank`, or with a non minor-identity
permutation map) and prints of n-D vectors into scf loops over 1-D pieces, with the greedy
driver. pyopt has none of those rewrites: on IR without such ops the pass is exactly a greedy
fold/DCE sweep (what upstream amounts to there, so pipelines naming it keep their output);
an op that would need a rewrite fails the pass with an error naming it, instead of reaching
convert-vector-to-llvm unlowered.
"""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.syntax.diagnostics import Diagnostic, MLIRError

_TRANSFERS = ("vector.transfer_read", "vector.transfer_write")


def _vector_type(op):
    if op.name == "vector.transfer_read":
        return op.results[0].type
    return op.operands[0].type


def needs_vector_to_scf(op, target_rank=1):
    """True when upstream's convert-vector-to-scf would rewrite `op`."""
    if op.name in _TRANSFERS:
        if len(getattr(_vector_type(op), "shape", ())) > target_rank:
            return True
        pm = op.attributes.get("permutation_map")
        return pm is not None and not pm.value.is_minor_identity()
    if op.name == "vector.print" and op.operands:
        t = op.operands[0].type
        return len(getattr(t, "shape", ())) > 1 or any(getattr(t, "scalable_dims", ()) or ())
    return False


def check_no_vector_to_scf_work(root, target_rank=1, where="convert-vector-to-scf"):
    for o in root.walk_ops():
        if needs_vector_to_scf(o, target_rank):
            raise MLIRError(Diagnostic(
                "error", o.loc, f"'{o.name}' op needs the rewrites of {where} into scf loops, "
                f"which pyopt does not implement yet"))


@register_pass("convert-vector-to-scf", "Lower the operations from the vector dialect into the "
               "SCF dialect",
               options=[PassOption("full-unroll", bool, False, "Perform full unrolling when "
                                   "converting vector transfers to SCF"),
                        PassOption("lower-tensors", bool, False,
                                   "Lower transfer ops that operate on tensors"),
                        PassOption("target-rank", int, 1, "Target vector rank to which "
                                   "transfer ops should be lowered")],
               display_name="ConvertVectorToSCF")
def convert_vector_to_scf(op, ctx, options):
    check_no_vector_to_scf_work(op, options.get("target-rank", 1))
    apply_patterns_greedily(op, [], ctx)
