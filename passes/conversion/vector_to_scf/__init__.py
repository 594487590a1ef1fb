"""`convert-vector-to-scf`: vector transfers above the target rank become scf loops (or are
fully unrolled) over lower-rank transfers, and vector.print of a vector becomes loops printing
its elements.

As upstream, two greedy runs: first the transfer permutation maps are lowered to minor
identities (permutation.py), then the loop patterns (loops.py) and the print decomposition
(printing.py) apply."""
from __future__ import annotations

from pyopt.ir.types import VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from passes.conversion.vector_to_scf import loops, permutation
from passes.conversion.vector_to_scf.printing import DecomposePrint

_TRANSFERS = ("vector.transfer_read", "vector.transfer_write")


def needs_vector_to_scf(op, target_rank=1):
    """True when upstream's convert-vector-to-scf would rewrite `op` (the test-lower-to-llvm
    pipeline asks, to skip the pass on IR without such ops)."""
    if op.name in _TRANSFERS:
        vt = op.vector.type  # (the read's result, the written operand)
        if len(getattr(vt, "shape", ())) > target_rank:
            return True
        pm = op.get_attr("permutation_map")
        return pm is not None and not pm.value.is_minor_identity()
    if op.name == "vector.print" and op.source is not None:
        return isinstance(op.source.type, VectorType)
    return False


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
    opts = loops.Options(bool(options.get("full-unroll")), options.get("target-rank", 1),
                         bool(options.get("lower-tensors")))
    bottom_up = GreedyConfig(top_down=False)  # the upstream driver's default
    apply_patterns_greedily(op, permutation.patterns(), ctx, bottom_up)
    apply_patterns_greedily(op, loops.patterns(opts) + [DecomposePrint()], ctx, bottom_up)
