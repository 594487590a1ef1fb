"""memref ops that read or write one element or query a descriptor: load, store, prefetch,
atomic_rmw (llvm.atomicrmw), generic_atomic_rmw (a cmpxchg loop), assume_alignment, dim,
rank and extract_aligned_pointer_as_index.

Element addresses are the aligned pointer advanced by offset + sum(index * stride), static
strides and offsets as constants (ConvertOpToLLVMPattern.strided_element_ptr)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, UNIT
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, I32, I64, MemRefType, UnrankedMemRefType
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, MemRefDescriptor,
                                           UnrankedMemRefDescriptor)
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.descriptors import ptr_like, typed_view
from passes.conversion.memref_to_llvm.common import emit_op_error, int_or_none

ACQ_REL, MONOTONIC = IntegerAttr(I64, 6), IntegerAttr(I64, 2)  # LLVM::AtomicOrdering
ICMP_EQ = IntegerAttr(I64, 0)

# arith.AtomicRMWKind -> llvm.atomicrmw bin_op (LLVM::AtomicBinOp); the other kinds (mulf,
# muli, maxnumf, minnumf) have no LLVM instruction and stay unconverted.
ATOMIC_BIN_OPS = {"addf": 11, "addi": 1, "assign": 0, "maximumf": 13, "maxs": 7, "maxu": 9,
                  "minimumf": 14, "mins": 8, "minu": 10, "ori": 5, "andi": 3}


def _nontemporal(op):
    a = op.get_attr("nontemporal")
    return {"nontemporal": UNIT} if a is not None and getattr(a, "value", True) else {}


class ElementAccessLowering(ConvertOpToLLVMPattern):
    """Base of the ops that address one element: `memref_operand` is the position of the
    memref among the operands, the indices follow it."""
    memref_operand = 0

    def element_ptr(self, op, adaptor, rw):
        i = self.memref_operand
        return self.strided_element_ptr(rw, op.loc, op.operands[i].type, adaptor[i],
                                        list(adaptor)[i + 1:])

    def element_type(self, op):
        return self.tc.convert_type(op.operands[self.memref_operand].type.element_type)


class LoadLowering(ElementAccessLowering):
    root = "memref.load"

    def match_and_rewrite(self, op, adaptor, rw):
        ptr = self.element_ptr(op, adaptor, rw)
        new = B.create(rw, "llvm.load", [ptr], [self.element_type(op)],
                       properties=_nontemporal(op), loc=op.loc)
        rw.replace_op(op, new.results)
        return True


class StoreLowering(ElementAccessLowering):
    root = "memref.store"
    memref_operand = 1

    def match_and_rewrite(self, op, adaptor, rw):
        ptr = self.element_ptr(op, adaptor, rw)
        B.create(rw, "llvm.store", [adaptor[0], ptr], [], properties=_nontemporal(op),
                 loc=op.loc)
        rw.erase_op(op)
        return True


class PrefetchLowering(ElementAccessLowering):
    root = "memref.prefetch"

    def match_and_rewrite(self, op, adaptor, rw):
        ptr = self.element_ptr(op, adaptor, rw)
        flag = lambda name: IntegerAttr(I32, 1 if op.get_attr(name).value else 0)  # noqa: E731
        props = {"rw": flag("isWrite"), "hint": op.get_attr("localityHint"),
                 "cache": flag("isDataCache")}
        B.create(rw, "llvm.intr.prefetch", [ptr], [], properties=props, loc=op.loc)
        rw.erase_op(op)
        return True


class AtomicRMWLowering(ElementAccessLowering):
    root = "memref.atomic_rmw"
    memref_operand = 1

    def match_and_rewrite(self, op, adaptor, rw):
        from pyopt.dialects.memref.common import ATOMIC_RMW_KIND
        bin_op = ATOMIC_BIN_OPS.get(ATOMIC_RMW_KIND.keyword(op.get_attr("kind")))
        if bin_op is None:
            return False
        ptr = self.element_ptr(op, adaptor, rw)
        new = B.create(rw, "llvm.atomicrmw", [ptr, adaptor[0]], [adaptor[0].type],
                       properties={"bin_op": IntegerAttr(I64, bin_op), "ordering": ACQ_REL},
                       loc=op.loc)
        rw.replace_op(op, new.results)
        return True


class GenericAtomicRMWLowering(ElementAccessLowering):
    """A loop that computes the body on the loaded value and retries the cmpxchg until the
    memory still held that value:
        init: %v0 = load; br loop(%v0)
        loop(%v): <body>; %pair = cmpxchg %p, %v, %new; cond_br %pair[1], end, loop(%pair[0])
    """
    root = "memref.generic_atomic_rmw"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        value_type = self.tc.convert_type(op.results[0].type)
        init_block = op.parent
        loop_block = rw.split_block(init_block, op)
        loop_arg = loop_block.add_argument(value_type, loc)
        end_block = rw.split_block(loop_block, op.next)
        rw.set_insertion_point_to_end(init_block)
        ptr = self.element_ptr(op, adaptor, rw)
        init = B.load(rw, self.element_type(op), ptr, loc)
        B.create(rw, "llvm.br", [init], [], successors=[loop_block], loc=loc)

        rw.set_insertion_point(op)
        body = op.regions[0].blocks[0]
        mapping = {body.args[0]: loop_arg}
        for nested in body.ops:
            if nested is body.last:
                break
            rw.clone(nested, mapping)
        result = body.last.result_  # (memref.atomic_yield's operand "result")
        result = mapping.get(result, result)
        pair = B.create(rw, "llvm.cmpxchg", [ptr, loop_arg, result],
                        [_pair_type(value_type)],
                        properties={"success_ordering": ACQ_REL,
                                    "failure_ordering": MONOTONIC}, loc=loc).results[0]
        new_loaded = B.extractvalue(rw, pair, 0, loc)
        ok = B.extractvalue(rw, pair, 1, loc)
        B.create(rw, "llvm.cond_br", [ok, new_loaded], [], successors=[end_block, loop_block],
                 properties={"operandSegmentSizes": segment_sizes([1, 0, 1])}, loc=loc)
        rw.replace_op(op, [new_loaded])
        return True


def _pair_type(t):
    from pyopt.dialects.llvm import types as lt
    return lt.literal_struct([t, I1])


class AssumeAlignmentLowering(ConvertOpToLLVMPattern):
    """llvm.intr.assume((ptrtoint(element 0) & (alignment - 1)) == 0)."""
    root = "memref.assume_alignment"

    def match_and_rewrite(self, op, adaptor, rw):
        loc, t = op.loc, op.memref.type
        desc = adaptor[0]
        ptr = self.strided_element_ptr(rw, loc, t, desc, [])
        int_t = self.int_ptr_type(MemRefDescriptor(desc).element_ptr_type.address_space)
        alignment = int_or_none(op.get_attr("alignment"))
        zero = B.constant(rw, int_t, 0, loc)
        mask = B.constant(rw, int_t, alignment - 1, loc)
        as_int = B.create(rw, "llvm.ptrtoint", [ptr], [int_t], loc=loc).results[0]
        masked = B.binary(rw, "llvm.and", as_int, mask, loc)
        cmp = B.create(rw, "llvm.icmp", [masked, zero], [I1],
                       properties={"predicate": ICMP_EQ}, loc=loc).results[0]
        B.create(rw, "llvm.intr.assume", [cmp], [], loc=loc)
        rw.erase_op(op)
        return True


class RankLowering(ConvertOpToLLVMPattern):
    root = "memref.rank"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.memref.type
        if type(t) is UnrankedMemRefType:
            rw.replace_op(op, [UnrankedMemRefDescriptor(adaptor[0]).rank(rw, op.loc)])
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
    """Static sizes are constants; dynamic ones come from the descriptor (through a stack copy
    of the sizes array at a non-constant index; from the descriptor behind an unranked one)."""
    root = "memref.dim"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.source.type
        if type(t) is UnrankedMemRefType:
            return self.unranked_size(op, adaptor, rw)
        loc = op.loc
        desc, index = adaptor[0], adaptor[1]
        i = _constant_index(op.index)
        if i is not None and 0 <= i < len(t.shape):
            if t.shape[i] != DYNAMIC:
                rw.replace_op(op, [self.const_index(rw, loc, t.shape[i])])
            else:
                rw.replace_op(op, [MemRefDescriptor(desc).size(rw, loc, i)])
            return True
        size = MemRefDescriptor(desc).dynamic_size(rw, loc, index, len(t.shape),
                                                   self.tc.ptr(0, self.index_type))
        rw.replace_op(op, [size])
        return True

    def unranked_size(self, op, adaptor, rw):
        """The ranked descriptor is read as a rank-0 one: sizes start right after its
        offset field."""
        loc, t = op.loc, op.source.type
        space = self.tc.memref_address_space(t)
        if space is None:
            return emit_op_error(rw, op, "memref memory space must be convertible to an "
                                 "integer address space")
        desc_ptr = UnrankedMemRefDescriptor(adaptor[0]).memref_desc_ptr(rw, loc)
        scalar = self.tc.convert_type(MemRefType((), t.element_type))
        desc_ptr = typed_view(rw, loc, desc_ptr, scalar)  # (typed pointers: i8* viewed)
        idx_ptr_t = ptr_like(desc_ptr, self.index_type, self.tc)
        offset_ptr = B.gep(rw, idx_ptr_t, scalar, desc_ptr, [0, 2], loc)
        one = self.const_index(rw, loc, 1)
        index = B.binary(rw, "llvm.add", one, adaptor[1], loc)
        size_ptr = B.gep(rw, idx_ptr_t, self.index_type, offset_ptr, [index], loc)
        rw.replace_op(op, [B.load(rw, self.index_type, size_ptr, loc)])
        return True


class ExtractAlignedPointerLowering(ConvertOpToLLVMPattern):
    root = "memref.extract_aligned_pointer_as_index"

    def match_and_rewrite(self, op, adaptor, rw):
        loc, t = op.loc, op.source.type
        if type(t) is MemRefType:
            ptr = MemRefDescriptor(adaptor[0]).aligned_ptr(rw, loc)
        else:
            desc_ptr = UnrankedMemRefDescriptor(adaptor[0]).memref_desc_ptr(rw, loc)
            ptr = UnrankedMemRefDescriptor.aligned_ptr(
                rw, loc, self.tc, desc_ptr, self.tc.ptr(int_or_none(t.memory_space) or 0))
        new = B.create(rw, "llvm.ptrtoint", [ptr], [self.index_type], loc=loc)
        rw.replace_op(op, new.results)
        return True


PATTERNS = [LoadLowering, StoreLowering, PrefetchLowering, AtomicRMWLowering,
            GenericAtomicRMWLowering, AssumeAlignmentLowering, RankLowering, DimLowering,
            ExtractAlignedPointerLowering]
