"""Memory dependence between two affine accesses, for loop parallelism (upstream's
checkMemrefAccessDependence + isLoopMemoryParallel, restricted to what the vectorizer asks).

The dependence system lives over integer variables: the source's loop IVs, the destination's
loop IVs, the symbols both use and local quotient variables; it holds the loop bounds, equal
subscripts and the iteration order at the loop depth under test. Emptiness is decided as
IntegerRelation::isEmpty does: GCD tests, Gaussian elimination of equalities, then
Fourier-Motzkin elimination with integer tightening (so some integer-empty systems are
reported non-empty: a dependence is then assumed)."""
from __future__ import annotations

import math

from pyopt.dialects.affine.canonicalize import compose_map_and_operands, canonicalize_map_and_operands
from pyopt.ir.affine import AffineExprKind, AffineMap
from pyopt.ir.opdef import AFFINE_SCOPE
from pyopt.rewrite.folding import op_effects

_ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _CONST, _DIM, _SYM = AffineExprKind


class _Unsupported(Exception):
    pass


class System:
    """Constraints as {var: coeff} dicts with the constant under key None."""

    def __init__(self, cache=None):
        self.cache = cache  # (map, operands) -> composed and canonicalized
        self.nvars = 0
        self.kinds = []  # per var: 0 source IV, 1 destination IV, 2 symbol, 3 local
        self.eqs = []
        self.ineqs = []  # each >= 0
        self.symbols = {}  # Value -> var
        self.iv_vars = ({}, {})  # source / destination: IV Value -> var

    def new_var(self, kind=3):
        self.nvars += 1
        self.kinds.append(kind)
        return self.nvars - 1

    def symbol(self, v):
        s = self.symbols.get(v)
        if s is None:
            s = self.symbols[v] = self.new_var(2)
            c = _const_index(v)
            if c is not None:
                self.eqs.append({s: 1, None: -c})
        return s

    # -- flattening ------------------------------------------------------------------------
    def flatten(self, expr, dim_vars, sym_vars):
        """The linear form (dict) of `expr`; divisions add local variables."""
        k = expr.kind
        if k is _CONST:
            return {None: expr.value}
        if k is _DIM:
            return {dim_vars[expr.position]: 1}
        if k is _SYM:
            return {sym_vars[expr.position]: 1}
        lhs = self.flatten(expr.lhs, dim_vars, sym_vars)
        rhs = self.flatten(expr.rhs, dim_vars, sym_vars)
        if k is _ADD:
            return _axpy(lhs, rhs, 1)
        if set(rhs) - {None}:
            if k is _MUL and not set(lhs) - {None}:
                lhs, rhs = rhs, lhs
            else:
                raise _Unsupported()
        c = rhs.get(None, 0)
        if k is _MUL:
            return {v: x * c for v, x in lhs.items()}
        if c <= 0:
            raise _Unsupported()
        q = self.new_var()
        # c*q <= e <= c*q + c - 1 (floor); c*q - c + 1 <= e <= c*q (ceil)
        lo = _axpy(lhs, {q: -c}, 1)
        hi = _axpy({q: c}, lhs, -1)
        if k is _CEILDIV:
            lo[None] = lo.get(None, 0) + c - 1
        else:
            hi[None] = hi.get(None, 0) + c - 1
        self.ineqs += [lo, hi]
        if k is _MOD:
            return _axpy(lhs, {q: -c}, 1)
        return {q: 1}

    # -- emptiness -------------------------------------------------------------------------
    def is_empty(self):
        n = self.nvars
        # (variables in upstream's column order: IVs, symbols, then locals; elimination
        # follows it, which decides what the integer tightening catches)
        order = sorted(range(n), key=lambda v: self.kinds[v])
        col = {v: i for i, v in enumerate(order)}
        eqs = [_dense(e, n, col) for e in self.eqs]
        ineqs = [_dense(e, n, col) for e in self.ineqs]
        for r in eqs:
            g = _gcd(r[:-1])
            if g == 0:
                if r[-1] != 0:
                    return True
            elif r[-1] % g:
                return True
        # Gaussian elimination of every variable an equality defines.
        for v in range(n):
            piv = next((r for r in eqs if r[v] != 0), None)
            if piv is None:
                continue
            eqs.remove(piv)
            eqs = [_eliminate(r, piv, v) for r in eqs]
            ineqs = [_eliminate(r, piv, v) for r in ineqs]
            eqs = [_normalize_eq(r) for r in eqs]
            if any(r is None for r in eqs):
                return True
            ineqs = [_normalize_ineq(r) for r in ineqs]
            if any(r is None for r in ineqs):
                return True
            eqs = [r for r in eqs if any(r)]
        ineqs = [r for r in ineqs if any(r[:-1])]
        # Fourier-Motzkin on the rest, each time on the variable with the fewest
        # lower x upper bound pairs (the leftmost one on ties), as upstream picks it.
        alive = list(range(n))
        while alive:
            v = min(alive, key=lambda v: _fm_cost(ineqs, v))
            alive.remove(v)
            lbs = [r for r in ineqs if r[v] > 0]
            ubs = [r for r in ineqs if r[v] < 0]
            rest = [r for r in ineqs if r[v] == 0]
            for lo in lbs:
                for hi in ubs:
                    a, b = lo[v], -hi[v]
                    comb = [b * x + a * y for x, y in zip(lo, hi)]
                    comb = _normalize_ineq(comb)
                    if comb is None:
                        return True
                    if any(comb[:-1]):
                        rest.append(comb)
            ineqs = rest
            if len(ineqs) > 2000:
                return False
        return False


def _const_index(v):
    op = v.defining_op() if hasattr(v, "defining_op") else None
    if op is None or op.name != "arith.constant":
        return None
    a = op.get_attr("value")
    val = getattr(a, "value", None)
    return val if isinstance(val, int) and not isinstance(val, bool) else None


def _axpy(a, b, s):
    out = dict(a)
    for k, x in b.items():
        out[k] = out.get(k, 0) + s * x
    return out


def _dense(d, n, col):
    r = [0] * (n + 1)
    for k, x in d.items():
        r[n if k is None else col[k]] += x
    return r


def _gcd(xs):
    g = 0
    for x in xs:
        g = math.gcd(g, abs(x))
    return g


def _eliminate(r, piv, v):
    if r[v] == 0:
        return r
    a, b = piv[v], r[v]
    return [a * x - b * y for x, y in zip(r, piv)] if a > 0 else \
        [-a * x + b * y for x, y in zip(r, piv)]


def _normalize_eq(r):
    g = _gcd(r[:-1])
    if g == 0:
        return None if r[-1] else r
    if r[-1] % g:
        return None
    return [x // g for x in r]


def _normalize_ineq(r):
    g = _gcd(r[:-1])
    if g == 0:
        return None if r[-1] < 0 else r
    return [x // g for x in r[:-1]] + [r[-1] // g]


def _fm_cost(ineqs, v):
    lb = sum(1 for r in ineqs if r[v] > 0)
    ub = sum(1 for r in ineqs if r[v] < 0)
    return lb * ub


# ------------------------------------------------------------------ building the system
def enclosing_affine_ops(op):
    """The affine.for / affine.if / affine.parallel ops around `op` up to its affine scope,
    outermost first."""
    out = []
    p = op.parent_op
    while p is not None and not (p.opdef is not None and AFFINE_SCOPE in p.opdef.traits):
        if p.name in ("affine.for", "affine.if", "affine.parallel"):
            out.append(p)
        p = p.parent_op
    out.reverse()
    return out


def _scope(op):
    p = op.parent_op
    while p is not None and not (p.opdef is not None and AFFINE_SCOPE in p.opdef.traits):
        p = p.parent_op
    return p


def loop_ivs(ops):
    """The induction variables of the loops among `ops`, outermost first."""
    ivs = []
    for o in ops:
        if o.name == "affine.for":
            ivs.append(o.regions[0].blocks[0].args[0])
        elif o.name == "affine.parallel":
            ivs.extend(o.regions[0].blocks[0].args)
    return ivs


def _for_bounds(op):
    sizes = op.properties["operandSegmentSizes"].values
    ops = op.operands
    a, b = sizes[0], sizes[0] + sizes[1]
    return (op.properties["lowerBoundMap"].value, ops[:a],
            op.properties["upperBoundMap"].value, ops[a:b])


def _composed(m, operands, cache):
    key = (m, tuple(operands))
    r = cache.get(key) if cache is not None else None
    if r is None:
        r = compose_map_and_operands(m, list(operands))
        r = canonicalize_map_and_operands(*r)
        if cache is not None:
            cache[key] = r
    return r


def _map_forms(sys, m, operands, ivs):
    """The linear forms of a map's results over the system's variables."""
    m, operands = _composed(m, operands, sys.cache)
    vars_ = [ivs[v] if v in ivs else sys.symbol(v) for v in operands]
    return [sys.flatten(e, vars_[:m.num_dims], vars_[m.num_dims:]) for e in m.results]


def _bound(sys, x, forms, lower):
    for f in forms:
        if lower:
            sys.ineqs.append(_axpy({x: 1}, f, -1))
        else:
            r = _axpy(f, {x: 1}, -1)
            r[None] = r.get(None, 0) - 1
            sys.ineqs.append(r)


def _group(m, groups, i):
    start = sum(groups[:i])
    return AffineMap.get(m.num_dims, m.num_symbols, m.results[start:start + groups[i]])


def _add_domain(sys, ops, kind):
    """Adds the iteration domain the enclosing `ops` define (upstream's getIndexSet)."""
    for v in loop_ivs(ops):
        sys.iv_vars[kind][v] = sys.new_var(kind)
    ivs = sys.iv_vars[kind]
    for lp in ops:
        if lp.name == "affine.for":
            x = ivs[lp.regions[0].blocks[0].args[0]]
            lb, lb_ops, ub, ub_ops = _for_bounds(lp)
            _bound(sys, x, _map_forms(sys, lb, lb_ops, ivs), True)
            _bound(sys, x, _map_forms(sys, ub, ub_ops, ivs), False)
            step = lp.properties["step"].value
            if step != 1 and lb.is_single_constant():
                q = sys.new_var()
                sys.eqs.append({x: 1, q: -step, None: -lb.results[0].value})
        elif lp.name == "affine.parallel":
            props = lp.properties
            lbm, ubm = props["lowerBoundsMap"].value, props["upperBoundsMap"].value
            lbg = list(props["lowerBoundsGroups"].all_values())
            ubg = list(props["upperBoundsGroups"].all_values())
            ops_ = lp.operands
            lb_ops, ub_ops = ops_[:lbm.num_inputs], ops_[lbm.num_inputs:]
            for i, iv in enumerate(lp.regions[0].blocks[0].args):
                x = ivs[iv]
                _bound(sys, x, _map_forms(sys, _group(lbm, lbg, i), lb_ops, ivs), True)
                _bound(sys, x, _map_forms(sys, _group(ubm, ubg, i), ub_ops, ivs), False)
        else:
            iset = lp.get_attr("condition").value
            operands = lp.operands
            vars_ = [ivs[v] if v in ivs else sys.symbol(v) for v in operands]
            nd = iset.num_dims
            for e, is_eq in zip(iset.constraints, iset.eq_flags):
                f = sys.flatten(e, vars_[:nd], vars_[nd:])
                (sys.eqs if is_eq else sys.ineqs).append(f)
    return ivs


READS = ("affine.load", "affine.vector_load")
WRITES = ("affine.store", "affine.vector_store")


def access_parts(op):
    """(memref, map, map operands) of an affine (vector) load or store."""
    if op.name in READS:
        return op.operand(0), op.get_attr("map").value, op.operands[1:]
    return op.operand(1), op.get_attr("map").value, op.operands[2:]


def has_dependence(src, dst, depth, cache=None):
    """Whether `dst` may touch what `src` touched in a later iteration of the loop at
    `depth` (1-based) with the same outer iterations; unknown counts as yes."""
    src_mem, src_map, src_ops = access_parts(src)
    dst_mem, dst_map, dst_ops = access_parts(dst)
    if src_mem is not dst_mem:
        return False
    if src.name not in WRITES and dst.name not in WRITES:
        return False
    if _scope(src) is not _scope(dst):
        return True
    src_enc, dst_enc = enclosing_affine_ops(src), enclosing_affine_ops(dst)
    src_ivs_l, dst_ivs_l = loop_ivs(src_enc), loop_ivs(dst_enc)
    common = 0
    while common < min(len(src_ivs_l), len(dst_ivs_l)) and \
            src_ivs_l[common] is dst_ivs_l[common]:
        common += 1
    if depth > common and not _before(src, dst):
        return False
    sys = System(cache)
    try:
        src_ivs = _add_domain(sys, src_enc, 0)
        dst_ivs = _add_domain(sys, dst_enc, 1)
        a = _map_forms(sys, src_map, src_ops, src_ivs)
        b = _map_forms(sys, dst_map, dst_ops, dst_ivs)
    except _Unsupported:
        return True
    for x, y in zip(a, b):
        sys.eqs.append(_axpy(x, y, -1))
    for i in range(min(common, depth)):
        iv = src_ivs_l[i]
        s, d = src_ivs[iv], dst_ivs[iv]
        if i == depth - 1:
            sys.ineqs.append({d: 1, s: -1, None: -1})
        else:
            sys.eqs.append({d: 1, s: -1})
    return not sys.is_empty()


def _before(a, b):
    """Whether `a` comes before `b` in the block of their closest common ancestor."""
    chain = {}
    o = a
    while o is not None:
        if o.parent is not None:
            chain[o.parent] = o
        o = o.parent_op
    o = b
    while o is not None:
        blk = o.parent
        if blk in chain:
            x = chain[blk]
            return x is not o and x.is_before_in_block(o)
        o = o.parent_op
    return False


def _is_alloc(op):
    return op_effects(op) == {"alloc"}


def _locally_defined(v, loop):
    op = v.defining_op() if hasattr(v, "defining_op") else None
    if op is None:
        return False
    if _is_alloc(op) and loop.is_ancestor_of(op) and op is not loop:
        return True
    if op.name in ("memref.subview", "memref.view", "memref.cast",
                   "memref.reinterpret_cast", "memref.collapse_shape",
                   "memref.expand_shape", "memref.transpose"):
        return _locally_defined(op.operand(0), loop)
    return False


def nesting_depth(op):
    n = 0
    p = op.parent_op
    while p is not None:
        if p.name == "affine.for":  # (upstream's getNestingDepth skips affine.parallel)
            n += 1
        p = p.parent_op
    return n


def is_loop_memory_parallel(loop):
    from pyopt.ir.types import BaseMemRefType
    if any(isinstance(r.type, BaseMemRefType) for r in loop.results):
        return False
    accesses = []
    for op in loop.walk_ops():
        if op is loop:
            continue
        n = op.name
        if n in READS or n in WRITES:
            if not _locally_defined(access_parts(op)[0], loop):
                accesses.append(op)
        elif n in ("affine.for", "affine.yield", "affine.if"):
            continue
        else:
            e = op_effects(op)
            if e is None or (e and e != {"alloc"}):
                return False
    depth = nesting_depth(loop) + 1
    cache = {}
    for s in accesses:
        for d in accesses:
            if has_dependence(s, d, depth, cache):
                return False
    return True
