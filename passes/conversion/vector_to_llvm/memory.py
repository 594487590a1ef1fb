"""vector.load/store and maskedload/maskedstore: LLVM loads, stores and masked intrinsics on
the strided element address of the memref, aligned as the element type."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I32, I64, FloatType, IntegerType, IndexType, MemRefType, VectorType
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern


def _alignment(tc, t):
    """ABI alignment of a scalar element type (the data layout's default for it)."""
    if type(t) is IndexType:
        t = tc.index_type
    if type(t) is VectorType:  # natural alignment: the store size rounded up to a power of 2
        e = _alignment(tc, t.element_type)
        if e is None:
            return None
        n = 1
        for s in t.shape:
            n *= s
        w = n * (tc.index_type.width if type(t.element_type) is IndexType
                 else t.element_type.width)
    elif type(t) in (IntegerType, FloatType):
        w = t.width
    else:
        return None
    a = 1
    while a * 8 < w:
        a *= 2
    return a


# op -> (memref operand index, index operands start, kind)
class LoadStoreLowering(ConvertOpToLLVMPattern):
    def __init__(self, tc, root):
        super().__init__(tc, root)

    def match_and_rewrite(self, op, adaptor, rw):
        name = op.name
        mt = adaptor.op.operands[1 if name == "vector.store" else 0].type
        if type(mt) is not MemRefType or mt.layout is not None and \
                not self._contiguous(mt):
            return False
        vt = op.results[0].type if op.results else \
            op.operands[-1 if name == "vector.maskedstore" else 0].type
        if len(vt.shape) != 1:
            return False
        align = _alignment(self.tc, mt.element_type)
        if align is None:
            return False
        loc = op.loc
        if name == "vector.store":
            value, base, indices = adaptor[0], adaptor[1], list(adaptor.indices)
        else:
            base, indices = adaptor[0], list(adaptor.indices)
        ptr = self.strided_element_ptr(rw, loc, mt, base, indices)
        llvm_vt = self.tc.convert_type(vt)
        if name == "vector.load":
            new = B.create(rw, "llvm.load", [ptr], [llvm_vt], loc=loc,
                           properties=self._props(op, align, I64))
            rw.replace_op(op, [new.results[0]])
        elif name == "vector.store":
            B.create(rw, "llvm.store", [value, ptr], [], loc=loc,
                     properties=self._props(op, align, I64))
            rw.erase_op(op)
        elif name == "vector.maskedload":
            new = B.create(rw, "llvm.intr.masked.load", [ptr, adaptor.mask, adaptor.pass_thru],
                           [llvm_vt], loc=loc, properties={"alignment": IntegerAttr(I32, align)})
            rw.replace_op(op, [new.results[0]])
        else:
            B.create(rw, "llvm.intr.masked.store", [adaptor.valueToStore, ptr, adaptor.mask],
                     [], loc=loc, properties={"alignment": IntegerAttr(I32, align)})
            rw.erase_op(op)
        return True

    @staticmethod
    def _contiguous(mt):
        from pyopt.ir.memref_layout import strides_and_offset
        try:
            strides, _ = strides_and_offset(mt)
        except Exception:  # not strided
            return False
        return bool(strides) and strides[-1] == 1

    @staticmethod
    def _props(op, align, t):
        props = {"alignment": IntegerAttr(t, align)}
        nt = op.properties.get("nontemporal")
        if nt is not None and nt.value:
            from pyopt.ir.attributes import UNIT
            props["nontemporal"] = UNIT
        return props


def patterns(tc):
    return [LoadStoreLowering(tc, n) for n in
            ("vector.load", "vector.store", "vector.maskedload", "vector.maskedstore")]
