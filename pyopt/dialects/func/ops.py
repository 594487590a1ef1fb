"""The func ops: func.func, func.return, func.call, func.call_indirect, func.constant, their
verifiers, the dialect's constant materializer and a builder for private declarations."""
from __future__ import annotations

from pyopt.ir.types import FunctionType
from pyopt.ir.verifier import op_error
from pyopt.ir.symbols import lookup_symbol
from pyopt.rewrite.matchers import defining
from pyopt.ir.constraints import (AnyType, SymbolNameAttr, FunctionTypeAttr, StrAttr, DictArrayAttr,
                          FlatSymbolRefAttr, UnitAttrConstraint, TypeConstraint)
from pyopt.ir.opdef import (Op, ISOLATED, SYMBOL, TERMINATOR, PURE, RETURN_LIKE,
                    CONSTANT_LIKE, AFFINE_SCOPE, AUTOMATIC_ALLOCATION_SCOPE)
from pyopt.syntax.function_syntax import parse_function_op, print_function_op


def _parse_func(p, state):
    parse_function_op(p, state)


def _print_func(pr, op):
    ft = op.properties["function_type"].value
    print_function_op(pr, op, ft.inputs, ft.results)


def _verify_func(op):
    ft = op.properties["function_type"].value
    body = op.regions[0]
    for key, n in (("arg_attrs", len(ft.inputs)), ("res_attrs", len(ft.results))):
        a = op.properties.get(key)
        if a is not None and len(a) != n:
            what = "arguments" if key == "arg_attrs" else "results"
            kind = "argument" if key == "arg_attrs" else "result"
            raise op_error(op, f"expects {kind} attribute array to have the same number of "
                           f"elements as the number of function {what}, got {len(a)}, but "
                           f"expected {n}")
        if a is not None:
            for d in a:
                if any("." not in name for name, _ in getattr(d, "value", ())):
                    raise op_error(op, ("arguments" if key == "arg_attrs" else "results") +
                                   " may only have dialect attributes")
    if not body.blocks:
        return
    entry = body.blocks[0]
    if len(entry.args) != len(ft.inputs):
        raise op_error(op, f"entry block must have {len(ft.inputs)} arguments to match function "
                       f"signature")
    for i, (a, t) in enumerate(zip(entry.args, ft.inputs)):
        if a.type is not t:
            raise op_error(op, f"type of entry block argument #{i}('{a.type}') must match the "
                           f"type of the corresponding argument in function signature('{t}')")


def _enclosing_func(op):
    p = op.parent_op
    return p if p is not None and p.name == "func.func" else None


def _verify_return(op):
    f = _enclosing_func(op)
    if f is None:
        return
    results = f.properties["function_type"].value.results
    name = f.properties["sym_name"].value
    ops = op.operands
    if len(ops) != len(results):
        raise op_error(op, f"has {len(ops)} operands, but enclosing function (@{name}) returns "
                       f"{len(results)}")
    for i, (v, t) in enumerate(zip(ops, results)):
        if v.type is not t:
            raise _plain(op, f"type of return operand {i} ('{v.type}') doesn't match function "
                         f"result type ('{t}') in function @{name}")


def _plain(op, msg):
    from pyopt.ir.verifier import plain_error
    return plain_error(op, msg)


def _verify_call(op):
    callee = op.properties["callee"]
    fn = lookup_symbol(op, callee)
    if fn is None or fn.name != "func.func":
        raise op_error(op, f"'{callee.leaf}' does not reference a valid function")
    ft = fn.properties["function_type"].value
    ops = op.operands
    if len(ft.inputs) != len(ops):
        raise op_error(op, "incorrect number of operands for callee")
    for i, (v, t) in enumerate(zip(ops, ft.inputs)):
        if v.type is not t:
            raise op_error(op, f"operand type mismatch: expected operand type '{t}', but "
                           f"provided '{v.type}' for operand number {i}")
    if len(ft.results) != len(op.results):
        raise op_error(op, "incorrect number of results for callee")
    for i, (r, t) in enumerate(zip(op.results, ft.results)):
        if r.type is not t:
            raise op_error(op, f"result type mismatch at index {i}",
                           [(f"      op result types: {_types(op.result_types)}", None),
                            (f"function result types: {_types(ft.results)}", None)])


def _types(ts):
    return ", ".join(f"'{t}'" for t in ts)


def _verify_constant(op):
    fn = lookup_symbol(op, op.properties["value"])
    name = op.properties["value"].leaf
    if fn is None or fn.name != "func.func":
        raise op_error(op, f"reference to undefined function '{name}'")
    if fn.properties["function_type"].value is not op.results[0].type:
        raise op_error(op, "reference to function with mismatched type")


FunctionTypeC = TypeConstraint(lambda t: type(t) is FunctionType, "function type")

FUNC = Op("func.func",
          attrs={"sym_name": SymbolNameAttr, "function_type": FunctionTypeAttr,
                 "sym_visibility": StrAttr.opt(), "arg_attrs": DictArrayAttr.opt(),
                 "res_attrs": DictArrayAttr.opt()},
          regions=["body"], traits=[ISOLATED, SYMBOL, AFFINE_SCOPE, AUTOMATIC_ALLOCATION_SCOPE],
          parse=_parse_func, print=_print_func, verify=_verify_func, default_dialect="func")

RETURN = Op("func.return", operands=[("operands", AnyType, "*")],
            traits=[PURE, TERMINATOR, RETURN_LIKE],
            format="attr-dict ($operands^ `:` type($operands))?", verify=_verify_return,
            parent=["func.func"])

CALL = Op("func.call", operands=[("operands", AnyType, "*")], results=[("results", AnyType, "*")],
          attrs={"callee": FlatSymbolRefAttr, "no_inline": UnitAttrConstraint.opt()},
          format="$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
          verify=_verify_call)

def _direct_known_callee(op, rewriter):
    """call_indirect of a func.constant becomes a direct func.call."""
    d = defining(op.callee, "func.constant")
    if d is None:
        return False
    rewriter.replace_op_with_new_op(op, "func.call", op.callee_operands, op.result_types,
                                    {"callee": d.properties["value"]})
    return True


CALL_INDIRECT = Op("func.call_indirect",
                   operands=[("callee", FunctionTypeC), ("callee_operands", AnyType, "*")],
                   results=[("results", AnyType, "*")],
                   format="$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
                   canonicalize=[_direct_known_callee])


def _call_indirect_parser(opdef):
    """Operand types of call_indirect come from the callee's function type."""
    def parse(p, state):
        callee = p.parse_operand()
        p.expect("(")
        args = p.parse_operand_list()
        p.expect(")")
        state.attributes.update(p.parse_optional_attr_dict())
        p.expect(":")
        off = p.start
        ft = p.parse_type()
        if not isinstance(ft, FunctionType):
            raise p.error("expected function type", off)
        state.operands = [p.resolve_operand(callee, ft)] + p.resolve_operands(args, ft.inputs,
                                                                                off)
        state.result_types = list(ft.results)
    opdef.parse = parse


_call_indirect_parser(CALL_INDIRECT)

CONSTANT = Op("func.constant", results=[("result", AnyType)],
              attrs={"value": FlatSymbolRefAttr}, traits=[PURE, CONSTANT_LIKE],
              format="attr-dict $value `:` type(results)", verify=_verify_constant,
              result_names=lambda op: [(0, "f")], fold=lambda op, operands: op.get_attr("value"))

OPS = [FUNC, RETURN, CALL, CALL_INDIRECT, CONSTANT]


def _materialize_constant(rewriter, attr, type_, loc):
    """FuncDialect::materializeConstant: func.constant for a symbol of function type."""
    from pyopt.ir.attributes import SymbolRefAttr
    if type(attr) is SymbolRefAttr and not attr.nested and type(type_) is FunctionType:
        return rewriter.create("func.constant", result_types=[type_],
                               properties={"value": attr}, loc=loc)
    return None


def declare_private_func(builder, table, name, inputs, results, attributes=None):
    """A private `func.func @name` declaration at the start of symbol table op `table` (as the
    library-call lowerings declare their callees); the builder's insertion point is kept."""
    from pyopt.ir.attributes import StringAttr, TypeAttr
    from pyopt.ir.core import Region
    from pyopt.ir.location import UNKNOWN_LOC
    ip = builder.save()
    builder.set_insertion_point_to_start(table.regions[0].blocks[0])
    decl = builder.create("func.func", regions=[Region()], loc=UNKNOWN_LOC, properties={
        "sym_name": StringAttr(name),
        "function_type": TypeAttr(FunctionType(list(inputs), list(results))),
        "sym_visibility": StringAttr("private")}, attributes=attributes)
    builder.restore(ip)
    return decl
