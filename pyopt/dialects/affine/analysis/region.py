"""MemRefRegion: the set of memref elements an affine access touches, as constraints over
the memref's dimensions (symbolic in the outermost `loop_depth` IVs), and the out-of-bounds
check built on it."""
from __future__ import annotations

from pyopt.analysis.presburger import BoundType
from pyopt.analysis.presburger.bounds import constant_bound_on_dim_size
from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess
from pyopt.dialects.affine.analysis.value_constraints import ValueConstraints
from pyopt.dialects.affine.canonicalize import valid_symbol, _const_int


class MemRefRegion:
    __slots__ = ("memref", "write", "cst", "error")

    def __init__(self):
        self.memref = None
        self.write = False
        self.cst = None
        self.error = None  # a diagnostic upstream emits on the op when compute fails

    def compute(self, op, loop_depth=0, add_memref_dim_bounds=True, slice_state=None):
        """False when the access is not analysable. With `slice_state`, the enclosing
        IVs are bounded by the slice instead of their loops' domains."""
        access = MemRefAccess(op)
        self.memref, self.write = access.memref, access.is_store
        rank = access.rank
        if rank == 0:
            ivs = loops.affine_ivs(op)[:loop_depth]
            self.cst = ValueConstraints(0, loop_depth, 0, ivs)
            return True
        amap, operands = access.access_map()
        cst = ValueConstraints(amap.num_dims, amap.num_symbols, 0, operands)
        for i, v in enumerate(operands):
            loop = loops.for_iv_owner(v)
            par = loops.parallel_iv_owner(v)
            if loop is not None:
                if not cst.add_for_domain(loop):
                    return False
            elif par is not None:
                if not cst.add_parallel_domain(par):
                    return False
            elif valid_symbol(v):
                c = _const_int(v)
                if c is not None:
                    cst.add_bound(BoundType.EQ, cst.find_var(v), c)
            else:
                return False
        if slice_state is not None and not _add_slice(cst, slice_state):
            return False
        if not cst.compose_map(amap, operands):
            self.error = "getMemRefRegion: compose affine map failed"
            return False
        cst.set_dim_symbol_separation(cst.num_dims_and_symbols - rank)
        keep = loops.affine_ivs(op)[:loop_depth]
        for v in list(cst.values[cst.num_dims:cst.num_dims_and_symbols]):
            if loops.is_affine_iv(v) and all(v is not k for k in keep):
                cst.project_out_value(v)
        cst.project_out(cst.num_dims_and_symbols, cst.num_locals)
        cst.constant_fold_var_range(cst.num_dims, cst.num_symbols)
        if add_memref_dim_bounds:
            mt = self.memref.type
            for r in range(rank):
                cst.add_bound(BoundType.LB, r, 0)
                if mt.shape[r] >= 0:
                    cst.add_bound(BoundType.UB, r, mt.shape[r] - 1)
        cst.remove_trivial_redundancy()
        self.cst = cst
        return True


    def constant_bounding_shape(self):
        """(element count, shape, symbolic lower bounds, their divisors) of a constant
        box holding the region (getConstantBoundingSizeAndShape), None if unbounded."""
        mt = self.memref.type
        cst = self.cst.copy()
        for r, size in enumerate(mt.shape):
            cst.add_bound(BoundType.LB, r, 0)
            if size >= 0:
                cst.add_bound(BoundType.UB, r, size - 1)
        count, shape, lbs, divisors = 1, [], [], []
        for d, size in enumerate(mt.shape):
            found = constant_bound_on_dim_size(cst, d)
            if found is not None:
                extent, lb, divisor, _ = found
            elif size < 0:
                return None
            else:
                extent, lb, divisor = size, [0] * (cst.num_symbols + 1), 1
            count *= extent
            shape.append(extent)
            lbs.append(lb)
            divisors.append(divisor)
        return count, shape, lbs, divisors


def _add_slice(cst, state):
    operands = state.lb_operands[0] if state.lb_operands else []
    for v in operands:
        cst.add_induction_var_or_terminal_symbol(v)
    for i, iv in enumerate(state.ivs):
        pos = cst.find_var(iv)
        if pos < 0:
            continue
        lb, ub = state.lbs[i], state.ubs[i]
        if lb is not None and ub is not None and lb.num_results == 1 and \
                ub.num_results == 1 and lb.results[0] + 1 == ub.results[0]:
            if not cst.add_map_bound(BoundType.EQ, pos, lb, operands):
                return False
            continue
        if lb is not None and not cst.add_map_bound(BoundType.LB, pos, lb, operands):
            return False
        if ub is not None and not cst.add_map_bound(BoundType.UB, pos, ub, operands):
            return False
    return True


def bound_check(op):
    """(plain error or None, op error messages for each dimension the access may overrun)
    as boundCheckLoadOrStoreOp."""
    region = MemRefRegion()
    if not region.compute(op, 0, add_memref_dim_bounds=False):
        return region.error, []
    mt = region.memref.type
    out = []
    for r in range(len(mt.shape)):
        size = mt.shape[r]
        if size < 0:
            continue
        upper = region.cst.copy()
        upper.add_bound(BoundType.LB, r, size)
        if not upper.is_empty():
            out.append(f"memref out of upper bound access along dimension #{r + 1}")
        lower = region.cst.copy()
        lower.add_bound(BoundType.UB, r, -1)
        if not lower.is_empty():
            out.append(f"memref out of lower bound access along dimension #{r + 1}")
    return None, out
