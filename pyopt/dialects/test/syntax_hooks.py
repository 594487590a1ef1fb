"""The test dialect's attribute and type hooks: `ATTR_PARSERS` / `TYPE_PARSERS` map a
mnemonic ("" for `#test<...>`) to `fn(parser, offset)`; modules defining test attributes or
types register there. A mnemonic nobody registered is kept opaque, as before the dialect
knew any."""
from __future__ import annotations

from pyopt.ir.attributes import OpaqueAttr
from pyopt.ir.types import OpaqueType

ATTR_PARSERS: dict = {}
TYPE_PARSERS: dict = {}


def parse_test_attr(parser, mnemonic, offset):
    fn = ATTR_PARSERS.get(mnemonic)
    if fn is not None:
        return fn(parser, offset)
    data = ("." + mnemonic if mnemonic.strip("\0") else "") + parser.take_pretty_body()
    t = None
    if parser.peek_is(":"):
        parser._next()
        t = parser.parse_type()
    return OpaqueAttr("test", data, t)


def parse_test_type(parser, mnemonic, offset):
    fn = TYPE_PARSERS.get(mnemonic)
    if fn is not None:
        return fn(parser, offset)
    return OpaqueType("test", ("." + mnemonic if mnemonic else "") + parser.take_pretty_body())


def install(dialect):
    dialect.parse_attr = parse_test_attr
    dialect.parse_type = parse_test_type
