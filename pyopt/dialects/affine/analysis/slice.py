"""Computation slices for loop fusion (MLIR's ComputationSliceState and computeSliceUnion):
the iterations of a source loop nest that a destination nest needs (backward slice) or that
need a destination nest (forward slice), as bounds of the sliced loops in terms of the IVs
of the loops the slice would be inserted into."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType
from pyopt.analysis.presburger.bounds import constant_bound_on_dim_size
from pyopt.analysis.presburger.divisions import single_var_repr
from pyopt.analysis.presburger.flatten import expr_from_row
from pyopt.analysis.presburger.relation import RANGE, SYMBOL
from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.dependence import (check_dependence, FAILURE,
                                                       NO_DEPENDENCE)
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess, READS
from pyopt.dialects.affine.analysis.parallelism import sequential_loop_ivs
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints
from pyopt.dialects.affine.canonicalize import simplify_expr, valid_symbol, _const_int
from pyopt.ir.affine import AffineMap, AffineExprKind, dim, symbol, constant

SLICE_SUCCESS, SLICE_FAILURE, SLICE_INCORRECT = "success", "failure", "incorrect"
SLICE_FUSION_BARRIER = "slice_fusion_barrier"


class SliceState:
    __slots__ = ("ivs", "lbs", "ubs", "lb_operands", "ub_operands", "insert_block",
                 "insert_index")

    def __init__(self):
        self.ivs, self.lbs, self.ubs = [], [], []
        self.lb_operands, self.ub_operands = [], []
        self.insert_block, self.insert_index = None, 0


# ------------------------------------------------------------------ bounds as maps
def _constant_bound(cst, type_, pos):
    return cst.constant_bound(type_, pos)


def _detect_as_mod(cst, pos, offset, num, lbc, ubc, memo):
    """var_r == var_n mod (ubc + 1) when 0 <= var_r <= ubc and an equality gives
    var_n - divisor * q == var_r; may also reveal q == var_n floordiv divisor."""
    if lbc != 0 or ubc < 1:
        return False
    divisor = ubc + 1
    nds = cst.num_dims_and_symbols
    for eq in cst.eqs:
        at = eq[pos]
        if at == 0 or eq[-1] != 0:
            continue
        dividend = constant(0)
        q_count, q_pos, q_sign = 0, -1, 1
        ok = True
        for v in range(nds):
            if v == pos or eq[v] == 0:
                continue
            c = eq[v]
            if c % (divisor * at) == 0:
                q_count += 1
                q_pos = v
                q_sign = 1 if c * at > 0 else -1
                continue
            if memo[v] is None:
                ok = False
                break
            dividend = dividend + memo[v] * c
        if not ok:
            continue
        dividend = (-dividend).floordiv(constant(at)) if at > 0 \
            else dividend.floordiv(constant(-at))
        dividend = simplify_expr(dividend, cst.num_dims, cst.num_symbols)
        if dividend.kind is not AffineExprKind.DIM:
            continue
        if q_count >= 1:
            p = dividend.position
            col = p if p < offset else p + num
            ub = _constant_bound(cst, BoundType.UB, col)
            memo[pos] = dividend if ub is not None and ub < divisor \
                else dividend % constant(divisor)
            if q_count == 1 and memo[q_pos] is None:
                memo[q_pos] = dividend.floordiv(constant(divisor)) * q_sign
            return True
    return False


def _detect_as_floordiv(cst, pos, memo):
    r = single_var_repr(cst, [m is not None for m in memo], pos)
    if r is None or r[2] != "ineq":
        return False
    d, divisor, _ = r
    e = constant(d[-1])
    for c in range(cst.num_vars):
        if d[c]:
            e = e + memo[c] * d[c]
    memo[pos] = e.floordiv(constant(divisor))
    return True


def _bound_indices(cst, pos, offset, num):
    """Lower, upper and equality rows of `pos` not involving [offset, offset + num)."""
    def free(r):
        return all(r[c] == 0 for c in range(offset, offset + num) if c != pos)
    lbs = [r for r in cst.ineqs if r[pos] >= 1 and free(r)]
    ubs = [r for r in cst.ineqs if r[pos] <= -1 and free(r)]
    eqs = [r for r in cst.eqs if r[pos] != 0 and free(r)]
    return lbs, ubs, eqs


def lower_and_upper_bound(cst, pos, offset, num, sym_start, local_exprs, closed_ub):
    """Bounds of variable offset + pos as (lb map, ub map) over the other variables."""
    p = pos + offset
    lbs, ubs, eqs = _bound_indices(cst, p, offset, num)
    n_dims = sym_start - num
    n_syms = cst.num_dims_and_symbols - sym_start

    def keep(r):
        return [x for i, x in enumerate(r) if i < offset or i >= offset + num]

    def expr(b):
        return expr_from_row(b, n_dims, n_syms, local_exprs)
    lb_exprs, ub_exprs = [], []
    for r in lbs:
        d = abs(r[p])
        lb_exprs.append((expr([-x for x in keep(r)]) + (d - 1)).floordiv(constant(d)))
    for r in ubs:
        ub_exprs.append(expr(keep(r)).floordiv(constant(abs(r[p]))) +
                        (0 if closed_ub else 1))
    for r in eqs:
        b = keep(r)
        if r[p] > 0:
            b = [-x for x in b]
        d = abs(r[p])
        ub_exprs.append(expr(b).floordiv(constant(d)) + 1)
        lb_exprs.append(expr(b).ceildiv(constant(d)))
    return AffineMap(n_dims, n_syms, lb_exprs), AffineMap(n_dims, n_syms, ub_exprs)


def slice_bounds(cst, offset, num, closed_ub=False):
    """getSliceBounds: maps for variables [offset, offset + num) over the others."""
    cst.normalize_constraints_by_gcd()
    nd, ns = cst.num_dims, cst.num_symbols
    memo = [None] * cst.num_vars
    for i in range(nd):
        if i < offset:
            memo[i] = dim(i)
        elif i >= offset + num:
            memo[i] = dim(i - num)
    for i in range(nd, nd + ns):
        memo[i] = symbol(i - nd)
    changed = True
    while changed:
        changed = False
        for pos in range(cst.num_vars):
            if memo[pos] is not None:
                continue
            lbc = _constant_bound(cst, BoundType.LB, pos)
            ubc = _constant_bound(cst, BoundType.UB, pos)
            if lbc is not None and ubc is not None:
                if lbc == ubc:
                    memo[pos] = constant(lbc)
                    changed = True
                    continue
                if _detect_as_mod(cst, pos, offset, num, lbc, ubc, memo):
                    changed = True
                    continue
            if _detect_as_floordiv(cst, pos, memo):
                changed = True
                continue
            row = next((r for r in cst.eqs if r[pos] != 0), None)
            if row is None:
                continue
            e = constant(0)
            ok = True
            for j in range(cst.num_vars):
                if j == pos or row[j] == 0:
                    continue
                if memo[j] is None:
                    ok = False
                    break
                e = e + memo[j] * row[j]
            if not ok:
                continue
            e = e + row[-1]
            v = row[pos]
            memo[pos] = (-e).floordiv(constant(v)) if v > 0 else e.floordiv(constant(-v))
            changed = True
    adj = 0 if closed_ub else 1
    n_map_dims, n_map_syms = nd - num, ns
    lbs, ubs = [], []
    clone = None
    for pos in range(num):
        e = memo[pos + offset]
        if e is not None:
            e = simplify_expr(e, n_map_dims, n_map_syms)
            lbs.append(AffineMap(n_map_dims, n_map_syms, [e]))
            ubs.append(AffineMap(n_map_dims, n_map_syms, [e + adj]))
            continue
        lb_map = ub_map = None
        if cst.num_locals == 0:
            if clone is None:
                clone = cst.copy()
                clone.remove_redundant_inequalities()
            lb_map, ub_map = lower_and_upper_bound(clone, pos, offset, num, nd, [], closed_ub)
        if lb_map is None or lb_map.num_results > 1:
            c = _constant_bound(cst, BoundType.LB, pos + offset)
            if c is not None:
                lb_map = AffineMap(n_map_dims, n_map_syms, [constant(c)])
        if ub_map is None or ub_map.num_results > 1:
            c = _constant_bound(cst, BoundType.UB, pos + offset)
            if c is not None:
                ub_map = AffineMap(n_map_dims, n_map_syms, [constant(c + adj)])
        lbs.append(lb_map)
        ubs.append(ub_map)
    return lbs, ubs


# ------------------------------------------------------------------ slice states
def computation_slice_state(src_op, dst_op, dep, depth, backward):
    """getComputationSliceState on the dependence constraints `dep` (modified)."""
    src_loops, dst_loops = loops.enclosing_fors(src_op), loops.enclosing_fors(dst_op)
    ns, nd = len(src_loops), len(dst_loops)
    pos = ns + depth if backward else depth
    dep.project_out(pos, nd - depth if backward else ns - depth)
    offset = 0 if backward else depth
    num = ns if backward else nd
    state = SliceState()
    state.ivs = dep.values[offset:offset + num]
    state.lbs, state.ubs = slice_bounds(dep, offset, num)
    operands = [dep.values[i] for i in range(dep.num_dims_and_symbols)
                if i < offset or i >= offset + num]
    state.lb_operands = [list(operands) for _ in range(num)]
    state.ub_operands = [list(operands) for _ in range(num)]
    if backward:
        state.insert_block, state.insert_index = dst_loops[depth - 1].regions[0].blocks[0], 0
    else:
        blk = src_loops[depth - 1].regions[0].blocks[0]
        state.insert_block, state.insert_index = blk, len(list(blk)) - 1
    # read-read pairs must not reorder the iterations of sequential loops: their bounds
    # (and those of the loops inside them) are left unsliced, as are barrier loops
    slice_loops = src_loops if backward else dst_loops
    sequential = []
    if src_op.name in READS and dst_op.name in READS:
        sequential = sequential_loop_ivs(slice_loops[0])
    for i in range(num):
        loop = slice_loops[i]
        iv = loops.for_iv(loop)
        if all(iv is not s for s in sequential) and \
                loop.get_attr(SLICE_FUSION_BARRIER) is None:
            continue
        for j in range(i, num):
            state.lbs[j] = state.ubs[j] = None
        break
    return state


def slice_as_constraints(state):
    """getAsConstraints: slice IVs as dims, bound operands as symbols, their domains,
    and the slice bounds; None if not representable."""
    ops = state.lb_operands[0]
    cst = ValueConstraints(len(state.ivs), len(ops), 0, list(state.ivs) + list(ops))
    for v in ops:
        if valid_symbol(v):
            c = _const_int(v)
            if c is not None:
                cst.add_bound(BoundType.EQ, cst.find_var(v), c)
        else:
            loop = loops.for_iv_owner(v)
            if loop is not None and not cst.add_for_domain(loop):
                return None
    for i, iv in enumerate(state.ivs):
        pos = cst.find_var(iv)
        if pos < 0:
            continue
        lb, ub = state.lbs[i], state.ubs[i]
        if lb is not None and ub is not None and lb.num_results == 1 and \
                ub.num_results == 1 and lb.results[0] + 1 == ub.results[0]:
            if not cst.add_map_bound(BoundType.EQ, pos, lb, ops):
                return None
            continue
        if lb is not None and lb.num_results and ub is not None and ub.num_results:
            if not cst.add_map_bound(BoundType.LB, pos, lb, ops) or \
                    not cst.add_map_bound(BoundType.UB, pos, ub, ops):
                return None
        else:
            if not cst.add_for_domain(loops.for_iv_owner(iv)):
                return None
    return cst


def _fast_maximal(state):
    """isSliceMaximalFastCheck: True/False when decidable from constant bounds."""
    for i, iv in enumerate(state.ivs):
        lb, ub = state.lbs[i], state.ubs[i]
        if lb is None or ub is None or lb.num_results != 1 or ub.num_results != 1 or \
                lb.results[0] + 1 != ub.results[0] or \
                lb.results[0].kind is AffineExprKind.CONSTANT:
            return None
        r = lb.results[0]
        if r.kind is not AffineExprKind.DIM:
            return None
        dst = loops.for_iv_owner(state.lb_operands[i][r.position])
        src = loops.for_iv_owner(iv)
        if dst is None or src is None:
            return None
        maps = [lp.properties[k].value for lp in (src, dst)
                for k in ("lowerBoundMap", "upperBoundMap")]
        if any(m.num_results != 1 for m in maps):
            return None
        res = [m.results[0] for m in maps]
        if any(e.kind is not AffineExprKind.CONSTANT for e in res):
            return None
        if res[0] != res[2] or res[1] != res[3] or \
                src.properties["step"].value != dst.properties["step"].value:
            return False
    return True


def _contained_in(inner, outer):
    """Every integer point of `inner` satisfies `outer` (same variables, no locals)."""
    for row in outer.ineqs:
        t = inner.copy()
        t.ineqs.append([-x for x in row[:-1]] + [-row[-1] - 1])
        if not t.is_integer_empty():
            return False
    for row in outer.eqs:
        for sign in (1, -1):
            t = inner.copy()
            t.ineqs.append([sign * x for x in row[:-1]] + [sign * row[-1] - 1])
            if not t.is_integer_empty():
                return False
    return True


def is_slice_valid(state):
    """True when the slice's iterations all lie in its source's domain; None if unknown."""
    if _fast_maximal(state):
        return True
    src = ValueConstraints(len(state.ivs), 0, 0, list(state.ivs))
    for iv in state.ivs:
        if not src.add_for_domain(loops.for_iv_owner(iv)):
            return None
    if src.num_symbols or src.num_locals:
        return None
    sl = slice_as_constraints(state)
    if sl is None:
        return None
    n = len(state.ivs)
    sl.project_out(n, sl.num_vars - n)
    return _contained_in(sl, src)


# ------------------------------------------------------------------ union
def _compare(a, b):
    if a[:-1] != b[:-1]:
        return None
    return 0 if a[-1] == b[-1] else (-1 if a[-1] < b[-1] else 1)


def union_bounding_box(a, b):
    """Replaces `a` by the bounding box of a and b (aligned, no locals); False if the
    extents are not constant."""
    common_in = [list(r) for r in a.ineqs if r in b.ineqs]
    common_eq = [list(r) for r in a.eqs if r in b.eqs]
    nd = a.num_dims
    new = []
    for d in range(nd):
        x, y = constant_bound_on_dim_size(a, d), constant_bound_on_dim_size(b, d)
        if x is None or y is None or x[2] != y[2]:
            return False
        _, lb, div, ub = x
        _, olb, _, oub = y
        c = _compare(lb, olb)
        if c is not None and c <= 0:
            min_lb = list(lb)
            min_lb[-1] -= div - 1
        elif c is not None:
            min_lb = list(olb)
            min_lb[-1] -= div - 1
        else:
            p, q = a.constant_bound(BoundType.LB, d), b.constant_bound(BoundType.LB, d)
            if p is None or q is None:
                return False
            min_lb = [0] * len(lb)
            min_lb[-1] = min(p, q)
        c = _compare(ub, oub)
        if c is not None and c >= 0:
            max_ub = list(ub)
        elif c is not None:
            max_ub = list(oub)
        else:
            p, q = a.constant_bound(BoundType.UB, d), b.constant_bound(BoundType.UB, d)
            if p is None or q is None:
                return False
            max_ub = [0] * len(ub)
            max_ub[-1] = max(p, q)
        lo = [0] * a.num_cols
        hi = [0] * a.num_cols
        lo[d], hi[d] = div, -div
        lo[nd:] = [-x for x in min_lb]
        hi[nd:] = max_ub
        new.append((lo, hi))
    a.clear_constraints()
    for lo, hi in new:
        a.ineqs.append(lo)
        a.ineqs.append(hi)
    a.ineqs.extend(common_in)
    a.eqs.extend(common_eq)
    a.remove_trivial_redundancy()
    return True


def _align(a, b):
    """mergeAndAlignVarsWithOther(0): both get the union of dims and symbols, in order."""
    for src, dst in ((a, b), (b, a)):
        for i in range(src.num_dims):
            v = src.values[i]
            if dst.find_var(v) < 0:
                dst.insert_var(RANGE, dst.num_dims)
                dst.values[dst.num_dims - 1] = v
    for i in range(a.num_dims):
        j = b.find_var(a.values[i])
        if j != i:
            b.swap_var(i, j)
    for src, dst in ((a, b), (b, a)):
        for i in range(src.num_dims, src.num_dims_and_symbols):
            v = src.values[i]
            if dst.find_var(v) < 0:
                at = dst.append_var(SYMBOL)
                dst.values[at] = v
    for i in range(a.num_dims, a.num_dims_and_symbols):
        j = b.find_var(a.values[i])
        if j != i:
            b.swap_var(i, j)


def _aligned(a, b):
    return a.num_dims == b.num_dims and a.num_symbols == b.num_symbols and \
        all(x is y for x, y in zip(a.values[:a.num_dims_and_symbols],
                                   b.values[:b.num_dims_and_symbols]))


def _add_missing_iv_bounds(ivs, cst):
    for i in range(cst.num_dims):
        v = cst.values[i]
        if all(v is not w for w in ivs):
            if not cst.add_for_domain(loops.for_iv_owner(v)):
                return False
    return True


def _innermost_common_loops(ops):
    nests = [loops.enclosing_fors(op) for op in ops]
    out = []
    for d in range(min(len(n) for n in nests)):
        if any(n[d] is not nests[0][d] for n in nests):
            break
        out.append(nests[0][d])
    return out


def _nesting_depth(op):
    return sum(1 for p in op.ancestors() if p.name == "affine.for")


def compute_slice_union(ops_a, ops_b, depth, n_common, backward):
    """(SLICE_SUCCESS | SLICE_FAILURE | SLICE_INCORRECT, SliceState or None)."""
    union = None
    pairs = []
    for a in ops_a:
        sa = MemRefAccess(a)
        for b in ops_b:
            sb = MemRefAccess(b)
            if sa.memref is not sb.memref:
                continue
            if (not backward and depth > _nesting_depth(a)) or \
                    (backward and depth > _nesting_depth(b)):
                return SLICE_FAILURE, None
            rar = a.name in READS and b.name in READS
            result, _, dep = check_dependence(sa, sb, n_common + 1, with_components=False,
                                              allow_rar=rar, want_constraints=True)
            if result == FAILURE:
                return SLICE_FAILURE, None
            if result == NO_DEPENDENCE:
                continue
            pairs.append((a, b))
            tmp = computation_slice_state(a, b, dep, depth, backward)
            cst = slice_as_constraints(tmp)
            if cst is None:
                return SLICE_FAILURE, None
            if union is None:
                union = cst
                continue
            if not _aligned(union, cst):
                ivs_u = union.values[:union.num_dims]
                ivs_t = cst.values[:cst.num_dims]
                _align(union, cst)
                if not _add_missing_iv_bounds(ivs_u, union) or \
                        not _add_missing_iv_bounds(ivs_t, cst):
                    return SLICE_FAILURE, None
            if union.num_locals or cst.num_locals or not union_bounding_box(union, cst):
                return SLICE_FAILURE, None
    if union is None or union.num_dims_and_symbols == 0:
        return SLICE_FAILURE, None
    surrounding = _innermost_common_loops([b if backward else a for a, b in pairs])
    if depth > len(surrounding):
        return SLICE_FAILURE, None
    n_ivs = union.num_dims
    # dst loop IVs among the symbols become dims (convertLoopIVSymbolsToDims)
    for v in [union.values[i] for i in range(union.num_dims, union.num_dims_and_symbols)
              if loops.for_iv_owner(union.values[i]) is not None]:
        pos = union.find_var(v)
        union.swap_var(pos, union.num_dims)
        union.set_dim_symbol_separation(union.num_symbols - 1)
    state = SliceState()
    state.lbs, state.ubs = slice_bounds(union, 0, n_ivs)
    operands = union.values[n_ivs:union.num_dims_and_symbols]
    state.ivs = union.values[:n_ivs]
    blk = surrounding[depth - 1].regions[0].blocks[0]
    state.insert_block = blk
    state.insert_index = 0 if backward else len(list(blk)) - 1
    state.lb_operands = [list(operands) for _ in range(n_ivs)]
    state.ub_operands = [list(operands) for _ in range(n_ivs)]
    valid = is_slice_valid(state)
    if valid is None:
        return SLICE_FAILURE, state
    return (SLICE_SUCCESS if valid else SLICE_INCORRECT), state
