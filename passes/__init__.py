"""Passes (conversions and transforms) for pyopt."""
