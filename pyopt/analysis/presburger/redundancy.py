"""Removing redundant constraints: the cheap syntactic pass (duplicates, trivially true rows,
rows that differ only in their constant) and the complete check of each inequality against
the others (its complement added to the rest must be empty)."""
from __future__ import annotations


def remove_trivial_redundancy(rel):
    rel.gcd_tighten_inequalities()
    rel.normalize_constraints_by_gcd()
    keep = [True] * len(rel.ineqs)
    seen = set()
    by_coeffs = {}  # coefficients -> (row index, constant) of the tightest row so far
    for i, r in enumerate(rel.ineqs):
        coeffs = tuple(r[:-1])
        key = tuple(r)
        if (not any(coeffs) and r[-1] >= 0) or key in seen:
            keep[i] = False
            continue
        seen.add(key)
        prev = by_coeffs.get(coeffs)
        if prev is None:
            by_coeffs[coeffs] = (i, r[-1])
        elif prev[1] > r[-1]:
            keep[prev[0]] = False
            by_coeffs[coeffs] = (i, r[-1])
        else:
            keep[i] = False
    rel.ineqs = [r for r, k in zip(rel.ineqs, keep) if k]


def remove_redundant_inequalities(rel):
    """Drops each inequality implied by the remaining ones (by FM emptiness of its
    complement)."""
    tmp = rel.copy()
    redundant = [False] * len(rel.ineqs)
    for i in range(len(rel.ineqs)):
        row = tmp.ineqs[i]
        saved = list(row)
        row[:] = [-x for x in row]
        row[-1] -= 1
        if tmp.is_empty():
            redundant[i] = True
            row[:] = [0] * len(row)
        else:
            row[:] = saved
    rel.ineqs = [r for r, red in zip(rel.ineqs, redundant) if not red]


def remove_duplicate_constraints(rel):
    """Drops repeated equalities/inequalities, turns `e >= 0, -e >= 0` pairs into an
    equality; returns True if anything changed."""
    changed = False
    out, seen = [], set()
    for r in rel.eqs:
        k = tuple(r)
        if k in seen or tuple(-x for x in r) in seen:
            changed = True
            continue
        seen.add(k)
        out.append(r)
    rel.eqs = out
    ineqs, seen = [], {}
    for r in rel.ineqs:
        k = tuple(r)
        if k in seen:
            changed = True
            continue
        seen[k] = len(ineqs)
        ineqs.append(r)
    drop = set()
    for k, i in seen.items():
        neg = tuple(-x for x in k)
        j = seen.get(neg)
        if j is not None and i < j and any(k):
            rel.eqs.append(list(k))
            drop.update((i, j))
            changed = True
    rel.ineqs = [r for i, r in enumerate(ineqs) if i not in drop]
    return changed
