"""Exact integer emptiness: a rational two-phase simplex (Fractions, Bland's rule) finds a
rational point of the constraints, and branch and bound splits on a fractional coordinate
(x <= floor(v) or x >= ceil(v)) until an integer point is found or every branch is empty.

This is the complete test that the FM-based `is_empty` is not; it is bounded by a node
budget so that unbounded sets without integer points cannot loop forever."""
from __future__ import annotations

from fractions import Fraction

from pyopt.analysis.presburger import rows as R
from math import floor, ceil

NODE_BUDGET = 2000


class _Budget(Exception):
    pass


def _rational_point(n, eqs, ineqs):
    """A rational x with eq(x) == 0 and ineq(x) >= 0, or None. Rows: n coeffs + constant."""
    # Columns: u (n), v (n) with x = u - v; slacks (one per ineq); artificials (one per row).
    rows = [(r, False) for r in eqs] + [(r, True) for r in ineqs]
    m = len(rows)
    ns = len(ineqs)
    nvar = 2 * n + ns + m
    tab = []
    basis = []
    si = 0
    for i, (r, is_ineq) in enumerate(rows):
        # a.x (- s) = -b
        line = [Fraction(0)] * (nvar + 1)
        for j in range(n):
            line[j] = Fraction(r[j])
            line[n + j] = Fraction(-r[j])
        if is_ineq:
            line[2 * n + si] = Fraction(-1)
            si += 1
        rhs = Fraction(-r[-1])
        if rhs < 0:
            line = [-x for x in line]
            rhs = -rhs
        line[2 * n + ns + i] = Fraction(1)
        line[-1] = rhs
        tab.append(line)
        basis.append(2 * n + ns + i)
    # Phase 1 objective: minimise the sum of artificials == maximise -sum.
    obj = [Fraction(0)] * (nvar + 1)
    for line in tab:
        for j in range(nvar + 1):
            obj[j] -= line[j]
    for i in range(m):
        obj[2 * n + ns + i] += 1
    # obj holds reduced costs for minimisation; value = -obj[-1]
    while True:
        col = next((j for j in range(nvar) if obj[j] < 0), -1)
        if col < 0:
            break
        best, row = None, -1
        for i, line in enumerate(tab):
            if line[col] > 0:
                ratio = line[-1] / line[col]
                if best is None or ratio < best or (ratio == best and basis[i] < basis[row]):
                    best, row = ratio, i
        if row < 0:
            break  # unbounded objective cannot happen in phase 1
        piv = tab[row][col]
        tab[row] = [x / piv for x in tab[row]]
        for i, line in enumerate(tab):
            if i != row and line[col] != 0:
                f = line[col]
                tab[i] = [a - f * b for a, b in zip(line, tab[row])]
        if obj[col] != 0:
            f = obj[col]
            obj = [a - f * b for a, b in zip(obj, tab[row])]
        basis[row] = col
    if obj[-1] != 0:
        return None
    vals = [Fraction(0)] * nvar
    for i, b in enumerate(basis):
        vals[b] = tab[i][-1]
    return [vals[j] - vals[n + j] for j in range(n)]


def _search(n, eqs, ineqs, budget):
    budget[0] -= 1
    if budget[0] < 0:
        raise _Budget
    pt = _rational_point(n, eqs, ineqs)
    if pt is None:
        return None
    for j, v in enumerate(pt):
        if v.denominator != 1:
            lo = [0] * (n + 1)
            lo[j], lo[-1] = -1, floor(v)          # x_j <= floor(v)
            hi = [0] * (n + 1)
            hi[j], hi[-1] = 1, -ceil(v)           # x_j >= ceil(v)
            for extra in (lo, hi):
                r = _search(n, eqs, ineqs + [extra], budget)
                if r is not None:
                    return r
            return None
    return [int(v) for v in pt]


def find_integer_sample(rel):
    """An integer point of `rel` (all variables, locals included), None if there is none.
    Raises nothing: when the budget runs out the answer is 'unknown' and treated as
    non-empty by returning an empty list."""
    if rel.is_obviously_empty():
        return None
    ineqs = [list(r) for r in rel.ineqs]
    for r in ineqs:
        R.tighten(r)  # same integer points, often no rational ones left
    try:
        return _search(rel.num_vars, [list(r) for r in rel.eqs], ineqs, [NODE_BUDGET])
    except _Budget:
        return []
