"""memref.copy: llvm.intr.memcpy when both sides are contiguous, otherwise the runtime's
`memrefCopy(element size, source, target)` on unranked descriptors placed on the stack."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.memref_layout import layout_is_identity, strides_and_offset
from pyopt.ir.types import DYNAMIC, I1, I8, MemRefType, UnrankedMemRefType
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, MemRefDescriptor,
                                           UnrankedMemRefDescriptor, lookup_or_create_fn)
from passes.conversion.llvm_common import builders as B
from passes.conversion.memref_to_llvm.common import module_of, promote_descriptor


def _static_contiguous_row_major(t):
    """Inner dimensions unit-strided (row-major), outer ones of size 1."""
    if DYNAMIC in t.shape:
        return False
    so = strides_and_offset(t)
    if so is None:
        return False
    strides = so[0]
    running, d = 1, len(strides) - 1
    while d >= 0 and strides[d] == running:
        running *= t.shape[d]
        d -= 1
    while d >= 0 and t.shape[d] == 1:
        d -= 1
    return d < 0


def _contiguous(t):
    if type(t) is not MemRefType:
        return False
    if layout_is_identity(t):
        return True
    n = 1
    for s in t.shape:
        n *= s
    return DYNAMIC not in t.shape and n > 0 and _static_contiguous_row_major(t)


class CopyLowering(ConvertOpToLLVMPattern):
    root = "memref.copy"

    def match_and_rewrite(self, op, adaptor, rw):
        src_t, dst_t = op.source.type, op.target.type
        if _contiguous(src_t) and _contiguous(dst_t):
            self.memcpy(op, adaptor, rw)
        else:
            self.runtime_copy(op, adaptor, rw)
        rw.erase_op(op)
        return True

    def memcpy(self, op, adaptor, rw):
        loc, t = op.loc, op.source.type
        src = MemRefDescriptor(adaptor[0])
        n = self.const_index(rw, loc, 1)
        for i in range(len(t.shape)):
            n = B.binary(rw, "llvm.mul", n, src.size(rw, loc, i), loc)
        total = B.binary(rw, "llvm.mul", n, self.size_in_bytes(rw, loc, t.element_type), loc)
        elem = self.tc.convert_type(t.element_type)
        ptrs = []
        for d in (src, MemRefDescriptor(adaptor[1])):
            base = d.aligned_ptr(rw, loc)
            ptrs.append(B.gep(rw, base.type, elem, base, [d.offset(rw, loc)], loc))
        B.create(rw, "llvm.intr.memcpy", [ptrs[1], ptrs[0], total], [],
                 properties={"isVolatile": IntegerAttr(I1, 0)}, loc=loc)

    def runtime_copy(self, op, adaptor, rw):
        loc, tc = op.loc, self.tc
        saved = B.create(rw, "llvm.intr.stacksave", [], [tc.ptr(0, I8)], loc=loc).results[0]
        unranked = [self.as_unranked(rw, loc, v.type, c) for v, c in zip(op.operands, adaptor)]
        one = self.const_index(rw, loc, 1)
        slots = []
        for d in unranked:
            slot = B.alloca(rw, tc.ptr(0, d.type), d.type, one, loc)
            B.store(rw, d, slot, loc)
            slots.append(slot)
        elem_size = self.size_in_bytes(rw, loc, op.source.type.element_type)
        fn = lookup_or_create_fn(module_of(op), "memrefCopy",
                                 [self.index_type, slots[0].type, slots[1].type], lt.VOID,
                                 rw.ctx)
        B.call(rw, fn, [elem_size] + slots, [], loc)
        B.create(rw, "llvm.intr.stackrestore", [saved], [], loc=loc)

    def as_unranked(self, rw, loc, t, desc):
        if type(t) is UnrankedMemRefType:
            return desc
        rank = B.constant(rw, self.index_type, len(t.shape), loc, attr_type=None)
        slot = promote_descriptor(self.tc, rw, loc, desc)
        u_t = self.tc.convert_type(UnrankedMemRefType(t.element_type, t.memory_space))
        return _pack_unranked(rw, loc, u_t, rank, slot)


def _pack_unranked(rw, loc, struct, rank, ptr):
    d = UnrankedMemRefDescriptor.undef(rw, loc, struct)
    d.set_rank(rw, loc, rank)
    d.set_memref_desc_ptr(rw, loc, ptr)
    return d.value


PATTERNS = [CopyLowering]
