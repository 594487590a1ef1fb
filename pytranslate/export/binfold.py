"""IRBuilder's folding of binary operators whose operands are both constants (LLVM 19's
ConstantFolder / ConstantFoldBinaryInstruction), on constant texts:
identities (`x + 0`, `x * 1`, ...), poison propagation, the undef rules, integer and
f32/f64 arithmetic, element-wise folding of fixed vectors, and otherwise the constant
expressions LLVM 19 still has (`add`, `sub`, `mul`, `xor`, with their wrap flags; an integer
left operand of a commutative one moves to the right). None: LLVM emits the instruction."""
from __future__ import annotations

import math
import re
import struct

from pyopt.ir.types import IntegerType, FloatType
from pytranslate.constfold import (CONSTEXPR_BINOPS, COMMUTATIVE, INT_IDENTITY, FLOAT_IDENTITY,
                                   POISON, UNDEF, ZERO, ONES, LHS, RHS, int_arith, int_rhs_rule,
                                   int_undef_rule)
from pytranslate.export.constants import int_text, float_text, null_value, elem_info, aggregate
from pytranslate.export.castfold import float_bits
from pyopt.syntax.float_format import quieted_nan

_FLOAT_OPS = frozenset(("fadd", "fsub", "fmul", "fdiv", "frem"))
_NAN64 = "0x7FF8000000000000"  # (a float's NaN prints as the double's bits too)


def _int_value(x):
    if x == "true":
        return 1
    if x == "false":
        return 0
    if x.lstrip("-").isdigit():
        return int(x)
    return None


def _float_value(x, kind):
    """The value of an f32/f64 constant text (None for anything else)."""
    if x.startswith("0x"):
        if len(x) < 3 or not all(c in "0123456789ABCDEF" for c in x[2:]):
            return None
        return struct.unpack("<d", struct.pack("<Q", int(x[2:], 16)))[0]
    try:
        return float(x)
    except ValueError:
        return None


def _identity_text(short, et):
    if type(et) is IntegerType:
        ident = INT_IDENTITY.get(short)
        return None if ident is None else (int_text(ident[0], et.width), ident[1])
    if type(et) is FloatType and et.kind in ("f32", "f64", "f16", "bf16"):
        ident = FLOAT_IDENTITY.get(short)
        if ident is None:
            return None
        if et.kind in ("f32", "f64"):
            return float_text(float_bits(ident[0], et.kind), et.kind), ident[1]
        bits = struct.unpack("<H", struct.pack("<e", ident[0]))[0] if et.kind == "f16" else \
            float_bits(ident[0], "f32") >> 16
        return float_text(bits, et.kind), ident[1]
    return None


def fold_binary(t, short, ty, a, b, flags):
    """The folded constant text of `a <short> b` of type `ty`, or None."""
    info = elem_info(ty)
    if info is not None:
        return _fold_vector(t, short, ty, info, a, b, flags)
    return _fold_scalar(t, short, ty, a, b, flags)


def _fold_scalar(t, short, ty, a, b, flags):
    ident = _identity_text(short, ty)
    if ident is not None:
        if not ident[1] and a == ident[0]:
            return b
        if b == ident[0]:
            return a
    if a == "poison" or b == "poison":
        return "poison"
    if a == "undef" or b == "undef":
        return _undef_rule(t, short, ty, a, b)
    if type(ty) is IntegerType:
        return _fold_int(t, short, ty, a, b, flags)
    if type(ty) is FloatType and ty.kind in ("f32", "f64") and short in _FLOAT_OPS:
        nan = _nan_operand(a, b)
        if nan is not None:
            return nan
        x, y = _float_value(a, ty.kind), _float_value(b, ty.kind)
        if x is None or y is None:
            return None
        r = _float_arith(short, x, y)
        if r is None:
            return None
        if r != r:  # (an invalid operation: APFloat's default NaN, positive and quiet)
            return _DEFAULT_NAN
        return float_text(float_bits(r, ty.kind), ty.kind)
    return None


_DEFAULT_NAN = "0x7FF8000000000000"  # (f32 constants print as doubles too)


def _nan_operand(a, b):
    """APFloat's NaN propagation: the first NaN operand, quieted; None when neither is one.
    (NaN constants print in hex, f32 ones as doubles; done on their bits, which Python's
    floats may not keep.)"""
    for x in (a, b):
        if x.startswith("0x") and len(x) == 18:  # (not 0xH/0xR/0xK/0xL forms)
            nan = quieted_nan(int(x[2:], 16), "f64")
            if nan is not None:
                return "0x%X" % nan
    return None


def _fold_int(t, short, ty, a, b, flags):
    x, y = _int_value(a), _int_value(b)
    w = ty.width
    if y is not None:  # rules for a constant right operand
        r = int_rhs_rule(short, y, w)
        if r is not None:
            return a if r is LHS else b if r is RHS else _int_answer(r, w)
    elif x is not None and short in COMMUTATIVE:  # the constant goes right
        return _fold_int(t, short, ty, b, a, "")
    elif x == 0 and short in ("shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem"):
        return a
    if x is not None and y is not None:
        r = int_arith(short, x, y, w)
        return None if r is None else _int_answer(r, w)
    if short == "and" and y is not None:
        # a mask of bits the address of an aligned global has clear
        al = _ptrtoint_global_align(t, a)
        if al > 1:
            low = (1 << min(w, al.bit_length() - 1)) - 1
            if y & low == y:
                return int_text(0, w)
    if short in ("add", "mul", "xor") and a.startswith(short + " "):
        # ((p op q) op c): when (q op c) folds to something else, (p op (q op c))
        inner = _ce_operands(t, ty, a, short)
        if inner is not None:
            q_c = _fold_int(t, short, ty, inner[1], b, "")
            if not q_c.startswith(short + " "):
                return _fold_int(t, short, ty, inner[0], q_c, "")
    if w == 1:
        if short in ("add", "sub"):
            return _fold_int(t, "xor", ty, a, b, "")
        if short in ("shl", "lshr", "ashr", "sdiv", "udiv"):
            return a
        if short in ("urem", "srem"):
            return "false"
    if short in CONSTEXPR_BINOPS:
        tt = t.tc(ty)
        return f"{short} {flags}({tt} {a}, {tt} {b})"
    return None


_PTRTOINT_GLOBAL = re.compile(r'ptrtoint \(ptr(?: addrspace\(\d+\))? @([-a-zA-Z$._0-9]+) to i\d+\)')


def _ptrtoint_global_align(t, text):
    """The alignment LLVM 19 knows for the global whose address `text` converts
    (Value::getPointerAlignment; a function counts as 4-aligned), or 1."""
    mo = _PTRTOINT_GLOBAL.fullmatch(text)
    if mo is None:
        return 1
    name = mo.group(1)
    if name in t.m.functions:
        return 4
    g = t.m.global_names.get(name)
    if g is None:
        return 1
    if g.align:
        return g.align
    from pytranslate.export.types import abi_align, type_size_bits
    vt = g.value_type
    if vt is None:
        return 1
    # not strong for the linker: available_externally, linkonce, weak, common, extern_weak
    # and the odr forms (2-5, 7-9)
    strong = g.init is not None and g.linkage not in (2, 3, 4, 5, 7, 8, 9)
    if not strong:
        return abi_align(vt)
    al = abi_align(vt, pref=True)
    if al < 16 and type_size_bits(vt) > 128:
        al = 16
    return al


def _ce_operands(t, ty, text, short):
    """The operand texts of constant expression `short [flags](T p, T q)`, or None."""
    from pytranslate.export.vecfold import _split_top
    i = text.find("(")
    if i < 0 or not text.endswith(")"):
        return None
    if any(f not in ("nuw", "nsw") for f in text[len(short):i].split()):
        return None
    parts = _split_top(text[i + 1:-1])
    pre = t.tc(ty) + " "
    if len(parts) != 2 or not all(p.startswith(pre) for p in parts):
        return None
    return parts[0][len(pre):], parts[1][len(pre):]


def _undef_rule(t, short, ty, a, b):
    both = a == "undef" and b == "undef"
    if type(ty) is FloatType:
        if short == "fsub" and b == "undef" and a == float_text(1 << (ty.width - 1), ty.kind):
            return "undef"
        if short in _FLOAT_OPS:
            return "undef" if both else (_NAN64 if ty.kind in ("f32", "f64") else None)
        return None
    if type(ty) is not IntegerType:
        return None
    r = int_undef_rule(short, UNDEF if a == "undef" else _int_value(a),
                       UNDEF if b == "undef" else _int_value(b))
    if r is ZERO:
        return null_value(ty, t.tc)
    if r is ONES:
        return int_text(-1, ty.width)
    return r  # (UNDEF, POISON and None are their own texts)


def _int_answer(r, w):
    """The text of an int_rhs_rule / int_arith answer that is not an operand."""
    return "poison" if r is POISON else int_text(r, w)


def _float_arith(short, x, y):
    try:
        if short == "fadd":
            return x + y
        if short == "fsub":
            return x - y
        if short == "fmul":
            return x * y
        if short == "fdiv":
            if y == 0:
                return math.nan if x == 0 else math.copysign(math.inf, x) * math.copysign(1, y)
            return x / y
        if short == "frem":
            return math.nan if y == 0 or math.isinf(x) else math.fmod(x, y)
    except OverflowError:
        return None
    return None


def _fold_vector(t, short, ty, info, a, b, flags):
    from pytranslate.export.vecfold import vector_elems
    et, n, kind = info
    if kind != "vector":
        return "poison" if "poison" in (a, b) else None
    splat = aggregate(ty, [(t.tc(et), _identity_text(short, et)[0])] * n, t.tc) \
        if _identity_text(short, et) is not None else None
    if splat is not None:
        if not _identity_text(short, et)[1] and a == splat:
            return b
        if b == splat:
            return a
    if a == "poison" or b == "poison":
        return "poison"
    xs, ys = vector_elems(t, a, ty), vector_elems(t, b, ty)
    if xs is None or ys is None:
        return None
    if short in ("udiv", "sdiv", "urem", "srem") and any(
            _int_value(y) == 0 for y in ys):
        return "poison"
    out = []
    for x, y in zip(xs, ys):
        r = _fold_scalar(t, short, et, x, y, flags)
        if r is None:
            return None
        out.append(r)
    ets = t.tc(et)
    res = aggregate(ty, [(ets, v) for v in out], t.tc)
    if res.startswith("<"):
        t.m.aggregates[(ty, res)] = [(et, v) for v in out]
    return res


def fold_fneg(v, ty):
    """fneg of a constant: undef/poison stay, an f32/f64 constant flips its sign bit."""
    if type(v) is not str:
        return None
    if v in ("undef", "poison"):
        return v
    if type(ty) is FloatType and ty.kind in ("f32", "f64"):
        x = _float_value(v, ty.kind)
        if x is not None:
            bits = float_bits(x, "f64") ^ (1 << 63)
            if ty.kind == "f32":
                return float_text(float_bits(-x, "f32"), "f32") if x == x else None
            return float_text(bits, "f64")
    return None


# ------------------------------------------------------------------------- compares, select
def _icmp_ints(p, x, y, w):
    mask = (1 << w) - 1
    ux, uy = x & mask, y & mask
    if p in ("eq", "ne"):
        return (ux == uy) == (p == "eq")
    if p[0] == "s":
        ux = ux - (1 << w) if ux >> (w - 1) else ux
        uy = uy - (1 << w) if uy >> (w - 1) else uy
    op = p[1:]
    return {"lt": ux < uy, "le": ux <= uy, "gt": ux > uy, "ge": ux >= uy}[op]


def _fcmp_floats(p, x, y):
    unordered = x != x or y != y
    if p in ("false", "true"):
        return p == "true"
    if p == "ord":
        return not unordered
    if p == "uno":
        return unordered
    if unordered:
        return p[0] == "u"
    op = p[1:]
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
            "ge": x >= y}[op]


def _nonnull_global(t, text, ty):
    """True when `text` is a global's address LLVM knows is not null."""
    if not text.startswith("@") or text.startswith('@"') or \
            getattr(ty, "address_space", 0) != 0:
        return False
    name = text[1:]
    g = t.m.global_names.get(name) or t.m.functions.get(name)
    return g is not None and g.linkage != 7


def fold_compare(t, kind, p, ty, a, b, rt=None):
    """The i1 (vector) text of an icmp/fcmp of constants `a`, `b` of type `ty`, or None."""
    info = elem_info(ty)
    if info is not None:  # fixed vectors element by element
        from pytranslate.export.vecfold import vector_elems
        if info[2] != "vector" or rt is None:
            return None
        if a == "poison" or b == "poison":
            return "poison"
        xs, ys = vector_elems(t, a, ty), vector_elems(t, b, ty)
        if xs is None or ys is None:
            return None
        out = [fold_compare(t, kind, p, info[0], x, y) for x, y in zip(xs, ys)]
        if None in out:
            return None
        res = aggregate(rt, [("i1", v) for v in out], t.tc)
        if res.startswith("<"):
            t.m.aggregates[(rt, res)] = [(elem_info(rt)[0], v) for v in out]
        return res
    if a == "poison" or b == "poison":
        return "poison"
    if a == "undef" or b == "undef":
        if p in ("eq", "ne", "oeq", "one", "ueq", "une") or (kind == "icmp" and a == b):
            return "undef"
        if kind == "icmp":
            return "true" if p in ("eq", "sle", "sge", "ule", "uge") else "false"
        return "true" if p[0] == "u" or p == "true" else "false"
    if kind == "icmp":
        if type(ty) is IntegerType:
            x, y = _int_value(a), _int_value(b)
            if x is not None and y is not None:
                return "true" if _icmp_ints(p, x, y, ty.width) else "false"
            return None
        # a global's address is above null (unsigned); signed order is unknown
        if b == "null" and _nonnull_global(t, a, ty):
            rel = {"eq": False, "ne": True, "ugt": True, "uge": True, "ult": False,
                   "ule": False}.get(p)
        elif a == "null" and _nonnull_global(t, b, ty):
            rel = {"eq": False, "ne": True, "ugt": False, "uge": False, "ult": True,
                   "ule": True}.get(p)
        else:
            rel = None
        return None if rel is None else ("true" if rel else "false")
    if type(ty) is FloatType and ty.kind in ("f32", "f64"):
        x, y = _float_value(a, ty.kind), _float_value(b, ty.kind)
        if x is not None and y is not None:
            return "true" if _fcmp_floats(p, x, y) else "false"
    return None


def fold_select(c, a, b):
    """The text of `select c, a, b` on constants, or None (no select constant expression)."""
    if c == "true":
        return a
    if c in ("false", "zeroinitializer"):
        return b
    if c == "poison":
        return "poison"
    if c == "undef":
        return a if a == "undef" else b
    if a == b:
        return a
    if a == "poison":
        return b
    if b == "poison":
        return a
    return None
