"""Strided layouts of memref types (MLIR's getStridesAndOffset & friends).

Offsets and strides are ints, with `DYNAMIC` (ShapedType::kDynamic) for `?`. Layouts are
None (identity), a StridedLayoutAttr or an AffineMapAttr; every layout has an affine-map view
(`layout_map`) as in MemRefLayoutAttrInterface::getAffineMap.
"""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, AffineExprKind, dim, symbol, constant
from pyopt.ir.attributes import AffineMapAttr, StridedLayoutAttr
from pyopt.ir.types import DYNAMIC, MemRefType

_ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _CONST, _DIM, _SYM = AffineExprKind


# ------------------------------------------------------------------ saturated arithmetic
def sat_add(a, b):
    """SaturatedInteger `+`: dynamic if either side is."""
    return DYNAMIC if a == DYNAMIC or b == DYNAMIC else a + b


def sat_mul(a, b):
    """SaturatedInteger `*`: 0 wins over dynamic, otherwise dynamic is contagious."""
    if a == 0 or b == 0:
        return 0
    return DYNAMIC if a == DYNAMIC or b == DYNAMIC else a * b


# ------------------------------------------------------------------ layouts as affine maps
def make_strided_linear_layout_map(strides, offset) -> AffineMap:
    """`offset + sum(d_i * stride_i)`, with a fresh symbol per dynamic entry."""
    nsym = 0
    if offset == DYNAMIC:
        expr = symbol(0)
        nsym = 1
    else:
        expr = constant(offset)
    for i, s in enumerate(strides):
        if s == DYNAMIC:
            mult = symbol(nsym)
            nsym += 1
        else:
            mult = constant(s)
        expr = expr + dim(i) * mult
    return AffineMap(len(strides), nsym, [expr])


def layout_map(t: MemRefType) -> AffineMap:
    lay = t.layout
    if lay is None:
        return AffineMap.get_multi_dim_identity(len(t.shape))
    if type(lay) is StridedLayoutAttr:
        return make_strided_linear_layout_map(lay.strides, lay.offset)
    if type(lay) is AffineMapAttr:
        return lay.value
    return AffineMap.get_multi_dim_identity(len(t.shape))


def layout_is_identity(t: MemRefType) -> bool:
    """MemRefLayoutAttrInterface::isIdentity (strided<[1]> counts as identity)."""
    lay = t.layout
    if lay is None:
        return True
    if type(lay) is AffineMapAttr:
        return lay.value.is_identity()
    if type(lay) is StridedLayoutAttr:
        return layout_map(t).is_identity()
    return False


def canonical_strided_layout_expr(shape, exprs=None):
    """makeCanonicalStridedLayoutExpr: row-major strides, symbols after the first
    non-positive (dynamic or zero) size."""
    if not shape:
        return constant(0)
    if exprs is None:
        exprs = [dim(i) for i in range(len(shape))]
    nsym = max((e._maxs for e in exprs), default=-1) + 1
    nd = max((e._maxd for e in exprs), default=-1) + 1
    expr = None
    poison = False
    running = 1
    for e, size in zip(reversed(exprs), reversed(shape)):
        if poison:
            stride = symbol(nsym)
            nsym += 1
        else:
            stride = constant(running)
        term = e * stride
        expr = term if expr is None else expr + term
        if size > 0:
            running *= size
        else:
            poison = True
    return simplify_affine_expr(expr, nd, nsym)


# ------------------------------------------------------------------ simplification
def _flatten(e, nd, ns, locals_, out):
    """Adds coefficient * e into `out` (dims, symbols, locals keyed ('l', expr), 'c')."""
    return _flatten_scaled(e, 1, nd, ns, locals_, out)


def _flatten_scaled(e, k, nd, ns, locals_, out):
    kind = e.kind
    if kind is _CONST:
        out["c"] = out.get("c", 0) + k * e.value
        return True
    if kind is _DIM:
        key = ("d", e.position)
        out[key] = out.get(key, 0) + k
        return True
    if kind is _SYM:
        key = ("s", e.position)
        out[key] = out.get(key, 0) + k
        return True
    if kind is _ADD:
        return (_flatten_scaled(e.lhs, k, nd, ns, locals_, out) and
                _flatten_scaled(e.rhs, k, nd, ns, locals_, out))
    if kind is _MUL:
        if e.rhs.kind is _CONST:
            return _flatten_scaled(e.lhs, k * e.rhs.value, nd, ns, locals_, out)
        if e.lhs.kind is _CONST:
            return _flatten_scaled(e.rhs, k * e.lhs.value, nd, ns, locals_, out)
    # A semi-affine product, floordiv / ceildiv / mod: an opaque local term (the flattener
    # of 19 adds semi-affine terms as locals too, so `d1 * s0 + d0` becomes `d0 + d1 * s0`).
    if e not in locals_:
        locals_.append(e)
    key = ("l", e)
    out[key] = out.get(key, 0) + k
    return True


def simplify_affine_expr(expr, num_dims, num_symbols):
    """simplifyAffineExpr: the expression rebuilt from its flat linear form
    (dims, symbols, local terms, constant)."""
    flat, locals_ = {}, []
    if not _flatten(expr, num_dims, num_symbols, locals_, flat):
        return expr
    out = constant(0)
    for j in range(num_dims):
        c = flat.get(("d", j), 0)
        if c:
            out = out + dim(j) * c
    for j in range(num_symbols):
        c = flat.get(("s", j), 0)
        if c:
            out = out + symbol(j) * c
    for loc in locals_:
        c = flat.get(("l", loc), 0)
        if c:
            out = out + loc * c
    c = flat.get("c", 0)
    if c:
        out = out + c
    return out


# ------------------------------------------------------------------ strides and offset
def _extract_strides(e, factor, strides, acc):
    """extractStrides: accumulates per-dim stride exprs and the offset (acc[0])."""
    kind = e.kind
    if kind in (_CONST, _DIM, _SYM):
        if kind is _DIM:
            strides[e.position] = strides[e.position] + factor
        else:
            acc[0] = acc[0] + e * factor
        return True
    if kind in (_CEILDIV, _FLOORDIV, _MOD):
        return False
    if kind is _MUL:
        if e.lhs.kind is _DIM:
            p = e.lhs.position
            strides[p] = strides[p] + e.rhs * factor
            return True
        if e.lhs.is_symbolic_or_constant():
            return _extract_strides(e.rhs, factor * e.lhs, strides, acc)
        return _extract_strides(e.lhs, factor * e.rhs, strides, acc)
    ok1 = _extract_strides(e.lhs, factor, strides, acc)
    ok2 = _extract_strides(e.rhs, factor, strides, acc)
    return ok1 and ok2


def _identity_strides(shape):
    strides = [0] * len(shape)
    running = 1
    for i in range(len(shape) - 1, -1, -1):
        strides[i] = running
        if running != DYNAMIC:
            running = running * shape[i] if shape[i] > 0 else DYNAMIC
    return strides


_STRIDES_CACHE: dict = {}


def strides_and_offset(t):
    """(strides, offset) of a ranked memref type, or None if its layout is not strided.
    Cached per (interned) type: verifiers ask this for every view-like op."""
    r = _STRIDES_CACHE.get(t, _MISSING)
    if r is _MISSING:
        r = _STRIDES_CACHE[t] = _compute_strides_and_offset(t)
    return None if r is None else (list(r[0]), r[1])


_MISSING = object()


def _compute_strides_and_offset(t):
    lay = t.layout
    if type(lay) is StridedLayoutAttr:
        return list(lay.strides), lay.offset
    m = layout_map(t)
    if len(m.results) != 1 and not m.is_identity():
        return None
    if m.is_identity():
        return _identity_strides(t.shape), 0
    nd, ns = m.num_dims, m.num_symbols
    zero = constant(0)
    strides = [zero] * len(t.shape)
    acc = [zero]
    expr = simplify_affine_expr(m.results[0], nd, ns)
    if len(strides) < nd:
        strides += [zero] * (nd - len(strides))
    if not _extract_strides(expr, constant(1), strides, acc):
        return None
    offset = simplify_affine_expr(acc[0], nd, ns)
    strides = [simplify_affine_expr(s, nd, ns) for s in strides]
    if any(s.kind is _CONST and s.value == 0 for s in strides):
        return None
    return ([s.value if s.kind is _CONST else DYNAMIC for s in strides],
            offset.value if offset.kind is _CONST else DYNAMIC)


def is_strided(t) -> bool:
    return strides_and_offset(t) is not None


def canonicalize_strided_layout(t: MemRefType) -> MemRefType:
    """canonicalizeStridedLayout: identity layout when the layout is the canonical
    contiguous one, otherwise the simplified single-result affine map."""
    m = layout_map(t)
    if m.is_identity():
        return t
    if len(m.results) > 1:
        return t
    if m.num_dims == 0 and m.num_symbols == 0:
        r = m.results[0]
        if r.kind is _CONST and r.value == 0:
            return t.with_(layout=None)
        return t
    if not t.shape:
        return t
    expr = canonical_strided_layout_expr(t.shape)
    simplified = simplify_affine_expr(m.results[0], m.num_dims, m.num_symbols)
    if expr is not simplified:
        return t.with_(layout=AffineMapAttr(AffineMap(m.num_dims, m.num_symbols,
                                                      [simplified])))
    return t.with_(layout=None)


def strided_layout(offset, strides) -> StridedLayoutAttr:
    return StridedLayoutAttr(offset, strides)
