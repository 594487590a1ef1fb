"""IntegerRelation: a conjunction of affine equalities and inequalities over integer
variables, the storage every Presburger algorithm here works on.

Variables are laid out in columns by kind, in this order:
    [domain | range | symbols | locals | constant]
A row `r` stands for `sum(r[i] * x_i) + r[-1] == 0` (an equality) or `>= 0` (an
inequality). Sets (IntegerPolyhedron) are relations without domain variables; their
"dims" are the range variables. Locals are existentially quantified.

The algorithms (elimination, emptiness, bounds, redundancy) live in sibling modules and are
exposed here as methods so that callers only handle one object.
"""
from __future__ import annotations

from enum import IntEnum

from pyopt.analysis.presburger import rows as R

DOMAIN, RANGE, SYMBOL, LOCAL = 0, 1, 2, 3


class BoundType(IntEnum):
    EQ = 0
    LB = 1
    UB = 2


class IntegerRelation:
    __slots__ = ("counts", "eqs", "ineqs")

    def __init__(self, num_domain=0, num_range=0, num_symbols=0, num_locals=0):
        self.counts = [num_domain, num_range, num_symbols, num_locals]
        self.eqs: list[list[int]] = []
        self.ineqs: list[list[int]] = []

    # ---------------------------------------------------------------- shape
    @property
    def num_vars(self):
        return sum(self.counts)

    @property
    def num_cols(self):
        return sum(self.counts) + 1

    @property
    def num_dims(self):
        """Domain + range variables (the "dims" of FlatAffineConstraints)."""
        return self.counts[DOMAIN] + self.counts[RANGE]

    @property
    def num_symbols(self):
        return self.counts[SYMBOL]

    @property
    def num_locals(self):
        return self.counts[LOCAL]

    @property
    def num_dims_and_symbols(self):
        return self.num_dims + self.counts[SYMBOL]

    def num_constraints(self):
        return len(self.eqs) + len(self.ineqs)

    def offset(self, kind):
        return sum(self.counts[:kind])

    def kind_at(self, pos):
        acc = 0
        for k, n in enumerate(self.counts):
            acc += n
            if pos < acc:
                return k
        raise IndexError(pos)

    def copy(self):
        c = IntegerRelation(*self.counts)
        c.eqs = [list(r) for r in self.eqs]
        c.ineqs = [list(r) for r in self.ineqs]
        return c

    __copy__ = copy

    def copy_from(self, other):
        self.counts = list(other.counts)
        self.eqs = other.eqs
        self.ineqs = other.ineqs

    # ---------------------------------------------------------------- variables
    def insert_var(self, kind, pos, num=1):
        """Inserts `num` variables of `kind` at position `pos` within that kind; returns
        the absolute column of the first one."""
        at = self.offset(kind) + pos
        self.counts[kind] += num
        for rows in (self.eqs, self.ineqs):
            for r in rows:
                r[at:at] = [0] * num
        return at

    def append_var(self, kind, num=1):
        return self.insert_var(kind, self.counts[kind], num)

    def remove_var_range(self, start, end):
        """Removes the variables at absolute columns [start, end)."""
        if start >= end:
            return
        for rows in (self.eqs, self.ineqs):
            for r in rows:
                del r[start:end]
        acc = 0
        for k in range(4):
            lo, hi = acc, acc + self.counts[k]
            acc = hi
            overlap = max(0, min(hi, end) - max(lo, start))
            self.counts[k] -= overlap
            # acc tracks the original layout, so the loop stays correct

    def remove_var(self, pos):
        self.remove_var_range(pos, pos + 1)

    def swap_var(self, a, b):
        if a == b:
            return
        for rows in (self.eqs, self.ineqs):
            for r in rows:
                r[a], r[b] = r[b], r[a]

    def convert_to_kind(self, start, end, kind_from, kind_to):
        """Re-labels the first vars of `kind_from`..: only adjacent kinds whose columns need
        no moves are supported (e.g. trailing dims -> leading symbols)."""
        n = end - start
        self.counts[kind_from] -= n
        self.counts[kind_to] += n

    # ---------------------------------------------------------------- constraints
    def add_eq(self, row):
        assert len(row) == self.num_cols
        self.eqs.append([int(x) for x in row])

    def add_ineq(self, row):
        assert len(row) == self.num_cols
        self.ineqs.append([int(x) for x in row])

    def add_bound(self, type_, pos, value):
        """var[pos] == / >= / <= value."""
        row = [0] * self.num_cols
        if type_ is BoundType.EQ:
            row[pos], row[-1] = 1, -value
            self.eqs.append(row)
        elif type_ is BoundType.LB:
            row[pos], row[-1] = 1, -value
            self.ineqs.append(row)
        else:
            row[pos], row[-1] = -1, value
            self.ineqs.append(row)

    def add_local_floor_div(self, dividend, divisor):
        """Appends local q = floor(dividend / divisor) with the two constraints
        divisor*q <= dividend <= divisor*q + divisor - 1."""
        assert divisor > 0 and len(dividend) == self.num_cols
        at = self.append_var(LOCAL)
        d = list(dividend)
        d.insert(at, 0)
        upper = [-x for x in d]
        upper[at] = divisor
        upper[-1] += divisor - 1
        lower = list(d)
        lower[at] = -divisor
        self.ineqs.append(upper)
        self.ineqs.append(lower)

    def append(self, other):
        """Adds `other`'s constraints (same column layout)."""
        assert other.num_cols == self.num_cols
        self.eqs.extend(list(r) for r in other.eqs)
        self.ineqs.extend(list(r) for r in other.ineqs)

    def clear_constraints(self):
        self.eqs = []
        self.ineqs = []

    # ---------------------------------------------------------------- trivial checks
    def is_empty_by_gcd_test(self):
        for r in self.eqs:
            g = R.gcd_of(r[:-1])
            if g > 0 and r[-1] % g != 0:
                return True
        return False

    def has_invalid_constraint(self):
        for r in self.eqs:
            if not any(r[:-1]) and r[-1] != 0:
                return True
        for r in self.ineqs:
            if not any(r[:-1]) and r[-1] < 0:
                return True
        return False

    def is_obviously_empty(self):
        return self.is_empty_by_gcd_test() or self.has_invalid_constraint()

    def is_col_zero(self, pos):
        return all(r[pos] == 0 for r in self.eqs) and all(r[pos] == 0 for r in self.ineqs)

    def normalize_constraints_by_gcd(self):
        for r in self.eqs:
            R.normalize(r)
        for r in self.ineqs:
            R.normalize(r)

    def gcd_tighten_inequalities(self):
        for r in self.ineqs:
            R.tighten(r)

    # ---------------------------------------------------------------- printing
    def __str__(self):
        lines = [f"IntegerRelation(counts={self.counts})"]
        lines += ["  " + " ".join(map(str, r)) + " = 0" for r in self.eqs]
        lines += ["  " + " ".join(map(str, r)) + " >= 0" for r in self.ineqs]
        return "\n".join(lines)

    # ---------------------------------------------------------------- algorithms
    def gaussian_eliminate_vars(self, start, limit):
        from pyopt.analysis.presburger.elimination import gaussian_eliminate_vars
        return gaussian_eliminate_vars(self, start, limit)

    def fourier_motzkin_eliminate(self, pos, dark_shadow=False):
        from pyopt.analysis.presburger.elimination import fourier_motzkin_eliminate
        return fourier_motzkin_eliminate(self, pos, dark_shadow)

    def project_out(self, pos, num=1):
        from pyopt.analysis.presburger.elimination import project_out
        project_out(self, pos, num)

    def remove_redundant_local_vars(self):
        from pyopt.analysis.presburger.elimination import remove_redundant_local_vars
        remove_redundant_local_vars(self)

    def is_empty(self):
        """Emptiness as MLIR's FM-based test: True proves there is no integer point."""
        from pyopt.analysis.presburger.elimination import is_empty
        return is_empty(self)

    def is_integer_empty(self):
        """Exact integer emptiness (simplex with branch and bound)."""
        from pyopt.analysis.presburger.simplex import find_integer_sample
        return find_integer_sample(self) is None

    def find_integer_sample(self):
        from pyopt.analysis.presburger.simplex import find_integer_sample
        return find_integer_sample(self)

    def contains_point(self, point):
        full = list(point) + [1]
        return all(R.dot(r, full) == 0 for r in self.eqs) and \
            all(R.dot(r, full) >= 0 for r in self.ineqs)

    def constant_bound(self, type_, pos):
        from pyopt.analysis.presburger.bounds import constant_bound
        return constant_bound(self, type_, pos)

    def remove_trivial_redundancy(self):
        from pyopt.analysis.presburger.redundancy import remove_trivial_redundancy
        remove_trivial_redundancy(self)

    def remove_redundant_inequalities(self):
        from pyopt.analysis.presburger.redundancy import remove_redundant_inequalities
        remove_redundant_inequalities(self)

    def constant_fold_var(self, pos):
        from pyopt.analysis.presburger.bounds import constant_fold_var
        return constant_fold_var(self, pos)

    def constant_fold_var_range(self, pos, num):
        t = pos
        for _ in range(num):
            if not self.constant_fold_var(t):
                t += 1


class IntegerPolyhedron(IntegerRelation):
    """A set: a relation whose variables are [dims | symbols | locals]."""
    __slots__ = ()

    def __init__(self, num_dims=0, num_symbols=0, num_locals=0):
        super().__init__(0, num_dims, num_symbols, num_locals)

    def copy(self):
        c = IntegerPolyhedron()
        c.counts = list(self.counts)
        c.eqs = [list(r) for r in self.eqs]
        c.ineqs = [list(r) for r in self.ineqs]
        return c
