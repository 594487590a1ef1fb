"""Attribute and location syntax: builtin attributes, aliases, dialect attributes, `loc(...)`."""
from __future__ import annotations

from ..ir.attributes import (IntegerAttr, FloatAttr, StringAttr, UNIT, TRUE, FALSE, ArrayAttr,
                             DictionaryAttr, TypeAttr, SymbolRefAttr, DenseArrayAttr,
                             DenseElementsAttr, DenseStringElementsAttr,
                             DenseResourceElementsAttr, SparseElementsAttr, AffineMapAttr,
                             IntegerSetAttr, StridedLayoutAttr, OpaqueAttr, DistinctAttr,
                             LocationAttr, int_value_fits, normalize_int)
from ..ir.types import (IntegerType, IndexType, FloatType, ComplexType, ShapedType, I1, I64, F64,
                        INDEX, DYNAMIC, VectorType, RankedTensorType)
from ..ir.location import (UNKNOWN_LOC, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)
from .lexer import unescape_string


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
        from .type_parser import SIMPLE_TYPES, _TYPE_KEYWORDS, _INT_TYPE
        t = self.tok
        return t in SIMPLE_TYPES or t in _TYPE_KEYWORDS or bool(_INT_TYPE.match(t))

    # -- numbers -----------------------------------------------------------------------------
    def parse_number_attr(self, type_=None):
        off = self.start
        neg = self.accept("-")
        k, tok = self.kind, self.tok
        if k not in ("int", "float"):
            raise self.error("expected integer or floating point literal" if neg else
                             "expected attribute value")
        self._next()
        if type_ is None and self.peek_is(":"):
            self._next()
            type_ = self.parse_type()
        return self.number_to_attr(tok, k == "float", neg, type_, off)

    def number_to_attr(self, tok, is_float, neg, type_, off):
        if type_ is None:
            type_ = F64 if is_float else I64
        if type(type_) is FloatType:
            from .float_format import parse_float_literal
            if not is_float and tok.startswith("0x"):
                if neg:
                    raise self.error("hexadecimal float literal should not have a leading minus",
                                     off)
                bits = int(tok, 16)
                from .float_format import bit_width
                if bits >> bit_width(type_.kind):
                    raise self.error("hexadecimal float constant out of range for type", off)
                return FloatAttr(type_, bits)
            return FloatAttr(type_, parse_float_literal(("-" if neg else "") + tok, type_.kind))
        if is_float:
            raise self.error("floating point value not valid for specified type", off)
        if not (type(type_) is IntegerType or type_ is INDEX):
            raise self.error("integer literal not valid for specified type", off)
        v = int(tok, 0)
        if neg:
            v = -v
            if type(type_) is IntegerType and type_.signedness == IntegerType.UNSIGNED:
                raise self.error("negative integer literal not valid for unsigned integer type",
                                 off)
        if not int_value_fits(v, type_):
            raise self.error("integer constant out of range for attribute", off)
        return IntegerAttr(type_, normalize_int(v, type_) if type_ is not I1 else v & 1)

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
        """`{name = attr, unit_name, "quoted" = attr}` -> dict (current token is `{`)."""
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
            self.expect(")", "expected ')' in location")
            a = self.attr_aliases.get(name)
            if a is None:
                d = _DeferredLoc(name, off)
                self.deferred_locs.append(d)
                return d
            if not isinstance(a, LocationAttr):
                raise self.error("expected location attribute, but got" + f" '{a}'", off)
            return a.loc
        loc = self.parse_location_body()
        self.expect(")", "expected ')' in location")
        return loc

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
                if self.kind != "int":
                    raise self.error("expected integer line number in FileLineColLoc")
                line = int(self.tok, 0)
                self._next()
                col = 0
                if self.accept(":"):
                    if self.kind != "int":
                        raise self.error("expected integer column number in FileLineColLoc")
                    col = int(self.tok, 0)
                    self._next()
                return FileLineColLoc(s, line, col)
            if self.accept("("):
                child = self.parse_location_body()
                if isinstance(child, NameLoc):
                    raise self.error("child of NameLoc cannot be another NameLoc")
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


def _kw_affine_map(p, t):
    from .affine_parser import parse_affine_map, AffineParseError
    if not (p.tok == "<" and p.kind == "punct"):
        raise p.error("expected '<' in affine map")
    try:
        m, end = parse_affine_map(p.src, p.pos)
    except AffineParseError as e:
        raise p.error(e.message, e.offset)
    p.reset_to(end)
    return AffineMapAttr(m)


def _kw_affine_set(p, t):
    from .affine_parser import parse_integer_set, AffineParseError
    if not (p.tok == "<" and p.kind == "punct"):
        raise p.error("expected '<' in integer set")
    try:
        s, end = parse_integer_set(p.src, p.pos)
    except AffineParseError as e:
        raise p.error(e.message, e.offset)
    p.reset_to(end)
    return IntegerSetAttr(s)


def _kw_strided(p, t):
    p.expect("<", "expected '<' after 'strided'")
    p.expect("[", "expected '['")

    def dim():
        if p.accept("?"):
            return DYNAMIC
        return p.parse_integer("expected a 64-bit signed integer or '?'")
    strides = []
    if not p.accept("]"):
        strides = p.parse_comma_list(dim)
        p.expect("]", "expected ']'")
    offset = 0
    if p.accept(","):
        if not p.accept_keyword("offset"):
            raise p.error("expected 'offset' after comma")
        p.expect(":", "expected ':' after 'offset'")
        offset = dim()
    p.expect(">", "expected '>'")
    return StridedLayoutAttr(offset, strides)


def _kw_distinct(p, t):
    p.expect("[", "expected '[' after 'distinct'")
    if p.kind != "int":
        raise p.error("expected distinct ID")
    uid = int(p.tok, 0)
    p._next()
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
            raise p.error(f"referenced attribute does not match previous definition: {seen[key].referenced}")
        return seen[key]
    d = DistinctAttr(ref)
    seen[key] = d
    return d


def _kw_array(p, t):
    p.expect("<", "expected '<' after 'array'")
    off = p.start
    et = p.parse_type()
    if not (isinstance(et, (IntegerType, FloatType))):
        raise p.error("expected integer or float type, got: " + str(et), off)
    vals = []
    if p.accept(":"):
        while True:
            voff = p.start
            if type(et) is IntegerType and et.width == 1 and p.kind == "bare":
                if p.tok not in ("true", "false"):
                    raise p.error("expected integer or float literal")
                vals.append(1 if p.tok == "true" else 0)
                p._next()
            else:
                a = p.parse_number_attr(et)
                vals.append(a.bits if type(et) is FloatType else a.value)
            if not p.accept(","):
                break
    p.expect(">", "expected '>' to close an array attribute")
    return DenseArrayAttr(et, vals)


def _kw_dense(p, t):
    p.expect("<", "expected '<' after 'dense'")
    lit = None
    hex_str = None
    if p.accept(">"):
        lit = []
        empty = True
    else:
        empty = False
        if p.kind == "string" and p.tok.startswith('"0x'):
            hex_str = p.tok[3:-1]
            hex_off = p.start
            p._next()
        else:
            lit = _parse_dense_literal(p)
        p.expect(">", "expected '>'")
    tloc = p.start
    if t is not None and not p.peek_is(":"):
        typ = t
    else:
        p.expect(":", "expected ':'")
        tloc = p.start
        typ = p.parse_type()
    if not isinstance(typ, ShapedType) or not typ.has_rank:
        raise p.error("elements literal must be a ranked shaped type", tloc)
    if not typ.has_static_shape():
        raise p.error("elements literal type must have static shape", tloc)
    return _build_dense(p, typ, lit, hex_str, empty, tloc)


def _parse_dense_literal(p, depth=0):
    """Nested lists of leaves; a leaf is (kind, text, negative, offset) or a complex pair."""
    p.enter()
    try:
        if p.accept("["):
            items = []
            if not p.accept("]"):
                items.append(_parse_dense_literal(p))
                while p.accept(","):
                    items.append(_parse_dense_literal(p))
                p.expect("]", "expected ']'")
            return items
        if p.accept("("):
            re_ = _parse_dense_leaf(p)
            p.expect(",", "expected ','")
            im = _parse_dense_leaf(p)
            p.expect(")", "expected ')'")
            return ("complex", re_, im)
        return _parse_dense_leaf(p)
    finally:
        p.leave()


def _parse_dense_leaf(p):
    off = p.start
    if p.kind == "string":
        s = p.string_value()
        p._next()
        return ("string", s, False, off)
    if p.kind == "bare" and p.tok in ("true", "false"):
        v = p.tok
        p._next()
        return ("bool", v, False, off)
    neg = p.accept("-")
    if p.kind in ("int", "float"):
        leaf = (p.kind, p.tok, neg, off)
        p._next()
        return leaf
    raise p.error("expected element literal of primitive type")


def _literal_shape(lit):
    shape = []
    while isinstance(lit, list):
        shape.append(len(lit))
        if not lit:
            break
        lit = lit[0]
    return shape


def _flatten(p, lit, shape, out, depth=0):
    if isinstance(lit, list):
        if depth >= len(shape) or len(lit) != shape[depth]:
            raise p.error("tensor literal is invalid; ranks are not consistent between elements")
        for x in lit:
            _flatten(p, x, shape, out, depth + 1)
    else:
        if depth != len(shape):
            raise p.error("tensor literal is invalid; ranks are not consistent between elements")
        out.append(lit)


def _build_dense(p, typ, lit, hex_str, empty, tloc):
    et = typ.element_type
    n = typ.num_elements
    if hex_str is not None:
        return _dense_from_hex(p, typ, hex_str, tloc)
    if empty:
        if n != 0:
            raise p.error(f"parsed zero elements, but type ({typ}) expected at least 1", tloc)
        return DenseElementsAttr(typ, (), False)
    lshape = _literal_shape(lit)
    leaves = []
    _flatten(p, lit, lshape, leaves)
    is_splat = not lshape
    if not is_splat and list(lshape) != list(typ.shape):
        raise p.error(f"inferred shape of elements literal ([{', '.join(map(str, lshape))}]) "
                      f"does not match type ([{', '.join(map(str, typ.shape))}])", tloc)
    if leaves and leaves[0][0] == "string":
        vals = []
        for lf in leaves:
            if lf[0] != "string":
                raise p.error("expected string token, got non-string")
            vals.append(lf[1])
        return DenseStringElementsAttr(typ, vals, is_splat if n != 1 else None)
    vals = [_convert_leaf(p, lf, et) for lf in leaves]
    if is_splat:
        return DenseElementsAttr(typ, vals, True)
    return DenseElementsAttr(typ, vals)


def _convert_leaf(p, lf, et):
    if isinstance(et, ComplexType):
        if lf[0] != "complex":
            raise p.error("complex element literal must be a pair", lf[3] if len(lf) > 3 else None)
        return (_convert_leaf(p, lf[1], et.element_type), _convert_leaf(p, lf[2], et.element_type))
    if lf[0] == "complex":
        raise p.error("unexpected complex value for non-complex element type", lf[1][3])
    kind, text, neg, off = lf
    if kind == "string":
        raise p.error("expected element literal of primitive type", off)
    if kind == "bool":
        if not (type(et) is IntegerType and et.width == 1):
            raise p.error("expected i1 type for 'true' or 'false' values", off)
        return 1 if text == "true" else 0
    if type(et) is FloatType:
        a = p.number_to_attr(text, kind == "float", neg, et, off)
        return a.bits
    if isinstance(et, (IntegerType, IndexType)):
        if kind == "float":
            raise p.error("expected integer elements, but parsed floating-point", off)
        a = p.number_to_attr(text, False, neg, et, off)
        return a.value
    raise p.error("expected element literal of primitive type", off)


def _dense_from_hex(p, typ, hex_str, off):
    et = typ.element_type
    try:
        data = bytes.fromhex(hex_str)
    except ValueError:
        raise p.error("expected string containing hex digits starting with `0x`", off)
    comp = isinstance(et, ComplexType)
    base = et.element_type if comp else et
    width = 64 if base is INDEX else base.width
    nbytes = 1 if width == 1 else (width + 7) // 8
    per = nbytes * (2 if comp else 1)
    n = typ.num_elements
    if len(data) == per:
        count = 1
    elif len(data) == per * n:
        count = n
    else:
        raise p.error("elements hex data size is invalid for provided type", off)
    vals = []
    for i in range(count):
        chunk = data[i * per:(i + 1) * per]
        parts = [int.from_bytes(chunk[j * nbytes:(j + 1) * nbytes], "little")
                 for j in range(2 if comp else 1)]
        if type(base) is not FloatType:
            parts = [normalize_int(x, base) if base is not I1 else x & 1 for x in parts]
        vals.append(tuple(parts) if comp else parts[0])
    return DenseElementsAttr(typ, vals, count == 1 and n != 1 or None)


def _kw_dense_resource(p, t):
    p.expect("<", "expected '<'")
    handle = p.parse_resource_key()
    p.expect(">", "expected '>'")
    p.expect(":", "expected ':'")
    typ = p.parse_type()
    return DenseResourceElementsAttr(typ, handle)


def _kw_sparse(p, t):
    p.expect("<", "expected '<' after 'sparse'")
    ind = _parse_dense_literal(p) if not p.peek_is(",") else []
    p.expect(",", "expected ','")
    vals = _parse_dense_literal(p) if not p.peek_is(">") else []
    p.expect(">", "expected '>'")
    p.expect(":", "expected ':'")
    tloc = p.start
    typ = p.parse_type()
    ishape = _literal_shape(ind)
    ileaves = []
    _flatten(p, ind, ishape, ileaves)
    if len(ishape) == 1:
        ishape = [1, ishape[0]] if ishape[0] else [0, typ.rank]
    elif not ishape:
        ishape = [1, 1]
    itype = RankedTensorType(ishape, I64)
    indices = DenseElementsAttr(itype, [_convert_leaf(p, x, I64) for x in ileaves], False)
    vshape = _literal_shape(vals)
    vleaves = []
    _flatten(p, vals, vshape, vleaves)
    vtype = RankedTensorType(vshape or [], typ.element_type)
    values = DenseElementsAttr(vtype, [_convert_leaf(p, x, typ.element_type) for x in vleaves],
                               False if vshape else True)
    return SparseElementsAttr(typ, indices, values)


_ATTR_KEYWORDS = {"true": _kw_true, "false": _kw_false, "unit": _kw_unit, "loc": _kw_loc,
                  "affine_map": _kw_affine_map, "affine_set": _kw_affine_set,
                  "strided": _kw_strided, "distinct": _kw_distinct, "array": _kw_array,
                  "dense": _kw_dense, "dense_resource": _kw_dense_resource,
                  "sparse": _kw_sparse}
