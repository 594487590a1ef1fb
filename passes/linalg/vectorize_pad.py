"""tensor.pad vectorization patterns (MLIR 19 Linalg Vectorization.cpp,
populatePadOpVectorizationPatterns).

- GenericPadOpVectorization: the pad generalized (tensor.empty + fill) with the source copied
  in by a vector.transfer_read / transfer_write pair instead of an insert_slice.
- Pad users folded away when the pad has no low padding and a constant padding value: an
  in-bounds transfer_read of the pad reads the source (padding with that value); a
  transfer_write into the pad whose result is trimmed back by an extract_slice of the
  source's size writes into the source; an insert_slice of a static pad into another tensor
  becomes a read of the source and a write into the destination. These are tried first
  (benefit + 1)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, BoolAttr, IntegerAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, INDEX, FloatType, IndexType, IntegerType, VectorType
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value, zero_low_pad
from pyopt.dialects.vector.memory_verifiers import minor_identity_map
from passes.linalg.tensor_to_linalg import GeneralizePad


def _bools(values):
    return ArrayAttr([BoolAttr(bool(b)) for b in values])


def _index(rw, v, loc):
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                     loc=loc).results[0]


def _valid_vector_element(t):
    return isinstance(t, (IntegerType, FloatType, IndexType))


def _read(rw, loc, vtype, source, indices, padding, in_bounds, mask=None, perm=None):
    perm = perm or minor_identity_map(source.type, vtype)
    from pyopt.ir.attributes import AffineMapAttr
    props = {"permutation_map": AffineMapAttr(perm), "in_bounds": _bools(in_bounds),
             "operandSegmentSizes": segment_sizes([1, len(indices), 1, int(mask is not None)])}
    ops = [source] + list(indices) + [padding] + ([mask] if mask is not None else [])
    return rw.create("vector.transfer_read", ops, [vtype], properties=props, loc=loc)


def _write(rw, loc, vector, dest, indices, in_bounds, perm=None, mask=None, result=True):
    from pyopt.ir.attributes import AffineMapAttr
    perm = perm or minor_identity_map(dest.type, vector.type)
    props = {"permutation_map": AffineMapAttr(perm), "in_bounds": _bools(in_bounds),
             "operandSegmentSizes": segment_sizes([1, 1, len(indices), int(mask is not None)])}
    ops = [vector, dest] + list(indices) + ([mask] if mask is not None else [])
    return rw.create("vector.transfer_write", ops, [dest.type] if result else [],
                     properties=props, loc=loc)


def try_vectorize_copy(rw, pad, dest):
    """GenericPadOpVectorizationPattern's copy: read the source (its static sizes, or the
    result's where the source is dynamic), write it at the low padding."""
    src_t, res_t = pad.source.type, pad.result.type
    if not _valid_vector_element(src_t.element_type):
        return False
    loc = pad.loc
    pad_value = constant_padding_value(pad)
    if pad_value is None:
        if DYNAMIC in src_t.shape:
            return False
        from pyopt.dialects.llvm.folds import zero_attr
        pad_value = rw.create("arith.constant", [], [src_t.element_type],
                              properties={"value": zero_attr(src_t.element_type)},
                              loc=loc).results[0]
    shape, read_ib, write_ib = [], [], []
    for i, s in enumerate(src_t.shape):
        if s != DYNAMIC:
            shape.append(s)
            read_ib.append(True)
            write_ib.append(True)
        elif res_t.shape[i] != DYNAMIC:
            shape.append(res_t.shape[i])
            read_ib.append(False)
            write_ib.append(constant_int(pad.mixed_low[i]) == 0)
        else:
            return False
    vtype = VectorType(shape, src_t.element_type)
    zero = _index(rw, 0, loc)
    read = _read(rw, loc, vtype, pad.source, [zero] * len(shape), pad_value, read_ib)
    if shape == list(res_t.shape) and all(write_ib):
        fill = defining(dest, "linalg.fill")
        if fill is not None:
            dest = fill.outputs[0]
    indices = [x if not isinstance(x, int) else _index(rw, x, loc) for x in pad.mixed_low]
    new = _write(rw, loc, read.results[0], dest, indices, write_ib)
    rw.replace_op(pad, list(new.results))
    return True


class _PadUserPattern(RewritePattern):
    """VectorizePadOpUserPattern: each user of the given kind rewritten on its own."""
    root = "tensor.pad"
    user = None

    def match_and_rewrite(self, pad, rw):
        changed = False
        for u in list(pad.results[0].users()):
            if u.name == self.user:
                changed |= bool(self.rewrite_user(rw, pad, u))
        return changed


def _usable(pad):
    return zero_low_pad(pad) and constant_padding_value(pad) is not None


class PadTransferReadFolding(_PadUserPattern):
    user = "vector.transfer_read"

    def rewrite_user(self, rw, pad, xfer):
        if not _usable(pad) or xfer.mask is not None or \
                not all(b.value for b in xfer.get_attr("in_bounds")):
            return False
        value = constant_padding_value(pad)

        def change():
            xfer.properties["in_bounds"] = _bools([False] * len(xfer.results[0].type.shape))
            xfer.set_operand(0, pad.source)
            xfer.set_operand(1 + len(xfer.indices), value)
        rw.modify_op_in_place(xfer, change)
        return True


def _same_tensor_size(before, trimmed):
    """hasSameTensorSize: the pad's source and the trimming slice have the same sizes
    (equal static sizes; dynamic ones equal as slice sizes or identical affine.min ops)."""
    cast = defining(before, "tensor.cast")
    if cast is not None and _same_tensor_size(cast.source, trimmed):
        return True
    t1, t2 = before.type, trimmed.result.type
    if not hasattr(t1, "shape") or not hasattr(t2, "shape") or len(t1.shape) != len(t2.shape):
        return False
    for a, b in zip(t1.shape, t2.shape):
        if (a == DYNAMIC) != (b == DYNAMIC) or (a != DYNAMIC and a != b):
            return False
    if DYNAMIC not in t1.shape:
        return True
    before_slice = defining(before, "tensor.extract_slice")
    if before_slice is None:
        return False
    for i, s in enumerate(t1.shape):
        if s != DYNAMIC:
            continue
        x, y = before_slice.mixed_sizes[i], trimmed.mixed_sizes[i]
        if x is y or (constant_int(x) is not None and constant_int(x) == constant_int(y)):
            continue
        if isinstance(x, int) or isinstance(y, int):
            return False
        m1, m2 = defining(x, "affine.min"), defining(y, "affine.min")
        if m1 is not None and m2 is not None and \
                m1.get_attr("map") == m2.get_attr("map") and \
                list(m1.operands) == list(m2.operands):
            continue
        # (upstream gives up only here: other dynamic sizes are assumed equal)
    return True


class PadTransferWriteFolding(_PadUserPattern):
    user = "vector.transfer_write"

    def rewrite_user(self, rw, pad, xfer):
        if not xfer.vector.type.shape or not _usable(pad):
            return False
        if not xfer.results or not xfer.results[0].has_one_use():
            return False
        trim = next(iter(xfer.results[0].users()))
        if trim.name != "tensor.extract_slice" or \
                any(constant_int(x) != 0 for x in trim.mixed_offsets):
            return False
        if not _same_tensor_size(pad.source, trim):
            return False
        rw.set_insertion_point(xfer)
        rank = len(xfer.vector.type.shape)
        new = _write(rw, xfer.loc, xfer.vector, pad.source, list(xfer.indices), [False] * rank,
                     perm=xfer.get_attr("permutation_map").value, mask=xfer.mask)
        rw.replace_op(xfer, list(new.results))
        rw.replace_op(trim, list(new.results))
        return True


class PadInsertSliceFolding(_PadUserPattern):
    user = "tensor.insert_slice"

    def rewrite_user(self, rw, pad, ins):
        from pyopt.dialects.tensor.slice_patterns import has_unit_stride
        if not _usable(pad) or not has_unit_stride(ins):
            return False
        rt = pad.result.type
        if DYNAMIC in rt.shape or ins.dest is pad.result:
            return False
        vrank, trank = len(rt.shape), len(ins.result.type.shape)
        expected = [1] * (trank - vrank) + list(rt.shape)
        if [constant_int(x) for x in ins.mixed_sizes] != expected:
            return False
        rw.set_insertion_point(ins)
        vtype = VectorType(list(rt.shape), rt.element_type)
        zero = _index(rw, 0, pad.loc)
        read = _read(rw, pad.loc, vtype, pad.source, [zero] * vrank,
                     constant_padding_value(pad), [False] * vrank)
        indices = [x if not isinstance(x, int) else _index(rw, x, pad.loc)
                   for x in ins.mixed_offsets]
        new = _write(rw, ins.loc, read.results[0], ins.dest, indices, [True] * vrank)
        rw.replace_op(ins, list(new.results))
        return True


def pad_vectorization_patterns(benefit=1):
    """populatePadOpVectorizationPatterns."""
    pats = [GeneralizePad(copy_fn=try_vectorize_copy, benefit=benefit)]
    for cls in (PadTransferReadFolding, PadTransferWriteFolding, PadInsertSliceFolding):
        p = cls()
        p.benefit = benefit + 1
        pats.append(p)
    return pats
