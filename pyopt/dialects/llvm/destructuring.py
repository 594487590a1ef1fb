"""SROA models of the LLVM dialect (MLIR's LLVMMemorySlot.cpp, destructuring half).

- `llvm.alloca` of a struct or a small array (array size 1) is a destructurable allocation;
- `llvm.load` / `llvm.store` through the slot pointer itself access its first field;
- `llvm.getelementptr` with constant non-negative indices selects the field holding the
  addressed byte and becomes a byte offset into that field's new slot;
- `llvm.intr.memset` writing within the slot is split over the fields it covers;
  `llvm.intr.memcpy` / `memmove` / `memcpy.inline` copying the whole slot become one copy per
  field;
- struct and array types (at most 16 elements) are destructurable, indexed by i32 attributes.

Method protocols: see passes/transforms/sroa.py. Importing this module attaches the models.
"""
from __future__ import annotations

from pyopt.interfaces import attach, attach_type, type_model
from pyopt.interfaces.memory_slot import (DESTRUCTURABLE_ACCESSOR, DESTRUCTURABLE_ALLOCATION,
                                       DESTRUCTURABLE_TYPE, SAFE_MEMORY_SLOT_ACCESS,
                                       DestructurableAlloca, DestructurableMemorySlot,
                                       MemorySlot)
from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr, TypeAttr
from pyopt.ir.types import I8, I32, IntegerType
from pyopt.dialects.llvm.ops import OPS
from pyopt.dialects.llvm.types import LLVMArrayType, LLVMPointerType, LLVMStructType, LLVMType
from pyopt.rewrite.matchers import constant_int as _const_int, int_attr

_DEFS = {d.name: d for d in OPS}
_DYNAMIC_INDEX = -(1 << 31)      # rawConstantIndices marker of a dynamic GEP index
_GEP_CONSTANT_BITS = 29          # LLVM::kGEPConstantBitWidth
_MAX_ARRAY_SIZE = 16             # larger arrays are not destructured
_PTR = LLVMPointerType()


# -- destructurable types ----------------------------------------------------------------------
def _i32(i):
    return IntegerAttr(I32, i)


class _StructTypeModel:
    def subelement_index_map(self, t):
        return {_i32(i): e for i, e in enumerate(t.body)}

    def type_at_index(self, t, index):
        if not isinstance(index, IntegerAttr) or index.type is not I32:
            return None
        return t.body[index.value] if 0 <= index.value < len(t.body) else None


class _ArrayTypeModel:
    def subelement_index_map(self, t):
        if t.num_elements > _MAX_ARRAY_SIZE:
            return None
        return {_i32(i): t.element_type for i in range(t.num_elements)}

    def type_at_index(self, t, index):
        if not isinstance(index, IntegerAttr) or index.type is not I32:
            return None
        return t.element_type if 0 <= index.value < t.num_elements else None


attach_type(LLVMStructType, DESTRUCTURABLE_TYPE, _StructTypeModel())
attach_type(LLVMArrayType, DESTRUCTURABLE_TYPE, _ArrayTypeModel())


def _index_map(t):
    m = type_model(t, DESTRUCTURABLE_TYPE)
    return None if m is None else m.subelement_index_map(t)


def _subslot_type(slot, index):
    """The type of `slot`'s sub-element `index`, or None."""
    return slot.subelement_types.get(index)


def _all_indices_i32(slot):
    return all(isinstance(i, IntegerAttr) and i.type is I32 for i in slot.subelement_types)


def _is_volatile(op, name):
    a = op.properties.get(name)
    return a is not None and (not isinstance(a, IntegerAttr) or a.value != 0)


# -- alloca --------------------------------------------------------------------------------------
class _AllocaModel(DestructurableAlloca):
    def get_destructurable_slots(self, op):
        if _const_int(op.arraySize) != 1:
            return []
        elem = op.properties["elem_type"].value
        m = _index_map(elem)
        if m is None:
            return []
        return [DestructurableMemorySlot(op.results[0], elem, m)]

    def new_alloca(self, op, builder, elem):
        return builder.create("llvm.alloca", [op.arraySize], [_PTR],
                              properties={"elem_type": TypeAttr(elem)}, loc=op.loc)


attach(_DEFS["llvm.alloca"], DESTRUCTURABLE_ALLOCATION, _AllocaModel())


# -- load / store --------------------------------------------------------------------------------
class _LoadStoreModel:
    """Both access the first field when they use the slot pointer directly."""

    def __init__(self, is_store):
        self.is_store = is_store

    def _access_type(self, op):
        return op.value.type if self.is_store else op.res.type

    def can_rewire(self, op, slot, used_indices, must_be_safely_used, layout):
        if _is_volatile(op, "volatile_"):
            return False
        if self.is_store and op.value is slot.ptr:
            return False  # storing the pointer itself lets it escape
        index = _i32(0)
        sub = _subslot_type(slot, index)
        if sub is None:
            return False
        size, sub_size = layout.size(self._access_type(op)), layout.size(sub)
        if size is None or sub_size is None or size > sub_size:
            return False
        used_indices[index] = None
        return True

    def rewire(self, op, slot, subslots, builder, layout):
        op.addr = subslots[_i32(0)].ptr
        return False

    def ensure_only_safe_accesses(self, op, slot, must_be_safely_used, layout):
        if op.addr is not slot.ptr:
            return True
        size, slot_size = layout.size(self._access_type(op)), layout.size(slot.elem_type)
        return size is not None and slot_size is not None and size <= slot_size


for _name, _store in (("llvm.load", False), ("llvm.store", True)):
    _m = _LoadStoreModel(_store)
    attach(_DEFS[_name], DESTRUCTURABLE_ACCESSOR, _m)
    attach(_DEFS[_name], SAFE_MEMORY_SLOT_ACCESS, _m)


# -- getelementptr -------------------------------------------------------------------------------
def _align_to(value, align):
    return -(-value // align) * align if align > 1 else value


def _gep_byte_offset(layout, op):
    """The constant byte offset a GEP adds to its base, or None (dynamic or negative
    indices, unsupported types)."""
    indices = op.properties["rawConstantIndices"].values
    if any(i == _DYNAMIC_INDEX or i < 0 for i in indices):
        return None
    t = op.properties["elem_type"].value
    size = layout.size(t)
    if size is None:
        return None
    offset = indices[0] * size
    for index in indices[1:]:
        if isinstance(t, LLVMArrayType):
            t = t.element_type
            es = layout.size(t)
            if es is None:
                return None
            offset += index * es
        elif isinstance(t, LLVMStructType):
            if index >= len(t.body):
                return None
            offset = _struct_field_offset(layout, t, index, offset)
            if offset is None:
                return None
            t = t.body[index]
        else:
            return None
    return offset


def _struct_field_offset(layout, t, index, offset):
    """`offset` advanced over the fields of struct `t` before field `index`, then aligned for
    that field (MLIR aligns the running offset, outer offsets included)."""
    for i, e in enumerate(t.body[:index + 1]):
        size, align = layout.size(e), layout.abi_alignment(e)
        if size is None or align is None:
            return None
        if not t.packed:
            offset = _align_to(offset, align)
        if i < index:
            offset += size
    return offset


def _subslot_access(slot, layout, op):
    """(field index, offset within that field) of the byte a GEP on `slot` addresses, or
    None when out of bounds or in padding."""
    offset = _gep_byte_offset(layout, op)
    if offset is None:
        return None
    t = slot.elem_type
    size = layout.size(t)
    if size is None or offset >= size:
        return None
    if isinstance(t, LLVMArrayType):
        es = layout.size(t.element_type)
        if not es:
            return None
        index = offset // es
        if index >= 1 << _GEP_CONSTANT_BITS:
            return None
        return index, offset - index * es
    if isinstance(t, LLVMStructType):
        start = 0
        for index, e in enumerate(t.body):
            es = layout.size(e)  # known: the struct's size is
            if not t.packed:
                start = _align_to(start, layout.abi_alignment(e))
                if offset < start:
                    return None  # in padding
            if offset < start + es:
                if index >= 1 << _GEP_CONSTANT_BITS:
                    return None
                return index, offset - start
            start += es
    return None


def _byte_array(n):
    return LLVMArrayType(I8, n)


class _GEPModel:
    def can_rewire(self, op, slot, used_indices, must_be_safely_used, layout):
        base = op.base
        if not isinstance(base.type, LLVMPointerType) or base is not slot.ptr:
            return False
        access = _subslot_access(slot, layout, op)
        if access is None:
            return False
        index = _i32(access[0])
        used_indices[index] = None
        sub_size = layout.size(slot.subelement_types[index])
        must_be_safely_used.append(MemorySlot(op.results[0], _byte_array(sub_size - access[1])))
        return True

    def rewire(self, op, slot, subslots, builder, layout):
        index, offset = _subslot_access(slot, layout, op)
        new_ptr = subslots[_i32(index)].ptr
        result = op.results[0]
        if offset != 0 or result.type is not new_ptr.type:  # GEP [0] folds to its base
            props = {"rawConstantIndices": DenseArrayAttr(I32, [offset]),
                     "elem_type": TypeAttr(I8)}
            if "inbounds" in op.properties:
                props["inbounds"] = op.properties["inbounds"]
            new_ptr = builder.create("llvm.getelementptr", [new_ptr], [result.type],
                                     properties=props, loc=op.loc).results[0]
        result.replace_all_uses_with(new_ptr)
        return True

    def ensure_only_safe_accesses(self, op, slot, must_be_safely_used, layout):
        if op.base is not slot.ptr:
            return True
        offset = _gep_byte_offset(layout, op)
        slot_size = layout.size(slot.elem_type)
        if offset is None or slot_size is None or offset >= slot_size:
            return False
        must_be_safely_used.append(MemorySlot(op.results[0], _byte_array(slot_size - offset)))
        return True


_gep = _GEPModel()
attach(_DEFS["llvm.getelementptr"], DESTRUCTURABLE_ACCESSOR, _gep)
attach(_DEFS["llvm.getelementptr"], SAFE_MEMORY_SLOT_ACCESS, _gep)


# -- memory intrinsics -------------------------------------------------------------------------
def _static_len(op):
    """The constant length (bytes) of a memory intrinsic, read as unsigned, else None."""
    if op.name == "llvm.intr.memcpy.inline":
        a = op.properties.get("len")
    else:
        a = int_attr(op.len)
    if not isinstance(a, IntegerAttr) or not isinstance(a.type, IntegerType):
        return None
    width = a.type.width
    if width > 64:
        return None
    return a.value & ((1 << width) - 1)


def _writes_only_within(op, slot, layout):
    """Whether the intrinsic's destination is the slot and its length fits in it."""
    if not isinstance(slot.ptr.type, LLVMPointerType) or op.dst is not slot.ptr:
        return False
    n, size = _static_len(op), layout.size(slot.elem_type)
    return n is not None and size is not None and n <= size


def _splittable(op, slot):
    return not _is_volatile(op, "isVolatile") and _all_indices_i32(slot)


def _constant(builder, type_, value, loc):
    return builder.create("llvm.mlir.constant", [], [type_],
                          properties={"value": IntegerAttr(type_, value)}, loc=loc).results[0]


def _value_loc(v):
    d = v.defining_op()
    return d.loc if d is not None else getattr(v, "loc", None)


class _MemsetModel:
    def can_rewire(self, op, slot, used_indices, must_be_safely_used, layout):
        if not isinstance(slot.elem_type, LLVMType) or not _splittable(op, slot):
            return False
        return _writes_only_within(op, slot, layout)

    def rewire(self, op, slot, subslots, builder, layout):
        """One memset per used field the original one reaches, clipped to the field."""
        types = slot.subelement_types
        length = op.len
        total = _static_len(op)
        packed = isinstance(slot.elem_type, LLVMStructType) and slot.elem_type.packed
        covered = 0
        for i in range(len(types)):
            index = _i32(i)
            elem = types[index]
            size = layout.size(elem)
            if not packed:
                covered = _align_to(covered, layout.abi_alignment(elem))
            if covered >= total:
                break
            if index in subslots:
                n = _constant(builder, length.type, min(total - covered, size),
                              _value_loc(length))
                builder.create("llvm.intr.memset",
                               [subslots[index].ptr, op.val, n], [],
                               properties={"isVolatile": op.properties["isVolatile"]},
                               loc=op.loc)
            covered += size
        return True

    def ensure_only_safe_accesses(self, op, slot, must_be_safely_used, layout):
        return _writes_only_within(op, slot, layout)


class _MemcpyModel:
    """memcpy, memmove and memcpy.inline: only copies of the whole slot are split."""

    def can_rewire(self, op, slot, used_indices, must_be_safely_used, layout):
        if not _splittable(op, slot):
            return False
        dst, src = op.dst, op.src
        if dst is src:
            return False
        if _static_len(op) != layout.size(slot.elem_type):
            return False
        if src is slot.ptr:
            for index in sorted(slot.subelement_types, key=lambda a: a.value):
                used_indices[index] = None
        return True

    def rewire(self, op, slot, subslots, builder, layout):
        if not subslots:
            return True
        is_dst = op.dst is slot.ptr
        other = op.src if is_dst else op.dst
        volatile = op.properties["isVolatile"]
        for i in range(len(slot.subelement_types)):
            sub = subslots.get(_i32(i))
            if sub is None:
                continue
            in_other = builder.create(
                "llvm.getelementptr", [other], [_PTR],
                properties={"rawConstantIndices": DenseArrayAttr(I32, [0, i]),
                            "elem_type": TypeAttr(slot.elem_type)}, loc=op.loc).results[0]
            dst, src = (sub.ptr, in_other) if is_dst else (in_other, sub.ptr)
            size = layout.size(sub.elem_type)
            if op.name == "llvm.intr.memcpy.inline":
                len_type = IntegerType(op.properties["len"].type.width)
                builder.create(op.name, [dst, src], [],
                               properties={"isVolatile": volatile,
                                           "len": IntegerAttr(len_type, size)}, loc=op.loc)
            else:
                n = _constant(builder, op.len.type, size, op.loc)
                builder.create(op.name, [dst, src, n], [],
                               properties={"isVolatile": volatile}, loc=op.loc)
        return True

    def ensure_only_safe_accesses(self, op, slot, must_be_safely_used, layout):
        # Partial copies are safe too; only the destination side is checked.
        return _writes_only_within(op, slot, layout)


_memset = _MemsetModel()
attach(_DEFS["llvm.intr.memset"], DESTRUCTURABLE_ACCESSOR, _memset)
attach(_DEFS["llvm.intr.memset"], SAFE_MEMORY_SLOT_ACCESS, _memset)
_memcpy = _MemcpyModel()
for _name in ("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memcpy.inline"):
    attach(_DEFS[_name], DESTRUCTURABLE_ACCESSOR, _memcpy)
    attach(_DEFS[_name], SAFE_MEMORY_SLOT_ACCESS, _memcpy)
