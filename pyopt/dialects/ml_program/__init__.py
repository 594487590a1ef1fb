"""The ml_program dialect (MLIR 19 MLProgramOps.td): the program structure ML front ends emit
around their linalg code - functions and graph subgraphs, module-level globals with their
loads and stores (also token-ordered ones for graphs), `!ml_program.token` and the
`#ml_program.extern` initial value."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr, StringAttr
from pyopt.ir.constraints import (AnyAttr, AnyType, DictArrayAttr,
                                  FunctionTypeAttr, StrAttr, SymbolNameAttr, SymbolRefAttrAny,
                                  TypeAttrAny, TypeConstraint, UnitAttrConstraint)
from pyopt.ir.opdef import (Dialect, Op, ISOLATED, SYMBOL, TERMINATOR, PURE, RETURN_LIKE,
                            GRAPH_REGION, SINGLE_BLOCK)
from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.types import DialectType
from pyopt.ir.verifier import op_error, plain_error
from pyopt.syntax.function_syntax import parse_function_op, print_function_op


# ---------------------------------------------------------------------------- type / attribute
class TokenType(DialectType):
    __slots__ = ()

    def asm(self, p):
        return "!ml_program.token"


TOKEN = TokenType()
Token = TypeConstraint(lambda t: t is TOKEN, "Token for establishing execution ordering in a "
                                            "graph")


class ExternAttr(DialectAttr):
    """`#ml_program.extern<type>`: the initial value is in external storage (printed without
    its type, as 19 does)."""
    __slots__ = ("type",)

    def __init__(self, type_):
        self.type = type_

    def asm(self, p):
        return "#ml_program.extern"

    def alias_name(self):
        return "extern"


def _parse_type(parser, mnemonic, offset):
    if mnemonic == "token":
        return TOKEN
    raise parser.error(f"unknown type `{mnemonic}` in dialect `ml_program`",
                       offset + len("!ml_program."))


def _parse_attr(parser, mnemonic, offset):
    if mnemonic != "extern":
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `ml_program`",
                           offset + len("#ml_program."))
    t = None
    if parser.accept("<"):
        t = parser.parse_type()
        parser.expect(">")
    return ExternAttr(t)


# ---------------------------------------------------------------------------- functions
def _parse_func(p, state):
    parse_function_op(p, state)


def _print_func(pr, op):
    ft = op.properties["function_type"].value
    print_function_op(pr, op, ft.inputs, ft.results)


_FUNC_ATTRS = {"sym_name": SymbolNameAttr, "function_type": FunctionTypeAttr,
               "arg_attrs": DictArrayAttr.opt(), "res_attrs": DictArrayAttr.opt(),
               "sym_visibility": StrAttr.opt()}

FUNC = Op("ml_program.func", attrs=dict(_FUNC_ATTRS), regions=["body"],
          traits=[ISOLATED, SYMBOL], parse=_parse_func, print=_print_func)

SUBGRAPH = Op("ml_program.subgraph", attrs=dict(_FUNC_ATTRS), regions=["body"],
              traits=[ISOLATED, SYMBOL, GRAPH_REGION, SINGLE_BLOCK], parse=_parse_func,
              print=_print_func)


def _terminator_verifier(verb, what):
    def verify(op):
        f = op.parent_op
        results = f.properties["function_type"].value.results
        name = f.properties["sym_name"].value
        if len(op.operand_slots) != len(results):
            raise op_error(op, f"has {len(op.operand_slots)} operands, but enclosing function "
                               f"(@{name}) {verb} {len(results)}")
        for i, (v, t) in enumerate(zip(op.operands, results)):
            if v.type is not t:
                raise plain_error(op, f"type of {what} operand {i} ('{v.type}') doesn't match "
                                      f"function result type ('{t}') in function @{name}")
    return verify


RETURN = Op("ml_program.return", operands=[("operands", AnyType, "*")],
            traits=[PURE, TERMINATOR, RETURN_LIKE],
            format="attr-dict ($operands^ `:` type($operands))?",
            verify=_terminator_verifier("returns", "return"), parent=["ml_program.func"])

OUTPUT = Op("ml_program.output", operands=[("operands", AnyType, "*")],
            traits=[PURE, TERMINATOR, RETURN_LIKE],
            format="attr-dict ($operands^ `:` type($operands))?",
            verify=_terminator_verifier("outputs", "output"), parent=["ml_program.subgraph"])


# ---------------------------------------------------------------------------- globals
def _parse_visibility(p):
    kw = p.parse_optional_keyword(("public", "private", "nested"))
    if kw is None:
        raise p.error("expected 'public', 'private', or 'nested'")
    return StringAttr(kw)


def _parse_typed_initial_value(p):
    value = None
    if p.accept("("):
        value = p.parse_attribute()
        p.expect(")")
    p.expect(":")
    return p.parse_type(), value


def _parse_global(p, state):
    from pyopt.ir.attributes import TypeAttr, UnitAttr
    props = state.properties
    props["sym_visibility"] = _parse_visibility(p)
    if p.accept_keyword("mutable"):
        props["is_mutable"] = UnitAttr()
    props["sym_name"] = StringAttr(p.parse_symbol_name())
    t, value = _parse_typed_initial_value(p)
    props["type"] = TypeAttr(t)
    if value is not None:
        props["value"] = value
    attrs = p.parse_optional_attr_dict()
    for k in [k for k in attrs if k in state.opdef.attr_names]:
        props[k] = attrs.pop(k)
    state.attributes.update(attrs)


def _print_global(pr, op):
    from pyopt.ir.attributes import symbol_name_str
    props = op.properties
    vis = props.get("sym_visibility")
    out = [" " + (vis.value if vis is not None else "public")]
    if props.get("is_mutable") is not None:
        out.append(" mutable")
    out.append(" " + symbol_name_str(props["sym_name"].value))
    v = props.get("value")
    if v is not None:
        out.append("(" + pr.attr_str(v) + ")")
    out.append(" : " + pr.type_str(props["type"].value))
    pr.out.append("".join(out))
    pr.out.append(pr.attr_dict_str(op.attributes))


def _verify_global(op):
    if op.properties.get("is_mutable") is None and op.properties.get("value") is None:
        raise op_error(op, "immutable global must have an initial value")


GLOBAL = Op("ml_program.global",
            attrs={"sym_name": SymbolNameAttr, "type": TypeAttrAny,
                   "is_mutable": UnitAttrConstraint.opt(), "value": AnyAttr().opt(),
                   "sym_visibility": StrAttr.opt()},
            traits=[SYMBOL], parse=_parse_global, print=_print_global, verify=_verify_global)


def _global_of(op):
    ref = op.properties["global"]
    g = lookup_symbol(op.parent_op, ref) if op.parent_op is not None else None
    if g is None or g.name != "ml_program.global":
        raise op_error(op, f"undefined global: {ref}")
    return g, ref


def _verify_load(const=False):
    def verify(op):
        g, ref = _global_of(op)
        if const and g.properties.get("is_mutable") is not None:
            raise op_error(op, f"cannot load as const from mutable global {ref}")
        gt, rt = g.properties["type"].value, op.results[0].type
        if gt is not rt:
            raise op_error(op, f"cannot load from global typed '{gt}' as '{rt}'")
    return verify


def _verify_store(op):
    g, ref = _global_of(op)
    if g.properties.get("is_mutable") is None:
        raise op_error(op, f"cannot store to an immutable global {ref}")
    gt, vt = g.properties["type"].value, op.value.type
    if gt is not vt:
        raise op_error(op, f"cannot store to a global typed '{gt}' from '{vt}'")


def _named_after_global(op):
    """getAsmResultNames: the loaded value is named after the global."""
    return [(0, op.properties["global"].leaf)]


def _parse_ordering(p):
    """custom<TokenOrdering>: `ordering((% tokens | ()) -> !ml_program.token)` or nothing."""
    if not p.accept_keyword("ordering"):
        return [], None
    p.expect("(")
    toks = []
    if p.accept("("):
        p.expect(")")
    else:
        toks = p.parse_operand_list()
    p.expect("->")
    t = p.parse_type()
    p.expect(")")
    return toks, t


def _print_ordering(pr, tokens, produced):
    if not tokens and produced is None:
        return ""
    return " ordering(" + (pr.values(tokens) if tokens else "()") + \
        (" -> " + pr.type_str(produced) if produced is not None else "") + ")"


def _parse_load_graph(p, state):
    state.properties["global"] = p.parse_attribute()
    toks, produced = _parse_ordering(p)
    p.expect(":")
    t = p.parse_type()
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = p.resolve_operands(toks, [TOKEN] * len(toks))
    state.result_types = [t, produced]


def _print_load_graph(pr, op):
    pr.out.append(" " + pr.attr_str(op.properties["global"]) +
                  _print_ordering(pr, op.consumeTokens, op.produceToken.type) +
                  " : " + pr.type_str(op.results[0].type) + pr.attr_dict_str(op.attributes))


def _parse_store_graph(p, state):
    state.properties["global"] = p.parse_attribute()
    p.expect("=")
    value = p.parse_operand()
    toks, produced = _parse_ordering(p)
    p.expect(":")
    t = p.parse_type()
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = [p.resolve_operand(value, t)] + p.resolve_operands(toks,
                                                                        [TOKEN] * len(toks))
    state.result_types = [produced]


def _print_store_graph(pr, op):
    pr.out.append(" " + pr.attr_str(op.properties["global"]) + " = " + pr.value(op.value) +
                  _print_ordering(pr, op.consumeTokens, op.produceToken.type) +
                  " : " + pr.type_str(op.value.type) + pr.attr_dict_str(op.attributes))


GLOBAL_LOAD = Op("ml_program.global_load", attrs={"global": SymbolRefAttrAny},
                 results=[("result", AnyType)], format="$global `:` type($result) attr-dict",
                 verify=_verify_load(), result_names=_named_after_global)
GLOBAL_LOAD_CONST = Op("ml_program.global_load_const", attrs={"global": SymbolRefAttrAny},
                       results=[("result", AnyType)], traits=[PURE],
                       format="$global `:` type($result) attr-dict",
                       verify=_verify_load(const=True), result_names=_named_after_global)
GLOBAL_STORE = Op("ml_program.global_store", attrs={"global": SymbolRefAttrAny},
                  operands=[("value", AnyType)],
                  format="$global `=` $value `:` type($value) attr-dict", verify=_verify_store)
GLOBAL_LOAD_GRAPH = Op("ml_program.global_load_graph", attrs={"global": SymbolRefAttrAny},
                       operands=[("consumeTokens", Token, "*")],
                       results=[("result", AnyType), ("produceToken", Token)],
                       parse=_parse_load_graph, print=_print_load_graph, verify=_verify_load())
GLOBAL_STORE_GRAPH = Op("ml_program.global_store_graph", attrs={"global": SymbolRefAttrAny},
                        operands=[("value", AnyType), ("consumeTokens", Token, "*")],
                        results=[("produceToken", Token)],
                        parse=_parse_store_graph, print=_print_store_graph,
                        verify=_verify_store)
TOKEN_OP = Op("ml_program.token", results=[("token", Token)], traits=[PURE],
              format="attr-dict", infer={"token": lambda known, attrs: TOKEN})

ML_PROGRAM = Dialect("ml_program", [FUNC, SUBGRAPH, RETURN, OUTPUT, GLOBAL, GLOBAL_LOAD,
                                    GLOBAL_LOAD_CONST, GLOBAL_STORE, GLOBAL_LOAD_GRAPH,
                                    GLOBAL_STORE_GRAPH, TOKEN_OP],
                     parse_type=_parse_type, parse_attr=_parse_attr)
