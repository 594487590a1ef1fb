"""ValueConstraints: an integer set whose dim and symbol variables stand for SSA values (MLIR's
FlatAffineValueConstraints). It builds iteration domains from affine.for / affine.parallel
bounds and affine.if conditions, adds bounds given by affine maps over SSA operands, and
composes access maps into it."""
from __future__ import annotations

from pyopt.analysis.presburger import IntegerPolyhedron, BoundType, flatten_exprs
from pyopt.analysis.presburger.relation import RANGE, SYMBOL, LOCAL
from pyopt.ir.affine import AffineMap, IntegerSet
from pyopt.dialects.affine.canonicalize import (compose_map_and_operands,
                                                canonicalize_map_and_operands, simplify_map,
                                                _const_int)
from pyopt.dialects.affine.analysis import loops


def fully_compose(amap, operands):
    """Composes producer affine.apply ops into `amap`, then simplifies and canonicalizes
    (fullyComposeAffineMapAndOperands + simplifyAffineMap + canonicalizeMapAndOperands)."""
    operands = list(operands)

    def has_apply(vs):
        for v in vs:
            d = v.defining_op()
            if d is not None and d.name == "affine.apply":
                return True
        return False
    while has_apply(operands):
        amap, operands = compose_map_and_operands(amap, operands)
    amap = simplify_map(amap)
    return canonicalize_map_and_operands(amap, operands)


def canonicalize_set(iset, operands):
    """canonicalizeSetAndOperands, by way of the map with the set's constraints as results."""
    m = AffineMap(iset.num_dims, iset.num_symbols, list(iset.constraints))
    m, operands = canonicalize_map_and_operands(m, list(operands))
    return IntegerSet(m.num_dims, m.num_symbols, list(m.results), list(iset.eq_flags)), operands


class ValueConstraints(IntegerPolyhedron):
    __slots__ = ("values",)

    def __init__(self, num_dims=0, num_symbols=0, num_locals=0, values=None):
        super().__init__(num_dims, num_symbols, num_locals)
        vals = list(values) if values is not None else [None] * (num_dims + num_symbols)
        self.values = vals + [None] * (self.num_vars - len(vals))

    def copy(self):
        c = ValueConstraints()
        c.counts = list(self.counts)
        c.eqs = [list(r) for r in self.eqs]
        c.ineqs = [list(r) for r in self.ineqs]
        c.values = list(self.values)
        return c

    # ------------------------------------------------------------ variables with values
    def insert_var(self, kind, pos, num=1):
        at = super().insert_var(kind, pos, num)
        self.values[at:at] = [None] * num
        return at

    def remove_var_range(self, start, end):
        super().remove_var_range(start, end)
        del self.values[start:end]

    def swap_var(self, a, b):
        super().swap_var(a, b)
        self.values[a], self.values[b] = self.values[b], self.values[a]

    def find_var(self, value):
        for i in range(self.num_dims_and_symbols):
            if self.values[i] is value:
                return i
        return -1

    def append_dim_var(self, value):
        at = self.append_var(RANGE)
        self.values[at] = value
        return at

    def append_symbol_var(self, value):
        at = self.append_var(SYMBOL)
        self.values[at] = value
        return at

    def set_dim_symbol_separation(self, num_symbols):
        """Re-labels the trailing dims/symbols so that exactly `num_symbols` are symbols."""
        total = self.num_dims_and_symbols
        self.counts[RANGE] = total - num_symbols
        self.counts[SYMBOL] = num_symbols

    def project_out_value(self, value):
        pos = self.find_var(value)
        if pos >= 0:
            self.project_out(pos, 1)

    # ------------------------------------------------------------ domains
    def add_induction_var_or_terminal_symbol(self, value):
        if self.find_var(value) >= 0:
            return
        loop = loops.for_iv_owner(value)
        if loop is not None:
            self.append_dim_var(value)
            self.add_for_domain(loop)
            return
        par = loops.parallel_iv_owner(value)
        if par is not None:
            for iv in loops.parallel_ivs(par):
                self.append_dim_var(iv)
            self.add_parallel_domain(par)
            return
        at = self.append_symbol_var(value)
        c = _const_int(value)
        if c is not None:
            self.add_bound(BoundType.EQ, at, c)

    def add_for_domain(self, for_op):
        """Bounds (and stride) of an affine.for on its IV; False when not representable."""
        pos = self.find_var(loops.for_iv(for_op))
        if pos < 0:
            return False
        props = for_op.properties
        lb_map, ub_map = props["lowerBoundMap"].value, props["upperBoundMap"].value
        step = props["step"].value
        lb_ops, ub_ops, _ = (for_op.opdef.get_group(for_op, "operand", i) for i in range(3))
        const_lb = lb_map.results[0].value if lb_map.is_single_constant() else None
        if step != 1 and const_lb is not None:
            # (iv - lb) == step * q with q = (iv - lb) floordiv step
            dividend = [0] * self.num_cols
            dividend[pos] = 1
            dividend[-1] -= const_lb
            self.add_local_floor_div(dividend, step)
            eq = [0] * self.num_cols
            eq[pos] = 1
            eq[-1] -= const_lb
            eq[-2] = -step
            self.add_eq(eq)
        if const_lb is not None:
            self.add_bound(BoundType.LB, pos, const_lb)
        elif not self.add_map_bound(BoundType.LB, pos, lb_map, lb_ops):
            return False
        if ub_map.is_single_constant():
            self.add_bound(BoundType.UB, pos, ub_map.results[0].value - 1)
            return True
        return self.add_map_bound(BoundType.UB, pos, ub_map, ub_ops)

    def add_parallel_domain(self, par):
        props = par.properties
        lb_map, ub_map = props["lowerBoundsMap"].value, props["upperBoundsMap"].value
        lbg = props["lowerBoundsGroups"].all_values()
        ubg = props["upperBoundsGroups"].all_values()
        n_lb = lb_map.num_inputs
        ops = par.operands
        lb_ops, ub_ops = ops[:n_lb], ops[n_lb:]
        lo_l = lo_u = 0
        for k, iv in enumerate(loops.parallel_ivs(par)):
            pos = self.find_var(iv)
            if pos < 0:
                return False
            lsub = AffineMap(lb_map.num_dims, lb_map.num_symbols,
                             lb_map.results[lo_l:lo_l + lbg[k]])
            usub = AffineMap(ub_map.num_dims, ub_map.num_symbols,
                             ub_map.results[lo_u:lo_u + ubg[k]])
            lo_l += lbg[k]
            lo_u += ubg[k]
            if lsub.is_single_constant():
                self.add_bound(BoundType.LB, pos, lsub.results[0].value)
            elif not self.add_map_bound(BoundType.LB, pos, lsub, lb_ops):
                return False
            if usub.is_single_constant():
                self.add_bound(BoundType.UB, pos, usub.results[0].value - 1)
            elif not self.add_map_bound(BoundType.UB, pos, usub, ub_ops):
                return False
        return True

    def add_if_domain(self, if_op):
        """The affine.if condition, with its operands merged into this system."""
        iset, operands = canonicalize_set(if_op.get_attr("condition").value, if_op.operands)
        nd = iset.num_dims
        cols = []
        for i, v in enumerate(operands):
            pos = self.find_var(v)
            if pos < 0:
                pos = self.append_dim_var(v) if i < nd else self.append_symbol_var(v)
            cols.append(pos)
        res = self.import_flat(list(iset.constraints), nd, iset.num_symbols, cols,
                                locals_first=False)
        if res is None:
            return False
        self._add_set_rows(res, iset.eq_flags)
        return True

    def _add_set_rows(self, res, eq_flags):
        rows, local_rows = res
        for r, is_eq in zip(rows, eq_flags):
            (self.eqs if is_eq else self.ineqs).append(r)
        self.ineqs.extend(local_rows)

    # ------------------------------------------------------------ maps
    def import_flat(self, exprs, nd, ns, cols, locals_first):
        """Flattens `exprs` (over nd dims, ns symbols whose columns here are `cols`) and adds
        the locals their divisions need (first or last among the locals); returns (rows,
        division constraint rows) in this system's columns, or None if semi-affine."""
        res = flatten_exprs(exprs, nd, ns)
        if res is None:
            return None
        rows, lcst = res
        nl = lcst.num_locals
        base = self.insert_var(LOCAL, 0 if locals_first else self.num_locals, nl)
        width = nd + ns

        def convert(row):
            out = [0] * self.num_cols
            for j in range(width):
                if row[j]:
                    out[cols[j]] += row[j]
            for l in range(nl):
                out[base + l] = row[width + l]
            out[-1] = row[-1]
            return out
        return [convert(r) for r in rows], [convert(r) for r in lcst.ineqs]

    def aligned_columns(self, operands):
        """Columns of the map operands in this system (adding missing ones)."""
        for v in operands:
            self.add_induction_var_or_terminal_symbol(v)
        return [self.find_var(v) for v in operands]

    def add_map_bound(self, type_, pos, amap, operands, closed=None):
        """Bounds variable `pos` by each result of `amap` over SSA `operands` (an upper bound
        map is exclusive unless `closed`)."""
        amap, operands = fully_compose(amap, operands)
        cols = self.aligned_columns(operands)
        if closed is None:
            closed = type_ is not BoundType.UB
        res = self.import_flat(list(amap.results), amap.num_dims, amap.num_symbols, cols,
                                locals_first=True)
        if res is None:
            return False
        rows, local_rows = res
        self.ineqs.extend(local_rows)
        lower = type_ is not BoundType.UB
        adjust = 0 if closed or type_ is BoundType.EQ else -1
        for r in rows:
            if r[pos] != 0:
                continue  # the bound mentions the variable itself
            row = [-x for x in r] if lower else list(r)
            row[pos] = 1 if lower else -1
            row[-1] += adjust
            (self.eqs if type_ is BoundType.EQ else self.ineqs).append(row)
        return True

    def compose_map(self, amap, operands):
        """Prepends one dim per result of `amap`, equal to that result."""
        cols = self.aligned_columns(operands)
        res = self.import_flat(list(amap.results), amap.num_dims, amap.num_symbols, cols,
                                locals_first=True)
        if res is None:
            return False
        rows, local_rows = res
        self.ineqs.extend(local_rows)
        n = len(rows)
        self.insert_var(RANGE, 0, n)
        for k, r in enumerate(rows):
            row = [0] * n + [-x for x in r]
            row[k] = 1
            self.eqs.append(row)
        return True

    # ------------------------------------------------------------ integer sets
    @classmethod
    def from_integer_set(cls, iset):
        cst = cls(iset.num_dims, iset.num_symbols)
        res = cst.import_flat(list(iset.constraints), iset.num_dims, iset.num_symbols,
                               list(range(iset.num_dims + iset.num_symbols)),
                               locals_first=False)
        if res is None:
            return None
        cst._add_set_rows(res, iset.eq_flags)
        return cst
