"""Test types for the dialect conversion tests: `!test.test_rec<name, body>`, a type named by
its identifier whose body is set once (it may contain itself: `test_rec<name>` inside its own
body refers back to it), and `!test.smpla`, a plain type. Nested test types print without the
`!test.` prefix, as MLIR prints a dialect's types inside its own types."""
from __future__ import annotations

from pyopt.ir.types import DialectType

_PRINTING = []  # recursive types being printed: inside them, a reference prints the name only


class TestRecursiveType(DialectType):
    __slots__ = ("name", "body")

    def __init__(self, name):
        self.name = name
        self.body = None

    def set_body(self, body):
        """False if a different body was set before (the body is immutable once set)."""
        if self.body is not None:
            return self.body is body
        self.body = body
        return True

    def asm(self, p):
        return "!test." + self.mnemonic_form(p)

    def mnemonic_form(self, p):
        if self in _PRINTING or self.body is None:
            return f"test_rec<{self.name}>"
        _PRINTING.append(self)
        try:
            return f"test_rec<{self.name}, {_nested(p, self.body)}>"
        finally:
            _PRINTING.pop()


class SimpleAType(DialectType):
    __slots__ = ()

    def asm(self, p):
        return "!test.smpla"

    def mnemonic_form(self, p):
        return "smpla"


def _nested(p, t):
    form = getattr(t, "mnemonic_form", None)
    return form(p) if form is not None else p.type_str(t)


def _parse_nested(parser):
    if parser.accept_keyword("test_rec"):
        return _parse_rec_body(parser)
    if parser.accept_keyword("smpla"):
        return SimpleAType()
    return parser.parse_type()


def _parse_rec_body(parser):
    parser.expect("<")
    name = parser.parse_keyword("expected identifier")
    t = TestRecursiveType(name)
    if parser.accept(","):
        body = _parse_nested(parser)
        if not t.set_body(body):
            raise parser.error(f"recursive type '{name}' has a different body already")
    parser.expect(">")
    return t


def register(type_parsers):
    type_parsers["test_rec"] = lambda parser, offset: _parse_rec_body(parser)
    type_parsers["smpla"] = lambda parser, offset: SimpleAType()
