"""Promotion models of LLVM dialect ops for mem2reg (MLIR's LLVMMemorySlot.cpp, promotion
side). Importing this module attaches them; the method protocols are documented in
passes/transforms/mem2reg.py.

- llvm.alloca allocates a slot (entry-block allocas only: an alloca reached several times
  allocates several times); its default content is `llvm.mlir.undef`.
- llvm.load / llvm.store read and write it. An access of another type is promoted when the
  types can be converted by casts (integers, floats, pointers of equal size, fixed vectors;
  not aggregates): a smaller load extracts the low bits (high bits on big-endian targets), a
  smaller store merges its bits into the previous content. Volatile accesses are not promoted.
- llvm.intr.memset / memcpy / memcpy.inline / memmove writing (or reading) the whole slot.
- Pointer casts and all-zero GEPs vanish with their users; lifetime and invariant markers and
  dbg.declare are dropped (dbg.declare becomes a dbg.value after every store); a dbg.value of
  the pointer becomes a dbg.value of undef.
"""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.memory_slot import (MemorySlot, PROMOTABLE_ALLOCATION, PROMOTABLE_MEM_OP,
                                       SlotLoad, SlotStore,
                                       PROMOTABLE_OP)
from pyopt.ir.attributes import IntegerAttr, normalize_int
from pyopt.ir.core import OpResult
from pyopt.ir.types import IntegerType, VectorType
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.llvm.types import (LLVMArrayType, LLVMFixedVectorType, LLVMPointerType,
                    LLVMScalableVectorType, LLVMStructType)
from pyopt.dialects.llvm import LLVM


# -- building ------------------------------------------------------------------------------------
def _create(b, name, operands, type_, loc, props=None):
    return b.create(name, operands, [type_] if type_ is not None else [], properties=props,
                    loc=loc)


def _constant(b, type_, value, loc):
    attr = IntegerAttr(type_, normalize_int(value, type_))
    return _create(b, "llvm.mlir.constant", [], type_, loc, {"value": attr}).results[0]


def _create_or_fold(b, name, operands, type_, loc):
    return create_or_fold(b, name, operands, [type_], loc)[0]


# -- type conversions (loads and stores of another type than the slot's) ---------------------
def _convertible(t):
    if isinstance(t, (LLVMStructType, LLVMArrayType, LLVMFixedVectorType,
                      LLVMScalableVectorType)):
        return False
    if isinstance(t, VectorType):
        return not any(t.scalable_dims or ())
    return True


def _compatible(layout, target, src, narrowing):
    """Can `src` be turned into `target` by casts (and a truncation when narrowing, an
    insertion when widening)?"""
    if target is src:
        return True
    if not _convertible(target) or not _convertible(src):
        return False
    ts, ss = layout.size(target), layout.size(src)
    if ts is None or ss is None:
        return False
    if isinstance(target, LLVMPointerType) and isinstance(src, LLVMPointerType):
        return ts == ss
    return ts <= ss if narrowing else ts >= ss


def _to_int(b, loc, v, layout):
    t = v.type
    if isinstance(t, IntegerType):
        return v
    it = IntegerType(layout.size_in_bits(t))
    if isinstance(t, LLVMPointerType):
        return _create_or_fold(b, "llvm.ptrtoint", [v], it, loc)
    return _create_or_fold(b, "llvm.bitcast", [v], it, loc)


def _from_int(b, loc, v, target):
    if v.type is target:
        return v
    if isinstance(target, LLVMPointerType):
        return _create_or_fold(b, "llvm.inttoptr", [v], target, loc)
    return _create_or_fold(b, "llvm.bitcast", [v], target, loc)


def _cast_same_size(b, loc, v, target, layout):
    if v.type is target:
        return v
    if isinstance(target, LLVMPointerType) and isinstance(v.type, LLVMPointerType):
        return _create_or_fold(b, "llvm.addrspacecast", [v], target, loc)
    return _from_int(b, loc, _to_int(b, loc, v, layout), target)


def _extract_and_cast(b, loc, v, target, layout):
    """The first `target`-sized bits of `v` (a load smaller than the slot)."""
    src_bits, tgt_bits = layout.size_in_bits(v.type), layout.size_in_bits(target)
    if src_bits == tgt_bits:
        return _cast_same_size(b, loc, v, target, layout)
    r = _to_int(b, loc, v, layout)
    if layout.big_endian:
        # (MLIR shifts the original value, typed as the slot.)
        c = _constant(b, v.type, src_bits - tgt_bits, loc)
        r = _create_or_fold(b, "llvm.lshr", [v, c], v.type, loc)
    r = _create(b, "llvm.trunc", [r], IntegerType(tgt_bits), loc).results[0]
    return _from_int(b, loc, r, target)


def _insert_and_cast(b, loc, v, reaching, layout):
    """`reaching` with its first bits replaced by `v` (a store smaller than the slot)."""
    val_bits, slot_bits = layout.size_in_bits(v.type), layout.size_in_bits(reaching.type)
    if val_bits == slot_bits:
        return _cast_same_size(b, loc, v, reaching.type, layout)
    def_int = _to_int(b, loc, reaching, layout)
    val_int = _to_int(b, loc, v, layout)
    it = def_int.type
    val_int = _create_or_fold(b, "llvm.zext", [val_int], it, loc)
    diff = slot_bits - val_bits
    if layout.big_endian:
        c = _constant(b, it, diff, loc)
        val_int = _create_or_fold(b, "llvm.shl", [val_int, c], it, loc)
        mask = (1 << diff) - 1
    else:
        mask = ((1 << slot_bits) - 1) & ~((1 << val_bits) - 1)
    mask_v = _constant(b, it, mask, loc)
    masked = _create_or_fold(b, "llvm.and", [def_int, mask_v], it, loc)
    combined = _create_or_fold(b, "llvm.or", [masked, val_int], it, loc)
    return _from_int(b, loc, combined, reaching.type)


def _is_volatile(op):
    return op.get_attr("volatile_") is not None


# -- llvm.alloca -------------------------------------------------------------------------------
class _Alloca:
    def promotable_slots(self, op):
        if not op.parent.is_entry_block():
            return []
        return [MemorySlot(op.results[0], op.properties["elem_type"].value)]

    def default_value(self, op, slot, b):
        return _create(b, "llvm.mlir.undef", [], slot.elem_type, op.loc).results[0]

    def handle_block_argument(self, op, slot, arg, b):
        for user in op.results[0].users():
            if user.name == "llvm.intr.dbg.declare":
                _dbg_value(b, arg, user)

    def handle_promotion_complete(self, op, slot, default, b):
        if default is not None and not default.has_uses():
            default.owner.erase()
        op.erase()
        return None


def _dbg_value(b, value, declare):
    props = {"varInfo": declare.properties["varInfo"]}
    expr = declare.properties.get("locationExpr")
    if expr is not None:
        props["locationExpr"] = expr
    b.create("llvm.intr.dbg.value", [value], [], properties=props, loc=declare.loc)


# -- llvm.load / llvm.store --------------------------------------------------------------------
class _Load(SlotLoad):
    def fits(self, op, slot, layout):
        return (_compatible(layout, op.results[0].type, slot.elem_type, True)
                and not _is_volatile(op))

    def loaded_value(self, op, b, reaching, layout):
        return _extract_and_cast(b, op.loc, reaching, op.results[0].type, layout)


class _Store(SlotStore):
    def fits(self, op, slot, layout):
        return (_compatible(layout, slot.elem_type, op.value.type, False)
                and not _is_volatile(op))

    def get_stored(self, op, slot, b, reaching, layout):
        return _insert_and_cast(b, op.loc, op.value, reaching, layout)


# -- memory intrinsics -------------------------------------------------------------------------
def _static_len(op):
    if op.name == "llvm.intr.memcpy.inline":
        a = op.properties.get("len")
        v = a.value if isinstance(a, IntegerAttr) else None
    else:
        v = constant_int(op.len)
        if v is not None:
            v &= (1 << op.len.type.width) - 1
    return v if v is not None and v < (1 << 64) else None


def _intr_volatile(op):
    a = op.properties.get("isVolatile")
    return a is not None and bool(a.value)


class _Memset:
    def loads_from(self, op, slot):
        return False

    def stores_to(self, op, slot):
        return op.dst is slot.ptr

    def get_stored(self, op, slot, b, reaching, layout):
        t, byte = slot.elem_type, op.val
        if t.width == 8:
            return byte
        # Repeat the byte: v | v << 8, then | << 16, ... until the width is covered.
        value = _create(b, "llvm.zext", [byte], t, op.loc).results[0]
        covered = 8
        while covered < t.width:
            c = _constant(b, t, covered, op.loc)
            shifted = _create(b, "llvm.shl", [value, c], t, op.loc).results[0]
            value = _create(b, "llvm.or", [value, shifted], t, op.loc).results[0]
            covered *= 2
        return value

    def can_uses_be_removed(self, op, slot, uses, new_uses, layout):
        t = slot.elem_type
        if not isinstance(t, IntegerType) or t.width % 8 or t.width == 0:
            return False
        return not _intr_volatile(op) and _static_len(op) == layout.size(t)

    def remove_blocking_uses(self, op, slot, uses, b, reaching, layout):
        return True


class _Memcpy:
    """memcpy, memcpy.inline and memmove copying exactly one slot-sized value."""

    def loads_from(self, op, slot):
        return op.src is slot.ptr

    def stores_to(self, op, slot):
        return op.dst is slot.ptr

    def get_stored(self, op, slot, b, reaching, layout):
        return _create(b, "llvm.load", [op.src], slot.elem_type, op.loc).results[0]

    def can_uses_be_removed(self, op, slot, uses, new_uses, layout):
        # Copying a slot onto itself is left to canonicalization.
        if op.dst is op.src or _intr_volatile(op):
            return False
        size = layout.size(slot.elem_type)
        return size is not None and _static_len(op) == size

    def remove_blocking_uses(self, op, slot, uses, b, reaching, layout):
        if self.loads_from(op, slot):
            _create(b, "llvm.store", [reaching, op.dst], None, op.loc)
        return True


# -- ops that only go away ---------------------------------------------------------------------
class _Forwarding:
    """Casts and all-zero GEPs: deleted once all their users let go of the result."""

    def can_uses_be_removed(self, op, uses, new_uses, layout):
        if op.name == "llvm.getelementptr" and not _all_zero_gep(op):
            return False
        for r in op.results:
            new_uses.extend(r.uses())
        return True

    def remove_blocking_uses(self, op, uses, b):
        return True


def _all_zero_gep(op):
    return len(op.operand_slots) == 1 and all(
        v == 0 for v in op.properties["rawConstantIndices"].values)


class _Droppable:
    """Lifetime and invariant markers, dbg.declare: deleted. (invariant.start also needs the
    users of its token to go, which are invariant.end markers in valid code.)"""

    def can_uses_be_removed(self, op, uses, new_uses, layout):
        for r in op.results:
            new_uses.extend(r.uses())
        return True

    def remove_blocking_uses(self, op, uses, b):
        return True


class _DbgDeclare(_Droppable):
    def requires_replaced_values(self, op):
        return True

    def visit_replaced_values(self, op, defs, b):
        for store, value in defs:
            b.set_insertion_point_after(store)
            _dbg_value(b, value, op)


class _DbgValue:
    def can_uses_be_removed(self, op, uses, new_uses, layout):
        return len(uses) == 1 and uses[0].value is op.value

    def remove_blocking_uses(self, op, uses, b):
        # Keep the variable described, as optimized out.
        b.set_insertion_point(op)
        v = op.value
        loc = v.owner.loc if isinstance(v, OpResult) else v.loc
        undef = _create(b, "llvm.mlir.undef", [], v.type, loc).results[0]
        op.value = undef
        return False


def _defs(*names):
    return [LLVM.ops["llvm." + n] for n in names]


attach(_defs("alloca"), PROMOTABLE_ALLOCATION, _Alloca())
attach(_defs("load"), PROMOTABLE_MEM_OP, _Load())
attach(_defs("store"), PROMOTABLE_MEM_OP, _Store())
attach(_defs("intr.memset"), PROMOTABLE_MEM_OP, _Memset())
attach(_defs("intr.memcpy", "intr.memcpy.inline", "intr.memmove"), PROMOTABLE_MEM_OP,
       _Memcpy())
attach(_defs("bitcast", "addrspacecast", "getelementptr"), PROMOTABLE_OP, _Forwarding())
attach(_defs("intr.lifetime.start", "intr.lifetime.end", "intr.invariant.start",
             "intr.invariant.end"), PROMOTABLE_OP, _Droppable())
attach(_defs("intr.dbg.declare"), PROMOTABLE_OP, _DbgDeclare())
attach(_defs("intr.dbg.value"), PROMOTABLE_OP, _DbgValue())
