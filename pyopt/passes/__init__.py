"""Generic passes (registered on import): canonicalize, cse, symbol-dce, symbol-privatize,
print-op-stats, reconcile-unrealized-casts."""
from . import canonicalize, cse, symbols, stats, reconcile  # noqa: F401
