"""`#arith.fastmath<...>`: the fast-math flags attribute shared by arith, math and complex.

Kept apart from arith.py so that math and complex can use it without loading the whole arith
dialect. A bit enum: flags are written comma-separated; `fast` stands for all seven flags and
`none` for no flag.
"""
from __future__ import annotations

from ..ir.attributes import DialectAttr
from .constraints import DialectAttrC

# (keyword, bits) in MLIR's declaration order; `fast` is the one primary group.
FASTMATH_CASES = (("none", 0), ("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8),
                  ("arcp", 16), ("contract", 32), ("afn", 64), ("fast", 127))
_BY_KW = dict(FASTMATH_CASES)
_BITS = [(k, v) for k, v in FASTMATH_CASES if v and v != 127]
_ONE_OF = ", ".join(k for k, _ in FASTMATH_CASES)


def fastmath_str(flags: int) -> str:
    if flags == 0:
        return "none"
    parts = []
    if flags & 127 == 127:
        parts.append("fast")
        flags &= ~127
    parts += [k for k, v in _BITS if flags & v]
    return ",".join(parts)


def parse_bit_enum_body(parser, by_kw, enum_name, attr_name):
    """`kw (, kw)*` of an ODS bit enum -> OR of the flags (the `<`/`>` are the caller's)."""
    off = parser.start
    flags = 0
    while True:
        if parser.kind != "bare":
            raise parser.error("expected valid keyword")
        v = by_kw.get(parser.tok)
        if v is None:
            raise parser.error(f"expected {enum_name} to be one of: {', '.join(by_kw)}", off)
        parser._next()
        flags |= v
        if not parser.accept(","):
            return flags


class FastMathAttr(DialectAttr):
    __slots__ = ("flags",)

    def __init__(self, flags):
        self.flags = flags

    def asm(self, p):
        return "#arith.fastmath" + self.asm_stripped(p)

    def asm_stripped(self, p):
        return "<" + fastmath_str(self.flags) + ">"

    @classmethod
    def parse_stripped(cls, parser):
        parser.expect("<")
        flags = parse_bit_enum_body(parser, _BY_KW, "::mlir::arith::FastMathFlags", "fastmath")
        parser.expect(">")
        return cls(flags)

    @classmethod
    def from_keywords(cls, *kws):
        flags = 0
        for k in kws:
            flags |= _BY_KW[k]
        return cls(flags)

    def has(self, kw) -> bool:
        v = _BY_KW[kw]
        return self.flags & v == v


FASTMATH_NONE = FastMathAttr(0)
FASTMATH_FAST = FastMathAttr(127)
FastMathAttrC = DialectAttrC(FastMathAttr, "Floating point fast math flags")


def parse_fastmath_attr(parser, mnemonic, offset):
    """The `#arith.fastmath` case of the arith dialect's attribute parser."""
    return FastMathAttr.parse_stripped(parser)
