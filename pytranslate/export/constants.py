"""MLIR attributes -> LLVM IR constants (getLLVMConstant), printed as LLVM 19's AsmWriter does.

A constant is its value text (`1`, `<i32 1, i32 2>`, `zeroinitializer`); callers prefix the type.
LLVM uniques constants: aggregates of all zeros print as `zeroinitializer`, of all undef as
`undef`, of all poison as `poison`, and arrays of i8 as `c"..."` strings.
"""
from __future__ import annotations

import struct

from pyopt.ir.attributes import (SparseElementsAttr, DenseResourceElementsAttr, IntegerAttr,
                                 FloatAttr, StringAttr, ArrayAttr,
                                 DenseElementsAttr, SymbolRefAttr)
from pyopt.ir.types import IntegerType, FloatType, VectorType, IndexType
from pyopt.dialects.llvm.types import (LLVMArrayType, LLVMFixedVectorType,
                                       LLVMScalableVectorType, LLVMStructType, LLVMPointerType,
                                       LLVMTokenType)
from pyopt.dialects.llvm.attrs import UndefAttr, PoisonAttr, ZeroAttr
from pytranslate.export.types import TranslationError, llvm_name

ZEROS = frozenset(["0", "false", "null", "zeroinitializer", "0.000000e+00", "0xH0000", "0xR0000",
                   "0xK00000000000000000000", "0xL00000000000000000000000000000000",
                   "0xM00000000000000000000000000000000", "none"])


def int_text(value, width):
    if width == 1:
        return "true" if value & 1 else "false"
    value &= (1 << width) - 1
    if value >= 1 << (width - 1):
        value -= 1 << width
    return str(value)


def float_text(bits, kind):
    """AsmWriter's ConstantFP: %e-style decimal when it reads back exactly, else hex."""
    if kind in ("f32", "f64"):
        if kind == "f32":
            bits &= 0xFFFFFFFF
            if bits & 0x7F800000 == 0x7F800000 and bits & 0x7FFFFF:
                # a NaN as a double with its payload (a signaling one stays signaling, as
                # AsmWriter makes it; a conversion in hardware would quiet it)
                return "0x%X" % ((bits >> 31) << 63 | 0x7FF << 52 | (bits & 0x7FFFFF) << 29)
            val = struct.unpack("<f", struct.pack("<I", bits))[0]
        else:
            val = struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
        if val == val and val not in (float("inf"), float("-inf")):
            s = _decimal6(bits, kind == "f64")
            if float(s) == val:
                return s
        return "0x%X" % struct.unpack("<Q", struct.pack("<d", val))[0]
    if kind == "f16":
        return "0xH%04X" % (bits & 0xFFFF)
    if kind == "bf16":
        return "0xR%04X" % (bits & 0xFFFF)
    if kind == "f80":
        return "0xK%020X" % (bits & ((1 << 80) - 1))
    if kind == "f128":
        return "0xL%016X%016X" % (bits & ((1 << 64) - 1), bits >> 64)
    raise TranslationError(f"unsupported float type {kind}")


def _decimal6(bits, is_double):
    """APFloat::toString(6 digits, no padding, keep zeros): the exact binary value's decimal
    digits cut to 6-7 by whole powers of ten (truncating), then rounded half-up to 6 digits;
    scientific notation with 6 digits after the point."""
    if is_double:
        neg, e, f, mbits, bias = bits >> 63 & 1, bits >> 52 & 0x7FF, bits & (1 << 52) - 1, 52, 1075
    else:
        neg, e, f, mbits, bias = bits >> 31 & 1, bits >> 23 & 0xFF, bits & (1 << 23) - 1, 23, 150
    sign = "-" if neg else ""
    if e == 0 and f == 0:
        return sign + "0.000000e+00"
    sig, exp = (f, 1 - bias) if e == 0 else (f | 1 << mbits, e - bias)
    tz = (sig & -sig).bit_length() - 1
    sig >>= tz
    exp += tz
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= 5 ** -exp
    n = sig.bit_length()
    if n > 20:  # keep at least 20 bits (6 digits): drop whole powers of ten, truncating
        tens = (n - 20) * 59 // 196
        if tens:
            exp += tens
            sig //= 10 ** tens
    d = str(sig)
    stripped = d.rstrip("0")
    exp += len(d) - len(stripped)
    d = stripped
    if len(d) > 6:
        exp += len(d) - 6
        head = int(d[:6]) + (d[6] >= "5")
        d = str(head)
        if len(d) > 6:  # carried into a seventh digit: 1000000
            exp += 1
            d = d[:6]
        s2 = d.rstrip("0")
        exp += len(d) - len(s2)
        d = s2
    e10 = exp + len(d) - 1
    return (f"{sign}{d[0]}.{d[1:].ljust(6, '0')}e{'-' if e10 < 0 else '+'}"
            f"{abs(e10):02d}")


def null_value(t, tc):
    """Constant::getNullValue."""
    tt = type(t)
    if tt is IntegerType:
        return "false" if t.width == 1 else "0"
    if tt is FloatType:
        return float_text(0, t.kind)
    if tt is LLVMPointerType:
        return "null"
    if tt is LLVMTokenType:
        return "none"
    return "zeroinitializer"


def elem_info(t):
    """(element type, count, kind) of an LLVM array/vector type, or None."""
    tt = type(t)
    if tt is LLVMArrayType:
        return t.element_type, t.num_elements, "array"
    if tt is VectorType:
        return t.element_type, t.shape[0], ("svector" if t.scalable_dims and
                                            t.scalable_dims[0] else "vector")
    if tt is LLVMFixedVectorType:
        return t.element_type, t.num_elements, "vector"
    if tt is LLVMScalableVectorType:
        return t.element_type, t.min_num_elements, "svector"
    return None


def aggregate(t, elems, tc):
    """Text of an aggregate from typed element texts, with LLVM's uniquing rules."""
    tt = type(t)
    if not elems or all(v in ZEROS for _, v in elems):
        return "zeroinitializer"
    if all(v == "undef" for _, v in elems):
        return "undef"
    if all(v == "poison" for _, v in elems):
        return "poison"
    if tt is LLVMStructType:
        body = ", ".join(f"{et} {v}" for et, v in elems)
        return "<{ " + body + " }>" if t.packed else "{ " + body + " }"
    info = elem_info(t)
    et = info[0]
    if info[2] == "array" and type(et) is IntegerType and et.width == 8 and \
            all(v not in ("undef", "poison") and not v.startswith("ptr") for _, v in elems):
        return 'c"' + "".join(_c_char(int(v)) for _, v in elems) + '"'
    body = ", ".join(f"{ety} {v}" for ety, v in elems)
    return "[" + body + "]" if info[2] == "array" else "<" + body + ">"


from pytranslate.export.escape import escape_byte as _c_char  # noqa: E402


def scalar_text(attr_value, elem_type):
    """Text of one element value (int or float bits) of a dense attribute."""
    if type(elem_type) is IntegerType:
        return int_text(attr_value, elem_type.width)
    if type(elem_type) is FloatType:
        return float_text(attr_value, elem_type.kind)
    raise TranslationError("unsupported dense element type")


def get_constant(t, attr, tc, loc=None):
    """getLLVMConstant: the value text of `attr` as a constant of (MLIR) type `t`."""
    ta = type(attr)
    tt = type(t)
    if ta is UndefAttr:
        return "undef"
    if ta is PoisonAttr:
        return "poison"
    if ta is ZeroAttr:
        return null_value(t, tc)
    if tt is LLVMStructType and ta is ArrayAttr:
        if len(attr.value) != len(t.body):
            raise TranslationError("mismatch between the number of elements in the struct and "
                                   "the attribute", loc=loc)
        elems = [(tc(et), get_constant(et, a, tc, loc)) for et, a in zip(t.body, attr.value)]
        return aggregate(t, elems, tc)
    if ta is IntegerAttr:
        info = elem_info(t)
        if info is not None:  # a splat
            et = info[0]
            v = get_constant(et, attr, tc, loc)
            return _splat(t, tc(et), v, info[1], tc)
        if tt is not IntegerType:
            if tt is FloatType:  # an integer attribute used for a float type
                raise TranslationError("expected a float constant", loc=loc)
            raise TranslationError("unsupported constant value", loc=loc)
        return int_text(attr.value, t.width)
    if ta is FloatAttr:
        info = elem_info(t)
        if info is not None:
            et = info[0]
            return _splat(t, tc(et), get_constant(et, attr, tc, loc), info[1], tc)
        if tt is IntegerType and attr.type.width == t.width:
            return int_text(attr.bits, t.width)  # a float's bits as an integer
        if tt is not FloatType or attr.type != t:
            raise TranslationError("FloatAttr does not match expected type of the constant",
                                   loc=loc)
        return float_text(attr.bits, t.kind)
    if ta is SymbolRefAttr:
        return llvm_name("@", attr.root)
    if ta is DenseElementsAttr:
        return _dense(t, attr, tc, loc)
    if ta is SparseElementsAttr:
        return _sparse(t, attr, tc, loc)
    if ta is DenseResourceElementsAttr:
        return _dense_resource(t, attr, tc, loc)
    if ta is StringAttr:
        return 'c"' + "".join(_c_char(b) for b in attr.value.encode("utf-8", "surrogateescape")) \
            + '"'
    raise TranslationError("unsupported constant value", loc=loc)


def scalable_splat(vt, ets, v):
    """LLVM 19 prints a scalable splat as its insertelement + shufflevector expression."""
    mask = vt.replace(ets, "i32") if vt.endswith(ets + ">") else vt
    mask = mask[:mask.rfind(" x ") + 3] + "i32>"
    return (f"shufflevector ({vt} insertelement ({vt} poison, {ets} {v}, i64 0), {vt} poison, "
            f"{mask} zeroinitializer)")


def _splat(t, ets, v, n, tc):
    if v in ZEROS:
        return "zeroinitializer"
    if v in ("undef", "poison"):
        return v
    info = elem_info(t)
    if info[2] == "svector":
        return scalable_splat(tc(t), ets, v)
    return aggregate(t, [(ets, v)] * n, tc)


def _dense(t, attr, tc, loc):
    """Dense elements: nested LLVM arrays/vectors filled in row-major order."""
    from pyopt.ir.types import ComplexType
    st = attr.type
    src_elem = st.element_type
    if type(src_elem) is ComplexType:
        return _dense_complex(t, attr, src_elem.element_type, tc, loc)
    if type(src_elem) is IndexType:  # index elements take the converted element's width
        inner = t
        while elem_info(inner) is not None:
            inner = elem_info(inner)[0]
        if type(inner) is not IntegerType:
            raise TranslationError("unsupported constant value", loc=loc)
        src_elem = inner
    elif type(src_elem) not in (IntegerType, FloatType):
        raise TranslationError("unsupported constant value", loc=loc)
    vals = attr.all_values() if not attr.is_splat else None
    if attr.is_splat:
        v = scalar_text(_raw(attr.values[0], src_elem), src_elem)
        return _fill_splat(t, v, tc, loc)
    return _fill_values(t, vals, src_elem, tc, loc)


def _sparse(t, attr, tc, loc):
    """Sparse elements: the dense value they stand for (zero where no index names it)."""
    from pyopt.ir.types import ComplexType
    st = attr.type
    src_elem = st.element_type
    cplx = type(src_elem) is ComplexType
    if not cplx and type(src_elem) not in (IntegerType, FloatType):
        raise TranslationError("unsupported constant value", loc=loc)
    shape = list(st.shape)
    total = 1
    for d in shape:
        total *= d
    flat = [(0, 0) if cplx else 0] * total
    idx = attr.indices
    raw_idx = list(idx.all_values()) if not idx.is_splat else \
        [idx.values[0]] * max(idx.type.num_elements, 0)
    nvals = len(raw_idx) // max(len(shape), 1) if shape else len(raw_idx)
    vals = attr.values
    raw_vals = list(vals.all_values()) if not vals.is_splat else [vals.values[0]] * nvals
    rank = len(shape)
    for k in range(nvals):
        pos = 0
        for d in range(rank):
            pos = pos * shape[d] + raw_idx[k * rank + d]
        if 0 <= pos < total:
            flat[pos] = raw_vals[k] if cplx else _raw(raw_vals[k], src_elem)
    if cplx:
        return _fill_complex(t, iter(flat), src_elem.element_type, tc, loc)
    return _fill_values(t, flat, src_elem, tc, loc)


RESOURCES = {}  # builtin dense_resource blobs of the module being translated (hex strings)


def _dense_resource(t, attr, tc, loc):
    """A dense_resource blob read as little-endian elements of the innermost LLVM type."""
    from pyopt.ir.types import RankedTensorType
    inner = t
    while elem_info(inner) is not None:
        inner = elem_info(inner)[0]
    ok = (type(inner) is IntegerType and inner.width in (8, 16, 32, 64)) or \
        (type(inner) is FloatType and inner.kind in ("f16", "bf16", "f32", "f64"))
    if not ok:
        raise TranslationError("no known conversion for innermost element type", loc=loc)
    st = attr.type
    if not isinstance(st, (VectorType, RankedTensorType)):
        raise TranslationError("unsupported dense_resource type", loc=loc)
    hexdata = RESOURCES.get(("builtin", attr.handle))
    if hexdata is None:
        raise TranslationError("resource does not exist", loc=loc)
    data = bytes.fromhex(hexdata[2:])[4:]
    n = 1
    for d in st.shape:
        n *= d
    width = inner.width if type(inner) is IntegerType else \
        {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[inner.kind]
    size = len(data) // n if n else 0
    if 8 * size != width:
        raise TranslationError("raw data size does not match element type size", loc=loc)
    vals = [int.from_bytes(data[i:i + size], "little") for i in range(0, n * size, size)]
    if type(inner) is IntegerType:
        half = 1 << (width - 1)
        vals = [v - (1 << width) if v >= half else v for v in vals]
    return _fill_values(t, vals, inner, tc, loc)


def _fill_values(t, vals, src_elem, tc, loc):
    it = iter(vals)

    def build(ty):
        info = elem_info(ty)
        if info is None:
            if type(ty) is LLVMStructType:
                raise TranslationError("expected struct type to be a complex number", loc=loc)
            try:
                x = next(it)
            except StopIteration:
                raise TranslationError("constant shape mismatch", loc=loc)
            return scalar_text(_raw(x, src_elem), src_elem)
        et, n, _ = info
        ets = tc(et)
        return aggregate(ty, [(ets, build(et)) for _ in range(n)], tc)
    return build(t)


def _fill_splat(t, v, tc, loc):
    info = elem_info(t)
    if info is None:
        return v
    et, n, kind = info
    inner = _fill_splat(et, v, tc, loc)
    if inner in ZEROS:  # also keeps huge zero splats cheap
        return "zeroinitializer"
    if kind == "svector":
        return scalable_splat(tc(t), tc(et), inner) if inner not in ZEROS else "zeroinitializer"
    return aggregate(t, [(tc(et), inner)] * n, tc)


def _raw(x, elem_type):
    """Dense values are ints for integers; floats may be stored as bits or Python floats."""
    if type(elem_type) is FloatType and isinstance(x, float):
        from pyopt.syntax.float_format import float_to_bits
        return float_to_bits(x, elem_type.kind)
    return x


def _dense_complex(t, attr, part, tc, loc):
    """Complex elements fill `{re, im}` structs at the innermost level."""
    import itertools
    vals = itertools.repeat(attr.values[0]) if attr.is_splat else iter(attr.all_values())
    return _fill_complex(t, vals, part, tc, loc)


def _fill_complex(t, vals, part, tc, loc):
    """`{re, im}` structs at the innermost level, taken from the (re, im) pairs `vals`."""
    def build(ty):
        info = elem_info(ty)
        if info is None:
            if type(ty) is not LLVMStructType or len(ty.body) != 2:
                raise TranslationError("expected struct type to be a complex number", loc=loc)
            try:
                re, im = next(vals)
            except StopIteration:
                raise TranslationError("constant shape mismatch", loc=loc)
            return aggregate(ty, [(tc(ty.body[0]), scalar_text(_raw(re, part), part)),
                                  (tc(ty.body[1]), scalar_text(_raw(im, part), part))], tc)
        et, n, _ = info
        return aggregate(ty, [(tc(et), build(et)) for _ in range(n)], tc)
    return build(t)
