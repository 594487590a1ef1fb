"""Memory ops of the LLVM dialect (MLIR 19 LLVMOps.td): llvm.alloca, llvm.getelementptr,
llvm.load, llvm.store and the atomics (llvm.atomicrmw, llvm.cmpxchg, llvm.fence). The other core
ops are in ops.py."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, TypeAttr, DenseArrayAttr, UNIT
from pyopt.ir.types import VectorType, FunctionType, I1, I32
from pyopt.ir.verifier import op_error
from pyopt.ir.constraints import (AnySignlessInteger, I64Attr, StrAttr, UnitAttrConstraint,
                                  TypeAttrC, DenseI32Array)
from pyopt.syntax.format import types_directive
from pyopt.ir.opdef import PURE
from pyopt.dialects.llvm.types import (LLVMPointerType, LLVMStructType, LLVMArrayType,
                                       LLVMFixedVectorType, LLVMScalableVectorType,
                                       LLVMTargetExtType, is_compatible_float, note_seed_syntax)
from pyopt.dialects.llvm.attrs import AtomicOrderingC, AtomicBinOpC, NOT_ATOMIC, ATOMIC_ORDERING
from pyopt.dialects.llvm.struct_attrs import ALIAS_ATTRS as _ALIAS_ATTRS
from pyopt.dialects.llvm.ops import (_op, _tc, _is_ptr, _signless_int, _target_supports_mem,
                                     move_inherent, DYNAMIC_INDEX, LLVM_AnyPointer,
                                     LLVM_AnyStruct, LLVM_LoadableType, IntOrVec, PtrOrVec)


# ============================================================================ alloca
def _parse_alloca(p, state):
    if p.accept_keyword("inalloca"):
        state.properties["inalloca"] = UNIT
    size = p.parse_operand()
    if not p.accept_keyword("x"):
        raise p.error("expected 'x'")
    elem = p.parse_type()
    attrs = p.parse_optional_attr_dict()
    p.expect(":")
    toff = p.start
    t = p.parse_type()
    al = attrs.get("alignment")
    if al is not None:
        if type(al) is not IntegerAttr:
            raise p.custom_error("expected integer alignment")
        if al.value == 0:
            del attrs["alignment"]
    if type(t) is not FunctionType or len(t.inputs) != 1 or len(t.results) != 1:
        raise p.error("expected trailing function type with one argument and one result", toff)
    state.operands = [p.resolve_operand(size, t.inputs[0])]
    if _is_ptr(t.results[0]):
        state.properties["elem_type"] = TypeAttr(elem)
    state.attributes.update(attrs)
    move_inherent(state, ("alignment",))
    state.result_types = [t.results[0]]


def _print_alloca(pr, op):
    props = op.properties
    out = pr.out
    if "inalloca" in props:
        out.append(" inalloca")
    size = op.arraySize
    out.append(f" {pr.value(size)} x {pr.type_str(props['elem_type'].value)}")
    attrs = dict(op.attributes)
    for k, v in props.items():
        if k in ("elem_type", "inalloca"):
            continue
        if k == "alignment" and v.value == 0:
            continue
        attrs[k] = v
    out.append(pr.attr_dict_str(attrs))
    out.append(" : " + pr.functional_type([size.type], [op.results[0].type]))


def _verify_alloca(op):
    et = op.properties["elem_type"].value
    if type(et) is LLVMTargetExtType and not _target_supports_mem(et):
        raise op_error(op, "this target extension type cannot be used in alloca")


_op("alloca", operands=[("arraySize", AnySignlessInteger)], results=[("res", LLVM_AnyPointer)],
    attrs={"alignment": I64Attr.opt(), "elem_type": TypeAttrC(),
           "inalloca": UnitAttrConstraint.opt()},
    parse=_parse_alloca, print=_print_alloca, verify=_verify_alloca, effects=("alloc",))


# -- getelementptr ----------------------------------------------------------------------
def _parse_gep_indices(p, ctx, ops_el, raw_el, optional=False):
    raw, dyn = [], []
    while True:
        if p.kind == "int" or p.peek_is("-"):
            off = p.start
            v = p.parse_integer()
            if not -(1 << 31) <= v < (1 << 31):
                raise p.error("integer value too large", off)
            raw.append(v)
        else:
            raw.append(DYNAMIC_INDEX)
            dyn.append(p.parse_operand())
        if not p.accept(","):
            break
    ctx.set(ops_el, dyn)
    ctx.set(raw_el, DenseArrayAttr(I32, raw))


def _print_gep_indices(pr, op, dyn, raw):
    parts, it = [], iter(dyn)
    for v in raw.values:
        parts.append(pr.value(next(it)) if v == DYNAMIC_INDEX else str(v))
    pr.out.append(", ".join(parts))


def _verify_gep(op):
    raw = op.properties["rawConstantIndices"].values
    ndyn = len(op.operands) - 1
    if sum(1 for v in raw if v == DYNAMIC_INDEX) != ndyn:
        raise op_error(op, "expected as many dynamic indices as specified in "
                       "'rawConstantIndices'")
    dyn = list(op.operands[1:])
    indices, di = [], 0
    for v in raw:
        if v == DYNAMIC_INDEX:
            indices.append(dyn[di])
            di += 1
        else:
            indices.append(v)
    t = op.properties["elem_type"].value
    # verifyStructIndices: walk the indexed type from position 1.
    pos = 1
    while pos < len(indices):
        tt = type(t)
        if tt is LLVMStructType:
            idx = indices[pos]
            if not isinstance(idx, int):
                raise op_error(op, f"expected index {pos} indexing a struct to be constant")
            if idx < 0 or idx >= len(t.body):
                raise op_error(op, f"index {pos} indexing a struct is out of bounds")
            t = t.body[idx]
        elif tt in (LLVMArrayType, VectorType, LLVMFixedVectorType, LLVMScalableVectorType):
            t = t.element_type
        else:
            raise op_error(op, f"type '{t}' cannot be indexed (index #{pos})")
        pos += 1


def _parse_gep_elem_type(p, ctx, elem_el):
    """`, type`; a seed-era typed base pointer (`!llvm.ptr<f32>`) names it instead."""
    if p.accept(","):
        elem = p.parse_type()
    else:
        types = ctx.ps.all_op_types
        elem = _typed_pointee(types[0]) if types else None
        if elem is None:
            raise p.error("expected ','")
    ctx.set(elem_el, TypeAttr(elem))


def _print_gep_elem_type(pr, op, elem):
    if _typed_pointee(op.base.type) is not elem.value:
        pr.out.append(", " + pr.type_str(elem.value))


def _typed_pointee(t):
    return t.element if type(t) is LLVMPointerType else None


def _gep_type(known, attrs):
    return None


_op("getelementptr",
    operands=[("base", PtrOrVec), ("dynamicIndices", IntOrVec, "*")],
    results=[("res", PtrOrVec)],
    attrs={"rawConstantIndices": DenseI32Array, "elem_type": TypeAttrC(),
           "inbounds": UnitAttrConstraint.opt()},
    traits=[PURE],
    format="(`inbounds` $inbounds^)? $base `[` custom<GEPIndices>($dynamicIndices, "
           "$rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `` "
           "custom<GEPElemType>($elem_type)",
    custom_directives={"GEPIndices": (_parse_gep_indices, _print_gep_indices),
                       "GEPElemType": (_parse_gep_elem_type, _print_gep_elem_type)},
    verify=_verify_gep)


# -- load / store ------------------------------------------------------------------------
_MEM_ATTRS = {"alignment": I64Attr.opt(), "volatile_": UnitAttrConstraint.opt(),
              "nontemporal": UnitAttrConstraint.opt(),
              "ordering": AtomicOrderingC.with_default(NOT_ATOMIC),
              "syncscope": StrAttr.opt(), **_ALIAS_ATTRS}


def _is_atomic_type(t, is_store):
    from pyopt.dialects.llvm.verifiers import atomic_compatible
    return atomic_compatible(t)


def _verify_mem(op, value_type, is_store):
    ordering = op.properties.get("ordering")
    o = ordering.value if ordering is not None else 0
    if o == 0:
        if op.properties.get("syncscope") is not None:
            raise op_error(op, "expected syncscope to be null for non-atomic access")
        return
    if not _is_atomic_type(value_type, is_store):
        raise op_error(op, f"unsupported type '{value_type}' for atomic access")
    bad = (5, 6) if not is_store else (4, 6)
    if o in bad:
        raise op_error(op, f"unsupported ordering '{ATOMIC_ORDERING.by_val[o]}'")
    if op.properties.get("alignment") is None:
        raise op_error(op, "expected alignment for atomic access")


def _verify_load(op):
    _verify_mem(op, op.results[0].type, False)


def _verify_store(op):
    _verify_mem(op, op.value.type, True)


def _access_effects(op, kind):
    """Volatile or (stronger than unordered) atomic accesses may touch any memory."""
    p = op.properties
    o = p.get("ordering")
    if "volatile_" in p or (o is not None and o.value not in (0, 1)):
        return {"read", "write"}
    return {kind}


# Seed-era typed pointers (mlir-opt 16) leave out the type the pointer already names:
# `llvm.load %p : !llvm.ptr<f32>`, `llvm.store %v, %p : !llvm.ptr<f32>`.
def _pointee(t):
    return t.element if type(t) is LLVMPointerType else None


def _parse_load_types(p):
    addr = p.parse_type()
    if p.accept("->"):
        return addr, p.parse_type()
    res = _pointee(addr)
    if res is None:
        raise p.error("expected '->'")
    return addr, res


def _print_load_type(pr, op, addr, res):
    pr.out.append(pr.type_str(addr) if _pointee(addr) is res else
                  f"{pr.type_str(addr)} -> {pr.type_str(res)}")


def _parse_store_types(p):
    first = p.parse_type()
    if p.accept(","):
        return first, p.parse_type()
    value = _pointee(first)
    if value is None:
        raise p.error("expected ','")
    return value, first


def _print_store_type(pr, op, value, addr):
    pr.out.append(pr.type_str(addr) if _pointee(addr) is value else
                  f"{pr.type_str(value)}, {pr.type_str(addr)}")


_op("load", operands=[("addr", LLVM_AnyPointer)], results=[("res", LLVM_LoadableType)],
    attrs={**_MEM_ATTRS, "invariant": UnitAttrConstraint.opt()},
    format="(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? "
           "$ordering^)? (`invariant` $invariant^)? attr-dict `:` "
           "custom<LoadType>(type($addr), type($res))",
    custom_directives={"LoadType": types_directive(_parse_load_types, _print_load_type)},
    verify=_verify_load, effects=lambda op: _access_effects(op, "read"))
_op("store", operands=[("value", LLVM_LoadableType), ("addr", LLVM_AnyPointer)],
    attrs=dict(_MEM_ATTRS),
    format="(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` "
           "$syncscope^ `)`)? $ordering^)? attr-dict `:` "
           "custom<StoreType>(type($value), type($addr))",
    custom_directives={"StoreType": types_directive(_parse_store_types, _print_store_type)},
    verify=_verify_store, effects=lambda op: _access_effects(op, "write"))


# ============================================================================ atomics
def _verify_atomicrmw(op):
    from pyopt.dialects.llvm.verifiers import verify_atomicrmw
    verify_atomicrmw(op)


def _verify_cmpxchg(op):
    from pyopt.dialects.llvm.verifiers import verify_cmpxchg
    verify_cmpxchg(op)


# Seed-era atomics name only the value type, the pointer being `!llvm.ptr<T>`:
# `llvm.atomicrmw add %p, %v acq_rel : i32`, `llvm.cmpxchg %p, %c, %v acq_rel monotonic : i32`.
def _parse_atomic_types(p):
    first = p.parse_type()
    if p.accept(","):
        return first, p.parse_type()
    note_seed_syntax(p)
    return LLVMPointerType(0, first), first


def _print_atomic_types(pr, op, ptr, val):
    if ptr.element is val and not ptr.address_space:
        pr.out.append(pr.type_str(val))
    else:
        pr.out.append(f"{pr.type_str(ptr)}, {pr.type_str(val)}")


_ATOMIC_TYPES = types_directive(_parse_atomic_types, _print_atomic_types)
_AtomicRMWType = _tc(lambda t: is_compatible_float(t) or _is_ptr(t) or _signless_int(t),
                     "floating point LLVM type or LLVM pointer type or signless integer")
_op("atomicrmw", operands=[("ptr", LLVM_AnyPointer), ("val", _AtomicRMWType)],
    results=[("res", _AtomicRMWType)],
    attrs={"bin_op": AtomicBinOpC, "ordering": AtomicOrderingC, "syncscope": StrAttr.opt(),
           "alignment": I64Attr.opt(), "volatile_": UnitAttrConstraint.opt(), **_ALIAS_ATTRS},
    infer={"res": "val"},
    format="(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? "
           "$ordering attr-dict `:` custom<AtomicTypes>(type($ptr), type($val))",
    custom_directives={"AtomicTypes": _ATOMIC_TYPES},
    verify=_verify_atomicrmw)

_CmpXchgType = _tc(lambda t: _signless_int(t) or _is_ptr(t),
                   "signless integer or LLVM pointer type")


def _cmpxchg_result(known, attrs):
    return LLVMStructType([known["val"], I1])


_op("cmpxchg", operands=[("ptr", LLVM_AnyPointer), ("cmp", _CmpXchgType),
                         ("val", _CmpXchgType)],
    results=[("res", LLVM_AnyStruct)],
    attrs={"success_ordering": AtomicOrderingC, "failure_ordering": AtomicOrderingC,
           "syncscope": StrAttr.opt(), "alignment": I64Attr.opt(),
           "weak": UnitAttrConstraint.opt(), "volatile_": UnitAttrConstraint.opt(),
           **_ALIAS_ATTRS},
    infer={"cmp": "val", "res": _cmpxchg_result},
    format="(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` "
           "`(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` "
           "custom<AtomicTypes>(type($ptr), type($val))",
    custom_directives={"AtomicTypes": _ATOMIC_TYPES},
    verify=_verify_cmpxchg)


def _verify_fence(op):
    o = op.properties["ordering"].value
    if o in (0, 1, 2):
        raise op_error(op, "can be given only acquire, release, acq_rel, and seq_cst orderings")


_op("fence", attrs={"ordering": AtomicOrderingC, "syncscope": StrAttr.opt()},
    format="(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict", verify=_verify_fence)
