"""Type syntax: builtin types, `!alias` references and dialect types."""
from __future__ import annotations

import re

from pyopt.ir.types import (IntegerType, IndexType, INDEX, NONE, FloatType, FLOAT_KINDS,
                        ComplexType, TupleType, FunctionType, VectorType, RankedTensorType,
                        UnrankedTensorType, MemRefType, UnrankedMemRefType, OpaqueType,
                        DialectType, DYNAMIC, I1, I8, I16, I32, I64)
from pyopt.syntax.lexer import MAX_NESTING
from pyopt.ir.attributes import (AffineMapAttr, StridedLayoutAttr, IntegerAttr, StringAttr,
                             DictionaryAttr, DialectAttr)

_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\[\s\S])*"')
_INT_TYPE = re.compile(r"(i|si|ui)([0-9]+)\Z")
SIMPLE_TYPES = {"index": INDEX, "none": NONE, "i1": I1, "i8": I8, "i16": I16, "i32": I32,
                "i64": I64}
for _k in FLOAT_KINDS:
    SIMPLE_TYPES[_k] = FloatType(_k)
MAX_INT_WIDTH = (1 << 24) - 1  # IntegerType::kMaxWidth
# Repeated dialect type texts shorter than _BODY_CACHE_LEN are reused, not parsed again; those
# of _BODY_KEY_LEN characters or more are looked up by their first _BODY_KEY_LEN characters.
_BODY_CACHE_LEN, _BODY_KEY_LEN = 1 << 16, 32


class TypeParserMixin:
    def parse_type(self):
        k = self.kind
        if k == "bare":
            t = SIMPLE_TYPES.get(self.tok)
            if t is not None:
                self._next()
                return t
            return self._parse_keyword_type()
        if k == "punct" and self.tok == "(":
            return self.parse_function_type()
        if k == "excl":
            return self.parse_excl_type()
        raise self.error("expected non-function type")

    def parse_optional_type(self):
        k = self.kind
        if (k == "bare" and (self.tok in SIMPLE_TYPES or self.tok in _TYPE_KEYWORDS
                             or _INT_TYPE.match(self.tok))) or k == "excl" or \
                (k == "punct" and self.tok == "("):
            return self.parse_type()
        return None

    def _parse_keyword_type(self):
        tok = self.tok
        m = _INT_TYPE.match(tok)
        if m:
            width = int(m.group(2))
            if width >= 1 << 32:
                raise self.error("invalid integer width")
            if width > MAX_INT_WIDTH:
                raise self.error(f"integer bitwidth is limited to {MAX_INT_WIDTH} bits")
            self._next()
            return IntegerType(width, ("i", "si", "ui").index(m.group(1)))
        fn = _TYPE_KEYWORDS.get(tok)
        if fn is None:
            raise self.error("expected non-function type")
        off = self.start
        t = self._seen_body(tok, off)
        if t is not None:
            return t
        self.type_kw_offset = off  # where verifier-style type errors point
        self._next()
        self.enter()
        try:
            t = fn(self)
        finally:
            self.leave()
        self._remember_body(tok, off, t)
        return t

    def parse_type_list_no_parens(self):
        res = [self.parse_type()]
        while self.accept(","):
            res.append(self.parse_type())
        return res

    def parse_type_list_parens(self):
        self.expect("(")
        if self.accept(")"):
            return []
        res = self.parse_type_list_no_parens()
        self.expect(")")
        return res

    def parse_function_result_types(self):
        """After `->`: a parenthesised list, or a single non-function type."""
        if self.peek_is("("):
            return self.parse_type_list_parens()
        return [self.parse_type()]

    def parse_function_type(self):
        self.enter()
        try:
            inputs = self.parse_type_list_parens()
            self.expect("->")
            return FunctionType(inputs, self.parse_function_result_types())
        finally:
            self.leave()

    def parse_colon_type(self):
        self.expect(":")
        return self.parse_type()

    def parse_colon_type_list(self):
        self.expect(":")
        return self.parse_type_list_no_parens()

    def parse_excl_type(self):
        tok, off = self.tok, self.start
        if tok in self.type_aliases:
            self._next()
            return self.type_aliases[tok]
        # A dialect type without a body (`!llvm.ptr`) means the same everywhere in one parse.
        t = self.plain_types.get(tok)
        if t is not None and not self.src.startswith("<", self.pos):
            self._next()
            return t
        src = self.src
        t = self._seen_body(tok, off)
        if t is not None:
            return t
        t = self._parse_excl_type(tok, off)
        if src[off + len(tok):off + len(tok) + 1] != "<":
            if "." in tok:
                self.plain_types[tok] = t
        elif "." in tok:
            self._remember_body(tok, off, t)
        return t

    def _seen_body(self, tok, off):
        """The type whose text (remembered by _remember_body) starts at `off`, now skipped;
        or None."""
        bodies = self.body_types.get(tok)
        if bodies is not None:
            src, depth = self.src, self.depth
            short, long_ = bodies
            for text, t, max_depth in short:
                if depth <= max_depth and src.startswith(text, off):
                    self.reset_to(off + len(text))
                    return t
            if long_:
                for text, t, max_depth in long_.get(src[off:off + _BODY_KEY_LEN], ()):
                    if depth <= max_depth and src.startswith(text, off):
                        self.reset_to(off + len(text))
                        return t
        return None

    def _remember_body(self, tok, off, t):
        """A dialect type or builtin keyword type (memref, vector, ...) with a `<...>` body
        means the same wherever its text repeats, when the body names no alias (`!x`, `#x`).
        Short texts are kept in a list (a few per type name), long ones (an LLVM struct
        spelled out at every use) by their first characters. A text is reused only where
        parsing it again would stay within the nesting limit."""
        text = self.src[off:self.start].rstrip()
        if len(text) < _BODY_CACHE_LEN and text.endswith(">") and "!" not in text[1:] and \
                "#" not in text:
            bodies = self.body_types.get(tok)
            if bodies is None:
                bodies = self.body_types[tok] = ([], {})
            # Each nesting level of the parse needs a bracket and takes at most two levels.
            openers = text.count("<") + text.count("(") + text.count("[") + text.count("{")
            entry = (text, t, MAX_NESTING - 2 * (openers + 1))
            if len(text) < _BODY_KEY_LEN:
                if len(bodies[0]) < 8:
                    bodies[0].append(entry)
            else:
                same_start = bodies[1].setdefault(text[:_BODY_KEY_LEN], [])
                if len(same_start) < 8:
                    same_start.append(entry)

    def _parse_excl_type(self, tok, off):
        body = tok[1:]
        dialect, _, mnemonic = body.partition(".")
        d = self.ctx.dialects.get(dialect)
        if d is not None and d.parse_type is not None:
            self._next()
            self.enter()
            try:
                return d.parse_type(self, mnemonic, off)
            finally:
                self.leave()
        if not mnemonic and "." not in body and not self.src.startswith("<", self.pos):
            raise self.error(f"undefined symbol alias id '{body}'")
        if d is None and not self.ctx.allow_unregistered:
            raise self.error(f"!{dialect} type created with unregistered dialect. If this is "
                             f"intended, please call allowUnregisteredDialects() on the "
                             f"MLIRContext, or use -allow-unregistered-dialect with the MLIR opt "
                             f"tool used")
        self._next()
        data = body[len(dialect):] + self.take_pretty_body()
        return OpaqueType(dialect, data)

    def take_pretty_body(self):
        """If the next char is `<`, consumes the balanced `<...>` text verbatim and returns it
        (MLIR's parseDialectSymbolBody: brackets must nest, `->` is not a closer)."""
        if not (self.kind == "punct" and self.tok == "<"):  # at the token after the name
            return ""
        src, pos = self.src, self.start
        closers = {">": "<", "]": "[", ")": "(", "}": "{"}
        stack = []
        i, n = pos, len(src)
        while i < n:
            c = src[i]
            i += 1
            if c in "<[({":
                stack.append(c)
            elif c == "-":
                if i < n and src[i] == ">":
                    i += 1
            elif c in closers:
                if stack[-1] != closers[c]:
                    raise self.error(f"unbalanced '{stack[-1]}' character in pretty dialect "
                                     "name", pos)
                stack.pop()
                if not stack:
                    self.reset_to(i)
                    return src[pos:i]
            elif c == '"':
                m = _STRING_RE.match(src, i - 1)
                if m is None:
                    break
                i = m.end()
        raise self.error(f"unbalanced '{stack[-1] if stack else '<'}' character in pretty "
                         "dialect name", pos)

    def _consume_x(self):
        """Consumes the `x` separator, which the lexer glued to the next identifier."""
        if self.kind == "bare" and self.tok[0] == "x":
            self.reset_to(self.start + 1)
            return True
        return False

    def parse_element_type(self):
        return self.parse_type()


def _parse_complex(p):
    p.expect("<", "expected '<' in complex type")
    off = p.start
    t = p.parse_type()
    p.expect(">", "expected '>' in complex type")
    if not (isinstance(t, (IntegerType, FloatType))):
        raise p.error("invalid element type for complex", off)
    return ComplexType(t)


def _parse_tuple(p):
    p.expect("<", "expected '<' in tuple type")
    if p.accept(">"):
        return TupleType(())
    ts = p.parse_type_list_no_parens()
    p.expect(">", "expected '>' in tuple type")
    return TupleType(tuple(ts))


def _parse_vector(p):
    p.expect("<", "expected '<' in vector type")
    shape, scalable = [], []
    while p.kind == "int" or p.peek_is("["):
        scal = p.accept("[")
        shape.append(_dim_int(p))
        if scal and not p.accept("]"):
            raise p.error("missing ']' closing scalable dimension")
        scalable.append(scal)
        _expect_x(p)
    if any(d <= 0 for d in shape):
        raise p.error("vector types must have positive constant sizes", p.start)
    et_off = p.start
    et = p.parse_type()
    p.expect(">", "expected '>' in vector type")
    if not isinstance(et, (IntegerType, FloatType, IndexType)) and \
            not getattr(et, "vector_element_ok", False):
        raise p.error("vector elements must be int/index/float type", et_off)
    return VectorType(shape, et, scalable)


def _valid_tensor_element(t):
    # Builtin types other than these are rejected; other dialects' types are allowed.
    return isinstance(t, (ComplexType, FloatType, IntegerType, OpaqueType, VectorType,
                          IndexType, DialectType))


def _valid_memref_element(t):
    return isinstance(t, (IntegerType, IndexType, FloatType, ComplexType, MemRefType,
                          VectorType, UnrankedMemRefType)) or \
        getattr(t, "memref_element_ok", False)  # MemRefElementTypeInterface


def _parse_tensor(p):
    p.expect("<", "expected '<' in tensor type")
    unranked = p.accept("*")
    if unranked:
        _expect_x(p)
        shape = None
    else:
        shape = _ranked_dims(p)
    et_off = p.start
    et = p.parse_type()
    enc = None
    if p.accept(","):
        enc = p.parse_optional_attribute()
    p.expect(">", "expected '>' in tensor type")
    if not _valid_tensor_element(et):
        raise p.error("invalid tensor element type", et_off)
    if unranked:
        if enc is not None:
            raise p.error("cannot apply encoding to unranked tensor", p.start)
        return UnrankedTensorType(et)
    return RankedTensorType(shape, et, enc)


def _is_layout(a):
    return isinstance(a, (AffineMapAttr, StridedLayoutAttr)) or getattr(a, "is_layout", False)


def _supported_memory_space(ms):
    # IntegerAttr / StringAttr / DictionaryAttr, or an attribute of another (registered) dialect
    return ms is None or isinstance(ms, (IntegerAttr, StringAttr, DictionaryAttr, DialectAttr))


def _parse_memref(p):
    loc = p.type_kw_offset
    p.expect("<", "expected '<' in memref type")
    unranked = p.accept("*")
    if unranked:
        _expect_x(p)
        shape = None
    else:
        shape = _ranked_dims(p)
    et_off = p.start
    et = p.parse_type()
    if not _valid_memref_element(et):
        raise p.error("invalid memref element type", et_off)
    layout = ms = None
    if not p.accept(">"):
        p.expect(",", "expected ',' or '>' in memref type")
        if p.peek_is(">"):
            raise p.error("expected list element")
        while True:
            a = p.parse_attribute()
            if _is_layout(a):
                layout = a
                if unranked:
                    raise p.error("cannot have affine map for unranked memref type", p.start)
                if ms is not None:
                    raise p.error("expected memory space to be last in memref type", p.start)
            elif ms is not None:
                raise p.error("multiple memory spaces specified in memref type", p.start)
            else:
                ms = a
            if not p.accept(","):
                break
        p.expect(">", "expected ',' or '>'")
    # MemRefType::verify, reported at the `memref` keyword
    if type(layout) is AffineMapAttr and layout.value.num_dims != len(shape):
        raise p.error(f"memref layout mismatch between rank and affine map: "
                      f"{len(shape)} != {layout.value.num_dims}", loc)
    if type(layout) is StridedLayoutAttr and len(layout.strides) != len(shape):
        raise p.error("expected the number of strides to match the rank", loc)
    if not _supported_memory_space(ms):
        raise p.error("unsupported memory space Attribute", loc)
    if unranked:
        return UnrankedMemRefType(et, ms)
    return MemRefType(shape, et, layout, ms)


def _dim_int(p):
    """parseIntegerInDimensionList: `0xf32` is `0`, `x`, `f32`; sizes fit in int64."""
    if p.kind != "int":
        raise p.error("expected integer value")
    tok = p.tok
    if tok.startswith("0x"):
        p.reset_to(p.start + 1)  # now at `x...`
        return 0
    v = int(tok)
    if v >= 1 << 63:
        raise p.error("invalid dimension")
    p._next()
    return v


def _expect_x(p):
    if not p._consume_x():
        raise p.error("expected 'x' in dimension list")


def _ranked_dims(p):
    """Dimensions each followed by `x` (`?` allowed) of a ranked tensor or memref."""
    shape = []
    while p.kind == "int" or p.peek_is("?"):
        if p.accept("?"):
            shape.append(DYNAMIC)
        else:
            shape.append(_dim_int(p))
        _expect_x(p)
    return shape


_TYPE_KEYWORDS = {"complex": _parse_complex, "tuple": _parse_tuple, "vector": _parse_vector,
                  "tensor": _parse_tensor, "memref": _parse_memref}
