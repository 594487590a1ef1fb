"""Affine expressions, affine maps and integer sets, as in MLIR 19.

Everything here is immutable and interned: building the same expression, map or set twice
returns the same object, so `==` is identity and objects hash by id.  Expressions are
simplified on construction exactly like upstream's AffineExpr.cpp (`simplifyAdd`,
`simplifyMul`, `simplifyFloorDiv`, `simplifyCeilDiv`, `simplifyMod`), including int64
wrap-around and "don't fold on overflow" corner cases, because the printed form of every
parsed map depends on those rules.

Build expressions with `dim(i)`, `symbol(i)`, `constant(v)` and the Python operators
(`+ - * %`, `//` or `.floordiv()`, `.ceildiv()`); ints are accepted on either side.
"""
from __future__ import annotations

from math import gcd

__all__ = [
    "AffineExprKind", "AffineExpr", "AffineDimExpr", "AffineSymbolExpr", "AffineConstantExpr",
    "AffineBinaryOpExpr", "AffineMap", "IntegerSet", "dim", "symbol", "constant",
    "binary_op", "print_affine_expr", "INT64_MIN", "INT64_MAX",
]

from pyopt.ir.affine_expr import (  # noqa: F401  (re-exported: the expressions live there)
    INT64_MIN, INT64_MAX, AffineExprKind, AffineExpr, AffineDimExpr, AffineSymbolExpr,
    AffineConstantExpr, AffineBinaryOpExpr, dim, symbol, constant, binary_op, print_affine_expr,
    _ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _DIM, _SYM, _CONST, _MASK64, _setattr, _as_expr,
    _fold)

# ---------------------------------------------------------------------------------------
# AffineMap
# ---------------------------------------------------------------------------------------

def _check_exprs(exprs, num_dims, num_symbols, what):
    for e in exprs:
        if not isinstance(e, AffineExpr):
            raise TypeError(f"{what} must be AffineExpr, got {type(e).__name__}")
        if e._maxd >= num_dims or e._maxs >= num_symbols:
            raise ValueError(f"{what} '{e}' uses an identifier beyond ({num_dims} dims, {num_symbols} symbols)")


class AffineMap:
    """`(d0, ..)[s0, ..] -> (results)`.  `AffineMap(num_dims, num_symbols, results)` returns
    the interned instance."""

    __slots__ = ("num_dims", "num_symbols", "results", "__weakref__")
    _cache: dict = {}

    def __new__(cls, num_dims: int, num_symbols: int = 0, results=()):
        results = tuple(_as_expr(r) for r in results)
        key = (num_dims, num_symbols, results)
        m = cls._cache.get(key)
        if m is None:
            if num_dims < 0 or num_symbols < 0:
                raise ValueError("negative dim/symbol count")
            _check_exprs(results, num_dims, num_symbols, "affine map result")
            m = object.__new__(cls)
            _setattr(m, "num_dims", num_dims)
            _setattr(m, "num_symbols", num_symbols)
            _setattr(m, "results", results)
            m = cls._cache.setdefault(key, m)
        return m

    def __setattr__(self, name, value):
        raise AttributeError("affine maps are immutable")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (AffineMap, (self.num_dims, self.num_symbols, self.results))

    # -- constructors ----------------------------------------------------------------------
    @classmethod
    def get(cls, num_dims: int, num_symbols: int = 0, results=()) -> "AffineMap":
        return cls(num_dims, num_symbols, results)

    @classmethod
    def get_constant_map(cls, value: int) -> "AffineMap":
        return cls(0, 0, (constant(value),))

    @classmethod
    def get_multi_dim_identity(cls, num_dims: int) -> "AffineMap":
        return cls(num_dims, 0, [dim(i) for i in range(num_dims)])

    get_identity = get_multi_dim_identity

    @classmethod
    def get_minor_identity(cls, num_dims: int, num_results: int) -> "AffineMap":
        if num_results > num_dims:
            raise ValueError("minor identity needs num_dims >= num_results")
        return cls(num_dims, 0, [dim(i) for i in range(num_dims - num_results, num_dims)])

    @classmethod
    def get_multi_dim_map_with_targets(cls, num_dims: int, targets) -> "AffineMap":
        return cls(num_dims, 0, [dim(t) for t in targets])

    @classmethod
    def get_permutation_map(cls, permutation) -> "AffineMap":
        if not permutation:
            raise ValueError("empty permutation")
        m = cls.get_multi_dim_map_with_targets(max(permutation) + 1, permutation)
        if not m.is_permutation():
            raise ValueError(f"invalid permutation {list(permutation)}")
        return m

    # -- queries ---------------------------------------------------------------------------
    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_results(self) -> int:
        return len(self.results)

    def get_result(self, idx: int) -> AffineExpr:
        return self.results[idx]

    def is_empty(self) -> bool:
        return self.num_dims == 0 and self.num_symbols == 0 and not self.results

    def is_identity(self) -> bool:
        if self.num_dims != len(self.results):
            return False
        return all(r.kind is _DIM and r.position == i for i, r in enumerate(self.results))

    def is_symbol_identity(self) -> bool:
        # Upstream checks for *dim* expressions here; kept for fidelity.
        if self.num_symbols != len(self.results):
            return False
        return all(r.kind is _DIM and r.position == i for i, r in enumerate(self.results))

    def is_minor_identity(self) -> bool:
        return (self.num_dims >= len(self.results)
                and self is AffineMap.get_minor_identity(self.num_dims, len(self.results)))

    def is_single_constant(self) -> bool:
        return len(self.results) == 1 and self.results[0].kind is _CONST

    def is_constant(self) -> bool:
        return all(r.kind is _CONST for r in self.results)

    def get_single_constant_result(self) -> int:
        if not self.is_single_constant():
            raise ValueError("map must have a single constant result")
        return self.results[0].value

    def get_constant_results(self) -> list:
        if not self.is_constant():
            raise ValueError("map must have only constant results")
        return [r.value for r in self.results]

    def get_dim_position(self, idx: int) -> int:
        return self.results[idx].position

    def get_result_position(self, expr: AffineExpr):
        if expr.kind is not _DIM:
            return None
        for i, r in enumerate(self.results):
            if r is expr:
                return i
        return None

    def is_projected_permutation(self, allow_zero_in_results: bool = False) -> bool:
        if self.num_symbols > 0 or len(self.results) > self.num_inputs:
            return False
        seen = [False] * self.num_inputs
        for r in self.results:
            if r.kind is _DIM:
                if seen[r.position]:
                    return False
                seen[r.position] = True
            elif not (allow_zero_in_results and r.kind is _CONST and r.value == 0):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_dims == len(self.results) and self.is_projected_permutation()

    def is_function_of_dim(self, position: int) -> bool:
        return any(r.is_function_of_dim(position) for r in self.results)

    def is_function_of_symbol(self, position: int) -> bool:
        return any(r.is_function_of_symbol(position) for r in self.results)

    def get_largest_known_divisor_of_map_exprs(self) -> int:
        g = 0
        for r in self.results:
            g = gcd(g, r._div & _MASK64)
        return g if g else _MASK64

    # -- transformations -------------------------------------------------------------------
    def replace_dims_and_symbols(self, dims, symbols, num_result_dims: int,
                                 num_result_symbols: int) -> "AffineMap":
        return AffineMap(num_result_dims, num_result_symbols,
                         [r.replace_dims_and_symbols(dims, symbols) for r in self.results])

    def replace(self, mapping, replacement=None, num_result_dims=None, num_result_symbols=None):
        """Sparse replace in every result.  Dim/symbol counts default to the smallest ones that
        fit the new results (upstream's inferFromExprList)."""
        res = [r.replace(mapping, replacement) for r in self.results]
        if num_result_dims is None:
            num_result_dims = max((r._maxd for r in res), default=-1) + 1
        if num_result_symbols is None:
            num_result_symbols = max((r._maxs for r in res), default=-1) + 1
        return AffineMap(num_result_dims, num_result_symbols, res)

    def compose(self, other: "AffineMap") -> "AffineMap":
        """self ∘ other: feed `other`'s results into self's dims.  Symbols of self come first,
        then other's (shifted)."""
        if self.num_dims != len(other.results):
            raise ValueError("compose: number of dims does not match number of results")
        nd = other.num_dims
        ns = self.num_symbols + other.num_symbols
        shifted = other.replace_dims_and_symbols(
            [dim(i) for i in range(nd)],
            [symbol(i) for i in range(self.num_symbols, ns)], nd, ns)
        return AffineMap(nd, ns, [r.compose(shifted) for r in self.results])

    def compose_values(self, values) -> list:
        """Apply a symbol-less map to constant dim values."""
        if self.num_symbols:
            raise ValueError("expected a symbol-less map")
        m = self.compose(AffineMap(0, 0, [constant(v) for v in values]))
        return [r.value for r in m.results]

    def get_sub_map(self, positions) -> "AffineMap":
        return AffineMap(self.num_dims, self.num_symbols, [self.results[i] for i in positions])

    def get_slice_map(self, start: int, length: int) -> "AffineMap":
        return AffineMap(self.num_dims, self.num_symbols, self.results[start:start + length])

    def drop_results(self, positions) -> "AffineMap":
        drop = set(positions)
        return AffineMap(self.num_dims, self.num_symbols,
                         [r for i, r in enumerate(self.results) if i not in drop])

    def shift_dims(self, shift: int, offset: int = 0) -> "AffineMap":
        return AffineMap(self.num_dims + shift, self.num_symbols,
                         [r.shift_dims(self.num_dims, shift, offset) for r in self.results])

    def shift_symbols(self, shift: int, offset: int = 0) -> "AffineMap":
        return AffineMap(self.num_dims, self.num_symbols + shift,
                         [r.shift_symbols(self.num_symbols, shift, offset) for r in self.results])

    def partial_constant_fold(self, operands):
        """Fold results given operand values (dims then symbols; None = unknown).  Returns
        (new map, list of ints if every result folded else None, has_poison)."""
        dims, syms = operands[:self.num_dims], operands[self.num_dims:]
        exprs, ints = [], []
        for r in self.results:
            v, poison = _fold(r, dims, syms)
            if poison:
                return None, None, True
            if v is None:
                exprs.append(r)
                ints = None
            else:
                exprs.append(constant(v))
                if ints is not None:
                    ints.append(v)
        return AffineMap(self.num_dims, self.num_symbols, exprs), ints, False

    def constant_fold(self, operands):
        """All results as ints, or None if some result does not fold (or is poison)."""
        return self.partial_constant_fold(operands)[1]

    # -- printing --------------------------------------------------------------------------
    def __str__(self):
        head = "(" + ", ".join(f"d{i}" for i in range(self.num_dims)) + ")"
        if self.num_symbols:
            head += "[" + ", ".join(f"s{i}" for i in range(self.num_symbols)) + "]"
        return head + " -> (" + ", ".join(print_affine_expr(r) for r in self.results) + ")"

    def __repr__(self):
        return f"<AffineMap {self}>"


# ---------------------------------------------------------------------------------------
# IntegerSet
# ---------------------------------------------------------------------------------------

class IntegerSet:
    """`(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ...)`; each constraint is an expression
    compared against zero (`eq_flags[i]` True for `==`).  Interned."""

    __slots__ = ("num_dims", "num_symbols", "constraints", "eq_flags", "__weakref__")
    _cache: dict = {}

    def __new__(cls, num_dims: int, num_symbols: int, constraints, eq_flags):
        constraints = tuple(_as_expr(c) for c in constraints)
        eq_flags = tuple(bool(f) for f in eq_flags)
        key = (num_dims, num_symbols, constraints, eq_flags)
        s = cls._cache.get(key)
        if s is None:
            if not constraints:
                raise ValueError("an integer set needs at least one constraint")
            if len(constraints) != len(eq_flags):
                raise ValueError("one eq flag per constraint is required")
            _check_exprs(constraints, num_dims, num_symbols, "integer set constraint")
            s = object.__new__(cls)
            _setattr(s, "num_dims", num_dims)
            _setattr(s, "num_symbols", num_symbols)
            _setattr(s, "constraints", constraints)
            _setattr(s, "eq_flags", eq_flags)
            s = cls._cache.setdefault(key, s)
        return s

    def __setattr__(self, name, value):
        raise AttributeError("integer sets are immutable")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (IntegerSet, (self.num_dims, self.num_symbols, self.constraints, self.eq_flags))

    @classmethod
    def get(cls, num_dims, num_symbols, constraints, eq_flags) -> "IntegerSet":
        return cls(num_dims, num_symbols, constraints, eq_flags)

    @classmethod
    def get_empty_set(cls, num_dims: int, num_symbols: int) -> "IntegerSet":
        """The canonical empty set, `1 == 0`."""
        return cls(num_dims, num_symbols, (constant(1),), (True,))

    def is_empty_integer_set(self) -> bool:
        return self is IntegerSet.get_empty_set(self.num_dims, self.num_symbols)

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_constraints(self) -> int:
        return len(self.constraints)

    @property
    def num_equalities(self) -> int:
        return sum(self.eq_flags)

    @property
    def num_inequalities(self) -> int:
        return len(self.eq_flags) - sum(self.eq_flags)

    def get_constraint(self, idx: int) -> AffineExpr:
        return self.constraints[idx]

    def is_eq(self, idx: int) -> bool:
        return self.eq_flags[idx]

    def replace_dims_and_symbols(self, dims, symbols, num_result_dims: int,
                                 num_result_symbols: int) -> "IntegerSet":
        return IntegerSet(num_result_dims, num_result_symbols,
                          [c.replace_dims_and_symbols(dims, symbols) for c in self.constraints],
                          self.eq_flags)

    def __str__(self):
        head = "(" + ", ".join(f"d{i}" for i in range(self.num_dims)) + ")"
        if self.num_symbols:
            head += "[" + ", ".join(f"s{i}" for i in range(self.num_symbols)) + "]"
        body = ", ".join(print_affine_expr(c) + (" == 0" if eq else " >= 0")
                         for c, eq in zip(self.constraints, self.eq_flags))
        return f"{head} : ({body})"

    def __repr__(self):
        return f"<IntegerSet {self}>"
