"""Affine expressions as in MLIR 19 (AffineExpr.cpp): the interned expression classes, their
simplification on construction, substitution/folding and printing. Maps and integer sets are
in affine.py, which re-exports everything here (import from `pyopt.ir.affine`)."""
from __future__ import annotations

from enum import IntEnum
from math import gcd
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyopt.ir.affine import AffineMap

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1
_MASK64 = (1 << 64) - 1


def _wrap(v: int) -> int:
    """Two's-complement int64 wrap: upstream does plain int64 arithmetic in several folds."""
    v &= _MASK64
    return v - (1 << 64) if v >> 63 else v


class AffineExprKind(IntEnum):
    ADD = 0
    MUL = 1
    MOD = 2
    FLOORDIV = 3
    CEILDIV = 4
    CONSTANT = 5
    DIM = 6
    SYMBOL = 7


_ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _CONST, _DIM, _SYM = AffineExprKind
_SPELLING = {_ADD: " + ", _MUL: " * ", _MOD: " mod ", _FLOORDIV: " floordiv ", _CEILDIV: " ceildiv "}
_setattr = object.__setattr__


class AffineExpr:
    """Base of the expression hierarchy.  Besides `kind`, every node caches facts about its
    subtree (computed from the children in O(1)) so that construction-time simplification
    never has to walk the tree: `_sym` (isSymbolicOrConstant), `_div` (getLargestKnownDivisor,
    with upstream's int64 behaviour), `_pure` (isPureAffine), `_maxd`/`_maxs` (highest dim /
    symbol position used, -1 if none)."""

    __slots__ = ("kind", "_sym", "_div", "_pure", "_maxd", "_maxs")

    def __init__(self, *args, **kwargs):
        raise TypeError("affine expressions are interned: use dim(), symbol(), constant() or operators")

    def __setattr__(self, name, value):
        raise AttributeError("affine expressions are immutable")

    __delattr__ = __setattr__

    # Interned: copying must not create a second instance.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    __hash__ = object.__hash__

    def __eq__(self, other):
        # Identity, plus `expr == 3` comparing against a constant like upstream's operator==(int64_t).
        if self is other:
            return True
        if type(other) is int:
            return self.kind is _CONST and self.value == other
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    # -- operators -------------------------------------------------------------------------
    def __add__(self, other):
        return _add(self, _as_expr(other))

    def __radd__(self, other):
        return _add(self, _as_expr(other))

    def __mul__(self, other):
        return _mul(self, _as_expr(other))

    def __rmul__(self, other):
        return _mul(self, _as_expr(other))

    def __neg__(self):
        return _mul(self, _MINUS_ONE)

    def __sub__(self, other):
        if type(other) is int:
            return _add(self, constant(_wrap(-other)))
        return _add(self, _mul(other, _MINUS_ONE))

    def __rsub__(self, other):  # int - expr, as upstream: expr * -1 + int
        return _add(_mul(self, _MINUS_ONE), _as_expr(other))

    def __mod__(self, other):
        return _mod(self, _as_expr(other))

    def __floordiv__(self, other):
        return _floordiv(self, _as_expr(other))

    def floordiv(self, other) -> "AffineExpr":
        return _floordiv(self, _as_expr(other))

    def ceildiv(self, other) -> "AffineExpr":
        return _ceildiv(self, _as_expr(other))

    # -- queries ---------------------------------------------------------------------------
    def is_symbolic_or_constant(self) -> bool:
        return self._sym

    def is_pure_affine(self) -> bool:
        return self._pure

    def get_largest_known_divisor(self) -> int:
        return self._div

    @property
    def max_dim_position(self) -> int:
        return self._maxd

    @property
    def max_symbol_position(self) -> int:
        return self._maxs

    def is_multiple_of(self, factor: int) -> bool:
        k = self.kind
        if k is _DIM or k is _SYM:
            return factor * factor == 1
        if k is _CONST:
            return _crem(self.value, factor) == 0
        l, r = self.lhs._div, self.rhs._div
        if k is _MUL:
            return _crem(l, factor) == 0 or _crem(r, factor) == 0 or _crem(_wrap(l * r), factor) == 0
        return _crem(_wrap(gcd(l & _MASK64, r & _MASK64)), factor) == 0

    def is_function_of_dim(self, position: int) -> bool:
        return any(e.kind is _DIM and e.position == position for e in self.walk())

    def is_function_of_symbol(self, position: int) -> bool:
        return any(e.kind is _SYM and e.position == position for e in self.walk())

    def walk(self):
        """Yield every node of the tree in post-order (iteratively: chains can be very deep)."""
        stack = [(self, False)]
        while stack:
            e, expanded = stack.pop()
            if expanded or e.kind > _CEILDIV:
                yield e
                continue
            stack.append((e, True))
            stack.append((e.rhs, False))
            stack.append((e.lhs, False))

    # -- rewriting -------------------------------------------------------------------------
    def replace_dims_and_symbols(self, dims=(), symbols=()) -> "AffineExpr":
        """Substitute dim i by dims[i] and symbol j by symbols[j]; positions beyond the given
        lists are kept."""
        nd, ns = len(dims), len(symbols)

        def leaf(e):
            if e.kind is _DIM:
                return dims[e.position] if e.position < nd else e
            if e.kind is _SYM:
                return symbols[e.position] if e.position < ns else e
            return e

        return _rebuild(self, lambda e: leaf(e) if e.kind > _CONST else None)

    def replace_dims(self, dims) -> "AffineExpr":
        return self.replace_dims_and_symbols(dims, ())

    def replace_symbols(self, symbols) -> "AffineExpr":
        return self.replace_dims_and_symbols((), symbols)

    def replace(self, mapping, replacement=None) -> "AffineExpr":
        """Sparse replace: `e.replace({a: b, ...})` or `e.replace(a, b)`.  A matched subtree is
        replaced as a whole and not descended into."""
        if replacement is not None or isinstance(mapping, AffineExpr):
            mapping = {mapping: _as_expr(replacement)}
        return _rebuild(self, mapping.get)

    def shift_dims(self, num_dims: int, shift: int, offset: int = 0) -> "AffineExpr":
        return self.replace_dims([dim(i) for i in range(offset)] +
                                 [dim(i + shift) for i in range(offset, num_dims)])

    def shift_symbols(self, num_symbols: int, shift: int, offset: int = 0) -> "AffineExpr":
        return self.replace_symbols([symbol(i) for i in range(offset)] +
                                    [symbol(i + shift) for i in range(offset, num_symbols)])

    def compose(self, map: "AffineMap") -> "AffineExpr":
        return self.replace_dims(map.results)

    def evaluate(self, dims=(), symbols=()):
        """Constant-fold with the given dim/symbol values (None = unknown).  Returns an int,
        or None when a value is unknown or the result is undefined (division by zero,
        mod by a non-positive number).  Add/mul wrap like int64."""
        value, _ = _fold(self, dims, symbols)
        return value

    # -- printing --------------------------------------------------------------------------
    def __str__(self):
        return print_affine_expr(self)

    def __repr__(self):
        return f"<AffineExpr {print_affine_expr(self)}>"


class AffineDimExpr(AffineExpr):
    __slots__ = ("position",)

    def __reduce__(self):
        return (dim, (self.position,))


class AffineSymbolExpr(AffineExpr):
    __slots__ = ("position",)

    def __reduce__(self):
        return (symbol, (self.position,))


class AffineConstantExpr(AffineExpr):
    __slots__ = ("value",)

    def __reduce__(self):
        return (constant, (self.value,))


class AffineBinaryOpExpr(AffineExpr):
    __slots__ = ("lhs", "rhs")

    def __reduce__(self):
        return (binary_op, (self.kind, self.lhs, self.rhs))


# ---------------------------------------------------------------------------------------
# Interning and construction
# ---------------------------------------------------------------------------------------

_dims: dict = {}
_syms: dict = {}
_consts: dict = {}
_binaries: dict = {}


def _new(cls, kind, sym, div, pure, maxd, maxs):
    e = object.__new__(cls)
    _setattr(e, "kind", kind)
    _setattr(e, "_sym", sym)
    _setattr(e, "_div", div)
    _setattr(e, "_pure", pure)
    _setattr(e, "_maxd", maxd)
    _setattr(e, "_maxs", maxs)
    return e


def dim(position: int) -> AffineDimExpr:
    e = _dims.get(position)
    if e is None:
        if position < 0:
            raise ValueError("negative dim position")
        e = _new(AffineDimExpr, _DIM, False, 1, True, position, -1)
        _setattr(e, "position", position)
        e = _dims.setdefault(position, e)  # setdefault: never two instances for one key
    return e


def symbol(position: int) -> AffineSymbolExpr:
    e = _syms.get(position)
    if e is None:
        if position < 0:
            raise ValueError("negative symbol position")
        e = _new(AffineSymbolExpr, _SYM, True, 1, True, -1, position)
        _setattr(e, "position", position)
        e = _syms.setdefault(position, e)
    return e


def constant(value: int) -> AffineConstantExpr:
    e = _consts.get(value)
    if e is None:
        value = int(value)  # bools, numpy ints, ...
        if not INT64_MIN <= value <= INT64_MAX:
            raise OverflowError(f"affine constant {value} does not fit in int64")
        e = _new(AffineConstantExpr, _CONST, True, _wrap(abs(value)), True, -1, -1)
        _setattr(e, "value", value)
        e = _consts.setdefault(value, e)
    return e


_MINUS_ONE = constant(-1)
_ZERO = constant(0)


def _as_expr(v) -> AffineExpr:
    if isinstance(v, AffineExpr):
        return v
    if isinstance(v, int):
        return constant(int(v))
    raise TypeError(f"cannot use {type(v).__name__} in an affine expression")


def _crem(a: int, b: int) -> int:
    """C++ `%` (truncating remainder), as used by upstream's divisibility checks."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _raw_binary(kind, lhs, rhs) -> AffineBinaryOpExpr:
    """Intern a binary node without simplification."""
    key = (kind, lhs, rhs)
    e = _binaries.get(key)
    if e is not None:
        return e
    sym = lhs._sym and rhs._sym
    ld, rd = lhs._div, rhs._div
    if kind is _MUL:
        div = _wrap(ld * rd)
        pure = lhs._pure and rhs._pure and (lhs.kind is _CONST or rhs.kind is _CONST)
    elif kind is _ADD or kind is _MOD:
        div = _wrap(gcd(ld & _MASK64, rd & _MASK64))
        pure = lhs._pure and rhs._pure if kind is _ADD else lhs._pure and rhs.kind is _CONST
    else:
        div = 1
        if rhs.kind is _CONST and rhs.value != 0 and _crem(ld, rhs.value) == 0:
            div = _wrap(abs(_wrap(_cdiv(ld, rhs.value))))
        pure = lhs._pure and rhs.kind is _CONST
    e = _new(AffineBinaryOpExpr, kind, sym, div, pure, max(lhs._maxd, rhs._maxd), max(lhs._maxs, rhs._maxs))
    _setattr(e, "lhs", lhs)
    _setattr(e, "rhs", rhs)
    return _binaries.setdefault(key, e)


def _cdiv(a: int, b: int) -> int:
    """C++ truncating division."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    s = _simplify_add(lhs, rhs)
    return s if s is not None else _raw_binary(_ADD, lhs, rhs)


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    s = _simplify_mul(lhs, rhs)
    return s if s is not None else _raw_binary(_MUL, lhs, rhs)


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    s = _simplify_floordiv(lhs, rhs)
    return s if s is not None else _raw_binary(_FLOORDIV, lhs, rhs)


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    s = _simplify_ceildiv(lhs, rhs)
    return s if s is not None else _raw_binary(_CEILDIV, lhs, rhs)


def _mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    s = _simplify_mod(lhs, rhs)
    return s if s is not None else _raw_binary(_MOD, lhs, rhs)


_BUILDERS = {_ADD: _add, _MUL: _mul, _MOD: _mod, _FLOORDIV: _floordiv, _CEILDIV: _ceildiv}


def binary_op(kind: AffineExprKind, lhs, rhs) -> AffineExpr:
    """Build (and simplify) `lhs <kind> rhs`, like upstream's getAffineBinaryOpExpr."""
    return _BUILDERS[AffineExprKind(kind)](_as_expr(lhs), _as_expr(rhs))


def _simplify_add(lhs, rhs):
    lk, rk = lhs.kind, rhs.kind
    if lk is _CONST and rk is _CONST:
        s = lhs.value + rhs.value
        return constant(s) if INT64_MIN <= s <= INT64_MAX else None  # overflow: keep unfolded
    # Constants go right; a symbolic operand goes right of a non-symbolic one.
    if lk is _CONST or (lhs._sym and not rhs._sym):
        return _add(rhs, lhs)
    if rk is _CONST and rhs.value == 0:
        return lhs
    l_add_const = lk is _ADD and lhs.rhs.kind is _CONST
    # (e + c1) + c2 -> e + (c1 + c2)
    if l_add_const and rk is _CONST:
        return _add(lhs.lhs, constant(_wrap(lhs.rhs.value + rhs.value)))
    # c1 * e + c2 * e -> (c1 + c2) * e (a bare operand counts as coefficient 1).
    if lk is _MUL and lhs.rhs.kind is _CONST:
        c1, first = lhs.rhs.value, lhs.lhs
    else:
        c1, first = 1, lhs
    if rk is _MUL and rhs.rhs.kind is _CONST:
        c2, second = rhs.rhs.value, rhs.lhs
    else:
        c2, second = 1, rhs
    if first is second:
        return _mul(first, constant(_wrap(c1 + c2)))
    # (e + c) + f -> (e + f) + c
    if l_add_const:
        return _add(_add(lhs.lhs, rhs), lhs.rhs)
    # e - (e floordiv q) * q -> e mod q.  Two spellings, tried in upstream's order.
    if rk > _CEILDIV:
        return None
    lrhs, rrhs = rhs.lhs, rhs.rhs
    if rrhs.kind is _CONST and rrhs.value == -1 and lrhs.kind is _MUL:
        # rhs == ((e floordiv q) * q) <op> -1; upstream does not check <op> here.
        fd, q = lrhs.lhs, lrhs.rhs
        if fd.kind is not _FLOORDIV:
            return None
        if fd.rhs is q and lhs is fd.lhs:
            return _mod(lhs, q)
    # rhs == (e floordiv q) * (-q)
    if lrhs.kind is not _FLOORDIV or rk is not _MUL:
        return None
    if lhs is lrhs.lhs and lrhs.rhs is _mul(rrhs, _MINUS_ONE):
        return _mod(lhs, lrhs.rhs)
    return None


def _simplify_mul(lhs, rhs):
    lk, rk = lhs.kind, rhs.kind
    if lk is _CONST and rk is _CONST:
        p = lhs.value * rhs.value
        return constant(p) if INT64_MIN <= p <= INT64_MAX else None
    if not lhs._sym and not rhs._sym:
        return None  # non-affine product: left as is
    # Canonical order: the symbolic/constant factor goes right, constants rightmost.
    if not rhs._sym or lk is _CONST:
        return _mul(rhs, lhs)
    if rk is _CONST:
        if rhs.value == 1:
            return lhs
        if rhs.value == 0:
            return rhs
    if lk is _MUL and lhs.rhs.kind is _CONST:
        if rk is _CONST:  # (e * c1) * c2 -> e * (c1 * c2)
            return _mul(lhs.lhs, constant(_wrap(lhs.rhs.value * rhs.value)))
        return _mul(_mul(lhs.lhs, rhs), lhs.rhs)  # (e * c) * s -> (e * s) * c
    return None


def _floor_or_ceil_const(lhs, rhs, ceil):
    a, b = lhs.value, rhs.value
    if a == INT64_MIN and b == -1:
        return None
    return constant(-((-a) // b) if ceil else a // b)


def _simplify_floordiv(lhs, rhs):
    if rhs.kind is not _CONST or rhs.value == 0:
        return None
    c = rhs.value
    if lhs.kind is _CONST:
        return _floor_or_ceil_const(lhs, rhs, False)
    if c == 1:
        return lhs
    lk = lhs.kind
    if lk is _MUL and lhs.rhs.kind is _CONST and _crem(lhs.rhs.value, c) == 0:
        return _mul(lhs.lhs, constant(_wrap(_cdiv(lhs.rhs.value, c))))
    # (a + b) floordiv c distributes when one addend is a known multiple of c.
    if lk is _ADD and (_crem(lhs.lhs._div, c) == 0 or _crem(lhs.rhs._div, c) == 0):
        return _add(_floordiv(lhs.lhs, rhs), _floordiv(lhs.rhs, rhs))
    return None


def _simplify_ceildiv(lhs, rhs):
    if rhs.kind is not _CONST or rhs.value == 0:
        return None
    c = rhs.value
    if lhs.kind is _CONST:
        return _floor_or_ceil_const(lhs, rhs, True)
    if c == 1:
        return lhs
    if lhs.kind is _MUL and lhs.rhs.kind is _CONST and _crem(lhs.rhs.value, c) == 0:
        return _mul(lhs.lhs, constant(_wrap(_cdiv(lhs.rhs.value, c))))
    return None


def _simplify_mod(lhs, rhs):
    if rhs.kind is not _CONST or rhs.value < 1:
        return None  # mod by zero/negative is undefined: keep it
    c = rhs.value
    if lhs.kind is _CONST:
        return constant(lhs.value % c)
    if lhs._div % c == 0:
        return _ZERO
    lk = lhs.kind
    if lk is _ADD:
        if lhs.lhs._div % c == 0:
            return _mod(lhs.rhs, rhs)
        if lhs.rhs._div % c == 0:
            return _mod(lhs.lhs, rhs)
    # (e mod a) mod b -> e mod b when b divides a
    if lk is _MOD and lhs.rhs.kind is _CONST and lhs.rhs.value >= 1 and lhs.rhs.value % c == 0:
        return _mod(lhs.lhs, rhs)
    return None


# ---------------------------------------------------------------------------------------
# Tree walks (iterative: a long `a + b + c + ...` chain is a left-deep tree)
# ---------------------------------------------------------------------------------------

def _rebuild(root, pre):
    """Post-order rebuild.  `pre(node)` returns a replacement for the node (not descended
    into) or None to keep going; binary nodes are rebuilt (re-simplified) only if a child
    changed."""
    out = []
    stack = [(root, False)]
    while stack:
        e, expanded = stack.pop()
        if expanded:
            r = out.pop()
            l = out.pop()
            out.append(e if (l is e.lhs and r is e.rhs) else _BUILDERS[e.kind](l, r))
            continue
        rep = pre(e)
        if rep is not None:
            out.append(rep)
        elif e.kind <= _CEILDIV:
            stack.append((e, True))
            stack.append((e.rhs, False))
            stack.append((e.lhs, False))
        else:
            out.append(e)
    return out[0]


def _fold(root, dims, symbols):
    """Evaluate to (value or None, poison flag) mirroring upstream's constant folder."""
    nd, ns = len(dims), len(symbols)
    vals = []
    poison = False
    for e in root.walk():
        k = e.kind
        if k is _CONST:
            vals.append(e.value)
        elif k is _DIM:
            vals.append(dims[e.position] if e.position < nd else None)
        elif k is _SYM:
            vals.append(symbols[e.position] if e.position < ns else None)
        else:
            b = vals.pop()
            a = vals.pop()
            if a is None or b is None:
                vals.append(None)
            elif k is _ADD:
                vals.append(_wrap(a + b))
            elif k is _MUL:
                vals.append(_wrap(a * b))
            elif k is _MOD:
                if b < 1:
                    poison = True
                    vals.append(None)
                else:
                    vals.append(a % b)
            elif b == 0:
                poison = True
                vals.append(None)
            elif k is _FLOORDIV:
                vals.append(_wrap(a // b))
            else:
                vals.append(_wrap(-((-a) // b)))
    return vals[0], poison


def print_affine_expr(expr: AffineExpr, dim_names=None, sym_names=None) -> str:
    """Print like upstream's printAffineExprInternal.  `dim_names` / `sym_names` (lists of
    strings such as "%i" or "symbol(%n)") replace `d<i>` / `s<j>`."""
    out = []
    stack = [(expr, False)]  # (expr, binds strongly) or a literal string
    while stack:
        item = stack.pop()
        if type(item) is str:
            out.append(item)
            continue
        e, strong = item
        k = e.kind
        if k is _DIM:
            p = e.position
            out.append(dim_names[p] if dim_names is not None and p < len(dim_names) else f"d{p}")
            continue
        if k is _SYM:
            p = e.position
            out.append(sym_names[p] if sym_names is not None and p < len(sym_names) else f"s{p}")
            continue
        if k is _CONST:
            out.append(str(e.value))
            continue
        lhs, rhs = e.lhs, e.rhs
        if k is not _ADD:
            if k is _MUL and rhs.kind is _CONST and rhs.value == -1:
                seq = ["-", (lhs, True)]
            else:
                seq = [(lhs, True), _SPELLING[k], (rhs, True)]
        else:
            seq = None
            # a + b * -1 prints as `a - b`, a + b * -c as `a - b * c`, a + -c as `a - c`.
            if rhs.kind is _MUL and rhs.rhs.kind is _CONST:
                c = rhs.rhs.value
                if c == -1:
                    seq = [(lhs, False), " - ", (rhs.lhs, rhs.lhs.kind is _ADD)]
                elif c < -1:
                    seq = [(lhs, False), " - ", (rhs.lhs, True), f" * {_wrap(-c)}"]
            if seq is None:
                if rhs.kind is _CONST and rhs.value < 0:
                    seq = [(lhs, False), f" - {_wrap(-rhs.value)}"]
                else:
                    seq = [(lhs, False), " + ", (rhs, False)]
        if strong:
            seq = ["(", *seq, ")"]
        stack.extend(reversed(seq))
    return "".join(out)
