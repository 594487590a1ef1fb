"""Dialect conversion passes; each module registers its passes on import."""
from passes.conversion import reconcile_unrealized_casts, scf_to_cf  # noqa: F401
