"""`convert-math-to-llvm`: math ops become LLVM intrinsics (fastmath flags translated to the
LLVM enum), n-D vectors unrolled into their 1-D slices. ctlz/cttz/absi get their poison flag
set to false; expm1, log1p (option `approximate-log1p`) and rsqrt are expanded into
exp - 1, log(1 + x) and 1 / sqrt(x). Ops without a lowering (tanh, atan, ...) stay as they are.
"""
from __future__ import annotations

from pyopt.ir.attributes import FALSE, DenseElementsAttr, FloatAttr
from pyopt.ir.types import VectorType
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.dialects.llvm import types as lt

from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, LLVMConversionTarget,
                                           LLVMTypeConverter, LowerToLLVMOptions,
                                           unroll_nd_vector, vector_patterns)
from passes.conversion.llvm_common.type_converter import USE_OPAQUE_POINTERS
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.pattern import convert_fastmath

# One-to-one lowerings whose fastmath flags carry over.
FASTMATH_INTRINSICS = {
    "math.absf": "llvm.intr.fabs", "math.ceil": "llvm.intr.ceil",
    "math.copysign": "llvm.intr.copysign", "math.cos": "llvm.intr.cos",
    "math.exp2": "llvm.intr.exp2", "math.exp": "llvm.intr.exp",
    "math.floor": "llvm.intr.floor", "math.fma": "llvm.intr.fma",
    "math.log10": "llvm.intr.log10", "math.log2": "llvm.intr.log2", "math.log": "llvm.intr.log",
    "math.powf": "llvm.intr.pow", "math.fpowi": "llvm.intr.powi",
    "math.roundeven": "llvm.intr.roundeven", "math.round": "llvm.intr.round",
    "math.sin": "llvm.intr.sin", "math.sqrt": "llvm.intr.sqrt", "math.trunc": "llvm.intr.trunc",
}
# One-to-one lowerings whose attributes pass through untouched.
PLAIN_INTRINSICS = {"math.ctpop": "llvm.intr.ctpop"}
# Integer ops whose intrinsic takes a poison flag, always false: (intrinsic, flag property).
FLAGGED_INTRINSICS = {
    "math.ctlz": ("llvm.intr.ctlz", "is_zero_poison"),
    "math.cttz": ("llvm.intr.cttz", "is_zero_poison"),
    "math.absi": ("llvm.intr.abs", "is_int_min_poison"),
}


def _llvm_operand_ok(v):
    return v is not None and lt.is_compatible_type(v.type)


class IntOpWithFlag(ConvertOpToLLVMPattern):
    """ctlz/cttz/absi: the intrinsic with its poison flag false; the result keeps the source
    op's type (as upstream: an index result then fails LLVM verification)."""

    def __init__(self, tc, root, intrinsic, flag):
        super().__init__(tc, root)
        self.intrinsic = intrinsic
        self.props = {flag: FALSE}

    def _make(self, rw, loc, result_type, operand):
        return B.create(rw, self.intrinsic, [operand], [result_type], properties=self.props,
                        loc=loc).results[0]

    def match_and_rewrite(self, op, adaptor, rw):
        operand = list(adaptor)[0]
        if not _llvm_operand_ok(operand):
            return False
        result_type = op.results[0].type
        if type(operand.type) is not lt.LLVMArrayType:
            rw.replace_op(op, [self._make(rw, op.loc, result_type, operand)])
            return True
        if type(result_type) is not VectorType:
            return False
        return unroll_nd_vector(op, [operand], self.tc, rw,
                                lambda t, parts: self._make(rw, op.loc, t, parts[0]))


class OneExpansion(ConvertOpToLLVMPattern):
    """An op computed from the constant 1 and its operand in two LLVM ops; `build(rw, loc,
    one, x, type, props, attrs)` creates them and returns the result."""

    def __init__(self, tc, root, build):
        super().__init__(tc, root)
        self.build = build

    def match_and_rewrite(self, op, adaptor, rw):
        x = list(adaptor)[0]
        if not _llvm_operand_ok(x):
            return False
        loc = op.loc
        result_type = op.results[0].type
        elem = result_type.element_type if type(result_type) is VectorType else result_type
        props, attrs = convert_fastmath(op)
        one_bits = (FloatAttr.from_float(elem, 1.0).bits,)  # dense float elements hold bits
        t = x.type
        if type(t) is not lt.LLVMArrayType:
            if type(t) is VectorType:
                value = DenseElementsAttr(result_type, one_bits, True)
            else:
                value = FloatAttr.from_float(elem, 1.0)
            one = _constant(rw, t, value, loc)
            rw.replace_op(op, [self.build(rw, loc, one, x, t, props, attrs)])
            return True
        if type(result_type) is not VectorType:
            return False

        def slice_1d(vt, parts):
            splat = DenseElementsAttr(VectorType(vt.shape, elem, vt.scalable_dims), one_bits, True)
            one = _constant(rw, vt, splat, loc)
            return self.build(rw, loc, one, parts[0], vt, props, attrs)
        return unroll_nd_vector(op, [x], self.tc, rw, slice_1d)


def _constant(rw, t, value, loc):
    return rw.create("llvm.mlir.constant", [], [t], properties={"value": value},
                     loc=loc).results[0]


def _op(rw, name, operands, t, props, attrs, loc):
    return B.create(rw, name, operands, [t], properties=props, attributes=attrs,
                    loc=loc).results[0]


def _expm1(rw, loc, one, x, t, props, attrs):
    e = _op(rw, "llvm.intr.exp", [x], t, props, attrs, loc)
    return _op(rw, "llvm.fsub", [e, one], t, props, attrs, loc)


def _log1p(rw, loc, one, x, t, props, attrs):
    s = _op(rw, "llvm.fadd", [one, x], t, props, attrs, loc)
    return _op(rw, "llvm.intr.log", [s], t, props, attrs, loc)


def _rsqrt(rw, loc, one, x, t, props, attrs):
    r = _op(rw, "llvm.intr.sqrt", [x], t, props, attrs, loc)
    return _op(rw, "llvm.fdiv", [one, r], t, props, attrs, loc)


def math_to_llvm_patterns(tc, approximate_log1p=True):
    patterns = vector_patterns(tc, FASTMATH_INTRINSICS, convert_fastmath)
    patterns += vector_patterns(tc, PLAIN_INTRINSICS)
    patterns += [IntOpWithFlag(tc, src, intr, flag)
                 for src, (intr, flag) in FLAGGED_INTRINSICS.items()]
    patterns += [OneExpansion(tc, "math.expm1", _expm1), OneExpansion(tc, "math.rsqrt", _rsqrt)]
    if approximate_log1p:
        patterns.append(OneExpansion(tc, "math.log1p", _log1p))
    return patterns


def populate(target, tc, patterns):
    patterns.extend(math_to_llvm_patterns(tc))


register("math", populate)


@register_pass("convert-math-to-llvm", "Convert Math dialect to LLVM dialect",
               options=[PassOption("approximate-log1p", bool, True,
                                   "Enable approximation of Log1p."), USE_OPAQUE_POINTERS],
               display_name="ConvertMathToLLVMPass")
def convert_math_to_llvm(op, ctx, options):
    tc = LLVMTypeConverter(LowerToLLVMOptions(
        64, use_opaque_pointers=options.get("use-opaque-pointers", True)))
    patterns = math_to_llvm_patterns(tc, options.get("approximate-log1p", True))
    changed = apply_partial_conversion(op, LLVMConversionTarget(ctx), patterns, ctx)
    return unchanged_unless(changed)
