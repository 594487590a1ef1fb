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


def _attach():
    attach([MEMREF.ops["memref.expand_shape"], TENSOR.ops["tensor.expand_shape"]],
           REIFY_RANKED_SHAPED_TYPE, _ExpandShape())
    attach(TENSOR.ops["tensor.empty"], REIFY_RANKED_SHAPED_TYPE,
           _FromDynamicSizes(lambda op, b: op.dynamicSizes))
    alloc_tensor = BUFFERIZATION.ops.get("bufferization.alloc_tensor")  # (not declared yet)
    if alloc_tensor is not None:
        attach(alloc_tensor, REIFY_RANKED_SHAPED_TYPE, _FromDynamicSizes(_alloc_tensor_sizes))
    attach([MEMREF.ops["memref.dim"], TENSOR.ops["tensor.dim"]], SHAPED_DIM, _Dim())


_attach()
