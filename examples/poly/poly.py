"""The `poly` dialect of the seed tutorial and its lowering to arith, as a pyopt plugin:

    pyopt --load-dialect-plugin=examples/poly/poly.py --poly-to-standard input.mlir

`!poly.poly<N>` (a polynomial of degree < N with i32 coefficients) becomes `tensor<Nxi32>`;
poly ops are rewritten by OpConversionPatterns that receive their operands already converted;
function signatures are converted too. The conversion is partial: the poly dialect is illegal,
ops it does not know about are left alone, and a poly value still used by such an op is
rebuilt with `poly.from_tensor` (the source materialization).
"""
from pyopt.ir.constraints import TypeConstraint, ElementsAttrC
from pyopt.ir.opdef import Dialect, Op, PURE, SAME_OPERANDS_AND_RESULT_TYPE
from pyopt.ir.attributes import DenseElementsAttr
from pyopt.ir.types import DialectType, I32, IntegerType, RankedTensorType
from pyopt.ir.verifier import op_error
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import (ConversionTarget, OpConversionPattern, TypeConverter,
                                      apply_partial_conversion)
from pyopt.rewrite.conversion.func_conversions import function_type_conversion_patterns


# -- the dialect --------------------------------------------------------------------------------
class PolyType(DialectType):
    """`!poly.poly<degreeBound>`."""
    __slots__ = ("degree_bound",)

    def __init__(self, degree_bound):
        self.degree_bound = degree_bound

    def asm(self, p):
        return f"!poly.poly<{self.degree_bound}>"


def parse_poly_type(parser, mnemonic, offset):
    if mnemonic != "poly":
        raise parser.error(f"unknown poly type: {mnemonic}", offset)
    parser.expect("<")
    n = parser.parse_integer()
    parser.expect(">")
    return PolyType(n)


Poly = TypeConstraint(lambda t: type(t) is PolyType, "poly.poly", type_class=PolyType)
I32Tensor = TypeConstraint(lambda t: type(t) is RankedTensorType and len(t.shape) == 1 and
                           t.element_type is I32, "1-D tensor of 32-bit integers")


def _binop(name):
    return Op(f"poly.{name}", operands=[("lhs", Poly), ("rhs", Poly)],
              results=[("output", Poly)], traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE],
              format="$lhs `,` $rhs attr-dict `:` type($output)")


def _verify_sizes(op):
    t = op.operand(0).type if type(op.operand(0).type) is RankedTensorType else op.result.type
    p = op.result.type if type(op.result.type) is PolyType else op.operand(0).type
    if t.shape[0] != p.degree_bound:
        raise op_error(op, f"tensor of {t.shape[0]} coefficients does not match "
                           f"{p.asm(None)}")


def _verify_constant(op):
    coeffs = op.get_attr("coefficients")
    if len(coeffs.type.shape) != 1 or coeffs.type.shape[0] > op.result.type.degree_bound:
        raise op_error(op, "expects at most degreeBound coefficients")


ADD, SUB = _binop("add"), _binop("sub")
FROM_TENSOR = Op("poly.from_tensor", operands=[("input", I32Tensor)],
                 results=[("output", Poly)], traits=[PURE], verify=_verify_sizes,
                 format="$input attr-dict `:` type($input) `->` type($output)")
TO_TENSOR = Op("poly.to_tensor", operands=[("input", Poly)], results=[("output", I32Tensor)],
               traits=[PURE], verify=_verify_sizes,
               format="$input attr-dict `:` type($input) `->` type($output)")
CONSTANT = Op("poly.constant", attrs={"coefficients": ElementsAttrC()},
              results=[("output", Poly)], traits=[PURE], verify=_verify_constant,
              format="$coefficients attr-dict `:` type($output)")

POLY = Dialect("poly", [ADD, SUB, FROM_TENSOR, TO_TENSOR, CONSTANT], parse_type=parse_poly_type)
DIALECTS = [POLY]  # picked up by --load-dialect-plugin


# -- the lowering -------------------------------------------------------------------------------
class PolyToStandardTypeConverter(TypeConverter):
    def __init__(self):
        super().__init__()
        self.add_conversion(lambda t: t)  # every other type is legal as it is
        self.add_conversion(lambda t: RankedTensorType([t.degree_bound], I32)
                            if type(t) is PolyType else None)
        # tensor -> poly for users that stay unconverted, poly -> tensor for patterns
        self.add_source_materialization(
            lambda b, ty, ins, loc: b.create("poly.from_tensor", ins, [ty], loc=loc).result)
        self.add_target_materialization(
            lambda b, ty, ins, loc: b.create("poly.to_tensor", ins, [ty], loc=loc).result)


class ConvertBinop(OpConversionPattern):
    ARITH = {"poly.add": "arith.addi", "poly.sub": "arith.subi"}

    def match_and_rewrite(self, op, adaptor, rewriter):
        rewriter.replace_op_with_new_op(op, self.ARITH[op.name], [adaptor.lhs, adaptor.rhs],
                                        [adaptor.lhs.type])
        return True


class ConvertAdd(ConvertBinop):
    root = "poly.add"


class ConvertSub(ConvertBinop):
    root = "poly.sub"


class ConvertToTensor(OpConversionPattern):
    root = "poly.to_tensor"

    def match_and_rewrite(self, op, adaptor, rewriter):
        rewriter.replace_op(op, [adaptor.input])  # the operand is a tensor already
        return True


class ConvertFromTensor(OpConversionPattern):
    root = "poly.from_tensor"

    def match_and_rewrite(self, op, adaptor, rewriter):
        rewriter.replace_op(op, [adaptor.input])
        return True


class ConvertConstant(OpConversionPattern):
    root = "poly.constant"

    def match_and_rewrite(self, op, adaptor, rewriter):
        n = op.result.type.degree_bound
        coeffs = op.get_attr("coefficients")
        values = list(coeffs.values) * (coeffs.type.shape[0] if coeffs.is_splat else 1)
        if type(coeffs.type.element_type) is not IntegerType:
            return rewriter.notify_match_failure(op, "expects integer coefficients")
        ty = RankedTensorType([n], I32)
        values = values + [0] * (n - len(values))
        rewriter.replace_op_with_new_op(op, "arith.constant", [], [ty],
                                        properties={"value": DenseElementsAttr(ty, values)})
        return True


def poly_to_standard_patterns(tc):
    pats = [cls(tc) for cls in (ConvertAdd, ConvertSub, ConvertToTensor, ConvertFromTensor,
                                ConvertConstant)]
    # signatures, block arguments, returns and calls follow the converted values
    return pats + function_type_conversion_patterns(tc, forwarding_ops=("func.return",
                                                                        "func.call"))


@register_pass("poly-to-standard", "Lower the poly dialect to arith on tensors",
               display_name="PolyToStandard")
def poly_to_standard(module, ctx, options):
    tc = PolyToStandardTypeConverter()
    target = ConversionTarget(ctx)
    target.add_illegal_dialect("poly")
    target.add_legal_dialect("arith")
    target.add_dynamically_legal_op("func.func", tc.is_function_legal)
    target.add_dynamically_legal_op(["func.return", "func.call"], tc.is_legal)
    apply_partial_conversion(module, target, poly_to_standard_patterns(tc), ctx)
