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
