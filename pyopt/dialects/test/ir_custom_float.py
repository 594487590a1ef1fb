"""`#test.custom_float<"float" : 2.0>`: a float whose semantics a string names ("float",
"double", "fp80"); the value is read and printed as a float attribute of that type is."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr
from pyopt.ir.types import FloatType
from pyopt.dialects.test.syntax_hooks import ATTR_PARSERS

_TYPES = {"float": FloatType("f32"), "double": FloatType("f64"), "fp80": FloatType("f80")}


class CustomFloatAttr(DialectAttr):
    __slots__ = ("type_str", "value")

    def __init__(self, type_str, value):
        self.type_str = type_str
        self.value = value  # a FloatAttr of the named type

    def asm(self, p):
        return f'#test.custom_float<"{self.type_str}" : {self.value.asm(p, elide_type=True)}>'


def _parse(parser, offset):
    parser.expect("<")
    off = parser.start
    name = parser.parse_string() if parser.kind == "string" else None
    t = _TYPES.get(name)
    if t is None:
        raise parser.error("unknown float semantics", off)
    parser.expect(":")
    if parser.kind not in ("int", "float") and not parser.peek_is("-"):
        raise parser.error("expected floating point literal")
    value = parser.parse_number_attr(t)
    parser.expect(">")
    return CustomFloatAttr(name, value)


ATTR_PARSERS["custom_float"] = _parse
