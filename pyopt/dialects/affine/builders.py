"""Building affine.apply / affine.min over "int or Value" operands (MLIR's OpFoldResult),
composed with their affine.apply producers and folded at once
(makeComposedFoldedAffineApply / makeComposedFoldedAffineMin).

An operand or a result is either a Python int (a constant index) or an index Value."""
from __future__ import annotations

from pyopt.ir.affine import AffineExprKind, AffineMap, constant, dim, symbol
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.types import INDEX
from pyopt.rewrite.folding import fold_op
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands)


def map_of(expr_or_map):
    """AffineMap::inferFromExprList for one expression (dims and symbols as used)."""
    if isinstance(expr_or_map, AffineMap):
        return expr_or_map
    e = expr_or_map
    return AffineMap(e._maxd + 1, e._maxs + 1, [e])


def fold_attributes_into_map(m, operands):
    """foldAttributesIntoMap: constant operands become constants of the map."""
    nd = m.num_dims
    drep, srep, values = [], [], []
    n = 0
    for x in operands[:nd]:
        if isinstance(x, int):
            drep.append(constant(x))
        else:
            drep.append(dim(n))
            n += 1
            values.append(x)
    ns = 0
    for x in operands[nd:nd + m.num_symbols]:
        if isinstance(x, int):
            srep.append(constant(x))
        else:
            srep.append(symbol(ns))
            ns += 1
            values.append(x)
    return m.replace_dims_and_symbols(drep, srep, n, ns), values


def _full_compose(m, operands):
    def has_apply(vs):
        for v in vs:
            d = v.defining_op() if hasattr(v, "defining_op") else None
            if d is not None and d.name == "affine.apply":
                return True
        return False
    while has_apply(operands):
        m, operands = compose_map_and_operands(m, operands)
    return m, operands


def _compose_multi_result(m, operands):
    """composeMultiResultAffineMap: each result composed on its own, then merged."""
    dims, syms, exprs = [], [], []
    for i in range(len(m.results)):
        sub, ops = _full_compose(m.get_sub_map([i]), list(operands))
        sub, ops = canonicalize_map_and_operands(sub, ops)
        nd = sub.num_dims
        sub = sub.shift_dims(len(dims)).shift_symbols(len(syms))
        dims += ops[:nd]
        syms += ops[nd:]
        exprs.append(sub.results[0])
    return canonicalize_map_and_operands(AffineMap(len(dims), len(syms), exprs), dims + syms)


def _create_folded(rewriter, name, m, values, loc):
    """Builds the op without telling the rewriter's listener, folds it, and either returns the
    fold (the op erased unseen) or announces the op."""
    b = Builder(rewriter.ctx)
    b.block, b.anchor = rewriter.block, rewriter.anchor
    op = b.create(name, values, [INDEX], properties={"map": AffineMapAttr(m)}, loc=loc)
    r = fold_op(op)
    if r:
        x = r[0]
        if type(x) is IntegerAttr:
            op.erase()
            return x.value
        if not isinstance(x, IntegerAttr) and hasattr(x, "defining_op"):
            op.erase()
            return x
    if rewriter.listener is not None:
        rewriter.listener.notify_op_inserted(op)
    return op.results[0]


def composed_folded_apply(rewriter, expr_or_map, operands, loc=None):
    m, values = fold_attributes_into_map(map_of(expr_or_map), list(operands))
    m, values = compose_map_and_operands(m, values)
    return _create_folded(rewriter, "affine.apply", m, values, loc)


def composed_folded_min(rewriter, m, operands, loc=None, name="affine.min"):
    m, values = fold_attributes_into_map(m, list(operands))
    m, values = _compose_multi_result(m, values)
    return _create_folded(rewriter, name, m, values, loc)


def value_of(rewriter, x, loc=None):
    """getValueOrCreateConstantIndexOp."""
    if isinstance(x, int):
        return rewriter.create("arith.constant", [], [INDEX],
                               properties={"value": IntegerAttr(INDEX, x)}, loc=loc).results[0]
    return x


def composed_apply(rewriter, expr_or_map, operands, loc=None):
    """makeComposedAffineApply: an affine.apply of the map with the constant operands folded
    in and composed with the operands' affine.apply producers, built without folding it
    (returns the apply's result Value)."""
    m, values = fold_attributes_into_map(map_of(expr_or_map), list(operands))
    m, values = compose_map_and_operands(m, values)
    return rewriter.create("affine.apply", values, [INDEX], properties={"map": AffineMapAttr(m)},
                           loc=loc).results[0]


def resolve_indices_into_offsets_and_strides(rewriter, loc, offsets, strides, dropped, indices):
    """resolveIndicesIntoOpWithOffsetsAndStrides: for each dim of a slice's source, the
    index `offset + index * stride` (index 0 at the `dropped` rank-reduced dims), folded and
    composed, as index Values. `offsets`, `strides`, `indices`: ints or Values."""
    it = iter(indices)
    m = AffineMap(0, 3, [symbol(0) + symbol(1) * symbol(2)])
    out = []
    for d, (off, stride) in enumerate(zip(offsets, strides)):
        idx = 0 if d in dropped else next(it)
        out.append(value_of(rewriter, composed_folded_apply(rewriter, m, [off, idx, stride], loc),
                            loc))
    return out


def resolve_sizes_into_sizes(source_sizes, dest_sizes, dropped):
    """resolveSizesIntoOpWithSizes: the source's sizes at its `dropped` dims, the next of
    `dest_sizes` elsewhere."""
    it = iter(dest_sizes)
    return [s if d in dropped else next(it) for d, s in enumerate(source_sizes)]


def materialize_bound(rewriter, loc, bound, operands):
    """materializeComputedBound: the bound map of pyopt/analysis/value_bounds.py over its
    (value, dim) operands as an int, a Value, or an affine.apply (sizes of shaped values read
    with tensor.dim / memref.dim)."""
    from pyopt.ir.types import MemRefType
    values = []
    for v, d in operands:
        if d is None:
            values.append(v)
            continue
        name = "memref.dim" if isinstance(v.type, MemRefType) else "tensor.dim"
        values.append(rewriter.create(name, [v, value_of(rewriter, d, loc)], [INDEX],
                                      loc=loc).results[0])
    m, values = canonicalize_map_and_operands(bound, values)
    e = m.results[0]
    if m.is_single_constant():
        return m.get_single_constant_result()
    if e.kind is AffineExprKind.DIM or e.kind is AffineExprKind.SYMBOL:
        return values[e.position + (0 if e.kind is AffineExprKind.DIM else m.num_dims)]
    return rewriter.create("affine.apply", values, [INDEX],
                           properties={"map": AffineMapAttr(m)}, loc=loc).results[0]


def independent_upper_bound(rewriter, loc, x, independencies):
    """makeIndependent: an int stays; an index Value becomes its closed upper bound in terms
    of values independent of `independencies` (materialized here), or None."""
    from pyopt.analysis.value_bounds import compute_independent_bound
    from pyopt.dialects import value_bounds_models  # noqa: F401 (the ops' bound models)
    if isinstance(x, int):
        return x
    found = compute_independent_bound(x, None, independencies)
    return None if found is None else materialize_bound(rewriter, loc, *found)
