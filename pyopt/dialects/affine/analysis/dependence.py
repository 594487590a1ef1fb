"""Dependence between two affine memory accesses (MLIR's checkMemrefAccessDependence).

The dependence system has the columns [src loop dims, dst loop dims, symbols, locals]: both
iteration domains, equal subscripts, and the ordering "src runs before dst at `depth`" (equal
IVs on the loops outside `depth`, dst IV > src IV at `depth`). If FM cannot prove it empty,
there is a dependence; its components are the ranges of dst IV - src IV per common loop."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType
from pyopt.analysis.presburger.divisions import remove_duplicate_divs
from pyopt.analysis.presburger.relation import RANGE
from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints

NO_DEPENDENCE, HAS_DEPENDENCE, FAILURE = "none", "has", "failure"


class DependenceComponent:
    __slots__ = ("op", "lb", "ub")

    def __init__(self, op, lb, ub):
        self.op, self.lb, self.ub = op, lb, ub  # None: unbounded


def op_index_set(op):
    """The iteration domain of `op` (getOpIndexSet): one dim per enclosing loop IV, symbols
    for bound operands, and the conditions of enclosing affine.if ops; None if not
    representable."""
    ops = loops.enclosing_affine_ops(op)
    ivs = []
    for o in ops:
        if o.name == "affine.for":
            ivs.append(loops.for_iv(o))
        elif o.name == "affine.parallel":
            ivs.extend(loops.parallel_ivs(o))
    dom = ValueConstraints(len(ivs), 0, 0, ivs)
    for o in ops:
        if o.name == "affine.for":
            ok = dom.add_for_domain(o)
        elif o.name == "affine.if":
            ok = dom.add_if_domain(o)
        else:
            ok = dom.add_parallel_domain(o)
        if not ok:
            return None
    return dom


def num_common_loops(src, dst):
    n = 0
    for i in range(min(src.num_dims, dst.num_dims)):
        a, b = src.values[i], dst.values[i]
        if a is not b or not loops.is_affine_iv(a):
            break
        n += 1
    return n


def _src_before_dst(src_op, dst_op):
    block = loops.common_block_in_scope(src_op, dst_op)
    a = loops.ancestor_in_block(block, src_op)
    b = loops.ancestor_in_block(block, dst_op)
    return a.is_before_in_block(b)


class _Side:
    """One access as a relation from its iteration domain to the memref elements, laid out
    as MLIR's getAccessRelation: [domain dims | element dims | symbols | locals] where the
    symbols are the domain's then the access map's own, the locals the domain's then the
    map's, and the subscript equalities come before the domain constraints."""

    def __init__(self, dom, amap, operands):
        self.nd = dom.num_dims
        self.rank = amap.num_results
        cst = dom.copy()
        cst.insert_var(RANGE, self.nd, self.rank)
        cols = []
        for v in operands:
            pos = -1
            for j in range(self.nd):
                if cst.values[j] is v:
                    pos = j
                    break
            if pos < 0:
                pos = cst.find_var(v)
                if pos < 0 or pos < cst.num_dims:
                    pos = cst.append_symbol_var(v)
            cols.append(pos)
        domain_eqs, domain_ineqs = cst.eqs, cst.ineqs
        cst.eqs, cst.ineqs = [], []
        res = cst.import_flat(list(amap.results), amap.num_dims, amap.num_symbols, cols,
                               locals_first=False)
        self.ok = res is not None
        if not self.ok:
            return
        rows, local_rows = res
        width = cst.num_cols
        pad = lambda r: r[:-1] + [0] * (width - len(r)) + r[-1:]
        eqs = []
        for k, r in enumerate(rows):
            r = list(r)
            r[self.nd + k] = -1
            eqs.append(r)
        cst.eqs = eqs + [pad(r) for r in domain_eqs]
        cst.ineqs = local_rows + [pad(r) for r in domain_ineqs]
        self.cst = cst

    def symbols(self):
        c = self.cst
        return c.values[c.num_dims:c.num_dims_and_symbols]


def _dependence_system(src, dst, s_side, d_side):
    """The composition src access . inverse(dst access) as MLIR's mergeAndCompose lays it
    out: [src dims | dst dims | symbols (dst's first) | locals: dst's, src's, elements]."""
    syms = list(d_side.symbols())
    for v in s_side.symbols():
        if all(v is not w for w in syms):
            syms.append(v)
    ns, nd_s, nd_d, rank = len(syms), src.num_dims, dst.num_dims, s_side.rank
    dl, sl = d_side.cst.num_locals, s_side.cst.num_locals
    sys = ValueConstraints(nd_s + nd_d, ns, dl + sl + rank,
                           src.values[:nd_s] + dst.values[:nd_d] + syms)
    sym_col = {}
    for i, v in enumerate(syms):
        sym_col.setdefault(v, nd_s + nd_d + i)
    loc0 = nd_s + nd_d + ns
    elem0 = loc0 + dl + sl

    def convert(side, r, dim0, local0):
        c = side.cst
        out = [0] * sys.num_cols
        for j in range(side.nd):
            out[dim0 + j] = r[j]
        for k in range(side.rank):
            out[elem0 + k] = r[side.nd + k]
        for j in range(c.num_dims, c.num_dims_and_symbols):
            out[sym_col[c.values[j]]] += r[j]
        for j in range(c.num_dims_and_symbols, c.num_vars):
            out[local0 + j - c.num_dims_and_symbols] = r[j]
        out[-1] = r[-1]
        return out
    for side, dim0, local0 in ((s_side, 0, loc0 + dl), (d_side, nd_s, loc0)):
        sys.eqs.extend(convert(side, r, dim0, local0) for r in side.cst.eqs)
        sys.ineqs.extend(convert(side, r, dim0, local0) for r in side.cst.ineqs)
    remove_duplicate_divs(sys, sys.num_vars - rank)
    sys.remove_redundant_local_vars()
    return sys


def check_dependence(src_access, dst_access, depth, with_components=True, allow_rar=False,
                     want_constraints=False):
    """(NO_DEPENDENCE | HAS_DEPENDENCE | FAILURE, [DependenceComponent] or None), plus the
    dependence constraints (columns [src IVs, dst IVs, symbols, locals]) when
    `want_constraints`."""
    res = _check(src_access, dst_access, depth, with_components, allow_rar)
    return res if want_constraints else res[:2]


def _check(src_access, dst_access, depth, with_components, allow_rar):
    if src_access.memref is not dst_access.memref:
        return NO_DEPENDENCE, None, None
    if not allow_rar and not src_access.is_store and not dst_access.is_store:
        return NO_DEPENDENCE, None, None
    s_op, d_op = src_access.op, dst_access.op
    if loops.affine_scope(s_op) is not loops.affine_scope(d_op):
        return FAILURE, None, None
    if loops.common_block_in_scope(s_op, d_op) is None:
        return FAILURE, None, None
    src, dst = op_index_set(s_op), op_index_set(d_op)
    if src is None or dst is None:
        return FAILURE, None, None
    n_common = num_common_loops(src, dst)
    if not allow_rar and depth > n_common and not _src_before_dst(s_op, d_op):
        return NO_DEPENDENCE, None, None

    s_side = _Side(src, *src_access.access_map())
    d_side = _Side(dst, *dst_access.access_map())
    if not s_side.ok or not d_side.ok:
        return FAILURE, None, None
    sys = _dependence_system(src, dst, s_side, d_side)
    n_src = src.num_dims
    for i in range(min(n_common, depth)):
        row = [0] * sys.num_cols
        row[i], row[i + n_src] = -1, 1
        if i == depth - 1:
            row[-1] = -1
            sys.ineqs.append(row)
        else:
            sys.eqs.append(row)

    if sys.is_empty():
        return NO_DEPENDENCE, None, None
    if not with_components or n_common == 0:
        return HAS_DEPENDENCE, [], sys
    return HAS_DEPENDENCE, direction_vector(sys, n_common, n_src, src), sys


def direction_vector(sys, n_common, n_src, src):
    nvars = sys.num_vars
    sys = sys.copy()
    sys.insert_var(RANGE, 0, n_common)
    for j in range(n_common):
        row = [0] * sys.num_cols
        row[j], row[j + n_common], row[j + n_common + n_src] = 1, 1, -1
        sys.eqs.append(row)
    sys.project_out(n_common, nvars)
    out = []
    for j in range(n_common):
        owner = loops.for_iv_owner(src.values[j]) or loops.parallel_iv_owner(src.values[j])
        out.append(DependenceComponent(owner, sys.constant_bound(BoundType.LB, j),
                                       sys.constant_bound(BoundType.UB, j)))
    return out
