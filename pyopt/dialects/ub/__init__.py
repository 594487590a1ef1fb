"""The ub dialect (MLIR 19 UBOps.td): `ub.poison` and its `#ub.poison` attribute."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr
from pyopt.ir.constraints import AttrConstraint, AnyType
from pyopt.ir.opdef import Dialect, Op, PURE, CONSTANT_LIKE


class PoisonAttr(DialectAttr):
    """`#ub.poison`: the value of a poisoned constant."""
    __slots__ = ()

    def asm(self, p):
        return "#ub.poison"


POISON = PoisonAttr()


class PoisonAttrC(AttrConstraint):
    """PoisonAttrInterface; the op format spells the full attribute (`<#ub.poison>`)."""
    summary = "PoisonAttrInterface instance"

    def check(self, a):
        return isinstance(a, PoisonAttr)

    def parse_format(self, parser):
        off = parser.start
        a = parser.parse_attribute()
        if not isinstance(a, PoisonAttr):
            raise parser.custom_error("invalid kind of attribute specified", off)
        return a


def _parse_attr(parser, mnemonic, offset):
    if mnemonic != "poison":
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `ub`", offset + 4)
    return POISON


POISON_OP = Op("ub.poison", results=[("result", AnyType)],
               attrs={"value": PoisonAttrC().with_default(POISON)}, traits=[CONSTANT_LIKE, PURE],
               format="attr-dict (`<` $value^ `>`)? `:` type($result)")

UB = Dialect("ub", [POISON_OP], parse_attr=_parse_attr)


def _materialize_constant(rewriter, attr, type_, loc):
    """UBDialect::materializeConstant: ub.poison for a poison attribute."""
    if isinstance(attr, PoisonAttr):
        return rewriter.create("ub.poison", result_types=[type_], properties={"value": attr},
                               loc=loc)
    return None


UB.materialize_constant = _materialize_constant
