"""The LLVM type converter (MLIR's LLVMTypeConverter and LowerToLLVMOptions).

Builtin types map to LLVM-compatible ones: integers become signless, index becomes an integer of
the index bitwidth (option, else the data layout, else 64), f8 types become integers of their
width, complex<T> a two-field struct, n-D vectors arrays of 1-D vectors, ranked memrefs the
descriptor struct {allocated ptr, aligned ptr, offset, sizes[N], strides[N]}, unranked memrefs
{rank, ptr}, function types pointers; LLVM types are converted element-wise. Function
signatures unbundle memref arguments (default calling convention) or pass bare pointers.

`use_opaque_pointers=False` is the seed-era typed-pointer mode of mlir-opt 16: every pointer
the converter makes carries its element type (`!llvm.ptr<f32>`).
"""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.types import (ComplexType, DYNAMIC, FloatType, FunctionType, IndexType,
                            IntegerType, MemRefType, UnrankedMemRefType, VectorType)
from pyopt.rewrite.conversion import FAILURE, SignatureConversion, TypeConverter
from pyopt.dialects.llvm import types as lt
from pyopt.interfaces.data_layout import DataLayout
from pyopt.pass_registry import PassOption
from pyopt.ir.core import Block

_F8 = ("f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ")
_LLVM_FLOATS = ("f16", "bf16", "f32", "f64", "f80", "f128")


# The seed-era switch every *-to-llvm pass takes (read by LowerToLLVMOptions.for_op).
USE_OPAQUE_POINTERS = PassOption("use-opaque-pointers", bool, True,
                                 "Generate LLVM IR using opaque pointers instead of typed "
                                 "pointers (mlir-opt 16's typed-pointer mode when false)")


class LowerToLLVMOptions:
    """Options shared by the *-to-llvm passes. `index_bitwidth` 0 means: from the data layout."""
    __slots__ = ("index_bitwidth", "data_layout", "use_bare_ptr_call_conv", "use_opaque_pointers",
                 "layout")

    def __init__(self, index_bitwidth=0, data_layout="", use_bare_ptr_call_conv=False,
                 use_opaque_pointers=True, layout=None):
        self.index_bitwidth = index_bitwidth
        self.data_layout = data_layout
        self.use_bare_ptr_call_conv = use_bare_ptr_call_conv
        self.use_opaque_pointers = use_opaque_pointers
        self.layout = layout  # a DataLayout (dlti) for the converted op, or None

    @classmethod
    def for_op(cls, op, options=None):
        """Options of a pass run on `op`: its `index-bitwidth`/`data-layout`/... options, the
        index width falling back to the op's data layout (`dlti.dl_spec`)."""
        options = options or {}
        layout = DataLayout.closest(op)
        width = options.get("index-bitwidth", 0) or 0
        if not width:
            width = layout.size_in_bits(IndexType()) or 64
        return cls(width, options.get("data-layout", "") or "",
                   bool(options.get("use-bare-ptr-memref-call-conv", False)),
                   bool(options.get("use-opaque-pointers", True)), layout)


def _pointer_bits_from_dl_string(dl, space):
    """Pointer size of address space `space` from an LLVM data layout string (default 64)."""
    default = 64
    for spec in dl.split("-"):
        if spec.startswith("p"):
            head, _, rest = spec.partition(":")
            s = head[1:]
            if (int(s) if s.isdigit() else 0) == space and rest:
                return int(rest.split(":")[0])
            if (int(s) if s.isdigit() else 0) == 0:
                default = int(rest.split(":")[0]) if rest else default
    return default if space == 0 else 64


class LLVMTypeConverter(TypeConverter):
    def __init__(self, options: LowerToLLVMOptions | None = None):
        super().__init__()
        self.options = options or LowerToLLVMOptions(64)
        if not self.options.index_bitwidth:
            self.options.index_bitwidth = 64
        self.index_type = IntegerType(self.options.index_bitwidth)
        self.opaque = self.options.use_opaque_pointers
        self.add_conversion(self._convert_llvm_aggregate)
        self.add_conversion(lambda t: t if lt.is_compatible_type(t) else None)
        self.add_conversion(self._convert_builtin)
        self.add_source_materialization(_cast)
        self.add_target_materialization(_cast)
        self.add_argument_materialization(self._materialize_memref_argument)

    # -- basic queries ------------------------------------------------------------------------
    def ptr(self, address_space=0, element=None):
        """The pointer type this converter makes: opaque, or typed in typed-pointer mode."""
        if self.opaque or element is None:
            return lt.LLVMPointerType(address_space)
        return lt.LLVMPointerType(address_space, element)

    def pointer_bitwidth(self, address_space=0):
        if self.options.data_layout:
            return _pointer_bits_from_dl_string(self.options.data_layout, address_space)
        # Upstream reads only the `data-layout` option string here, never the DLTI spec.
        return 64

    def memref_address_space(self, t):
        """The integer address space of a memref type, or None when it has no integer form."""
        ms = t.memory_space
        if ms is None:
            return 0
        if isinstance(ms, IntegerAttr):
            return ms.value
        return None

    # -- conversions --------------------------------------------------------------------------
    def _convert_builtin(self, t):
        tt = type(t)
        if tt is IntegerType:
            return t if t.signedness == 0 else IntegerType(t.width)
        if tt is IndexType:
            return self.index_type
        if tt is FloatType:
            if t.kind in _LLVM_FLOATS:
                return t
            if t.kind in _F8:
                return IntegerType(8)
            return None  # tf32: no conversion, as upstream
        if tt is ComplexType:
            e = self.convert_type(t.element_type)
            return FAILURE if e is None else lt.literal_struct([e, e])
        if tt is FunctionType:
            if self.opaque:
                return self.ptr()
            # Typed pointers point to the converted signature (memrefs unbundled).
            sig = self.convert_function_signature(t)
            return FAILURE if sig is None else self.ptr(0, sig[0])
        if tt is MemRefType:
            fields = self.memref_descriptor_fields(t)
            return FAILURE if fields is None else lt.literal_struct(fields)
        if tt is UnrankedMemRefType:
            if self.convert_type(t.element_type) is None:
                return FAILURE
            return lt.literal_struct(self.unranked_descriptor_fields())
        if tt is VectorType:
            return self._convert_vector(t)
        return None

    def _convert_vector(self, t):
        e = self.convert_type(t.element_type)
        if e is None:
            return FAILURE
        if not t.shape:
            return VectorType((1,), e)
        scal = t.scalable_dims
        if any(scal[:-1]):
            return FAILURE
        out = VectorType((t.shape[-1],), e, (scal[-1],))
        for d in reversed(t.shape[:-1]):
            out = lt.LLVMArrayType(out, d)
        return out

    def _convert_llvm_aggregate(self, t):
        tt = type(t)
        if tt is lt.LLVMStructType:
            if lt.is_compatible_type(t):
                return None
            if t.name is not None:
                return self._convert_identified_struct(t)
            body = self.convert_types(list(t.body))
            return FAILURE if body is None else lt.literal_struct(body, t.packed)
        if tt is lt.LLVMArrayType and not lt.is_compatible_type(t):
            e = self.convert_type(t.element_type)
            return FAILURE if e is None else lt.LLVMArrayType(e, t.num_elements)
        if tt is lt.LLVMFunctionType and not lt.is_compatible_type(t):
            r = self.convert_type(t.return_type)
            ps = self.convert_types(list(t.params))
            return FAILURE if r is None or ps is None else lt.LLVMFunctionType(r, ps, t.var_arg)
        return None

    def _convert_identified_struct(self, t):
        """`"name"` -> `"_Converted.name"` with a converted body; recursive references to
        a struct being converted use the converted struct itself."""
        converted = lt.identified_struct(t.registry, "_Converted." + t.name)
        if t in self.call_stack[:-1]:
            return converted
        body = self.convert_types(list(t.body))
        if body is None:
            return FAILURE
        if converted.set_body(body, t.packed):
            return converted
        return FAILURE

    # -- memref descriptors -------------------------------------------------------------------
    def memref_descriptor_fields(self, t, unpack=False):
        """[allocated ptr, aligned ptr, offset, sizes, strides] of a ranked memref (the arrays
        spelled out as 2*rank index values when `unpack`), or None (diagnosed by the caller)."""
        if strides_and_offset(t) is None:
            _report("conversion to strided form failed either due to non-strided layout maps "
                    "(which should have been normalized away) or other reasons")
            return None
        elem = self.convert_type(t.element_type)
        if elem is None:
            return None
        space = self.memref_address_space(t)
        if space is None:
            from pyopt.syntax.printer import attr_to_str
            _report(f"conversion of memref memory space {attr_to_str(t.memory_space)} to "
                    f"integer address space failed. Consider adding memory space conversions.")
            return None
        p = self.ptr(space, elem)
        idx = self.index_type
        fields = [p, p, idx]
        rank = len(t.shape)
        if rank:
            if unpack:
                fields += [idx] * (2 * rank)
            else:
                fields += [lt.LLVMArrayType(idx, rank)] * 2
        return fields

    def unranked_descriptor_fields(self):
        return [self.index_type, self.ptr(0, IntegerType(8))]

    def can_convert_to_bare_ptr(self, t):
        if type(t) is not MemRefType or any(d == DYNAMIC for d in t.shape):
            return False
        so = strides_and_offset(t)
        return so is not None and DYNAMIC not in so[0] and so[1] != DYNAMIC

    def memref_to_bare_ptr(self, t):
        if not self.can_convert_to_bare_ptr(t):
            return None
        elem = self.convert_type(t.element_type)
        space = self.memref_address_space(t)
        if elem is None or space is None:
            return None
        return self.ptr(space, elem)

    # -- calling convention -------------------------------------------------------------------
    def convert_calling_convention_type(self, t, bare=False):
        if bare and isinstance(t, (MemRefType, UnrankedMemRefType)):
            return self.memref_to_bare_ptr(t)
        return self.convert_type(t)

    def convert_function_signature(self, ft, variadic=False, bare=False):
        """(LLVMFunctionType, SignatureConversion) of a builtin function type, or None."""
        bare = bare or self.options.use_bare_ptr_call_conv
        conv = SignatureConversion(len(ft.inputs))
        for i, t in enumerate(ft.inputs):
            converted = self.function_argument_types(t, bare)
            if converted is None:
                return None
            conv.add_inputs(i, converted)
        if not ft.results:
            result = lt.VOID
        else:
            result = self.pack_function_results(list(ft.results), bare)
            if result is None:
                return None
        return lt.LLVMFunctionType(result, conv.converted_types, variadic), conv

    def function_argument_types(self, t, bare=False):
        if bare:
            c = self.convert_calling_convention_type(t, True)
            return None if c is None else [c]
        if type(t) is MemRefType:
            return self.memref_descriptor_fields(t, unpack=True)
        if type(t) is UnrankedMemRefType:
            return self.unranked_descriptor_fields()
        c = self.convert_type(t)
        return None if c is None else [c]

    def pack_function_results(self, types, bare=False):
        bare = bare or self.options.use_bare_ptr_call_conv
        if len(types) == 1:
            return self.convert_calling_convention_type(types[0], bare)
        out = []
        for t in types:
            c = self.convert_calling_convention_type(t, bare)
            if c is None or not lt.is_compatible_type(c):
                return None
            out.append(c)
        return lt.literal_struct(out)

    def pack_operation_results(self, types):
        if len(types) == 1:
            return self.convert_type(types[0])
        out = []
        for t in types:
            c = self.convert_type(t)
            if c is None or not lt.is_compatible_type(c):
                return None
            out.append(c)
        return lt.literal_struct(out)

    def convert_function_type_c_wrapper(self, ft):
        """(wrapper LLVMFunctionType, struct result type or None): results that pack to a struct
        are returned through a leading pointer argument; memrefs are passed by pointer."""
        result = lt.VOID if not ft.results else self.pack_function_results(list(ft.results))
        if result is None:
            return None
        inputs = []
        struct = result if type(result) is lt.LLVMStructType else None
        if struct is not None:
            inputs.append(self.ptr(0, struct))
            result = lt.VOID
        for t in ft.inputs:
            c = self.convert_type(t)
            if c is None or not lt.is_compatible_type(c):
                return None
            if isinstance(t, (MemRefType, UnrankedMemRefType)):
                c = self.ptr(0, c)
            inputs.append(c)
        return lt.LLVMFunctionType(result, inputs, False), struct

    # -- materializations ---------------------------------------------------------------------
    def _materialize_memref_argument(self, builder, result_type, inputs, loc):
        from passes.conversion.llvm_common.descriptors import (MemRefDescriptor,
                                                                UnrankedMemRefDescriptor)
        if type(result_type) is UnrankedMemRefType:
            if len(inputs) == 1:
                return None
            desc = UnrankedMemRefDescriptor.pack(builder, loc, self, result_type, inputs)
        elif type(result_type) is MemRefType:
            if len(inputs) == 1:
                arg = inputs[0]
                owner = getattr(arg, "owner", None)
                if type(owner) is not Block or owner.parent is None or \
                        owner.parent.blocks[0] is not owner:
                    return None
                desc = MemRefDescriptor.from_static_shape(builder, loc, self, result_type, arg)
            else:
                desc = MemRefDescriptor.pack(builder, loc, self, result_type, inputs)
        else:
            return None
        return _cast(builder, result_type, [desc.value], loc)


def _report(message):
    """An error upstream emits at an unknown location without failing the conversion (the
    pattern just does not apply), so it does not change the exit status."""
    import sys
    sys.stderr.write(f"<unknown>:0: error: {message}\n")


def _cast(builder, result_type, inputs, loc):
    if len(inputs) != 1:
        return None
    return builder.create("builtin.unrealized_conversion_cast", list(inputs), [result_type],
                          loc=loc).results[0]
