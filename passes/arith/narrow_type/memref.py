"""memref ops on narrow integers rewritten over the packed 1-D memrefs of the type converter:
loads shift the packed element right and truncate (or mask), stores clear and set the bits
with two atomic read-modify-writes, and allocations, subviews, reinterpret casts and
collapse_shape follow the linearized shape (MLIR's MemRef EmulateNarrowType patterns)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, IntegerType, MemRefType
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.memref.common import ATOMIC_RMW_KIND
from pyopt.rewrite.conversion import OpConversionPattern
from passes.memref.common import create_view, mixed, operand_group, strides_offset
from passes.memref.expand_strided_metadata import PATTERNS as _METADATA_PATTERNS
from passes.arith.narrow_type.linearize import (
    bit_offset, constified_metadata, linearized_offset_and_size,
    linearized_offset_and_size_contiguous, linearized_src_index, scaled_index)


def _bits(t):
    return t.width


def _converted_memref(pattern, rw, op, t):
    new = pattern.type_converter.convert_type(t)
    if type(new) is not MemRefType:
        rw.notify_match_failure(op, f"failed to convert memref type: {t}")
        return None
    return new


def _cst(rw, t, value, loc):
    return rw.create("arith.constant", [], [t], properties={"value": IntegerAttr(t, value)},
                     loc=loc).results[0]


def _signed(v, width):
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v


class ConvertAlloc(OpConversionPattern):
    def match_and_rewrite(self, op, adaptor, rw):
        t = op.results[0].type
        new = _converted_memref(self, rw, op, t)
        if new is None:
            return False
        syms = list(adaptor.symbolOperands)
        dyn = []
        if t.shape:
            dyn_sizes = iter(operand_group(op, 0))
            sizes = [next(dyn_sizes) if s == DYNAMIC else s for s in t.shape]
            _, size = linearized_offset_and_size_contiguous(
                rw, op.loc, _bits(t.element_type), _bits(new.element_type), 0, sizes)
            if DYNAMIC in new.shape:
                dyn = [value_of(rw, size, op.loc)]
        props = {"operandSegmentSizes": segment_sizes([len(dyn), len(syms)])}
        if op.get_attr("alignment") is not None:
            props["alignment"] = op.get_attr("alignment")
        rw.replace_op_with_new_op(op, op.name, dyn + syms, [new], properties=props)
        return True


class ConvertAssumeAlignment(OpConversionPattern):
    root = "memref.assume_alignment"

    def match_and_rewrite(self, op, adaptor, rw):
        if _converted_memref(self, rw, op, op.memref.type) is None:
            return False
        rw.replace_op_with_new_op(op, op.name, [adaptor[0]], [],
                                  properties={"alignment": op.get_attr("alignment")})
        return True


class ConvertLoad(OpConversionPattern):
    root = "memref.load"

    def match_and_rewrite(self, op, adaptor, rw):
        mem = adaptor[0]
        ct = mem.type
        old_et = op.memref.type.element_type
        src, dst = _bits(old_et), _bits(ct.element_type)
        if dst % src:
            return rw.notify_match_failure(op, "only dstBits % srcBits == 0 supported")
        loc = op.loc
        if not ct.shape:
            bits = rw.create("memref.load", [mem], [ct.element_type], loc=loc).results[0]
        else:
            idx = linearized_src_index(rw, loc, src, list(adaptor)[1:], op.memref)
            packed = rw.create("memref.load", [mem, scaled_index(rw, loc, idx, src, dst)],
                               [ct.element_type], loc=loc).results[0]
            shift = bit_offset(rw, loc, idx, src, dst)
            bits = rw.create("arith.shrsi", [packed, shift], [ct.element_type],
                             loc=loc).results[0]
        rt = self.type_converter.convert_type(old_et)
        if rt is ct.element_type:  # computing at the packed width: keep the low bits
            mask = _cst(rw, rt, (1 << src) - 1, loc)
            res = rw.create("arith.andi", [bits, mask], [rt], loc=loc)
        else:
            res = rw.create("arith.trunci", [bits], [rt], loc=loc)
        rw.replace_op(op, res.results)
        return True


class ConvertStore(OpConversionPattern):
    root = "memref.store"

    def match_and_rewrite(self, op, adaptor, rw):
        mem = adaptor[1]
        ct = mem.type
        src, dst = _bits(op.memref.type.element_type), _bits(ct.element_type)
        if dst % src:
            return rw.notify_match_failure(op, "only dstBits % srcBits == 0 supported")
        loc = op.loc
        it = IntegerType(dst)
        val = rw.create("arith.extui", [adaptor[0]], [it], loc=loc).results[0]

        def rmw(kind, v, indices):
            rw.create("memref.atomic_rmw", [v, mem] + indices, [it],
                      properties={"kind": ATOMIC_RMW_KIND.attr(kind)}, loc=loc)
        if not ct.shape:
            rmw("assign", val, [])
            rw.erase_op(op)
            return True
        idx = linearized_src_index(rw, loc, src, list(adaptor)[2:], op.memref)
        at = scaled_index(rw, loc, idx, src, dst)
        shift = bit_offset(rw, loc, idx, src, dst)
        # the write mask: ones everywhere but over the element's bits
        ones = _cst(rw, it, (1 << src) - 1, loc)
        placed = rw.create("arith.shli", [ones, shift], [it], loc=loc).results[0]
        flip = _cst(rw, it, -1, loc)
        mask = rw.create("arith.xori", [placed, flip], [it], loc=loc).results[0]
        aligned = rw.create("arith.shli", [val, shift], [it], loc=loc).results[0]
        rmw("andi", mask, [at])
        rmw("ori", aligned, [at])
        rw.erase_op(op)
        return True


def _unit_strides(op):
    return all(s == 1 for s in op.get_attr("static_strides").values)


def _static_contiguous_row_major(t):
    """isStaticShapeAndContiguousRowMajor: unit-stride inner dims, size-1 outer ones."""
    if DYNAMIC in t.shape:
        return False
    strides, _ = strides_offset(t)
    if strides is None:
        return False
    running, d = 1, len(strides) - 1
    while d >= 0 and strides[d] == running:
        running *= t.shape[d]
        d -= 1
    while d >= 0 and t.shape[d] == 1:
        d -= 1
    return d < 0


class ConvertSubview(OpConversionPattern):
    """Only static sizes, unit strides and contiguous results: the subview should have been
    folded away before the emulation."""
    root = "memref.subview"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.results[0].type
        new = _converted_memref(self, rw, op, t)
        if new is None:
            return False
        src, dst = _bits(t.element_type), _bits(new.element_type)
        if dst % src:
            return rw.notify_match_failure(op, "only dstBits % srcBits == 0 supported")
        if not _unit_strides(op):
            return rw.notify_match_failure(op, "stride != 1 is not supported")
        if not _static_contiguous_row_major(t):
            return rw.notify_match_failure(op, "the result memref type is not contiguous")
        sizes = op.get_attr("static_sizes").values
        if DYNAMIC in sizes or op.get_attr("static_offsets").values[-1] == DYNAMIC:
            return rw.notify_match_failure(op, "dynamic size or offset is not supported")
        loc = op.loc
        off, _, strides = constified_metadata(rw, op.source, loc)
        new_offsets = _mixed_from_adaptor(op, adaptor)
        _, size, index = linearized_offset_and_size(
            rw, loc, src, dst, off, mixed(op, "static_sizes", 2), strides, new_offsets)
        rw.set_insertion_point(op)
        new_op = create_view(rw, "memref.subview", new, adaptor[0], [index], [size],
                             [strides[-1]], loc)
        rw.replace_op(op, new_op.results)
        return True


def _mixed_from_adaptor(op, adaptor):
    """The subview's offsets with the adaptor's (converted) dynamic values."""
    n_off = len(operand_group(op, 1))
    dyn = iter(list(adaptor)[1:1 + n_off])
    return [next(dyn) if s == DYNAMIC else s for s in op.get_attr("static_offsets").values]


class ConvertReinterpretCast(OpConversionPattern):
    """0-D and 1-D results with unit strides and static sizes and offset only."""
    root = "memref.reinterpret_cast"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.results[0].type
        new = _converted_memref(self, rw, op, t)
        if new is None:
            return False
        if len(t.shape) > 1:
            return rw.notify_match_failure(op, "subview with rank > 1 is not supported")
        src, dst = _bits(t.element_type), _bits(new.element_type)
        if dst % src:
            return rw.notify_match_failure(op, "only dstBits % srcBits == 0 supported")
        strides = op.get_attr("static_strides").values
        if any(s != 1 for s in strides):
            return rw.notify_match_failure(op, "stride != 1 is not supported")
        sizes = op.get_attr("static_sizes").values
        offset = op.get_attr("static_offsets").values[0]
        if DYNAMIC in sizes or offset == DYNAMIC:
            return rw.notify_match_failure(op, "dynamic size or offset is not supported")
        per = dst // src
        if offset % per:
            return rw.notify_match_failure(
                op, "offset not multiple of elementsPerByte is not supported")
        new_sizes = [-(-sizes[0] // per)] if sizes else []
        rw.set_insertion_point(op)
        new_op = create_view(rw, op.name, new, adaptor[0], [offset // per], new_sizes,
                             list(strides), op.loc)
        rw.replace_op(op, new_op.results)
        return True


class ConvertCollapseShape(OpConversionPattern):
    """A no-op once the source is flattened to one dimension."""
    root = "memref.collapse_shape"

    def match_and_rewrite(self, op, adaptor, rw):
        src = adaptor[0]
        if type(src.type) is not MemRefType or len(src.type.shape) != 1:
            return False
        rw.replace_op(op, [src])
        return True


def memref_patterns(tc):
    """populateMemRefNarrowTypeEmulationPatterns (with the extract_strided_metadata
    resolution patterns that fold the metadata these patterns query)."""
    pats = [ConvertAlloc(tc, root="memref.alloc"), ConvertAlloc(tc, root="memref.alloca")]
    pats += [cls(tc) for cls in (ConvertCollapseShape, ConvertLoad, ConvertStore,
                                 ConvertAssumeAlignment, ConvertSubview,
                                 ConvertReinterpretCast)]
    return pats + _METADATA_PATTERNS[3:]
