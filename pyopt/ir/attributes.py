"""Builtin attributes (MLIR 19). Interned like types; each renders itself with `asm(p)`.

Float values are stored as bit patterns (see syntax/float_format.py) so every float kind,
NaN payloads and -0.0 round-trip exactly.
"""
from __future__ import annotations

import re

from pyopt.ir.uniqued import Uniqued
from pyopt.ir.types import (IntegerType, FloatType, ComplexType, I1, I64, INDEX, F64, DYNAMIC)


class Attribute(metaclass=Uniqued):
    __slots__ = ("__weakref__",)
    alias_prefix = None  # builtin aliases: "map", "set", "loc"

    def asm(self, p) -> str:  # pragma: no cover
        raise NotImplementedError

    def __str__(self):
        from pyopt.syntax.printer import attr_to_str
        return attr_to_str(self)

    __repr__ = __str__


class IntegerAttr(Attribute):
    __slots__ = ("type", "value")

    @staticmethod
    def _norm(type_, value):
        if type(type_) is int:  # IntegerAttr(5, I32) convenience order
            type_, value = value, type_
        if type_ is I1:  # (true is 1, however it was computed: -1 and 1 are one attribute)
            return (type_, int(value) & 1)
        return (type_, int(value))

    def __init__(self, type_, value):
        self.type = type_
        self.value = value

    def asm(self, p, elide_type=False):
        t = self.type
        if t is I1:
            return "true" if self.value else "false"
        if elide_type:
            return str(self.value)
        return f"{self.value} : {p.type_str(t)}"


def BoolAttr(v: bool) -> IntegerAttr:
    return IntegerAttr(I1, 1 if v else 0)


TRUE = IntegerAttr(I1, 1)
FALSE = IntegerAttr(I1, 0)


def int_value_fits(value: int, t) -> bool:
    """Whether `value` is representable in integer type `t` (signless accepts both ranges)."""
    if t is INDEX or not isinstance(t, IntegerType):
        return -(1 << 63) <= value < (1 << 64)
    w = t.width
    if t.signedness == IntegerType.SIGNED:
        return -(1 << (w - 1)) <= value < (1 << (w - 1))
    if t.signedness == IntegerType.UNSIGNED:
        return 0 <= value < (1 << w)
    return -(1 << (w - 1)) <= value < (1 << w) if w > 0 else value == 0


def normalize_int(value: int, t) -> int:
    """Wraps `value` to `t`'s width and gives the value MLIR stores (signed view for signless)."""
    if t is INDEX:
        w = 64
    elif isinstance(t, IntegerType):
        w = t.width
        if w == 0:
            return 0
    else:
        return value
    value &= (1 << w) - 1
    if (isinstance(t, IntegerType) and t.signedness == IntegerType.UNSIGNED):
        return value
    if w == 1 and t.signedness == IntegerType.SIGNLESS:
        return value  # i1 prints as true/false, keep 0/1
    return value - (1 << w) if value >> (w - 1) else value


class FloatAttr(Attribute):
    __slots__ = ("type", "bits")

    def __init__(self, type_, bits):
        self.type = type_
        self.bits = bits

    @classmethod
    def from_float(cls, type_, x: float):
        from pyopt.syntax.float_format import float_to_bits
        return cls(type_, float_to_bits(x, type_.kind))

    @property
    def value(self) -> float:
        from pyopt.syntax.float_format import bits_to_float
        return bits_to_float(self.bits, self.type.kind)

    def value_str(self):
        from pyopt.syntax.float_format import format_float
        return format_float(self.bits, self.type.kind)

    def asm(self, p, elide_type=False):
        if elide_type:
            return self.value_str()
        return f"{self.value_str()} : {p.type_str(self.type)}"


_PRINTABLE = re.compile(r'[ !#-\[\]-~]*\Z')


def escape_string(s: str) -> str:
    """MLIR's printEscapedString: printable ASCII as is, `\\` doubled, other bytes as \\XX."""
    if _PRINTABLE.match(s):
        return s
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        if b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F and b != 0x22:
            out.append(chr(b))
        else:
            out.append("\\%02X" % b)
    return "".join(out)


class StringAttr(Attribute):
    __slots__ = ("value", "type")

    @staticmethod
    def _norm(value, type_=None):
        return (value, type_)

    def __init__(self, value, type_):
        self.value = value
        self.type = type_

    def asm(self, p):
        s = '"' + escape_string(self.value) + '"'
        if self.type is not None:
            s += " : " + p.type_str(self.type)
        return s


class UnitAttr(Attribute):
    __slots__ = ()

    def asm(self, p):
        return "unit"


UNIT = UnitAttr()


class ArrayAttr(Attribute):
    __slots__ = ("value",)

    @staticmethod
    def _norm(value):
        return (tuple(value),)

    def __init__(self, value):
        self.value = value

    def __iter__(self):
        return iter(self.value)

    def __len__(self):
        return len(self.value)

    def __getitem__(self, i):
        return self.value[i]

    def asm(self, p):
        # Elements print with AttrTypeElision::May: i64 integers and f64 floats drop their type.
        a = p.attr_str
        return "[" + ", ".join(x.asm(p, elide_type=True) if _elides_in_array(x) else a(x)
                               for x in self.value) + "]"


def _elides_in_array(x):
    t = type(x)
    # (an f64 printed in hex keeps its type: bare, it would read back as an integer)
    return (t is IntegerAttr and x.type is I64) or \
        (t is FloatAttr and x.type is F64 and not x.value_str().startswith("0x"))


class DictionaryAttr(Attribute):
    __slots__ = ("value",)

    @staticmethod
    def _norm(value):
        if isinstance(value, dict):
            value = value.items()
        return (tuple(sorted(value, key=lambda kv: kv[0])),)

    def __init__(self, value):
        self.value = value  # sorted tuple of (name, attr)

    def get(self, name, default=None):
        for k, v in self.value:
            if k == name:
                return v
        return default

    def as_dict(self):
        return dict(self.value)

    def __len__(self):
        return len(self.value)

    def asm(self, p):
        return "{" + p.attr_entries(self.value) + "}"


class TypeAttr(Attribute):
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def asm(self, p):
        return p.type_str(self.value)


_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")


def symbol_name_str(name: str) -> str:
    return "@" + name if _BARE_ID.match(name) else '@"' + escape_string(name) + '"'


def keyword_or_string(s: str) -> str:
    """printKeywordOrString: `s` bare when it is an identifier, else a string literal."""
    return s if _BARE_ID.match(s) else '"' + escape_string(s) + '"'


class SymbolRefAttr(Attribute):
    __slots__ = ("root", "nested")

    @staticmethod
    def _norm(root, nested=()):
        return (root, tuple(nested))

    def __init__(self, root, nested):
        self.root = root
        self.nested = nested

    @property
    def leaf(self):
        return self.nested[-1] if self.nested else self.root

    @property
    def is_flat(self):
        return not self.nested

    def asm(self, p):
        s = symbol_name_str(self.root)
        for n in self.nested:
            s += "::" + symbol_name_str(n)
        return s


def FlatSymbolRefAttr(name: str) -> SymbolRefAttr:
    return SymbolRefAttr(name, ())


class DenseArrayAttr(Attribute):
    """`array<i64: 1, 2>`; values are ints, or float bit patterns for float elements."""
    __slots__ = ("element_type", "values")

    @staticmethod
    def _norm(element_type, values):
        return (element_type, tuple(values))

    def __init__(self, element_type, values):
        self.element_type = element_type
        self.values = values

    def __len__(self):
        return len(self.values)

    def __iter__(self):
        return iter(self.values)

    def __getitem__(self, i):
        return self.values[i]

    def asm(self, p):
        et = self.element_type
        head = "array<" + p.type_str(et)
        if not self.values:
            return head + ">"
        return head + ": " + ", ".join(element_str(v, et) for v in self.values) + ">"


def element_str(v, et) -> str:
    """One scalar element of an elements/array attribute, printed without its type."""
    if type(et) is FloatType:
        from pyopt.syntax.float_format import format_float
        return format_float(v, et.kind)
    if type(et) is IntegerType and et.width == 1:  # si1 / ui1 too
        return "true" if v else "false"
    if type(et) is ComplexType:
        e = et.element_type
        return f"({element_str(v[0], e)},{element_str(v[1], e)})"
    return str(v)


_ELIDED = "dense_resource<__elided__> : "


def _elide(p, attr):
    """--mlir-elide-elementsattrs-if-larger: non-splat elements beyond the limit are elided."""
    flags = getattr(p, "flags", None)
    limit = flags.elide_limit if flags is not None else None
    return limit is not None and not attr.is_splat and attr.type.num_elements > limit


class DenseElementsAttr(Attribute):
    """`dense<...> : tensor/vector type`, int/float/complex elements flattened, or a splat.

    `values` holds one element for a splat, else all elements in row-major order.
    """
    __slots__ = ("type", "values", "is_splat")

    @staticmethod
    def _norm(type_, values, is_splat=None):
        values = tuple(values)
        if is_splat is None:
            is_splat = len(values) >= 1 and all(v == values[0] for v in values)
            if is_splat:
                values = values[:1]
        return (type_, values, bool(is_splat) and bool(values))

    def __init__(self, type_, values, is_splat):
        self.type = type_
        self.values = values
        self.is_splat = is_splat

    @property
    def element_type(self):
        return self.type.element_type

    def all_values(self):
        if self.is_splat:
            return self.values * self.type.num_elements
        return self.values

    def splat_value(self):
        return self.values[0]

    def asm(self, p):
        if _elide(p, self):
            return _ELIDED + p.type_str(self.type)
        return "dense<" + self.body_str(p) + "> : " + p.type_str(self.type)

    def body_str(self, p):
        et = self.type.element_type
        if self.is_splat:
            return element_str(self.values[0], et)
        n = self.type.num_elements
        if n == 0:
            return ""
        limit = p.flags.hex_limit  # --mlir-print-elementsattrs-with-hex-if-larger (-1: never)
        if p.hex_large_elements and limit != -1 and n > limit:
            return '"0x' + self.hex_bytes() + '"'
        return nested_str(self.values, self.type.shape, et)

    def hex_bytes(self) -> str:
        et = self.type.element_type
        if et is INDEX:
            width = 64
        else:
            width = et.width if not isinstance(et, ComplexType) else et.element_type.width
        if width == 1:  # i1 data is bit-packed, LSB first
            bits = sum(1 << i for i, v in enumerate(self.values) if v)
            return bits.to_bytes((len(self.values) + 7) // 8, "little").hex().upper()
        nbytes = max(1, (width + 7) // 8)
        out = []
        for v in self.values:
            vs = v if isinstance(et, ComplexType) else (v,)
            for x in vs:
                out.append((x & ((1 << (nbytes * 8)) - 1)).to_bytes(nbytes, "little").hex().upper())
        return "".join(out)


def nested_str(flat, shape, et) -> str:
    if not shape:
        return element_str(flat[0], et)
    # Build from the innermost dimension outwards.
    items = [element_str(v, et) for v in flat]
    for d in reversed(shape[1:]):
        items = ["[" + ", ".join(items[i:i + d]) + "]" for i in range(0, len(items), d)] if d else []
    return "[" + ", ".join(items) + "]"


class DenseStringElementsAttr(Attribute):
    __slots__ = ("type", "values", "is_splat")

    @staticmethod
    def _norm(type_, values, is_splat=None):
        values = tuple(values)
        if is_splat is None:
            is_splat = len(values) >= 1 and all(v == values[0] for v in values)
            if is_splat:
                values = values[:1]
        return (type_, values, bool(is_splat))

    def __init__(self, type_, values, is_splat):
        self.type = type_
        self.values = values
        self.is_splat = is_splat

    def asm(self, p):
        if _elide(p, self):
            return _ELIDED + p.type_str(self.type)
        strs = ['"' + escape_string(v) + '"' for v in self.values]
        if self.is_splat:
            body = strs[0]
        else:
            body = _nest_strs(strs, self.type.shape)
        return "dense<" + body + "> : " + p.type_str(self.type)


def _nest_strs(items, shape):
    if not shape:
        return items[0]
    for d in reversed(shape[1:]):
        items = ["[" + ", ".join(items[i:i + d]) + "]" for i in range(0, len(items), d)]
    return "[" + ", ".join(items) + "]"


class DenseResourceElementsAttr(Attribute):
    __slots__ = ("type", "handle")

    def __init__(self, type_, handle):
        self.type = type_
        self.handle = handle

    def asm(self, p):
        p.used_resources.add(self.handle)
        return f"dense_resource<{self.handle}> : {p.type_str(self.type)}"


class SparseElementsAttr(Attribute):
    __slots__ = ("type", "indices", "values")

    def __init__(self, type_, indices, values):
        self.type = type_
        self.indices = indices  # DenseElementsAttr
        self.values = values

    def asm(self, p):
        if not self.indices.type.num_elements:
            return f"sparse<> : {p.type_str(self.type)}"
        if _elide(p, self.indices) or _elide(p, self.values):
            return _ELIDED + p.type_str(self.type)
        return (f"sparse<{self.indices.body_str(p)}, {self.values.body_str(p)}> : "
                f"{p.type_str(self.type)}")


class AffineMapAttr(Attribute):
    __slots__ = ("value",)
    alias_prefix = "map"

    def __init__(self, value):
        self.value = value

    def asm(self, p):
        return f"affine_map<{self.value}>"


class IntegerSetAttr(Attribute):
    __slots__ = ("value",)
    alias_prefix = "set"

    def __init__(self, value):
        self.value = value

    def asm(self, p):
        return f"affine_set<{self.value}>"


def _dyn(v):
    return "?" if v == DYNAMIC else str(v)


class StridedLayoutAttr(Attribute):
    __slots__ = ("offset", "strides")

    @staticmethod
    def _norm(offset, strides):
        return (offset, tuple(strides))

    def __init__(self, offset, strides):
        self.offset = offset
        self.strides = strides

    def asm(self, p):
        s = "strided<[" + ", ".join(_dyn(x) for x in self.strides) + "]"
        if self.offset != 0:
            s += ", offset: " + _dyn(self.offset)
        return s + ">"


class OpaqueAttr(Attribute):
    """An attribute of an unregistered dialect kept as text: `#dialect.body` / `#dialect<...>`."""
    __slots__ = ("dialect", "data", "type")

    @staticmethod
    def _norm(dialect, data, type_=None):
        return (dialect, data, type_)

    def __init__(self, dialect, data, type_):
        self.dialect = dialect
        self.data = data
        self.type = type_

    def asm(self, p):
        s = "#" + self.dialect + self.data
        if self.type is not None:
            s += " : " + p.type_str(self.type)
        return s


class DistinctAttr(Attribute):
    """`distinct[N]<attr>`: unique per creation, so not interned by value."""
    __slots__ = ("referenced", "uid")
    _counter = [0]

    @staticmethod
    def _norm(referenced, uid=None):
        if uid is None:
            DistinctAttr._counter[0] += 1
            uid = DistinctAttr._counter[0]
        return (referenced, uid)

    def __init__(self, referenced, uid):
        self.referenced = referenced
        self.uid = uid

    def asm(self, p):
        # A unit referenced attribute prints as `distinct[N]<>`, as MLIR does.
        ref = "" if type(self.referenced) is UnitAttr else p.attr_str(self.referenced)
        return f"distinct[{p.distinct_id(self)}]<{ref}>"


class LocationAttr(Attribute):
    """A location used as an attribute value (e.g. inside fused locations or `#loc` aliases)."""
    __slots__ = ("loc",)
    alias_prefix = "loc"

    def __init__(self, loc):
        self.loc = loc

    def asm(self, p):
        return p.loc_str(self.loc)


class DialectAttr(Attribute):
    """Base for attributes of registered dialects; subclasses give `asm`."""
    __slots__ = ()


# -- canonicalisation used by MemRefType ------------------------------------------------------
def canonical_memory_space(ms):
    if ms is None:
        return None
    if isinstance(ms, int):
        return None if ms == 0 else IntegerAttr(I64, ms)
    if type(ms) is IntegerAttr and ms.value == 0:
        return None
    return ms


def canonical_layout(layout, rank):
    if layout is None:
        return None
    if type(layout) is AffineMapAttr and layout.value.is_identity() and layout.value.num_dims == rank:
        return None
    return layout


def int_attr(value, type_=I64):
    return IntegerAttr(type_, value)


def index_attr(value):
    return IntegerAttr(INDEX, value)


def str_attr(s):
    return StringAttr(s)


def is_typed_attr(a) -> bool:
    return isinstance(a, (IntegerAttr, FloatAttr, DenseElementsAttr, DenseStringElementsAttr,
                          DenseResourceElementsAttr, SparseElementsAttr))


def attr_type(a):
    return getattr(a, "type", None)
