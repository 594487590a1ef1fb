"""`finalize-memref-to-llvm` (MLIR's MemRefToLLVM; `convert-memref-to-llvm` is the seed-era
name), the memref ops that need no allocation: load / store with the strided address
computation (aligned pointer + offset + sum of index * stride, static strides as constants),
cast (ranked <-> unranked via a stack copy of the descriptor, static <-> dynamic as is), rank
and dim. Other memref ops are left as they are for now (alloc, views, copies, globals, atomics
come with the rest of the memref lowering)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, UNIT
from pyopt.ir.types import DYNAMIC, I64, MemRefType, UnrankedMemRefType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import apply_partial_conversion
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, LLVMConversionTarget,
                                           LLVMTypeConverter, LowerToLLVMOptions,
                                           MemRefDescriptor, UnrankedMemRefDescriptor)
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common import interface


def _memory_props(op):
    return {"nontemporal": UNIT} if op.get_attr("nontemporal") is not None and \
        getattr(op.get_attr("nontemporal"), "value", True) else {}


class LoadLowering(ConvertOpToLLVMPattern):
    root = "memref.load"

    def match_and_rewrite(self, op, adaptor, rw):
        operands = list(adaptor)
        t = op.operands[0].type
        ptr = self.strided_element_ptr(rw, op.loc, t, operands[0], operands[1:])
        new = B.create(rw, "llvm.load", [ptr], [self.tc.convert_type(t.element_type)],
                       properties=_memory_props(op), loc=op.loc)
        rw.replace_op(op, new.results)
        return True


class StoreLowering(ConvertOpToLLVMPattern):
    root = "memref.store"

    def match_and_rewrite(self, op, adaptor, rw):
        operands = list(adaptor)
        t = op.operands[1].type
        ptr = self.strided_element_ptr(rw, op.loc, t, operands[1], operands[2:])
        B.create(rw, "llvm.store", [operands[0], ptr], [], properties=_memory_props(op),
                 loc=op.loc)
        rw.erase_op(op)
        return True


class CastLowering(ConvertOpToLLVMPattern):
    root = "memref.cast"

    def match_and_rewrite(self, op, adaptor, rw):
        src_t, dst_t = op.operands[0].type, op.results[0].type
        src = list(adaptor)[0]
        tc, loc = self.tc, op.loc
        if type(src_t) is MemRefType and type(dst_t) is MemRefType:
            if tc.convert_type(src_t) is not tc.convert_type(dst_t):
                return False
            rw.replace_op(op, [src])
            return True
        if type(src_t) is UnrankedMemRefType and type(dst_t) is UnrankedMemRefType:
            return False
        target = tc.convert_type(dst_t)
        if type(src_t) is MemRefType:  # ranked -> unranked: the descriptor goes to the stack
            one = B.constant(rw, I64, 1, loc)  # (promoteOneMemRefDescriptor: always i64)
            slot = B.alloca(rw, tc.ptr(0, src.type), src.type, one, loc)
            B.store(rw, src, slot, loc)
            rank = self.const_index(rw, loc, len(src_t.shape))
            d = UnrankedMemRefDescriptor.undef(rw, loc, target)
            d.set_rank(rw, loc, rank)
            d.set_memref_desc_ptr(rw, loc, slot)
            rw.replace_op(op, [d.value])
        else:  # unranked -> ranked: load the descriptor it points to
            ptr = UnrankedMemRefDescriptor(src).memref_desc_ptr(rw, loc)
            rw.replace_op(op, [B.load(rw, target, ptr, loc)])
        return True


class RankLowering(ConvertOpToLLVMPattern):
    root = "memref.rank"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.operands[0].type
        if type(t) is UnrankedMemRefType:
            rw.replace_op(op, [UnrankedMemRefDescriptor(list(adaptor)[0]).rank(rw, op.loc)])
        else:
            rw.replace_op(op, [self.const_index(rw, op.loc, len(t.shape))])
        return True


def _constant_index(v):
    d = v.defining_op() if hasattr(v, "defining_op") else None
    if d is not None and d.name in ("arith.constant", "llvm.mlir.constant"):
        a = d.properties.get("value")
        if isinstance(a, IntegerAttr):
            return a.value
    return None


class DimLowering(ConvertOpToLLVMPattern):
    root = "memref.dim"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.operands[0].type
        if type(t) is not MemRefType:
            return False  # (unranked sources come with the rest of the memref lowering)
        loc = op.loc
        desc, index = list(adaptor)
        i = _constant_index(op.operands[1])
        if i is not None:
            if 0 <= i < len(t.shape) and t.shape[i] != DYNAMIC:
                rw.replace_op(op, [self.const_index(rw, loc, t.shape[i])])
            else:
                rw.replace_op(op, [MemRefDescriptor(desc).size(rw, loc, i)])
            return True
        size = MemRefDescriptor(desc).dynamic_size(rw, loc, index, len(t.shape), self.tc.ptr())
        rw.replace_op(op, [size])
        return True


def populate_memref_to_llvm_patterns(tc, patterns):
    patterns += [LoadLowering(tc), StoreLowering(tc), CastLowering(tc), RankLowering(tc),
                 DimLowering(tc)]
    return patterns


interface.register("memref", lambda target, tc, patterns:
                   populate_memref_to_llvm_patterns(tc, patterns))

_OPTIONS = [PassOption("use-aligned-alloc", bool, False, "Use aligned_alloc in place of malloc "
                       "for heap allocations"),
            PassOption("index-bitwidth", int, 0,
                       "Bitwidth of the index type, 0 to use size of machine word"),
            PassOption("use-generic-functions", bool, False, "Use generic allocation and "
                       "deallocation functions instead of the classic 'malloc', 'aligned_alloc' "
                       "and 'free' functions"),
            PassOption("use-opaque-pointers", bool, True, "Generate LLVM IR using opaque "
                       "pointers instead of typed pointers")]


def finalize_memref_to_llvm(op, ctx, options):
    tc = LLVMTypeConverter(LowerToLLVMOptions.for_op(op, options))
    target = LLVMConversionTarget(ctx)
    target.add_legal_op("func.func")
    apply_partial_conversion(op, target, populate_memref_to_llvm_patterns(tc, []), ctx)


register_pass("finalize-memref-to-llvm", "Finalize MemRef dialect to LLVM dialect conversion",
              options=_OPTIONS, display_name="FinalizeMemRefToLLVMConversionPass")(
    finalize_memref_to_llvm)
register_pass("convert-memref-to-llvm", "Convert MemRef dialect to LLVM dialect (the seed-era "
              "name of finalize-memref-to-llvm)", options=_OPTIONS,
              display_name="FinalizeMemRefToLLVMConversionPass")(finalize_memref_to_llvm)
