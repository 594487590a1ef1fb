"""Enum attributes shared by dialects: bit enums (`#arith.fastmath<fast>`,
`#llvm.overflow<nsw, nuw>`) with MLIR's printing of groups first and `none` for 0."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr


def enum_param_error(err, parser, message, offset, attr_def, cpp_name):
    """An enum keyword error followed, as in MLIR, by the attribute parser's own error."""
    e = err(message, offset)
    e.more = [err(f"failed to parse {attr_def} parameter 'value' which is to be a "
                  f"`{cpp_name}`", parser.start).diag]
    return e


class BitEnum:
    """An I32BitEnumAttr: keyword cases with bits, `none` for 0 and groups (e.g. `fast`)
    printed first (printBitEnumPrimaryGroups)."""

    def __init__(self, cpp_name, attr_def, bits, groups=(), separator=","):
        self.cpp_name = cpp_name
        self.attr_def = attr_def  # the TableGen record name used in parse errors
        self.bits = list(bits)  # [(keyword, mask)]
        self.groups = list(groups)
        self.separator = separator
        self.by_kw = {"none": 0, **dict(self.bits), **dict(self.groups)}
        self.all_bits = 0
        for _, m in self.bits:
            self.all_bits |= m

    def stringify(self, value):
        if value == 0:
            return "none"
        parts = []
        rest = value
        for kw, m in self.groups:
            if value & m == m:
                parts.append(kw)
                rest &= ~m
        for kw, m in self.bits:
            if rest & m:
                parts.append(kw)
        return self.separator.join(parts)

    def parse_value(self, parser, custom):
        """`kw (, kw)*` up to (not including) the closing `>`."""
        err = parser.custom_error if custom else parser.error
        value = 0
        while True:
            off = parser.start
            if parser.kind != "bare":
                raise enum_param_error(err, parser, "expected valid keyword", off,
                                       self.attr_def, self.cpp_name)
            kw = parser.tok
            m = self.by_kw.get(kw)
            parser._next()
            if m is None:
                raise enum_param_error(err, parser, f"expected {self.cpp_name} to be one of: " +
                                       ", ".join(self.by_kw), off, self.attr_def, self.cpp_name)
            value |= m
            if not parser.accept(","):
                return value


class BitEnumAttr(DialectAttr):
    """Base of `#dialect.mnemonic<flags>` bit-enum attributes; subclasses set PREFIX/ENUM."""
    __slots__ = ("value",)
    PREFIX = ""
    ENUM: BitEnum = None

    def __init__(self, value):
        self.value = value

    def asm(self, p):
        return self.PREFIX + self.asm_stripped(p)

    def asm_stripped(self, p):
        return "<" + self.ENUM.stringify(self.value) + ">"

    @classmethod
    def parse_stripped(cls, parser, custom=True):
        parser.expect("<")
        v = cls.ENUM.parse_value(parser, custom)
        parser.expect(">")
        return cls(v)

    def has(self, mask):
        return self.value & mask == mask


class KeywordEnumAttr(DialectAttr):
    """Base of `#dialect.mnemonic<keyword>` plain (I32) enum attributes; subclasses set
    DIALECT, MNEMONIC, CASES (keywords in value order), ATTR_DEF and CPP (names used in
    MLIR's parse errors)."""
    __slots__ = ("value",)
    DIALECT = ""
    MNEMONIC = ""
    CASES: tuple = ()
    ATTR_DEF = ""
    CPP = ""

    def __init__(self, value):
        self.value = value

    @property
    def keyword(self):
        return self.CASES[self.value]

    def asm(self, p):
        return f"#{self.DIALECT}.{self.MNEMONIC}<{self.keyword}>"

    def asm_stripped(self, p):
        return f"<{self.keyword}>"

    @classmethod
    def get(cls, keyword):
        return cls(cls.CASES.index(keyword))

    @classmethod
    def parse_stripped(cls, parser, custom=True):
        err = parser.custom_error if custom else parser.error
        parser.expect("<")
        off = parser.start
        if parser.kind != "bare":
            raise enum_param_error(err, parser, "expected keyword for " + cls.CPP, off,
                                   cls.ATTR_DEF, cls.CPP)
        kw = parser.tok
        if kw not in cls.CASES:
            parser._next()
            raise enum_param_error(err, parser, f"expected {cls.CPP} to be one of: " +
                                   ", ".join(cls.CASES), off, cls.ATTR_DEF, cls.CPP)
        parser._next()
        parser.expect(">")
        return cls(cls.CASES.index(kw))
