"""Simplification of integer sets through their constraint system (simplifyIntegerSet): an
empty set becomes the canonical `1 == 0`, otherwise duplicate and trivially redundant
constraints are dropped."""
from __future__ import annotations

from pyopt.analysis.presburger.divisions import local_exprs
from pyopt.analysis.presburger.flatten import expr_from_row
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints
from pyopt.ir.affine import IntegerSet, constant, dim, symbol


def constraints_as_integer_set(cst):
    """getAsIntegerSet: None when a local has no floordiv representation."""
    nd, ns = cst.num_dims, cst.num_symbols
    if not cst.eqs and not cst.ineqs:
        return IntegerSet(nd, ns, [constant(0)], [True])
    names = [dim(i) for i in range(nd)] + [symbol(i) for i in range(ns)]
    locs = local_exprs(cst, names)
    start = cst.num_dims_and_symbols
    for i, e in enumerate(locs):
        if e is None and not cst.is_col_zero(start + i):
            return None
    locs = [e if e is not None else constant(0) for e in locs]
    exprs = [expr_from_row(r, nd, ns, locs) for r in cst.eqs + cst.ineqs]
    flags = [True] * len(cst.eqs) + [False] * len(cst.ineqs)
    return IntegerSet(nd, ns, exprs, flags)


def simplify_integer_set(iset):
    cst = ValueConstraints.from_integer_set(iset)
    if cst is None:
        return iset
    if cst.is_empty():
        return IntegerSet.get_empty_set(iset.num_dims, iset.num_symbols)
    cst.remove_trivial_redundancy()
    out = constraints_as_integer_set(cst)
    return iset if out is None else out
