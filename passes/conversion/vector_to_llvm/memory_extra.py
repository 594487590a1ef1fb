"""vector.expandload / compressstore (the LLVM masked expand/compress intrinsics on the
strided element address) and vector.type_cast (a new descriptor over the same buffer, for
static contiguous memrefs)."""
from __future__ import annotations

from pyopt.dialects.llvm import types as lt
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.types import DYNAMIC, I64
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.descriptors import MemRefDescriptor
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern


class ExpandLoadLowering(ConvertOpToLLVMPattern):
    root = "vector.expandload"

    def match_and_rewrite(self, op, adaptor, rw):
        mt = op.base.type
        ptr = self.strided_element_ptr(rw, op.loc, mt, adaptor.base, list(adaptor.indices))
        new = B.create(rw, "llvm.intr.masked.expandload", [ptr, adaptor.mask,
                                                           adaptor.pass_thru],
                       [self.tc.convert_type(op.results[0].type)], loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


class CompressStoreLowering(ConvertOpToLLVMPattern):
    root = "vector.compressstore"

    def match_and_rewrite(self, op, adaptor, rw):
        mt = op.base.type
        ptr = self.strided_element_ptr(rw, op.loc, mt, adaptor.base, list(adaptor.indices))
        B.create(rw, "llvm.intr.masked.compressstore",
                 [adaptor.valueToStore, ptr, adaptor.mask], [], loc=op.loc)
        rw.erase_op(op)
        return True


def _contiguous_strides(mt):
    """computeContiguousStrides: the strides of a contiguous (unit innermost) layout."""
    so = strides_and_offset(mt)
    if so is None:
        return None
    strides = so[0]
    if strides and strides[-1] != 1:
        return None
    if mt.layout is None:
        return strides
    sizes = mt.shape
    for i in range(len(strides) - 1):
        if DYNAMIC in (sizes[i + 1], strides[i], strides[i + 1]) or \
                strides[i] != strides[i + 1] * sizes[i + 1]:
            return None
    return strides


class TypeCastLowering(ConvertOpToLLVMPattern):
    root = "vector.type_cast"

    def match_and_rewrite(self, op, adaptor, rw):
        src_t, dst_t = op.memref.type, op.results[0].type
        if DYNAMIC in src_t.shape or DYNAMIC in dst_t.shape:
            return False
        src = adaptor[0]
        dst_llvm = self.tc.convert_type(dst_t)
        if type(src.type) is not lt.LLVMStructType or type(dst_llvm) is not lt.LLVMStructType:
            return False
        if _contiguous_strides(src_t) is None:
            return False
        strides = _contiguous_strides(dst_t)
        if strides is None or DYNAMIC in strides:
            return False
        loc = op.loc
        old = MemRefDescriptor(src)
        desc = MemRefDescriptor.undef(rw, loc, dst_llvm)
        desc.set_allocated_ptr(rw, loc, old.allocated_ptr(rw, loc))
        desc.set_aligned_ptr(rw, loc, old.aligned_ptr(rw, loc))
        desc.set_offset(rw, loc, B.constant(rw, I64, 0, loc))
        for i, n in enumerate(dst_t.shape):  # i64 constants whatever the index width
            desc.set_size(rw, loc, i, B.constant(rw, I64, n, loc))
            desc.set_stride(rw, loc, i, B.constant(rw, I64, strides[i], loc))
        rw.replace_op(op, [desc.value])
        return True


def patterns(tc):
    return [ExpandLoadLowering(tc), CompressStoreLowering(tc), TypeCastLowering(tc)]
