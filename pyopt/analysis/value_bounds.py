"""Bounds of index values and dynamic tensor/memref sizes in terms of other values (MLIR's
ValueBoundsConstraintSet::computeBound / computeIndependentBound).

Starting from the queried value, ops are asked for linear constraints on their results (and
on block arguments they own) through their ValueBoundsOpInterface model's
`populate(op, value, dim, cstr)` (pyopt/dialects/value_bounds_models.py); every value a
constraint mentions is queried in turn until `stop(value, dim)` holds for it. The values not
stopped at are then eliminated (Fourier-Motzkin) and the bound is read off the remaining
constraints as an affine map over the stop values.

A column key is (value, dim): dim None for an index value, else the size of that dimension
of a shaped value."""
from __future__ import annotations

from pyopt.analysis.presburger import IntegerPolyhedron
from pyopt.interfaces.value_bounds import value_bounds_model
from pyopt.ir.types import DYNAMIC
from pyopt.rewrite.matchers import constant_int


class Lin:
    """A linear expression over column keys: {key: coefficient} + constant."""
    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0):
        self.terms = terms or {}
        self.const = const

    def __add__(self, o):
        o = o if isinstance(o, Lin) else Lin(None, o)
        t = dict(self.terms)
        for k, c in o.terms.items():
            t[k] = t.get(k, 0) + c
        return Lin(t, self.const + o.const)

    def __neg__(self):
        return Lin({k: -c for k, c in self.terms.items()}, -self.const)

    def __sub__(self, o):
        return self + (-(o if isinstance(o, Lin) else Lin(None, o)))

    def __mul__(self, k):
        return Lin({key: c * k for key, c in self.terms.items()}, self.const * k)

    def constant(self):
        """The value if the expression has no terms, else None."""
        return self.const if not any(self.terms.values()) else None


class ValueBounds:
    """The constraints collected so far (models add to them with eq / ge / le / lt)."""

    def __init__(self, stop):
        self.stop = stop
        self.keys = []       # column keys in insertion order
        self.index = {}      # key -> position in keys
        self.worklist = []
        self.rows = []       # (Lin, is_equality): Lin == 0 / Lin >= 0

    def expr(self, value, dim=None):
        """The expression of `value` (its size `dim` for a shaped value): a constant when it
        is one, else its column (queued for querying when new)."""
        if dim is None:
            c = constant_int(value)
            if c is not None:
                return Lin(None, c)
        else:
            s = value.type.shape[dim]
            if s != DYNAMIC:
                return Lin(None, s)
        key = (value, dim)
        if key not in self.index:
            self.index[key] = len(self.keys)
            self.keys.append(key)
            self.worklist.append(key)
        return Lin({key: 1})

    def value_or_int(self, v):
        """The expression of an OpFoldResult (an int or an index Value)."""
        return Lin(None, v) if type(v) is int else self.expr(v)

    def eq(self, a, b):
        self.rows.append((a - b, True))

    def ge(self, a, b):
        self.rows.append((a - b, False))

    def le(self, a, b):
        self.ge(b, a)

    def lt(self, a, b):
        self.ge(b - 1, a)

    def map_results(self, amap, operands):
        """The expressions of a pure affine map's results over `operands`, or None when one
        is not linear (semi-affine, or with divisions)."""
        from pyopt.analysis.presburger import flatten_exprs
        flat = flatten_exprs(amap.results, amap.num_dims, amap.num_symbols)
        if flat is None:
            return None
        rows, _ = flat
        n = amap.num_dims + amap.num_symbols
        if any(len(r) != n + 1 for r in rows):
            return None  # (divisions introduced local variables)
        exprs = [self.value_or_int(v) for v in operands]
        out = []
        for r in rows:
            e = Lin(None, r[-1])
            for j in range(n):
                if r[j]:
                    e = e + exprs[j] * r[j]
            out.append(e)
        return out

    def _process(self):
        while self.worklist:
            value, dim = self.worklist.pop(0)
            if self.stop(value, dim):
                continue
            owner = value.defining_op()
            if owner is None:
                owner = value.owner.parent_op  # a block argument: the op owning its region
            m = value_bounds_model(owner) if owner is not None else None
            populate = getattr(m, "populate", None)
            if populate is not None:
                populate(owner, value, dim, self)


def compute_bound(value, dim, stop, upper=True, closed=True):
    """(affine map, [(value, dim)]) bounding `value` (its size `dim`) from above (`upper`)
    or below in terms of values satisfying `stop`, or None when no single bound is found."""
    from pyopt.dialects.affine.analysis.slice import slice_bounds
    from pyopt.ir.affine import AffineMap, constant, symbol
    vb = ValueBounds(stop)
    target = vb.expr(value, dim)
    vb._process()
    keys = vb.keys
    n = len(keys)
    cst = IntegerPolyhedron(1, n)
    for lin, is_eq in [(target - Lin({("target", None): 1}), True)] + vb.rows:
        row = [0] * (n + 2)
        for key, c in lin.terms.items():
            row[0 if key[0] == "target" else 1 + vb.index[key]] += c
        row[-1] = lin.const
        (cst.add_eq if is_eq else cst.add_ineq)(row)
    # eliminate the columns not stopped at (from the back: positions stay valid)
    kept = []
    for i in range(n - 1, -1, -1):
        if vb.stop(*keys[i]):
            kept.append(keys[i])
        else:
            cst.project_out(1 + i)
    kept.reverse()
    lbs, ubs = slice_bounds(cst, 0, 1, closed_ub=True)
    bound = ubs[0] if upper else lbs[0]
    if bound is None or bound.num_results != 1:
        return None
    if upper and not closed:
        bound = AffineMap(0, bound.num_symbols, [bound.results[0] + 1])
    # keep the symbols the bound uses, renumbered in order
    used = [i for i in range(len(kept)) if bound.is_function_of_symbol(i)]
    repl = [constant(0)] * len(kept)
    for j, i in enumerate(used):
        repl[i] = symbol(j)
    bound = bound.replace_dims_and_symbols([], repl, 0, len(used))
    return bound, [kept[i] for i in used]


def compute_independent_bound(value, dim, independencies, upper=True, closed=True):
    """computeIndependentBound: a bound in terms of values whose backward slice contains
    none of `independencies`."""
    deps = set(independencies)
    memo = {}

    def independent(v):
        if v in memo:
            return memo[v]
        seen, work, ok = set(), [v], True
        while work:
            x = work.pop()
            if x in seen:
                continue
            seen.add(x)
            if x in deps:
                ok = False
                break
            d = x.defining_op()
            if d is not None:
                work.extend(d.operands)
        memo[v] = ok
        return ok
    return compute_bound(value, dim, lambda v, d: independent(v), upper, closed)
