"""The index ops (MLIR 19 IndexOps.td): arithmetic on `index`, comparisons with the
`#index<cmp_predicate ...>` attribute, casts to and from integers, constants and sizeof.
The dialect is assembled in __init__.py; folders in folds.py, the canonicalization pattern in
canonicalize.py."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr
from pyopt.ir.types import IntegerType, INDEX
from pyopt.ir.constraints import (TypeConstraint, DialectAttrC, Index, I1T, IndexAttr,
                          BoolAttrConstraint)
from pyopt.ir.opdef import Op, PURE, COMMUTATIVE, CONSTANT_LIKE
from pyopt.dialects.arith.support import verify_cast_compatible
from pyopt.ir.enums import enum_param_error

CMP_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMP_BY_KW = {k: i for i, k in enumerate(CMP_PREDICATES)}
_ATTR_DEF, _CPP = "IndexCmpPredicateAttr", "::mlir::index::IndexCmpPredicate"


class CmpPredicateAttr(DialectAttr):
    """`#index<cmp_predicate slt>`; ops spell it as the bare keyword."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    @property
    def keyword(self):
        return CMP_PREDICATES[self.value]

    # The generated attribute printer writes a space before the value, which is why the op
    # format says "`` $pred": `index.cmp slt(...)`.
    def asm(self, p):
        return f"#index<cmp_predicate {self.keyword}>"

    def asm_stripped(self, p):
        return " " + self.keyword

    @classmethod
    def parse_stripped(cls, parser, custom=True):
        err = parser.custom_error if custom else parser.error
        off = parser.start
        if parser.kind != "bare":
            raise enum_param_error(err, parser, "expected valid keyword", off, _ATTR_DEF, _CPP)
        v = _CMP_BY_KW.get(parser.tok)
        parser._next()
        if v is None:
            raise enum_param_error(err, parser, f"expected {_CPP} to be one of: " +
                                   ", ".join(CMP_PREDICATES), off, _ATTR_DEF, _CPP)
        return cls(v)


class _CmpPredC(DialectAttrC):
    def parse_optional_format(self, parser):
        if parser.kind == "bare" and parser.tok in _CMP_BY_KW:
            return CmpPredicateAttr.parse_stripped(parser)
        return None


CmpPredC = _CmpPredC(CmpPredicateAttr, "index comparison predicate kind")


def _parse_attr(parser, mnemonic, offset):
    # `#index<cmp_predicate slt>`: the parser stands on `<`.
    if mnemonic == "cmp_predicate":  # `#index.cmp_predicate` has no room for the value
        raise enum_param_error(parser.error, parser, "expected valid keyword", parser.start,
                               _ATTR_DEF, _CPP)
    if mnemonic or not parser.peek_is("<"):
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `index`",
                           offset + len("#index."))
    parser._next()
    kw_off = parser.start
    kw = parser.parse_optional_keyword()
    if kw != "cmp_predicate":
        raise parser.error(f"unknown attribute `{kw or ''}` in dialect `index`", kw_off)
    a = CmpPredicateAttr.parse_stripped(parser, custom=False)
    parser.expect(">")
    return a


IntOrIndex = TypeConstraint(lambda t: type(t) is IntegerType or t is INDEX, "integer or index")

OPS = []


def _op(name, **kw):
    d = Op(name, **kw)
    OPS.append(d)
    return d


# Binary ops: (name, commutative, pure). Division/remainder may trap, so they are not Pure.
for _n, _comm, _pure in (("index.add", True, True), ("index.sub", False, True),
                         ("index.mul", True, True), ("index.divs", False, False),
                         ("index.divu", False, False), ("index.ceildivs", False, False),
                         ("index.ceildivu", False, False), ("index.floordivs", False, False),
                         ("index.rems", False, False), ("index.remu", False, False),
                         ("index.maxs", True, True), ("index.maxu", True, True),
                         ("index.mins", True, True), ("index.minu", True, True),
                         ("index.shl", False, True), ("index.shrs", False, True),
                         ("index.shru", False, True), ("index.and", True, True),
                         ("index.or", True, True), ("index.xor", True, True)):
    _op(_n, operands=[("lhs", Index), ("rhs", Index)], results=[("result", Index)],
        traits=([COMMUTATIVE] if _comm else []) + ([PURE] if _pure else ["NoMemoryEffect"]),
        format="$lhs `,` $rhs attr-dict")


def _cast_compatible(ins, outs):
    return (ins[0] is INDEX) != (outs[0] is INDEX)


def _verify_cast(op):
    verify_cast_compatible(op, _cast_compatible)


for _n in ("index.casts", "index.castu"):
    _op(_n, operands=[("input", IntOrIndex)], results=[("output", IntOrIndex)], traits=[PURE],
        format="$input attr-dict `:` type($input) `to` type($output)", verify=_verify_cast)

_op("index.cmp", operands=[("lhs", Index), ("rhs", Index)], results=[("result", I1T)],
    attrs={"pred": CmpPredC}, traits=[PURE],
    format="`` $pred `(` $lhs `,` $rhs `)` attr-dict")
_op("index.sizeof", results=[("result", Index)], traits=[PURE], format="attr-dict")
_op("index.constant", results=[("result", Index)], attrs={"value": IndexAttr},
    traits=[CONSTANT_LIKE, PURE], format="attr-dict $value",
    result_names=lambda op: [(0, f"idx{op.properties['value'].value}")])
_op("index.bool.constant", results=[("result", I1T)], attrs={"value": BoolAttrConstraint},
    traits=[CONSTANT_LIKE, PURE], format="attr-dict $value",
    result_names=lambda op: [(0, "true" if op.properties["value"].value else "false")])
