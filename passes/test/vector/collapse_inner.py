"""`-test-vector-transfer-collapse-inner-most-dims`: a transfer whose innermost dims are unit
dims with unit stride in both the memref and the vector reads/writes a rank-reduced
memref.subview without them, with a shape_cast restoring the vector (upstream's
DropInnerMostUnitDimsTransfer{Read,Write})."""
from __future__ import annotations

from pyopt.dialects.memref.views import rank_reduction_mask, subview_result_type
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, StridedLayoutAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX, MemRefType, VectorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import index_const
from passes.conversion.vector_to_scf import xfer_ops as X


def foldable_inner_unit_dims(mt, vt):
    """How many innermost dims are unit (non-scalable) in the vector and unit-sized with
    unit stride in the memref; None when the memref is not strided."""
    so = strides_and_offset(mt)
    if so is None:
        return None
    strides = so[0]
    diff = len(mt.shape) - len(vt.shape)
    n = 0
    for d in range(len(vt.shape) - 1, -1, -1):
        if strides[d + diff] != 1 or mt.shape[d + diff] != 1 or vt.shape[d] != 1 \
                or vt.scalable_dims[d]:
            break
        n += 1
    return n


def rank_reduced_subview(rw, loc, source, drop):
    """A zero-offset, full-size, unit-stride subview of `source` without its `drop`
    innermost (unit) dims; dynamic sizes come from memref.dim."""
    mt = source.type
    rank = len(mt.shape)
    sizes, dyn = [], []
    for d, n in enumerate(mt.shape):
        if n == DYNAMIC:
            dyn.append(rw.create("memref.dim", [source, index_const(rw, loc, d)], [INDEX],
                                 loc=loc).results[0])
        sizes.append(n)
    full = subview_result_type(mt, [0] * rank, sizes, [1] * rank)
    shape = list(mt.shape[:rank - drop])
    dropped = rank_reduction_mask(list(full.shape), shape)
    lay = full.layout
    rt = MemRefType(shape, mt.element_type,
                    StridedLayoutAttr(lay.offset, [s for i, s in enumerate(lay.strides)
                                                   if i not in dropped]), mt.memory_space)
    props = {"static_offsets": DenseArrayAttr(I64, [0] * rank),
             "static_sizes": DenseArrayAttr(I64, sizes),
             "static_strides": DenseArrayAttr(I64, [1] * rank),
             "operandSegmentSizes": segment_sizes([1, 0, len(dyn), 0])}
    return rw.create("memref.subview", [source] + dyn, [rt], properties=props,
                     loc=loc).results[0]


def _dims_to_drop(t, vt):
    if t.perm_map.num_results == 0 or t.mask is not None:
        return 0
    mt = t.source.type
    if type(mt) is not MemRefType or not t.perm_map.is_minor_identity() or len(vt.shape) <= 1:
        return 0
    n = foldable_inner_unit_dims(mt, vt)
    if not n:
        return 0
    ib = t.in_bounds or [False] * len(vt.shape)
    if not all(ib[len(ib) - n:]):
        return 0
    return n


def _reduced(rw, loc, t, vt, n):
    rvt = VectorType(list(vt.shape[:-n]), vt.element_type, list(vt.scalable_dims[:-n]))
    view = rank_reduced_subview(rw, loc, t.source, n)
    m = AffineMap.get_minor_identity(len(view.type.shape), len(rvt.shape))
    ib_attr = t.op.get_attr("in_bounds")
    ib = ArrayAttr(list(ib_attr)[:-n]) if ib_attr is not None else None
    return rvt, view, m, ib, t.indices[:-n]


class DropInnerUnitDimsRead(RewritePattern):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = op.results[0].type
        n = _dims_to_drop(t, vt)
        if not n:
            return False
        rvt, view, m, ib, idx = _reduced(rw, op.loc, t, vt, n)
        new = X.read(rw, op.loc, rvt, view, idx, m, t.padding, None, ib)
        rw.replace_op_with_new_op(op, "vector.shape_cast", [new.results[0]], [vt])
        return True


class DropInnerUnitDimsWrite(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vector.type
        n = _dims_to_drop(t, vt)
        if not n:
            return False
        rvt, view, m, ib, idx = _reduced(rw, op.loc, t, vt, n)
        v = create_or_fold(rw, "vector.shape_cast", [t.vector], [rvt], op.loc)[0]
        new = X.write(rw, op.loc, v, view, idx, m, None, ib)
        rw.replace_op(op, list(new.results))
        return True


@register_pass("test-vector-transfer-collapse-inner-most-dims",
               "Test lowering patterns that reducedes the rank of the vector transfer memory "
               "and vector operands.", anchor="func.func")
def test_collapse_inner(op, ctx, options):
    apply_patterns_greedily(op, [DropInnerUnitDimsRead(), DropInnerUnitDimsWrite()], ctx,
                            GreedyConfig(top_down=False))
