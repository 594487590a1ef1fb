"""Attribute parameters declared as data: what ODS generates for an attribute whose
parameters are parsed and printed one by one, as in the `<` struct(params) `>` assembly format.

A parameter is a `Param` (name, `Kind`, optional, default; `req` / `opt`). A `Kind` parses and
prints one value and names its C++ type for MLIR's 'failed to parse ... parameter' note:
integers (`UInt`, `SInt`, `OptUInt`), `Bool`, quoted `Str`, keyword `Enum`s, bit `Flags`,
builtin attributes (`AttrOf`: `STRING`, `BOOL_ATTR`, `INT_ATTR`, `DISTINCT`, `ANY_ATTR`,
`FUSED_LOC`), attributes of a dialect's own classes (`DialectRef`, `Iface`: a dialect's
subclass names its class table in `classes`) and comma-separated `Array`s.

`StructAttr` is the base class of such attributes, `#<DIALECT>.<mnemonic><name = value, ...>`:
parameters in any order when parsed, required ones checked, printed in declaration order with
the optional ones equal to their default left out. `define_struct_attr` makes the class of one
attribute. The LLVM dialect's attributes (pyopt/dialects/llvm/struct_attrs.py) use it.
"""
from __future__ import annotations

from pyopt.ir.attributes import (DialectAttr, IntegerAttr, StringAttr, DistinctAttr, LocationAttr,
                              Attribute)
from pyopt.ir.types import I1
from pyopt.ir.location import FusedLoc
from pyopt.ir.attributes import escape_string


def _quote(s):
    return '"' + escape_string(s) + '"'


def _fail_param(parser, err, record, pname, cpp):
    """MLIR's 'failed to parse <record> parameter' note, chained after the first error."""
    off = parser.start
    err.more = (getattr(err, "more", None) or []) + [
        parser.error(f"failed to parse {record} parameter '{pname}' which is to be a `{cpp}`",
                     off).diag]
    return err


# ---------------------------------------------------------------------------- parameter kinds
class Kind:
    """How one parameter value is parsed and printed. `cpp` names its C++ type in errors."""
    cpp = ""
    default = None

    def parse(self, parser):
        raise NotImplementedError

    def print(self, p, v):
        raise NotImplementedError


class UInt(Kind):
    def __init__(self, cpp="unsigned"):
        self.cpp = cpp
        self.default = 0

    def parse(self, parser):
        if parser.kind != "int":
            raise parser.error("expected integer value")
        return parser.parse_integer()

    def print(self, p, v):
        return str(v)


class SInt(UInt):
    def parse(self, parser):
        return parser.parse_integer()


class OptUInt(UInt):
    """std::optional<unsigned>: absent is None, so 0 prints."""

    def __init__(self):
        self.cpp = "std::optional<unsigned>"
        self.default = None


class Bool(Kind):
    cpp = "bool"
    default = False

    def parse(self, parser):
        kw = parser.parse_optional_keyword(("true", "false"))
        if kw is None:
            raise parser.error("expected 'true' or 'false'")
        return kw == "true"

    def print(self, p, v):
        return "true" if v else "false"


class Str(Kind):
    """StringRefParameter: a quoted string."""
    cpp = "llvm::StringRef"
    default = ""

    def parse(self, parser):
        return parser.parse_string("expected string")

    def print(self, p, v):
        return _quote(v)


class Enum(Kind):
    """An I64EnumAttr / LLVM_EnumAttr parameter spelled as a keyword."""

    def __init__(self, cpp, cases, summary, default=None):
        self.cpp = cpp
        self.by_kw = dict(cases)
        self.by_val = {v: k for k, v in cases}
        self.summary = summary
        self.default = default

    def parse(self, parser):
        off = parser.start
        kw = parser.parse_keyword("expected keyword for " + self.summary)
        v = self.by_kw.get(kw)
        if v is None:
            raise parser.error(f"invalid {self.summary} specification: {kw}", off)
        return v

    def print(self, p, v):
        return self.by_val[v]


class Flags(Kind):
    """An I32BitEnumAttr parameter (`Vector` or `"Public|Vector"`); groups print first."""

    def __init__(self, cpp, bits, groups, summary, zero=None):
        self.cpp = cpp
        self.bits = bits
        self.groups = sorted(groups, key=lambda g: -bin(g[1]).count("1"))
        self.by_kw = dict(bits)
        self.by_kw.update(groups)
        if zero:
            self.by_kw[zero] = 0
        self.zero = zero
        self.summary = summary
        self.default = 0

    def parse(self, parser):
        off = parser.start
        if parser.kind == "string":
            text = parser.parse_string()
        else:
            text = parser.parse_keyword("expected keyword or string")
        v = 0
        for part in text.split("|"):
            m = self.by_kw.get(part.strip())
            if m is None:
                raise parser.error(f"invalid {self.summary} specification: {text}", off)
            v |= m
        return v

    def stringify(self, v):
        if v == 0:
            return self.zero or ""
        parts = []
        rest = v
        for kw, m in self.groups:
            if rest & m == m:
                parts.append(kw)
                rest &= ~m
        for kw, m in self.bits:
            if rest & m:
                parts.append(kw)
        return "|".join(parts)

    def print(self, p, v):
        from pyopt.syntax.printer import _BARE_NAME  # (pyopt.ir does not import the printer)
        s = self.stringify(v)
        return s if _BARE_NAME.match(s) else _quote(s)


class AttrOf(Kind):
    """A builtin attribute parameter (StringAttr, BoolAttr, IntegerAttr, DistinctAttr,
    ::mlir::Attribute, FusedLoc), printed in full."""

    def __init__(self, cpp, check):
        self.cpp = cpp
        self.check = check

    def parse(self, parser):
        off = parser.start
        a = parser.parse_attribute()
        if not self.check(a):
            raise parser.error("invalid kind of attribute specified", off)
        return a

    def print(self, p, v):
        return p.attr_str(v)


class DialectRef(Kind):
    """A parameter of a concrete attribute class of the dialect (looked up by name in
    `classes`, which a dialect's subclass sets): `#alias`, the full `#dialect.x<...>` or the
    stripped `<...>` form (parseCustomAttributeWithFallback); printed as its alias, or stripped
    (printStrippedAttrOrType)."""
    classes: dict = {}  # C++ class name -> attribute class (set by the dialect's subclass)

    def __init__(self, cls_name, cpp=None):
        self.cls_name = cls_name
        self.cpp = cpp or cls_name

    @property
    def cls(self):
        return self.classes[self.cls_name]

    def parse(self, parser):
        cls = self.cls
        off = parser.start
        if parser.kind != "hash":
            return cls.parse_stripped(parser)
        a = parser.parse_attribute()
        if not isinstance(a, cls):
            raise parser.error("invalid kind of attribute specified", off)
        return a

    def print(self, p, v):
        if v.alias_prefix is not None and not p.local_scope:
            return p.attr_str(v)
        return p.nested_level(lambda: v.asm_stripped(p))  # printStrippedAttrOrType


class Iface(Kind):
    """An attribute-interface parameter (LLVM's DIScopeAttr, DITypeAttr, ...): any attribute
    of the listed classes (names in `classes`, as DialectRef), always printed in full."""
    classes: dict = {}

    def __init__(self, cpp, names):
        self.cpp = cpp
        self.names = names
        self._classes = None

    def parse(self, parser):
        if self._classes is None:
            self._classes = tuple(self.classes[n] for n in self.names)
        off = parser.start
        a = parser.parse_attribute()
        if not isinstance(a, self._classes):
            raise parser.error("invalid kind of attribute specified", off)
        return a

    def print(self, p, v):
        return p.attr_str(v)


class Array(Kind):
    """An (Optional)ArrayRefParameter inside a struct: comma separated, no brackets."""
    default = ()

    def __init__(self, elem, cpp):
        self.elem = elem
        self.cpp = cpp

    def parse(self, parser):
        vals = [self.elem.parse(parser)]
        while parser.accept(","):
            vals.append(self.elem.parse(parser))
        return tuple(vals)

    def print(self, p, v):
        return ", ".join(self.elem.print(p, x) for x in v)


def _is_bool(a):
    return type(a) is IntegerAttr and a.type is I1


def _is_int(a):
    return type(a) is IntegerAttr


STRING = AttrOf("StringAttr", lambda a: type(a) is StringAttr)
BOOL_ATTR = AttrOf("BoolAttr", _is_bool)
INT_ATTR = AttrOf("IntegerAttr", _is_int)
DISTINCT = AttrOf("DistinctAttr", lambda a: type(a) is DistinctAttr)
ANY_ATTR = AttrOf("::mlir::Attribute", lambda a: isinstance(a, Attribute))
FUSED_LOC = AttrOf("FusedLoc", lambda a: type(a) is LocationAttr and type(a.loc) is FusedLoc)


# ---------------------------------------------------------------------------- parameters
class Param:
    __slots__ = ("name", "kind", "optional", "default")

    def __init__(self, name, kind, optional=False, default=None):
        self.name = name
        self.kind = kind
        self.optional = optional
        self.default = kind.default if default is None else default


def req(name, kind):
    return Param(name, kind)


def opt(name, kind, default=None):
    return Param(name, kind, True, default)


# ---------------------------------------------------------------------------- attribute classes
class StructAttr(DialectAttr):
    """`#<DIALECT>.<mnemonic><name = value, ...>`; `vals` holds the parameters in order."""
    __slots__ = ("vals",)
    DIALECT = ""  # set by the dialect's subclass
    MNEMONIC = ""

    RECORD = ""
    PARAMS: list = []
    INDEX: dict = {}
    EMPTY_OK = False  # `(`<` struct(params)^ `>`)?`: no `<...>` when all parameters are absent

    def __init__(self, vals):
        self.vals = vals

    @classmethod
    def get(cls, **kw):
        vals = [p.default for p in cls.PARAMS]
        for k, v in kw.items():
            vals[cls.INDEX[k]] = v
        return cls(tuple(vals))

    def __getattr__(self, name):  # parameter access by name (attr.tag, attr.file, ...)
        idx = type(self).INDEX.get(name)
        if idx is None:
            raise AttributeError(name)
        return self.vals[idx]

    def replace(self, **kw):
        vals = list(self.vals)
        for k, v in kw.items():
            vals[type(self).INDEX[k]] = v
        return type(self)(tuple(vals))

    def asm(self, p):
        return "#" + self.DIALECT + "." + self.MNEMONIC + self.asm_stripped(p)

    def asm_stripped(self, p):
        parts = []
        for prm, v in zip(self.PARAMS, self.vals):
            if prm.optional and v == prm.default:
                continue
            parts.append(prm.name + " = " + prm.kind.print(p, v))
        if not parts and self.EMPTY_OK:
            return ""
        return "<" + ", ".join(parts) + ">"

    @classmethod
    def parse_stripped(cls, parser):
        if cls.EMPTY_OK and not parser.peek_is("<"):
            return cls(tuple(p.default for p in cls.PARAMS))
        parser.expect("<")
        vals = [p.default for p in cls.PARAMS]
        seen = set()
        if not cls.PARAMS:
            parser.expect(">")
            return cls(())
        if parser.peek_is(">") and all(p.optional for p in cls.PARAMS):
            parser._next()
            return cls(tuple(vals))
        first = True
        while True:
            if not first and not parser.accept(","):
                break
            first = False
            off = parser.start
            if parser.kind != "bare":
                err = parser.error("expected valid keyword", off)
                err.more = [parser.error("expected a parameter name in struct", off).diag]
                raise err
            name = parser.tok
            idx = cls.INDEX.get(name)
            if idx is None or idx in seen:
                raise parser.error(f"duplicate or unknown struct parameter name: {name}", off)
            parser._next()
            parser.expect("=")
            prm = cls.PARAMS[idx]
            try:
                vals[idx] = prm.kind.parse(parser)
            except Exception as e:  # noqa: BLE001 - MLIRError: add MLIR's follow-up note
                if hasattr(e, "diag"):
                    raise _fail_param(parser, e, cls.RECORD, prm.name, prm.kind.cpp)
                raise
            seen.add(idx)
            if len(seen) == len(cls.PARAMS):
                break
        for i, prm in enumerate(cls.PARAMS):
            if i not in seen and not prm.optional:
                raise parser.error(f"struct is missing required parameter: {prm.name}",
                                   parser.start)
        parser.expect(">")
        return cls(tuple(vals))


def define_struct_attr(base, cls_name, mnemonic, record, params, alias=True, **extra):
    """The class of attribute `mnemonic` (a subclass of `base`, a StructAttr subclass naming
    the dialect) with parameters `params`; `record` names it in diagnostics. With `alias`, the
    printer names its values `#<mnemonic>`, `#<mnemonic>1`, ..."""
    ns = {"__slots__": (), "MNEMONIC": mnemonic, "RECORD": record, "PARAMS": params,
          "INDEX": {p.name: i for i, p in enumerate(params)},
          "alias_prefix": mnemonic if alias else None}
    ns.update(extra)
    return type(cls_name, (base,), ns)

