"""affine.min / affine.max simplified under known value ranges (MLIR 19's
affine::simplifyConstrainedMinMaxOp) and transform.affine.simplify_bounded_affine_ops over
it: when one result of the min (max) is provably the smallest (largest) under the
constraints, the op becomes an affine.apply of that bound."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType
from pyopt.ir.affine import AffineMap, constant, dim, symbol
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.rewrite import GreedyConfig
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
from pyopt.rewrite.pattern import RewritePattern, canonicalization_patterns
from pyopt.dialects.affine.analysis.slice import slice_bounds
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints
from pyopt.dialects.affine.canonicalize import canonicalize_map_and_operands
from pyopt.dialects.transform import ext_affine as A
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import definite


def _align_and_add_bound(cst, type_, pos, amap, operands):
    """alignAndAddBound: operands that are variables of `cst` are used as such, the others
    become new symbols; then `pos` is bounded by each result (an upper bound exclusive)."""
    cols = []
    for v in operands:
        at = cst.find_var(v)
        cols.append(at if at >= 0 else cst.append_symbol_var(v))
    return _add_rows(cst, type_, pos, amap, cols)


def _add_rows(cst, type_, pos, amap, cols):
    res = cst.import_flat(list(amap.results), amap.num_dims, amap.num_symbols, cols,
                          locals_first=True)
    if res is None:
        return False
    rows, local_rows = res
    cst.ineqs.extend(local_rows)
    lower = type_ is not BoundType.UB
    for r in rows:
        row = [-x for x in r] if lower else list(r)
        row[pos] += 1 if lower else -1
        if type_ is BoundType.UB:
            row[-1] -= 1
        (cst.eqs if type_ is BoundType.EQ else cst.ineqs).append(row)
    return True


def _plus(m, k):
    return AffineMap(m.num_dims, m.num_symbols, [e + k for e in m.results])


def simplify_constrained_min_max(op, cst):
    """(map, operands) of the affine.apply `op` (affine.min/max) equals under `cst` (a
    ValueConstraints of the known bounds, copied here), or None."""
    is_min = op.name == "affine.min"
    cst = cst.copy()
    amap = op.map.value
    operands = list(op.operands)
    n = len(amap.results)
    d_op = cst.append_dim_var(None)
    d_bound = cst.append_dim_var(None)
    first = cst.append_dim_var(None)
    for _ in range(n - 1):
        cst.append_dim_var(None)
    kind = BoundType.UB if is_min else BoundType.LB
    if not _align_and_add_bound(cst, kind, d_op, _plus(amap, 1) if is_min else amap, operands):
        return None
    lbs, ubs = slice_bounds(cst.copy(), d_op, 1)
    bound = ubs[0] if is_min else lbs[0]
    if bound is None or bound.num_results != 1:
        return None
    if is_min:
        bound = _plus(bound, -1)
    aligned = bound.shift_dims(1, d_op)
    if not _add_rows(cst, BoundType.EQ, d_bound, aligned, list(range(cst.num_dims_and_symbols))):
        return None
    if cst.is_empty():
        return None
    for i in range(n):
        c = cst.copy()
        if not _align_and_add_bound(c, BoundType.EQ, first + i, amap.get_sub_map([i]),
                                    operands):
            return None
        row = [0] * c.num_cols
        row[d_bound] = 1 if is_min else -1
        row[first + i] = -1 if is_min else 1
        row[-1] = -1
        c.add_ineq(row)
        if not c.is_empty():
            return None
    values = list(cst.values[:cst.num_dims_and_symbols])
    nd = cst.num_dims
    m = AffineMap(nd, cst.num_symbols, list(aligned.results))
    for i, v in enumerate(values):
        if v is None or constant_int(v) is not None:
            continue
        k = cst.constant_bound(BoundType.EQ, i)
        if k is not None:
            m = m.replace({dim(i) if i < nd else symbol(i - nd): constant(k)}, None, nd,
                          cst.num_symbols)
    # (the anonymous columns are unused by the bound: drop them before canonicalizing)
    keep = [i for i, v in enumerate(values) if v is not None]
    if any(m.is_function_of_dim(i) if i < nd else m.is_function_of_symbol(i - nd)
           for i, v in enumerate(values) if v is None):
        return None
    drep, srep, kd, ks = [], [], 0, 0
    for i in range(len(values)):
        if i < nd:
            drep.append(dim(kd) if values[i] is not None else constant(0))
            kd += values[i] is not None
        else:
            srep.append(symbol(ks) if values[i] is not None else constant(0))
            ks += values[i] is not None
    m = m.replace_dims_and_symbols(drep, srep, kd, ks)
    return canonicalize_map_and_operands(m, [values[i] for i in keep])


def _simplify_pattern(name, cst):
    def rewrite(op, rw):
        got = simplify_constrained_min_max(op, cst)
        if got is None:
            return False
        m, operands = got
        rw.replace_op_with_new_op(op, "affine.apply", operands, [INDEX],
                                  properties={"map": AffineMapAttr(m)})
        return True
    return RewritePattern(name, 1, rewrite, "SimplifyAffineMinMaxOp")


def _apply(op, state, results):
    values, lbs, ubs, seen = [], [], [], set()
    for handle, lb, ub in zip(op.bounded_values, op.properties["lower_bounds"].values,
                              op.properties["upper_bounds"].values):
        for p in state.payload_ops(handle):
            if len(p.results) != 1 or p.results[0].type is not INDEX:
                raise definite(op, "expected bounded value handle to point to one or "
                                   "multiple single-result index-typed ops",
                               [("multiple/non-index result", p.loc)])
            values.append(p.results[0])
            seen.add(p)
            lbs.append(lb)
            ubs.append(ub)
    cst = ValueConstraints()
    for v, lb, ub in zip(values, lbs, ubs):
        pos = cst.find_var(v)
        if pos < 0:
            pos = cst.append_symbol_var(v)
        cst.add_bound(BoundType.LB, pos, lb)
        cst.add_bound(BoundType.UB, pos, ub - 1)  # (the given upper bound is exclusive)
    targets = []
    for t in state.payload_ops(op.target):
        if t.name not in ("affine.min", "affine.max"):
            raise definite(op, "target must be affine.min or affine.max",
                           [("target op", t.loc)])
        if t in seen:
            raise definite(op, "target op result must not be constrainted",
                           [("target/constrained op", t.loc)])
        targets.append(t)
    ctx = state.ctx
    # (min/max canonicalization composes the affine.apply ops the simplification makes)
    pats = canonicalization_patterns(ctx, ("affine.max", "affine.min"))
    pats.add(_simplify_pattern("affine.min", cst))
    pats.add(_simplify_pattern("affine.max", cst))
    apply_op_patterns_and_fold(targets, pats, ctx, GreedyConfig(top_down=False),
                               listener=state.rewriter.listener)


implement(A.SIMPLIFY_BOUNDED_AFFINE_OPS, _apply)
