"""Folders of the index ops (MLIR 19 IndexOps.cpp). `index` has no fixed width, so a fold is
only done when it gives the same answer for 64-bit and (truncated) 32-bit indices; the
"unchecked" ops (add, sub, mul, shl, and, or, xor) agree by construction.
Attached by `attach(INDEX_DIALECT)` in __init__.py; the canonicalization pattern of index.cmp
is in canonicalize.py."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, BoolAttr
from pyopt.ir.types import INDEX, I1
from pyopt.rewrite.matchers import defining, int_attr
from pyopt.ir.int_predicates import INVERSE as _INVERT


def _u(v, w):
    return v & ((1 << w) - 1)


def _s(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def _ints(consts):
    a, b = consts[0], consts[1]
    if type(a) is not IntegerAttr or type(b) is not IntegerAttr:
        return None
    return a.value, b.value


def _attr(v):
    return IntegerAttr(INDEX, _s(v, 64))


def _unchecked(fn, identity=None):
    def fold(op, consts):
        ab = _ints(consts)
        if ab is not None:
            r = fn(ab[0], ab[1], 64)
            if r is not None:
                return _attr(r)
        return identity(op, consts) if identity is not None else None
    return fold


def _checked(fn):
    def fold(op, consts):
        ab = _ints(consts)
        if ab is None:
            return None
        r64 = fn(ab[0], ab[1], 64)
        if r64 is None:
            return None
        r32 = fn(ab[0], ab[1], 32)
        if r32 is None or _u(r64, 32) != _u(r32, 32):
            return None
        return _attr(r64)
    return fold


def _rhs_is(consts, v):
    return type(consts[1]) is IntegerAttr and _u(consts[1].value, 64) == v


def _add_identity(op, consts):
    return op.lhs if _rhs_is(consts, 0) else None


def _mul_identity(op, consts):
    if _rhs_is(consts, 1):
        return op.lhs
    if _rhs_is(consts, 0):
        return consts[1]
    return None


def _sdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _divs(a, b, w):
    a, b = _s(a, w), _s(b, w)
    return None if b == 0 else _sdiv(a, b)


def _divu(a, b, w):
    a, b = _u(a, w), _u(b, w)
    return None if b == 0 else a // b


def _ceildivs(n, m, w):
    n, m = _s(n, w), _s(m, w)
    if m == 0:
        return None
    if n == 0:
        return 0
    if (n > 0) != (m > 0):
        return -_sdiv(_s(-n, w), m)
    x = -1 if m > 0 else 1
    return _sdiv(_s(n + x, w), m) + 1


def _ceildivu(n, m, w):
    n, m = _u(n, w), _u(m, w)
    if m == 0:
        return None
    if n == 0:
        return 0
    return (n - 1) // m + 1


def _floordivs(n, m, w):
    n, m = _s(n, w), _s(m, w)
    if m == 0:
        return None
    if n == 0:
        return 0
    if (n < 0) == (m < 0):
        return _sdiv(n, m)
    x = 1 if m < 0 else -1
    return -1 - _sdiv(_s(x - n, w), m)


def _rems(a, b, w):
    a, b = _s(a, w), _s(b, w)
    if b == 0:
        return None
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _remu(a, b, w):
    a, b = _u(a, w), _u(b, w)
    return None if b == 0 else a % b


def _shift(kind):
    def fn(a, b, w):
        if _u(b, w) >= 32:
            return None
        sh = _u(b, w)
        if kind == "shl":
            return a << sh
        if kind == "shrs":
            return _s(a, w) >> sh
        return _u(a, w) >> sh
    return fn


FOLDS = {
    "index.add": _unchecked(lambda a, b, w: a + b, _add_identity),
    "index.sub": _unchecked(lambda a, b, w: a - b, _add_identity),
    "index.mul": _unchecked(lambda a, b, w: a * b, _mul_identity),
    "index.divs": _checked(_divs),
    "index.divu": _checked(_divu),
    "index.ceildivs": _checked(_ceildivs),
    "index.ceildivu": _checked(_ceildivu),
    "index.floordivs": _checked(_floordivs),
    "index.rems": _checked(_rems),
    "index.remu": _checked(_remu),
    "index.maxs": _checked(lambda a, b, w: a if _s(a, w) > _s(b, w) else b),
    "index.maxu": _checked(lambda a, b, w: a if _u(a, w) > _u(b, w) else b),
    "index.mins": _checked(lambda a, b, w: a if _s(a, w) < _s(b, w) else b),
    "index.minu": _checked(lambda a, b, w: a if _u(a, w) < _u(b, w) else b),
    "index.shl": _unchecked(_shift("shl")),
    "index.shrs": _checked(_shift("shrs")),
    "index.shru": _checked(_shift("shru")),
    "index.and": _unchecked(lambda a, b, w: a & b),
    "index.or": _unchecked(lambda a, b, w: a | b),
    "index.xor": _unchecked(lambda a, b, w: a ^ b),
}


def _cast(signed):
    def ext(v, from_w, to_w):
        return _s(v, from_w) if signed else _u(v, from_w)

    def fold(op, consts):
        a = consts[0]
        if type(a) is not IntegerAttr:
            return None
        t = op.results[0].type
        src = op.input.type
        sw = 64 if src is INDEX else src.width
        v = _u(a.value, sw)
        if t is INDEX:
            return IntegerAttr(INDEX, _s(ext(v, sw, 64), 64))
        w = t.width
        if w <= 32:
            return IntegerAttr(t, _s(v, w) if w else 0)
        if w >= 64:
            if _u(ext(_u(v, 32), 32, 64), 64) != _u(v, 64):
                return None
            return IntegerAttr(t, _s(ext(v, sw, w), w))
        r = _u(v, w)
        if r != _u(ext(_u(v, 32), 32, w), w):
            return None
        return IntegerAttr(t, _s(r, w))
    return fold


FOLDS["index.casts"] = _cast(True)
FOLDS["index.castu"] = _cast(False)

# predicates: eq ne slt sle sgt sge ult ule ugt uge
_SAME_TRUE = {0, 3, 5, 7, 9}


def _compare(p, a, b, w):
    if p in (0, 1):
        r = _u(a, w) == _u(b, w)
        return r if p == 0 else not r
    if p < 6:
        a, b = _s(a, w), _s(b, w)
    else:
        a, b = _u(a, w), _u(b, w)
    return {2: a < b, 3: a <= b, 4: a > b, 5: a >= b, 6: a < b, 7: a <= b, 8: a > b,
            9: a >= b}[p]


class _Range:
    """ConstantIntRanges: signed and unsigned bounds of a value of width w."""

    def __init__(self, w, smin, smax, umin, umax):
        self.w, self.smin, self.smax, self.umin, self.umax = w, smin, smax, umin, umax

    @classmethod
    def from_signed(cls, w, lo, hi):
        if (lo < 0) == (hi < 0):
            umin, umax = _u(lo, w), _u(hi, w)
        else:
            umin, umax = 0, (1 << w) - 1
        return cls(w, lo, hi, umin, umax)

    @classmethod
    def from_unsigned(cls, w, lo, hi):
        if (lo >> (w - 1)) == (hi >> (w - 1)):
            smin, smax = _s(lo, w), _s(hi, w)
        else:
            smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
        return cls(w, smin, smax, lo, hi)

    @classmethod
    def constant(cls, w, v):
        return cls(w, _s(v, w), _s(v, w), _u(v, w), _u(v, w))

    def const(self):
        return self.umin if self.umin == self.umax else None


def _statically_true(p, lhs, rhs):
    if p == 3:
        return lhs.smax <= rhs.smin
    if p == 2:
        return lhs.smax < rhs.smin
    if p == 7:
        return lhs.umax <= rhs.umin
    if p == 6:
        return lhs.umax < rhs.umin
    if p == 5:
        return lhs.smin >= rhs.smax
    if p == 4:
        return lhs.smin > rhs.smax
    if p == 9:
        return lhs.umin >= rhs.umax
    if p == 8:
        return lhs.umin > rhs.umax
    if p == 0:
        a, b = lhs.const(), rhs.const()
        return a is not None and b is not None and a == b
    return any(_statically_true(q, lhs, rhs) for q in (2, 4, 6, 8))


def _evaluate(p, lhs, rhs):
    if _statically_true(p, lhs, rhs):
        return True
    if _statically_true(_INVERT[p], lhs, rhs):
        return False
    return None


def _cmp_of_max_or_min(name, a, b, w, p):
    if name == "index.mins":
        r = _Range.from_signed(w, -(1 << (w - 1)), _s(a, w))
    elif name == "index.minu":
        r = _Range.from_unsigned(w, 0, _u(a, w))
    elif name == "index.maxs":
        r = _Range.from_signed(w, _s(a, w), (1 << (w - 1)) - 1)
    else:
        r = _Range.from_unsigned(w, _u(a, w), (1 << w) - 1)
    return _evaluate(p, r, _Range.constant(w, b))


def _fold_cmp(op, consts):
    p = op.get_attr("pred").value
    ab = _ints(consts)
    if ab is not None:
        r64, r32 = _compare(p, ab[0], ab[1], 64), _compare(p, ab[0], ab[1], 32)
        if r64 == r32:
            return BoolAttr(r64)
    lhs_op = defining(op.lhs, "index.mins", "index.minu", "index.maxs", "index.maxu")
    rhs = consts[1]
    if lhs_op is not None and type(rhs) is IntegerAttr:
        ca = int_attr(lhs_op.rhs)
        if ca is not None:
            r64 = _cmp_of_max_or_min(lhs_op.name, ca.value, rhs.value, 64, p)
            r32 = _cmp_of_max_or_min(lhs_op.name, ca.value, rhs.value, 32, p)
            if r64 is not None and r32 is not None and r64 == r32:
                return BoolAttr(r64)
    if op.lhs is op.rhs:
        return BoolAttr(p in _SAME_TRUE)
    return None


FOLDS["index.cmp"] = _fold_cmp


def materialize_constant(rewriter, attr, type_, loc):
    if type(attr) is IntegerAttr and attr.type is I1 and type_ is I1:
        return rewriter.create("index.bool.constant", result_types=[I1],
                               properties={"value": attr}, loc=loc)
    if type(attr) is IntegerAttr and attr.type is INDEX and type_ is INDEX:
        return rewriter.create("index.constant", result_types=[INDEX],
                               properties={"value": attr}, loc=loc)
    return None


def attach(dialect):
    dialect.attach_rewrites(FOLDS, None, materialize_constant)

