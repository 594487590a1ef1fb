"""The constant folds LLVM 19's parser applies while it builds a constant expression
(ConstantExpr::get folds through ConstantFold*): `add (i64 1, i64 2)` is the constant 3,
`bitcast (float 1.0 to i32)` the integer 1065353216. Scalar integer and float operands only;
anything else stays an expression (None)."""
from __future__ import annotations

from pytranslate.constfold import (CONSTEXPR_BINOPS, COMMUTATIVE, INT_IDENTITY,
                                   ZERO_ON_UNDEF_CASTS, POISON, UNDEF, ZERO, LHS, RHS, all_ones,
                                   int_arith, int_cast, int_rhs_rule, int_undef_rule)
from pytranslate.importer.lltypes import (FLOAT_BITS, c_aggregate, c_expr, c_fp, c_int,
                                          c_simple, element_values, is_null, null_value, vec_ty)


def fold_cast(op, v, dst):
    k = v.kind
    if k == "poison":
        return c_simple("poison", dst)
    if k == "undef":
        if op in ZERO_ON_UNDEF_CASTS:
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
        if dst.kind == "int":
            r = int_cast(op, v.v, src.w, "int", dst.w)
            return None if r is None else c_int(dst, r)
        if dst.kind == "float":
            r = int_cast(op, v.v, src.w, "float", FLOAT_BITS.get(dst.name))
            return None if r is None else c_fp(dst, r)
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
    if all_ones(v.v, width):
        e = _all_ones(dst.elem)
        return None if e is None else c_aggregate(dst, [e] * dst.w)
    one = c_aggregate(vec_ty(1, v.ty), [v])
    if one.ty is dst:
        return one
    if dst.w == 1:
        return _elementwise("bitcast", one, dst) or c_expr(dst, "bitcast", [one])
    return c_expr(dst, "bitcast", [one])


def fold_binop(op, a, b):
    """ConstantExpr::get of an integer binary operator: the folded constant, or None (the
    parser keeps the expression). Only the operators LLVM 19 still has as constant
    expressions fold, poison propagation aside."""
    ty = a.ty
    if ty.kind != "int":
        return None
    x = a.v if a.kind == "int" else None
    y = b.v if b.kind == "int" else None
    ident = INT_IDENTITY.get(op) if op in CONSTEXPR_BINOPS else None
    if ident is not None:
        val, right_only = ident
        if y == val:
            return a
        if not right_only and x == val:
            return b
    if a.kind == "poison" or b.kind == "poison":
        return c_simple("poison", ty)
    if op not in CONSTEXPR_BINOPS:
        return None
    if a.kind == "undef" or b.kind == "undef":
        r = int_undef_rule(op, UNDEF if a.kind == "undef" else x,
                           UNDEF if b.kind == "undef" else y)
        if r is ZERO:
            return null_value(ty)
        return None if r is None else c_simple("undef", ty)
    if y is None and x is not None and op in COMMUTATIVE:  # the constant goes right
        a, b, x, y = b, a, y, x
    if y is not None:
        r = int_rhs_rule(op, y, ty.w)
        if r is not None:
            return a if r is LHS else b if r is RHS else _int_answer(ty, r)
    if x is None or y is None:
        return None
    return _int_answer(ty, int_arith(op, x, y, ty.w))


def _int_answer(ty, r):
    if r is None:
        return None
    return c_simple("poison", ty) if r is POISON else c_int(ty, r)
