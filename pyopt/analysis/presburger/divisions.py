"""Division representations of local variables: a local q is known as floor(dividend / c)
when the constraints hold the pair  dividend - c*q >= 0  and  c*q - dividend + c - 1 >= 0.
Locals with the same representation are the same value and can be merged."""
from __future__ import annotations

from pyopt.analysis.presburger import rows as R


def div_repr(rel, pos):
    """(dividend tuple, divisor) of the local at column `pos`, or None."""
    for lo in rel.ineqs:
        c = -lo[pos]
        if c <= 0:
            continue
        for up in rel.ineqs:
            if up[pos] != c:
                continue
            if any(a + b for a, b in zip(lo[:-1], up[:-1])):
                continue
            if lo[-1] + up[-1] != c - 1:
                continue
            dividend = list(lo)
            dividend[pos] = 0
            g = R.gcd_of(dividend + [c])
            if g > 1:
                dividend = [x // g for x in dividend]
                c //= g
            return tuple(dividend), c
    return None


def remove_duplicate_divs(rel):
    """Merges locals whose division representations coincide (the later into the
    earlier); returns how many were merged."""
    merged = 0
    while True:
        start = rel.num_dims_and_symbols
        seen = {}
        pair = None
        for p in range(start, rel.num_vars):
            rep = div_repr(rel, p)
            if rep is None:
                continue
            if rep in seen:
                pair = (seen[rep], p)
                break
            seen[rep] = p
        if pair is None:
            return merged
        i, j = pair
        for rows in (rel.eqs, rel.ineqs):
            for r in rows:
                r[i] += r[j]
        rel.remove_var(j)
        merged += 1
