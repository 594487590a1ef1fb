"""Attributes of the vector dialect (VectorAttributes.td): `#vector.kind<...>` (a bit enum),
`#vector.iterator_type<...>` and `#vector.punctuation<...>` (plain enums), plus the
constraints ops use to spell them."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import I64
from pyopt.ir.constraints import ArrayAttrC, AttrConstraint, DialectAttrC
from pyopt.ir.enums import BitEnum, BitEnumAttr, KeywordEnumAttr

# ---------------------------------------------------------------------------- combining kind
_KIND_NAMES = ["add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and",
               "or", "xor", "minimumf", "maximumf"]
COMBINING_KIND = BitEnum("::mlir::vector::CombiningKind", "Vector_CombiningKindAttr",
                         [(k, 1 << i) for i, k in enumerate(_KIND_NAMES)], separator="|")
KIND = {k: 1 << i for i, k in enumerate(_KIND_NAMES)}


class CombiningKindAttr(BitEnumAttr):
    __slots__ = ()
    PREFIX = "#vector.kind"
    ENUM = COMBINING_KIND

    @property
    def name(self):
        return COMBINING_KIND.stringify(self.value)


KIND_ADD = CombiningKindAttr(KIND["add"])
CombiningKindC = DialectAttrC(CombiningKindAttr, "Kind of combining function for contractions "
                                                 "and reductions")

_INT_KINDS = {"add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor"}
_FLOAT_KINDS = {"add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"}


def kind_supports(kind_attr, elem_type):
    """isSupportedCombiningKind: which element types a combining kind accepts."""
    from pyopt.ir.types import FloatType, IntegerType, IndexType
    name = kind_attr.name
    if isinstance(elem_type, (IntegerType, IndexType)):
        return name in _INT_KINDS
    if isinstance(elem_type, FloatType):
        return name in _FLOAT_KINDS
    return False


# ---------------------------------------------------------------------------- plain enums
class _EnumAttr(KeywordEnumAttr):
    """An EnumAttr of the vector dialect with the assembly format "`<` $value `>`"."""
    __slots__ = ()
    DIALECT = "vector"


class IteratorTypeAttr(_EnumAttr):
    __slots__ = ()
    MNEMONIC = "iterator_type"
    CASES = ("parallel", "reduction")
    ATTR_DEF = "Vector_IteratorTypeEnum"
    CPP = "::mlir::vector::IteratorType"


class PunctuationAttr(_EnumAttr):
    __slots__ = ()
    MNEMONIC = "punctuation"
    CASES = ("no_punctuation", "newline", "comma", "open", "close")
    ATTR_DEF = "Vector_PrintPunctuation"
    CPP = "::mlir::vector::PrintPunctuation"


PUNCT_NEWLINE = PunctuationAttr(1)
PunctuationC = DialectAttrC(PunctuationAttr, "Punctuation for separating vectors or vector "
                                             "elements")
IteratorTypeArrayC = ArrayAttrC(DialectAttrC(IteratorTypeAttr, "iterator type"),
                                "Iterator type should be an enum.")

_MNEMONICS = {"kind": CombiningKindAttr, "iterator_type": IteratorTypeAttr,
              "punctuation": PunctuationAttr}


def parse_vector_attr(parser, mnemonic, offset):
    cls = _MNEMONICS.get(mnemonic)
    if cls is None:
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `vector`",
                           offset + len("#vector."))
    return cls.parse_stripped(parser, custom=False)


# ---------------------------------------------------------------------------- I64ArrayAttr
class I64ArrayC(AttrConstraint):
    """I64ArrayAttr: an ArrayAttr of i64 integers, spelled `[1, 2]` in formats."""
    summary = "64-bit integer array attribute"

    def check(self, a):
        return type(a) is ArrayAttr and all(type(x) is IntegerAttr and x.type is I64
                                            for x in a)

    def parse_optional_format(self, parser):
        return parser.parse_array_attr() if parser.peek_is("[") else None


I64ArrayAttrC = I64ArrayC()


def i64_array(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


def ints(a):
    """The integers of an I64ArrayAttr."""
    return [x.value for x in a] if a is not None else []
