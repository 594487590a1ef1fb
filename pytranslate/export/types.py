"""LLVM dialect types -> LLVM IR type syntax, plus the default data layout's sizes and
alignments (used where IRBuilder picks an ABI/preferred alignment)."""
from __future__ import annotations

import re
from pytranslate.export.escape import escape

from pyopt.ir.types import IntegerType, FloatType, VectorType, IndexType
from pyopt.dialects.llvm.types import (LLVMPointerType, LLVMArrayType, LLVMFunctionType,
                                       LLVMFixedVectorType, LLVMScalableVectorType,
                                       LLVMTargetExtType, LLVMStructType, LLVMVoidType,
                                       LLVMPPCFP128Type, LLVMX86MMXType, LLVMTokenType,
                                       LLVMLabelType, LLVMMetadataType)


class TranslationError(Exception):
    """A construct that cannot be translated; carries the MLIR op or location if known."""

    def __init__(self, message, op=None, loc=None):
        super().__init__(message)
        self.message = message
        self.op = op
        self.loc = loc


_FLOATS = {"f16": "half", "bf16": "bfloat", "f32": "float", "f64": "double",
           "f80": "x86_fp80", "f128": "fp128"}
_SIMPLE = {LLVMVoidType: "void", LLVMPPCFP128Type: "ppc_fp128", LLVMX86MMXType: "x86_mmx",
           LLVMTokenType: "token", LLVMLabelType: "label", LLVMMetadataType: "metadata"}

_PLAIN_NAME = re.compile(r"[-a-zA-Z._][-a-zA-Z._0-9]*\Z")  # (`$` is read unquoted, printed quoted)


def llvm_name(prefix, name):
    """LLVM's PrintLLVMName: `@name`, or `@"..."` with \\XX escapes when it needs quotes."""
    if _PLAIN_NAME.match(name):
        return prefix + name
    return prefix + '"' + escape(name) + '"'


class TypeConverter:
    """Caches type strings; records identified structs in order of first use."""

    def __init__(self):
        self.cache = {}
        self.structs = []       # identified struct types, in first-use order
        self.struct_names = {}  # type -> printed name
        # While a list: every identified struct a converted type contains (met again or not)
        # is appended to it, in LLVM TypeFinder's depth-first order.
        self.log = None
        self._deps = {}
        self._known = {}  # type -> (text, struct_deps) once converted

    def __call__(self, t):
        known = self._known.get(t)
        if known is not None:  # (most types hold no identified struct: nothing to log)
            if known[1] and self.log is not None:
                self.log.extend(known[1])
            return known[0]
        deps = self.struct_deps(t)
        if self.log is not None:
            self.log.extend(deps)
        s = self.cache.get(t)
        if s is None:
            s = self.cache[t] = self._convert(t)
        self._known[t] = (s, deps)
        return s

    def struct_deps(self, t):
        """The identified structs in `t`, depth first, each struct before its body."""
        d = self._deps.get(t)
        if d is None:
            self._deps[t] = ()  # (a struct met again inside its own body adds nothing)
            tt = type(t)
            if tt is LLVMStructType:
                body = () if t.name is not None and t.is_opaque else t.body
                d = ((t,) if t.name is not None else ()) + \
                    tuple(x for b in body for x in self.struct_deps(b))
            elif tt is LLVMFunctionType:
                d = tuple(x for p in (t.return_type, *t.params) for x in self.struct_deps(p))
            elif tt in (LLVMArrayType, VectorType, LLVMFixedVectorType,
                        LLVMScalableVectorType):
                d = self.struct_deps(t.element_type)
            else:
                d = ()
            self._deps[t] = d
        return d

    def _convert(self, t):
        tt = type(t)
        if tt is IntegerType:
            return f"i{t.width}"
        if tt is FloatType:
            s = _FLOATS.get(t.kind)
            if s is None:
                raise TranslationError(f"unsupported type: {t.kind}")
            return s
        if tt is LLVMPointerType:
            return "ptr" if not t.address_space else f"ptr addrspace({t.address_space})"
        if tt in _SIMPLE:
            return _SIMPLE[tt]
        if tt is LLVMArrayType:
            return f"[{t.num_elements} x {self(t.element_type)}]"
        if tt is VectorType:
            if len(t.shape) != 1:
                raise TranslationError("unsupported type: multi-dimensional vector")
            if t.scalable_dims and t.scalable_dims[0]:
                return f"<vscale x {t.shape[0]} x {self(t.element_type)}>"
            return f"<{t.shape[0]} x {self(t.element_type)}>"
        if tt is LLVMFixedVectorType:
            return f"<{t.num_elements} x {self(t.element_type)}>"
        if tt is LLVMScalableVectorType:
            return f"<vscale x {t.min_num_elements} x {self(t.element_type)}>"
        if tt is LLVMFunctionType:
            params = [self(p) for p in t.params]
            if t.var_arg:
                params.append("...")
            return f"{self(t.return_type)} ({', '.join(params)})"
        if tt is LLVMStructType:
            if t.name is not None:
                return self._identified(t)
            return self.literal_body(t)
        if tt is LLVMTargetExtType:
            parts = ['"' + t.name + '"'] + [self(x) for x in t.type_params] + \
                    [str(i) for i in t.int_params]
            return "target(" + ", ".join(parts) + ")"
        if tt is IndexType:
            raise TranslationError("unsupported type: index")
        raise TranslationError(f"unsupported type: {t}")

    def literal_body(self, t):
        if not t.body:
            return "<{}>" if t.packed else "{}"
        body = ", ".join(self(x) for x in t.body)
        return "<{ " + body + " }>" if t.packed else "{ " + body + " }"

    def _identified(self, t):
        # Set the name before converting the body: bodies may refer to the struct itself.
        name = llvm_name("%", t.name)
        self.cache[t] = name
        self.struct_names[t] = name
        self.structs.append(t)
        if not t.is_opaque:
            for x in t.body:
                self(x)
        return name

    def order_structs(self, first_uses):
        """Puts the structs in the order of `first_uses` (a walk of the module with
        repetitions); any struct it does not mention keeps its place after them."""
        order = list(dict.fromkeys(t for t in first_uses if t in self.struct_names))
        seen = set(order)
        self.structs = order + [t for t in self.structs if t not in seen]

    def struct_definitions(self):
        return [self.definition(t) for t in self.structs]

    def definition(self, t):
        if type(t) is AdoptedStruct:
            return t.definition
        if t.is_opaque:
            return f"{self.struct_names[t]} = type opaque"
        return f"{self.struct_names[t]} = type {self.literal_body(t)}"

    def adopt(self, name, definition):
        """A struct another process converted (by its printed name and definition), used
        after those of this one."""
        t = AdoptedStruct(definition)
        self.struct_names[t] = name
        self.structs.append(t)
        return t


class AdoptedStruct:
    __slots__ = ("definition",)

    def __init__(self, definition):
        self.definition = definition


# ------------------------------------------------------------------------------ data layout
def _pow2_ceil(n):
    p = 1
    while p < n:
        p <<= 1
    return p


def type_size_bits(t):
    """Allocation size in bits under LLVM's default data layout."""
    tt = type(t)
    if tt is IntegerType:
        return _align_to(t.width, abi_align(t) * 8)
    if tt is FloatType:
        return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 128, "f128": 128}[t.kind]
    if tt is LLVMPointerType:
        if _LAYOUT is not None:
            return _LAYOUT.ptrs.get(t.address_space, _LAYOUT.ptrs[0])[0]
        return 64
    if tt is LLVMArrayType:
        return t.num_elements * type_size_bits(t.element_type)
    if tt in (VectorType, LLVMFixedVectorType):
        n = t.shape[0] if tt is VectorType else t.num_elements
        return _align_to(n * _prim_bits(t.element_type), abi_align(t) * 8)
    if tt is LLVMStructType:
        off, al = 0, 1
        for x in t.body:
            a = 1 if t.packed else abi_align(x)
            al = max(al, a)
            off = _align_to(off, a * 8) + type_size_bits(x)
        return _align_to(off, al * 8)
    return 64


def _prim_bits(t):
    if type(t) is IntegerType:
        return t.width
    if type(t) is FloatType:
        return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128}[t.kind]
    return 64


def _align_to(v, a):
    return (v + a - 1) // a * a if a else v


# The module's data layout while a module is translated (None: LLVM's default layout, which
# the code below spells out). IRBuilder takes the alignments it is not given from it.
_LAYOUT = None


def use_layout(text):
    """Makes the `target datalayout` text the layout of alignment queries ("" = default)."""
    global _LAYOUT
    if not text:
        _LAYOUT = None
        return
    from pytranslate.importer.layout import DataLayout
    _LAYOUT = DataLayout(text)


def _layout_align(L, t, which):
    tt = type(t)
    if tt is IntegerType:
        return L._int_align(t.width, which)
    if tt is FloatType:
        spec = L.floats.get(_prim_bits(t))
        return spec[which] // 8 if spec is not None else _pow2_ceil((_prim_bits(t) + 7) // 8)
    if tt is LLVMPointerType:
        return L.ptrs.get(t.address_space, L.ptrs[0])[1 + which] // 8
    if tt is LLVMArrayType:
        return _layout_align(L, t.element_type, which)
    if tt in (VectorType, LLVMFixedVectorType, LLVMScalableVectorType):
        n = (t.shape[0] if tt is VectorType else
             t.num_elements if tt is LLVMFixedVectorType else t.min_num_elements)
        bits = n * _prim_bits(t.element_type)
        spec = L.vecs.get(bits)
        return spec[which] // 8 if spec is not None else max(1, _pow2_ceil((bits + 7) // 8))
    if tt is LLVMStructType:
        if t.packed and not which:
            return 1
        a = 1 if t.packed else max([_layout_align(L, x, 0) for x in t.body] or [1])
        return max(a, L.aggr[which] // 8)
    return L.ptrs[0][1 + which] // 8


def abi_align(t, pref=False):
    """ABI (or preferred) alignment in bytes under the module's data layout; by default
    LLVM's (i64:32:64: i64 and wider integers have ABI alignment 4, preferred 8; a:0:64)."""
    if _LAYOUT is not None:
        return _layout_align(_LAYOUT, t, 1 if pref else 0)
    tt = type(t)
    if tt is IntegerType:
        w = t.width
        if w <= 8:
            return 1
        if w <= 16:
            return 2
        if w <= 32:
            return 4
        return 8 if pref else 4
    if tt is FloatType:
        return {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "f80": 16, "f128": 16}[t.kind]
    if tt is LLVMPointerType:
        return 8
    if tt is LLVMArrayType:
        return abi_align(t.element_type, pref)
    if tt in (VectorType, LLVMFixedVectorType, LLVMScalableVectorType):
        n = (t.shape[0] if tt is VectorType else
             t.num_elements if tt is LLVMFixedVectorType else t.min_num_elements)
        return max(1, _pow2_ceil(n * _prim_bits(t.element_type)) // 8)
    if tt is LLVMStructType:
        a = 1 if t.packed else max([abi_align(x) for x in t.body] or [1])
        return max(a, 8) if pref else a
    return 8
