"""Attribute and location syntax: builtin attributes, aliases, dialect attributes, `loc(...)`."""
from __future__ import annotations

import re

from pyopt.ir.attributes import (IntegerAttr, FloatAttr, StringAttr, UNIT, TRUE, FALSE, ArrayAttr,
                                 DictionaryAttr, TypeAttr, SymbolRefAttr, DenseArrayAttr,
                                 AffineMapAttr, IntegerSetAttr, StridedLayoutAttr, OpaqueAttr,
                                 DistinctAttr, LocationAttr, normalize_int)
from pyopt.ir.types import IntegerType, IndexType, FloatType, I64, F64, INDEX, DYNAMIC
from pyopt.ir.location import (UNKNOWN_LOC, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)
from pyopt.syntax.dense_parser import (  # noqa: F401  (_dense_from_hex: re-exported)
    _bit_width, build_attribute_int, _kw_dense, _kw_dense_resource, _kw_sparse, _dense_from_hex)

_FLAT_DICT = re.compile(r'\{(?:[^{}"]|"(?:[^"\\\n]|\\.)*")*\}')


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
        literal's offset, after any minus). A literal seen before with the same type gives
        the same (interned) attribute without converting it again."""
        key = (tok, is_float, neg, type_)
        a = self.number_attrs.get(key)
        if a is None:
            a = self.number_attrs[key] = self._number_to_attr(tok, is_float, neg, type_, off)
        return a

    def _number_to_attr(self, tok, is_float, neg, type_, off):
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

        Dictionaries without nested braces (but in strings) repeat a lot (`{alignment = 8 :
        i64}`, a function's `attributes {passthrough = [...], ...}`):
        their value is cached by their text for the rest of the parse (attributes are
        immutable, and an alias means the same thing everywhere in one parse)."""
        m = _FLAT_DICT.match(self.src, self.start)
        if m is not None:
            d = self.flat_dicts.get(m.group())
            if d is not None:
                self.reset_to(m.end())
                return dict(d)
        d = self._parse_attr_dict_body()
        if m is not None:  # (a flat dictionary ends at its first `}` outside strings)
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



_ATTR_KEYWORDS = {"true": _kw_true, "false": _kw_false, "unit": _kw_unit, "loc": _kw_loc,
                  "affine_map": _kw_affine_map, "affine_set": _kw_affine_set,
                  "strided": _kw_strided, "distinct": _kw_distinct, "array": _kw_array,
                  "dense": _kw_dense, "dense_resource": _kw_dense_resource,
                  "sparse": _kw_sparse}
