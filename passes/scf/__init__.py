"""SCF-dialect transformation passes (loop fusion, canonicalization, peeling, tiling, ...).
Importing the package registers them."""
from passes.scf import (parallel_fusion, forall_lowering,  # noqa: F401
                                   specialization, range_folding, while_tests,
                                   loop_canonicalization, peeling, tiling, pipelining,
                                   unrolling)
