"""1-D vector loads, stores, masked loads/stores and transfer_reads of narrow integers over the
packed memrefs (MLIR's VectorEmulateNarrowType conversion patterns): the access moves to the
linearized packed index and reads or writes `n / scale` wide elements, bitcast from or to the
narrow vector. A masked store is a read-modify-write: the packed elements are masked-loaded,
merged with an arith.select on the original mask, and stored back under the compressed mask."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.attributes import ArrayAttr, DenseElementsAttr, IntegerAttr
from pyopt.ir.types import I1, I64, MemRefType, VectorType
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.vector.folds import const_int
from pyopt.rewrite.conversion import OpConversionPattern
from passes.conversion.vector_to_scf.xfer_ops import bool_array, read as create_read
from passes.arith.narrow_type.linearize import constified_metadata, \
    linearized_offset_and_size


def _n(t):
    n = 1
    for s in t.shape:
        n *= s
    return n


def _ofr(v):
    """getAsOpFoldResult: a constant index as an int."""
    c = const_int(v)
    return v if c is None else c


class _Access(OpConversionPattern):
    """Shared checks and index linearization; subclasses name the operand positions."""
    base_index = 0

    def match_and_rewrite(self, op, adaptor, rw):
        base = adaptor[self.base_index]
        ct = base.type
        if type(ct) is not MemRefType:
            return False
        vt = self.narrow_vector(op)
        src, dst = vt.element_type.width, ct.element_type.width
        if dst % src:
            return rw.notify_match_failure(op, "only dstBits % srcBits == 0 supported")
        scale = dst // src
        if _n(vt) % scale:
            return False
        return self.rewrite(op, adaptor, rw, base, vt, src, dst, scale)

    def linear_index(self, rw, op, adaptor, src, dst):
        loc = op.loc
        off, sizes, strides = constified_metadata(rw, op.operand(self.base_index), loc)
        indices = [_ofr(v) for v in self.indices(op, adaptor)]
        return linearized_offset_and_size(rw, loc, src, dst, off, sizes, strides, indices)[2]

    def indices(self, op, adaptor):
        return list(adaptor)[self.base_index + 1:self.base_index + 1 + len(op.operand(
            self.base_index).type.shape)]


def _bitcast(rw, v, t, loc):
    return rw.create("vector.bitcast", [v], [t], loc=loc).results[0]


class ConvertLoad(_Access):
    root = "vector.load"

    def narrow_vector(self, op):
        return op.results[0].type

    def rewrite(self, op, adaptor, rw, base, vt, src, dst, scale):
        loc = op.loc
        idx = self.linear_index(rw, op, adaptor, src, dst)
        wide = VectorType([-(-_n(vt) // scale)], base.type.element_type)
        load = rw.create("vector.load", [base, value_of(rw, idx, loc)], [wide], loc=loc)
        rw.replace_op(op, [_bitcast(rw, load.results[0], vt, loc)])
        return True


class ConvertStore(_Access):
    root = "vector.store"
    base_index = 1

    def narrow_vector(self, op):
        return op.valueToStore.type

    def rewrite(self, op, adaptor, rw, base, vt, src, dst, scale):
        loc = op.loc
        idx = self.linear_index(rw, op, adaptor, src, dst)
        wide = VectorType([_n(vt) // scale], base.type.element_type)
        cast = _bitcast(rw, op.valueToStore, wide, loc)
        rw.replace_op_with_new_op(op, "vector.store", [cast, base, value_of(rw, idx, loc)], [])
        return True


def compressed_mask(rw, loc, mask, n, scale):
    """getCompressedMaskOp: the mask of the packed elements holding any enabled element, rebuilt
    from the create_mask / constant_mask behind `mask` (through vector.extracts); None if there
    is none."""
    extracts = []
    d = mask.defining_op()
    while d is not None and d.name == "vector.extract":
        extracts.append(d)
        d = d.vector.defining_op()
    if d is None or d.name not in ("vector.create_mask", "vector.constant_mask"):
        return None
    shape = list(d.results[0].type.shape)
    shape[-1] = -(-n // scale)
    mt = VectorType(shape, I1)
    if d.name == "vector.create_mask":
        ops = d.operands
        last = composed_folded_apply(rw, (symbol(0) + (scale - 1)).floordiv(scale),
                                     [_ofr(ops[-1])], loc)
        new = rw.create("vector.create_mask", list(ops[:-1]) + [value_of(rw, last, loc)], [mt],
                        loc=loc)
    else:
        sizes = [a.value for a in d.get_attr("mask_dim_sizes").value]
        sizes[-1] = -(-sizes[-1] // scale)
        new = rw.create("vector.constant_mask", [], [mt], properties={
            "mask_dim_sizes": ArrayAttr([IntegerAttr(I64, s) for s in sizes])}, loc=loc)
    v = new.results[0]
    for e in reversed(extracts):
        pos = e.get_attr("static_position")
        rt = _drop_leading(v.type, len(pos.values))
        v = rw.create("vector.extract", [v] + e.dynamic_position, [rt],
                      properties={"static_position": pos}, loc=loc).results[0]
    return v


def _drop_leading(t, k):
    shape = t.shape[k:]
    return VectorType(shape, t.element_type, t.scalable_dims[k:]) if shape else t.element_type


class ConvertMaskedLoad(_Access):
    root = "vector.maskedload"

    def narrow_vector(self, op):
        return op.results[0].type

    def rewrite(self, op, adaptor, rw, base, vt, src, dst, scale):
        loc = op.loc
        idx = self.linear_index(rw, op, adaptor, src, dst)
        mask, pass_thru = op.mask, op.pass_thru
        new_mask = compressed_mask(rw, loc, mask, _n(vt), scale)
        if new_mask is None:
            return False
        wide = VectorType([-(-_n(vt) // scale)], base.type.element_type)
        new_pass = _bitcast(rw, pass_thru, wide, loc)
        load = rw.create("vector.maskedload", [base, value_of(rw, idx, loc), new_mask, new_pass],
                         [wide], loc=loc).results[0]
        narrow = _bitcast(rw, load, vt, loc)
        sel = rw.create("arith.select", [mask, narrow, pass_thru], [vt], loc=loc)
        rw.replace_op(op, sel.results)
        return True


class ConvertMaskedStore(_Access):
    root = "vector.maskedstore"

    def narrow_vector(self, op):
        return op.valueToStore.type

    def rewrite(self, op, adaptor, rw, base, vt, src, dst, scale):
        loc = op.loc
        idx = value_of(rw, self.linear_index(rw, op, adaptor, src, dst), loc)
        mask, value = op.mask, op.valueToStore
        new_mask = compressed_mask(rw, loc, mask, _n(vt), scale)
        if new_mask is None:
            return False
        wide = VectorType([-(-_n(vt) // scale)], base.type.element_type)
        zero = rw.create("arith.constant", [], [wide], properties={
            "value": DenseElementsAttr(wide, [0])}, loc=loc).results[0]
        old = rw.create("vector.maskedload", [base, idx, new_mask, zero], [wide],
                        loc=loc).results[0]
        merged = rw.create("arith.select", [mask, value, _bitcast(rw, old, vt, loc)], [vt],
                           loc=loc).results[0]
        packed = _bitcast(rw, merged, wide, loc)
        rw.replace_op_with_new_op(op, "vector.maskedstore", [base, idx, new_mask, packed], [])
        return True


class ConvertTransferRead(_Access):
    root = "vector.transfer_read"

    def narrow_vector(self, op):
        return op.results[0].type

    def rewrite(self, op, adaptor, rw, base, vt, src, dst, scale):
        loc = op.loc
        nidx = len(op.source.type.shape)
        pad = rw.create("arith.extui", [adaptor[1 + nidx]], [base.type.element_type],
                        loc=loc).results[0]
        idx = self.linear_index(rw, op, adaptor, src, dst)
        wide = VectorType([-(-_n(vt) // scale)], base.type.element_type)
        read = create_read(rw, loc, wide, base, [value_of(rw, idx, loc)],
                           AffineMap(1, 0, [dim(0)]), pad, None, bool_array([False]))
        rw.replace_op(op, [_bitcast(rw, read.results[0], vt, loc)])
        return True


def vector_patterns(tc):
    """populateVectorNarrowTypeEmulationPatterns."""
    return [cls(tc) for cls in (ConvertLoad, ConvertMaskedLoad, ConvertStore,
                                ConvertMaskedStore, ConvertTransferRead)]
