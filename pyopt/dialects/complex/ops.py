"""The complex ops and the `#complex.number` attribute: complex<float> arithmetic, parts,
constants, bitcast. The dialect is assembled in __init__.py; folders in folds.py,
canonicalization patterns in canonicalize.py."""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr, FloatAttr, IntegerAttr
from pyopt.ir.types import ComplexType, FloatType, IntegerType, F64
from pyopt.ir.verifier import op_error
from pyopt.syntax.float_format import format_float, float_to_bits, bits_to_float, bit_width
from pyopt.ir.constraints import (TypeConstraint, AnyType, AnyFloat, AnyComplex, I1T, ArrayAttrAny,
                          DialectAttrC)
from pyopt.ir.opdef import (Op, PURE, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_TYPE,
                    CONSTANT_LIKE)

from pyopt.dialects.arith import FastMathAttr  # `#arith.fastmath` belongs to the arith dialect


# ----------------------------------------------------------------------------- attribute
class NumberAttr(DialectAttr):
    """`#complex.number<:f64 1.0, 2.0>`; a typed attribute (printed with `: complex<f64>`).
    `real`/`imag` are bit patterns of the element type."""
    __slots__ = ("type", "real", "imag")

    def __init__(self, type_, real, imag):
        self.type = type_
        self.real = real
        self.imag = imag

    @classmethod
    def from_floats(cls, type_, re: float, im: float):
        kind = _kind(type_.element_type)
        return cls(type_, float_to_bits(re, kind), float_to_bits(im, kind))

    @property
    def value(self) -> complex:
        kind = _kind(self.type.element_type)
        return complex(bits_to_float(self.real, kind), bits_to_float(self.imag, kind))

    def asm(self, p):
        kind = _kind(self.type.element_type)
        return (f"#complex.number<:{p.type_str(self.type.element_type)} "
                f"{format_float(self.real, kind)}, {format_float(self.imag, kind)}> : "
                f"{p.type_str(self.type)}")


def _kind(t):
    # Non-float element types are not verified by MLIR 19; its values stay doubles then.
    return t.kind if type(t) is FloatType else "f64"


def _parse_double(parser):
    """AsmParser::parseFloat(double&): a float literal, or a hex integer giving f64 bits."""
    neg = parser.accept("-")
    k, tok, off = parser.kind, parser.tok, parser.start
    if k not in ("float", "int"):
        raise parser.error("expected floating point literal", off)
    parser._next()
    if k == "float":
        return float(("-" if neg else "") + tok)
    return bits_to_float(parser.float_bits_from_int_literal(tok, neg, F64, off), "f64")


def _parse_complex_attr(parser, mnemonic, offset):
    if mnemonic != "number":
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `complex`", offset)
    parser.expect("<")
    parser.expect(":")
    et = parser.parse_type()
    re = _parse_double(parser)
    parser.expect(",")
    im = _parse_double(parser)
    parser.expect(">")
    return NumberAttr.from_floats(ComplexType(et), re, im)


# ----------------------------------------------------------------------------- ops
ComplexFloat = TypeConstraint(
    lambda t: type(t) is ComplexType and type(t.element_type) is FloatType,
    "complex type with floating-point elements", type_class=ComplexType)

_FASTMATH = {"fastmath": DialectAttrC(FastMathAttr, "Floating point fast math flags")
             .with_default(FastMathAttr(0))}
_FM = "(`fastmath` `` $fastmath^)? attr-dict"


def _elem_of(name):
    return lambda known, attrs: known[name].element_type


def _arith(name):
    return Op(name, operands=[("lhs", ComplexFloat), ("rhs", ComplexFloat)],
              results=[("result", ComplexFloat)], attrs=_FASTMATH,
              traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE],
              format=f"$lhs `,` $rhs {_FM} `:` type($result)")


def _unary_same(name):
    return Op(name, operands=[("complex", ComplexFloat)],
              results=[("result", ComplexFloat)], attrs=_FASTMATH,
              traits=[SAME_OPERANDS_AND_RESULT_TYPE, PURE, ELEMENTWISE],
              format=f"$complex {_FM} `:` type($complex)")


def _verify_elem_result(op):
    # TypesMatchWith<"complex element type matches result type", "complex", <result>, ...>
    if op.results[0].type is not op.complex.type.element_type:
        raise op_error(op, "failed to verify that complex element type matches result type")


def _unary_part(name, result):
    return Op(name, operands=[("complex", ComplexFloat)],
              results=[(result, AnyFloat)], attrs=_FASTMATH, traits=[PURE, ELEMENTWISE],
              format=f"$complex {_FM} `:` type($complex)",
              infer={result: _elem_of("complex")}, verify=_verify_elem_result)


ARITH_OPS = ["complex.add", "complex.atan2", "complex.div", "complex.mul", "complex.pow",
             "complex.sub"]
UNARY_SAME = ["complex.conj", "complex.cos", "complex.exp", "complex.expm1", "complex.log",
              "complex.log1p", "complex.neg", "complex.rsqrt", "complex.sign", "complex.sin",
              "complex.sqrt", "complex.tan", "complex.tanh"]
UNARY_PART = [("complex.abs", "result"), ("complex.angle", "result"),
              ("complex.im", "imaginary"), ("complex.re", "real")]


def _int_or_float_width(t):
    if type(t) is IntegerType:
        return t.width
    return bit_width(t.kind)


def _verify_bitcast(op):
    src, dst = op.operand_.type, op.results[0].type
    if src is dst:
        return  # folds away
    scalar = (IntegerType, FloatType)
    if not isinstance(src, scalar) and type(src) is not ComplexType:
        raise op_error(op, "operand must be int/float/complex")
    if not isinstance(dst, scalar) and type(dst) is not ComplexType:
        raise op_error(op, "result must be int/float/complex")
    if (type(src) is ComplexType) == (type(dst) is ComplexType):
        raise op_error(op, "requires that either input or output has a complex type")
    if type(dst) is ComplexType:
        src, dst = dst, src
    et = src.element_type
    if not isinstance(et, scalar) or 2 * _int_or_float_width(et) != _int_or_float_width(dst):
        raise op_error(op, "casting bitwidths do not match")


BITCAST = Op("complex.bitcast", operands=[("operand", AnyType)], results=[("result", AnyType)],
             traits=[PURE], format="$operand attr-dict `:` type($operand) `to` type($result)",
             verify=_verify_bitcast)


def _verify_constant(op):
    arr = op.properties["value"]
    if len(arr) != 2:
        raise op_error(op, "requires 'value' to be a complex constant, represented as array of "
                       "two values")
    if not all(type(a) in (FloatAttr, IntegerAttr) for a in arr):
        raise op_error(op, "requires attribute's elements to be float or integer attributes")
    et = op.results[0].type.element_type
    re, im = arr[0].type, arr[1].type
    if re is not et or im is not et:
        raise op_error(op, f"requires attribute's element types ('{re}', '{im}') to match the "
                       f"element type of the op's return type ('{et}')")


CONSTANT = Op("complex.constant", results=[("complex", AnyComplex)],
              attrs={"value": ArrayAttrAny}, traits=[CONSTANT_LIKE, PURE],
              format="$value attr-dict `:` type($complex)", verify=_verify_constant,
              result_names=lambda op: [(0, "cst")])


def _verify_create(op):
    re, im = op.real.type, op.imaginary.type
    if re is not im:
        raise op_error(op, "failed to verify that all of {real, imaginary} have same type")
    et = op.results[0].type.element_type
    if re is not et:
        raise op_error(op, "failed to verify that complex element type matches real operand "
                       "type")
    if im is not et:
        raise op_error(op, "failed to verify that complex element type matches imaginary "
                       "operand type")


CREATE = Op("complex.create", operands=[("real", AnyFloat), ("imaginary", AnyFloat)],
            results=[("complex", ComplexFloat)], traits=[PURE],
            format="$real `,` $imaginary attr-dict `:` type($complex)",
            infer={"real": _elem_of("complex"), "imaginary": _elem_of("complex")},
            verify=_verify_create)


def _verify_same_operands(op):
    if op.lhs.type is not op.rhs.type:
        raise op_error(op, "failed to verify that all of {lhs, rhs} have same type")


def _compare(name):
    return Op(name, operands=[("lhs", ComplexFloat), ("rhs", ComplexFloat)],
              results=[("result", I1T)], traits=[PURE, ELEMENTWISE],
              format="$lhs `,` $rhs attr-dict `:` type($lhs)", infer={"rhs": "lhs"},
              verify=_verify_same_operands)


OPS = ([_arith(n) for n in ARITH_OPS] + [_unary_same(n) for n in UNARY_SAME]
       + [_unary_part(n, r) for n, r in UNARY_PART]
       + [BITCAST, CONSTANT, CREATE, _compare("complex.eq"), _compare("complex.neq")])
