"""memref ops that make a new descriptor for the same buffer: cast, memory_space_cast,
reinterpret_cast, reshape, view, transpose and extract_strided_metadata.

subview, expand_shape and collapse_shape are not lowered here: expand-strided-metadata
rewrites them into reinterpret_cast first (as upstream, they stay unconverted)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I1, I8, I64, MemRefType, UnrankedMemRefType
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, MemRefDescriptor,
                                           UnrankedMemRefDescriptor)
from passes.conversion.llvm_common import builders as B
from passes.conversion.memref_to_llvm.common import promote_descriptor

ICMP_SGE = IntegerAttr(I64, 5)


def pointers_and_offset(pattern, rw, loc, orig, converted, with_offset=False):
    """(allocated, aligned[, offset]) of a ranked or unranked memref value."""
    tc = pattern.tc
    if type(orig.type) is MemRefType:
        d = MemRefDescriptor(converted)
        out = [d.allocated_ptr(rw, loc), d.aligned_ptr(rw, loc)]
        if with_offset:
            out.append(d.offset(rw, loc))
        return out
    ptr_t = tc.ptr(tc.memref_address_space(orig.type) or 0,
                   tc.convert_type(orig.type.element_type))
    desc_ptr = UnrankedMemRefDescriptor(converted).memref_desc_ptr(rw, loc)
    U = UnrankedMemRefDescriptor
    out = [U.allocated_ptr(rw, loc, desc_ptr, ptr_t),
           U.aligned_ptr(rw, loc, tc, desc_ptr, ptr_t)]
    if with_offset:
        out.append(U.offset(rw, loc, tc, desc_ptr, ptr_t))
    return out


class CastLowering(ConvertOpToLLVMPattern):
    """Ranked <-> ranked keeps the descriptor; ranked -> unranked stores it on the stack;
    unranked -> ranked loads it."""
    root = "memref.cast"

    def match_and_rewrite(self, op, adaptor, rw):
        src_t, dst_t = op.source.type, op.dest.type
        src = adaptor[0]
        tc, loc = self.tc, op.loc
        if type(src_t) is MemRefType and type(dst_t) is MemRefType:
            if tc.convert_type(src_t) is not tc.convert_type(dst_t):
                return False
            rw.replace_op(op, [src])
            return True
        if type(src_t) is UnrankedMemRefType and type(dst_t) is UnrankedMemRefType:
            return False
        target = tc.convert_type(dst_t)
        if type(src_t) is MemRefType:
            slot = promote_descriptor(tc, rw, loc, src)
            rank = self.const_index(rw, loc, len(src_t.shape))
            d = UnrankedMemRefDescriptor.undef(rw, loc, target)
            d.set_rank(rw, loc, rank)
            d.set_memref_desc_ptr(rw, loc, slot)
            rw.replace_op(op, [d.value])
        else:
            ptr = UnrankedMemRefDescriptor(src).memref_desc_ptr(rw, loc)
            rw.replace_op(op, [B.load(rw, target, ptr, loc)])
        return True


class MemorySpaceCastLowering(ConvertOpToLLVMPattern):
    """addrspacecast of both pointers; an unranked descriptor is copied to a new stack one."""
    root = "memref.memory_space_cast"

    def match_and_rewrite(self, op, adaptor, rw):
        loc, tc = op.loc, self.tc
        src_t, dst_t = op.source.type, op.dest.type
        if type(dst_t) is MemRefType:
            new_ptr = tc.convert_type(dst_t).body[0]
            values = MemRefDescriptor(adaptor[0]).unpack(rw, loc, dst_t)
            for i in (0, 1):
                values[i] = B.create(rw, "llvm.addrspacecast", [values[i]], [new_ptr],
                                     loc=loc).results[0]
            d = MemRefDescriptor.pack(rw, loc, tc, dst_t, values)
            rw.replace_op(op, [d.value])
            return True
        src_space, dst_space = tc.memref_address_space(src_t), tc.memref_address_space(dst_t)
        if src_space is None or dst_space is None:
            return False
        U = UnrankedMemRefDescriptor
        source = U(adaptor[0])
        rank = source.rank(rw, loc)
        src_desc = source.memref_desc_ptr(rw, loc)
        result = U.undef(rw, loc, tc.convert_type(dst_t))
        result.set_rank(rw, loc, rank)
        size = U.compute_sizes(rw, loc, tc, [result], [dst_space])[0]
        dst_desc = B.alloca(rw, tc.ptr(0, I8), I8, size, loc)
        result.set_memref_desc_ptr(rw, loc, dst_desc)
        elem = tc.convert_type(dst_t.element_type)
        src_ptr_t, dst_ptr_t = tc.ptr(src_space, elem), tc.ptr(dst_space, elem)
        allocated = U.allocated_ptr(rw, loc, src_desc, src_ptr_t)
        aligned = U.aligned_ptr(rw, loc, tc, src_desc, src_ptr_t)
        allocated = B.create(rw, "llvm.addrspacecast", [allocated], [dst_ptr_t],
                             loc=loc).results[0]
        aligned = B.create(rw, "llvm.addrspacecast", [aligned], [dst_ptr_t],
                           loc=loc).results[0]
        U.set_allocated_ptr(rw, loc, dst_desc, dst_ptr_t, allocated)
        U.set_aligned_ptr(rw, loc, tc, dst_desc, dst_ptr_t, aligned)
        src_indices = U.offset_base_ptr(rw, loc, tc, src_desc, src_ptr_t)
        dst_indices = U.offset_base_ptr(rw, loc, tc, dst_desc, dst_ptr_t)
        skip = self.const_index(rw, loc, 2 * -(-tc.pointer_bitwidth(dst_space) // 8))
        n = B.binary(rw, "llvm.sub", size, skip, loc)
        B.create(rw, "llvm.intr.memcpy", [dst_indices, src_indices, n], [],
                 properties={"isVolatile": IntegerAttr(I1, 0)}, loc=loc)
        rw.replace_op(op, [result.value])
        return True


class ReinterpretCastLowering(ConvertOpToLLVMPattern):
    root = "memref.reinterpret_cast"

    def match_and_rewrite(self, op, adaptor, rw):
        loc, t = op.loc, op.results[0].type
        struct = self.tc.convert_type(t)
        if type(struct) is not lt.LLVMStructType:
            return False
        d = MemRefDescriptor.undef(rw, loc, struct)
        allocated, aligned = pointers_and_offset(self, rw, loc, op.source, adaptor[0])
        d.set_allocated_ptr(rw, loc, allocated)
        d.set_aligned_ptr(rw, loc, aligned)
        offsets, sizes, strides = (iter(getattr(adaptor, n)) for n in
                                   ("offsets", "sizes", "strides"))
        static = {n: list(op.get_attr(n).values) for n in
                  ("static_offsets", "static_sizes", "static_strides")}
        off = static["static_offsets"][0]
        d.set_offset(rw, loc, next(offsets) if off == DYNAMIC else
                     self.const_index(rw, loc, off))
        for i in range(len(t.shape)):
            s = static["static_sizes"][i]
            d.set_size(rw, loc, i, next(sizes) if s == DYNAMIC else
                       self.const_index(rw, loc, s))
            s = static["static_strides"][i]
            d.set_stride(rw, loc, i, next(strides) if s == DYNAMIC else
                         self.const_index(rw, loc, s))
        rw.replace_op(op, [d.value])
        return True


class ReshapeLowering(ConvertOpToLLVMPattern):
    """A static-length shape gives a ranked descriptor (dynamic sizes loaded from the shape,
    strides their running product); a dynamic-length one an unranked descriptor on the stack,
    filled by a loop from the innermost dimension out."""
    root = "memref.reshape"

    def match_and_rewrite(self, op, adaptor, rw):
        shape_t = op.shape.type
        if DYNAMIC not in shape_t.shape:
            return self.ranked(op, adaptor, rw)
        return self.unranked(op, adaptor, rw)

    def ranked(self, op, adaptor, rw):
        loc, t, tc = op.loc, op.results[0].type, self.tc
        struct = tc.convert_type(t)
        if type(struct) is not lt.LLVMStructType:
            return False
        d = MemRefDescriptor.undef(rw, loc, struct)
        allocated, aligned = pointers_and_offset(self, rw, loc, op.source, adaptor[0])
        d.set_allocated_ptr(rw, loc, allocated)
        d.set_aligned_ptr(rw, loc, aligned)
        so = strides_and_offset(t)
        if so is None or so[1] == DYNAMIC:
            return False
        strides, offset = so
        d.set_constant_offset(rw, loc, offset)
        stride = None
        for i in reversed(range(len(t.shape))):
            if strides[i] != DYNAMIC:
                stride = self.const_index(rw, loc, strides[i])
            elif stride is None:
                stride = self.const_index(rw, loc, 1)
            if t.shape[i] != DYNAMIC:
                size = self.const_index(rw, loc, t.shape[i])
            else:
                size = self.load_shape_entry(op, rw, loc, i)
            d.set_size(rw, loc, i, size)
            d.set_stride(rw, loc, i, stride)
            stride = B.binary(rw, "llvm.mul", stride, size, loc)
        rw.replace_op(op, [d.value])
        return True

    def load_shape_entry(self, op, rw, loc, i):
        """shape[i] by a memref.load the driver lowers in turn (as upstream)."""
        index = self.const_index(rw, loc, i)
        shape = op.shape
        elem = shape.type.element_type
        size = rw.create("memref.load", [shape, index], [elem], loc=loc).results[0]
        if size.type is not self.index_type:  # (the target materialization: a cast)
            size = rw.create("builtin.unrealized_conversion_cast", [size], [self.index_type],
                             loc=loc).results[0]
        return size

    def unranked(self, op, adaptor, rw):
        loc, tc = op.loc, self.tc
        U = UnrankedMemRefDescriptor
        idx = self.index_type
        shape_desc = MemRefDescriptor(adaptor[1])
        rank = shape_desc.size(rw, loc, 0)
        t = op.results[0].type
        space = tc.memref_address_space(t) or 0
        target = U.undef(rw, loc, tc.convert_type(t))
        target.set_rank(rw, loc, rank)
        size = U.compute_sizes(rw, loc, tc, [target], [space])[0]
        desc_ptr = B.alloca(rw, tc.ptr(0, I8), I8, size, loc)
        target.set_memref_desc_ptr(rw, loc, desc_ptr)
        allocated, aligned, offset = pointers_and_offset(self, rw, loc, op.source,
                                                         adaptor[0], with_offset=True)
        ptr_t = tc.ptr(space, tc.convert_type(t.element_type))
        U.set_allocated_ptr(rw, loc, desc_ptr, ptr_t, allocated)
        U.set_aligned_ptr(rw, loc, tc, desc_ptr, ptr_t, aligned)
        U.set_offset(rw, loc, tc, desc_ptr, ptr_t, offset)
        sizes_base = U.size_base_ptr(rw, loc, tc, desc_ptr, ptr_t)
        strides_base = U.stride_base_ptr(rw, loc, tc, sizes_base, rank)
        shape_ptr = shape_desc.aligned_ptr(rw, loc)
        one = self.const_index(rw, loc, 1)
        rank_minus_one = B.binary(rw, "llvm.sub", rank, one, loc)

        # init -> cond(i, stride) -> body -> cond; cond -> rest (the ops after the reshape).
        init_block = op.parent
        cond = rw.create_block(init_block.parent, [idx, idx], [loc, loc])
        rest = rw.split_block(init_block, op.next)
        rw.merge_blocks(rest, cond)
        rw.set_insertion_point_to_end(init_block)
        B.create(rw, "llvm.br", [rank_minus_one, one], [], successors=[cond], loc=loc)
        rw.set_insertion_point_to_start(cond)
        i, stride = cond.args
        zero = self.const_index(rw, loc, 0)
        pred_op = B.create(rw, "llvm.icmp", [i, zero], [I1],
                           properties={"predicate": ICMP_SGE}, loc=loc)
        pred = pred_op.results[0]
        body = rw.split_block(cond, pred_op.next)
        rw.set_insertion_point_to_start(body)
        shape_elem = tc.convert_type(op.shape.type.element_type)
        p = B.gep(rw, tc.ptr(0, shape_elem), shape_elem, shape_ptr, [i], loc)
        dim = B.load(rw, idx, p, loc)
        U.set_size(rw, loc, tc, sizes_base, i, dim)
        U.set_stride(rw, loc, tc, strides_base, i, stride)
        next_stride = B.binary(rw, "llvm.mul", stride, dim, loc)
        dec = B.binary(rw, "llvm.sub", i, one, loc)
        br = B.create(rw, "llvm.br", [dec, next_stride], [], successors=[cond], loc=loc)
        remainder = rw.split_block(body, br.next)
        rw.set_insertion_point_to_end(cond)
        B.create(rw, "llvm.cond_br", [pred], [], successors=[body, remainder],
                 properties={"operandSegmentSizes": segment_sizes([1, 0, 0])}, loc=loc)
        rw.set_insertion_point_to_start(remainder)
        rw.replace_op(op, [target.value])
        return True


class ViewLowering(ConvertOpToLLVMPattern):
    """A byte-shifted aligned pointer with offset 0 and contiguous row-major strides."""
    root = "memref.view"

    def match_and_rewrite(self, op, adaptor, rw):
        loc, t, tc = op.loc, op.results[0].type, self.tc
        elem = tc.convert_type(t.element_type)
        struct = tc.convert_type(t)
        if elem is None or struct is None or not lt.is_compatible_type(elem) or \
                not lt.is_compatible_type(struct):
            _warn(rw, op, "Target descriptor type not converted to LLVM")
            return False
        so = strides_and_offset(t)
        if so is None:
            _warn(rw, op, "cannot cast to non-strided shape")
            return False
        strides = so[0]
        if strides and strides[-1] not in (0, 1):
            _warn(rw, op, "cannot cast to non-contiguous shape")
            return False
        source = MemRefDescriptor(adaptor.source)
        d = MemRefDescriptor.undef(rw, loc, struct)
        d.set_allocated_ptr(rw, loc, source.allocated_ptr(rw, loc))
        aligned = source.aligned_ptr(rw, loc)
        src_elem = tc.convert_type(op.source.type.element_type)
        aligned = B.gep(rw, aligned.type, src_elem, aligned, [adaptor.byte_shift], loc)
        d.set_aligned_ptr(rw, loc, aligned)
        d.set_offset(rw, loc, self.const_index(rw, loc, so[1]))
        dyn_sizes = list(adaptor.sizes)
        stride = next_size = None
        for i in reversed(range(len(t.shape))):
            if t.shape[i] != DYNAMIC:
                size = self.const_index(rw, loc, t.shape[i])
            else:
                size = dyn_sizes[sum(1 for s in t.shape[:i] if s == DYNAMIC)]
            d.set_size(rw, loc, i, size)
            if strides[i] != DYNAMIC:
                stride = self.const_index(rw, loc, strides[i])
            elif next_size is not None:
                stride = B.binary(rw, "llvm.mul", stride, next_size, loc) if stride \
                    is not None else next_size
            else:
                stride = self.const_index(rw, loc, 1)
            d.set_stride(rw, loc, i, stride)
            next_size = size
        rw.replace_op(op, [d.value])
        return True


def _warn(rw, op, message):
    from pyopt.ir.diagnostics import Diagnostic
    engine = getattr(rw.ctx, "diag_engine", None)
    if engine is not None:
        engine.emit(Diagnostic("warning", op.loc, message))


class TransposeLowering(ConvertOpToLLVMPattern):
    """Sizes and strides permuted; pointers and offset kept."""
    root = "memref.transpose"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        perm = op.get_attr("permutation").value
        source = MemRefDescriptor(adaptor[0])
        if perm.is_identity():
            rw.replace_op(op, [source.value])
            return True
        d = MemRefDescriptor.undef(rw, loc, self.tc.convert_type(op.in_.type))
        d.set_allocated_ptr(rw, loc, source.allocated_ptr(rw, loc))
        d.set_aligned_ptr(rw, loc, source.aligned_ptr(rw, loc))
        d.set_offset(rw, loc, source.offset(rw, loc))
        for target_pos, e in enumerate(perm.results):
            d.set_size(rw, loc, target_pos, source.size(rw, loc, e.position))
            d.set_stride(rw, loc, target_pos, source.stride(rw, loc, e.position))
        rw.replace_op(op, [d.value])
        return True


class ExtractStridedMetadataLowering(ConvertOpToLLVMPattern):
    """The base buffer (a static rank-0 descriptor of the same pointers), then the offset,
    sizes and strides read from the descriptor."""
    root = "memref.extract_strided_metadata"

    def match_and_rewrite(self, op, adaptor, rw):
        if not lt.is_compatible_type(adaptor[0].type):
            return False
        loc, t = op.loc, op.source.type
        source = MemRefDescriptor(adaptor[0])
        allocated, aligned = source.allocated_ptr(rw, loc), source.aligned_ptr(rw, loc)
        base = MemRefDescriptor.from_static_shape(rw, loc, self.tc, op.results[0].type,
                                                  allocated, aligned)
        rank = len(t.shape)
        results = [base.value, source.offset(rw, loc)]
        results += [source.size(rw, loc, i) for i in range(rank)]
        results += [source.stride(rw, loc, i) for i in range(rank)]
        rw.replace_op(op, results)
        return True


PATTERNS = [CastLowering, MemorySpaceCastLowering, ReinterpretCastLowering, ReshapeLowering,
            ViewLowering, TransposeLowering, ExtractStridedMetadataLowering]
__all__ = ["PATTERNS", "pointers_and_offset"]
