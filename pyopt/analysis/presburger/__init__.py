"""Presburger arithmetic for affine analyses: integer relations/sets with equalities,
inequalities and local (existential) variables, and the algorithms MLIR's affine analyses
rely on: Gaussian and Fourier-Motzkin elimination, emptiness (FM-based and exact),
constant bounds, redundancy removal, and flattening of affine expressions."""
from pyopt.analysis.presburger.relation import (IntegerRelation, IntegerPolyhedron, BoundType,
                                                DOMAIN, RANGE, SYMBOL, LOCAL)
from pyopt.analysis.presburger.flatten import flatten_exprs, expr_from_row

__all__ = ["IntegerRelation", "IntegerPolyhedron", "BoundType", "DOMAIN", "RANGE", "SYMBOL",
           "LOCAL", "flatten_exprs", "expr_from_row"]
