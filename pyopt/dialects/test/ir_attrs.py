"""Attributes of the test dialect used by the IR tests: the plain enum `#test<enum first>`
and the bit enums `#test.bit_enum<read, write>` / `#test.bit_enum_vbar<user | group>`.

Their parsers are registered with the test dialect's hook (syntax_hooks.ATTR_PARSERS).
"""
from __future__ import annotations

import re

from pyopt.ir.attributes import DialectAttr
from pyopt.ir.constraints import AttrConstraint
from pyopt.ir.enums import enum_param_error
from pyopt.dialects.test.syntax_hooks import ATTR_PARSERS, parse_test_attr


class _EnumAttr(DialectAttr):
    """Base of the test enum attributes; subclasses set the class data below."""
    __slots__ = ("value",)
    PREFIX = ""          # printed before the stripped form
    CPP = ""             # the C++ enum name quoted in parse errors
    DEF = ""             # the TableGen record named in parse errors
    CASES = ()           # [(keyword, value)]
    LEAD = ""

    def __init__(self, value):
        self.value = value

    def asm(self, p):
        return self.PREFIX + self.asm_stripped(p)

    @classmethod
    def _keyword(cls, parser, custom):
        err = parser.custom_error if custom else parser.error
        off = parser.start
        if parser.kind != "bare":
            raise enum_param_error(err, parser, "expected valid keyword", off, cls.DEF, cls.CPP)
        kw = parser.tok
        parser._next()
        for k, v in cls.CASES:
            if k == kw:
                return v
        e = err(f"expected {cls.CPP} to be one of: " + ", ".join(k for k, _ in cls.CASES), off)
        e.more = [err(f"failed to parse {cls.DEF}", parser.start).diag]
        raise e


class TestEnumAttr(_EnumAttr):
    __slots__ = ()
    PREFIX = "#test<enum "
    CPP = "test::TestEnum"
    DEF = "TestEnumAttr"
    CASES = (("first", 0), ("second", 1), ("third", 2))
    LEAD = " "  # mlir-opt 19 prints this enum in an op's format after an extra space

    def asm(self, p):
        return self.PREFIX + self.asm_stripped(p) + ">"

    def asm_stripped(self, p):
        return dict((v, k) for k, v in self.CASES).get(self.value, str(self.value))

    @classmethod
    def parse_stripped(cls, parser, custom=True):
        return cls(cls._keyword(parser, custom))


class _BitEnumAttr(_EnumAttr):
    __slots__ = ()
    SEP = ", "

    def asm_stripped(self, p):
        return "<" + self.SEP.join(k for k, v in self.CASES if self.value & v) + ">"

    @classmethod
    def parse_stripped(cls, parser, custom=True):
        parser.expect("<")
        value = 0
        sep = cls.SEP.strip()
        while True:
            value |= cls._keyword(parser, custom)
            if not parser.accept(sep):
                break
        parser.expect(">")
        return cls(value)


class TestBitEnumAttr(_BitEnumAttr):
    __slots__ = ()
    PREFIX = "#test.bit_enum"
    CPP = "test::TestBitEnum"
    DEF = "TestBitEnumAttr"
    CASES = (("read", 1), ("write", 2), ("execute", 4))


class TestBitEnumVBarAttr(_BitEnumAttr):
    __slots__ = ()
    PREFIX = "#test.bit_enum_vbar"
    CPP = "test::TestBitEnumVerticalBar"
    DEF = "TestBitEnumVerticalBarAttr"
    CASES = (("user", 1), ("group", 2), ("other", 4))
    SEP = " | "


class EnumAttrC(AttrConstraint):
    """An EnumAttr operand of a format: the stripped form, or a whole `#...` attribute."""

    def __init__(self, cls, summary):
        self.cls = cls
        self.summary = summary

    def check(self, a):
        return isinstance(a, self.cls)

    def print_format(self, p, a):
        return a.LEAD + a.asm_stripped(p)

    def parse_format(self, parser):
        if parser.kind == "hash":
            off = parser.start
            a = parser.parse_attribute()
            if not isinstance(a, self.cls):
                raise parser.custom_error("invalid kind of attribute specified", off)
            return a
        return self.cls.parse_stripped(parser)


_ENUM_BODY = re.compile(r"<\s*enum\b")


def _parse_enum(parser, offset):
    # `#test<enum first>`: the mnemonic comes inside the angle brackets
    if not _ENUM_BODY.match(parser.src, parser.start):
        return parse_test_attr(parser, "\0", offset)  # not ours: kept opaque
    parser.expect("<")
    kw = parser.parse_keyword()
    if kw != "enum":
        raise parser.error(f"unknown attribute `{kw}` in dialect `test`")
    a = TestEnumAttr.parse_stripped(parser, custom=False)
    parser.expect(">")
    return a


ATTR_PARSERS.update({
    "": _parse_enum,
    "bit_enum": lambda parser, off: TestBitEnumAttr.parse_stripped(parser, custom=False),
    "bit_enum_vbar": lambda parser, off: TestBitEnumVBarAttr.parse_stripped(parser,
                                                                            custom=False),
})


class SubElementsAccessAttr(DialectAttr):
    """`#test.sub_elements_access<a, b, c>`: three attributes that walks and replacements
    reach (through `sub_attrs` / `with_sub_attrs`)."""
    __slots__ = ("params",)

    def __init__(self, params):
        self.params = params

    def asm(self, p):
        return "#test.sub_elements_access<" + ", ".join(p.attr_str(a) for a in self.params) + ">"

    def sub_attrs(self):
        return self.params

    def with_sub_attrs(self, attrs):
        return SubElementsAccessAttr(tuple(attrs))


def _parse_sub_elements(parser, offset):
    parser.expect("<")
    params = [parser.parse_attribute()]
    for _ in range(2):
        parser.expect(",")
        params.append(parser.parse_attribute())
    parser.expect(">")
    return SubElementsAccessAttr(tuple(params))


ATTR_PARSERS["sub_elements_access"] = _parse_sub_elements
