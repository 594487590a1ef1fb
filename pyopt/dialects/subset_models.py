"""SubsetOpInterface models (pyopt/interfaces/subset.py) of tensor.extract_slice /
insert_slice and vector.transfer_read / transfer_write, attached when this module is imported
(by loop-invariant-subset-hoisting).

Slices access the hyperrectangle of their offsets/sizes/strides; transfers the one at their
indices with the sizes of the vector along the dimensions the permutation map names (unit
elsewhere)."""
from __future__ import annotations

from pyopt.dialects.tensor import TENSOR
from pyopt.dialects.vector import VECTOR
from pyopt.interfaces import attach
from pyopt.interfaces.subset import SUBSET_OP, fixed_operand_position
from pyopt.ir.affine import AffineExprKind


def _slice_of_slice(op):
    return op.mixed_offsets, op.mixed_sizes, op.mixed_strides


def _slice_of_transfer(op):
    pmap = op.permutation_map.value
    sizes = [1] * pmap.num_dims
    for e, n in zip(pmap.results, op.vector.type.shape):
        if e.kind is AffineExprKind.DIM:
            sizes[e.position] = n
    return op.indices, sizes, [1] * len(sizes)


class _Subset:
    def __init__(self, opdef, slice_, source, destination=None):
        self.is_insertion = destination is not None
        self.source_index = fixed_operand_position(opdef, source)
        if destination is not None:
            self.destination_index = fixed_operand_position(opdef, destination)
        self.slice = slice_


def _attach():
    ops = {**TENSOR.ops, **VECTOR.ops}
    for name, slice_, source, dest in (
            ("tensor.extract_slice", _slice_of_slice, "source", None),
            ("tensor.insert_slice", _slice_of_slice, "source", "dest"),
            ("vector.transfer_read", _slice_of_transfer, "source", None),
            ("vector.transfer_write", _slice_of_transfer, "vector", "source")):
        d = ops[name]
        attach(d, SUBSET_OP, _Subset(d, slice_, source, dest))


_attach()
