"""Float text <-> bit-pattern conversion, bit-exact with MLIR 19 / llvm::APFloat.

Float attributes store the raw bit pattern (an int) plus the kind name ("f32", "f8E4M3FN", ...).
Everything here is pure integer arithmetic so f80/f128 are exact too.

Two decimal parsers exist on purpose:
  * `parse_float_literal` is what the MLIR *parser* does with a float token: the token is read
    as a double (StringRef::getAsDouble) and that double is then rounded to the target type
    (FloatAttr::get(Type, double)). So `0.1 : f80` is the double 0.1 widened, not the f80
    nearest to 1/10 (mlir-opt 19 prints 0.100000000000000005551).
  * `decimal_to_bits` is APFloat(semantics, string): correctly rounded straight to the format.
    The printer uses it for its "does the short form round-trip?" check.
"""
from __future__ import annotations

import re
import struct
from functools import lru_cache
from typing import NamedTuple


class FloatSemantics(NamedTuple):
    name: str
    bits: int          # total storage width
    exp_bits: int
    man_bits: int      # stored significand bits (f80 includes its explicit integer bit)
    precision: int     # significand bits including the integer bit (APFloat "precision")
    bias: int
    emin: int          # exponent of the smallest normal, 2**emin
    emax: int          # exponent of the largest finite binade
    has_inf: bool
    nan_style: str     # "ieee" (exp all ones, mantissa != 0), "allones" (exp+mantissa all
                       # ones, E4M3FN), "negzero" (the -0 encoding 0x80, the FNUZ types)
    explicit_int: bool  # x87 f80 stores the integer bit
    # Derived constants for the rounding code: value = m * 2**q, qmin <= q, m < 2**precision.
    qmin: int
    qmax: int
    max_sig: int       # largest significand at q == qmax (E4M3FN loses 0b1111 to NaN)


def _sem(name, bits, exp_bits, precision, bias, nan_style="ieee", explicit_int=False):
    man_bits = precision if explicit_int else precision - 1
    emin = 1 - bias
    # IEEE-style formats reserve the all-ones exponent for inf/NaN; NanOnly formats don't.
    top = (1 << exp_bits) - 1 if nan_style != "ieee" else (1 << exp_bits) - 2
    emax = top - bias
    max_sig = (1 << precision) - (2 if nan_style == "allones" else 1)
    return FloatSemantics(name, bits, exp_bits, man_bits, precision, bias, emin, emax,
                          nan_style == "ieee", nan_style, explicit_int,
                          emin - (precision - 1), emax - (precision - 1), max_sig)


KINDS: dict[str, FloatSemantics] = {s.name: s for s in (
    _sem("f16", 16, 5, 11, 15),
    _sem("bf16", 16, 8, 8, 127),
    _sem("tf32", 19, 8, 11, 127),
    _sem("f32", 32, 8, 24, 127),
    _sem("f64", 64, 11, 53, 1023),
    _sem("f80", 80, 15, 64, 16383, explicit_int=True),
    _sem("f128", 128, 15, 113, 16383),
    _sem("f8E5M2", 8, 5, 3, 15),
    _sem("f8E4M3", 8, 4, 4, 7),
    _sem("f8E4M3FN", 8, 4, 4, 7, "allones"),
    _sem("f8E5M2FNUZ", 8, 5, 3, 16, "negzero"),
    _sem("f8E4M3FNUZ", 8, 4, 4, 8, "negzero"),
    _sem("f8E4M3B11FNUZ", 8, 4, 4, 11, "negzero"),
)}


def bit_width(kind: str) -> int:
    return KINDS[kind].bits


# --------------------------------------------------------------------------- encoding

def _zero_bits(neg: bool, s: FloatSemantics) -> int:
    # FNUZ formats have no -0: that encoding is their NaN, so APFloat folds -0 to +0.
    return (1 << (s.bits - 1)) if neg and s.nan_style != "negzero" else 0


def quieted_nan(bits: int, kind: str):
    """`bits` with the quiet bit set when they are a NaN of the IEEE kind `kind` (f16, bf16,
    f32, f64); else None."""
    s = KINDS[kind]
    exp = ((1 << s.exp_bits) - 1) << s.man_bits
    if bits & exp != exp or not bits & ((1 << s.man_bits) - 1):
        return None
    return bits | 1 << (s.man_bits - 1)


def _nan_bits(neg: bool, s: FloatSemantics) -> int:
    sign = (1 << (s.bits - 1)) if neg else 0
    if s.nan_style == "negzero":
        return 1 << (s.bits - 1)
    exp = ((1 << s.exp_bits) - 1) << s.man_bits
    if s.nan_style == "allones":
        return sign | exp | ((1 << s.man_bits) - 1)
    quiet = 3 << (s.man_bits - 2) if s.explicit_int else 1 << (s.man_bits - 1)
    return sign | exp | quiet


def _inf_bits(neg: bool, s: FloatSemantics) -> int:
    if not s.has_inf:       # APFloat::makeInf on a NanOnly format makes NaN instead
        return _nan_bits(neg, s)
    sign = (1 << (s.bits - 1)) if neg else 0
    return sign | (((1 << s.exp_bits) - 1) << s.man_bits) | (
        (1 << (s.man_bits - 1)) if s.explicit_int else 0)


def _pack(neg: bool, m: int, q: int, s: FloatSemantics) -> int:
    """Encode the finite nonzero value m * 2**q (already rounded and in range)."""
    p = s.precision
    biased = q + (p - 1) + s.bias if m >> (p - 1) else 0    # 0 = subnormal
    mant = m if s.explicit_int else m & ((1 << s.man_bits) - 1)
    return ((1 << (s.bits - 1)) if neg else 0) | (biased << s.man_bits) | mant


def _round_ratio(neg: bool, num: int, den: int, s: FloatSemantics) -> int:
    """Round num/den (>= 0) to the format, ties to even; overflow -> inf (NaN if no inf)."""
    if num == 0:
        return _zero_bits(neg, s)
    p = s.precision
    e = num.bit_length() - den.bit_length()          # floor(log2(num/den)) is e or e-1
    if (num < (den << e)) if e >= 0 else ((num << -e) < den):
        e -= 1
    q = max(e, s.emin) - (p - 1)                     # quantum; fixed below emin (subnormals)
    n, d = (num, den << q) if q >= 0 else (num << -q, den)
    m, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and m & 1):
        m += 1
        if m >> p:                                   # carried into the next binade
            m >>= 1
            q += 1
    if q > s.qmax or (q == s.qmax and m > s.max_sig):
        return _inf_bits(neg, s)
    if m == 0:
        return _zero_bits(neg, s)
    return _pack(neg, m, q, s)


_STRUCT_FMT = {"f16": ">e", "f32": ">f", "f64": ">d"}
_UINT_FMT = {"f16": ">H", "f32": ">I", "f64": ">Q"}


def float_to_bits(x: float, kind: str) -> int:
    """Round a Python float to `kind` like APFloat::convert(rmNearestTiesToEven)."""
    s = KINDS[kind]
    neg = (struct.pack(">d", x)[0] & 0x80) != 0      # sign bit, also for -0.0 and NaN
    if x != x:
        return _nan_bits(neg, s)
    if x in (float("inf"), float("-inf")):
        return _inf_bits(neg, s)
    fmt = _STRUCT_FMT.get(kind)
    if fmt is not None:                              # C-level RNE conversion is exact here
        try:
            return struct.unpack(_UINT_FMT[kind], struct.pack(fmt, x))[0]
        except OverflowError:
            return _inf_bits(neg, s)
    num, den = abs(x).as_integer_ratio()
    return _round_ratio(neg, num, den, s)


# --------------------------------------------------------------------------- decoding

def _decode(bits: int, s: FloatSemantics):
    """-> (category, neg, m, q) with value m * 2**q; category in nan/inf/zero/num."""
    neg = bool(bits >> (s.bits - 1) & 1)
    exp = (bits >> s.man_bits) & ((1 << s.exp_bits) - 1)
    mant = bits & ((1 << s.man_bits) - 1)
    all_ones = (1 << s.exp_bits) - 1
    if s.explicit_int:
        # x87: pseudo-inf/pseudo-NaN and "unnormals" (no integer bit) are NaN for APFloat.
        int_bit = 1 << 63
        if exp == all_ones:
            return ("inf" if mant == int_bit else "nan"), neg, 0, 0
        if exp and not mant & int_bit:
            return "nan", neg, 0, 0
        if exp == 0 and mant == 0:
            return "zero", neg, 0, 0
        return "num", neg, mant, max(exp, 1) - s.bias - 63
    if s.nan_style == "ieee" and exp == all_ones:
        return ("nan" if mant else "inf"), neg, 0, 0
    if s.nan_style == "allones" and exp == all_ones and mant == (1 << s.man_bits) - 1:
        return "nan", neg, 0, 0
    if exp == 0 and mant == 0:
        if neg and s.nan_style == "negzero":
            return "nan", neg, 0, 0
        return "zero", neg, 0, 0
    if exp == 0:
        return "num", neg, mant, s.qmin
    return "num", neg, mant | (1 << s.man_bits), exp - s.bias - s.man_bits


def bits_to_float(bits: int, kind: str) -> float:
    """Exact for kinds up to 64 bits; nearest double for f80/f128."""
    fmt = _STRUCT_FMT.get(kind)
    if fmt is not None:
        return struct.unpack(fmt, struct.pack(_UINT_FMT[kind], bits))[0]
    cat, neg, m, q = _decode(bits, KINDS[kind])
    if cat == "nan":
        v = float("nan")
    elif cat == "inf":
        v = float("inf")
    elif cat == "zero":
        v = 0.0
    elif q >= 0:
        try:
            v = float(m << q)                        # int -> float rounds to nearest
        except OverflowError:
            v = float("inf")
    else:
        v = m / (1 << -q)                            # int true division is correctly rounded
    return -v if neg else v


# --------------------------------------------------------------------------- parsing

_DECIMAL_RE = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\Z")


def _split_decimal(text: str):
    m = _DECIMAL_RE.match(text)
    if m is None or not (m.group(2) or m.group(3)):
        raise ValueError(f"invalid float literal: {text!r}")
    sign, whole, frac, exp = m.groups()
    frac = frac or ""
    return sign == "-", int(whole + frac or "0"), int(exp or 0) - len(frac), len(whole + frac)


def decimal_to_bits(text: str, kind: str) -> int:
    """APFloat(semantics, text): decimal text correctly rounded (ties to even) to `kind`."""
    s = KINDS[kind]
    neg, digits, exp10, ndigits = _split_decimal(text)
    if digits and exp10 + ndigits > 5000:            # beyond any format: skip huge powers
        return _inf_bits(neg, s)
    if not digits or exp10 + ndigits < -5000:
        return _zero_bits(neg, s)
    if exp10 >= 0:
        return _round_ratio(neg, digits * 10 ** exp10, 1, s)
    return _round_ratio(neg, digits, 10 ** -exp10, s)


def parse_float_literal(text: str, kind: str) -> int:
    """Bits MLIR's parser produces for a decimal float token of type `kind`.

    Like MLIR 19 this goes through a double first (see module docstring); Python's float()
    is correctly rounded, matching APFloat's decimal -> double conversion.
    """
    _split_decimal(text)                             # reject inf/nan/underscores float() allows
    return float_to_bits(float(text), kind)


# --------------------------------------------------------------------------- printing

def _apfloat_to_string(neg: bool, sig: int, exp: int, precision: int,
                       fmt_prec: int, max_pad: int, truncate_zero: bool) -> str:
    """llvm::APFloat::toString for the finite nonzero value sig * 2**exp."""
    if not fmt_prec:
        fmt_prec = 2 + precision * 59 // 196         # LLVM's round-trip digit count
    tz = (sig & -sig).bit_length() - 1
    sig >>= tz
    exp += tz
    # Make it sig * 10**exp.
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= 5 ** -exp
    # LLVM first *truncates* surplus digits at the integer level (a slight underestimate of
    # how many it may drop), then rounds the remaining digit string half-up. Emulate both
    # steps: they decide the last digit in rare cases.
    need = (fmt_prec * 196 + 58) // 59
    nbits = sig.bit_length()
    if nbits > need:
        tens = (nbits - need) * 59 // 196
        if tens:
            sig //= 10 ** tens
            exp += tens
    digits = str(sig)
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped
    if len(digits) > fmt_prec:
        round_up = digits[fmt_prec] >= "5"
        exp += len(digits) - fmt_prec
        digits = digits[:fmt_prec]
        if round_up:
            digits = str(int(digits) + 1)
        stripped = digits.rstrip("0")
        exp += len(digits) - len(stripped)
        digits = stripped
    n = len(digits)

    if not max_pad:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_pad or n + exp > fmt_prec
    else:
        msd = exp + n - 1
        scientific = msd < 0 and -msd > max_pad

    out = "-" if neg else ""
    if scientific:
        e10 = exp + n - 1
        out += digits[0] + "." + ("0" if n == 1 and truncate_zero else digits[1:])
        if not truncate_zero and fmt_prec > n - 1:
            out += "0" * (fmt_prec - n + 1)
        e_digits = str(abs(e10))
        if not truncate_zero and len(e_digits) < 2:
            e_digits = "0" + e_digits
        return out + ("E" if truncate_zero else "e") + ("-" if e10 < 0 else "+") + e_digits
    if exp >= 0:
        return out + digits + "0" * exp
    whole = exp + n
    if whole > 0:
        return out + digits[:whole] + "." + digits[whole:]
    return out + "0." + "0" * -whole + digits


def _hex(bits: int, s: FloatSemantics) -> str:
    if s.explicit_int and _decode(bits, s)[0] == "nan":
        # APFloat re-encodes every f80 NaN (incl. unnormals) with an all-ones exponent.
        bits |= ((1 << s.exp_bits) - 1) << s.man_bits
    return "0x%X" % bits


@lru_cache(maxsize=8192)
def format_float(bits: int, kind: str) -> str:
    """Exactly what MLIR 19's printFloatValue prints for this value (FloatAttr, dense<...>)."""
    s = KINDS[kind]
    cat, neg, m, q = _decode(bits, s)
    if cat == "zero":
        return "-0.000000e+00" if neg else "0.000000e+00"
    if cat != "num":
        return _hex(bits, s)
    # Short "%e"-like form if it parses back to the very same value ...
    text = _apfloat_to_string(neg, m, q, s.precision, 6, 0, False)
    if decimal_to_bits(text, kind) == _pack(neg, m, q, s):
        return text
    # ... else the shortest round-trippable form, but only if it looks like a float literal.
    text = _apfloat_to_string(neg, m, q, s.precision, 0, 3, True)
    if "." in text:
        return text
    return _hex(bits, s)
