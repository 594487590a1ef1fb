"""Attribute and location syntax: builtin attributes, aliases, dialect attributes, `loc(...)`."""
from __future__ import annotations

import re
import struct

from pyopt.ir.attributes import (IntegerAttr, FloatAttr, StringAttr, UNIT, TRUE, FALSE, ArrayAttr,
                             DictionaryAttr, TypeAttr, SymbolRefAttr, DenseArrayAttr,
                             DenseElementsAttr, DenseStringElementsAttr,
                             DenseResourceElementsAttr, SparseElementsAttr, AffineMapAttr,
                             IntegerSetAttr, StridedLayoutAttr, OpaqueAttr, DistinctAttr,
                             LocationAttr, normalize_int)
from pyopt.ir.types import (IntegerType, IndexType, FloatType, ComplexType, ShapedType, I64, F64, INDEX,
                        DYNAMIC, RankedTensorType)
from pyopt.ir.location import (UNKNOWN_LOC, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)
from pyopt.syntax.lexer import unescape_string

_FLAT_DICT = re.compile(r'\{[^{}"]*\}')


class _DeferredLoc:
    """A `loc(#alias)` whose alias is defined later in the file (mlir-opt prints them last)."""
    __slots__ = ("name", "offset", "resolved")

    def __init__(self, name, offset):
        self.name = name
        self.offset = offset
        self.resolved = None


class AttrParserMixin:
    def parse_attribute(self, type_=None):
        k = self.kind
        tok = self.tok
        if k == "int" or (k == "punct" and tok == "-"):
            return self.parse_number_attr(type_)
        if k == "float":
            return self.parse_number_attr(type_)
        if k == "string":
            s = self.string_value()
            self._next()
            t = None
            if type_ is None and self.peek_is(":"):
                self._next()
                t = self.parse_type()
            return StringAttr(s, t)
        if k == "punct":
            if tok == "[":
                return self.parse_array_attr()
            if tok == "{":
                return DictionaryAttr(self.parse_attr_dict_body())
        if k == "at":
            return self.parse_symbol_ref()
        if k == "hash":
            return self.parse_hash_attr()
        if k == "bare":
            fn = _ATTR_KEYWORDS.get(tok)
            if fn is not None:
                self.attr_kw_offset = self.start  # where keyword-attribute errors point
                self._next()
                self.enter()
                try:
                    return fn(self, type_)
                finally:
                    self.leave()
        # Otherwise a type.
        if k in ("bare", "excl") or (k == "punct" and tok == "("):
            t = self.parse_optional_type()
            if t is not None:
                return TypeAttr(t)
        raise self.error("expected attribute value")

    def parse_optional_attribute(self):
        k = self.kind
        if k in ("int", "float", "string", "at", "hash", "excl") or (
                k == "punct" and self.tok in ("-", "[", "{", "(")) or (
                k == "bare" and (self.tok in _ATTR_KEYWORDS or self.parse_optional_type_peek())):
            return self.parse_attribute()
        return None

    def parse_optional_type_peek(self):
        from pyopt.syntax.type_parser import SIMPLE_TYPES, _TYPE_KEYWORDS, _INT_TYPE
        t = self.tok
        return t in SIMPLE_TYPES or t in _TYPE_KEYWORDS or bool(_INT_TYPE.match(t))

    # -- numbers -----------------------------------------------------------------------------
    def parse_number_attr(self, type_=None):
        neg = self.accept("-")
        k, tok, off = self.kind, self.tok, self.start
        if k not in ("int", "float"):
            raise self.error("expected constant integer or floating point value" if neg else
                             "expected attribute value")
        self._next()
        if type_ is None and self.peek_is(":"):
            self._next()
            type_ = self.parse_type()
        return self.number_to_attr(tok, k == "float", neg, type_, off)

    def number_to_attr(self, tok, is_float, neg, type_, off):
        """MLIR's parseFloatAttr / parseDecOrHexAttr once the type is known (`off` is the
        literal's offset, after any minus)."""
        if is_float:
            if type_ is None:
                type_ = F64
            if type(type_) is not FloatType:
                raise self.error("floating point value not valid for specified type", self.start)
            from pyopt.syntax.float_format import parse_float_literal
            return FloatAttr(type_, parse_float_literal(("-" if neg else "") + tok, type_.kind))
        if type_ is None:
            type_ = I64
        if type(type_) is FloatType:
            return FloatAttr(type_, self.float_bits_from_int_literal(tok, neg, type_, off))
        if not (type(type_) is IntegerType or type_ is INDEX):
            raise self.error("integer literal not valid for specified type", off)
        if neg and type_ is not INDEX and type_.signedness == IntegerType.UNSIGNED:
            raise self.error("negative integer literal not valid for unsigned integer type", off)
        v = build_attribute_int(tok, neg, type_)
        if v is None:
            raise self.error("integer constant out of range for attribute", off)
        return IntegerAttr(type_, normalize_int(v, type_))

    def float_bits_from_int_literal(self, tok, neg, ft, off):
        """parseFloatFromIntegerLiteral: only hex integers (the bit pattern) make floats."""
        if not tok.startswith("0x"):
            err = self.error("unexpected decimal integer literal for a floating point value",
                             off)
            err.diag.attach_note("add a trailing dot to make the literal a float")
            raise err
        if neg:
            raise self.error("hexadecimal float literal should not have a leading minus", off)
        from pyopt.syntax.float_format import bit_width
        bits = int(tok, 16)
        if bits.bit_length() > bit_width(ft.kind):
            raise self.error("hexadecimal float constant out of range for type", off)
        return bits

    # -- containers ------------------------------------------------------------------------------
    def parse_array_attr(self):
        self.enter()
        try:
            self._next()
            if self.accept("]"):
                return ArrayAttr(())
            items = [self.parse_attribute()]
            while self.accept(","):
                items.append(self.parse_attribute())
            self.expect("]", "expected ',' or ']'")
            return ArrayAttr(items)
        finally:
            self.leave()

    def parse_attr_dict_body(self):
        """`{name = attr, unit_name, "quoted" = attr}` -> dict (current token is `{`).

        Dictionaries without nested braces or strings repeat a lot (`{alignment = 8 : i64}`):
        their value is cached by their text for the rest of the parse (attributes are
        immutable, and an alias means the same thing everywhere in one parse)."""
        m = _FLAT_DICT.match(self.src, self.start)
        if m is not None:
            d = self.flat_dicts.get(m.group())
            if d is not None:
                self.reset_to(m.end())
                return dict(d)
        d = self._parse_attr_dict_body()
        if m is not None:  # (a flat dictionary ends at its first `}`)
            self.flat_dicts[m.group()] = dict(d)
        return d

    def _parse_attr_dict_body(self):
        self.enter()
        try:
            self._next()
            d = {}
            if self.accept("}"):
                return d
            while True:
                k = self.kind
                if k == "bare":
                    name = self.tok
                elif k == "string":
                    name = self.string_value()
                    if not name:
                        raise self.error("expected valid attribute name")
                else:
                    raise self.error("expected attribute name")
                off = self.start
                self._next()
                if name in d:
                    raise self.error(f"duplicate key '{name}' in dictionary attribute", off)
                if self.accept("="):
                    d[name] = self.parse_attribute()
                else:
                    d[name] = UNIT
                if not self.accept(","):
                    break
            self.expect("}", "expected '}' in attribute dictionary")
            return d
        finally:
            self.leave()

    def parse_optional_attr_dict(self):
        if self.tok == "{" and self.kind == "punct":
            return self.parse_attr_dict_body()
        return {}

    def parse_symbol_ref(self):
        root = self.parse_symbol_name()
        nested = []
        while self.tok == "::" and self.kind == "punct":
            self._next()
            if self.kind != "at":
                raise self.error("expected nested symbol reference identifier")
            nested.append(self.parse_symbol_name())
        return SymbolRefAttr(root, tuple(nested))

    def parse_hash_attr(self):
        tok, off = self.tok, self.start
        a = self.attr_aliases.get(tok)
        if a is not None:
            self._next()
            return a
        body = tok[1:]
        dialect, _, mnemonic = body.partition(".")
        d = self.ctx.dialects.get(dialect)
        if d is not None and d.parse_attr is not None:
            self._next()
            self.enter()
            try:
                a = d.parse_attr(self, mnemonic, off)
            finally:
                self.leave()
            # A trailing `: type` belongs to the attribute syntax (parsed even where the
            # dialect's attribute ignores it, as MLIR's parseExtendedAttr does).
            if self.peek_is(":"):
                self._next()
                self.parse_type()
            return a
        if not mnemonic and not self.src.startswith("<", self.pos):
            raise self.error(f"undefined symbol alias id '{body}'")
        if d is None and not self.ctx.allow_unregistered:
            raise self.error(f"#{dialect} attribute created with unregistered dialect. If this "
                             f"is intended, please call allowUnregisteredDialects() on the "
                             f"MLIRContext, or use -allow-unregistered-dialect with the MLIR opt "
                             f"tool used")
        self._next()
        data = body[len(dialect):] + self.take_pretty_body()
        t = None
        if self.peek_is(":"):
            self._next()
            t = self.parse_type()
        return OpaqueAttr(dialect, data, t)

    # -- locations ------------------------------------------------------------------------------
    def parse_optional_trailing_loc(self, default):
        if self.kind == "bare" and self.tok == "loc":
            self._next()
            return self.parse_loc_parens()
        return default

    def parse_loc_parens(self):
        self.expect("(", "expected '(' in location")
        if self.kind == "hash":
            name, off = self.tok, self.start
            self._next()
            if "." in name:
                raise self.error(f"expected location, but found dialect attribute: '{name}'",
                                 off)
            a = self.attr_aliases.get(name)
            if a is None:
                res = _DeferredLoc(name, off)
                self.deferred_locs.append(res)
            elif not isinstance(a, LocationAttr):
                from pyopt.syntax.printer import attr_to_str
                raise self.error(f"expected location, but found '{attr_to_str(a)}'", off)
            else:
                res = a.loc
            self.expect(")", "expected ')' in location")
            return res
        loc = self.parse_location_body()
        self.expect(")", "expected ')' in location")
        return loc

    def _loc_number(self, what):
        """A line or column of a FileLineColLoc: an unsigned 32-bit integer."""
        v = int(self.tok, 0) if self.kind == "int" else -1
        if not 0 <= v < 1 << 32:
            raise self.error(f"expected integer {what} number in FileLineColLoc")
        self._next()
        return v

    def parse_location_body(self):
        self.enter()
        try:
            return self._parse_location_body()
        finally:
            self.leave()

    def _parse_location_body(self):
        k, tok = self.kind, self.tok
        if k == "hash":
            a = self.attr_aliases.get(tok)
            if a is None or not isinstance(a, LocationAttr):
                raise self.error("expected location attribute")
            self._next()
            return a.loc
        if k == "bare":
            if tok == "unknown":
                self._next()
                return UNKNOWN_LOC
            if tok == "callsite":
                self._next()
                self.expect("(", "expected '(' in callsite location")
                callee = self.parse_location_body()
                if not self.accept_keyword("at"):
                    raise self.error("expected 'at' in callsite location")
                caller = self.parse_location_body()
                self.expect(")", "expected ')' in callsite location")
                return CallSiteLoc(callee, caller)
            if tok == "fused":
                self._next()
                meta = None
                if self.accept("<"):
                    meta = self.parse_attribute()
                    self.expect(">", "expected '>' after fused location metadata")
                self.expect("[", "expected '[' in fused location")
                locs = []
                if not self.accept("]"):
                    locs.append(self.parse_location_body())
                    while self.accept(","):
                        locs.append(self.parse_location_body())
                    self.expect("]", "expected ']' in fused location")
                return FusedLoc(locs, meta)
        if k == "string":
            s = self.string_value()
            self._next()
            if self.accept(":"):
                line = self._loc_number("line")
                col = 0
                if self.accept(":"):
                    col = self._loc_number("column")
                return FileLineColLoc(s, line, col)
            if self.accept("("):
                child = self.parse_location_body()  # (any location, a name too, in 19)
                self.expect(")", "expected ')' after child location of NameLoc")
                return NameLoc(s, child)
            return NameLoc(s)
        raise self.error("expected location instance")

    def _resolve_deferred_locs(self, top_block):
        """Replaces `loc(#alias)` placeholders on ops and block arguments once the aliases
        (which mlir-opt prints after the operations) are known."""
        if not self.deferred_locs:
            return
        for d in self.deferred_locs:
            a = self.attr_aliases.get(d.name)
            if a is None:
                raise self.error("operation location alias was never defined", d.offset)
            if not isinstance(a, LocationAttr):
                raise self.error(f"expected location, but found '{a}'", d.offset)
            d.resolved = a.loc
        self.deferred_locs = []
        for top in top_block:
            for op in top.walk_ops():
                if type(op.loc) is _DeferredLoc:
                    op.loc = op.loc.resolved
                for r in op.regions:
                    for b in r.blocks:
                        for arg in b.args:
                            if type(arg.loc) is _DeferredLoc:
                                arg.loc = arg.loc.resolved


# -- keyword attributes ------------------------------------------------------------------------
def _kw_true(p, t):
    return TRUE


def _kw_false(p, t):
    return FALSE


def _kw_unit(p, t):
    return UNIT


def _kw_loc(p, t):
    loc = p.parse_loc_parens()
    if isinstance(loc, _DeferredLoc):
        raise p.error("undefined symbol alias id '" + loc.name[1:] + "'", loc.offset)
    return LocationAttr(loc)


def _affine_error(p, e):
    """The affine parser's error, followed by the further ones it lists (e.extra)."""
    err = p.error(e.message, e.offset)
    err.more = list(getattr(err, "more", [])) + [p.error(m, off).diag for m, off in e.extra]
    return err


def _kw_affine_map(p, t):
    from pyopt.syntax.affine_parser import parse_affine_map, AffineParseError
    if not (p.tok == "<" and p.kind == "punct"):
        raise p.error("expected '<' in affine map")
    try:
        m, end = parse_affine_map(p.src, p.pos)
    except AffineParseError as e:
        raise _affine_error(p, e)
    p.reset_to(end)
    return AffineMapAttr(m)


def _kw_affine_set(p, t):
    from pyopt.syntax.affine_parser import parse_integer_set, AffineParseError
    if not (p.tok == "<" and p.kind == "punct"):
        raise p.error("expected '<' in integer set")
    try:
        s, end = parse_integer_set(p.src, p.pos)
    except AffineParseError as e:
        raise _affine_error(p, e)
    p.reset_to(end)
    return IntegerSetAttr(s)


def _kw_strided(p, t):
    loc = p.attr_kw_offset
    p.expect("<", "expected '<' after 'strided'")
    p.expect("[", "expected '['")

    def dim():
        if p.accept("?"):
            return DYNAMIC
        off = p.start
        neg = p.accept("-")
        if p.kind != "int" or _uint_value(p.tok) is None or _uint_value(p.tok) >= 1 << 63:
            raise p.error("expected a 64-bit signed integer or '?'", off)
        v = _uint_value(p.tok)
        p._next()
        return -v if neg else v
    strides = []
    if not p.peek_is("]"):
        strides = [dim()]
        while p.accept(","):
            strides.append(dim())
    p.expect("]", "expected ']'")
    offset = 0
    if not p.accept(">"):
        p.expect(",", "expected ','")
        if not p.accept_keyword("offset"):
            raise p.error("expected 'offset' after comma")
        p.expect(":", "expected ':' after 'offset'")
        offset = dim()
        p.expect(">", "expected '>'")
    if 0 in strides:
        raise p.error("strides must not be zero", loc)
    return StridedLayoutAttr(offset, strides)


def _uint_value(tok):
    """Token::getUInt64IntegerValue: the literal if it fits in 64 bits, else None."""
    v = int(tok, 16) if tok.startswith("0x") else int(tok, 10)
    return v if v < 1 << 64 else None


def _kw_distinct(p, t):
    loc = p.attr_kw_offset
    p.expect("[", "expected '[' after 'distinct'")
    if p.kind != "int":
        raise p.error("expected distinct ID")
    uid = _uint_value(p.tok)
    p._next()
    if uid is None:
        raise p.error("expected an unsigned 64-bit integer", p.start)
    p.expect("]", "expected ']' to close distinct ID")
    p.expect("<", "expected '<' after distinct ID")
    if p.accept(">"):
        ref = UNIT
    else:
        ref = p.parse_attribute()
        p.expect(">", "expected '>' to close distinct attribute")
    key = ("distinct", uid)
    seen = p.__dict__.setdefault("_distincts", {})
    if key in seen:
        if seen[key].referenced is not ref:
            raise p.error(f"referenced attribute does not match previous definition: "
                          f"{seen[key].referenced}", loc)
        return seen[key]
    d = DistinctAttr(ref)
    seen[key] = d
    return d


def _kw_array(p, t):
    p.expect("<", "expected '<' after 'array'")
    off = p.start
    et = p.parse_type()
    if not isinstance(et, (IntegerType, IndexType, FloatType)):
        raise p.error(f"expected integer or float type, got: {et}", off)
    if not (type(et) is IntegerType and et.width == 1) and _bit_width(et) % 8:
        raise p.error("element type bitwidth must be a multiple of 8", off)
    vals = []
    if p.accept(">"):
        return DenseArrayAttr(et, vals)
    p.expect(":", "expected ':' after dense array type")
    is_float = type(et) is FloatType
    while True:
        neg = p.accept("-")
        k, tok, toff = p.kind, p.tok, p.start
        if is_float:
            if k == "int":
                p._next()
                vals.append(p.float_bits_from_int_literal(tok, neg, et, toff))
            elif k == "float":
                p._next()
                vals.append(p.number_to_attr(tok, True, neg, et, toff).bits)
            else:
                raise p.error("expected integer or floating point literal", p.start)
        elif k == "bare" and tok in ("true", "false"):
            if not (type(et) is IntegerType and et.width == 1):
                raise p.error("expected i1 type for 'true' or 'false' values", p.start)
            p._next()
            vals.append(normalize_int(1 if tok == "true" else 0, et))
        elif k == "int":
            p._next()
            v = build_attribute_int(tok, neg, et)
            if v is None:
                raise p.error("integer constant out of range", p.start)
            vals.append(normalize_int(v, et))
        else:
            raise p.error("expected integer literal", p.start)
        if not p.accept(","):
            break
    p.expect(">", "expected '>' to close an array attribute")
    return DenseArrayAttr(et, vals)


def _bit_width(t):
    if t is INDEX:
        return 64
    if type(t) is FloatType:
        from pyopt.syntax.float_format import bit_width
        return bit_width(t.kind)
    return t.width


def build_attribute_int(text, neg, t):
    """MLIR's buildAttributeAPInt: the literal as a `t`-wide bit pattern, None on overflow."""
    v = int(text, 16) if text.startswith("0x") else int(text, 10)
    w = _bit_width(t)
    if v >> w:
        return None
    if w == 0:
        return None if neg else 0
    sign = 1 << (w - 1)
    if neg:
        v = -v & ((1 << w) - 1)
        if not v & sign:
            return None
    elif (t is INDEX or t.signedness == IntegerType.SIGNED) and v & sign:
        return None
    return v


# -- dense / sparse elements: MLIR's TensorLiteralParser ----------------------------------------
class _TensorLiteral:
    """Parsed elements before the type is known: flat leaves (negative, kind, text, offset)
    with the nested-list shape (empty for a splat), or a hex string."""
    __slots__ = ("leaves", "shape", "hex")

    def __init__(self):
        self.leaves = []
        self.shape = []
        self.hex = None


def _parse_tensor_literal(p, allow_hex):
    lit = _TensorLiteral()
    if allow_hex and p.kind == "string":
        lit.hex = (p.tok, p.start)
        p._next()
    elif p.peek_is("["):
        lit.shape = _parse_literal_list(p, lit.leaves)
    else:
        _parse_literal_element(p, lit.leaves)
    return lit


def _parse_literal_element(p, leaves):
    k = p.kind
    if k in ("int", "float", "string") or (k == "bare" and p.tok in ("true", "false")):
        leaves.append((False, k, p.tok, p.start))
        p._next()
    elif p.peek_is("-"):
        p._next()
        if p.kind not in ("int", "float"):
            raise p.error("expected integer or floating point literal")
        leaves.append((True, p.kind, p.tok, p.start))
        p._next()
    elif p.peek_is("("):
        # A complex element is simply two consecutive leaves.
        p.enter()
        try:
            p._next()
            _parse_literal_element(p, leaves)
            p.expect(",", "expected ',' between complex elements")
            _parse_literal_element(p, leaves)
            p.expect(")", "expected ')' after complex elements")
        finally:
            p.leave()
    else:
        raise p.error("expected element literal of primitive type")


def _parse_literal_list(p, leaves):
    """`[...]` -> its dims; every element must have the same dims."""
    p.enter()
    try:
        p._next()
        size, dims = 0, None
        if not p.accept("]"):
            while True:
                if p.peek_is("["):
                    this = _parse_literal_list(p, leaves)
                else:
                    _parse_literal_element(p, leaves)
                    this = []
                size += 1
                if dims is None:
                    dims = this
                elif this != dims:
                    raise p.error("tensor literal is invalid; ranks are not consistent between "
                                  "elements", p.start)
                if not p.accept(","):
                    break
            p.expect("]", "expected ',' or ']'")
        return [size] + (dims or [])
    finally:
        p.leave()


def _elements_literal_type(p, t):
    """parseElementsLiteralType: a statically shaped type (errors at the current token)."""
    if t is None:
        p.expect(":", "expected ':'")
        t = p.parse_type()
    if not isinstance(t, ShapedType):
        raise p.error("elements literal must be a shaped type", p.start)
    if not t.has_rank or not t.has_static_shape():
        raise p.error("elements literal type must have static shape", p.start)
    return t


def _kw_dense(p, t):
    attr_loc = p.attr_kw_offset
    p.expect("<", "expected '<' after 'dense'")
    lit = _TensorLiteral()
    if not p.accept(">"):
        lit = _parse_tensor_literal(p, True)
        p.expect(">", "expected '>'")
    loc = attr_loc if t is not None else p.start
    typ = _elements_literal_type(p, t)
    return _tensor_literal_attr(p, lit, loc, typ)


def _is_int_or_index(t):
    return type(t) is IntegerType or t is INDEX


def _tensor_literal_attr(p, lit, loc, typ):
    """TensorLiteralParser::getAttr: the elements attribute of `typ` (errors at `loc`)."""
    et = typ.element_type
    comp = type(et) is ComplexType
    base = et.element_type if comp else et
    numeric = _is_int_or_index(base) or type(base) is FloatType
    if lit.hex is not None and (comp or numeric):
        return _dense_from_hex(p, typ, lit.hex, loc)
    if lit.shape and list(lit.shape) != list(typ.shape):
        raise p.error(f"inferred shape of elements literal ([{', '.join(map(str, lit.shape))}]) "
                      f"does not match type ([{', '.join(map(str, typ.shape))}])", loc)
    n = typ.num_elements
    if lit.hex is None and not lit.leaves and n:
        raise p.error(f"parsed zero elements, but type ('{typ}') expected at least 1", loc)
    if not numeric:
        if lit.hex is not None:
            return DenseStringElementsAttr(typ, [_tok_str(p, *lit.hex)], True)
        vals = [_tok_str(p, tok, off) if k == "string" else "" for _, k, tok, off in lit.leaves]
        return DenseStringElementsAttr(typ, vals, None)  # equal strings make a splat
    if _is_int_or_index(base):
        vals = [_int_leaf(p, lf, base) for lf in lit.leaves]
    else:
        vals = [_float_leaf(p, lf, base) for lf in lit.leaves]
    if comp:
        if len(vals) % 2:
            raise p.error("complex element literal must be a pair", loc)
        vals = list(zip(vals[0::2], vals[1::2]))
    if not lit.shape:
        return DenseElementsAttr(typ, vals, True)
    return DenseElementsAttr(typ, vals)


def _tok_str(p, tok, off):
    try:
        return unescape_string(tok[1:-1])
    except ValueError:
        raise p.error("unknown escape in string literal", off)


def _int_leaf(p, lf, et):
    neg, kind, tok, off = lf
    if neg and et is not INDEX and et.signedness == IntegerType.UNSIGNED:
        raise p.error("expected unsigned integer elements, but parsed negative value", off)
    if kind == "float":
        raise p.error("expected integer elements, but parsed floating-point", off)
    if kind == "bare":
        if not (type(et) is IntegerType and et.width == 1):
            raise p.error("expected i1 type for 'true' or 'false' values", off)
        return normalize_int(1 if tok == "true" else 0, et)
    v = build_attribute_int(tok, neg, et) if kind == "int" else None
    if v is None:
        raise p.error("integer constant out of range for type", off)
    return normalize_int(v, et)


def _float_leaf(p, lf, et):
    neg, kind, tok, off = lf
    if kind == "int" and tok.startswith("0x"):
        return p.float_bits_from_int_literal(tok, neg, et, off)
    if kind != "float":
        raise p.error("expected floating-point elements, but parsed integer", p.start)
    return p.number_to_attr(tok, True, neg, et, off).bits


_HEX_FORMATS = {1: "Bb", 2: "Hh", 4: "Ii", 8: "Qq"}  # bytes per element -> (unsigned, signed)


def _dense_from_hex(p, typ, hex_tok, loc):
    tok, off = hex_tok
    body = tok[1:-1]
    try:
        if not body.startswith("0x") or len(body) % 2:
            raise ValueError
        data = bytes.fromhex(body[2:])
    except ValueError:
        raise p.error("expected string containing hex digits starting with `0x`", off)
    et = typ.element_type
    comp = isinstance(et, ComplexType)
    base = et.element_type if comp else et
    width = _bit_width(base)
    n = typ.num_elements
    if width == 1:
        # i1 data is bit-packed; a single 0x00 / 0xFF byte is a splat.
        if len(data) == 1 and data[0] in (0, 0xFF):
            return DenseElementsAttr(typ, [data[0] & 1], True)
        if len(data) * 8 != (n + 7) // 8 * 8:
            raise p.error(f"elements hex data size is invalid for provided type: '{typ}'", loc)
        bits = int.from_bytes(data, "little")
        return DenseElementsAttr(typ, [normalize_int(bits >> i & 1, base) for i in range(n)])
    nbytes = (width + 7) // 8
    per = nbytes * (2 if comp else 1)
    if len(data) == per:
        count = 1
    elif len(data) == per * n:
        count = n
    else:
        raise p.error(f"elements hex data size is invalid for provided type: '{typ}'", loc)
    fmt = _HEX_FORMATS.get(nbytes) if width == nbytes * 8 else None
    if fmt is not None:
        # whole-word elements unpack in C: the signed view unless unsigned (or raw float bits)
        signed = type(base) is not FloatType and not (
            isinstance(base, IntegerType) and base.signedness == IntegerType.UNSIGNED)
        vals = list(struct.unpack(f"<{count * (2 if comp else 1)}{fmt[signed]}", data))
        if comp:
            vals = list(zip(vals[0::2], vals[1::2]))
        return DenseElementsAttr(typ, vals, count == 1 and n != 1 or None)
    vals = []
    for i in range(count):
        chunk = data[i * per:(i + 1) * per]
        parts = [int.from_bytes(chunk[j * nbytes:(j + 1) * nbytes], "little")
                 for j in range(2 if comp else 1)]
        if type(base) is not FloatType:
            parts = [normalize_int(x, base) for x in parts]
        vals.append(tuple(parts) if comp else parts[0])
    return DenseElementsAttr(typ, vals, count == 1 and n != 1 or None)


def _kw_dense_resource(p, t):
    loc = p.attr_kw_offset
    p.expect("<", "expected '<' after 'dense_resource'")
    handle = p.parse_resource_key()
    p.expect(">", "expected '>'")
    tloc = loc
    if t is None:
        tloc = p.start
        p.expect(":", "expected ':'")
        t = p.parse_type()
    if not isinstance(t, ShapedType):
        raise p.error("`dense_resource` expected a shaped type", tloc)
    return DenseResourceElementsAttr(t, handle)


def _kw_sparse(p, t):
    loc = p.attr_kw_offset
    p.expect("<", "Expected '<' after 'sparse'")
    if p.accept(">"):
        typ = _elements_literal_type(p, t)
        return SparseElementsAttr(
            typ, DenseElementsAttr(RankedTensorType([0, typ.rank], I64), [], False),
            DenseElementsAttr(RankedTensorType([0], typ.element_type), [], False))
    iloc = p.start
    ind = _parse_tensor_literal(p, False)
    p.expect(",", "expected ','")
    vloc = p.start
    vals = _parse_tensor_literal(p, True)
    p.expect(">", "expected '>'")
    typ = _elements_literal_type(p, t)
    itype = RankedTensorType(ind.shape if ind.shape else [1, typ.rank], I64)
    indices = _tensor_literal_attr(p, ind, iloc, itype)
    vtype = RankedTensorType(vals.shape if vals.shape else [itype.shape[0]], typ.element_type)
    values = _tensor_literal_attr(p, vals, vloc, vtype)
    _verify_sparse(p, loc, typ, indices, values)
    return SparseElementsAttr(typ, indices, values)


def _verify_sparse(p, loc, typ, indices, values):
    vshape, ishape = values.type.shape, indices.type.shape
    if len(vshape) != 1:
        raise p.error("expected 1-d tensor for sparse element values", loc)
    rank = typ.rank

    def shape_error():
        return p.error(f"expected shape ([{', '.join(map(str, typ.shape))}]); inferred shape of "
                       f"indices literal ([{', '.join(map(str, ishape))}]); inferred shape of "
                       f"values literal ([{', '.join(map(str, vshape))}])", loc)
    if len(ishape) == 2:
        if ishape[1] != rank:
            raise shape_error()
    elif len(ishape) != 1 or rank != 1:
        raise shape_error()
    if ishape[0] != vshape[0]:
        raise shape_error()
    flat = [v & ((1 << 64) - 1) for v in indices.all_values()]  # read as uint64
    groups = [[flat[0]] * rank] if indices.is_splat else \
        [flat[i * rank:(i + 1) * rank] for i in range(ishape[0])]
    for i, idx in enumerate(groups):
        if len(idx) != rank or any(x >= d for x, d in zip(idx, typ.shape)):
            raise p.error(f"sparse index #{i} is not contained within the value shape, with "
                          f"index=[{', '.join(map(str, idx))}], and type='{typ}'", loc)


_ATTR_KEYWORDS = {"true": _kw_true, "false": _kw_false, "unit": _kw_unit, "loc": _kw_loc,
                  "affine_map": _kw_affine_map, "affine_set": _kw_affine_set,
                  "strided": _kw_strided, "distinct": _kw_distinct, "array": _kw_array,
                  "dense": _kw_dense, "dense_resource": _kw_dense_resource,
                  "sparse": _kw_sparse}
