"""Memref descriptors as LLVM structs (MLIR's MemRefDescriptor / UnrankedMemRefDescriptor).

Ranked: {allocated ptr, aligned ptr, offset, sizes[rank], strides[rank]} (rank 0 has no arrays).
Unranked: {rank, ptr to a ranked descriptor}. Setters create `llvm.insertvalue` and keep the
updated struct in `.value`; getters create `llvm.extractvalue`."""
from __future__ import annotations

from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.types import DYNAMIC
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import builders as B

ALLOCATED, ALIGNED, OFFSET, SIZES, STRIDES = 0, 1, 2, 3, 4
RANK, DESC_PTR = 0, 1


class StructBuilder:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def extract(self, b, loc, pos):
        return B.extractvalue(b, self.value, pos, loc)

    def set(self, b, loc, pos, v):
        self.value = B.insertvalue(b, self.value, v, pos, loc)


class MemRefDescriptor(StructBuilder):
    __slots__ = ()

    @property
    def index_type(self):
        return self.value.type.body[OFFSET]

    @property
    def element_ptr_type(self):
        return self.value.type.body[ALIGNED]

    @classmethod
    def undef(cls, b, loc, descriptor_type):
        return cls(B.undef(b, descriptor_type, loc))

    @classmethod
    def from_static_shape(cls, b, loc, converter, memref_type, memory, aligned=None):
        strides, offset = strides_and_offset(memref_type)
        d = cls.undef(b, loc, converter.convert_type(memref_type))
        d.set_allocated_ptr(b, loc, memory)
        d.set_aligned_ptr(b, loc, memory if aligned is None else aligned)
        d.set_constant_offset(b, loc, offset)
        for i, size in enumerate(memref_type.shape):
            d.set_constant_size(b, loc, i, size)
            d.set_constant_stride(b, loc, i, strides[i])
        return d

    @classmethod
    def pack(cls, b, loc, converter, memref_type, values):
        d = cls.undef(b, loc, converter.convert_type(memref_type))
        d.set_allocated_ptr(b, loc, values[0])
        d.set_aligned_ptr(b, loc, values[1])
        d.set_offset(b, loc, values[2])
        rank = len(memref_type.shape)
        for i in range(rank):
            d.set_size(b, loc, i, values[3 + i])
            d.set_stride(b, loc, i, values[3 + rank + i])
        return d

    def unpack(self, b, loc, memref_type):
        rank = len(memref_type.shape)
        return ([self.allocated_ptr(b, loc), self.aligned_ptr(b, loc), self.offset(b, loc)] +
                [self.size(b, loc, i) for i in range(rank)] +
                [self.stride(b, loc, i) for i in range(rank)])

    @staticmethod
    def num_unpacked_values(memref_type):
        return 3 + 2 * len(memref_type.shape)

    def allocated_ptr(self, b, loc):
        return self.extract(b, loc, ALLOCATED)

    def set_allocated_ptr(self, b, loc, v):
        self.set(b, loc, ALLOCATED, v)

    def aligned_ptr(self, b, loc):
        return self.extract(b, loc, ALIGNED)

    def set_aligned_ptr(self, b, loc, v):
        self.set(b, loc, ALIGNED, v)

    def offset(self, b, loc):
        return self.extract(b, loc, OFFSET)

    def set_offset(self, b, loc, v):
        self.set(b, loc, OFFSET, v)

    def set_constant_offset(self, b, loc, v):
        self.set_offset(b, loc, B.constant(b, self.index_type, v, loc))

    def size(self, b, loc, pos):
        return self.extract(b, loc, [SIZES, pos])

    def set_size(self, b, loc, pos, v):
        self.set(b, loc, [SIZES, pos], v)

    def set_constant_size(self, b, loc, pos, v):
        self.set_size(b, loc, pos, B.constant(b, self.index_type, v, loc))

    def stride(self, b, loc, pos):
        return self.extract(b, loc, [STRIDES, pos])

    def set_stride(self, b, loc, pos, v):
        self.set(b, loc, [STRIDES, pos], v)

    def set_constant_stride(self, b, loc, pos, v):
        self.set_stride(b, loc, pos, B.constant(b, self.index_type, v, loc))

    def dynamic_size(self, b, loc, pos_value, rank, ptr_type):
        """Size at a dynamic position: the sizes array goes through a stack slot."""
        idx = self.index_type
        array = lt.LLVMArrayType(idx, rank)
        one = B.constant(b, idx, 1, loc)
        sizes = self.extract(b, loc, [SIZES])
        typed = ptr_type.element is not None  # (typed-pointer mode: pointers to what they hold)
        slot = B.alloca(b, lt.LLVMPointerType(0, array) if typed else ptr_type, array, one, loc)
        B.store(b, sizes, slot, loc)
        p = B.gep(b, lt.LLVMPointerType(0, idx) if typed else ptr_type, array, slot,
                  [0, pos_value], loc)
        return B.load(b, idx, p, loc)

    def buffer_ptr(self, b, loc, converter, memref_type):
        """The aligned pointer advanced by the offset (static or read from the descriptor)."""
        _, offset = strides_and_offset(memref_type)
        ptr = self.aligned_ptr(b, loc)
        if offset == 0:
            return ptr
        off = self.offset(b, loc) if offset == DYNAMIC else \
            B.constant(b, converter.index_type, offset, loc)
        return B.gep(b, ptr.type, converter.convert_type(memref_type.element_type), ptr,
                     [off], loc)


class UnrankedMemRefDescriptor(StructBuilder):
    __slots__ = ()

    @classmethod
    def undef(cls, b, loc, descriptor_type):
        return cls(B.undef(b, descriptor_type, loc))

    @classmethod
    def pack(cls, b, loc, converter, memref_type, values):
        d = cls.undef(b, loc, converter.convert_type(memref_type))
        d.set_rank(b, loc, values[RANK])
        d.set_memref_desc_ptr(b, loc, values[DESC_PTR])
        return d

    def unpack(self, b, loc):
        return [self.rank(b, loc), self.memref_desc_ptr(b, loc)]

    def rank(self, b, loc):
        return self.extract(b, loc, RANK)

    def set_rank(self, b, loc, v):
        self.set(b, loc, RANK, v)

    def memref_desc_ptr(self, b, loc):
        return self.extract(b, loc, DESC_PTR)

    def set_memref_desc_ptr(self, b, loc, v):
        # (typed pointers: the descriptor's field is an i8*)
        self.set(b, loc, DESC_PTR, B.ptr_cast(b, v, self.value.type.body[DESC_PTR], loc))

    @staticmethod
    def compute_sizes(b, loc, converter, descriptors, address_spaces):
        """Bytes of the ranked descriptor each unranked one points to:
        2 * sizeof(ptr) + (1 + 2 * rank) * sizeof(index)."""
        if not descriptors:
            return []
        idx = converter.index_type
        one = B.constant(b, idx, 1, loc)
        two = B.constant(b, idx, 2, loc)
        index_size = B.constant(b, idx, -(-converter.index_type.width // 8), loc)
        sizes = []
        for d, space in zip(descriptors, address_spaces):
            ptr_size = B.constant(b, idx, -(-converter.pointer_bitwidth(space) // 8), loc)
            double_ptr = B.binary(b, "llvm.mul", two, ptr_size, loc)
            rank = d.rank(b, loc)
            double_rank = B.binary(b, "llvm.mul", two, rank, loc)
            inc = B.binary(b, "llvm.add", double_rank, one, loc)
            rank_index_size = B.binary(b, "llvm.mul", inc, index_size, loc)
            sizes.append(B.binary(b, "llvm.add", double_ptr, rank_index_size, loc))
        return sizes

    # Fields of the ranked descriptor behind the pointer. (In the typed-pointer mode the i8*
    # is viewed as a pointer to the field first, as MLIR 16 does; with opaque pointers every
    # view is the pointer itself.)
    @staticmethod
    def allocated_ptr(b, loc, desc_ptr, elem_ptr_type):
        return B.load(b, elem_ptr_type, typed_view(b, loc, desc_ptr, elem_ptr_type), loc)

    @staticmethod
    def set_allocated_ptr(b, loc, desc_ptr, elem_ptr_type, v):
        B.store(b, v, typed_view(b, loc, desc_ptr, elem_ptr_type), loc)

    @staticmethod
    def aligned_ptr(b, loc, converter, desc_ptr, elem_ptr_type):
        base = typed_view(b, loc, desc_ptr, elem_ptr_type)
        p = B.gep(b, base.type if _typed(base) else converter.ptr(), elem_ptr_type, base, [1],
                  loc)
        return B.load(b, elem_ptr_type, p, loc)

    @staticmethod
    def set_aligned_ptr(b, loc, converter, desc_ptr, elem_ptr_type, v):
        base = typed_view(b, loc, desc_ptr, elem_ptr_type)
        p = B.gep(b, base.type if _typed(base) else converter.ptr(), elem_ptr_type, base, [1],
                  loc)
        B.store(b, v, p, loc)

    @staticmethod
    def offset_base_ptr(b, loc, converter, desc_ptr, elem_ptr_type):
        base = typed_view(b, loc, desc_ptr, elem_ptr_type)
        p = B.gep(b, base.type if _typed(base) else converter.ptr(), elem_ptr_type, base, [2],
                  loc)
        return typed_view(b, loc, p, converter.index_type)

    @classmethod
    def offset(cls, b, loc, converter, desc_ptr, elem_ptr_type):
        p = cls.offset_base_ptr(b, loc, converter, desc_ptr, elem_ptr_type)
        return B.load(b, converter.index_type, p, loc)

    @classmethod
    def set_offset(cls, b, loc, converter, desc_ptr, elem_ptr_type, v):
        p = cls.offset_base_ptr(b, loc, converter, desc_ptr, elem_ptr_type)
        B.store(b, v, p, loc)

    @staticmethod
    def size_base_ptr(b, loc, converter, desc_ptr, elem_ptr_type):
        idx = converter.index_type
        struct = lt.literal_struct([elem_ptr_type, elem_ptr_type, idx, idx])
        base = typed_view(b, loc, desc_ptr, struct)
        return B.gep(b, ptr_like(base, idx, converter), struct, base, [0, 3], loc)

    @staticmethod
    def size(b, loc, converter, size_base, index):
        p = B.gep(b, ptr_like(size_base, converter.index_type, converter), converter.index_type,
                  size_base, [index], loc)
        return B.load(b, converter.index_type, p, loc)

    @staticmethod
    def set_size(b, loc, converter, size_base, index, v):
        p = B.gep(b, ptr_like(size_base, converter.index_type, converter), converter.index_type,
                  size_base, [index], loc)
        B.store(b, v, p, loc)

    @staticmethod
    def stride_base_ptr(b, loc, converter, size_base, rank):
        return B.gep(b, ptr_like(size_base, converter.index_type, converter),
                     converter.index_type, size_base, [rank], loc)

    @staticmethod
    def stride(b, loc, converter, stride_base, index):
        p = B.gep(b, ptr_like(stride_base, converter.index_type, converter), converter.index_type,
                  stride_base, [index], loc)
        return B.load(b, converter.index_type, p, loc)

    @staticmethod
    def set_stride(b, loc, converter, stride_base, index, v):
        p = B.gep(b, ptr_like(stride_base, converter.index_type, converter), converter.index_type,
                  stride_base, [index], loc)
        B.store(b, v, p, loc)



def _typed(p):
    t = p.type
    return type(t) is lt.LLVMPointerType and t.element is not None


def typed_view(b, loc, p, pointee):
    """A typed pointer `p` as a pointer to `pointee` (same address space); else `p`."""
    if not _typed(p):
        return p
    return B.ptr_cast(b, p, lt.LLVMPointerType(p.type.address_space, pointee), loc)


def ptr_like(p, pointee, converter):
    """The pointer type of a gep from `p` reaching a `pointee`: typed when `p` is."""
    if _typed(p):
        return lt.LLVMPointerType(p.type.address_space, pointee)
    return converter.ptr()
