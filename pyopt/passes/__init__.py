"""Generic passes (registered on import): canonicalize, cse, symbol-dce, symbol-privatize,
print-op-stats, reconcile-unrealized-casts, convert-scf-to-cf."""
from . import canonicalize, cse, symbols, stats, reconcile, scf_to_cf  # noqa: F401
