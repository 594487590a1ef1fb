"""Folders and canonicalization patterns of affine.apply / affine.min / affine.max (MLIR 19):
composing producer affine.apply ops into a map, folding constant operands into it, dropping
unused and duplicate operands, promoting symbol-valued dims to symbols, and simplifying the
map through its flat (linear) form. Attached by `attach(AFFINE)` in __init__.py."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, AffineExprKind, binary_op, dim, symbol, constant
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import INDEX
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.scope import get_affine_scope, is_top_level_value, is_valid_symbol
from pyopt.rewrite.matchers import constant_int as _const_int  # noqa: F401
from pyopt.analysis.presburger.flatten import Flattener

_ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _CONST, _DIM, _SYM = AffineExprKind


# ------------------------------------------------------------------ semi-affine expressions
# (flat forms: pyopt/analysis/presburger/flatten.py's Flattener)
def _divisible_by_symbol(e, pos, kind):
    """isDivisibleBySymbol: is `e` a multiple of symbol `pos` (for a `kind` division)?"""
    k = e.kind
    if k is _CONST:
        return e.value == 0
    if k is _DIM:
        return False
    if k is _SYM:
        return e.position == pos
    if k is _ADD:
        return _divisible_by_symbol(e.lhs, pos, kind) and _divisible_by_symbol(e.rhs, pos, kind)
    if k is _MOD:
        return _divisible_by_symbol(e.lhs, pos, _MOD) and _divisible_by_symbol(e.rhs, pos, _MOD)
    if k is _MUL:
        return _divisible_by_symbol(e.lhs, pos, kind) or _divisible_by_symbol(e.rhs, pos, kind)
    # (a div b) div s == (a div s) div b only for the same kind of division
    return kind is k and _divisible_by_symbol(e.lhs, pos, k)


def _symbolic_divide(e, pos, kind):
    """symbolicDivide: `e` / symbol `pos` (None where not divisible)."""
    k = e.kind
    if k is _CONST:
        return constant(0) if e.value == 0 else None
    if k is _DIM:
        return None
    if k is _SYM:
        return constant(1)
    if k is _MUL:
        if not _divisible_by_symbol(e.lhs, pos, kind):
            r = _symbolic_divide(e.rhs, pos, kind)
            return None if r is None else e.lhs * r
        r = _symbolic_divide(e.lhs, pos, kind)
        return None if r is None else r * e.rhs
    sub_kind = k if k is not _ADD else kind
    lhs = _symbolic_divide(e.lhs, pos, sub_kind)
    if k is _FLOORDIV or k is _CEILDIV:
        return None if lhs is None else binary_op(k, lhs, e.rhs)
    rhs = _symbolic_divide(e.rhs, pos, sub_kind)
    return None if lhs is None or rhs is None else binary_op(k, lhs, rhs)


def _summands(e, out):
    if e.kind is _ADD:
        _summands(e.lhs, out)
        _summands(e.rhs, out)
    else:
        out.append(e)
    return out


def _negated(e):
    """x for `x * -1` / `-1 * x`, else None."""
    if e.kind is not _MUL:
        return None
    if e.lhs.kind is _CONST and e.lhs.value == -1:
        return e.rhs
    if e.rhs.kind is _CONST and e.rhs.value == -1:
        return e.lhs
    return None


def _is_mod_of_mod_subtraction(lhs, rhs, nd, ns):
    """isModOfModSubtraction: lhs = x - (x mod rhs), so lhs mod rhs == 0."""
    terms = _summands(lhs, [])
    for i, t in enumerate(terms):
        inner = _negated(t)
        if inner is None or inner.kind is not _MOD or inner.rhs != rhs:
            continue
        diff = constant(0)
        for j, u in enumerate(terms):
            if j != i:
                diff = diff + u
        diff = simplify_expr(diff - inner.lhs, nd, ns)
        if diff.kind is _CONST and diff.value == 0:
            return True
    return False


def simplify_semi_affine(e, nd, ns):
    """simplifySemiAffine: divisions and mods by a symbol their dividend is a multiple of."""
    k = e.kind
    if k is _CONST or k is _DIM or k is _SYM:
        return e
    lhs = simplify_semi_affine(e.lhs, nd, ns)
    rhs = simplify_semi_affine(e.rhs, nd, ns)
    if k is _ADD or k is _MUL:
        return binary_op(k, lhs, rhs)
    if _is_mod_of_mod_subtraction(lhs, rhs, nd, ns):
        return constant(0)
    if rhs.kind is not _SYM or not _divisible_by_symbol(e.lhs, rhs.position, k):
        return binary_op(k, lhs, rhs)
    if k is _MOD:
        return constant(0)
    q = _symbolic_divide(lhs, rhs.position, k)
    return binary_op(k, lhs, rhs) if q is None else q


def semi_affine_expr_from_flat(flat, nd, ns, locals_):
    """getSemiAffineExprFromFlatForm: a sum of terms ordered by (dim or symbol position,
    second key) so that d0, d0 * s0, s0, d1 * s1, s1 ... come out in that order; locals that
    are not a product / div / mod of a dim or symbol follow, then the constant."""
    keys, terms = [], {}
    big = max(nd, ns)
    off_sym, off_dim = 0, -1

    def add(key, coeff, e):
        keys.append(key)
        terms.setdefault(key, (coeff, e))

    for j in range(nd, nd + ns):
        if flat[j]:
            add((j - nd, big + off_sym), flat[j], symbol(j - nd))
            off_sym += 1
    base = nd + ns
    added = [False] * len(locals_)
    for i, e in enumerate(locals_):
        c = flat[base + i]
        if not c or e.kind in (_CONST, _DIM, _SYM):
            continue
        lhs, rhs = e.lhs, e.rhs
        if lhs.kind not in (_DIM, _SYM) or rhs.kind not in (_DIM, _SYM, _CONST):
            continue
        if rhs.kind is _CONST:
            if lhs.kind is _DIM:
                add((lhs.position, off_dim), c, e)
                off_dim -= 1
            else:
                add((lhs.position, big + off_sym), c, e)
                off_sym += 1
        elif lhs.kind is _DIM:
            add((lhs.position, rhs.position), c, e)
        else:
            add((lhs.position, big + off_sym), c, e)
            off_sym += 1
        added[i] = True
    for j in range(nd):
        if flat[j]:
            add((j, off_dim), flat[j], dim(j))
            off_dim -= 1
    out = constant(0)
    for key in sorted(keys):
        c, e = terms[key]
        out = out + e * c
    for i, e in enumerate(locals_):
        c = flat[base + i]
        if c and not added[i]:
            out = out + e * c
    if flat[-1]:
        out = out + flat[-1]
    return out


def simplify_expr(expr, nd, ns):
    """simplifyAffineExpr: semi-affine expressions get simplifySemiAffine, then every
    expression is flattened (products, divisions and mods by non-constants as locals) and
    rebuilt."""
    if not expr.is_pure_affine():
        expr = simplify_semi_affine(expr, nd, ns)
    f = Flattener(nd, ns, semi_affine=True)
    if not f.flatten(expr):
        return expr
    flat = f.stack[-1]
    if expr.is_pure_affine():
        return f.expr_of(flat)
    if expr == f.expr_of(flat):
        return expr
    return semi_affine_expr_from_flat(flat, nd, ns, f.local_exprs)


def simplify_map(m):
    return AffineMap(m.num_dims, m.num_symbols,
                     [simplify_expr(r, m.num_dims, m.num_symbols) for r in m.results])


# ------------------------------------------------------------------ operands
def valid_symbol(v):
    """isValidSymbol(Value): top-level in an affine scope, or a valid symbol of the scope
    its defining op is in."""
    if v.type is not INDEX:
        return False
    if is_top_level_value(v):
        return True
    if type(v) is BlockArgument:
        return False
    return is_valid_symbol(v, get_affine_scope(v.owner))


def _promote_symbols(m, operands):
    nd, ns = m.num_dims, m.num_symbols
    kept, promoted, remap = [], [], []
    next_dim = 0
    for i in range(nd):
        v = operands[i]
        if valid_symbol(v):
            remap.append(symbol(ns + len(promoted)))
            promoted.append(v)
        else:
            remap.append(dim(next_dim))
            next_dim += 1
            kept.append(v)
    kept += operands[nd:] + promoted
    return m.replace_dims_and_symbols(remap, [symbol(i) for i in range(ns)], next_dim,
                                      ns + len(promoted)), kept


def canonicalize_map_and_operands(m, operands):
    """canonicalizeMapAndOperands: promote symbol dims, fold constant symbols, drop unused
    and duplicate operands."""
    if not operands:
        return m, operands
    m, operands = _promote_symbols(m, list(operands))
    nd, ns = m.num_dims, m.num_symbols
    used_d, used_s = set(), set()
    for r in m.results:
        for e in r.walk():
            if e.kind is _DIM:
                used_d.add(e.position)
            elif e.kind is _SYM:
                used_s.add(e.position)
    out = []
    seen = {}
    dremap = [constant(0)] * nd
    for i in range(nd):
        if i in used_d:
            v = operands[i]
            if v not in seen:
                seen[v] = dim(len(seen))
                out.append(v)
            dremap[i] = seen[v]
    nnd = len(seen)
    seen = {}
    sremap = [constant(0)] * ns
    for i in range(ns):
        if i not in used_s:
            continue
        v = operands[nd + i]
        c = _const_int(v)
        if c is not None:
            sremap[i] = constant(c)
            continue
        if v not in seen:
            seen[v] = symbol(len(seen))
            out.append(v)
        sremap[i] = seen[v]
    return m.replace_dims_and_symbols(dremap, sremap, nnd, len(seen)), out


def _replace_dim_or_sym(m, pos, dims, syms):
    is_dim = pos < len(dims)
    p = pos if is_dim else pos - len(dims)
    v = dims[p] if is_dim else syms[p]
    if v is None:
        return None
    op = v.defining_op() if hasattr(v, "defining_op") else None
    if op is None or op.name != "affine.apply":
        return None
    if is_dim:
        dims[p] = None
    else:
        syms[p] = None
    cm, cops = canonicalize_map_and_operands(op.get_attr("map").value, op.operands)
    rep = cm.shift_dims(len(dims)).shift_symbols(len(syms)).results[0]
    dims.extend(cops[:cm.num_dims])
    syms.extend(cops[cm.num_dims:])
    old = dim(p) if is_dim else symbol(p)
    return m.replace(old, rep, len(dims), len(syms))


def compose_map_and_operands(m, operands):
    """composeAffineMapAndOperands: substitutes producer affine.apply ops into the map."""
    if not m.results:
        m, operands = canonicalize_map_and_operands(m, operands)
        return simplify_map(m), operands
    dims = list(operands[:m.num_dims])
    syms = list(operands[m.num_dims:])
    while True:
        changed = False
        for pos in range(len(dims) + len(syms)):
            nm = _replace_dim_or_sym(m, pos, dims, syms)
            if nm is not None:
                m = nm
                changed = True
                break
        if not changed:
            break
    out = []
    drep, srep = [], []
    for container, repl, mk in ((dims, drep, dim), (syms, srep, symbol)):
        n = 0
        for v in container:
            if v is None:
                repl.append(constant(0))
                continue
            repl.append(mk(n))
            n += 1
            out.append(v)
    m = m.replace_dims_and_symbols(drep, srep, sum(v is not None for v in dims),
                                   sum(v is not None for v in syms))
    m, out = canonicalize_map_and_operands(m, out)
    return simplify_map(m), out


# ------------------------------------------------------------------ patterns and folders
def _simplify_affine_op(op, rw):
    """SimplifyAffineOp: compose, canonicalize and rebuild the op if anything changed."""
    old_map = op.get_attr("map").value
    # (affine.apply: every operand is a map operand - also the extra ones a builder may leave,
    # which upstream's composition drops; the access ops have leading non-index operands)
    old_ops = op.operands if op.name == "affine.apply" else \
        op.operands[len(op.operand_slots) - old_map.num_inputs:]
    m, ops = compose_map_and_operands(old_map, old_ops)
    m, ops = canonicalize_map_and_operands(m, ops)
    if m == old_map and len(ops) == len(old_ops) and all(a is b for a, b in zip(ops, old_ops)):
        return False
    props = {"map": AffineMapAttr(m)}
    if op.name in _ACCESS_OPS:
        # Memory accesses keep their leading (non-index) operands and other properties.
        n = len(op.operand_slots) - len(old_ops)
        props = dict(op.properties, map=AffineMapAttr(m))
        rw.replace_op_with_new_op(op, op.name, op.operands[:n] + ops,
                                  [r.type for r in op.results], properties=props)
        return True
    rw.replace_op_with_new_op(op, op.name, ops, [INDEX], properties=props)
    return True


_ACCESS_OPS = frozenset({"affine.load", "affine.store", "affine.vector_load",
                         "affine.vector_store", "affine.prefetch"})


def _fold_apply(op, consts):
    m = op.get_attr("map").value
    e = m.results[0]
    if e.kind is _DIM:
        return op.operand(e.position)
    if e.kind is _SYM:
        return op.operand(m.num_dims + e.position)
    vals = [c.value if type(c) is IntegerAttr else None for c in consts]
    _, ints, poison = m.partial_constant_fold(vals)
    if poison:
        from pyopt.dialects.ub import POISON
        return POISON
    if ints is None:
        return None
    return IntegerAttr(INDEX, ints[0])


def _fold_min_max(is_max):
    def fold(op, consts):
        m = op.get_attr("map").value
        vals = [c.value if type(c) is IntegerAttr else None for c in consts]
        folded, ints, poison = m.partial_constant_fold(vals)
        if folded is None:
            return None
        if folded.num_symbols == 1 and folded.is_symbol_identity():
            return op.operand(0)
        if ints is None:
            if folded == m:
                return None
            op.set_attr("map", AffineMapAttr(folded))
            return op.results[0]
        if not ints:
            return None
        return IntegerAttr(INDEX, max(ints) if is_max else min(ints))
    return fold


def _replace_map(rw, op, m, operands, name=None):
    rw.replace_op_with_new_op(op, name or op.name, list(operands), [INDEX],
                              properties={"map": AffineMapAttr(m)})


def _single_result_min_max(op, rw):
    """A one-result affine.min/max is an affine.apply."""
    m = op.get_attr("map").value
    if len(m.results) != 1:
        return False
    _replace_map(rw, op, m, op.operands, "affine.apply")
    return True


def _dedup_min_max(op, rw):
    m = op.get_attr("map").value
    exprs = []
    for e in m.results:
        if e not in exprs:
            exprs.append(e)
    if len(exprs) == len(m.results):
        return False
    _replace_map(rw, op, AffineMap(m.num_dims, m.num_symbols, exprs), op.operands)
    return True


def _merge_min_max(op, rw):
    """Inlines the results of a producer min (max) bound to a bare dim/symbol result."""
    m = op.get_attr("map").value
    ops = op.operands
    dvals, svals = list(ops[:m.num_dims]), list(ops[m.num_dims:])
    exprs, producers = [], []
    for e in m.results:
        v = None
        if e.kind is _SYM:
            v = svals[e.position]
        elif e.kind is _DIM:
            v = dvals[e.position]
        p = v.defining_op() if v is not None and hasattr(v, "defining_op") else None
        if p is not None and p.name == op.name:
            producers.append(p)
        else:
            exprs.append(e)
    if not producers:
        return False
    nd, ns = m.num_dims, m.num_symbols
    for p in producers:
        pm = p.get_attr("map").value
        pops = p.operands
        dvals += pops[:pm.num_dims]
        svals += pops[pm.num_dims:]
        for e in pm.results:
            exprs.append(e.shift_dims(pm.num_dims, nd).shift_symbols(pm.num_symbols, ns))
        nd += pm.num_dims
        ns += pm.num_symbols
    _replace_map(rw, op, AffineMap(nd, ns, exprs), dvals + svals)
    return True


def _order_min_max(op, rw):
    """Sorts the results by their flat (coefficient) form; fails on locals."""
    m = op.get_attr("map").value
    flats = []
    for e in m.results:
        if not e.is_pure_affine():
            return False
        f = Flattener(m.num_dims, m.num_symbols)
        if not f.flatten(e) or f.local_exprs:
            return False
        flats.append(f.stack[-1])
    if all(flats[i] <= flats[i + 1] for i in range(len(flats) - 1)):
        return False
    perm = sorted(range(len(flats)), key=lambda i: flats[i])
    _replace_map(rw, op, AffineMap(m.num_dims, m.num_symbols, [m.results[i] for i in perm]),
                 op.operands)
    return True


def _min_max_patterns(kind):
    return [RewritePattern(None, 1, _single_result_min_max, "CanonicalizeSingleResult" + kind),
            RewritePattern(None, 1, _dedup_min_max, "Deduplicate" + kind),
            RewritePattern(None, 1, _merge_min_max, "Merge" + kind),
            RewritePattern(None, 1, _simplify_affine_op, "Simplify" + kind),
            RewritePattern(None, 1, _order_min_max, "ExprAndTermOrder" + kind)]


_PATTERNS = {
    "affine.apply": [RewritePattern(None, 1, _simplify_affine_op, "SimplifyAffineApply")],
    "affine.min": _min_max_patterns("AffineMin"),
    "affine.max": _min_max_patterns("AffineMax"),
}
for _name in _ACCESS_OPS:
    _PATTERNS[_name] = [RewritePattern(None, 1, _simplify_affine_op, "SimplifyAffineOp")]
_FOLDS = {"affine.apply": _fold_apply, "affine.min": _fold_min_max(False),
          "affine.max": _fold_min_max(True)}


def materialize_constant(rewriter, attr, type_, loc):
    from pyopt.dialects.arith.folds import materialize_constant as arith_materialize
    return arith_materialize(rewriter, attr, type_, loc)


def attach(dialect):
    dialect.attach_rewrites(_FOLDS, _PATTERNS, replace_folds=True)
    if getattr(dialect, "materialize_constant", None) is None:
        dialect.materialize_constant = materialize_constant
