"""The constants, attributes and enums of the LLVM IR import (convert.py): constant values as
MLIR attributes, builtin shapes, linkage/calling-convention/fastmath/predicate spellings."""
from __future__ import annotations

import math
import struct as _struct

from pytranslate.importer.lltypes import SIMPLE_FLOATS, mlir_bytes_str
from pytranslate.importer.llparser import Function
from pytranslate.cconv import dialect_cconv
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import IntegerType

I32T, I64T = IntegerType(32), IntegerType(64)


class ImportError_(Exception):
    """An import failure reported as `<unknown>:0: error: ...` (mlir-translate's UnknownLoc)."""

    def __init__(self, msg, loc=None):
        super().__init__(msg)
        self.loc = loc


# ============================================================================ attributes
def _float_literal(ty, bits):
    name = ty.name
    if name in ("float", "double", "half", "bfloat"):
        if name == "double":
            d = _struct.unpack("<d", _struct.pack("<Q", bits))[0]
        elif name == "float":
            d = _struct.unpack("<f", _struct.pack("<I", bits))[0]
        elif name == "half":
            d = _struct.unpack("<e", _struct.pack("<H", bits))[0]
        else:
            d = _struct.unpack("<f", _struct.pack("<I", bits << 16))[0]
        if math.isfinite(d):
            r = repr(d)
            if "." not in r:  # (MLIR's float literal needs the dot: 1e+300 -> 1.0e+300)
                r = r.replace("e", ".0e") if "e" in r else r + ".0"
            return r
    w = ty.w
    return "0x%0*X" % ((w + 3) // 4, bits)


def scalar_attr(c):
    """getScalarConstantAsAttr: `5 : i32` / `1.5 : f32`, or None."""
    if c.kind == "int":
        if c.ty.w == 1:
            return "true" if c.v else "false"
        return f"{c.v} : i{c.ty.w}"
    if c.kind == "fp":
        if c.ty.name not in SIMPLE_FLOATS:
            return None
        return f"{_float_literal(c.ty, c.v)} : {c.ty.mlir()}"
    return None


def _elem_lit(c):
    if c.kind == "int":
        if c.ty.w == 1:
            return "true" if c.v else "false"
        return str(c.v)
    return _float_literal(c.ty, c.v)


def _is_scalar_ty(t):
    return t.kind == "int" or (t.kind == "float" and t.name in SIMPLE_FLOATS)


def builtin_shape(ty):
    """getBuiltinTypeForAttr for shaped constants: (shape list, elem Ty, 'vector'|'tensor')."""
    if ty.kind == "vec":
        if ty.scalable or not _is_scalar_ty(ty.elem):
            return None
        return [ty.w], ty.elem, "vector"
    shape = []
    t = ty
    while t.kind == "array":
        shape.append(t.w)
        t = t.elem
    if not shape:
        return None
    if _is_scalar_ty(t):
        return shape, t, "tensor"
    if t.kind == "vec" and not t.scalable and _is_scalar_ty(t.elem):
        return shape + [t.w], t.elem, "vector"
    return None


def _shaped_type(shape, elem, kind):
    return f"{kind}<{'x'.join(str(s) for s in shape)}x{elem.mlir()}>"


def _nest(vals, shape):
    if len(shape) == 1:
        return "[" + ", ".join(vals) + "]"
    n = len(vals) // shape[0]
    return "[" + ", ".join(_nest(vals[i * n:(i + 1) * n], shape[1:])
                           for i in range(shape[0])) + "]"


def _dense(vals, shape, elem, kind):
    st = _shaped_type(shape, elem, kind)
    if vals and all(v == vals[0] for v in vals):
        return f"dense<{vals[0]}> : {st}"
    return f"dense<{_nest(vals, shape)}> : {st}"


def constant_attr(c, module):
    """getConstantAsAttr: the attribute text of a constant, or None."""
    k = c.kind
    if k in ("int", "fp"):
        return scalar_attr(c)
    if k == "global":
        sym = module.symbols.get(c.v)
        if isinstance(sym, Function):
            return ("sym", c.v)
        return None
    if k == "str":
        return mlir_bytes_str(c.v)
    if k == "cds":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        return _dense([_elem_lit(e) for e in c.v], *sh)
    if k == "agg":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        vals = []
        stack = [c]
        while stack:
            cur = stack.pop()
            if cur.kind == "agg":
                stack.extend(reversed(cur.v))
            elif cur.kind == "cds":
                vals.extend(_elem_lit(e) for e in cur.v)
            elif cur.kind == "str":
                vals.extend(str(b - 256 if b > 127 else b) for b in cur.v)
            elif cur.kind in ("int", "fp"):
                vals.append(_elem_lit(cur))
            else:
                return None
        return _dense(vals, *sh)
    if k == "zero":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        e = sh[1]
        z = "0" if e.kind == "int" else "0.000000e+00"
        if e.kind == "int" and e.w == 1:
            z = "false"
        return f"dense<{z}> : {_shaped_type(*sh)}"
    return None


# ============================================================================ enums
LINKAGE_MLIR = {"private": "private", "internal": "internal",
                "available_externally": "available_externally", "linkonce": "linkonce",
                "weak": "weak", "common": "common", "appending": "appending",
                "extern_weak": "extern_weak", "linkonce_odr": "linkonce_odr",
                "weak_odr": "weak_odr", "external": "external"}
def cconv_kw(cv, cc):
    """The dialect keyword of an LLVM IR calling convention; one the dialect lacks becomes the
    C convention, with a warning (upstream prints an empty keyword)."""
    kw = dialect_cconv(cc)
    if kw is None:
        cv.warn(f"unsupported calling convention '{cc}', imported as ccc")
        return "ccc"
    return kw


FMF_BITS = ["nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"]


def fmf_attr(flags):
    s = set(flags)
    if "fast" in s:
        return "#llvm.fastmath<fast>"
    on = [f for f in FMF_BITS if f in s]
    if not on:
        return None
    if len(on) == 7:
        return "#llvm.fastmath<fast>"
    return "#llvm.fastmath<" + ", ".join(on) + ">"


ICMP_PREDS = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
FCMP_MLIR = {"false": "_false", "true": "_true"}


# ============================================================================ objects
def _i32_array(vals):
    return DenseArrayAttr(I32T, list(vals))


def _i64_array(vals):
    return DenseArrayAttr(I64T, list(vals))


def _llvm_str(s):
    return '"' + s.replace("\\", "\\5C").replace('"', "\\22") + '"'
