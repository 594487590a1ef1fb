"""`lower-affine`: affine ops to arith/scf/memref/vector. Every affine expression is expanded
into arith ops on index values (floordiv, ceildiv and mod as branch-free sequences valid for
a positive divisor); loop bounds with several results become chains of maxsi/minsi."""
from __future__ import annotations

import math

from pyopt.ir.affine import AffineExprKind, AffineMap, constant, dim, symbol
from pyopt.ir.attributes import AffineMapAttr, FloatAttr, IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import I1, I64, INDEX, FloatType, IntegerType
from pyopt.pass_registry import register_pass, unchanged_unless
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.diagnostics import Diagnostic, MLIRError

K = AffineExprKind
EQ, SLT, SLE, SGE = 0, 2, 3, 5  # arith.cmpi predicates


class _Expander:
    """Emits the arith ops computing affine expressions at the rewriter's insertion point;
    None (after an error is reported) for a non-positive constant divisor."""
    __slots__ = ("rw", "loc")

    def __init__(self, rw, loc):
        self.rw, self.loc = rw, loc

    def op(self, name, operands, type_=INDEX, props=None):
        return self.rw.create(name, operands, [type_], properties=props, loc=self.loc).results[0]

    def const(self, v):
        return self.op("arith.constant", [], INDEX, {"value": IntegerAttr(INDEX, v)})

    def cmp(self, pred, a, b):
        return self.op("arith.cmpi", [a, b], I1, {"predicate": IntegerAttr(I64, pred)})

    def select(self, c, a, b):
        return self.op("arith.select", [c, a, b])

    def expr(self, e, dims, syms):
        k = e.kind
        if k is K.DIM:
            return dims[e.position]
        if k is K.SYMBOL:
            return syms[e.position]
        if k is K.CONSTANT:
            return self.const(e.value)
        if k is K.ADD or k is K.MUL:
            lhs = self.expr(e.lhs, dims, syms)
            rhs = self.expr(e.rhs, dims, syms)
            if lhs is None or rhs is None:
                return None
            return self.op("arith.addi" if k is K.ADD else "arith.muli", [lhs, rhs])
        if e.rhs.kind is K.CONSTANT and e.rhs.value <= 0:
            _emit_error(self.rw, self.loc, "modulo by non-positive value is not supported" if k is K.MOD
                       else "division by non-positive value is not supported")
            return None
        lhs = self.expr(e.lhs, dims, syms)
        rhs = self.expr(e.rhs, dims, syms)
        if lhs is None or rhs is None:
            return None
        if k is K.MOD:
            # srem, then add the divisor to a negative remainder
            rem = self.op("arith.remsi", [lhs, rhs])
            zero = self.const(0)
            neg = self.cmp(SLT, rem, zero)
            return self.select(neg, self.op("arith.addi", [rem, rhs]), rem)
        if k is K.FLOORDIV:
            # negative a: -((-a - 1) / b) - 1
            zero, minus_one = self.const(0), self.const(-1)
            neg = self.cmp(SLT, lhs, zero)
            dividend = self.select(neg, self.op("arith.subi", [minus_one, lhs]), lhs)
            q = self.op("arith.divsi", [dividend, rhs])
            return self.select(neg, self.op("arith.subi", [minus_one, q]), q)
        # ceildiv; a <= 0: -(-a / b), else (a - 1) / b + 1
        zero, one = self.const(0), self.const(1)
        non_pos = self.cmp(SLE, lhs, zero)
        negated = self.op("arith.subi", [zero, lhs])
        decremented = self.op("arith.subi", [lhs, one])
        q = self.op("arith.divsi", [self.select(non_pos, negated, decremented), rhs])
        neg_q = self.op("arith.subi", [zero, q])
        inc_q = self.op("arith.addi", [q, one])
        return self.select(non_pos, neg_q, inc_q)

    def map(self, m, operands):
        """One value per result of `m` applied to `operands`, or None on error."""
        dims, syms = operands[:m.num_dims], operands[m.num_dims:]
        vals = [self.expr(e, dims, syms) for e in m.results]
        return None if any(v is None for v in vals) else vals

    def reduce(self, m, operands, name):
        vals = self.map(m, operands)
        if vals is None:
            return None
        v = vals[0]
        for w in vals[1:]:
            v = self.op(name, [v, w])
        return v


def _emit_error(rw, loc, message):
    """A diagnostic that does not stop the pass (the op just stays unconverted)."""
    diag = Diagnostic("error", loc, message)
    engine = getattr(rw.ctx, "diag_engine", None)
    if engine is None:
        raise MLIRError(diag)
    engine.emit(diag)


def _map(op, name="map"):
    return op.get_attr(name).value


def lower_apply(op, rw):
    vals = _Expander(rw, op.loc).map(_map(op), op.operands)
    if vals is None:
        return False
    rw.replace_op(op, vals)
    return True


def _min_max(name):
    def lower(op, rw):
        v = _Expander(rw, op.loc).reduce(_map(op), op.operands, name)
        if v is None:
            return False
        rw.replace_op(op, [v])
        return True
    return lower


def lower_yield(op, rw):
    parent = op.parent_op
    if parent is not None and parent.name == "scf.parallel":
        return False  # the affine.parallel lowering builds the scf.reduce
    rw.set_insertion_point(op)
    rw.create("scf.yield", op.operands, [], loc=op.loc)
    rw.erase_op(op)
    return True


def _take_region(rw, src, dst_op):
    """Moves `src` (the affine op's body) into the new op's only region."""
    rw.inline_region_before(src, dst_op.regions[0], None)


def lower_for(op, rw):
    d = op.opdef
    lb_ops = d.get_group(op, "operand", 0)
    ub_ops = d.get_group(op, "operand", 1)
    inits = d.get_group(op, "operand", 2)
    x = _Expander(rw, op.loc)
    lb = x.reduce(_map(op, "lowerBoundMap"), lb_ops, "arith.maxsi")
    ub = x.reduce(_map(op, "upperBoundMap"), ub_ops, "arith.minsi")
    if lb is None or ub is None:
        return False
    step = x.const(op.properties["step"].value)
    f = rw.create("scf.for", [lb, ub, step] + list(inits), list(op.result_types), regions=1,
                  loc=op.loc)
    _take_region(rw, op.regions[0], f)
    rw.replace_op(op, f.results)
    return True


def _group_maps(m, groups):
    out, start = [], 0
    for n in groups.all_values():
        out.append(AffineMap(m.num_dims, m.num_symbols, m.results[start:start + n]))
        start += n
    return out


# affine.parallel reductions (AtomicRMWKind order): the combining op and the identity
_REDUCE_OPS = {"addf": "arith.addf", "addi": "arith.addi", "maximumf": "arith.maximumf",
               "maxs": "arith.maxsi", "maxu": "arith.maxui", "minimumf": "arith.minimumf",
               "mins": "arith.minsi", "minu": "arith.minui", "mulf": "arith.mulf",
               "muli": "arith.muli", "ori": "arith.ori", "andi": "arith.andi",
               "maxnumf": "arith.maxnumf", "minnumf": "arith.minnumf"}


def _identity(kind, t):
    """The neutral element of reduction `kind` (the verifier has matched it to scalar `t`)."""
    if isinstance(t, FloatType):
        x = {"maximumf": -math.inf, "minimumf": math.inf, "maxnumf": math.copysign(math.nan, -1),
             "minnumf": math.nan, "mulf": 1.0}.get(kind, 0.0)
        return FloatAttr.from_float(t, x)
    if not isinstance(t, IntegerType):
        return None
    w = t.width
    v = {"andi": -1, "maxs": -(1 << (w - 1)), "mins": (1 << (w - 1)) - 1,
         "minu": (1 << w) - 1, "muli": 1}.get(kind, 0)
    return IntegerAttr(t, v)


def lower_parallel(op, rw):
    from pyopt.dialects.affine.control import REDUCTIONS
    props = op.properties
    lb_map, ub_map = props["lowerBoundsMap"].value, props["upperBoundsMap"].value
    ops = op.operands
    lb_ops, ub_ops = ops[:lb_map.num_inputs], ops[lb_map.num_inputs:]
    x = _Expander(rw, op.loc)
    lbs, ubs = [], []
    for lm, um in zip(_group_maps(lb_map, props["lowerBoundsGroups"]),
                      _group_maps(ub_map, props["upperBoundsGroups"])):
        lo = x.reduce(lm, lb_ops, "arith.maxsi")
        if lo is None:
            return rw.notify_match_failure(op, "couldn't convert lower bounds")
        lbs.append(lo)
        hi = x.reduce(um, ub_ops, "arith.minsi")
        if hi is None:
            return rw.notify_match_failure(op, "couldn't convert upper bounds")
        ubs.append(hi)
    steps = [x.const(a.value) for a in props["steps"]]
    kinds = [REDUCTIONS[a.value] for a in props["reductions"]]
    inits = []
    for kind, t in zip(kinds, op.result_types):
        attr = _identity(kind, t)
        if attr is None or kind not in _REDUCE_OPS:
            return rw.notify_match_failure(op, "Reduction operation type not supported")
        inits.append(x.op("arith.constant", [], t, {"value": attr}))
    par = rw.create("scf.parallel", lbs + ubs + steps + inits, list(op.result_types),
                    regions=1, loc=op.loc,
                    properties={"operandSegmentSizes":
                                segment_sizes([len(lbs), len(ubs), len(steps), len(inits)])})
    term = op.regions[0].blocks[0].last
    _take_region(rw, op.regions[0], par)
    rw.set_insertion_point(term)
    regions = []
    for v in term.operands:
        b = Block([v.type, v.type], [op.loc, op.loc])
        regions.append(Region([b]))
    rw.create("scf.reduce", list(term.operands), [], regions=regions, loc=term.loc)
    rw.erase_op(term)
    for kind, r in zip(kinds, regions):
        b = r.blocks[0]
        rw.set_insertion_point_to_end(b)
        res = x.op(_REDUCE_OPS[kind], [b.args[0], b.args[1]], b.args[0].type)
        rw.create("scf.reduce.return", [res], [], loc=op.loc)
    rw.replace_op(op, par.results)
    return True


def lower_if(op, rw):
    x = _Expander(rw, op.loc)
    s = op.get_attr("condition").value
    zero = x.const(0)
    operands = op.operands
    dims, syms = operands[:s.num_dims], operands[s.num_dims:]
    cond = None
    for e, is_eq in zip(s.constraints, s.eq_flags):
        v = x.expr(e, dims, syms)
        if v is None:
            return False
        c = x.cmp(EQ if is_eq else SGE, v, zero)
        cond = c if cond is None else x.op("arith.andi", [cond, c], I1)
    if cond is None:
        cond = x.op("arith.constant", [], I1, {"value": IntegerAttr(I1, 1)})
    then_r, else_r = op.regions
    has_else = bool(else_r.blocks)
    new = rw.create("scf.if", [cond], list(op.result_types), regions=2, loc=op.loc)
    rw.inline_region_before(then_r, new.regions[0], None)
    if has_else:
        rw.inline_region_before(else_r, new.regions[1], None)
    rw.replace_op(op, new.results)
    return True


def _access(new_name, first_index, prefix=0):
    """affine.load/store/vector_* -> memref/vector ops taking the expanded map results as
    indices; operands before `first_index` (value, memref) are kept."""
    def lower(op, rw):
        ops = op.operands
        idx = _Expander(rw, op.loc).map(_map(op), ops[first_index:])
        if idx is None:
            return False
        new = rw.create(new_name, ops[:first_index] + idx, list(op.result_types), loc=op.loc)
        rw.replace_op(op, new.results)
        return True
    return lower


def lower_prefetch(op, rw):
    ops = op.operands
    idx = _Expander(rw, op.loc).map(_map(op), ops[1:])
    if idx is None:
        return False
    props = {k: op.get_attr(k) for k in ("isWrite", "localityHint", "isDataCache")}
    rw.create("memref.prefetch", ops[:1] + idx, [], properties=props, loc=op.loc)
    rw.erase_op(op)
    return True


def lower_dma_start(op, rw):
    ops = op.operands
    x = _Expander(rw, op.loc)
    parts, pos = [], 0
    for name in ("src_map", "dst_map", "tag_map"):
        m = _map(op, name)
        idx = x.map(m, ops[pos + 1:pos + 1 + m.num_inputs])
        if idx is None:
            return False
        parts.append((ops[pos], idx))
        pos += 1 + m.num_inputs
    (src, si), (dst, di), (tag, ti) = parts
    rest = ops[pos:]  # num_elements [, stride, elements_per_stride]
    new_ops = [src] + si + [dst] + di + [rest[0], tag] + ti + rest[1:]
    rw.create("memref.dma_start", new_ops, [], loc=op.loc)
    rw.erase_op(op)
    return True


def lower_dma_wait(op, rw):
    ops = op.operands
    m = _map(op, "tag_map")
    idx = _Expander(rw, op.loc).map(m, ops[1:1 + m.num_inputs])
    if idx is None:
        return False
    rw.create("memref.dma_wait", [ops[0]] + idx + ops[1 + m.num_inputs:], [], loc=op.loc)
    rw.erase_op(op)
    return True


# ------------------------------------------------------------------ affine.delinearize_index
def _composed_map(m, operands):
    """foldAttributesIntoMap + composeAffineMapAndOperands: int operands become constants,
    producer affine.apply ops are substituted, constant symbols folded."""
    from pyopt.dialects.affine.canonicalize import compose_map_and_operands
    vals, repl = [], [[], []]
    for i, v in enumerate(operands):
        is_dim = i < m.num_dims
        group = repl[0 if is_dim else 1]
        if isinstance(v, int):
            group.append(constant(v))
        else:
            pos = sum(e.kind is not K.CONSTANT for e in group)
            group.append(dim(pos) if is_dim else symbol(pos))
            vals.append(v)
    nd = sum(not isinstance(v, int) for v in operands[:m.num_dims])
    m = m.replace_dims_and_symbols(repl[0], repl[1], nd, len(vals) - nd)
    return compose_map_and_operands(m, vals)


def _composed_apply(rw, loc, m, operands):
    m, ops = _composed_map(m, operands)
    return rw.create("affine.apply", ops, [INDEX], properties={"map": AffineMapAttr(m)},
                     loc=loc).results[0]


def _composed_folded_apply(m, operands):
    """makeComposedFoldedAffineApply where it folds (an int or an operand); else None."""
    m, ops = _composed_map(m, operands)
    e = m.results[0]
    if e.kind is K.CONSTANT:
        return e.value
    if e.kind is K.DIM:
        return ops[e.position]
    if e.kind is K.SYMBOL:
        return ops[m.num_dims + e.position]
    return None


_MUL = AffineMap(0, 2, [symbol(0) * symbol(1)])
_FLOORDIV = AffineMap(2, 0, [dim(0).floordiv(dim(1))])
_MOD = AffineMap(2, 0, [dim(0) % dim(1)])


def lower_delinearize(op, rw):
    loc = op.loc
    basis = op.basis
    divisors = []
    for i in range(1, len(basis)):
        prod = basis[i]
        for b in basis[i + 1:]:
            folded = _composed_folded_apply(_MUL, [prod, b])
            prod = folded if folded is not None else _composed_apply(rw, loc, _MUL, [prod, b])
        if isinstance(prod, int):
            prod = _Expander(rw, loc).const(prod)
        divisors.append(prod)
    results = []
    residual = op.linear_index
    for d in divisors:
        results.append(_composed_apply(rw, loc, _FLOORDIV, [residual, d]))
        residual = _composed_apply(rw, loc, _MOD, [residual, d])
    results.append(residual)
    rw.replace_op(op, results)
    return True


PATTERNS = {
    "affine.delinearize_index": lower_delinearize,
    "affine.apply": lower_apply,
    "affine.dma_start": lower_dma_start,
    "affine.dma_wait": lower_dma_wait,
    "affine.load": _access("memref.load", 1),
    "affine.min": _min_max("arith.minsi"),
    "affine.max": _min_max("arith.maxsi"),
    "affine.parallel": lower_parallel,
    "affine.prefetch": lower_prefetch,
    "affine.store": _access("memref.store", 2),
    "affine.for": lower_for,
    "affine.if": lower_if,
    "affine.yield": lower_yield,
    "affine.vector_load": _access("vector.load", 1),
    "affine.vector_store": _access("vector.store", 2),
}


def affine_to_std_patterns():
    return [RewritePattern(root, 1, fn, getattr(fn, "__name__", root))
            for root, fn in PATTERNS.items()]


@register_pass("lower-affine", "Lower Affine operations to a combination of Standard and SCF "
               "operations", display_name="ConvertAffineToStandard")
def lower_affine(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "memref", "scf", "vector")
    return unchanged_unless(apply_partial_conversion(op, target, affine_to_std_patterns(), ctx))
