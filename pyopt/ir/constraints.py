"""Type and attribute constraints: the vocabulary op declarations are written in.

A TypeConstraint is a predicate with MLIR's summary text (used verbatim in verifier messages,
"operand #0 must be <summary>, but got 'f32'") and, when it admits exactly one type, that type
(`buildable`), which lets formats omit it. An AttrConstraint additionally knows how the
declarative format spells the attribute (bare integer, keyword enum, `@symbol`, ...).
"""
from __future__ import annotations

from pyopt.ir.types import (IntegerType, FloatType, VectorType, RankedTensorType, UnrankedTensorType,
                        MemRefType, UnrankedMemRefType, ComplexType, ShapedType,
                        BaseMemRefType, FunctionType, TupleType, NoneType, I1, I32, I64,
                        INDEX, F32, F64)
from pyopt.ir.attributes import (keyword_or_string, IntegerAttr, FloatAttr, StringAttr, UnitAttr, ArrayAttr, DictionaryAttr,
                             TypeAttr, SymbolRefAttr, DenseArrayAttr, DenseElementsAttr, DenseStringElementsAttr,
                             DenseResourceElementsAttr, SparseElementsAttr,
                             AffineMapAttr, symbol_name_str, is_typed_attr)


# ============================================================================ types
class TypeConstraint:
    __slots__ = ("pred", "summary", "buildable", "stripped", "type_class")

    def __init__(self, pred, summary, buildable=None, stripped=False, type_class=None):
        self.pred = pred
        self.summary = summary
        self.buildable = buildable
        self.stripped = stripped
        # ODS cppType: a format's `type($x)` parses only this class ("invalid kind of type")
        self.type_class = type_class

    def __call__(self, t) -> bool:
        return self.pred(t)

    def __or__(self, other):
        return TypeConstraint(lambda t, a=self.pred, b=other.pred: a(t) or b(t),
                              f"{self.summary} or {other.summary}")


def _is_signless_int(t):
    return type(t) is IntegerType and t.signedness == 0


def _elem(t):
    return t.element_type if isinstance(t, (VectorType, RankedTensorType, UnrankedTensorType)) \
        else None


def like(scalar_pred, summary_scalar, summary_like):
    """`X-like`: X, or a vector/tensor of X."""
    def pred(t):
        if scalar_pred(t):
            return True
        e = _elem(t)
        return e is not None and scalar_pred(e)
    return TypeConstraint(pred, summary_like)


AnyType = TypeConstraint(lambda t: True, "any type")
Index = TypeConstraint(lambda t: t is INDEX, "index", INDEX, type_class=type(INDEX))
I1T = TypeConstraint(lambda t: t is I1, "1-bit signless integer", I1, type_class=IntegerType)
I32T = TypeConstraint(lambda t: t is I32, "32-bit signless integer", I32,
                     type_class=IntegerType)
I64T = TypeConstraint(lambda t: t is I64, "64-bit signless integer", I64,
                     type_class=IntegerType)
AnyInteger = TypeConstraint(lambda t: type(t) is IntegerType, "integer", type_class=IntegerType)
AnySignlessInteger = TypeConstraint(_is_signless_int, "signless integer", type_class=IntegerType)
AnyFloat = TypeConstraint(lambda t: type(t) is FloatType, "floating-point", type_class=FloatType)
F32T = TypeConstraint(lambda t: t is F32, "32-bit float", F32, type_class=FloatType)
F64T = TypeConstraint(lambda t: t is F64, "64-bit float", F64, type_class=FloatType)
SignlessIntegerOrIndex = TypeConstraint(lambda t: _is_signless_int(t) or t is INDEX,
                                        "signless integer or index")
SignlessIntegerLike = like(lambda t: _is_signless_int(t) or t is INDEX, "",
                           "signless-integer-like")
SignlessIntegerOrIndexLike = SignlessIntegerLike
FloatLike = like(lambda t: type(t) is FloatType, "", "floating-point-like")
BoolLike = like(lambda t: t is I1, "", "bool-like")
AnyComplex = TypeConstraint(lambda t: type(t) is ComplexType, "complex-type",
                            type_class=ComplexType)
AnyVector = TypeConstraint(lambda t: type(t) is VectorType, "vector of any type values")
AnyTensor = TypeConstraint(lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)),
                           "tensor of any type values")
AnyRankedTensor = TypeConstraint(lambda t: type(t) is RankedTensorType,
                                 "ranked tensor of any type values")
AnyMemRef = TypeConstraint(lambda t: isinstance(t, BaseMemRefType),
                           "ranked or unranked memref of any type values")
AnyRankedMemRef = TypeConstraint(lambda t: type(t) is MemRefType, "memref of any type values")
AnyUnrankedMemRef = TypeConstraint(lambda t: type(t) is UnrankedMemRefType,
                                   "unranked.memref of any type values")
AnyShaped = TypeConstraint(lambda t: isinstance(t, ShapedType), "shaped of any type values")
NoneTypeC = TypeConstraint(lambda t: type(t) is NoneType, "none type")
AnyTuple = TypeConstraint(lambda t: type(t) is TupleType, "tuple")


def one_of(*cs, summary=None):
    return TypeConstraint(lambda t: any(c.pred(t) for c in cs),
                          summary or " or ".join(c.summary for c in cs))


# ============================================================================ attributes
class AttrConstraint:
    """How an attribute is checked, defaulted and spelled inside a declarative format."""
    summary = "any attribute"
    default = None
    optional = False
    is_unit = False

    def check(self, a) -> bool:
        return True

    # format spelling (MLIR: printAttributeWithoutType / printStrippedAttrOrType / printAttribute)
    def print_format(self, p, a) -> str:
        return p.attr_str(a)

    def parse_format(self, parser):
        return parser.parse_attribute()

    def parse_optional_format(self, parser):
        return parser.parse_optional_attribute()

    # modifiers
    def opt(self):
        c = _Wrapped(self)
        c.optional = True
        return c

    def with_default(self, value):
        c = _Wrapped(self)
        c.default = value
        return c


class _Wrapped(AttrConstraint):
    def __init__(self, inner):
        self.inner = inner
        self.summary = inner.summary
        self.is_unit = inner.is_unit
        self.default = inner.default
        self.optional = inner.optional

    def check(self, a):
        return self.inner.check(a)

    def print_format(self, p, a):
        return self.inner.print_format(p, a)

    def parse_format(self, parser):
        return self.inner.parse_format(parser)

    def parse_optional_format(self, parser):
        return self.inner.parse_optional_format(parser)

    def __getattr__(self, name):
        return getattr(self.inner, name)


class AnyAttr(AttrConstraint):
    pass


class TypedAttr(AttrConstraint):
    summary = "TypedAttr instance"

    def check(self, a):
        return is_typed_attr(a)


class IntAttrC(AttrConstraint):
    """IntegerAttr of one integer type; the format writes the bare number."""

    def __init__(self, type_, summary):
        self.type = type_
        self.summary = summary

    def check(self, a):
        return type(a) is IntegerAttr and a.type is self.type

    def print_format(self, p, a):
        return a.asm(p, elide_type=True)

    def parse_format(self, parser):
        return parser.parse_number_attr(self.type)

    def parse_optional_format(self, parser):
        if parser.kind == "int" or parser.peek_is("-"):
            return self.parse_format(parser)
        return None


class AnyIntAttrC(AttrConstraint):
    summary = "arbitrary integer attribute"

    def check(self, a):
        return type(a) is IntegerAttr


class FloatAttrC(AttrConstraint):
    def __init__(self, type_, summary):
        self.type = type_
        self.summary = summary

    def check(self, a):
        return type(a) is FloatAttr and (self.type is None or a.type is self.type)

    def print_format(self, p, a):
        return a.asm(p, elide_type=True) if self.type is not None else p.attr_str(a)

    def parse_format(self, parser):
        return parser.parse_number_attr(self.type)


class BoolAttrC(AttrConstraint):
    summary = "bool attribute"

    def check(self, a):
        return type(a) is IntegerAttr and a.type is I1

    def parse_format(self, parser):
        return parser.parse_attribute(I1)  # ODS parses it as an i1 (`1` is true)


class StrAttrC(AttrConstraint):
    summary = "string attribute"

    def check(self, a):
        return type(a) is StringAttr

    def parse_format(self, parser):
        if parser.kind == "string":  # ODS passes a NoneType: no `: type` suffix is read
            return StringAttr(parser.parse_string())
        off = parser.start
        a = parser.parse_optional_attribute()
        if type(a) is not StringAttr:
            raise parser.error("expected string", off) if a is None else \
                parser.error("invalid kind of attribute specified", off)
        return a

    def parse_optional_format(self, parser):
        if parser.kind == "string":
            return StringAttr(parser.parse_string())
        return None


class SymbolNameAttrC(StrAttrC):
    summary = "string attribute"

    def print_format(self, p, a):
        return symbol_name_str(a.value)

    def parse_format(self, parser):
        return StringAttr(parser.parse_symbol_name())

    def parse_optional_format(self, parser):
        if parser.kind == "at":
            return self.parse_format(parser)
        return None


class SymbolRefAttrC(AttrConstraint):
    def __init__(self, flat=True):
        self.flat = flat
        self.summary = "flat symbol reference attribute" if flat else "symbol reference attribute"

    def check(self, a):
        return type(a) is SymbolRefAttr and (not self.flat or not a.nested)

    def parse_format(self, parser):
        off = parser.start
        a = parser.parse_symbol_ref() if parser.kind == "at" else parser.parse_attribute()
        if not self.check(a):  # MLIR's typed parseAttribute
            raise parser.custom_error("invalid kind of attribute specified", off)
        return a

    def parse_optional_format(self, parser):
        return parser.parse_symbol_ref() if parser.kind == "at" else None


class UnitAttrC(AttrConstraint):
    summary = "unit attribute"
    is_unit = True

    def check(self, a):
        return type(a) is UnitAttr


class TypeAttrC(AttrConstraint):
    def __init__(self, constraint=None, summary="any type attribute"):
        self.constraint = constraint
        self.summary = summary

    def check(self, a):
        return type(a) is TypeAttr and (self.constraint is None or self.constraint(a.value))

    def print_format(self, p, a):
        return p.type_str(a.value)

    def parse_format(self, parser):
        return TypeAttr(parser.parse_type())

    def parse_optional_format(self, parser):
        t = parser.parse_optional_type()
        return TypeAttr(t) if t is not None else None


class ArrayAttrC(AttrConstraint):
    def __init__(self, elem=None, summary="array attribute"):
        self.elem = elem
        self.summary = summary

    def check(self, a):
        return type(a) is ArrayAttr and (self.elem is None or all(self.elem.check(x) for x in a))

    def parse_optional_format(self, parser):
        return parser.parse_array_attr() if parser.peek_is("[") else None


class DictAttrC(AttrConstraint):
    summary = "dictionary of named attribute values"

    def check(self, a):
        return type(a) is DictionaryAttr


class DenseArrayC(AttrConstraint):
    """DenseI64ArrayAttr & co: the format spells it `[1, 2, 3]`."""

    def __init__(self, elem_type, summary):
        self.elem_type = elem_type
        self.summary = summary

    def check(self, a):
        return type(a) is DenseArrayAttr and a.element_type is self.elem_type

    def print_format(self, p, a):
        from pyopt.ir.attributes import element_str
        return "[" + ", ".join(element_str(v, self.elem_type) for v in a.values) + "]"

    def parse_format(self, parser):
        vals = []
        parser.expect("[")
        if not parser.accept("]"):
            while True:
                if self.elem_type is I1 and parser.kind == "bare" and \
                        parser.tok in ("true", "false"):
                    vals.append(int(parser.parse_keyword() == "true"))
                    if not parser.accept(","):
                        break
                    continue
                a = parser.parse_number_attr(self.elem_type)
                vals.append(a.bits if type(self.elem_type) is FloatType else a.value)
                if not parser.accept(","):
                    break
            parser.expect("]")
        return DenseArrayAttr(self.elem_type, vals)

    def parse_optional_format(self, parser):
        return self.parse_format(parser) if parser.peek_is("[") else None


class ElementsAttrC(AttrConstraint):
    summary = "constant vector/tensor attribute"

    def check(self, a):
        return isinstance(a, (DenseElementsAttr, DenseStringElementsAttr,
                              DenseResourceElementsAttr, SparseElementsAttr))


class AffineMapAttrC(AttrConstraint):
    summary = "AffineMap attribute"

    def check(self, a):
        return type(a) is AffineMapAttr


class IntEnum:
    """An enum spelled as a keyword (I64EnumAttr / I32EnumAttr): stored as an IntegerAttr."""

    def __init__(self, name, cases, int_type=I64, summary=None):
        self.name = name
        self.cases = list(cases)  # index = value, unless given as (keyword, value) pairs
        if self.cases and isinstance(self.cases[0], tuple):
            self.by_kw = dict(self.cases)
        else:
            self.by_kw = {k: i for i, k in enumerate(self.cases)}
        self.by_val = {v: k for k, v in self.by_kw.items()}
        self.int_type = int_type
        self.summary = summary or name

    def attr(self, keyword):
        return IntegerAttr(self.int_type, self.by_kw[keyword])

    def keyword(self, a):
        return self.by_val.get(a.value)


class IntEnumAttrC(AttrConstraint):
    def __init__(self, enum: IntEnum):
        self.enum = enum
        self.summary = enum.summary

    def check(self, a):
        return type(a) is IntegerAttr and a.type is self.enum.int_type and \
            a.value in self.enum.by_val

    def print_format(self, p, a):
        kw = self.enum.keyword(a)
        if kw is None:
            return str(a.value)
        return keyword_or_string(kw) if kw else kw

    def parse_format(self, parser):
        off = parser.start
        name = getattr(parser, "attr_name_hint", "")
        # ODS accepts one of the case keywords, or any string naming a case.
        if parser.kind == "bare" and parser.tok in self.enum.by_kw:
            return IntegerAttr(self.enum.int_type, self.enum.by_kw[parser.parse_keyword()])
        if parser.kind != "string":
            raise parser.custom_error(f"expected string or keyword containing one of the "
                                      f"following enum values for attribute '{name}' "
                                      f"[{', '.join(self.enum.by_kw)}]", off)
        kw = parser.parse_string()
        v = self.enum.by_kw.get(kw)
        if v is None:
            raise parser.custom_error(f'invalid {name} attribute specification: "{kw}"', off)
        return IntegerAttr(self.enum.int_type, v)

    def parse_optional_format(self, parser):
        if (parser.kind == "bare" and parser.tok in self.enum.by_kw) or \
                (parser.kind == "string" and parser.string_value() in self.enum.by_kw):
            return self.parse_format(parser)  # a keyword, or a string naming a case
        return None


class DialectAttrC(AttrConstraint):
    """An attribute class of a dialect; the format prints it stripped of `#dialect.mnemonic`."""

    def __init__(self, cls, summary):
        self.cls = cls
        self.summary = summary

    def check(self, a):
        return isinstance(a, self.cls)

    def print_format(self, p, a):
        return a.asm_stripped(p)

    def parse_format(self, parser):
        if parser.kind == "hash":  # parseCustomAttributeWithFallback: the full form too
            off = parser.start
            a = parser.parse_attribute()
            if not isinstance(a, self.cls):
                raise parser.custom_error("invalid kind of attribute specified", off)
            return a
        return self.cls.parse_stripped(parser)

    def parse_optional_format(self, parser):
        if parser.peek_is("<") or parser.kind == "hash":
            return self.parse_format(parser)
        return None


I64Attr = IntAttrC(I64, "64-bit signless integer attribute")
I32Attr = IntAttrC(I32, "32-bit signless integer attribute")
I1Attr = IntAttrC(I1, "1-bit signless integer attribute")
IndexAttr = IntAttrC(INDEX, "index attribute")
F32Attr = FloatAttrC(F32, "32-bit float attribute")
F64Attr = FloatAttrC(F64, "64-bit float attribute")
StrAttr = StrAttrC()
SymbolNameAttr = SymbolNameAttrC()
FlatSymbolRefAttr = SymbolRefAttrC(True)
SymbolRefAttrAny = SymbolRefAttrC(False)
UnitAttrConstraint = UnitAttrC()
TypeAttrAny = TypeAttrC()
FunctionTypeAttr = TypeAttrC(lambda t: type(t) is FunctionType,
                             "type attribute of function type")
ArrayAttrAny = ArrayAttrC()
DictArrayAttr = ArrayAttrC(None, "Array of dictionary attributes")
DenseI64Array = DenseArrayC(I64, "i64 dense array attribute")
DenseI32Array = DenseArrayC(I32, "i32 dense array attribute")
DenseBoolArray = DenseArrayC(I1, "i1 dense array attribute")
BoolAttrConstraint = BoolAttrC()


class ConfinedAttrC(AttrConstraint):
    """ConfinedAttr: `inner` plus a predicate on the attribute; `summary` is the whole
    constraint summary of the diagnostics. The format spelling is `inner`'s."""

    def __init__(self, inner, pred, summary):
        self.inner = inner
        self.pred = pred
        self.summary = summary

    def check(self, a):
        return self.inner.check(a) and self.pred(a)

    def print_format(self, p, a):
        return self.inner.print_format(p, a)

    def parse_format(self, parser):
        return self.inner.parse_format(parser)

    def parse_optional_format(self, parser):
        return self.inner.parse_optional_format(parser)
