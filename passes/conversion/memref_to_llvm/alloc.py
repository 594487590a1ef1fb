"""Allocation-like memref ops: alloc (malloc or aligned_alloc, plain or generic runtime
functions), alloca, dealloc, alloca_scope, global and get_global.

alloc-like ops share one shape (AllocLikeOpLLVMLowering): the sizes and row-major strides of
the result type, a buffer from `allocate_buffer`, and a descriptor with offset 0."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr, IntegerAttr, TypeAttr, UNIT
from pyopt.ir.core import Region
from pyopt.ir.memref_layout import layout_is_identity
from pyopt.ir.types import (DYNAMIC, FloatType, I32, I64, IndexType, IntegerType, MemRefType,
                            UnrankedMemRefType)
from pyopt.interfaces.data_layout import DataLayout
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.attrs import LinkageAttr
from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, MemRefDescriptor,
                                           UnrankedMemRefDescriptor, lookup_or_create_fn)
from passes.conversion.llvm_common import builders as B
from passes.conversion.memref_to_llvm.common import (emit_op_error, int_or_none, module_of,
                                                    splat_attr)

# Runtime functions by (generic?, kind): the generic ones let a runtime replace the allocator.
_ALLOC_FNS = {(False, "alloc"): "malloc", (False, "aligned"): "aligned_alloc",
              (False, "free"): "free", (True, "alloc"): "_mlir_memref_to_llvm_alloc",
              (True, "aligned"): "_mlir_memref_to_llvm_aligned_alloc",
              (True, "free"): "_mlir_memref_to_llvm_free"}
_MIN_ALIGNED_ALLOC_ALIGNMENT = 16
_PRIVATE, _EXTERNAL = LinkageAttr(0), LinkageAttr(10)


def runtime_fn(pattern, op, rw, kind):
    """Declares (once per module) the allocation function of `kind` and returns its name."""
    tc = pattern.tc
    ptr = tc.ptr(0, IntegerType(8))
    name = _ALLOC_FNS[(pattern.generic_functions, kind)]
    if kind == "free":
        params, result = [ptr], lt.VOID
    else:
        params = [tc.index_type] * (2 if kind == "aligned" else 1)
        result = ptr
    return lookup_or_create_fn(module_of(op), name, params, result, rw.ctx)


def _is_scalar(t):
    return isinstance(t, (IntegerType, IndexType, FloatType)) and \
        getattr(t, "signedness", 0) == 0


def element_size_in_bytes(tc, t):
    """Bytes of one element by the data layout (memref elements: their descriptor's size)."""
    layout = tc.options.layout or DataLayout()
    index_bytes = layout.size(tc.index_type) or 8
    if type(t) is MemRefType or type(t) is UnrankedMemRefType:
        ptr_bytes = -(-tc.pointer_bitwidth(tc.memref_address_space(t) or 0) // 8)
        if type(t) is UnrankedMemRefType:
            return ptr_bytes + index_bytes
        return 2 * ptr_bytes + (1 + 2 * len(t.shape)) * index_bytes
    return layout.size(t) or 0


def _round_up(rw, loc, value, alignment):
    """value + alignment - 1 - (value + alignment - 1) % alignment (createAligned)."""
    one = B.constant(rw, alignment.type, 1, loc)
    bump = B.binary(rw, "llvm.sub", alignment, one, loc)
    bumped = B.binary(rw, "llvm.add", value, bump, loc)
    mod = B.binary(rw, "llvm.urem", bumped, alignment, loc)
    return B.binary(rw, "llvm.sub", bumped, mod, loc)


class AllocLikeLowering(ConvertOpToLLVMPattern):
    """Subclasses define allocate_buffer(op, rw, size) -> (allocated, aligned) or None."""
    generic_functions = False
    size_in_bytes_wanted = True

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.results[0].type
        if self.tc.convert_type(t.element_type) is None or not layout_is_identity(t):
            return False
        loc = op.loc
        dynamic = [v for v in adaptor][:t.num_dynamic_dims]
        sizes, strides, size = self.memref_descriptor_sizes(rw, loc, t, dynamic,
                                                            self.size_in_bytes_wanted)
        ptrs = self.allocate_buffer(op, rw, size)
        if ptrs is None:
            return False
        d = self.create_memref_descriptor(rw, loc, t, ptrs[0], ptrs[1], sizes, strides)
        rw.replace_op(op, [d.value])
        return True

    def cast_to_memref_space(self, rw, loc, ptr, t):
        space = self.tc.memref_address_space(t)
        if space is None:
            return None
        if space != ptr.type.address_space:
            ptr = B.create(rw, "llvm.addrspacecast", [ptr],
                           [self.tc.ptr(space, ptr.type.element)], loc=loc).results[0]
        # (typed pointers: the allocator's i8* becomes a pointer to the element)
        return B.ptr_cast(rw, ptr, self.tc.ptr(space, self.tc.convert_type(t.element_type)),
                          loc)


class MallocLowering(AllocLikeLowering):
    """malloc, padded by the alignment, and the aligned pointer rounded up inside it."""
    root = "memref.alloc"

    def allocate_buffer(self, op, rw, size):
        loc, t = op.loc, op.results[0].type
        alignment = int_or_none(op.get_attr("alignment"))
        if alignment is not None:
            alignment = self.const_index(rw, loc, alignment)
        elif not _is_scalar(t.element_type):
            alignment = self.size_in_bytes(rw, loc, t.element_type)
        if alignment is not None:
            size = B.binary(rw, "llvm.add", size, alignment, loc)
        fn = runtime_fn(self, op, rw, "alloc")
        raw = B.call(rw, fn, [size], [self.tc.ptr(0, IntegerType(8))], loc).results[0]
        allocated = self.cast_to_memref_space(rw, loc, raw, t)
        if allocated is None:
            return None
        if alignment is None:
            return allocated, allocated
        as_int = B.create(rw, "llvm.ptrtoint", [allocated], [self.index_type],
                          loc=loc).results[0]
        aligned_int = _round_up(rw, loc, as_int, alignment)
        aligned = B.create(rw, "llvm.inttoptr", [aligned_int], [allocated.type],
                           loc=loc).results[0]
        return allocated, aligned


class AlignedAllocLowering(AllocLikeLowering):
    """aligned_alloc(alignment, size rounded up to a multiple of the alignment)."""
    root = "memref.alloc"

    def allocate_buffer(self, op, rw, size):
        loc, t = op.loc, op.results[0].type
        elem_bytes = element_size_in_bytes(self.tc, t.element_type)
        alignment = int_or_none(op.get_attr("alignment"))
        if alignment is None:
            alignment = max(_MIN_ALIGNED_ALLOC_ALIGNMENT, _pow2_ceil(elem_bytes))
        align_v = self.const_index(rw, loc, alignment)
        static_bytes = elem_bytes
        for s in t.shape:
            if s != DYNAMIC:
                static_bytes *= s
        if static_bytes % alignment:
            size = _round_up(rw, loc, size, align_v)
        fn = runtime_fn(self, op, rw, "aligned")
        raw = B.call(rw, fn, [align_v, size], [self.tc.ptr(0, IntegerType(8))],
                     loc).results[0]
        ptr = self.cast_to_memref_space(rw, loc, raw, t)
        return None if ptr is None else (ptr, ptr)


def _pow2_ceil(n):
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


class AllocaLowering(AllocLikeLowering):
    root = "memref.alloca"
    size_in_bytes_wanted = False  # llvm.alloca counts elements

    def allocate_buffer(self, op, rw, size):
        t = op.results[0].type
        elem = self.tc.convert_type(t.element_type)
        ptr = B.alloca(rw, self.tc.ptr(self.tc.memref_address_space(t) or 0, elem), elem, size,
                       op.loc, int_or_none(op.get_attr("alignment")) or 0)
        return ptr, ptr


class DeallocLowering(ConvertOpToLLVMPattern):
    """free(allocated pointer); the descriptor itself is an SSA value."""
    root = "memref.dealloc"
    generic_functions = False

    def match_and_rewrite(self, op, adaptor, rw):
        loc, t = op.loc, op.memref.type
        fn = runtime_fn(self, op, rw, "free")
        desc = adaptor[0]
        if type(t) is UnrankedMemRefType:
            ptr_t = self.tc.ptr(int_or_none(t.memory_space) or 0,
                                self.tc.convert_type(t.element_type))
            desc_ptr = UnrankedMemRefDescriptor(desc).memref_desc_ptr(rw, loc)
            allocated = UnrankedMemRefDescriptor.allocated_ptr(rw, loc, desc_ptr, ptr_t)
        else:
            allocated = MemRefDescriptor(desc).allocated_ptr(rw, loc)
        allocated = B.ptr_cast(rw, allocated, self.tc.ptr(allocated.type.address_space,
                                                          IntegerType(8)), loc)
        new = B.call(rw, fn, [allocated], [], loc)
        rw.replace_op(op, new.results)
        return True


class AllocaScopeLowering(ConvertOpToLLVMPattern):
    """The body is inlined between a stacksave and a stackrestore; results flow to a
    continuation block."""
    root = "memref.alloca_scope"

    def match_and_rewrite(self, op, adaptor, rw):
        loc = op.loc
        current = op.parent
        remaining = rw.split_block(current, op)
        if not op.results:
            cont = remaining
        else:
            cont = rw.create_block(remaining.parent, [r.type for r in op.results],
                                   [loc] * len(op.results), before=remaining)
            B.create(rw, "llvm.br", [], [], successors=[remaining], loc=loc)
        body = op.regions[0]
        first, last = body.blocks[0], body.blocks[-1]
        rw.inline_region_before(body, cont.parent, cont)
        rw.set_insertion_point_to_end(current)
        saved = B.create(rw, "llvm.intr.stacksave", [], [self.tc.ptr(0, IntegerType(8))],
                         loc=loc).results[0]
        B.create(rw, "llvm.br", [], [], successors=[first], loc=loc)
        ret = last.last
        rw.set_insertion_point(ret)
        B.create(rw, "llvm.intr.stackrestore", [saved], [], loc=loc)
        rw.set_insertion_point(ret)
        B.create(rw, "llvm.br", list(ret.operands), [], successors=[cont], loc=ret.loc)
        rw.erase_op(ret)
        rw.replace_op(op, list(cont.args))
        return True


def global_type(tc, t):
    """The LLVM type of a memref global: nested arrays of the element type."""
    out = tc.convert_type(t.element_type)
    for d in reversed(t.shape):
        out = lt.LLVMArrayType(out, d)
    return out


class GlobalLowering(ConvertOpToLLVMPattern):
    root = "memref.global"

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.get_attr("type").value
        if self.tc.convert_type(t.element_type) is None or not layout_is_identity(t):
            return False
        arr = global_type(self.tc, t)
        init = op.get_attr("initial_value")
        uninitialized = type(init).__name__ == "UnitAttr"
        value = None
        if init is not None and not uninitialized:
            value = init
            if not t.shape:
                value = splat_attr(init)
        space = self.tc.memref_address_space(t)
        if space is None:
            return emit_op_error(rw, op, "memory space cannot be converted to an integer "
                                 "address space")
        vis = op.get_attr("sym_visibility")
        public = vis is None or vis.value == "public"
        props = {"global_type": TypeAttr(arr), "sym_name": op.get_attr("sym_name"),
                 "linkage": _EXTERNAL if public else _PRIVATE,
                 "addr_space": IntegerAttr(I32, space)}
        if op.get_attr("constant") is not None:
            props["constant"] = UNIT
        if value is not None:
            props["value"] = value
        alignment = int_or_none(op.get_attr("alignment"))
        if alignment:
            props["alignment"] = IntegerAttr(I64, alignment)
        new = B.create(rw, "llvm.mlir.global", [], [], properties=props, regions=[Region()],
                       loc=op.loc)
        if uninitialized:
            rw.create_block(new.regions[0])
            B.create(rw, "llvm.return", [B.undef(rw, arr, op.loc)], [], loc=op.loc)
        rw.replace_op(op, [])
        return True



class GetGlobalLowering(AllocLikeLowering):
    """The descriptor of a global: its first element as aligned pointer, a poison-like
    0xdeadbeef as allocated pointer (a global is never freed)."""
    root = "memref.get_global"

    def allocate_buffer(self, op, rw, size):
        loc, t = op.loc, op.results[0].type
        space = self.tc.memref_address_space(t)
        if space is None:
            return None
        arr = global_type(self.tc, t)
        ptr_t = self.tc.ptr(space, self.tc.convert_type(t.element_type))
        addr = B.create(rw, "llvm.mlir.addressof", [], [self.tc.ptr(space, arr)],
                        properties={"global_name": FlatSymbolRefAttr(
                            op.get_attr("name").leaf)}, loc=loc).results[0]
        first = B.gep(rw, ptr_t, arr, addr, [0] * (len(t.shape) + 1), loc)
        bad = B.constant(rw, self.int_ptr_type(space), 0xdeadbeef, loc)
        allocated = B.create(rw, "llvm.inttoptr", [bad], [ptr_t], loc=loc).results[0]
        return allocated, first


__all__ = ["MallocLowering", "AlignedAllocLowering", "AllocaLowering", "DeallocLowering",
           "AllocaScopeLowering", "GlobalLowering", "GetGlobalLowering"]
