"""Shaped-type interface models (pyopt/interfaces/shaped.py) of memref, tensor and
bufferization ops, attached when this module is imported (by the passes that use them).

Reified result shapes: memref.expand_shape and tensor.expand_shape (their mixed output shape),
tensor.empty and bufferization.alloc_tensor (the result type's sizes, the dynamic ones from
the operands) - the ops whose sizes upstream reifies without building new arithmetic.
ShapedDimOpInterface: memref.dim and tensor.dim."""
from __future__ import annotations

from pyopt.dialects.bufferization import BUFFERIZATION
from pyopt.dialects.memref import MEMREF
from pyopt.dialects.tensor import TENSOR
from pyopt.interfaces import attach
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE, SHAPED_DIM
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, INDEX


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
    g = op.opdef.get_group
    copy = list(g(op, "operand", 1))
    if not copy:
        return list(g(op, "operand", 0))
    src, out = copy[0], []
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
    dynamic size from the source's - the product of the collapsed sizes, or the expanded
    group's source size divided by the group's other (static) sizes."""

    def reify(self, op, b):
        from pyopt.ir.affine import symbol
        from pyopt.dialects.affine.builders import composed_folded_apply
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
                out.append(composed_folded_apply(b, symbol(0).floordiv(rest), [d], loc))
            else:
                grp = groups[i]
                expr, sizes = None, []
                for k, j in enumerate(grp):
                    sizes.append(_folded_dim(b, src, j, loc))
                    expr = symbol(k) if expr is None else expr * symbol(k)
                out.append(composed_folded_apply(b, expr, sizes, loc))
        return [out]


class _Pad:
    """tensor.pad (ReifyPadOp): source size + low + high."""

    def reify(self, op, b):
        from pyopt.ir.affine import AffineMap, dim, symbol
        from pyopt.dialects.affine.builders import composed_folded_apply, value_of
        loc = op.loc
        low, high = op.mixed_low, op.mixed_high
        out = []
        for i, s in enumerate(op.results[0].type.shape):
            if s != DYNAMIC:
                out.append(s)
                continue
            m = AffineMap.get(1, 2, [dim(0) + symbol(0) + symbol(1)])
            v = composed_folded_apply(b, m, [_folded_dim(b, op.source, i, loc), low[i],
                                             high[i]], loc)
            out.append(value_of(b, v, loc))
        return [out]


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
    """Destination-style tensor ops (insert, insert_slice, pack, unpack): the dest's sizes
    (tensor::getMixedSizes)."""

    def reify(self, op, b):
        d = op.dest
        return [[_folded_dim(b, d, i, op.loc) for i in range(len(d.type.shape))]]


def _folded_dim(b, v, i, loc):
    """createOrFold<tensor::DimOp>: a static size as an int."""
    s = v.type.shape[i]
    if s != DYNAMIC:
        return s
    return b.create("tensor.dim", [v, _index(b, i, loc)], [INDEX], loc=loc).results[0]


def _attach():
    attach(MEMREF.ops["memref.expand_shape"], REIFY_RANKED_SHAPED_TYPE, _ExpandShape())
    attach([TENSOR.ops["tensor.expand_shape"], TENSOR.ops["tensor.collapse_shape"]],
           REIFY_RANKED_SHAPED_TYPE, _TensorReshape())
    attach(TENSOR.ops["tensor.pad"], REIFY_RANKED_SHAPED_TYPE, _Pad())
    attach(TENSOR.ops["tensor.extract_slice"], REIFY_RANKED_SHAPED_TYPE, _ExtractSlice())
    attach([TENSOR.ops[n] for n in ("tensor.insert", "tensor.insert_slice", "tensor.pack",
                                    "tensor.unpack")], REIFY_RANKED_SHAPED_TYPE, _DestSizes())
    attach(TENSOR.ops["tensor.empty"], REIFY_RANKED_SHAPED_TYPE,
           _FromDynamicSizes(lambda op, b: op.dynamicSizes))
    alloc_tensor = BUFFERIZATION.ops.get("bufferization.alloc_tensor")  # (not declared yet)
    if alloc_tensor is not None:
        attach(alloc_tensor, REIFY_RANKED_SHAPED_TYPE, _FromDynamicSizes(_alloc_tensor_sizes))
    attach([MEMREF.ops["memref.dim"], TENSOR.ops["tensor.dim"]], SHAPED_DIM, _Dim())


_attach()
