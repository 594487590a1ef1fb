"""The pass library (upstream's lib/Transforms and lib/Conversion).

transforms/  generic passes (canonicalize, cse, inline, mem2reg, sroa, sccp, licm, ...)
conversion/  dialect conversions (scf-to-cf, reconcile-unrealized-casts, the *-to-llvm passes
             over the shared llvm_common/ helpers)

Importing `passes.registry` registers every pass with pyopt's registry; the driver (pyopt.cli)
names that module, which is imported at the first pass lookup so start-up does not pay for it.
"""
