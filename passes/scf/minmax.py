"""Simplifying affine.min / affine.max inside loops: when one result of the map is provably
the smallest (largest) for every value the loop induction variables among the operands can
take, the op becomes an affine.apply of that result. A loop `lb to ub step s` (s constant)
bounds its induction variable to [lb, lb + s * ((ub - lb - 1) floordiv s)] (or exactly lb
when one step reaches ub); other operands are unknown. Results are compared through
their affine differences, bounded over that box."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import canonicalize_map_and_operands, simplify_expr
from pyopt.ir.affine import AffineExprKind as K, AffineMap, constant
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import DYNAMIC, INDEX

from passes.scf.common import const_int, parallel_groups  # noqa: F401

def loop_range_of(iv):
    """(lb, ub, step) of the scf.for / scf.parallel / scf.forall owning `iv` (values or
    ints), or None."""
    if hasattr(iv.owner, "opdef"):
        return None
    block = iv.owner
    loop = block.parent_op
    if loop is None or block is not loop.regions[0].blocks[0]:
        return None
    if loop.name == "scf.for":
        return (loop.lowerBound, loop.upperBound, loop.step) if iv.index == 0 else None
    if loop.name == "scf.parallel":
        lbs, ubs, steps, _ = parallel_groups(loop)
        i = iv.index
        return (lbs[i], ubs[i], steps[i]) if i < len(lbs) else None
    if loop.name == "scf.forall":
        i = iv.index
        if i >= len(loop.properties["staticLowerBound"].values):
            return None
        out = []
        for gi, name in enumerate(("staticLowerBound", "staticUpperBound", "staticStep")):
            static = loop.properties[name].values
            dyn = list(loop.opdef.get_group(loop, "operand", gi))
            k = sum(1 for s in static[:i] if s == DYNAMIC)
            out.append(dyn[k] if static[i] == DYNAMIC else static[i])
        return tuple(out)
    return None


def _int(x):
    return x if isinstance(x, int) else const_int(x)


def lin_of(x):
    c = _int(x)
    return {1: c} if c is not None else {x: 1}


def lin_add(a, b, k=1):
    out = dict(a)
    for v, c in b.items():
        out[v] = out.get(v, 0) + k * c
        if out[v] == 0 and v != 1:
            del out[v]
    return out


class _Box:
    """Inclusive ranges (linear forms) of the loop induction variables among the operands.
    Other operands are unknowns, even constants, unless they are a bound of one of those
    loops (as upstream's constraint system only pins the loop bounds)."""

    def __init__(self, operands, ranges=None, known=None):
        self.ranges = {}
        self.known = {}
        self.ok = True
        if ranges is not None:  # given facts: {value: (lo or None, hi or None)}
            self.ranges, self.known = ranges, known or {}
            return
        for v in operands:
            if v in self.ranges:
                continue
            r = loop_range_of(v)
            if r is None:
                continue
            lb, ub, step = r
            s, lo_c, hi_c = _int(step), _int(lb), _int(ub)
            if s is None:
                self.ok = False
                return
            lo = lin_of(lb)
            for b in (lb, ub):
                c = _int(b)
                if c is not None and not isinstance(b, int):
                    self.known[b] = c
            if lo_c is not None and hi_c is not None:
                hi = {1: lo_c} if lo_c + s >= hi_c else \
                    {1: lo_c + s * ((hi_c - lo_c - 1) // s)}
            elif s == 1:
                hi = lin_add(lin_of(ub), {1: -1})
            else:
                # The last iteration is a floordiv of symbolic bounds: not affine (upstream
                # gives up on these as well).
                self.ok = False
                return
            self.ranges[v] = (lo, hi)

    def const_range(self, v):
        r = self.ranges.get(v)
        if r is None or r[0] is None or r[1] is None or set(r[0]) - {1} or set(r[1]) - {1}:
            return None
        return r[0].get(1, 0), r[1].get(1, 0)

    def lower_bound(self, lin):
        """A linear form no larger than `lin` anywhere in the box."""
        for _ in range(8):
            nxt = {1: lin.get(1, 0)}
            changed = False
            for v, c in lin.items():
                if v == 1:
                    continue
                r = self.ranges.get(v)
                if r is None:
                    nxt = lin_add(nxt, {v: c})
                else:
                    bound = r[0] if c > 0 else r[1]
                    if bound is None:
                        return None  # unbounded in the direction that matters
                    nxt = lin_add(nxt, bound, c)
                    changed = True
            lin = nxt
            if not changed:
                break
        return lin


def _linear(e, operands, nd, box):
    k = e.kind
    if k is K.CONSTANT:
        return {1: e.value}
    if k is K.DIM or k is K.SYMBOL:
        v = operands[e.position if k is K.DIM else nd + e.position]
        c = box.known.get(v)
        return {1: c} if c is not None else {v: 1}
    lhs, rhs = _linear(e.lhs, operands, nd, box), _linear(e.rhs, operands, nd, box)
    if lhs is None or rhs is None:
        return None
    if k is K.ADD:
        return lin_add(lhs, rhs)
    if k is K.MUL:
        if set(rhs) <= {1}:
            return {v: c * rhs.get(1, 0) for v, c in lhs.items() if c * rhs.get(1, 0)}
        if set(lhs) <= {1}:
            return {v: c * lhs.get(1, 0) for v, c in rhs.items() if c * lhs.get(1, 0)}
    return None


def _nonneg(diff, operands, nd, box):
    """Is the affine expression `diff` >= 0 wherever the box allows? (Only decided for
    affine differences: mod/floordiv terms need local variables, which upstream's bound
    extraction does not handle either.)"""
    lin = _linear(diff, operands, nd, box)
    if lin is not None:
        lb = box.lower_bound(lin)
        return lb is not None and set(lb) <= {1} and lb.get(1, 0) >= 0
    return False


def canonicalize_min_max_in_loop(op, rw, ranges=None, known=None):
    """Replaces affine.min/max `op` by an affine.apply of its provably extreme result. The
    variable ranges come from the enclosing loops, or are given as `ranges` ({value: (lo, hi)}
    of linear forms {value or 1: coefficient}, None when unbounded) with `known` constants."""
    is_min = op.name == "affine.min"
    m = op.properties["map"].value
    operands = list(op.operands)
    box = _Box(operands, ranges, known)
    if not box.ok:
        return False
    nd = m.num_dims
    results = list(m.results)
    pick = None
    for k, rk in enumerate(results):
        if all(j == k or _nonneg(rj - rk if is_min else rk - rj, operands, nd, box)
               for j, rj in enumerate(results)):
            pick = k
            break
    if pick is None:
        return False
    expr = results[pick]
    # Induction variables pinned to one value become that constant.
    dims = []
    for i in range(nd):
        r = box.const_range(operands[i])
        dims.append(constant(r[0]) if r is not None and r[0] == r[1] else None)
    from pyopt.ir.affine import dim, symbol
    expr = expr.replace_dims_and_symbols(
        [d if d is not None else dim(i) for i, d in enumerate(dims)],
        [symbol(i) for i in range(m.num_symbols)])
    # The bound comes back from a flattened constraint system: in simplified form.
    expr = simplify_expr(expr, nd, m.num_symbols)
    new_map, new_ops = canonicalize_map_and_operands(
        AffineMap(nd, m.num_symbols, [expr]), operands)
    rw.set_insertion_point(op)
    new = rw.create("affine.apply", new_ops, [INDEX],
                    properties={"map": AffineMapAttr(new_map)}, loc=op.loc)
    rw.replace_op(op, new.results)
    return True
