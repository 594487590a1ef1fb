"""Division representations of local variables. A local q is floor(dividend / c) when the
constraints hold an inequality pair  dividend - c*q >= 0,  c*q - dividend + c - 1 - k >= 0
(0 <= k < c), or an equality c*q == dividend. Locals with equal representations are the
same value and can be merged; representations also turn locals back into affine
expressions."""
from __future__ import annotations

from math import gcd

from pyopt.analysis.presburger import rows as R


def _normalize(dividend, divisor):
    """Divides by the gcd of the variable coefficients and the divisor (the constant is
    floored: floor((a + m*f) / (m*d)) == floor((floor(a/m) + f) / d))."""
    g = divisor
    for x in dividend[:-1]:
        g = gcd(g, abs(x))
        if g == 1:
            return dividend, divisor
    return [R.floor_div(x, g) for x in dividend], divisor // g


def single_var_repr(rel, found, pos):
    """(dividend list, divisor, kind) for variable `pos` whose dividend only uses variables
    with `found` set, kind 'ineq' or 'eq'; None if there is none."""
    n = rel.num_vars
    ubs = [r for r in rel.ineqs if r[pos] <= -1]
    lbs = [r for r in rel.ineqs if r[pos] >= 1]

    def explicit(d):
        return all(found[c] or d[c] == 0 for c in range(n) if c != pos)
    for ub in ubs:
        for lb in lbs:
            divisor = lb[pos]
            if any(ub[i] != -lb[i] for i in range(n)):
                continue
            k = divisor - 1 - (lb[-1] + ub[-1])
            if not 0 <= k <= divisor - 1:
                continue
            d = [ub[i] if i != pos else 0 for i in range(n)] + [ub[-1] + k]
            d, divisor = _normalize(d, divisor)
            if explicit(d):
                return d, divisor, "ineq"
    for eq in rel.eqs:
        t = eq[pos]
        if t == 0:
            continue
        sign = -1 if t < 0 else 1
        d = [-sign * eq[i] if i != pos else 0 for i in range(n)] + [-sign * eq[-1]]
        d, divisor = _normalize(d, t * sign)
        if explicit(d):
            return d, divisor, "eq"
    return None


def local_reprs(rel):
    """For each local: its (dividend, divisor, kind) or None, dims and symbols known."""
    n = rel.num_vars
    start = rel.num_dims_and_symbols
    found = [i < start for i in range(n)]
    reprs = [None] * (n - start)
    changed = True
    while changed:
        changed = False
        for i in range(start, n):
            if found[i]:
                continue
            r = single_var_repr(rel, found, i)
            if r is not None:
                reprs[i - start] = r
                found[i] = True
                changed = True
    return reprs


def remove_duplicate_divs(rel, limit=None):
    """Merges locals (those before column `limit`) whose division representations coincide,
    the later into the earlier; returns how many were merged."""
    merged = 0
    while True:
        start = rel.num_dims_and_symbols
        end = rel.num_vars if limit is None else limit - merged
        seen = {}
        pair = None
        for i, rep in enumerate(local_reprs(rel)):
            if rep is None or start + i >= end:
                continue
            key = (tuple(rep[0]), rep[1])
            if key in seen:
                pair = (seen[key], start + i)
                break
            seen[key] = start + i
        if pair is None:
            return merged
        i, j = pair
        for rows in (rel.eqs, rel.ineqs):
            for r in rows:
                r[i] += r[j]
        rel.remove_var(j)
        merged += 1


def local_exprs(rel, dim_exprs):
    """Affine expressions of the locals (floordivs found from inequality pairs), given the
    expressions of dims and symbols; None entries where no representation exists."""
    from pyopt.ir.affine import constant
    n = rel.num_vars
    start = rel.num_dims_and_symbols
    memo = list(dim_exprs) + [None] * (n - start)
    changed = True
    while changed:
        changed = False
        for i in range(start, n):
            if memo[i] is not None:
                continue
            r = single_var_repr(rel, [m is not None for m in memo], i)
            if r is None or r[2] != "ineq":
                continue
            d, divisor, _ = r
            e = constant(d[-1])
            for c in range(n):
                if d[c]:
                    e = e + memo[c] * d[c]
            memo[i] = e.floordiv(constant(divisor))
            changed = True
    return memo[start:]
