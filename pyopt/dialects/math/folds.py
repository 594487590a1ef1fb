"""Folders of the math ops (MathOps.cpp): constant evaluation with the C library's
semantics. Transcendental functions fold only f32/f64 values (and not outside the domain
upstream guards: negative inputs of log/sqrt); rounding, absf and copysign fold any float;
the bit-counting ops fold integers. Attached by `attach(MATH)` at the end of math.py."""
from __future__ import annotations

import math

from pyopt.dialects.arith.constfold import _elem, _fold_elementwise
from pyopt.dialects.arith.folds import materialize_constant
from pyopt.ir.attributes import normalize_int
from pyopt.ir.types import FloatType, IntegerType
from pyopt.syntax.float_format import bits_to_float, float_to_bits

_ANY_FLOAT = ("f16", "bf16", "f32", "f64")
_LIBM_FLOAT = ("f32", "f64")


def _is_negative(x):
    return math.copysign(1.0, x) < 0


def _libm(fn, pole=None):
    """C semantics: a domain error gives NaN, a pole (`pole` input) -inf, overflow inf."""
    def g(*args):
        if any(math.isnan(a) for a in args):
            return math.nan
        try:
            return fn(*args)
        except OverflowError:
            return math.copysign(math.inf, args[0]) if fn in (math.sinh,) else math.inf
        except ValueError:
            if pole is not None and args[0] == pole:
                return -math.inf
            return math.nan
    return g


def _round_away(x):
    if math.isinf(x) or math.isnan(x):
        return x
    t = float(math.trunc(x))
    if abs(x - t) >= 0.5:
        t += math.copysign(1.0, x)
    return math.copysign(t, x)


def _keep_sign(fn):
    def g(x):
        if math.isinf(x) or math.isnan(x):
            return x
        return math.copysign(float(fn(x)), x) if fn(x) == 0 else float(fn(x))
    return g


def _load_libm():
    """(ctypes, the C math library), or (None, None) when it cannot be loaded."""
    try:
        import ctypes
    except ImportError:
        return None, None
    for name in ("libm.so.6", "libm.dylib"):  # (find_library would run ldconfig)
        try:
            return ctypes, ctypes.CDLL(name)
        except OSError:
            pass
    try:
        import ctypes.util
        path = ctypes.util.find_library("m")
        return (ctypes, ctypes.CDLL(path)) if path else (None, None)
    except OSError:
        return None, None


_LIBM = []  # loaded at the first fold that needs it: start-up does not pay for it


def _c_function(name, kind, arity):
    """The C library's own `name` (float variant for f32), so results match upstream's host
    evaluation bit for bit; None when it cannot be loaded."""
    if not _LIBM:
        _LIBM.append(_load_libm())
    ctypes, libm = _LIBM[0]
    if libm is None or name is None:
        return None
    try:
        f = getattr(libm, name + ("f" if kind == "f32" else ""))
    except AttributeError:
        return None
    t = ctypes.c_float if kind == "f32" else ctypes.c_double
    f.restype = t
    f.argtypes = [t] * arity
    return f


def _float_fold(fn, kinds, guard=None, c_name=None):
    def fold(op, consts):
        et = _elem(op.results[0].type)
        if type(et) is not FloatType or et.kind not in kinds:
            return None
        kind = et.kind
        cfn = _c_function(c_name, kind, len(consts)) if kind in _LIBM_FLOAT else None

        def elem(*bits):
            vals = [bits_to_float(b, kind) for b in bits]
            if guard is not None and not guard(*vals):
                return None
            r = cfn(*vals) if cfn is not None else fn(*vals)
            return None if r is None else float_to_bits(r, kind)
        return _fold_elementwise(op, consts, elem)
    return fold


def _int_fold(fn):
    def fold(op, consts):
        et = _elem(op.results[0].type)
        if type(et) is not IntegerType:
            return None
        w = et.width
        return _fold_elementwise(op, consts,
                                 lambda v: _signed(fn(v & ((1 << w) - 1), w), et))
    return fold


def _signed(v, et):
    """An IntegerAttr value as the attribute holds it (the APInt's signed reading)."""
    return None if v is None else normalize_int(v, et)


def _int_fold2(fn):
    def fold(op, consts):
        et = _elem(op.results[0].type)
        if type(et) is not IntegerType:
            return None
        w = et.width
        m = (1 << w) - 1
        return _fold_elementwise(op, consts, lambda a, b: _signed(fn(a & m, b & m, w), et))
    return fold


def _ipowi(base, power, w):
    """math.ipowi's folder: wrapping integer power; a negative power gives 0 unless the base
    is 1 or -1 (0 to a negative power is left alone)."""
    m = (1 << w) - 1
    if power == 0:
        return 1 & m
    if power >> (w - 1):  # negative
        if base == 0:
            return None
        if base == 1 or base == m:
            return m if base == m and power & 1 else 1
        return 0
    return pow(base, power, 1 << w)


def _ctlz(v, w):
    return w - v.bit_length()


def _cttz(v, w):
    return w if v == 0 else (v & -v).bit_length() - 1


def _absi(v, w):
    s = v - (1 << w) if v >> (w - 1) else v
    return abs(s) & ((1 << w) - 1)


_not_negative = (lambda a: not _is_negative(a))

FOLDS = {
    "math.absf": _float_fold(abs, _ANY_FLOAT),
    "math.ceil": _float_fold(_keep_sign(math.ceil), _ANY_FLOAT),
    "math.floor": _float_fold(_keep_sign(math.floor), _ANY_FLOAT),
    "math.trunc": _float_fold(_keep_sign(math.trunc), _ANY_FLOAT),
    "math.round": _float_fold(_round_away, _ANY_FLOAT),
    "math.roundeven": _float_fold(_keep_sign(round), _ANY_FLOAT),
    "math.copysign": _float_fold(math.copysign, _ANY_FLOAT),
    "math.acos": _float_fold(_libm(math.acos), _LIBM_FLOAT, c_name="acos"),
    "math.acosh": _float_fold(_libm(math.acosh), _LIBM_FLOAT, c_name="acosh"),
    "math.asin": _float_fold(_libm(math.asin), _LIBM_FLOAT, c_name="asin"),
    "math.asinh": _float_fold(_libm(math.asinh), _LIBM_FLOAT, c_name="asinh"),
    "math.atan": _float_fold(_libm(math.atan), _LIBM_FLOAT, c_name="atan"),
    "math.atanh": _float_fold(_libm(math.atanh), _LIBM_FLOAT, c_name="atanh"),
    "math.atan2": _float_fold(_libm(math.atan2), _LIBM_FLOAT, c_name="atan2"),
    "math.cos": _float_fold(_libm(math.cos), _LIBM_FLOAT, c_name="cos"),
    "math.cosh": _float_fold(_libm(math.cosh), _LIBM_FLOAT, c_name="cosh"),
    "math.sin": _float_fold(_libm(math.sin), _LIBM_FLOAT, c_name="sin"),
    "math.sinh": _float_fold(_libm(math.sinh), _LIBM_FLOAT, c_name="sinh"),
    "math.tan": _float_fold(_libm(math.tan), _LIBM_FLOAT, c_name="tan"),
    "math.tanh": _float_fold(_libm(math.tanh), _LIBM_FLOAT, c_name="tanh"),
    "math.erf": _float_fold(_libm(math.erf), _LIBM_FLOAT, c_name="erf"),
    "math.exp": _float_fold(_libm(math.exp), _LIBM_FLOAT, c_name="exp"),
    "math.exp2": _float_fold(_libm(lambda x: 2.0 ** x), _LIBM_FLOAT, c_name="exp2"),
    "math.expm1": _float_fold(_libm(math.expm1), _LIBM_FLOAT, c_name="expm1"),
    "math.log": _float_fold(_libm(math.log, 0.0), _LIBM_FLOAT, _not_negative, c_name="log"),
    "math.log2": _float_fold(_libm(math.log2, 0.0), _LIBM_FLOAT, _not_negative, c_name="log2"),
    "math.log10": _float_fold(_libm(math.log10, 0.0), _LIBM_FLOAT, _not_negative,
                              c_name="log10"),
    "math.log1p": _float_fold(_libm(math.log1p, -1.0), _LIBM_FLOAT,
                              lambda a: not _is_negative(a + 1.0), c_name="log1p"),
    "math.sqrt": _float_fold(_libm(math.sqrt), _LIBM_FLOAT, _not_negative, c_name="sqrt"),
    "math.powf": _float_fold(_libm(math.pow), _LIBM_FLOAT, c_name="pow"),
    "math.ctlz": _int_fold(_ctlz),
    "math.cttz": _int_fold(_cttz),
    "math.ctpop": _int_fold(lambda v, w: bin(v).count("1")),
    "math.absi": _int_fold(_absi),
    "math.ipowi": _int_fold2(_ipowi),
}


def attach(dialect):
    dialect.attach_rewrites(FOLDS, None, materialize_constant)
