"""Casts of constants, folded as LLVM 19's IRBuilder (ConstantFolder) folds them.

LLVM 19 keeps only trunc, ptrtoint, inttoptr, bitcast and addrspacecast as constant
expressions; any other cast of a constant is computed (`sext (i32 3 to i64)` is `3`) or, when
it cannot be, becomes an instruction. `fold_cast` returns the folded text, or None."""
from __future__ import annotations

import math
import struct

from pyopt.ir.types import IntegerType, FloatType
from pytranslate.constfold import ZERO_ON_UNDEF_CASTS, all_ones, int_cast
from pytranslate.export.constants import int_text, float_text, null_value, elem_info, \
    aggregate, ZEROS
_FLOAT_WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128}


def _int_value(text):
    if text == "true":
        return 1
    if text == "false":
        return 0
    if text.lstrip("-").isdigit():
        return int(text)
    return None


def _float_value(text, kind):
    """The Python float of a float constant's text (exact for half/float/double), or None."""
    try:
        if text.startswith("0x"):
            body = text[2:]
            if body[0] == "H":
                return struct.unpack("<e", struct.pack("<H", int(body[1:], 16)))[0]
            if body[0] == "R":
                return struct.unpack("<f", struct.pack("<I", int(body[1:], 16) << 16))[0]
            if body[0] in "KLM":
                return None
            return struct.unpack("<d", struct.pack("<Q", int(body, 16)))[0]
        return float(text)
    except (ValueError, struct.error):
        return None


def float_bits(val, kind):
    """Bits of `val` rounded to `kind` (half/float/double), or None."""
    try:
        if kind == "f64":
            return struct.unpack("<Q", struct.pack("<d", val))[0]
        if kind == "f32":
            return struct.unpack("<I", struct.pack("<f", val))[0]
        if kind == "f16":
            return struct.unpack("<H", struct.pack("<e", val))[0]
    except OverflowError:
        inf = math.copysign(math.inf, val)
        return float_bits(inf, kind)
    return None


def _scalar(short, st, dt, text):
    if text == "poison":
        return "poison"
    if text == "undef":
        return null_value(dt, None) if short in ZERO_ON_UNDEF_CASTS else "undef"
    if text in ZEROS and short != "addrspacecast":
        return null_value(dt, None)
    if type(st) is IntegerType:
        v = _int_value(text)
        if v is None:
            return None
        w = st.width
        if type(dt) is IntegerType:
            r = int_cast(short, v, w, "int", dt.width)
            return None if r is None else int_text(r, dt.width)
        if type(dt) is FloatType and short in ("sitofp", "uitofp"):
            if short == "uitofp":
                v &= (1 << w) - 1
            bits = float_bits(float(v), dt.kind)
            return None if bits is None else float_text(bits, dt.kind)
        if type(dt) is FloatType and short == "bitcast":
            r = int_cast(short, v, w, "float", _FLOAT_WIDTH.get(dt.kind))
            return None if r is None else float_text(r, dt.kind)
        return None
    if type(st) is FloatType:
        f = _float_value(text, st.kind)
        if f is None:
            return None
        if type(dt) is FloatType and short in ("fptrunc", "fpext"):
            bits = float_bits(f, dt.kind)
            return None if bits is None else float_text(bits, dt.kind)
        if type(dt) is IntegerType and short in ("fptosi", "fptoui"):
            if math.isnan(f) or math.isinf(f):
                return "poison"
            v = math.trunc(f)
            w = dt.width
            lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if short == "fptosi" else \
                (0, (1 << w) - 1)
            if w == 1 and short == "fptosi":
                lo, hi = -1, 0
            return int_text(v, w) if lo <= v <= hi else "poison"
        return None
    return None


def fold_cast(short, st, dt, text, tc):
    """Folded text of `short (st text to dt)`, or None."""
    se, de = elem_info(st), elem_info(dt)
    if se is None and de is None:
        if short == "trunc" and text.startswith("ptrtoint ("):
            # trunc (ptrtoint P to iN) to iM is ptrtoint P to iM
            tail = f" to {tc(st)})"
            if text.endswith(tail):
                return text[:-len(tail)] + f" to {tc(dt)})"
        return _scalar(short, st, dt, text)
    if se is None and short == "bitcast" and de[2] == "vector":
        return _scalar_to_vector(st, dt, de, text, tc)
    if se is None or de is None or se[1] != de[1] or se[2] != "vector":
        return None
    if text in ("poison", "undef") or text in ZEROS:
        r = _scalar(short, se[0], de[0], text)
        if r is None:
            return None
        return aggregate(dt, [(tc(de[0]), r)] * de[1], tc)
    if not (text.startswith("<") and text.endswith(">")):
        return None
    prefix = tc(se[0]) + " "
    parts = text[1:-1].strip().split(", ")
    if len(parts) != se[1] or not all(p.startswith(prefix) for p in parts):
        return None
    out = []
    for p in parts:
        r = _scalar(short, se[0], de[0], p[len(prefix):])
        if r is None:
            return None
        out.append((tc(de[0]), r))
    return aggregate(dt, out, tc)


def _scalar_to_vector(st, dt, de, text, tc):
    """FoldBitCast of an integer or float constant to a fixed vector: all ones splats,
    anything else becomes a bitcast of the one-element vector of the scalar."""
    if text in ("poison", "undef") or text in ZEROS:
        return _scalar("bitcast", st, dt, text)
    if type(st) is IntegerType:
        v = _int_value(text)
        if v is None:
            return None
        ones = all_ones(v, st.width)
    elif type(st) is FloatType and st.kind in ("f16", "f32", "f64"):
        f = _float_value(text, st.kind)
        if f is None:
            return None
        bits = float_bits(f, st.kind) if f == f else _nan_bits(text, st.kind)
        ones = bits is not None and all_ones(bits, _FLOAT_WIDTH[st.kind])
    else:
        return None
    if ones:
        et, n = de[0], de[1]
        if type(et) is IntegerType:
            e = int_text(-1, et.width)
        elif type(et) is FloatType and et.kind in _FLOAT_WIDTH:
            e = float_text((1 << _FLOAT_WIDTH[et.kind]) - 1, et.kind)
        else:
            return None
        return aggregate(dt, [(tc(et), e)] * n, tc)
    s = tc(st)
    if tc(dt) == f"<1 x {s}>":
        return f"<{s} {text}>"
    return f"bitcast (<1 x {s}> <{s} {text}> to {tc(dt)})"


def _nan_bits(text, kind):
    """The bits of a NaN constant's hex text (LLVM prints a float's as the double's)."""
    if text.startswith("0xH") and kind == "f16":
        return int(text[3:], 16)
    if not text.startswith("0x") or text[2:3] in ("H", "R", "K", "L", "M"):
        return None
    d = int(text[2:], 16)
    if kind == "f64":
        return d
    if kind == "f32":
        # (a float NaN written as a double: sign, exponent, top 23 mantissa bits)
        return ((d >> 63) << 31) | (0xFF << 23) | ((d >> 29) & 0x7FFFFF)
    return None
