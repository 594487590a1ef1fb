"""Test ops whose only job is to check attribute constraints (integer, float, elements,
dense-array, enum and type attributes) as mlir-opt's test dialect declares them."""
from __future__ import annotations

import struct

from pyopt.ir.attributes import (IntegerAttr, StringAttr, ArrayAttr, TypeAttr, DenseArrayAttr,
                                 DenseElementsAttr, DenseStringElementsAttr)
from pyopt.ir.constraints import (AttrConstraint, AnyAttr, DenseArrayC, IntEnum, IntEnumAttrC,
                                  I32Attr, I64Attr, IndexAttr, TypeAttrC, I32T, I64T)
from pyopt.ir.opdef import Op
from pyopt.ir.types import (IntegerType, FloatType, RankedTensorType, VectorType, I1, I32, I64,
                            F32, F64)
from pyopt.dialects.test.ir_attrs import (EnumAttrC, TestEnumAttr, TestBitEnumAttr,
                                          TestBitEnumVBarAttr)


class PredAttr(AttrConstraint):
    """An attribute constraint given by a predicate and its summary; the format spelling is
    `inner`'s when given (ConfinedAttr keeps its base attribute's syntax)."""

    def __init__(self, pred, summary, inner=None):
        self.pred = pred
        self.summary = summary
        self.inner = inner

    def check(self, a):
        return (self.inner is None or self.inner.check(a)) and self.pred(a)

    def print_format(self, p, a):
        return self.inner.print_format(p, a) if self.inner else p.attr_str(a)

    def parse_format(self, parser):
        return self.inner.parse_format(parser) if self.inner else parser.parse_attribute()

    def parse_optional_format(self, parser):
        return self.inner.parse_optional_format(parser) if self.inner else \
            parser.parse_optional_attribute()


def _int_attr(width, signedness, summary):
    return PredAttr(lambda a: type(a) is IntegerAttr and type(a.type) is IntegerType
                    and a.type.width == width
                    and (signedness is None or a.type.signedness == signedness), summary)


def _confined_int(base, pred, what):
    return PredAttr(lambda a: pred(a.value), f"{base.summary} whose value is {what}", base)


def _dense_int(a, width, signless):
    t = a.type.element_type if type(a) is DenseElementsAttr else None
    return type(t) is IntegerType and t.width == width and (not signless or t.signedness == 0)


def _ranked_elems(elem, shape, summary):
    def pred(a):
        return (type(a) is DenseElementsAttr and a.type.element_type is elem
                and type(a.type) in (RankedTensorType, VectorType)
                and list(a.type.shape) == shape)
    return PredAttr(pred, f"{summary} of shape {list(shape)}")


# -- dense arrays ----------------------------------------------------------------------------
_I8, _I16 = IntegerType(8), IntegerType(16)
_ARRAYS = {t: DenseArrayC(t, f"{n} dense array attribute")
           for t, n in ((I1, "i1"), (_I8, "i8"), (_I16, "i16"), (I32, "i32"), (I64, "i64"),
                        (F32, "f32"), (F64, "f64"))}


def _array_values(a):
    et = a.element_type
    if type(et) is FloatType:
        fmt = "<f" if et is F32 else "<d"
        size = "<I" if et is F32 else "<Q"
        return [struct.unpack(fmt, struct.pack(size, v))[0] for v in a.values]
    return list(a.values)


def _confined_array(t, pred, what):
    base = _ARRAYS[t]
    return PredAttr(lambda a: pred(_array_values(a)), f"{base.summary} {what}", base)


def _sorted(strict):
    if strict:
        return lambda vs: all(x < y for x, y in zip(vs, vs[1:]))
    return lambda vs: all(x <= y for x, y in zip(vs, vs[1:]))


def _all(pred):
    return lambda vs: all(pred(v) for v in vs)


_POS = ("whose value is positive", _all(lambda v: v > 0))
_NONNEG = ("whose value is non-negative", _all(lambda v: v >= 0))


def _array_op(name, pos_or_nonneg):
    what, pred = pos_or_nonneg
    attrs = {f"{n}attr": _confined_array(t, pred, what)
             for n, t in (("i8", _I8), ("i16", _I16), ("i32", I32), ("i64", I64), ("f32", F32),
                          ("f64", F64))}
    attrs["emptyattr"] = _confined_array(_I16, pred, what)
    return Op(name, attrs=attrs)


# -- enums -------------------------------------------------------------------------------------
_I32_ENUM = IntEnum("SomeI32Enum", [("case5", 5), ("case10", 10)], I32,
                    "allowed 32-bit signless integer cases: 5, 10")
_I64_ENUM = IntEnum("SomeI64Enum", [("case5", 5), ("case10", 10)], I64,
                    "allowed 64-bit signless integer cases: 5, 10")
_ENUM_FORMAT = "$value (`tag` $tag^)? attr-dict"


def _enum_op(name, cls, summary):
    return Op(name, attrs={"value": EnumAttrC(cls, summary), "tag": AnyAttr().opt()},
              format=_ENUM_FORMAT)


_I32_OR_STR = PredAttr(lambda a: I32Attr.check(a) or type(a) is StringAttr,
                       "32-bit signless integer attribute or string attribute")
_TYPE_ARRAY = PredAttr(lambda a: type(a) is ArrayAttr and all(type(x) is TypeAttr for x in a),
                       "type array attribute")
_TYPED_STR = PredAttr(lambda a: type(a) is StringAttr, "string attribute")

OPS = [
    Op("test.any_attr_of_i32_str", attrs={"attr": _I32_OR_STR}),
    Op("test.non_negative_int_attr", attrs={
        "i32attr": _confined_int(I32Attr, lambda v: v >= 0, "non-negative"),
        "i64attr": _confined_int(I64Attr, lambda v: v >= 0, "non-negative")}),
    Op("test.positive_int_attr", attrs={
        "i32attr": _confined_int(I32Attr, lambda v: v > 0, "positive"),
        "i64attr": _confined_int(I64Attr, lambda v: v > 0, "positive")}),
    Op("test.type_array_attr", attrs={"attr": _TYPE_ARRAY}),
    Op("test.type_array_attr_with_default", attrs={
        "attr": _TYPE_ARRAY.with_default(ArrayAttr(()))}),
    Op("test.string_attr_with_type", attrs={"attr": _TYPED_STR}, format="$attr attr-dict"),
    Op("test.float_attrs", attrs={"float_attr": AnyAttr()}),
    Op("test.i32_enum_attr", attrs={"attr": IntEnumAttrC(_I32_ENUM)}, results=[("val", I32T)]),
    Op("test.i64_enum_attr", attrs={"attr": IntEnumAttrC(_I64_ENUM)}, results=[("val", I32T)]),
    Op("test.int_attrs", attrs={
        "any_i32_attr": _int_attr(32, None, "32-bit integer attribute"),
        "index_attr": IndexAttr,
        "ui32_attr": _int_attr(32, 2, "32-bit unsigned integer attribute"),
        "si32_attr": _int_attr(32, 1, "32-bit signed integer attribute")}),
    Op("test.float_elements_attr", attrs={
        "scalar_f32_attr": _ranked_elems(F32, [2], "32-bit float elements attribute"),
        "tensor_f64_attr": _ranked_elems(F64, [4, 8], "64-bit float elements attribute")}),
    Op("test.int_elements_attr", attrs={
        "any_i32_attr": PredAttr(lambda a: _dense_int(a, 32, False),
                                 "32-bit integer elements attribute"),
        "i32_attr": PredAttr(lambda a: _dense_int(a, 32, True),
                             "32-bit signless integer elements attribute")}),
    Op("test.ranked_int_elements_attr", attrs={
        "vector_i32_attr": _ranked_elems(I32, [2], "32-bit signless int elements attribute"),
        "matrix_i64_attr": _ranked_elems(I64, [4, 8],
                                         "64-bit signless int elements attribute")}),
    Op("test.string_elements_attr", attrs={
        "scalar_string_attr": PredAttr(lambda a: type(a) is DenseStringElementsAttr,
                                       "string elements attribute")}),
    Op("test.type_attr_of", attrs={"type": TypeAttrC(I64T, "type attribute of 64-bit "
                                                           "signless integer")},
       format="attr-dict $type"),
    Op("test.dense_array_attr", attrs={
        "i1attr": _ARRAYS[I1], "i8attr": _ARRAYS[_I8], "i16attr": _ARRAYS[_I16],
        "i32attr": _ARRAYS[I32], "i64attr": _ARRAYS[I64], "f32attr": _ARRAYS[F32],
        "f64attr": _ARRAYS[F64], "emptyattr": _ARRAYS[I32]},
       format="`i1attr` `=` $i1attr `i8attr` `=` $i8attr `i16attr` `=` $i16attr "
              "`i32attr` `=` $i32attr `i64attr` `=` $i64attr `f32attr` `=` $f32attr "
              "`f64attr` `=` $f64attr `emptyattr` `=` $emptyattr attr-dict"),
    Op("test.confined_dense_array_attr", attrs={
        "emptyattr": _confined_array(_I16, _sorted(True), "should be in increasing order"),
        "i32attr": _confined_array(I32, _sorted(False), "should be in non-decreasing order"),
        "i64attr": _confined_array(I64, _sorted(True), "should be in increasing order")}),
    _array_op("test.confined_strictly_positive_attr", _POS),
    _array_op("test.confined_non_negative_attr", _NONNEG),
    Op("test.default_value_print", attrs={"value_with_default": I32Attr.with_default(
        IntegerAttr(I32, 0))}, operands=[("operand", I32T)], format="attr-dict $operand"),
    _enum_op("test.op_with_enum", TestEnumAttr, "a test enum"),
    _enum_op("test.op_with_bit_enum", TestBitEnumAttr, "a test bit enum"),
    _enum_op("test.op_with_bit_enum_vbar", TestBitEnumVBarAttr, "another test bit enum"),
]
