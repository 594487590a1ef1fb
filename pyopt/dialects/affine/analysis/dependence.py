"""Dependence between two affine memory accesses (MLIR's checkMemrefAccessDependence).

The dependence system has the columns [src loop dims, dst loop dims, symbols, locals]: both
iteration domains, equal subscripts, and the ordering "src runs before dst at `depth`" (equal
IVs on the loops outside `depth`, dst IV > src IV at `depth`). If FM cannot prove it empty,
there is a dependence; its components are the ranges of dst IV - src IV per common loop."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType
from pyopt.analysis.presburger.divisions import remove_duplicate_divs
from pyopt.analysis.presburger.relation import RANGE, SYMBOL, LOCAL
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


class _Builder:
    """Places domains and access rows into one dependence system."""

    def __init__(self, src, dst):
        self.sys = ValueConstraints(src.num_dims + dst.num_dims, 0, 0,
                                    src.values[:src.num_dims] + dst.values[:dst.num_dims])
        self.sym_pos = {}

    def symbol_col(self, value):
        pos = self.sym_pos.get(value)
        if pos is None:
            pos = self.sys.append_var(SYMBOL)
            self.sys.values[pos] = value
            self.sym_pos = {v: self.sys.offset(SYMBOL) + i for i, v in
                            enumerate(self.sys.values[self.sys.offset(SYMBOL):
                                                      self.sys.num_dims_and_symbols])}
            pos = self.sym_pos[value]
        return pos

    def add_domain(self, dom, dim_offset):
        """Copies `dom`'s constraints, its dims at `dim_offset`, its locals appended."""
        sym_vals = dom.values[dom.num_dims:dom.num_dims_and_symbols]
        for v in sym_vals:
            self.symbol_col(v)
        base = self.sys.append_var(LOCAL, dom.num_locals) if dom.num_locals else None
        nd, nds = dom.num_dims, dom.num_dims_and_symbols

        def convert(r):
            out = [0] * self.sys.num_cols
            for j in range(nd):
                out[dim_offset + j] = r[j]
            for j in range(nd, nds):
                out[self.sym_pos[dom.values[j]]] += r[j]
            for j in range(nds, dom.num_vars):
                out[base + j - nds] = r[j]
            out[-1] = r[-1]
            return out
        self.sys.eqs.extend(convert(r) for r in dom.eqs)
        self.sys.ineqs.extend(convert(r) for r in dom.ineqs)

    def access_rows(self, amap, operands, dom, dim_offset):
        cols = []
        for v in operands:
            i = -1
            for j in range(dom.num_dims):
                if dom.values[j] is v:
                    i = j
                    break
            cols.append(dim_offset + i if i >= 0 else self.symbol_col(v))
        res = self.sys._import_flat(list(amap.results), amap.num_dims, amap.num_symbols,
                                    cols, locals_first=False)
        if res is None:
            return None
        self.sys.ineqs.extend(res[1])
        return res[0]


def check_dependence(src_access, dst_access, depth, with_components=True, allow_rar=False):
    """(NO_DEPENDENCE | HAS_DEPENDENCE | FAILURE, [DependenceComponent] or None)."""
    if src_access.memref is not dst_access.memref:
        return NO_DEPENDENCE, None
    if not allow_rar and not src_access.is_store and not dst_access.is_store:
        return NO_DEPENDENCE, None
    s_op, d_op = src_access.op, dst_access.op
    if loops.affine_scope(s_op) is not loops.affine_scope(d_op):
        return FAILURE, None
    if loops.common_block_in_scope(s_op, d_op) is None:
        return FAILURE, None
    src, dst = op_index_set(s_op), op_index_set(d_op)
    if src is None or dst is None:
        return FAILURE, None
    n_common = num_common_loops(src, dst)
    if not allow_rar and depth > n_common and not _src_before_dst(s_op, d_op):
        return NO_DEPENDENCE, None

    b = _Builder(src, dst)
    b.add_domain(src, 0)
    b.add_domain(dst, src.num_dims)
    smap, sops = src_access.access_map()
    dmap, dops = dst_access.access_map()
    # symbols first: a column added later would misalign rows imported before it
    for ops, dom in ((sops, src), (dops, dst)):
        for v in ops:
            if all(dom.values[j] is not v for j in range(dom.num_dims)):
                b.symbol_col(v)
    srows = b.access_rows(smap, sops, src, 0)
    if srows is None:
        return FAILURE, None
    drows = b.access_rows(dmap, dops, dst, src.num_dims)
    if drows is None:
        return FAILURE, None
    sys = b.sys
    width = sys.num_cols
    for sr, dr in zip(srows, drows):
        # rows imported earlier are narrower by the locals added after them
        sr = sr[:-1] + [0] * (width - len(sr)) + sr[-1:]
        dr = dr[:-1] + [0] * (width - len(dr)) + dr[-1:]
        sys.eqs.append([a - c for a, c in zip(sr, dr)])

    remove_duplicate_divs(sys)
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
        return NO_DEPENDENCE, None
    if not with_components or n_common == 0:
        return HAS_DEPENDENCE, []
    return HAS_DEPENDENCE, direction_vector(sys, n_common, n_src, src)


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
