"""Builders of the vector transfer ops (TransferReadOp/TransferWriteOp::build): they fill in
the operand segment sizes and the result type (a write to a tensor returns the new tensor)."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, BoolAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import RankedTensorType


def bool_array(values):
    return ArrayAttr([BoolAttr(bool(x)) for x in values])


def _in_bounds(in_bounds, rank):
    if in_bounds is None:  # (the builders' default: every dim may be out of bounds)
        return bool_array([False] * rank)
    return in_bounds if isinstance(in_bounds, ArrayAttr) else bool_array(in_bounds)


def transfer_read(b, loc, vtype, source, indices, perm_map, padding, mask=None,
                  in_bounds=None):
    props = {"permutation_map": AffineMapAttr(perm_map),
             "in_bounds": _in_bounds(in_bounds, len(vtype.shape)),
             "operandSegmentSizes": segment_sizes([1, len(indices), 1, int(mask is not None)])}
    ops = [source] + list(indices) + [padding] + ([mask] if mask is not None else [])
    return b.create("vector.transfer_read", ops, [vtype], properties=props, loc=loc)


def transfer_write(b, loc, vector, dest, indices, perm_map, mask=None, in_bounds=None):
    props = {"permutation_map": AffineMapAttr(perm_map),
             "in_bounds": _in_bounds(in_bounds, len(vector.type.shape)),
             "operandSegmentSizes": segment_sizes([1, 1, len(indices), int(mask is not None)])}
    ops = [vector, dest] + list(indices) + ([mask] if mask is not None else [])
    rt = [dest.type] if type(dest.type) is RankedTensorType else []
    return b.create("vector.transfer_write", ops, rt, properties=props, loc=loc)
