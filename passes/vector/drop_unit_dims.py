"""Unit dims of a memref dropped under its in-bounds transfers (19's
populateVectorTransferDropUnitDimsPatterns, apply_patterns.vector.rank_reducing_subview_patterns):
an in-bounds, minor-identity transfer at index 0 of a memref with unit dims goes through a
rank-reducing memref.subview without them, with the vector (and a vector.create_mask mask)
trimmed of its non-scalable unit dims and a shape_cast restoring the vector's type."""
from __future__ import annotations

from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.slice_canonicalize import slice_properties
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.dialects.vector.transforms.shape_cast import ShapeCastPairFolder
from pyopt.interfaces.bufferizable_rewrite import rank_reduced_subview_type
from pyopt.ir.affine import AffineMap
from pyopt.ir.memref_layout import canonicalize_strided_layout
from pyopt.ir.types import DYNAMIC, MemRefType, VectorType
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import has_out_of_bounds_dim, index_const
from passes.conversion.vector_to_scf import xfer_ops as X


def trim_unit_dims(t):
    """trimNonScalableUnitDims (all of them: a vector of ones becomes 0-D)."""
    keep = [(d, s) for d, s in zip(t.shape, t.scalable_dims) if d != 1 or s]
    return VectorType([d for d, _ in keep], t.element_type, [s for _, s in keep])


def _subview_without_unit_dims(rw, loc, source):
    """rankReducingSubviewDroppingUnitDims: `source` itself when that changes nothing."""
    mt = source.type
    rank = len(mt.shape)
    sizes = mixed_sizes(rw, source, loc)
    static = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    shape = [s for s in static if s != 1]
    rt = canonicalize_strided_layout(rank_reduced_subview_type(shape, mt, [0] * rank, static,
                                                               [1] * rank))
    if rt == canonicalize_strided_layout(mt):
        return source
    props, dyn = slice_properties([0] * rank, sizes, [1] * rank, 1)
    return rw.create("memref.subview", [source] + dyn, [rt], properties=props,
                     loc=loc).results[0]


def _reduced_mask(rw, loc, mask):
    """createMaskDropNonScalableUnitDims: the create_mask without its unit dims (each of
    which must be the constant 1), or None."""
    cm = defining(mask, "vector.create_mask")
    if cm is None:
        return None
    t = mask.type
    rt = trim_unit_dims(t)
    if len(rt.shape) == len(t.shape):
        return None
    kept = []
    for d, s, v in zip(t.shape, t.scalable_dims, cm.operands):
        if d == 1 and not s:
            if constant_int(v) != 1:
                return None
            continue
        kept.append(v)
    return rw.create("vector.create_mask", kept, [rt], loc=loc).results[0]


def _matches(t):
    """The common preconditions; the trimmed vector type, or None."""
    mt = t.source.type
    if type(mt) is not MemRefType or has_out_of_bounds_dim(t) or \
            not t.perm_map.is_minor_identity():
        return None
    rank = sum(1 for d in mt.shape if d != 1)
    if rank == len(mt.shape):
        return None
    rvt = trim_unit_dims(t.vtype)
    if len(rvt.shape) != rank or any(constant_int(i) != 0 for i in t.indices):
        return None
    return rvt


def _operands(rw, t, rvt):
    """(mask, view, zero indices, identity map, in_bounds) of the reduced transfer, or None
    when its mask cannot be reduced."""
    loc, mask = t.op.loc, t.mask
    if mask is not None:
        mask = _reduced_mask(rw, loc, mask)
        if mask is None:
            return None
    view = _subview_without_unit_dims(rw, loc, t.source)
    n = len(rvt.shape)
    zero = index_const(rw, loc, 0)
    return (mask, view, [zero] * n, AffineMap.get_multi_dim_identity(n),
            X.bool_array([True] * n))


class TransferReadDropUnitDims(RewritePattern):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        rvt = _matches(t)
        got = _operands(rw, t, rvt) if rvt is not None else None
        if got is None:
            return False
        mask, view, idx, m, ib = got
        new = X.read(rw, op.loc, rvt, view, idx, m, t.padding, mask, ib).results[0]
        rw.replace_op(op, create_or_fold(rw, "vector.shape_cast", [new], [t.vtype], op.loc))
        return True


class TransferWriteDropUnitDims(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        rvt = _matches(t)
        got = _operands(rw, t, rvt) if rvt is not None else None
        if got is None:
            return False
        mask, view, idx, m, ib = got
        v = create_or_fold(rw, "vector.shape_cast", [t.vector], [rvt], op.loc)[0]
        X.write(rw, op.loc, v, view, idx, m, mask, ib)
        rw.erase_op(op)
        return True


def drop_unit_dims_patterns():
    return [TransferReadDropUnitDims(), TransferWriteDropUnitDims(), ShapeCastPairFolder()]
