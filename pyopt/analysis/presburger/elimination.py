"""Variable elimination: Gaussian elimination with equalities, Fourier-Motzkin projection
of inequalities, and the FM-based emptiness test built on them (as MLIR's IntegerRelation).

FM computes the rational shadow, tightened by the gcd of each new inequality; so `is_empty`
returning True proves integer emptiness, while False may (rarely) be a false "non-empty".
The column orders and tie-breaks follow MLIR so that derived bounds read the same."""
from __future__ import annotations

from pyopt.analysis.presburger import rows as R

# FM gives up (answers "not empty") once the system grows past this many constraints per var.
EXPLOSION_FACTOR = 32


def eliminate_from_row(row, pivot, col):
    """Combines `row` with `pivot` so that row[col] becomes 0 (in place)."""
    lead = row[col]
    if lead == 0:
        return
    p = pivot[col]
    l = R.lcm(p, lead)
    sign = -1 if lead * p > 0 else 1
    pm = sign * (l // abs(p))
    rm = l // abs(lead)
    for j in range(len(row)):
        row[j] = pm * pivot[j] + rm * row[j]


def _first_nonzero(rows, col):
    for i, r in enumerate(rows):
        if r[col] != 0:
            return i
    return -1


def gaussian_eliminate_vars(rel, start, limit):
    """Eliminates the variables in [start, limit) that an equality defines, stopping at the
    first one that only inequalities mention; returns how many were removed."""
    if start >= limit:
        return 0
    rel.gcd_tighten_inequalities()
    col = start
    while col < limit:
        p = _first_nonzero(rel.eqs, col)
        if p < 0:
            if _first_nonzero(rel.ineqs, col) < 0:
                col += 1
                continue
            break
        pivot = rel.eqs[p]
        for i, r in enumerate(rel.eqs):
            if i != p:
                eliminate_from_row(r, pivot, col)
            R.normalize(r)
        for r in rel.ineqs:
            eliminate_from_row(r, pivot, col)
            R.normalize(r)
        del rel.eqs[p]
        rel.gcd_tighten_inequalities()
        col += 1
    rel.remove_var_range(start, col)
    return col - start


def remove_redundant_local_vars(rel):
    """Substitutes away locals that an equality gives with a unit coefficient."""
    nds = rel.num_dims_and_symbols
    for r in rel.eqs:
        R.normalize(r)
    while True:
        found = None
        for i, r in enumerate(rel.eqs):
            for j in range(nds, rel.num_vars):
                if abs(r[j]) == 1:
                    found = (i, j)
                    break
            if found:
                break
        if found is None:
            return
        i, j = found
        pivot = rel.eqs[i]
        for k, r in enumerate(rel.eqs):
            if k != i and r[j] != 0:
                eliminate_from_row(r, pivot, j)
                R.normalize(r)
        for r in rel.ineqs:
            eliminate_from_row(r, pivot, j)
        del rel.eqs[i]
        rel.remove_var(j)


def best_var_to_eliminate(rel, start, end):
    """The variable in [start, end) with the fewest (#lower bounds * #upper bounds)."""
    best, best_cost = start, None
    for c in range(start, end):
        lb = ub = 0
        for r in rel.ineqs:
            if r[c] > 0:
                lb += 1
            elif r[c] < 0:
                ub += 1
        cost = lb * ub
        if best_cost is None or cost < best_cost:
            best, best_cost = c, cost
    return best


def fourier_motzkin_eliminate(rel, pos, dark_shadow=False):
    """Projects out variable `pos`; returns True when the result is integer exact."""
    for r in rel.eqs:
        if r[pos] != 0:
            gaussian_eliminate_vars(rel, pos, pos + 1)
            return True
    rel.gcd_tighten_inequalities()
    if rel.is_col_zero(pos):
        rel.remove_var(pos)
        return True
    lbs, ubs, others = [], [], []
    for r in rel.ineqs:
        c = r[pos]
        (others if c == 0 else lbs if c > 0 else ubs).append(r)
    exact = True
    new_ineqs = []
    for ub in ubs:
        for lb in lbs:
            lc, uc = lb[pos], -ub[pos]
            l = R.lcm(lc, uc)
            if l != 1:
                exact = False
            row = [ub[j] * (l // uc) + lb[j] * (l // lc) for j in range(len(lb))]
            if dark_shadow:
                row[-1] += lc * uc - lc - uc + 1
            new_ineqs.append(row)
    new_ineqs.extend(others)
    rel.ineqs = new_ineqs
    rel.remove_var(pos)  # the column is zero in every row now
    rel.gcd_tighten_inequalities()
    rel.normalize_constraints_by_gcd()
    rel.remove_trivial_redundancy()
    return exact


def project_out(rel, pos, num):
    """Existentially quantifies away the variables [pos, pos + num)."""
    if num == 0:
        return
    cur, to_elim, gaussian = pos, num, 0
    while cur < rel.num_vars:
        n = gaussian_eliminate_vars(rel, cur, cur + to_elim)
        cur += 1
        to_elim -= n + 1
        gaussian += n
    for i in range(num - gaussian):
        left = num - gaussian - i
        fourier_motzkin_eliminate(rel, best_var_to_eliminate(rel, pos, pos + left))
    rel.gcd_tighten_inequalities()
    rel.normalize_constraints_by_gcd()


def is_empty(rel):
    if rel.is_obviously_empty():
        return True
    tmp = rel.copy()
    remove_redundant_local_vars(tmp)
    if tmp.is_obviously_empty():
        return True
    cur = 0
    while cur < tmp.num_vars:
        gaussian_eliminate_vars(tmp, cur, tmp.num_vars)
        cur += 1
        if tmp.is_obviously_empty():
            return True
    limit = EXPLOSION_FACTOR * rel.num_vars
    for _ in range(tmp.num_vars):
        fourier_motzkin_eliminate(tmp, best_var_to_eliminate(tmp, 0, tmp.num_vars))
        if tmp.num_constraints() >= limit:
            return False
        if tmp.has_invalid_constraint():
            return True
    return False
