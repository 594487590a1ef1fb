"""The linalg dialect's enum attributes: `#linalg.iterator_type<parallel>` and the scalar
function kinds named ops take as attributes (`#linalg.type_fn<cast_unsigned>`,
`#linalg.unary_fn<exp>`, `#linalg.binary_fn<add>`, `#linalg.ternary_fn<select>`)."""
from __future__ import annotations

from pyopt.ir.constraints import ArrayAttrC, DialectAttrC
from pyopt.ir.enums import KeywordEnumAttr


class _LinalgEnum(KeywordEnumAttr):
    __slots__ = ()
    DIALECT = "linalg"


class IteratorTypeAttr(_LinalgEnum):
    __slots__ = ()
    MNEMONIC = "iterator_type"
    CASES = ("parallel", "reduction")
    ATTR_DEF = "IteratorTypeEnum"
    CPP = "::mlir::utils::IteratorType"


class UnaryFnAttr(_LinalgEnum):
    __slots__ = ()
    MNEMONIC = "unary_fn"
    CASES = ("exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt",
             "rsqrt", "square", "tanh", "erf")
    ATTR_DEF = "UnaryFnAttr"
    CPP = "::mlir::linalg::UnaryFn"


class BinaryFnAttr(_LinalgEnum):
    __slots__ = ()
    MNEMONIC = "binary_fn"
    CASES = ("add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed",
             "max_unsigned", "min_unsigned", "powf")
    ATTR_DEF = "BinaryFnAttr"
    CPP = "::mlir::linalg::BinaryFn"


class TernaryFnAttr(_LinalgEnum):
    __slots__ = ()
    MNEMONIC = "ternary_fn"
    CASES = ("select",)
    ATTR_DEF = "TernaryFnAttr"
    CPP = "::mlir::linalg::TernaryFn"


class TypeFnAttr(_LinalgEnum):
    __slots__ = ()
    MNEMONIC = "type_fn"
    CASES = ("cast_signed", "cast_unsigned")
    ATTR_DEF = "TypeFnAttr"
    CPP = "::mlir::linalg::TypeFn"


PARALLEL = IteratorTypeAttr(0)
REDUCTION = IteratorTypeAttr(1)
IteratorTypeArrayC = ArrayAttrC(DialectAttrC(IteratorTypeAttr, "Iterator type"),
                                "Iterator type should be an enum.")
FN_ATTRS = {"unary_fn": UnaryFnAttr, "binary_fn": BinaryFnAttr, "ternary_fn": TernaryFnAttr,
            "type_fn": TypeFnAttr}
_MNEMONICS = {c.MNEMONIC: c for c in (IteratorTypeAttr, *FN_ATTRS.values())}


def parse_linalg_attr(parser, mnemonic, offset):
    cls = _MNEMONICS.get(mnemonic)
    if cls is None:
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `linalg`",
                           offset + len("#linalg."))
    return cls.parse_stripped(parser, custom=False)
