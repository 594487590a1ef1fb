"""Generic passes; each module registers its passes on import."""
from passes.transforms import (canonicalize, cse, symbols, stats, sccp, licm, sroa,  # noqa: F401
                               mem2reg, inline, strip_debuginfo, llvm_ir)
