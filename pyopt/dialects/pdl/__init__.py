"""The pdl dialect (MLIR 19 PDLOps.td): rewrite patterns written as IR. A `pdl.pattern` holds
a DAG of pdl.operation / operand / type / attribute / result ops describing the IR to match
and ends with a `pdl.rewrite` naming its root. Types `!pdl.operation`, `!pdl.value`,
`!pdl.type`, `!pdl.attribute` and `!pdl.range<T>`. Here for transform.with_pdl_patterns /
transform.pdl_match: matcher.py matches a pattern against payload ops (the rewrite side is
not interpreted; the transform dialect only matches)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, StringAttr
from pyopt.ir.constraints import (AnyAttr, ArrayAttrC, BoolAttrConstraint, ConfinedAttrC,
                                  IntAttrC, I32Attr, StrAttr, SymbolNameAttr, TypeAttrAny,
                                  TypeConstraint)
from pyopt.ir.opdef import (ATTR_SIZED_OPERANDS, ISOLATED, NO_TERMINATOR, PURE, SINGLE_BLOCK, SYMBOL,
                            TERMINATOR, Dialect, Op)
from pyopt.ir.types import DialectType, IntegerType
from pyopt.ir.verify_invariants import op_error


# ---------------------------------------------------------------------------- types
class PDLType(DialectType):
    __slots__ = ("kind",)

    def __init__(self, kind):
        self.kind = kind

    def asm(self, p):
        return "!pdl." + self.kind


class RangeType(DialectType):
    __slots__ = ("element",)

    def __init__(self, element):
        self.element = element

    def asm(self, p):
        return f"!pdl.range<{self.element.kind}>"


ATTRIBUTE, OPERATION, TYPE, VALUE = (PDLType(k) for k in ("attribute", "operation", "type",
                                                          "value"))
_KINDS = {t.kind: t for t in (ATTRIBUTE, OPERATION, TYPE, VALUE)}
TYPE_RANGE, VALUE_RANGE = RangeType(TYPE), RangeType(VALUE)


def _parse_type(parser, mnemonic, offset):
    t = _KINDS.get(mnemonic)
    if t is not None:
        return t
    if mnemonic == "range":
        parser.expect("<")
        kw = parser.parse_keyword("expected pdl element type")
        elem = _KINDS.get(kw)
        if elem is None:
            raise parser.error(f"expected pdl element type for range, but got: {kw}", offset)
        parser.expect(">")
        return RangeType(elem)
    raise parser.error(f"unknown type `{mnemonic}` in dialect `pdl`", offset + len("!pdl."))


def _pdl(*types, summary):
    ok = set(types)
    return TypeConstraint(lambda t: t in ok, summary,
                          buildable=types[0] if len(types) == 1 else None)


PDLAny = TypeConstraint(lambda t: isinstance(t, (PDLType, RangeType)), "pdl type")
PDLAttribute = _pdl(ATTRIBUTE, summary="PDL handle to an `mlir::Attribute`")
PDLOperation = _pdl(OPERATION, summary="PDL handle to an `mlir::Operation *`")
PDLTypeC = _pdl(TYPE, summary="PDL handle to an `mlir::Type`")
PDLValue = _pdl(VALUE, summary="PDL handle for an `mlir::Value`")
TypeOrRange = _pdl(TYPE, TYPE_RANGE, summary="single element or range of PDL handle to an "
                                             "`mlir::Type`")
ValueOrRange = _pdl(VALUE, VALUE_RANGE, summary="single element or range of PDL handle for "
                                                "an `mlir::Value`")
TypeRange = _pdl(TYPE_RANGE, summary="range of PDL handle to an `mlir::Type` values")
ValueRangeC = _pdl(VALUE_RANGE, summary="range of PDL handle for an `mlir::Value` values")
Benefit = ConfinedAttrC(IntAttrC(IntegerType(16), "16-bit signless integer attribute"),
                        lambda a: a.value >= 0, "16-bit signless integer attribute whose "
                                                "value is non-negative")
StrArrayAttr = ArrayAttrC(StrAttr, "string array attribute")
TypeArrayAttr = ArrayAttrC(TypeAttrAny, "type array attribute")


# ---------------------------------------------------------------------------- custom syntax
def _parse_op_attributes(p, ctx, values_el, names_el, optional=False):
    """`{"name" = %attr, ...}` (optional)."""
    values, names = [], []
    if p.accept("{"):
        while True:
            names.append(StringAttr(p.parse_string("expected string")))
            p.expect("=")
            values.append(p.parse_operand())
            if not p.accept(","):
                break
        p.expect("}")
    ctx.set(values_el, values)
    from pyopt.ir.attributes import ArrayAttr
    ctx.set(names_el, ArrayAttr(names))


def _print_op_attributes(pr, op, values, names):
    # (as 19's printer: its own leading space, none when empty: two spaces / a trailing one)
    if values:
        pr.out.append(" {" + ", ".join(f'"{n.value}" = {pr.value(v)}'
                                  for n, v in zip(names, values)) + "}")


def _parse_results_type(p, ctx, index_el, val_t_el, optional=False):
    """`-> type` after an indexed pdl.results; without index the type is a value range."""
    if ctx.get(index_el) is None:
        ctx.set(val_t_el, VALUE_RANGE)
        return
    p.expect("->")
    ctx.set(val_t_el, p.parse_type())


def _print_results_type(pr, op, index, val_t):
    if index is not None:  # (with its own leading space, as 19's)
        pr.out.append(" -> " + pr.type_str(val_t))


# ---------------------------------------------------------------------------- verifiers
def _in_rewrite(op):
    p = op.parent_op
    return p is not None and p.name == "pdl.rewrite"


def _verify_pattern(op):
    body = op.bodyRegion.blocks[0]
    term = body.last
    if term is None or term.name != "pdl.rewrite":
        raise op_error(op, "expected body to terminate with `pdl.rewrite`")
    if not any(o.name == "pdl.operation" for o in body.ops):
        raise op_error(op, "the pattern must contain at least one `pdl.operation`")


def _verify_rewrite(op):
    external = op.properties.get("name") is not None
    if not op.bodyRegion.blocks and not external:
        raise op_error(op, "expected rewrite region to be non-empty if external name is not "
                           "specified")
    if op.bodyRegion.blocks and external:
        raise op_error(op, "expected rewrite region to be empty when rewrite is external")


def _has_binding_use(op):
    """A user other than pdl.result(s), or a pdl.result(s) user that is itself bound."""
    return any(u.owner.name not in ("pdl.result", "pdl.results") or _has_binding_use(u.owner)
               for r in op.results for u in r.uses())


def _verify_binding_use(op):
    """Ops of the matcher body must be bound by some user."""
    p = op.parent_op
    if p is not None and p.name == "pdl.pattern" and not _has_binding_use(op):
        raise op_error(op, "expected a bindable user when defined in the matcher body of a "
                           "`pdl.pattern`")


def _verify_attribute(op):
    value = op.properties.get("value")
    if value is None:
        if _in_rewrite(op):
            raise op_error(op, "expected constant value when specified within a "
                               "`pdl.rewrite`")
        _verify_binding_use(op)
    elif op.valueType is not None:
        raise op_error(op, "expected only one of [`type`, `value`] to be set")


def _verify_type_like(op):
    if _in_rewrite(op) and not op.properties.get("constantType" if op.name == "pdl.type"
                                                 else "constantTypes"):
        raise op_error(op, "expected constant type to be set when defined in a `pdl.rewrite`")


# ---------------------------------------------------------------------------- ops
OPS = [
    Op("pdl.apply_native_constraint", operands=[("args", PDLAny, "*")],
       results=[("results", PDLAny, "*")],
       attrs={"name": StrAttr,
              "isNegated": BoolAttrConstraint.with_default(BoolAttr(False))},
       format="$name `(` $args `:` type($args) `)` (`:`  type($results)^ )? attr-dict"),
    Op("pdl.apply_native_rewrite", operands=[("args", PDLAny, "*")],
       results=[("results", PDLAny, "*")], attrs={"name": StrAttr},
       format="$name (`(` $args^ `:` type($args) `)`)? (`:` type($results)^)? attr-dict"),
    Op("pdl.attribute", operands=[("valueType", PDLTypeC, "?")],
       results=[("attr", PDLAttribute)], attrs={"value": AnyAttr().opt()},
       format="(`:` $valueType^)? (`=` $value^)? attr-dict-with-keyword",
       verify=_verify_attribute),
    Op("pdl.erase", operands=[("opValue", PDLOperation)], format="$opValue attr-dict"),
    Op("pdl.operand", operands=[("valueType", PDLTypeC, "?")], results=[("value", PDLValue)],
       format="(`:` $valueType^)? attr-dict", verify=_verify_binding_use),
    Op("pdl.operands", operands=[("valueType", TypeRange, "?")],
       results=[("value", ValueRangeC)], format="(`:` $valueType^)? attr-dict",
       verify=_verify_binding_use),
    Op("pdl.operation", operands=[("operandValues", ValueOrRange, "*"),
                                  ("attributeValues", PDLAttribute, "*"),
                                  ("typeValues", TypeOrRange, "*")],
       results=[("op", PDLOperation)],
       attrs={"opName": StrAttr.opt(), "attributeValueNames": StrArrayAttr},
       traits=[ATTR_SIZED_OPERANDS],
       format="($opName^)? (`(` $operandValues^ `:` type($operandValues) `)`)? "
              "custom<OperationOpAttributes>($attributeValues, $attributeValueNames) "
              "(`->` `(` $typeValues^ `:` type($typeValues) `)`)? attr-dict",
       custom_directives={"OperationOpAttributes": (_parse_op_attributes,
                                                    _print_op_attributes)},
       verify=_verify_binding_use),
    Op("pdl.pattern", attrs={"benefit": Benefit, "sym_name": SymbolNameAttr.opt()},
       regions=["bodyRegion"], traits=[ISOLATED, SYMBOL, SINGLE_BLOCK],
       default_dialect="pdl",
       format="($sym_name^)? `:` `benefit` `(` $benefit `)` attr-dict-with-keyword "
              "$bodyRegion", verify_regions=_verify_pattern),
    Op("pdl.replace", operands=[("opValue", PDLOperation), ("replOperation", PDLOperation, "?"),
                                ("replValues", ValueOrRange, "*")],
       traits=[ATTR_SIZED_OPERANDS],
       format="$opValue `with` (`(` $replValues^ `:` type($replValues) `)`)? "
              "($replOperation^)? attr-dict"),
    Op("pdl.result", operands=[("parent", PDLOperation)], results=[("val", PDLValue)],
       attrs={"index": I32Attr}, traits=[PURE], format="$index `of` $parent attr-dict"),
    Op("pdl.results", operands=[("parent", PDLOperation)], results=[("val", ValueOrRange)],
       attrs={"index": I32Attr.opt()}, traits=[PURE],
       format="($index^)? `of` $parent custom<ResultsValueType>(ref($index), type($val)) "
              "attr-dict",
       custom_directives={"ResultsValueType": (_parse_results_type, _print_results_type)}),
    Op("pdl.rewrite", operands=[("root", PDLOperation, "?"), ("externalArgs", PDLAny, "*")],
       attrs={"name": StrAttr.opt()}, regions=["bodyRegion"],
       traits=[ATTR_SIZED_OPERANDS, TERMINATOR, NO_TERMINATOR], default_dialect="pdl",
       format="($root^)? (`with` $name^ (`(` $externalArgs^ `:` type($externalArgs) `)`)?)? "
              "($bodyRegion^)? attr-dict-with-keyword", verify_regions=_verify_rewrite),
    Op("pdl.type", results=[("result", PDLTypeC)], attrs={"constantType": TypeAttrAny.opt()},
       format="attr-dict (`:` $constantType^)?", verify=_verify_type_like),
    Op("pdl.types", results=[("result", TypeRange)],
       attrs={"constantTypes": TypeArrayAttr.opt()},
       format="attr-dict (`:` $constantTypes^)?", verify=_verify_type_like),
]

PDL = Dialect("pdl", OPS, parse_type=_parse_type)
__all__ = ["PDL", "ATTRIBUTE", "OPERATION", "TYPE", "VALUE", "RangeType"]
