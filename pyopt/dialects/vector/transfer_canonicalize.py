"""Folds and canonicalization patterns of the vector memory ops and of vector.mask
(VectorOps.cpp): transfer_read/transfer_write (store-to-load forwarding, dead and
overwritten writes, in_bounds inference, all-true mask removal, memref.cast folding),
load/store/maskedload/maskedstore/gather/scatter/expandload/compressstore with constant
masks, and all-true / empty vector.mask."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, AffineConstantExpr, AffineDimExpr, dim as adim
from pyopt.ir.attributes import ArrayAttr, BoolAttr, DenseElementsAttr
from pyopt.ir.types import RankedTensorType, DYNAMIC
from pyopt.rewrite.matchers import constant_int, equal_constant_or_value
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.vector.builders import transfer_write
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.vector.folds import (defining, const_int, const_of, scalar_attr, mask_format, ALL_TRUE,
                    ALL_FALSE)

FOLDS = {}
PATTERNS = {}


def _fold(name):
    def deco(fn):
        FOLDS["vector." + name] = fn
        return fn
    return deco


def _pat(name):
    def deco(fn):
        PATTERNS.setdefault("vector." + name, []).append(
            RewritePattern("vector." + name, 1, fn))
        return fn
    return deco


def _fold_memref_cast(op):
    from pyopt.dialects.memref.canonicalize import fold_memref_cast
    return fold_memref_cast(op)


def _fold_tensor_cast(op):
    if type(op.source.type) is not RankedTensorType:  # (the only operand a cast can feed)
        return False
    from pyopt.dialects.tensor.canonicalize import fold_tensor_cast
    return fold_tensor_cast(op)


# ---------------------------------------------------------------------------- accessors
class Transfer:
    """A transfer_read / transfer_write seen through what the two have in common: the named
    accessors both declare (source, indices, mask and `vector`, the read's result or the
    write's operand) and the queries on their permutation map and in_bounds."""
    __slots__ = ("op",)

    def __init__(self, op):
        self.op = op

    @property
    def is_read(self):
        return self.op.name == "vector.transfer_read"

    @property
    def source(self):
        return self.op.source

    @property
    def vector(self):
        return self.op.vector

    @property
    def indices(self):
        return list(self.op.indices)

    @property
    def mask(self):
        return self.op.mask

    @property
    def padding(self):
        return self.op.padding

    @property
    def perm_map(self):
        return self.op.get_attr("permutation_map").value

    @property
    def in_bounds(self):
        ib = self.op.get_attr("in_bounds")
        return [bool(x.value) for x in ib] if ib is not None else []

    @property
    def vtype(self):
        return self.vector.type

    def has_out_of_bounds_dim(self):
        return not all(self.in_bounds) if self.in_bounds else bool(self.vtype.shape)

    def same_indices(self, other):
        a, b = self.indices, other.indices
        return len(a) == len(b) and all(x is y for x, y in zip(a, b))

    def chunk_accessed(self):
        """getTransferChunkAccessed: per source dim, the vector size read/written there."""
        m = self.perm_map
        sizes = [0] * m.num_dims
        for e, s in zip(m.results, self.vtype.shape):
            if type(e) is AffineDimExpr:
                sizes[e.position] = s
        return sizes


def _clear_mask(op):
    """Drops the mask operand (and its operandSegmentSizes entry)."""
    seg = list(op.properties["operandSegmentSizes"].values)
    op.erase_operand(len(op.operand_slots) - 1)
    seg[-1] = 0
    op.properties["operandSegmentSizes"] = segment_sizes(seg)


def _fold_in_bounds(t):
    """Marks dims whose constant index plus vector size fits the static source dim."""
    vt = t.vtype
    if not vt.shape:
        return False
    m = t.perm_map
    shaped = t.source.type
    idx = t.indices
    old = t.in_bounds or [False] * len(vt.shape)
    new, changed = [], False
    for i, e in enumerate(m.results):
        if old[i]:
            new.append(True)
            continue
        ok = False
        if type(e) is AffineDimExpr and shaped.shape[e.position] != DYNAMIC:
            c = const_int(idx[e.position])
            ok = c is not None and c + vt.shape[i] <= shaped.shape[e.position]
        new.append(ok)
        changed |= ok
    if not changed:
        return False
    t.op.set_attr("in_bounds", ArrayAttr([BoolAttr(b) for b in new]))
    return True


def _fold_full_mask(t):
    m = t.mask
    if m is None or mask_format(m) != ALL_TRUE:
        return False
    _clear_mask(t.op)
    return True


def _splat_write_matches_masked_read(w, r):
    """isSplatWriteConsistentWithMaskedRead: a constant splat written, read back with the
    same value as padding under a mask."""
    rm, wm = r.mask, w.mask
    if rm is None or (wm is not None and wm is not rm):
        return False
    c = const_of(w.vector)
    if type(c) is not DenseElementsAttr or not c.is_splat:
        return False
    return const_of(r.padding) is scalar_attr(c.element_type, c.values[0])


def _same_value_raw(w, r):
    return not w.has_out_of_bounds_dim() and w.same_indices(r) and w.vtype is r.vtype and \
        w.perm_map is r.perm_map and \
        ((w.mask is None and r.mask is None) or _splat_write_matches_masked_read(w, r))


def _same_value_waw(w, prior):
    return prior.same_indices(w) and prior.mask is w.mask and prior.vtype is w.vtype and \
        prior.perm_map is w.perm_map


def _disjoint_indices(a, b):
    """isDisjointTransferIndices with constant indices only."""
    if a.vtype is not b.vtype:
        return False
    ia, ib = a.indices, b.indices
    lead = len(a.source.type.shape) - len(a.vtype.shape)
    for i, (x, y) in enumerate(zip(ia, ib)):
        cx, cy = const_int(x), const_int(y)
        if cx is None or cy is None:
            continue
        if i < lead:
            if cx != cy:
                return True
        elif abs(cx - cy) >= a.vtype.shape[i - lead]:
            return True
    return False


def _prior_write(v):
    d = defining(v, "vector.transfer_write")
    return Transfer(d) if d is not None else None


# ---------------------------------------------------------------------------- transfer_read
@_fold("transfer_read")
def _fold_transfer_read(op, consts):
    t = Transfer(op)
    if type(t.source.type) is RankedTensorType:
        w = _prior_write(t.source)
        while w is not None:
            if _same_value_raw(w, t):
                return w.vector
            if not _disjoint_indices(w, t):
                break
            w = _prior_write(w.source)
    if (_fold_in_bounds(t) or _fold_full_mask(t) or _fold_memref_cast(op)
            or _fold_tensor_cast(op)):
        return op.results[0]
    return None


def _unused_dims(m):
    return [not m.is_function_of_dim(i) for i in range(m.num_dims)]


def _compress_unused_dims(m):
    used = [i for i in range(m.num_dims) if m.is_function_of_dim(i)]
    remap = {d: k for k, d in enumerate(used)}
    dims = [adim(remap[i]) if i in remap else adim(0) for i in range(m.num_dims)]
    return AffineMap(len(used), m.num_symbols,
                     [e.replace_dims(dims) for e in m.results])


def minor_identity_bcast_perm(m):
    """AffineMap::isPermutationOfMinorIdentityWithBroadcasting: the permutation, or None."""
    nres, nin = m.num_results, m.num_inputs
    start = nin - nres if nres < nin else 0
    lead = nres - nin if nres > nin else 0
    perm = [0] * nres
    found = [False] * max(nin, nres)
    bcast = []
    for i, e in enumerate(m.results):
        if type(e) is AffineConstantExpr:
            if e.value != 0:
                return None
            bcast.append(i)
        elif type(e) is AffineDimExpr:
            if e.position < start:
                return None
            p = e.position - start + lead
            perm[i] = p
            found[p] = True
        else:
            return None
    pos = 0
    for i in bcast:
        while pos < len(found) and found[pos]:
            pos += 1
        perm[i] = pos
        pos += 1
    return perm


@_pat("transfer_read")
def TransferReadAfterWriteToBroadcast(op, rw):
    """read(write(v)) of the same chunk with other permutations -> transpose(broadcast(v))."""
    from pyopt.ir.types import VectorType
    r = Transfer(op)
    if r.has_out_of_bounds_dim() or type(r.source.type) is not RankedTensorType:
        return False
    w = _prior_write(r.source)
    if w is None or r.chunk_accessed() != w.chunk_accessed():
        return False
    if _unused_dims(r.perm_map) != _unused_dims(w.perm_map):
        return False
    if not r.same_indices(w) or r.mask is not w.mask:
        return False
    rm, wm = _compress_unused_dims(r.perm_map), _compress_unused_dims(w.perm_map)
    if rm.num_dims != wm.num_results:
        return False
    m = rm.compose(wm)
    if m.num_results == 0:
        return False
    perm = minor_identity_bcast_perm(m)
    if perm is None:
        return False
    vt = r.vtype
    shape, scal = [0] * len(vt.shape), [False] * len(vt.shape)
    for i, p in enumerate(perm):
        shape[p] = vt.shape[i]
        scal[p] = vt.scalable_dims[i]
    bt = VectorType(shape, w.vtype.element_type, scal)
    b = rw.create("vector.broadcast", [w.vector], [bt], loc=op.loc).results[0]
    from pyopt.ir.attributes import DenseArrayAttr
    from pyopt.ir.types import I64
    rw.replace_op_with_new_op(op, "vector.transpose", operands=[b], result_types=[vt],
                              properties={"permutation": DenseArrayAttr(I64, perm)})
    return True


# ---------------------------------------------------------------------------- transfer_write
def _read_init_write(w):
    """write(read(t)) of the whole static tensor at zero indices -> t."""
    tt = w.source.type
    if not w.vtype.shape or type(tt) is not RankedTensorType:
        return None
    rd = defining(w.vector, "vector.transfer_read")
    if rd is None:
        return None
    r = Transfer(rd)
    if not r.vtype.shape or not r.perm_map.is_minor_identity() or \
            not w.perm_map.is_minor_identity():
        return None
    if len(r.vtype.shape) != len(w.vtype.shape) or r.has_out_of_bounds_dim() or \
            w.has_out_of_bounds_dim():
        return None
    if r.source.type is not tt or r.vtype is not w.vtype or \
            list(r.vtype.shape) != list(tt.shape):
        return None
    if any(const_int(v) != 0 for v in r.indices + w.indices):
        return None
    return r.source


def _war(w):
    """write(read(t)) back to the same place of t -> t."""
    if type(w.source.type) is not RankedTensorType:
        return None
    rd = defining(w.vector, "vector.transfer_read")
    if rd is None:
        return None
    r = Transfer(rd)
    if r.source is w.source and r.same_indices(w) and r.perm_map is w.perm_map and \
            r.vtype is w.vtype and r.mask is None and w.mask is None:
        return r.source
    return None


@_fold("transfer_write")
def _fold_transfer_write(op, consts):
    w = Transfer(op)
    for f in (_read_init_write, _war):
        v = f(w)
        if v is not None:
            return [v]
    if _fold_in_bounds(w) or _fold_full_mask(w) or _fold_memref_cast(op):
        return list(op.results)
    return None


@_pat("transfer_write")
def FoldWaw(op, rw):
    """A write fully overwritten by a later one is skipped in the tensor SSA chain."""
    w = Transfer(op)
    if type(w.source.type) is not RankedTensorType:
        return False
    to_modify = w
    prior = _prior_write(w.source)
    while prior is not None:
        if _same_value_waw(w, prior):
            rw.modify_op_in_place(to_modify.op,
                                  lambda: to_modify.op.set_operand(1, prior.source))
            return True
        if not _disjoint_indices(prior, w) or not prior.op.results[0].has_one_use():
            return False
        to_modify = prior
        prior = _prior_write(prior.source)
    return False



def _unit_strides(op):
    return all(constant_int(x) == 1 for x in op.mixed_strides)


def SwapExtractSliceOfTransferWrite(op, rw):
    """insert_slice(extract_slice(write(v, t)), d) where the write covers all of t and the
    slice starts at 0 -> insert_slice(write(v, extract_slice(d))): the write goes straight
    into the destination's slice (in_bounds reset for the folder to infer again)."""
    ex = defining(op.source, "tensor.extract_slice")
    if not _unit_strides(op) or ex is None or not _unit_strides(ex) or \
            not ex.results[0].has_one_use():
        return False
    wr = defining(ex.source, "vector.transfer_write")
    if wr is None or not wr.results[0].has_one_use():
        return False
    w = Transfer(wr)
    slice_type = op.source.type
    if len(slice_type.shape) != w.perm_map.num_results:  # rank-reducing chain
        return False
    if any(constant_int(x) != 0 for x in ex.mixed_offsets) or \
            any(constant_int(x) != 0 for x in w.indices):
        return False
    sizes, ex_sizes = op.mixed_sizes, ex.mixed_sizes
    if len(sizes) != len(ex_sizes) or not all(map(equal_constant_or_value, sizes, ex_sizes)):
        return False
    written = [w.source.type.shape[e.position] if type(e) is AffineDimExpr else 0
               for e in w.perm_map.results]
    if w.mask is not None or list(w.vtype.shape) != written:
        return False
    from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
    rw.set_insertion_point(op)
    dest_slice = create_extract_slice(rw, slice_type, op.dest, op.mixed_offsets, sizes,
                                      op.mixed_strides, ex.loc)
    new = transfer_write(rw, wr.loc, w.vector, dest_slice, w.indices, w.perm_map)
    rw.modify_op_in_place(op, lambda: setattr(op, "source", new.results[0]))
    return True


# (rooted at tensor.insert_slice; the transfer_write's canonicalization set carries it, as
# in MLIR)
PATTERNS["vector.transfer_write"].append(
    RewritePattern("tensor.insert_slice", 1, SwapExtractSliceOfTransferWrite))

# ---------------------------------------------------------------------------- load / store
@_fold("load")
def _fold_load(op, consts):
    return op.results[0] if _fold_memref_cast(op) else None


@_fold("store")
def _fold_store(op, consts):
    return [] if _fold_memref_cast(op) else None


@_fold("maskedload")
def _fold_maskedload(op, consts):
    return op.results[0] if _fold_memref_cast(op) else None


@_fold("maskedstore")
def _fold_maskedstore(op, consts):
    return [] if _fold_memref_cast(op) else None


def _mask_folder(name, on_true, on_false):
    """The Masked*/Gather/Scatter/ExpandLoad/CompressStore folders: act on a constant
    all-true or all-false mask."""
    def fn(op, rw):
        fmt = mask_format(op.mask)
        if fmt == ALL_TRUE and on_true is not None:
            return on_true(op, rw)
        if fmt == ALL_FALSE:
            return on_false(op, rw)
        return False
    fn.__name__ = name
    return fn


def _to_load(op, rw):
    rw.replace_op_with_new_op(op, "vector.load", operands=[op.base] + op.indices,
                              result_types=[op.results[0].type])
    return True


def _to_store(op, rw):
    rw.replace_op_with_new_op(op, "vector.store",
                              operands=[op.valueToStore, op.base] + op.indices)
    return True


def _to_passthru(op, rw):
    rw.replace_op(op, [op.pass_thru])
    return True


def _erase(op, rw):
    rw.erase_op(op)
    return True


for _name, _on_true, _on_false in (("maskedload", _to_load, _to_passthru),
                                   ("maskedstore", _to_store, _erase),
                                   ("gather", None, _to_passthru),
                                   ("scatter", None, _erase),
                                   ("expandload", _to_load, _to_passthru),
                                   ("compressstore", _to_store, _erase)):
    _pat(_name)(_mask_folder(_name + "_folder", _on_true, _on_false))


# ---------------------------------------------------------------------------- mask
def _mask_block(op):
    return op.regions[0].blocks[0]


def _maskable_op(op):
    b = _mask_block(op)
    return b.first if b.first is not b.last else None


@_fold("mask")
def _fold_mask(op, consts):
    """An all-true vector.mask is replaced by the op it masks, moved out."""
    inner = _maskable_op(op)
    if inner is None or mask_format(op.mask) != ALL_TRUE:
        return None
    inner.move_before(op)
    return list(inner.results)


@_pat("mask")
def ElideEmptyMaskOp(op, rw):
    if _maskable_op(op) is not None:
        return False
    term = _mask_block(op).first
    if not term.operand_slots:
        rw.erase_op(op)
    else:
        rw.replace_op(op, list(term.operands))
    return True
