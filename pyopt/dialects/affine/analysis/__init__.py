"""Polyhedral analyses of affine code built on pyopt.analysis.presburger: iteration domains
of affine.for/if/parallel nests (value_constraints), memref access maps (memref_access),
dependence checks with direction vectors (dependence) and accessed regions (region)."""
