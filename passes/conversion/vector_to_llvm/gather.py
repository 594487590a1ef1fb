"""vector.gather / vector.scatter: a vector GEP of the index vector off the strided element
address of the base, fed to llvm.intr.masked.gather / masked.scatter. n-D gathers are
unrolled over their 1-D slices."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I32, MemRefType
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.vector.folds import mask_format, ALL_FALSE
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.descriptors import MemRefDescriptor
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern, unroll_nd_vector
from passes.conversion.vector_to_llvm.memory import _alignment


def _supported(tc, mt):
    """Unit innermost stride and an integer address space."""
    if type(mt) is not MemRefType or tc.memref_address_space(mt) is None:
        return False
    try:
        strides, _ = strides_and_offset(mt)
    except Exception:  # not strided
        return False
    return not strides or strides[-1] == 1


def _ptrs(rw, loc, tc, mt, descriptor, base, index, vt):
    """Vector of element pointers `base + index[i]`."""
    ptr_t = MemRefDescriptor(descriptor).element_ptr_type
    n = vt.shape[0] if hasattr(vt, "shape") else vt.num_elements
    scalable = vt.scalable_dims[0] if hasattr(vt, "scalable_dims") else False
    ptrs_t = lt.LLVMScalableVectorType(ptr_t, n) if scalable else lt.LLVMFixedVectorType(ptr_t, n)
    return B.gep(rw, ptrs_t, tc.convert_type(mt.element_type), base, [index], loc)


class _Base(ConvertOpToLLVMPattern):
    def prepare(self, op, adaptor, rw):
        mt = op.base.type
        if not _supported(self.tc, mt):
            return None
        align = _alignment(self.tc, mt.element_type)
        if align is None:
            return None
        ptr = self.strided_element_ptr(rw, op.loc, mt, adaptor[0], list(adaptor.indices))
        return mt, IntegerAttr(I32, align), ptr


class GatherLowering(_Base):
    root = "vector.gather"

    def match_and_rewrite(self, op, adaptor, rw):
        if self.tc.convert_type(op.results[0].type) is None:
            return False
        got = self.prepare(op, adaptor, rw)
        if got is None:
            return False
        mt, align, ptr = got
        loc, desc = op.loc, adaptor[0]

        def gather(vec_t, parts):
            ptrs = _ptrs(rw, loc, self.tc, mt, desc, ptr, parts[0], vec_t)
            return B.create(rw, "llvm.intr.masked.gather", [ptrs, parts[1], parts[2]], [vec_t],
                            properties={"alignment": align}, loc=loc).results[0]

        operands = [adaptor.index_vec, adaptor.mask, adaptor.pass_thru]
        if type(operands[0].type) is not lt.LLVMArrayType:
            vt = op.results[0].type
            ptrs = _ptrs(rw, loc, self.tc, mt, desc, ptr, operands[0], vt)
            new = B.create(rw, "llvm.intr.masked.gather", [ptrs, operands[1], operands[2]],
                           [self.tc.convert_type(vt)], properties={"alignment": align}, loc=loc)
            rw.replace_op(op, [new.results[0]])
            return True
        return unroll_nd_vector(op, operands, self.tc, rw, gather)


class ScatterLowering(_Base):
    root = "vector.scatter"

    def match_and_rewrite(self, op, adaptor, rw):
        got = self.prepare(op, adaptor, rw)
        if got is None:
            return False
        mt, align, ptr = got
        vt = op.valueToStore.type
        ptrs = _ptrs(rw, op.loc, self.tc, mt, adaptor[0], ptr, adaptor.index_vec, vt)
        B.create(rw, "llvm.intr.masked.scatter", [adaptor.valueToStore, ptrs, adaptor.mask], [],
                 properties={"alignment": align}, loc=op.loc)
        rw.erase_op(op)
        return True


class AllFalseMaskFolder(RewritePattern):
    """A gather under an all-false mask is its pass-through; such a scatter stores nothing
    (the ops' canonicalizations, applied in the vector-to-vector phase as upstream does)."""

    def __init__(self, root):
        super().__init__()
        self.root = root

    def match_and_rewrite(self, op, rw):
        if mask_format(op.mask) != ALL_FALSE:
            return False
        if op.results:
            rw.replace_op(op, [op.pass_thru])
        else:
            rw.erase_op(op)
        return True


def prepare_patterns():
    return [AllFalseMaskFolder("vector.gather"), AllFalseMaskFolder("vector.scatter")]


def patterns(tc):
    return [GatherLowering(tc), ScatterLowering(tc)]
