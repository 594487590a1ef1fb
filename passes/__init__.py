"""The pass library (upstream's lib/Transforms and lib/Conversion): importing it registers every
pass with pyopt's registry. The driver (pyopt.cli) loads it on first pass lookup, so start-up
does not pay for it.

transforms/  generic passes (canonicalize, cse, inline, mem2reg, sroa, sccp, licm, ...)
conversion/  dialect conversions (scf-to-cf, reconcile-unrealized-casts, the *-to-llvm passes
             over the shared llvm_common/ helpers)
"""
from passes import transforms, conversion  # noqa: F401
