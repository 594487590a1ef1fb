"""Object construction for the importer: importer types -> pyopt types, attribute and
location text -> objects, and LLVM-dialect operations built through their OpDefs.

The converter builds the module directly. Attribute kinds with a rich syntax (debug info,
TBAA, loop annotations, function attribute dictionaries, dense aggregates) are produced as
text by their importers and parsed here once per distinct spelling; the alias definitions
they refer to (`#dN`, DebugInfo.defs) are parsed lazily, in definition order."""
from __future__ import annotations

from pyopt.ir.core import Operation
from pyopt.ir.location import SourceBuffer, UNKNOWN_LOC
from pyopt.ir.types import IntegerType, FloatType, VectorType
from pyopt.ir.attributes import IntegerAttr, TRUE, FALSE
from pyopt.syntax.parser import Parser
from pyopt.dialects.llvm import types as LT

_FLOATS = {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64",
           "x86_fp80": "f80", "fp128": "f128"}


class Builder:
    def __init__(self, ctx, defs):
        self.ctx = ctx
        self.ops = ctx.ops
        self.defs = defs          # alias definition lines, appended by the importers
        self.parsed_defs = 0
        self.attr_aliases = {}
        self.distincts = {}
        self._llvm_structs = {}   # identified struct registry (shared with text parses)
        self.attr_cache = {}
        self.dict_cache = {}
        self.loc_cache = {}
        self.type_cache = {}      # importer Ty -> pyopt type

    # -------------------------------------------------------------------- text parsing
    def _parser(self, text):
        p = Parser(SourceBuffer("<import-llvm>", text), self.ctx)
        p.attr_aliases = self.attr_aliases
        p._distincts = self.distincts
        p._llvm_structs = self._llvm_structs
        return p

    def _sync_defs(self):
        defs = self.defs
        while self.parsed_defs < len(defs):
            p = self._parser(defs[self.parsed_defs])
            p.parse_alias_definition()
            self.parsed_defs += 1

    def attr(self, text):
        """The attribute spelled `text` (cached by spelling)."""
        a = self.attr_cache.get(text)
        if a is None:
            self._sync_defs()
            a = self.attr_cache[text] = self._parser(text).parse_attribute()
        return a

    def attr_entries(self, entries):
        """`[k = v, ...]` attribute entries -> a fresh dict (cached by spelling)."""
        if not entries:
            return {}
        key = ", ".join(entries)
        d = self.dict_cache.get(key)
        if d is None:
            self._sync_defs()
            d = self.dict_cache[key] = self._parser("{" + key + "}").parse_attr_dict_body()
        return dict(d)

    def loc(self, text):
        """A location from the text inside `loc(...)`."""
        if text is None:
            return UNKNOWN_LOC
        loc = self.loc_cache.get(text)
        if loc is None:
            self._sync_defs()
            loc = self.loc_cache[text] = self._parser(
                "loc(" + text + ")").parse_optional_trailing_loc(UNKNOWN_LOC)
        return loc

    def type_text(self, text):
        self._sync_defs()
        return self._parser(text).parse_type()

    # -------------------------------------------------------------------- types
    def ty(self, t):
        r = self.type_cache.get(t)
        if r is None:
            r = self._convert_type(t)
            self.type_cache[t] = r
        return r

    def _convert_type(self, t):
        k = t.kind
        if k == "int":
            return IntegerType(t.w)
        if k == "float":
            f = _FLOATS.get(t.name)
            if f is not None:
                return FloatType(f)
        elif k == "ptr":
            return LT.LLVMPointerType(t.w)
        elif k == "array":
            return LT.LLVMArrayType(self.ty(t.elem), t.w)
        elif k == "vec":
            e = self.ty(t.elem)
            if t.scalable:
                return LT.LLVMScalableVectorType(e, t.w)
            if isinstance(e, (IntegerType, FloatType)):
                return VectorType([t.w], e)
            return LT.LLVMFixedVectorType(e, t.w)
        elif k == "struct":
            if t.name is None:
                return LT.LLVMStructType([self.ty(f) for f in t.fields], t.packed)
            st = LT.identified_struct(self, t.name, opaque=t.opaque)
            # registered before the body: a recursive reference finds it
            self.type_cache[t] = st
            if not t.opaque:
                st.set_body([self.ty(f) for f in t.fields], t.packed)
            return st
        elif k == "func":
            return LT.LLVMFunctionType(self.ty(t.ret), [self.ty(p) for p in t.params],
                                       t.vararg)
        elif k == "void":
            return LT.VOID
        return self.type_text(t.mlir())

    # -------------------------------------------------------------------- attributes
    def int_attr(self, t, v):
        if t.w == 1:
            return TRUE if v else FALSE
        return IntegerAttr(self.ty(t), v)

    # -------------------------------------------------------------------- operations
    def op(self, name, operands=(), results=(), attrs=None, successors=(), regions=(),
           loc=None):
        """An op as the parser creates it: inherent attributes in properties (defaults
        filled in), the others discardable."""
        d = self.ops[name]
        props = {}
        disc = None
        if attrs:
            names = d.attr_names
            for k, v in attrs.items():
                if k in names:
                    props[k] = v
                else:
                    if disc is None:
                        disc = {}
                    disc[k] = v
        d.apply_defaults(props)
        return Operation(name, d, operands, results, props, disc, regions, successors,
                         loc if loc is not None else UNKNOWN_LOC)
