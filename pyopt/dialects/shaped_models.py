"""Shaped-type interface models (pyopt/interfaces/shaped.py) of memref, tensor and
bufferization ops, attached when this module is imported (by the passes that use them).

Reified result shapes (ReifyRankedShapedTypeOpInterface, as MLIR 19 implements it per op):
memref.expand_shape (its mixed output shape); tensor.empty, generate, splat and
bufferization.alloc_tensor (the result type's sizes, the dynamic ones from the operands);
tensor.expand_shape / collapse_shape (from the source's sizes), pad, extract_slice, concat;
insert_slice, pack and unpack (the dest's sizes). `mixed_sizes` / `folded_dim_value` are the
getMixedSizes / createOrFold<DimOp> helpers these and other shape code use.
ShapedDimOpInterface: memref.dim and tensor.dim."""
from __future__ import annotations

from pyopt.dialects.bufferization import BUFFERIZATION
from pyopt.dialects.memref import MEMREF
from pyopt.dialects.tensor import TENSOR
from pyopt.interfaces import attach
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE, SHAPED_DIM
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType


def _mixed(static, dynamic):
    dyn = iter(dynamic)
    return [next(dyn) if s == DYNAMIC else s for s in static]


class _ExpandShape:
    def reify(self, op, b):
        return [op.mixed_output_shape]


class _FromDynamicSizes:
    """The result's static sizes, its dynamic ones from `sizes(op, b)`."""

    def __init__(self, sizes):
        self.sizes = sizes

    def reify(self, op, b):
        return [_mixed(op.results[0].type.shape, self.sizes(op, b))]


def _index(b, value, loc):
    return b.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, value)},
                    loc=loc).results[0]


def _alloc_tensor_sizes(op, b):
    """bufferization.alloc_tensor: its dynamic sizes, or those of the tensor it copies."""
    if op.copy is None:  # (an optional operand group reads as its Value or None)
        return list(op.dynamic_sizes)
    src, out = op.copy, []
    for i, s in enumerate(op.results[0].type.shape):
        if s == DYNAMIC:
            c = _index(b, i, op.loc)
            out.append(b.create("tensor.dim", [src, c], [INDEX], loc=op.loc).results[0])
    return out


class _Dim:
    """memref.dim, tensor.dim: `source` and `index`."""

    def shaped_value(self, op):
        return op.source

    def dimension(self, op):
        return op.index


class _TensorReshape:
    """tensor.expand_shape / collapse_shape (Tensor's ReifyExpandOrCollapseShapeOp): each
    dynamic size from the source's - the product of the collapsed sizes (createOrFold'ed
    dims), or the expanded group's source size (a new dim) divided by the group's other
    (static) sizes; both as affine.apply composed with its producers, not folded
    (makeComposedAffineApply)."""

    def reify(self, op, b):
        from pyopt.ir.affine import symbol
        from pyopt.dialects.affine.builders import composed_apply
        from pyopt.dialects.memref.common import reassociation_indices
        src, loc = op.src, op.loc
        dst = list(op.results[0].type.shape)
        groups = reassociation_indices(op.reassociation)
        expanding = len(dst) > len(src.type.shape)
        out = []
        for i, s in enumerate(dst):
            if s != DYNAMIC:
                out.append(s)
                continue
            if expanding:
                g = next(k for k, grp in enumerate(groups) if i in grp)
                rest = 1
                for j in groups[g]:
                    if j != i:
                        rest *= dst[j]
                d = b.create("tensor.dim", [src, _index(b, g, loc)], [INDEX],
                             loc=loc).results[0]
                out.append(composed_apply(b, symbol(0).floordiv(rest), [d], loc))
            else:
                grp = groups[i]
                expr, sizes = None, []
                for k, j in enumerate(grp):
                    sizes.append(folded_dim_value(b, src, j, loc))
                    expr = symbol(k) if expr is None else expr * symbol(k)
                out.append(composed_apply(b, expr, sizes, loc))
        return [out]


class _Pad:
    """tensor.pad (ReifyPadOp): source size + low + high."""

    def reify(self, op, b):
        from pyopt.ir.affine import AffineMap, dim, symbol
        from pyopt.dialects.affine.builders import composed_folded_apply, value_of
        loc = op.loc
        low, high = _as_ints(op.mixed_low), _as_ints(op.mixed_high)
        out = []
        for i, s in enumerate(op.results[0].type.shape):
            if s != DYNAMIC:
                out.append(s)
                continue
            m = AffineMap.get(1, 2, [dim(0) + symbol(0) + symbol(1)])
            v = composed_folded_apply(b, m, [folded_dim_value(b, op.source, i, loc), low[i],
                                             high[i]], loc)
            out.append(value_of(b, v, loc))
        return [out]


def _as_ints(mixed):
    """getMixedLowPad / getMixedHighPad: constant Values read as ints (getAsOpFoldResult)."""
    from pyopt.rewrite.matchers import constant_int
    out = []
    for x in mixed:
        c = x if isinstance(x, int) else constant_int(x)
        out.append(x if c is None else c)
    return out


def dropped_dims(reduced_shape, mixed_sizes):
    """getDroppedDims: the static unit sizes a rank-reducing slice drops (matched from the
    back, a unit size kept when the reduced shape also has a 1 there)."""
    dropped, pos = set(), len(reduced_shape) - 1
    for idx in range(len(mixed_sizes) - 1, -1, -1):
        unit = mixed_sizes[idx] == 1 if isinstance(mixed_sizes[idx], int) else False
        if pos < 0:
            dropped.add(idx)
            continue
        if not unit or reduced_shape[pos] == 1:
            pos -= 1
            continue
        dropped.add(idx)
    return dropped


class _ExtractSlice:
    def reify(self, op, b):
        sizes = op.mixed_sizes
        drop = dropped_dims(op.results[0].type.shape, sizes)
        return [[s for i, s in enumerate(sizes) if i not in drop]]


class _DestSizes:
    """tensor.insert_slice, pack, unpack: the dest's sizes (tensor::getMixedSizes)."""

    def reify(self, op, b):
        return [mixed_sizes(b, op.dest, op.loc)]


def folded_dim_value(b, v, i, loc):
    """createOrFold<tensor::DimOp / memref::DimOp>(v, i) as a Value (a static size
    materialized as an arith.constant by the fold)."""
    from pyopt.rewrite.folding import create_or_fold
    name = "memref.dim" if type(v.type) is MemRefType else "tensor.dim"
    return create_or_fold(b, name, [v, _index(b, i, loc)], [INDEX], loc)[0]


def mixed_size(b, v, i, loc):
    """getMixedSize: the static size as an int, else a (folded) dim of `v`."""
    s = v.type.shape[i]
    return s if s != DYNAMIC else folded_dim_value(b, v, i, loc)


def mixed_sizes(b, v, loc):
    """tensor::getMixedSizes / memref::getMixedSizes."""
    return [mixed_size(b, v, i, loc) for i in range(len(v.type.shape))]


class _Concat:
    """tensor.concat (ConcatOp::reifyResultShapes): outside the concatenated dim the result's
    static size, else the inferred static size (as a constant), else the first input's size;
    along it the sum of the inputs' sizes."""

    def reify(self, op, b):
        from pyopt.ir.affine import dim as dim_expr
        from pyopt.dialects.affine.builders import composed_folded_apply, value_of
        from pyopt.dialects.tensor.ops import concat_result_type
        inputs, loc = list(op.inputs), op.loc
        d = op.get_attr("dim").value
        t = op.results[0].type
        inferred = concat_result_type(d, [v.type for v in inputs])
        first = inputs[0]
        out = [None] * len(t.shape)
        for i, s in enumerate(t.shape):
            if i == d:
                continue
            if s != DYNAMIC:
                out[i] = s
            elif inferred.shape[i] != DYNAMIC:
                out[i] = value_of(b, inferred.shape[i], loc)
            else:
                out[i] = b.create("tensor.dim", [first, _index(b, i, first.loc)], [INDEX],
                                  loc=first.loc).results[0]
        if t.shape[d] == DYNAMIC:
            expr = dim_expr(0)
            sizes = [folded_dim_value(b, first, d, first.loc)]
            for k, v in enumerate(inputs[1:]):
                expr = expr + dim_expr(k + 1)
                sizes.append(folded_dim_value(b, v, d, v.loc))
            out[d] = value_of(b, composed_folded_apply(b, expr, sizes, loc), loc)
        else:
            out[d] = t.shape[d]
        return [out]


def _attach():
    attach(MEMREF.ops["memref.expand_shape"], REIFY_RANKED_SHAPED_TYPE, _ExpandShape())
    attach([TENSOR.ops["tensor.expand_shape"], TENSOR.ops["tensor.collapse_shape"]],
           REIFY_RANKED_SHAPED_TYPE, _TensorReshape())
    attach(TENSOR.ops["tensor.pad"], REIFY_RANKED_SHAPED_TYPE, _Pad())
    attach(TENSOR.ops["tensor.extract_slice"], REIFY_RANKED_SHAPED_TYPE, _ExtractSlice())
    attach([TENSOR.ops[n] for n in ("tensor.insert_slice", "tensor.pack",
                                    "tensor.unpack")], REIFY_RANKED_SHAPED_TYPE, _DestSizes())
    attach(TENSOR.ops["tensor.empty"], REIFY_RANKED_SHAPED_TYPE,
           _FromDynamicSizes(lambda op, b: op.dynamicSizes))
    attach(TENSOR.ops["tensor.generate"], REIFY_RANKED_SHAPED_TYPE,
           _FromDynamicSizes(lambda op, b: op.dynamicExtents))
    attach(TENSOR.ops["tensor.splat"], REIFY_RANKED_SHAPED_TYPE,
           _FromDynamicSizes(lambda op, b: op.dynamicSizes))
    attach(TENSOR.ops["tensor.concat"], REIFY_RANKED_SHAPED_TYPE, _Concat())
    alloc_tensor = BUFFERIZATION.ops.get("bufferization.alloc_tensor")  # (not declared yet)
    if alloc_tensor is not None:
        attach(alloc_tensor, REIFY_RANKED_SHAPED_TYPE, _FromDynamicSizes(_alloc_tensor_sizes))
    attach([MEMREF.ops["memref.dim"], TENSOR.ops["tensor.dim"]], SHAPED_DIM, _Dim())


_attach()
