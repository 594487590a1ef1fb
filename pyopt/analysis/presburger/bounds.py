"""Constant bounds of one variable (projecting the others away with FM, as MLIR does) and
constant folding of variables pinned by an equality."""
from __future__ import annotations

from pyopt.analysis.presburger import rows as R
from pyopt.analysis.presburger.relation import BoundType


def find_equality_to_constant(rel, pos, symbolic=False):
    """Index of an equality `+-x_pos + c == 0` (or, with `symbolic`, one whose other terms
    are symbols/locals only); -1 if none."""
    limit = rel.num_dims if symbolic else rel.num_vars
    for i, r in enumerate(rel.eqs):
        if r[pos] * r[pos] != 1:
            continue
        if all(r[c] == 0 for c in range(limit) if c != pos):
            return i
    return -1


def _bound_of_projected(rel, lower):
    """`rel` has been projected onto variable 0."""
    i = find_equality_to_constant(rel, 0)
    if i != -1:
        r = rel.eqs[i]
        return -r[-1] // r[0]
    if all(r[0] == 0 for r in rel.ineqs):
        return None
    best = None
    for r in rel.ineqs:
        c = r[0]
        if (lower and c <= 0) or (not lower and c >= 0):
            continue
        if any(r[1:-1]):
            continue
        b = R.ceil_div(-r[-1], c) if lower else R.floor_div(r[-1], -c)
        if best is None or (b > best if lower else b < best):
            best = b
    return best


def constant_bound(rel, type_, pos):
    """The tightest constant lower (LB) / upper (UB) bound of variable `pos` that FM
    projection finds, None if unbounded; EQ gives the value when both coincide."""
    def one(lower):
        tmp = rel.copy()
        tmp.project_out(0, pos)
        tmp.project_out(1, tmp.num_vars - 1)
        return _bound_of_projected(tmp, lower)
    if type_ is BoundType.LB:
        return one(True)
    if type_ is BoundType.UB:
        return one(False)
    lb, ub = one(True), one(False)
    return ub if lb is not None and ub is not None and lb == ub else None


def set_and_eliminate(rel, pos, value):
    """Substitutes x_pos := value everywhere and removes the variable."""
    for rows in (rel.eqs, rel.ineqs):
        for r in rows:
            r[-1] += r[pos] * value
    rel.remove_var(pos)


def constant_fold_var(rel, pos):
    i = find_equality_to_constant(rel, pos)
    if i == -1:
        return False
    r = rel.eqs[i]
    set_and_eliminate(rel, pos, -r[-1] // r[pos])
    return True


def _bounds_free_of_dims(cst, pos):
    nd = cst.num_dims

    def free(r):
        return all(r[c] == 0 for c in range(nd) if c != pos)
    return ([r for r in cst.ineqs if r[pos] >= 1 and free(r)],
            [r for r in cst.ineqs if r[pos] <= -1 and free(r)], None)


def constant_bound_on_dim_size(cst, pos):
    """A constant bound on the extent of dim `pos` (ub - lb + 1 for a lower and an upper
    bound differing only in their constant), with that symbolic lower bound: (extent,
    lb over [symbols, constant] as a floordiv numerator, its divisor, ub), or None."""
    nd, ns = cst.num_dims, cst.num_symbols
    for eq in cst.eqs:
        if eq[pos] * eq[pos] != 1 or any(eq[c] for c in range(nd) if c != pos):
            continue
        if any(eq[cst.num_dims_and_symbols:-1]):
            return None
        v = eq[pos]
        lb = [(eq[nd + c] // -v) if v < 0 else (-eq[nd + c] // v) for c in range(ns + 1)]
        return 1, lb, 1, list(lb)
    if all(r[pos] == 0 for r in cst.ineqs):
        return None
    lbs, ubs, _ = _bounds_free_of_dims(cst, pos)
    best = None
    for ub in ubs:
        for lb in lbs:
            if any(ub[j] != -lb[j] for j in range(len(lb) - 1)):
                continue
            diff = max(R.ceil_div(ub[-1] + lb[-1] + 1, lb[pos]), 0)
            if best is None or diff < best[0]:
                best = (diff, lb, ub)
    if best is None:
        return None
    diff, lbr, ubr = best
    lb = [-lbr[nd + c] for c in range(ns + 1)]
    ub = [ubr[nd + c] for c in range(ns + 1)]
    lb[ns] += lbr[pos] - 1
    return diff, lb, lbr[pos], ub
