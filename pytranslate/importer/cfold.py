"""The constant folds LLVM 19's parser applies while it builds a constant expression
(ConstantExpr::get folds through ConstantFold*): `add (i64 1, i64 2)` is the constant 3,
`bitcast (float 1.0 to i32)` the integer 1065353216. Scalar integer and float operands only;
anything else stays an expression (None)."""
from __future__ import annotations

from pytranslate.importer.lltypes import (FLOAT_BITS, c_aggregate, c_expr, c_fp, c_int,
                                          c_simple, element_values, is_null, norm_int,
                                          null_value, vec_ty)

# opcode -> identity element, and whether it also holds on the left
_IDENTITY = {"add": (0, True), "mul": (1, True), "xor": (0, True), "sub": (0, False)}


def fold_cast(op, v, dst):
    k = v.kind
    if k == "poison":
        return c_simple("poison", dst)
    if k == "undef":
        if op in ("zext", "sext", "uitofp", "sitofp"):
            return null_value(dst)
        return c_simple("undef", dst)
    if dst.kind in ("x86_mmx", "x86_amx"):
        return None
    if op != "addrspacecast" and is_null(v):
        return null_value(dst)
    src = v.ty
    if dst.kind == "vec" and not dst.scalable:
        if src.kind == "vec" and not src.scalable and src.w == dst.w:
            return _elementwise(op, v, dst)
        if op == "bitcast" and k in ("int", "fp"):
            return _scalar_to_vector(v, dst)
        return None
    if k == "int" and src.kind == "int":
        if op == "trunc" and dst.kind == "int":
            return c_int(dst, v.v)
        if op == "zext" and dst.kind == "int":
            return c_int(dst, v.v & ((1 << src.w) - 1))
        if op == "sext" and dst.kind == "int":
            return c_int(dst, v.v)
        if op == "bitcast" and dst.kind == "float" and FLOAT_BITS.get(dst.name) == src.w:
            return c_fp(dst, v.v & ((1 << src.w) - 1))
    if k == "fp" and op == "bitcast" and dst.kind == "int" and \
            FLOAT_BITS.get(src.name) == dst.w:
        return c_int(dst, v.v)
    return None


def _elementwise(op, v, dst):
    """A cast between vectors of one length, element by element (None unless every element
    folds to a plain constant)."""
    if v.kind not in ("cds", "agg", "zero", "str"):
        return None
    out = []
    for e in element_values(v):
        r = fold_cast(op, e, dst.elem)
        if r is None or r.kind not in ("int", "fp", "null", "zero", "undef", "poison"):
            return None
        out.append(r)
    return c_aggregate(dst, out)


def _all_ones(t):
    if t.kind == "int":
        return c_int(t, -1)
    bits = FLOAT_BITS.get(t.name) if t.kind == "float" else None
    return None if bits is None else c_fp(t, (1 << bits) - 1)


def _scalar_to_vector(v, dst):
    """FoldBitCast of an integer or float to a fixed vector: all ones is a splat, anything
    else a bitcast of the one-element vector holding it."""
    width = v.ty.w if v.kind == "int" else FLOAT_BITS.get(v.ty.name)
    if width is None:
        return None
    if v.v & ((1 << width) - 1) == (1 << width) - 1:
        e = _all_ones(dst.elem)
        return None if e is None else c_aggregate(dst, [e] * dst.w)
    one = c_aggregate(vec_ty(1, v.ty), [v])
    if one.ty is dst:
        return one
    if dst.w == 1:
        return _elementwise("bitcast", one, dst) or c_expr(dst, "bitcast", [one])
    return c_expr(dst, "bitcast", [one])


def fold_binop(op, a, b):
    ty = a.ty
    if ty.kind != "int":
        return None
    ident = _IDENTITY.get(op)
    if ident is not None:
        val, left = ident
        if b.kind == "int" and b.v == val:
            return a
        if left and a.kind == "int" and a.v == val:
            return b
    if a.kind == "poison" or b.kind == "poison":
        return c_simple("poison", ty)
    if a.kind == "undef" or b.kind == "undef":
        both = a.kind == b.kind == "undef"
        if op == "xor" and both:
            return null_value(ty)
        if op in ("add", "sub", "xor"):
            return c_simple("undef", ty)
        if op == "mul":
            if both:
                return a
            other = b if a.kind == "undef" else a
            if other.kind == "int" and other.v & 1:
                return c_simple("undef", ty)
            return null_value(ty)
        return None
    if op == "mul" and ((b.kind == "int" and b.v == 0) or (a.kind == "int" and a.v == 0)):
        return null_value(ty)
    if a.kind != "int" or b.kind != "int":
        return None
    x, y = a.v, b.v
    r = {"add": lambda: x + y, "sub": lambda: x - y, "mul": lambda: x * y,
         "xor": lambda: x ^ y}.get(op)
    return c_int(ty, norm_int(r(), ty.w)) if r is not None else None
