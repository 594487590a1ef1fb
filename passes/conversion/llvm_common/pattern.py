"""Pattern bases of the lowerings to the LLVM dialect (MLIR's ConvertOpToLLVMPattern,
oneToOneRewrite and the n-D vector unrolling of VectorPattern).

Most lowerings are a line in a table: `one_to_one("arith.addf", "llvm.fadd", attrs)` builds a
pattern that creates the target op on the converted operands, unrolling n-D vectors (arrays of
1-D vectors after conversion) into one target op per 1-D vector."""
from __future__ import annotations

from pyopt.ir.types import DYNAMIC, I8, UnrankedMemRefType
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.rewrite.conversion import ConversionPattern
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.attrs import FastmathFlagsAttr
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.descriptors import MemRefDescriptor, UnrankedMemRefDescriptor


class ConvertOpToLLVMPattern(ConversionPattern):
    """Base of the to-LLVM patterns: `root` names the op; the type converter is an
    LLVMTypeConverter. Subclasses implement match_and_rewrite(op, adaptor, rewriter)."""
    root = None
    benefit = 1

    def __init__(self, type_converter, root=None, benefit=None):
        super().__init__(type_converter, root or self.root,
                         self.benefit if benefit is None else benefit)

    @property
    def tc(self):
        return self.type_converter

    @property
    def index_type(self):
        return self.type_converter.index_type

    def const_index(self, rw, loc, value):
        return B.constant(rw, self.index_type, value, loc)

    def int_ptr_type(self, address_space=0):
        from pyopt.ir.types import IntegerType
        return IntegerType(self.type_converter.pointer_bitwidth(address_space))

    # -- memrefs ------------------------------------------------------------------------------
    def is_convertible_and_has_identity_maps(self, t):
        return self.tc.convert_type(t.element_type) is not None and t.layout is None

    def strided_element_ptr(self, rw, loc, memref_type, descriptor, indices):
        """Address of element `indices`: aligned ptr + offset + sum(index * stride)."""
        strides, _ = strides_and_offset(memref_type)
        desc = MemRefDescriptor(descriptor)
        base = desc.buffer_ptr(rw, loc, self.tc, memref_type)
        index = None
        for i, inc in enumerate(indices):
            if strides[i] != 1:
                stride = desc.stride(rw, loc, i) if strides[i] == DYNAMIC else \
                    self.const_index(rw, loc, strides[i])
                inc = B.binary(rw, "llvm.mul", inc, stride, loc)
            index = inc if index is None else B.binary(rw, "llvm.add", index, inc, loc)
        if index is None:
            return base
        return B.gep(rw, desc.element_ptr_type, self.tc.convert_type(memref_type.element_type),
                     base, [index], loc)

    def memref_descriptor_sizes(self, rw, loc, memref_type, dynamic_sizes, size_in_bytes=True):
        """(sizes, strides, total size) of a contiguous memref of this type; the total in
        bytes (via a GEP on null) or in elements."""
        idx = self.index_type
        dyn = iter(dynamic_sizes)
        sizes = [next(dyn) if s == DYNAMIC else self.const_index(rw, loc, s)
                 for s in memref_type.shape]
        rank = len(sizes)
        strides = [None] * rank
        stride = 1
        running = self.const_index(rw, loc, 1)
        for i in reversed(range(rank)):
            strides[i] = running
            static = memref_type.shape[i]
            if static == 0:
                continue
            use_size = stride == 1
            if static == DYNAMIC:
                stride = DYNAMIC
            if stride != DYNAMIC:
                stride *= static
            if use_size:
                running = sizes[i]
            elif stride == DYNAMIC:
                running = B.binary(rw, "llvm.mul", running, sizes[i], loc)
            else:
                running = self.const_index(rw, loc, stride)
        if size_in_bytes:
            elem = self.tc.convert_type(memref_type.element_type)
            p = self.tc.ptr(0, elem)
            null = B.zero(rw, p, loc)
            g = B.gep(rw, p, elem, null, [running], loc)
            size = B.create(rw, "llvm.ptrtoint", [g], [idx], loc=loc).results[0]
        else:
            size = running
        return sizes, strides, size

    def size_in_bytes(self, rw, loc, t):
        llvm_t = self.tc.convert_type(t)
        p = self.tc.ptr(0, llvm_t)
        null = B.zero(rw, p, loc)
        g = B.gep(rw, p, llvm_t, null, [1], loc)
        return B.create(rw, "llvm.ptrtoint", [g], [self.index_type], loc=loc).results[0]

    def num_elements(self, rw, loc, memref_type, dynamic_sizes):
        dyn = iter(dynamic_sizes)
        n = self.const_index(rw, loc, 1) if not memref_type.shape else None
        for s in memref_type.shape:
            v = next(dyn) if s == DYNAMIC else self.const_index(rw, loc, s)
            n = v if n is None else B.binary(rw, "llvm.mul", n, v, loc)
        return n

    def create_memref_descriptor(self, rw, loc, memref_type, allocated, aligned, sizes,
                                 strides):
        d = MemRefDescriptor.undef(rw, loc, self.tc.convert_type(memref_type))
        d.set_allocated_ptr(rw, loc, allocated)
        d.set_aligned_ptr(rw, loc, aligned)
        d.set_offset(rw, loc, self.const_index(rw, loc, 0))
        for i, s in enumerate(sizes):
            d.set_size(rw, loc, i, s)
        for i, s in enumerate(strides):
            d.set_stride(rw, loc, i, s)
        return d

    def copy_unranked_descriptors(self, rw, loc, orig_types, operands, to_dynamic):
        """Copies the ranked descriptors that unranked memref operands point to, onto the heap
        (`to_dynamic`: malloc, for values returned from a function) or the stack (alloca, and
        the heap copy is freed). Returns the new operand list, or None on failure."""
        positions = [i for i, t in enumerate(orig_types) if type(t) is UnrankedMemRefType]
        if not positions:
            return list(operands)
        from passes.conversion.llvm_common.functions import lookup_or_create_fn
        spaces = [self.tc.memref_address_space(orig_types[i]) for i in positions]
        if None in spaces:
            return None
        descs = [UnrankedMemRefDescriptor(operands[i]) for i in positions]
        sizes = UnrankedMemRefDescriptor.compute_sizes(rw, loc, self.tc, descs, spaces)
        module = _module_of(rw)
        ptr = self.tc.ptr(0, I8)  # i8* in typed-pointer mode
        if to_dynamic:
            malloc = lookup_or_create_fn(module, "malloc", [self.index_type], ptr, rw.ctx)
        else:
            free = lookup_or_create_fn(module, "free", [ptr], lt.VOID, rw.ctx)
        out = list(operands)
        for i, desc, size in zip(positions, descs, sizes):
            if to_dynamic:
                memory = B.call(rw, malloc, [size], [ptr], loc).results[0]
            else:
                memory = B.alloca(rw, ptr, I8, size, loc)
            source = desc.memref_desc_ptr(rw, loc)
            B.create(rw, "llvm.intr.memcpy", [memory, source, size], [],
                     properties={"isVolatile": _false()}, loc=loc)
            if not to_dynamic:
                B.call(rw, free, [source], [], loc)
            new = UnrankedMemRefDescriptor.undef(rw, loc, self.tc.convert_type(orig_types[i]))
            new.set_rank(rw, loc, desc.rank(rw, loc))
            new.set_memref_desc_ptr(rw, loc, memory)
            out[i] = new.value
        return out


def _false():
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import I1
    return IntegerAttr(I1, 0)


def _module_of(rw):
    op = rw.block.parent_op if rw.block is not None else None
    while op is not None and op.name != "builtin.module":
        op = op.parent_op
    return op


# -- one-to-one lowerings and n-D vector unrolling --------------------------------------------
def one_to_one_rewrite(op, target, operands, props, attrs, tc, rw):
    """Replaces `op` by `target` on `operands`; several results are packed into a struct and
    extracted again. Returns False when a result type does not convert."""
    result_types = []
    if op.results:
        t = tc.pack_operation_results([r.type for r in op.results])
        if t is None:
            return False
        result_types.append(t)
    new = B.create(rw, target, operands, result_types, properties=props, loc=op.loc,
                   attributes=attrs)
    if not op.results:
        rw.erase_op(op)
    elif len(op.results) == 1:
        rw.replace_op(op, [new.results[0]])
    else:
        rw.replace_op(op, [B.extractvalue(rw, new.results[0], i, op.loc)
                           for i in range(len(op.results))])
    return True


def nd_vector_info(vector_type, tc):
    """(converted n-D type, 1-D vector type, array sizes) or None."""
    llvm_t = tc.convert_type(vector_type)
    if llvm_t is None or not lt.is_compatible_type(llvm_t):
        return None
    sizes = []
    t = llvm_t
    while type(t) is lt.LLVMArrayType:
        sizes.append(t.num_elements)
        t = t.element_type
    if not lt.is_compatible_vector(t):
        return None
    return llvm_t, t, sizes


def nd_positions(sizes):
    """Every position in an array nest of these sizes, in row-major order."""
    positions = [[]]
    for s in sizes:
        positions = [p + [i] for p in positions for i in range(s)]
    return positions if sizes else []


def unroll_nd_vector(op, operands, tc, rw, create_1d):
    """handleMultidimensionalVectors: `create_1d(vector_1d_type, operands_1d)` builds the op on
    each 1-D slice; the slices are inserted into an undef of the n-D array type."""
    info = nd_vector_info(op.results[0].type, tc)
    if info is None:
        return False
    nd_type, vec_type, sizes = info
    loc = op.loc
    desc = B.undef(rw, nd_type, loc)
    for pos in nd_positions(sizes):
        parts = [B.extractvalue(rw, v, pos, loc) for v in operands]
        desc = B.insertvalue(rw, desc, create_1d(vec_type, parts), pos, loc)
    rw.replace_op(op, [desc])
    return True


def vector_one_to_one_rewrite(op, target, operands, props, attrs, tc, rw):
    for v in operands:
        if not lt.is_compatible_type(v.type):
            return False
    if not operands or type(operands[0].type) is not lt.LLVMArrayType:
        return one_to_one_rewrite(op, target, operands, props, attrs, tc, rw)

    def create(vec_type, parts):
        return B.create(rw, target, parts, [vec_type], properties=props, loc=op.loc,
                        attributes=attrs).results[0]
    return unroll_nd_vector(op, operands, tc, rw, create)


def pass_through(op):
    """Attributes carried over unchanged: (properties, discardable attributes). All of the
    source op's attributes go in the second dict: the builder keeps those the target op
    declares as its properties and leaves the others discardable, as MLIR does."""
    return {}, {**op.properties, **op.attributes}


def llvm_fastmath(arith_flags):
    """`#arith.fastmath` -> `#llvm.fastmath` (ArithCommon's convertArithFastMathAttrToLLVM).
    The bit orders differ: arith is reassoc,nnan,ninf,nsz,arcp,contract,afn (1..64); llvm is
    nnan,ninf,nsz,arcp,contract,afn,reassoc (1..64)."""
    v = arith_flags.value if arith_flags is not None else 0
    return FastmathFlagsAttr((v >> 1) | ((v & 1) << 6))


def convert_fastmath(op):
    """AttrConvertFastMathToLLVM: the op's attributes with `fastmath` renamed `fastmathFlags`
    and its value translated to the LLVM enum."""
    props = dict(op.properties)
    fmf = props.pop("fastmath", None)
    if fmf is not None:
        props["fastmathFlags"] = llvm_fastmath(fmf)
    return props, dict(op.attributes)


class VectorConvertToLLVMPattern(ConvertOpToLLVMPattern):
    """`source` op -> `target` op, 1:1 on converted operands, n-D vectors unrolled.
    `convert_attrs(op) -> (properties, attributes)` translates the attributes."""

    def __init__(self, type_converter, source, target, convert_attrs=pass_through, benefit=1):
        super().__init__(type_converter, source, benefit)
        self.target = target
        self.convert_attrs = convert_attrs

    def match_and_rewrite(self, op, adaptor, rw):
        props, attrs = self.convert_attrs(op)
        return vector_one_to_one_rewrite(op, self.target, adaptor.operands, props, attrs,
                                         self.tc, rw)


def vector_patterns(tc, table, convert_attrs=pass_through):
    """One VectorConvertToLLVMPattern per `{source op: target op}` entry."""
    return [VectorConvertToLLVMPattern(tc, s, t, convert_attrs) for s, t in table.items()]


__all__ = ["ConvertOpToLLVMPattern", "VectorConvertToLLVMPattern", "vector_patterns",
           "one_to_one_rewrite", "vector_one_to_one_rewrite", "unroll_nd_vector",
           "nd_vector_info", "nd_positions", "pass_through", "llvm_fastmath", "convert_fastmath"]
