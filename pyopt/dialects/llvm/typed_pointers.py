"""Seed-era (MLIR 14-16) typed pointers on input.

The parser reads `!llvm.ptr<f32>`, `!llvm.ptr<i8, 1>` and the op forms of that era whose types
follow from the pointee (`llvm.load %p : !llvm.ptr<f32>`, `llvm.atomicrmw ... : i32`, ...).
Once a chunk is parsed, `erase_typed_pointers` turns the IR into MLIR 19's: every pointer type
loses its element type (in value types, attributes, nested types and identified struct bodies),
`llvm.mlir.null` becomes `llvm.mlir.zero`, intrinsic flags passed as operands become properties;
so passes, printing and translation see exactly the IR mlir-opt-19 would have read from the
opaque-pointer spelling. The typed-pointer mode of
the lowering passes (`use-opaque-pointers=false`) keeps the element types instead, and ops then
print in the old form.
"""
from __future__ import annotations

from pyopt.ir.core import Operation
from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, IntegerAttr, TypeAttr, UnitAttr
from pyopt.ir.types import (I1, FunctionType, MemRefType, RankedTensorType, TupleType,
                            UnrankedMemRefType, UnrankedTensorType, VectorType)
from pyopt.dialects.llvm.types import (LLVMArrayType, LLVMFixedVectorType, LLVMFunctionType,
                                       LLVMPointerType, LLVMScalableVectorType, LLVMStructType,
                                       LLVMTargetExtType)


class _Eraser:
    """Opaque-pointer versions of types and attributes, memoized."""
    __slots__ = ("types", "attrs")

    def __init__(self):
        self.types = {}  # id(type) -> erased type (types are interned and outlive the walk)
        self.attrs = {}

    def type(self, t):
        key = id(t)
        r = self.types.get(key)
        if r is not None:
            return r
        tt = type(t)
        if tt is LLVMPointerType:
            r = t if t.element is None else LLVMPointerType(t.address_space)
        elif tt is LLVMStructType:
            if t.name is not None:
                self.types[key] = t  # (first: bodies may reach the struct again)
                if t.initialized and not t.opaque:
                    body = tuple(self.type(e) for e in t.body)
                    if any(a is not b for a, b in zip(body, t.body)):
                        t.replace_body(body)
                return t
            body = [self.type(e) for e in t.body]
            r = t if _same(body, t.body) else LLVMStructType(body, t.packed)
        elif tt is LLVMArrayType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else LLVMArrayType(e, t.num_elements)
        elif tt is LLVMFunctionType:
            ret = self.type(t.return_type)
            params = [self.type(e) for e in t.params]
            r = t if ret is t.return_type and _same(params, t.params) else \
                LLVMFunctionType(ret, params, t.var_arg)
        elif tt is LLVMFixedVectorType or tt is LLVMScalableVectorType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else tt(e, t.num_elements if tt is LLVMFixedVectorType
                                                  else t.min_num_elements)
        elif tt is LLVMTargetExtType:
            params = [self.type(e) for e in t.type_params]
            r = t if _same(params, t.type_params) else \
                LLVMTargetExtType(t.name, params, t.int_params)
        elif tt is FunctionType:
            ins = [self.type(e) for e in t.inputs]
            outs = [self.type(e) for e in t.results]
            r = t if _same(ins, t.inputs) and _same(outs, t.results) else FunctionType(ins, outs)
        elif tt is VectorType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else VectorType(t.shape, e, t.scalable_dims)
        elif tt is MemRefType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else MemRefType(t.shape, e, t.layout, t.memory_space)
        elif tt is UnrankedMemRefType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else UnrankedMemRefType(e, t.memory_space)
        elif tt is RankedTensorType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else RankedTensorType(t.shape, e, t.encoding)
        elif tt is UnrankedTensorType:
            e = self.type(t.element_type)
            r = t if e is t.element_type else UnrankedTensorType(e)
        elif tt is TupleType:
            ts = [self.type(e) for e in t.types]
            r = t if _same(ts, t.types) else TupleType(ts)
        else:
            r = t
        self.types[key] = r
        return r

    def attr(self, a):
        ta = type(a)
        if ta is TypeAttr:
            t = self.type(a.value)
            return a if t is a.value else TypeAttr(t)
        if ta is not ArrayAttr and ta is not DictionaryAttr:
            return a
        key = id(a)
        r = self.attrs.get(key)
        if r is None:
            if ta is ArrayAttr:
                new = [self.attr(x) for x in a]
                r = a if _same(new, list(a)) else ArrayAttr(new)
            else:
                new = {k: self.attr(v) for k, v in a.value}
                r = a if all(new[k] is v for k, v in a.value) else DictionaryAttr(new)
            self.attrs[key] = (r, a)  # (keeps `a` alive while its id is a key)
            return r
        return r[0]


def _same(new, old):
    return len(new) == len(old) and all(a is b for a, b in zip(new, old))


# MLIR 16 passed some intrinsic flags as a trailing constant i1 operand that 19 holds as a
# property: {op: (operand index, property)}.
FLAG_OPERANDS = {"llvm.intr.memcpy": (3, "isVolatile"), "llvm.intr.memmove": (3, "isVolatile"),
                 "llvm.intr.memset": (3, "isVolatile"), "llvm.intr.ctlz": (1, "is_zero_poison"),
                 "llvm.intr.cttz": (1, "is_zero_poison"), "llvm.intr.abs": (1, "is_int_min_poison")}


def _flag_operand_to_property(op):
    index, prop = FLAG_OPERANDS[op.name]
    d = op.operands[index].defining_op()
    if d is None or d.name != "llvm.mlir.constant":
        return  # (left for the verifier to report)
    value = d.properties.get("value") or d.attributes.get("value")
    if type(value) is not IntegerAttr or value.type is not I1:
        return
    op.erase_operand(index)
    op.properties[prop] = IntegerAttr(I1, value.value)


# MLIR 16's generic form leaves out the element type of a gep (the base pointer's pointee) and
# of an alloca (the result's pointee).
_ELEM_TYPE_FROM = {"llvm.getelementptr": lambda op: op.base.type if op.operand_slots
                   else None,
                   "llvm.alloca": lambda op: op.results[0].type if op.results else None}


def _elem_type_from_pointee(op):
    t = _ELEM_TYPE_FROM[op.name](op)
    if type(t) is LLVMPointerType and t.element is not None:
        op.properties["elem_type"] = TypeAttr(t.element)


# MLIR 16 wrote `{llvm.byval}` on a typed pointer argument; 19 names the pointee type.
_TYPE_ARG_ATTRS = frozenset({"llvm.byval", "llvm.byref", "llvm.sret", "llvm.inalloca",
                             "llvm.preallocated"})


def _typed_arg_attrs(op):
    ft = op.properties.get("function_type")
    params = ft.value.params if ft is not None and type(ft.value) is LLVMFunctionType else ()
    attrs = op.properties["arg_attrs"]
    new, changed = [], False
    for i, d in enumerate(attrs):
        t = params[i] if i < len(params) else None
        pointee = t.element if type(t) is LLVMPointerType else None
        if pointee is not None and type(d) is DictionaryAttr and \
                any(k in _TYPE_ARG_ATTRS and type(v) is UnitAttr for k, v in d.value):
            d = DictionaryAttr({k: TypeAttr(pointee) if k in _TYPE_ARG_ATTRS and
                                type(v) is UnitAttr else v for k, v in d.value})
            changed = True
        new.append(d)
    if changed:
        op.properties["arg_attrs"] = ArrayAttr(new)


def erase_typed_pointers(root, keep_types=False):
    """Rewrites the IR under (and including) `root` into MLIR 19's form, in place; with
    `keep_types` (the typed-pointer mode) only the op-level upgrades are made."""
    for op in root.walk_ops():
        name = op.name
        if name in FLAG_OPERANDS and len(op.operand_slots) == FLAG_OPERANDS[name][0] + 1:
            _flag_operand_to_property(op)
        elif name in _ELEM_TYPE_FROM and "elem_type" not in op.properties:
            _elem_type_from_pointee(op)
        elif name == "llvm.func" and "arg_attrs" in op.properties:
            _typed_arg_attrs(op)
    if keep_types:
        return
    er = _Eraser()
    zero = None
    for op in root.walk_ops():
        for r in op.results:
            t = r.type
            nt = er.type(t)
            if nt is not t:
                r.type = nt
        for region in op.regions:
            for b in region.blocks:
                for arg in b.args:
                    nt = er.type(arg.type)
                    if nt is not arg.type:
                        arg.type = nt
        for d in (op.properties, op.attributes):
            if d:
                for k, v in d.items():
                    nv = er.attr(v)
                    if nv is not v:
                        d[k] = nv  # (same key: iteration goes on)
        if op.name == "llvm.mlir.null":
            if zero is None:
                from pyopt.dialects.llvm import LLVM
                zero = LLVM.ops["llvm.mlir.zero"]
            op.name = "llvm.mlir.zero"
            op.opdef = zero
            op.__class__ = zero.op_class(Operation)


def asks_typed_pointers(pipeline) -> bool:
    """Whether a pass of `pipeline` (an OpPassManager, or a PassManager or round-trip wrapper
    around one) runs in the seed-era typed-pointer mode: then the input's typed pointers are
    kept (and print in the old form)."""
    while pipeline is not None and not hasattr(pipeline, "items"):
        pipeline = getattr(pipeline, "pipeline", None)
    if pipeline is None:
        return False
    for item in pipeline.items:
        if hasattr(item, "items"):
            if asks_typed_pointers(item):
                return True
        elif item.options.get("use-opaque-pointers", True) is False:
            return True
    return False
