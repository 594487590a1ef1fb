"""Integer ranges (MLIR's ConstantIntRanges) and the transfer functions shared by the ops
that infer them (InferIntRangeCommon): add, sub, mul, the divisions and remainders, min/max,
the bitwise ops, shifts, extension/truncation, the index dialect's "64 or 32 bit" rule and the
comparison predicates.

A range keeps both views of a `width`-bit value: unsigned bounds as Python ints in
[0, 2^w) and signed bounds in [-2^(w-1), 2^(w-1)); either view may be the tighter one.
Index values are analysed at 64 bits (MLIR's internal storage width for index).
"""
from __future__ import annotations

INDEX_MIN_WIDTH, INDEX_MAX_WIDTH = 32, 64


def _smin(w):
    return -(1 << (w - 1))


def _smax(w):
    return (1 << (w - 1)) - 1


def _umax(w):
    return (1 << w) - 1


def to_signed(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def to_unsigned(v, w):
    return v & ((1 << w) - 1)


class IntRange:
    __slots__ = ("width", "umin", "umax", "smin", "smax")

    def __init__(self, width, umin, umax, smin, smax):
        self.width = width
        self.umin, self.umax, self.smin, self.smax = umin, umax, smin, smax

    def key(self):
        return (self.width, self.umin, self.umax, self.smin, self.smax)

    def __eq__(self, other):
        return type(other) is IntRange and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return (f"unsigned : [{self.umin}, {self.umax}] "
                f"signed : [{self.smin}, {self.smax}]")

    # -- constructors ----------------------------------------------------------------------
    @staticmethod
    def max_range(w):
        return IntRange(w, 0, _umax(w), _smin(w), _smax(w))

    @staticmethod
    def constant(v, w):
        u, s = to_unsigned(v, w), to_signed(v, w)
        return IntRange(w, u, u, s, s)

    @staticmethod
    def from_signed(smin, smax, w):
        if (smin >= 0) == (smax >= 0):
            a, b = to_unsigned(smin, w), to_unsigned(smax, w)
            return IntRange(w, min(a, b), max(a, b), smin, smax)
        return IntRange(w, 0, _umax(w), smin, smax)

    @staticmethod
    def from_unsigned(umin, umax, w):
        if (umin >> (w - 1)) == (umax >> (w - 1)):
            a, b = to_signed(umin, w), to_signed(umax, w)
            return IntRange(w, umin, umax, min(a, b), max(a, b))
        return IntRange(w, umin, umax, _smin(w), _smax(w))

    @staticmethod
    def make(lo, hi, signed, w):
        return IntRange.from_signed(lo, hi, w) if signed else IntRange.from_unsigned(lo, hi, w)

    # -- lattice -----------------------------------------------------------------------------
    def union(self, o):
        return IntRange(self.width, min(self.umin, o.umin), max(self.umax, o.umax),
                        min(self.smin, o.smin), max(self.smax, o.smax))

    def intersection(self, o):
        return IntRange(self.width, max(self.umin, o.umin), min(self.umax, o.umax),
                        max(self.smin, o.smin), min(self.smax, o.smax))

    def constant_value(self):
        """The single value (as its unsigned bits) if the range holds one, else None."""
        if self.umin == self.umax:
            return self.umin
        if self.smin == self.smax:
            return to_unsigned(self.smin, self.width)
        return None


def storage_width(t):
    """getStorageBitwidth: 64 for index, the width of an integer type, else 0 (no range)."""
    from pyopt.ir.types import INDEX, IntegerType
    if t is INDEX:
        return INDEX_MAX_WIDTH
    if type(t) is IntegerType:
        return t.width
    return 0


# ============================================================ width changes
def ext_range(r, w):
    return IntRange(w, r.umin, r.umax, r.smin, r.smax)


def ext_ui_range(r, w):
    return IntRange.from_unsigned(r.umin, r.umax, w)


def ext_si_range(r, w):
    return IntRange.from_signed(r.smin, r.smax, w)


def trunc_range(r, w):
    if r.umin >> w != r.umax >> w:
        umin, umax = 0, _umax(w)
    else:
        umin, umax = to_unsigned(r.umin, w), to_unsigned(r.umax, w)
    lo, hi = r.smin >> (w - 1), r.smax >> (w - 1)  # arithmetic shifts
    overflow = lo != hi and not (lo == -1 and hi in (-1, 0)) and not (lo == 0 and hi == 0)
    if overflow:
        smin, smax = _smin(w), _smax(w)
    else:
        smin, smax = to_signed(r.smin, w), to_signed(r.smax, w)
    return IntRange(w, umin, umax, smin, smax)


# ============================================================ helpers
def _bounds_by(fn, min_l, min_r, max_l, max_r, signed, w):
    lo, hi = fn(min_l, min_r), fn(max_l, max_r)
    if lo is not None and hi is not None:
        return IntRange.make(lo, hi, signed, w)
    return IntRange.max_range(w)


def _min_max_by(fn, lhs, rhs, signed, w):
    lo = hi = None
    for a in lhs:
        for b in rhs:
            r = fn(a, b)
            if r is None:
                return IntRange.max_range(w)
            lo = r if lo is None or r < lo else lo
            hi = r if hi is None or r > hi else hi
    return IntRange.make(lo, hi, signed, w)


def _uclamp(v, w, sat):
    """An unsigned result: itself if it fits, the saturated bound when `sat`, else None."""
    if 0 <= v <= _umax(w):
        return v
    if sat:
        return 0 if v < 0 else _umax(w)
    return None


def _sclamp(v, w, sat):
    if _smin(w) <= v <= _smax(w):
        return v
    if sat:
        return _smin(w) if v < 0 else _smax(w)
    return None


NSW, NUW = 1, 2


# ============================================================ arithmetic
def infer_add(args, flags=0):
    lhs, rhs = args
    w = lhs.width
    u = _bounds_by(lambda a, b: _uclamp(a + b, w, flags & NUW), lhs.umin, rhs.umin,
                   lhs.umax, rhs.umax, False, w)
    s = _bounds_by(lambda a, b: _sclamp(a + b, w, flags & NSW), lhs.smin, rhs.smin,
                   lhs.smax, rhs.smax, True, w)
    return u.intersection(s)


def infer_sub(args, flags=0):
    lhs, rhs = args
    w = lhs.width
    u = _bounds_by(lambda a, b: _uclamp(a - b, w, flags & NUW), lhs.umin, rhs.umax,
                   lhs.umax, rhs.umin, False, w)
    s = _bounds_by(lambda a, b: _sclamp(a - b, w, flags & NSW), lhs.smin, rhs.smax,
                   lhs.smax, rhs.smin, True, w)
    return u.intersection(s)


def infer_mul(args, flags=0):
    lhs, rhs = args
    w = lhs.width
    u = _min_max_by(lambda a, b: _uclamp(a * b, w, flags & NUW), (lhs.umin, lhs.umax),
                    (rhs.umin, rhs.umax), False, w)
    s = _min_max_by(lambda a, b: _sclamp(a * b, w, flags & NSW), (lhs.smin, lhs.smax),
                    (rhs.smin, rhs.smax), True, w)
    return u.intersection(s)


def _sdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _srem(a, b):
    return a - _sdiv(a, b) * b


def _div_u_range(lhs, rhs, fixup):
    w = lhs.width
    if rhs.umin == 0:
        return IntRange.max_range(w)
    return _min_max_by(lambda a, b: fixup(a, b, a // b), (lhs.umin, lhs.umax),
                       (rhs.umin, rhs.umax), False, w)


def _div_s_range(lhs, rhs, fixup):
    w = lhs.width
    if not (rhs.smin > 0 or rhs.smax < 0):
        return IntRange.max_range(w)

    def sdiv(a, b):
        q = _sdiv(a, b)
        if q > _smax(w):  # INT_MIN / -1
            return None
        return fixup(a, b, q)
    return _min_max_by(sdiv, (lhs.smin, lhs.smax), (rhs.smin, rhs.smax), True, w)


def infer_divu(args):
    return _div_u_range(args[0], args[1], lambda a, b, q: q)


def infer_ceildivu(args):
    w = args[0].width

    def fix(a, b, q):
        if a % b:
            return q + 1 if q + 1 <= _umax(w) else None
        return q
    return _div_u_range(args[0], args[1], fix)


def infer_divs(args):
    return _div_s_range(args[0], args[1], lambda a, b, q: q)


def infer_ceildivs(args):
    w = args[0].width

    def fix(a, b, q):
        if _srem(a, b) and (a >= 0) == (b >= 0):
            return q + 1 if q + 1 <= _smax(w) else None
        return q
    return _div_s_range(args[0], args[1], fix)


def infer_floordivs(args):
    w = args[0].width

    def fix(a, b, q):
        if _srem(a, b) and (a >= 0) != (b >= 0):
            return q - 1 if q - 1 >= _smin(w) else None
        return q
    return _div_s_range(args[0], args[1], fix)


def infer_rems(args):
    lhs, rhs = args
    w = rhs.width
    smin, smax = _smin(w), _smax(w)
    if rhs.smin > 0 or rhs.smax < 0:
        max_div = rhs.smax if rhs.smin > 0 else to_signed(abs(rhs.smin), w)
        max_pos = to_signed(max_div - 1, w)
        min_neg = to_signed(-max_pos, w)
        smin = min_neg if lhs.smin < 0 else 0
        smax = max_pos if lhs.smax > 0 else 0
        if rhs.smin == rhs.smax:
            # (lhsMax - lhsMin) compared unsigned against the divisor's bits
            if to_unsigned(lhs.smax - lhs.smin, w) < to_unsigned(max_div, w):
                lo, hi = _srem(lhs.smin, max_div), _srem(lhs.smax, max_div)
                if lo <= hi:
                    smin, smax = lo, hi
    return IntRange.from_signed(smin, smax, w)


def infer_remu(args):
    lhs, rhs = args
    w = rhs.width
    umin, umax = 0, _umax(w)
    if rhs.umin != 0:
        umax = rhs.umax - 1
        if rhs.umin == rhs.umax and to_unsigned(lhs.umax - lhs.umin, w) < rhs.umax:
            lo, hi = lhs.umin % rhs.umax, lhs.umax % rhs.umax
            if lo <= hi:
                umin, umax = lo, hi
    return IntRange.from_unsigned(umin, umax, w)


def infer_maxs(args):
    a, b = args
    return IntRange.from_signed(max(a.smin, b.smin), max(a.smax, b.smax), a.width)


def infer_maxu(args):
    a, b = args
    return IntRange.from_unsigned(max(a.umin, b.umin), max(a.umax, b.umax), a.width)


def infer_mins(args):
    a, b = args
    return IntRange.from_signed(min(a.smin, b.smin), min(a.smax, b.smax), a.width)


def infer_minu(args):
    a, b = args
    return IntRange.from_unsigned(min(a.umin, b.umin), min(a.umax, b.umax), a.width)


# ============================================================ bitwise
def _widen_bitwise(r):
    """The unsigned bounds with every bit below the highest differing one cleared / set."""
    diff = (r.umin ^ r.umax).bit_length()
    mask = (1 << diff) - 1
    return r.umin & ~mask, r.umax | mask


def _bitwise(fn):
    def infer(args):
        w = args[0].width
        return _min_max_by(fn, _widen_bitwise(args[0]), _widen_bitwise(args[1]), False, w)
    return infer


infer_and = _bitwise(lambda a, b: a & b)
infer_or = _bitwise(lambda a, b: a | b)
infer_xor = _bitwise(lambda a, b: a ^ b)


def infer_shl(args, flags=0):
    lhs, rhs = args
    w = lhs.width

    def ushl(a, b):
        if b >= w:  # APInt saturates to the maximum even for a zero operand
            return _umax(w) if flags & NUW else None
        return _uclamp(a << b, w, flags & NUW)

    def sshl(a, b):
        if b >= w:
            return (_smin(w) if a < 0 else _smax(w)) if flags & NSW else None
        return _sclamp(a << b, w, flags & NSW)
    u = _min_max_by(ushl, (lhs.umin, lhs.umax), (rhs.umin, rhs.umax), False, w)
    s = _min_max_by(sshl, (lhs.smin, lhs.smax), (rhs.umin, rhs.umax), True, w)
    return u.intersection(s)


def infer_shrs(args):
    lhs, rhs = args
    w = lhs.width
    return _min_max_by(lambda a, b: None if b >= w else a >> b, (lhs.smin, lhs.smax),
                       (rhs.umin, rhs.umax), True, w)


def infer_shru(args):
    lhs, rhs = args
    w = lhs.width
    return _min_max_by(lambda a, b: None if b >= w else a >> b, (lhs.umin, lhs.umax),
                       (rhs.umin, rhs.umax), False, w)


# ============================================================ index ops: 64 and 32 bits
BOTH, SIGNED, UNSIGNED = 0, 1, 2


def infer_index_op(fn, args, mode):
    """An index result valid whether index is 64 or 32 bits wide: the 64-bit inference,
    widened by the 32-bit one unless both agree (in the compared view)."""
    r64 = fn(args)
    r32 = fn([trunc_range(a, INDEX_MIN_WIDTH) for a in args])
    r32_as_64 = ext_range(r32, INDEX_MAX_WIDTH)
    r64_as_32 = trunc_range(r64, INDEX_MIN_WIDTH)
    if mode == BOTH:
        equal = r32 == r64_as_32
    elif mode == SIGNED:
        equal = (r32.smin, r32.smax) == (r64_as_32.smin, r64_as_32.smax)
    else:
        equal = (r32.umin, r32.umax) == (r64_as_32.umin, r64_as_32.umax)
    return r64 if equal else r64.union(r32_as_64)


# ============================================================ comparisons
from pyopt.ir.int_predicates import (EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT,  # noqa: E402
                                     UGE, INVERSE as _INVERT)


def _statically_true(pred, l, r):
    if pred == SLE:
        return l.smax <= r.smin
    if pred == SLT:
        return l.smax < r.smin
    if pred == ULE:
        return l.umax <= r.umin
    if pred == ULT:
        return l.umax < r.umin
    if pred == SGE:
        return l.smin >= r.smax
    if pred == SGT:
        return l.smin > r.smax
    if pred == UGE:
        return l.umin >= r.umax
    if pred == UGT:
        return l.umin > r.umax
    if pred == EQ:
        a, b = l.constant_value(), r.constant_value()
        return a is not None and b is not None and a == b
    if pred == NE:
        sne = _statically_true(SLT, l, r) or _statically_true(SGT, l, r)
        une = _statically_true(ULT, l, r) or _statically_true(UGT, l, r)
        return sne and une
    return False


def evaluate_pred(pred, l, r):
    """True / False when the comparison's outcome is known from the ranges, else None."""
    if _statically_true(pred, l, r):
        return True
    if _statically_true(_INVERT[pred], l, r):
        return False
    return None


def bool_range(truth):
    if truth is None:
        return IntRange.from_unsigned(0, 1, 1)
    return IntRange.constant(1 if truth else 0, 1)
