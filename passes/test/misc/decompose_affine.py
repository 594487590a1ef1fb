"""`test-decompose-affine-ops`: each affine.apply gets its operands reordered as symbols by
how many enclosing loops they are invariant in (most hoistable first), then a top-level sum
or product is split into one affine.apply per term, sorted by the highest symbol each uses,
and re-combined pairwise, so that loop-invariant code motion can hoist the partial results."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import canonicalize_map_and_operands, simplify_expr
from pyopt.ir.affine import AffineBinaryOpExpr, AffineExprKind, AffineMap, binary_op, symbol
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import PatternRewriter

_LOOPS = {"scf.for", "scf.parallel", "scf.while", "scf.forall", "affine.for", "affine.parallel"}


def _defined_outside(value, loop):
    owner = value.owner
    block = owner.parent if hasattr(owner, "opdef") else owner
    region = block.parent if block is not None else None
    holder = region.parent if region is not None else None
    return holder is None or not loop.is_ancestor_of(holder)


def _invariant_depth(value, user):
    count, cur = 0, user
    while True:
        loop = cur.parent_op
        while loop is not None and loop.name not in _LOOPS:
            loop = loop.parent_op
        if loop is None or not _defined_outside(value, loop):
            return count
        cur = loop
        count += 1


def _map(op):
    return op.properties["map"].value


def _set(op, m, operands):
    op.properties["map"] = AffineMapAttr(m)
    op.set_operands(list(operands))


def reorder_operands_by_hoistability(op):
    operands = list(op.operands)
    n = len(operands)
    depth = [_invariant_depth(v, op) for v in operands]
    order = sorted(range(n), key=lambda i: -depth[i])  # (stable)
    repl = [None] * n
    new_operands = []
    for i, pos in enumerate(order):
        new_operands.append(operands[pos])
        repl[pos] = symbol(i)
    m = _map(op)
    e = m.results[0].replace_dims_and_symbols(repl[:m.num_dims], repl[m.num_dims:])
    m = AffineMap(0, n, [simplify_expr(e, 0, n)])
    m, new_operands = canonicalize_map_and_operands(m, new_operands)
    _set(op, m, new_operands)


def _sub_apply(rw, op, expr):
    m = _map(op)
    sub = AffineMap(m.num_dims, m.num_symbols, [expr])
    sub, operands = canonicalize_map_and_operands(sub, list(op.operands))
    return rw.create("affine.apply", list(operands), [INDEX],
                     properties={"map": AffineMapAttr(sub)}, loc=op.loc)


def decompose(rw, op):
    m = _map(op)
    if m.num_dims > 0:
        return
    root = m.results[0]
    if not isinstance(root, AffineBinaryOpExpr):
        return
    if not isinstance(root.lhs, AffineBinaryOpExpr) and not isinstance(root.rhs,
                                                                     AffineBinaryOpExpr):
        return
    kind = root.kind
    if kind not in (AffineExprKind.ADD, AffineExprKind.MUL):
        return
    subs, rest = [], root
    while True:
        if not isinstance(rest, AffineBinaryOpExpr) or rest.kind != kind:
            subs.append(rest)
            break
        subs.append(rest.rhs)
        rest = rest.lhs

    def max_symbol(e):
        for i in range(m.num_symbols, -1, -1):
            if e.is_function_of_symbol(i):
                return i
        return -1
    subs.sort(key=max_symbol)
    bin_map = AffineMap(0, 2, [binary_op(kind, symbol(0), symbol(1))])
    current = _sub_apply(rw, op, subs[0])
    for e in subs[1:]:
        tmp = _sub_apply(rw, op, e)
        current = rw.create("affine.apply", [current.results[0], tmp.results[0]], [INDEX],
                            properties={"map": AffineMapAttr(bin_map)}, loc=op.loc)
    rw.replace_op(op, [current.results[0]])


@register_pass("test-decompose-affine-ops", "Tests affine ops decomposition utility functions.",
               anchor="func.func", display_name="TestDecomposeAffineOps")
def test_decompose_affine_ops(op, ctx, options):
    applies = []
    op.walk(lambda o: applies.append(o) if o.name == "affine.apply" else None)
    rw = PatternRewriter(ctx)
    for a in applies:
        rw.set_insertion_point(a)
        reorder_operands_by_hoistability(a)
        decompose(rw, a)
