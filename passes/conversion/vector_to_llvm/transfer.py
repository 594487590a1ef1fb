"""vector.transfer_read/transfer_write on the way to LLVM (upstream's transfer lowering and
mask materialization patterns, LowerVectorTransfer.cpp / VectorTransforms.cpp).

- A transfer whose permutation map is a minor identity (broadcast dims allowed for reads) on a
  memref with unit innermost stride, with no out-of-bounds dimension, becomes vector.load /
  vector.store (maskedload / maskedstore when it has a mask), then a broadcast for the
  broadcast dims. Before the conversion only rank <= 1 transfers are rewritten; higher ranks
  are convert-vector-to-scf's.
- During the conversion, an out-of-bounds 1-D transfer first gets the in-bounds mask
  `create_mask(dim - last index)` (and-ed with its own mask) and is marked in bounds.
- Single-element vector.load / vector.store become memref.load + broadcast and
  extract + memref.store."""
from __future__ import annotations

from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineConstantExpr, AffineDimExpr
from pyopt.ir.attributes import ArrayAttr, BoolAttr, DenseArrayAttr, IntegerAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, I64, INDEX, MemRefType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.diagnostics import Diagnostic, MLIRError


# -- shared transfer queries (VectorToSCF uses them too) ---------------------------------------
def minor_identity_broadcast_dims(m):
    """isMinorIdentityWithBroadcasting: the broadcast result positions, or None."""
    if m.num_dims < m.num_results:
        return None
    start = m.num_dims - m.num_results
    dims = []
    for i, e in enumerate(m.results):
        if type(e) is AffineConstantExpr:
            if e.value != 0:
                return None
            dims.append(i)
        elif type(e) is not AffineDimExpr or e.position != start + i:
            return None
    return dims


def is_broadcast_dim(m, i):
    e = m.results[i]
    return type(e) is AffineConstantExpr and e.value == 0


def is_dim_in_bounds(t, i):
    if is_broadcast_dim(t.perm_map, i):
        return True
    ib = t.in_bounds
    return bool(ib) and ib[i]


def has_out_of_bounds_dim(t):
    return any(not is_dim_in_bounds(t, i) for i in range(t.perm_map.num_results))


def last_dim_unit_stride(mt):
    so = strides_and_offset(mt)
    return so is not None and (not so[0] or so[0][-1] == 1)


def index_const(rw, loc, v):
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                     loc=loc).results[0]


def create_or_fold_dim(rw, loc, source, d):
    """vector::createOrFoldDimOp on a memref: the index constant, then memref.dim (folded to
    a second constant when the size is static)."""
    n = source.type.shape[d]
    if n == DYNAMIC and type(source.type) is not MemRefType:
        raise MLIRError(Diagnostic("error", loc, "the dynamic size of a tensor is needed "
                                   "(tensor.dim), but pyopt has no tensor dialect"))
    idx = index_const(rw, loc, d)
    if n != DYNAMIC:
        return index_const(rw, loc, n)
    return rw.create("memref.dim", [source, idx], [INDEX], loc=loc).results[0]


def set_transfer_mask(op, mask, in_bounds=None):
    """Replaces (or adds) the mask operand of a transfer op in place."""
    t = Transfer(op)
    seg = list(op.properties["operandSegmentSizes"].values)
    if t.mask is not None:
        op.set_operand(len(op.operand_slots) - 1, mask)
    else:
        op.set_operands(list(op.operands) + [mask])
        seg[-1] = 1
        op.properties["operandSegmentSizes"] = segment_sizes(seg)
    if in_bounds is not None:
        op.set_attr("in_bounds", ArrayAttr([BoolAttr(b) for b in in_bounds]))


# -- patterns ------------------------------------------------------------------------------------
class _TransferToMemoryOp(RewritePattern):
    """Transfers of at most `max_rank` dims (any with None), not inside a vector.mask."""

    def __init__(self, max_rank=None):
        super().__init__()
        self.max_rank = max_rank

    def _transfer(self, op):
        t = Transfer(op)
        if self.max_rank is not None and len(t.vtype.shape) > self.max_rank:
            return None
        return None if _masked_by_parent(op) else t


class TransferReadToLoad(_TransferToMemoryOp):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = self._transfer(op)
        if t is None:
            return False
        vt = t.vtype
        bcast = minor_identity_broadcast_dims(t.perm_map)
        mt = t.source.type
        if bcast is None or type(mt) is not MemRefType or not last_dim_unit_stride(mt):
            return False
        shape = list(vt.shape)
        for i in bcast:
            shape[i] = 1
        unbcast = VectorType(shape, vt.element_type, vt.scalable_dims)
        et = mt.element_type
        if type(et) is VectorType:
            if et is not unbcast:
                return False
        elif et is not vt.element_type:
            return False
        if has_out_of_bounds_dim(t):
            return False
        loc, mask = op.loc, t.mask
        if mask is not None:
            if len(vt.shape) != 1:
                return False
            fill = rw.create("vector.splat", [t.padding], [unbcast], loc=loc).results[0]
            res = rw.create("vector.maskedload", [t.source] + t.indices + [mask, fill],
                            [unbcast], loc=loc).results[0]
        else:
            res = rw.create("vector.load", [t.source] + t.indices, [unbcast],
                            loc=loc).results[0]
        if bcast:
            res = rw.create("vector.broadcast", [res], [vt], loc=loc).results[0]
        rw.replace_op(op, [res])
        return True


class TransferWriteToStore(_TransferToMemoryOp):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = self._transfer(op)
        if t is None or not t.perm_map.is_minor_identity():
            return False
        vt = t.vtype
        mt = t.source.type
        if type(mt) is not MemRefType or not last_dim_unit_stride(mt):
            return False
        et = mt.element_type
        if type(et) is VectorType:
            if et is not vt:
                return False
        elif et is not vt.element_type:
            return False
        if has_out_of_bounds_dim(t):
            return False
        loc, mask = op.loc, t.mask
        if mask is not None:
            if len(vt.shape) != 1:
                return False
            rw.create("vector.maskedstore", [t.source] + t.indices + [mask, t.vector], [],
                      loc=loc)
        else:
            rw.create("vector.store", [t.vector, t.source] + t.indices, [], loc=loc)
        rw.erase_op(op)
        return True


def _masked_by_parent(op):
    p = op.parent_op
    return p is not None and p.name == "vector.mask"


def _num_elements(vt):
    n = 1
    for s in vt.shape:
        n *= s
    return n


class LoadToMemrefLoad(RewritePattern):
    """A single-element vector.load: memref.load + broadcast."""
    root = "vector.load"

    def match_and_rewrite(self, op, rw):
        vt = op.results[0].type
        if _num_elements(vt) != 1:
            return False
        loc = op.loc
        v = rw.create("memref.load", list(op.operands), [vt.element_type], loc=loc).results[0]
        rw.replace_op(op, [rw.create("vector.broadcast", [v], [vt], loc=loc).results[0]])
        return True


class StoreToMemrefStore(RewritePattern):
    """A single-element vector.store: extract the element + memref.store."""
    root = "vector.store"

    def match_and_rewrite(self, op, rw):
        value = op.valueToStore
        vt = value.type
        if _num_elements(vt) != 1:
            return False
        loc = op.loc
        if not vt.shape:
            e = rw.create("vector.extractelement", [value], [vt.element_type],
                          loc=loc).results[0]
        else:
            e = rw.create("vector.extract", [value], [vt.element_type], loc=loc, properties={
                "static_position": DenseArrayAttr(I64, [0] * len(vt.shape))}).results[0]
        rw.create("memref.store", [e, op.base] + op.indices, [], loc=loc)
        rw.erase_op(op)
        return True


class MaterializeTransferMask(RewritePattern):
    """An out-of-bounds (at most 1-D) transfer: masked by `[0, n) < dim - last index`."""

    def __init__(self, root):
        super().__init__(root)

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vtype
        if not has_out_of_bounds_dim(t) or len(vt.shape) > 1 or not t.indices:
            return False
        loc = op.loc
        indices = t.indices
        last = len(indices) - 1
        dim = create_or_fold_dim(rw, loc, t.source, last)
        b = rw.create("arith.subi", [dim, indices[last]], [INDEX], loc=loc).results[0]
        mask = rw.create("vector.create_mask", [b],
                         [VectorType(vt.shape, I1, vt.scalable_dims)], loc=loc).results[0]
        if t.mask is not None:
            mask = rw.create("arith.andi", [mask, t.mask], [mask.type], loc=loc).results[0]
        rw.modify_op_in_place(op, lambda: set_transfer_mask(op, mask, [True]))
        return True


def prepare_patterns():
    """The vector-to-vector phase: transfers of rank <= 1 only."""
    return [TransferReadToLoad(1), TransferWriteToStore(1), LoadToMemrefLoad(),
            StoreToMemrefStore()]


def conversion_patterns():
    return [MaterializeTransferMask("vector.transfer_read"),
            MaterializeTransferMask("vector.transfer_write"),
            TransferReadToLoad(), TransferWriteToStore(), LoadToMemrefLoad(),
            StoreToMemrefStore()]
