"""Generic passes (registered on import): canonicalize, cse, symbol-dce, symbol-privatize,
print-op-stats, reconcile-unrealized-casts, convert-scf-to-cf."""
from . import canonicalize, cse, symbols, stats, reconcile, scf_to_cf, sccp, licm  # noqa: F401
from . import sroa  # noqa: F401
from . import mem2reg  # noqa: F401
from . import inline  # noqa: F401
