"""The test dialect's "dynamic" (extensible-dialect) types, attributes and ops: checked only
by their parameter/operand counts, as upstream registers them at run time; plus the
`test_dyn` dialect's one op (pyopt.dialects.test_dyn)."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr
from pyopt.ir.opdef import Op
from pyopt.ir.types import DialectType
from pyopt.ir.verifier import op_error
from pyopt.dialects.test.syntax_hooks import ATTR_PARSERS, TYPE_PARSERS

_CUSTOM = "dynamic_custom_assembly_format"
_ARITY = {"dynamic_singleton": 0, "dynamic_pair": 2, _CUSTOM: 2}


def _body(p, name, params, is_type):
    show = p.type_str if is_type else p.attr_str
    if name == _CUSTOM:
        return "<" + ":".join(show(x) for x in params) + ">"
    return "<" + ", ".join(show(x) for x in params) + ">" if params else ""


class DynType(DialectType):
    __slots__ = ("name", "params")

    def __init__(self, name, params):
        self.name = name
        self.params = params

    def asm(self, p):
        return "!test." + self.name + _body(p, self.name, self.params, True)


class DynAttr(DialectAttr):
    __slots__ = ("name", "params")

    def __init__(self, name, params):
        self.name = name
        self.params = params

    def asm(self, p):
        return "#test." + self.name + _body(p, self.name, self.params, False)


def _parser(name, is_type):
    what = "type" if is_type else "attribute"

    def parse(parser, offset):
        one = parser.parse_type if is_type else parser.parse_attribute
        params = []
        if parser.accept("<"):
            sep = ":" if name == _CUSTOM else ","
            params.append(one())
            while parser.accept(sep):
                params.append(one())
            parser.expect(">")
        want = _ARITY[name]
        if len(params) != want:
            raise parser.error(f"expected {want} {what} arguments, but had {len(params)}",
                               offset + len("!test."))
        return (DynType if is_type else DynAttr)(name, tuple(params))
    return parse


for _n in _ARITY:
    TYPE_PARSERS[_n] = _parser(_n, True)
    ATTR_PARSERS[_n] = _parser(_n, False)


def _verify_one_operand_two_results(op):
    if len(op.operand_slots) != 1:
        raise op_error(op, f"expected 1 operand, but had {len(op.operand_slots)}")
    if len(op.results) != 2:
        raise op_error(op, f"expected 2 results, but had {len(op.results)}")


def _parse_custom(parser, state):
    parser.parse_keyword()  # upstream's parser reads any keyword and keeps none of it


def _print_custom(p, op):
    p.out.append(" custom_keyword")


_ANY = dict(operands=["args*"], results=["results*"], regions=["regions*"])
OPS = [
    Op("test.dynamic_generic", **_ANY),
    Op("test.dynamic_one_operand_two_results", verify=_verify_one_operand_two_results, **_ANY),
    Op("test.dynamic_custom_parser_printer", parse=_parse_custom, print=_print_custom, **_ANY),
]
