"""Type syntax: builtin types, `!alias` references and dialect types."""
from __future__ import annotations

import re

from ..ir.types import (IntegerType, INDEX, NONE, FloatType, FLOAT_KINDS, ComplexType,
                        TupleType, FunctionType, VectorType, RankedTensorType,
                        UnrankedTensorType, MemRefType, UnrankedMemRefType, OpaqueType, DYNAMIC,
                        I1, I8, I16, I32, I64)
from ..ir.attributes import (AffineMapAttr, StridedLayoutAttr, IntegerAttr)

_INT_TYPE = re.compile(r"(i|si|ui)([0-9]+)\Z")
SIMPLE_TYPES = {"index": INDEX, "none": NONE, "i1": I1, "i8": I8, "i16": I16, "i32": I32,
                "i64": I64}
for _k in FLOAT_KINDS:
    SIMPLE_TYPES[_k] = FloatType(_k)
MAX_INT_WIDTH = (1 << 24) - 1  # IntegerType::kMaxWidth


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
            if width > MAX_INT_WIDTH:
                raise self.error(f"integer bitwidth is limited to {MAX_INT_WIDTH} bits")
            self._next()
            return IntegerType(width, ("i", "si", "ui").index(m.group(1)))
        fn = _TYPE_KEYWORDS.get(tok)
        if fn is None:
            raise self.error("expected non-function type")
        self._next()
        self.enter()
        try:
            return fn(self)
        finally:
            self.leave()

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
        """If the next char is `<`, consumes the balanced `<...>` text verbatim and returns it."""
        src, pos = self.src, self.start + len(self.tok)
        if pos >= len(src) or src[pos] != "<":
            return ""
        depth = 0
        i = pos
        n = len(src)
        while i < n:
            c = src[i]
            if c == '"':
                j = i + 1
                while j < n and src[j] != '"':
                    j += 2 if src[j] == "\\" else 1
                i = j
            elif c in "<([{":
                depth += 1
            elif c in ">)]}":
                if c == ">" and src[i - 1] == "-":
                    pass
                else:
                    depth -= 1
                    if depth == 0:
                        self.reset_to(i + 1)
                        return src[pos:i + 1]
            i += 1
        raise self.error("unbalanced '<' character in pretty dialect name")

    def _consume_x(self):
        """Consumes the `x` separator, which the lexer glued to the next identifier."""
        if self.kind == "bare" and self.tok[0] == "x":
            self.reset_to(self.start + 1)
            return True
        return False

    def parse_element_type(self):
        return self.parse_type()


def _parse_complex(p):
    p.expect("<")
    off = p.start
    t = p.parse_type()
    if not (isinstance(t, (IntegerType, FloatType))):
        raise p.error("invalid element type for complex", off)
    p.expect(">")
    return ComplexType(t)


def _parse_tuple(p):
    p.expect("<")
    if p.accept(">"):
        return TupleType(())
    ts = p.parse_type_list_no_parens()
    p.expect(">")
    return TupleType(tuple(ts))


def _parse_vector(p):
    p.expect("<", "expected '<' in vector type")
    off = p.start
    shape, scalable = _dims_with_hex_fix(p, allow_dynamic=False, allow_scalable=True)
    if any(d <= 0 for d in shape) and shape:
        raise p.error("vector types must have positive constant sizes but got " +
                      ", ".join(str(d) for d in shape), off)
    et_off = p.start
    et = p.parse_type()
    from ..ir.types import IndexType
    if not isinstance(et, (IntegerType, FloatType, IndexType)) and not getattr(et, "vector_element_ok", False):
        raise p.error(f"vector elements must be int/index/float type but got '{et}'", et_off)
    p.expect(">", "expected '>' in vector type")
    return VectorType(shape, et, scalable)


def _parse_tensor(p):
    p.expect("<", "expected '<' in tensor type")
    if p.accept("*"):
        if not p._consume_x():
            raise p.error("expected 'x' in unranked tensor type")
        et = p.parse_type()
        p.expect(">", "expected '>' in tensor type")
        return UnrankedTensorType(et)
    shape, _ = _dims_with_hex_fix(p)
    et_off = p.start
    et = p.parse_type()
    _check_tensor_element(p, et, et_off)
    enc = None
    if p.accept(","):
        enc = p.parse_attribute()
    p.expect(">", "expected '>' in tensor type")
    return RankedTensorType(shape, et, enc)


def _check_tensor_element(p, et, off):
    from ..ir.types import FunctionType as FT, NoneType
    if isinstance(et, (FT,)) or et is NONE:
        raise p.error("invalid tensor element type", off)


def _parse_memref(p):
    p.expect("<", "expected '<' in memref type")
    if p.accept("*"):
        if not p._consume_x():
            raise p.error("expected 'x' in unranked memref type")
        et = p.parse_type()
        ms = None
        if p.accept(","):
            ms = p.parse_attribute()
        p.expect(">", "expected '>' in memref type")
        return UnrankedMemRefType(et, ms)
    shape, _ = _dims_with_hex_fix(p)
    et_off = p.start
    et = p.parse_type()
    from ..ir.types import FunctionType as FT, TupleType as TT
    if isinstance(et, (FT, TT)) or et is NONE or isinstance(et, (UnrankedTensorType, RankedTensorType)):
        raise p.error("invalid memref element type", et_off)
    layout = ms = None
    while p.accept(","):
        off = p.start
        a = p.parse_attribute()
        if isinstance(a, (AffineMapAttr, StridedLayoutAttr)) or getattr(a, "is_layout", False):
            if ms is not None:
                raise p.error("expected memory space to be last in memref type", off)
            if layout is not None:
                raise p.error("expected memory space to be last in memref type", off)
            if isinstance(a, AffineMapAttr) and a.value.num_dims != len(shape):
                raise p.error(f"memref layout mismatch between rank and affine map: "
                              f"{len(shape)} != {a.value.num_dims}", off)
            if isinstance(a, StridedLayoutAttr) and len(a.strides) != len(shape):
                raise p.error(f"expected the number of strides to match the rank", off)
            layout = a
        else:
            if ms is not None:
                raise p.error("multiple memory spaces specified in memref type", off)
            ms = a
    p.expect(">", "expected '>' in memref type")
    return MemRefType(shape, et, layout, ms)


def _dims_with_hex_fix(p, allow_dynamic=True, allow_scalable=False):
    """Dimension list where `0xf32` style tokens are split as MLIR does."""
    shape, scalable = [], []
    while True:
        scal = False
        if allow_scalable and p.peek_is("["):
            p._next()
            scal = True
        k = p.kind
        if k == "punct" and p.tok == "?":
            if not allow_dynamic:
                raise p.error("expected static shape")
            p._next()
            dim = DYNAMIC
        elif k == "int":
            tok = p.tok
            if tok.startswith("0x"):
                p.reset_to(p.start + 1)  # now at `x...`
                shape.append(0)
                scalable.append(scal)
                if not p._consume_x():
                    raise p.error("expected 'x' in dimension list")
                continue
            dim = int(tok)
            p._next()
        else:
            if scal:
                raise p.error("expected integer value")
            break
        if scal:
            p.expect("]")
        shape.append(dim)
        scalable.append(scal)
        if not p._consume_x():
            raise p.error("expected 'x' in dimension list")
    return shape, scalable


_TYPE_KEYWORDS = {"complex": _parse_complex, "tuple": _parse_tuple, "vector": _parse_vector,
                  "tensor": _parse_tensor, "memref": _parse_memref}
