"""`affine-loop-normalize`: rewrites affine.for and affine.parallel loops to start at 0 with
step 1. The upper bound becomes ceildiv(ub - lb, step) and the body gets an affine.apply
recomputing the old induction variable (lb + iv * step). With `promote-single-iter`, a
for loop that runs exactly once is first replaced by its body. Loops whose lower bound is a
max of several values are left alone, as upstream."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.dialects.affine.loop_canonicalize import _for_parts, _set_bounds
from pyopt.ir.affine import AffineExprKind, AffineMap, constant, dim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, INDEX
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import Builder


def difference(a_map, a_ops, b_map, b_ops):
    """AffineValueMap::difference: the map (and operands) of a - b, result by result."""
    a_nd, b_nd = a_map.num_dims, b_map.num_dims
    operands = list(a_ops[:a_nd]) + list(b_ops[:b_nd]) + list(a_ops[a_nd:]) + list(b_ops[b_nd:])
    shifted = b_map.shift_dims(a_nd).shift_symbols(a_map.num_symbols)
    exprs = [x - y for x, y in zip(a_map.results, shifted.results)]
    m = AffineMap.get(shifted.num_dims, shifted.num_symbols, exprs)
    return compose_map_and_operands(m, operands)


def _promote_single_iteration(op, ctx):
    from passes.affine.tiling.loops import constant_trip_count  # (it imports this module)
    if constant_trip_count(op) != 1:
        return False
    lb = op.properties["lowerBoundMap"].value
    if lb.num_results != 1:
        return False
    body = op.regions[0].blocks[0]
    iv = body.args[0]
    lb_ops, _, inits = _for_parts(op)
    if iv.first_use is not None:
        b = Builder(ctx)
        if lb.is_single_constant():
            func = op.parent_op
            while func is not None and func.name != "func.func":
                func = func.parent_op
            b.set_insertion_point_to_start(func.regions[0].blocks[0])
            c = b.create("arith.constant", [], [INDEX],
                         properties={"value": IntegerAttr(INDEX, lb.results[0].value)},
                         loc=op.loc)
            iv.replace_all_uses_with(c.results[0])
        elif lb == AffineMap.get_multi_dim_identity(1):
            iv.replace_all_uses_with(lb_ops[0])
        else:
            b.set_insertion_point(op)
            a = b.create("affine.apply", lb_ops, [INDEX],
                         properties={"map": AffineMapAttr(lb)}, loc=op.loc)
            iv.replace_all_uses_with(a.results[0])
    for arg, init in zip(body.args[1:], inits):
        arg.replace_all_uses_with(init)
    yield_op = body.last
    for r, v in zip(op.results, yield_op.operands):
        r.replace_all_uses_with(v)
    yield_op.erase()
    cur = body.first
    while cur is not None:
        nxt = cur.next
        cur.move_before(op)
        cur = nxt
    op.erase()
    return True


def _normalize_for(op, ctx, promote):
    if promote and _promote_single_iteration(op, ctx):
        return
    props = op.properties
    lb, ub = props["lowerBoundMap"].value, props["upperBoundMap"].value
    step = props["step"].value
    if lb.is_single_constant() and lb.results[0].value == 0 and step == 1:
        return
    if lb.num_results != 1:
        return
    lb_ops, ub_ops, _ = _for_parts(op)
    splat = AffineMap.get(lb.num_dims, lb.num_symbols, [lb.results[0]] * ub.num_results)
    span, span_ops = difference(ub, ub_ops, splat, lb_ops)
    span, span_ops = compose_map_and_operands(span, span_ops)  # AffineValueMap::canonicalize
    scale = AffineMap.get(span.num_results, 0,
                          [dim(i).ceildiv(step) for i in range(span.num_results)])
    _set_bounds(op, AffineMap.get_constant_map(0), [], scale.compose(span), span_ops)
    props["step"] = IntegerAttr(INDEX, 1)
    body = op.regions[0].blocks[0]
    iv = body.args[0]
    scaled_iv = AffineMap.get(1, 0, [-dim(0) * step])
    old_iv, old_iv_ops = difference(lb, lb_ops, scaled_iv, [iv])
    old_iv, old_iv_ops = compose_map_and_operands(old_iv, old_iv_ops)
    b = Builder(ctx)
    b.set_insertion_point_to_start(body)
    apply = b.create("affine.apply", old_iv_ops, [INDEX],
                     properties={"map": AffineMapAttr(old_iv)}, loc=op.loc)
    _replace_uses_except(iv, apply.results[0], apply)


def _replace_uses_except(value, new, except_op):
    for u in list(value.uses()):
        if u.owner is not except_op:
            u.set(new)


def _normalize_parallel(op, ctx):
    props = op.properties
    if any(g != 1 for g in props["lowerBoundsGroups"].all_values()) or \
            any(g != 1 for g in props["upperBoundsGroups"].all_values()):
        return
    lb, ub = props["lowerBoundsMap"].value, props["upperBoundsMap"].value
    steps = [s.value for s in props["steps"]]
    if all(e.kind is AffineExprKind.CONSTANT and e.value == 0 and s == 1
           for s, e in zip(steps, lb.results)):
        return
    ops = op.operands
    lb_ops, ub_ops = ops[:lb.num_inputs], ops[lb.num_inputs:]
    ranges, range_ops = difference(ub, ub_ops, lb, lb_ops)
    body = op.regions[0].blocks[0]
    b = Builder(ctx)
    b.set_insertion_point_to_start(body)
    ub_exprs = []
    nd = lb.num_dims
    for i, step in enumerate(steps):
        ub_exprs.append(ranges.results[i].ceildiv(step))
        iv = body.args[i]
        m = AffineMap.get(nd + 1, lb.num_symbols, [lb.results[i] + dim(nd) * step])
        apply = b.create("affine.apply", list(lb_ops[:nd]) + [iv] + list(lb_ops[nd:]),
                         [INDEX], properties={"map": AffineMapAttr(m)}, loc=op.loc)
        _replace_uses_except(iv, apply.results[0], apply)
    n = len(steps)
    props["steps"] = ArrayAttr([IntegerAttr(I64, 1)] * n)
    props["lowerBoundsMap"] = AffineMapAttr(AffineMap.get(0, 0, [constant(0)] * n))
    props["upperBoundsMap"] = AffineMapAttr(AffineMap.get(ranges.num_dims, ranges.num_symbols,
                                                          ub_exprs))
    op.set_operands(list(range_ops))


@register_pass("affine-loop-normalize",
               "Apply normalization transformations to affine loop-like ops",
               options=[PassOption("promote-single-iter", bool, False,
                                   "Promote single iteration loops")],
               anchor="func.func", display_name="AffineLoopNormalize")
def affine_loop_normalize(op, ctx, options):
    promote = options.get("promote-single-iter", False)

    def visit(o):
        if o.name == "affine.parallel":
            _normalize_parallel(o, ctx)
        elif o.name == "affine.for":
            _normalize_for(o, ctx, promote)
    op.walk(visit)
