"""Float widening passes: arithmetic on float types the target lacks runs in a wider type
instead: operands are extended (`arith.extf`), the op runs on the wider type and its results
are truncated back (`arith.truncf`), both with `fastmath<contract>`.

- `arith-emulate-unsupported-floats`: the listed source types become the target type (arith
  ops and the arithmetic vector ops).
- `math-legalize-to-f32`: math ops on floats narrower than 32 bits run on f32 (math.fma,
  often native on small types, stays)."""
from __future__ import annotations

from pyopt.dialects.arith import FastMathAttr
from pyopt.ir.types import F32, FloatType, ShapedType, with_element_type
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import (ConversionPattern, ConversionTarget, TypeConverter,
                                      apply_partial_conversion)
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.location import UNKNOWN_LOC

_FLOATS = {"f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "bf16", "f16", "f32",
           "f64", "f80", "f128"}
_CONTRACT = FastMathAttr(32)
# Vector ops that do arithmetic; other vector ops just move data and stay as they are.
_VECTOR_ARITH = ("vector.contract", "vector.reduction", "vector.multi_reduction", "vector.fma",
                 "vector.outerproduct", "vector.matrix_multiply", "vector.scan")
_ALWAYS_LEGAL = ("arith.bitcast", "arith.extf", "arith.truncf", "arith.constant", "vector.splat")


def _with_element(t, e):
    """`t` (a shaped type) with element type `e`; None for any other type."""
    return with_element_type(t, e) if isinstance(t, ShapedType) else None


def _extend(builder, result_type, inputs, loc):
    return builder.create("arith.extf", list(inputs), [result_type],
                          {"fastmath": _CONTRACT}, loc=loc).results[0]


class EmulatedFloatConverter(TypeConverter):
    def __init__(self, sources, target):
        super().__init__()
        self.add_conversion(lambda t: t)  # every other type is legal

        def widen(t):
            if t in sources:
                return target
            e = getattr(t, "element_type", None)
            if e is not None and e in sources:
                return _with_element(t, target)
            return None
        self.add_conversion(widen)
        self.add_target_materialization(_extend)


class F32Converter(TypeConverter):
    """Floats narrower than 32 bits become f32. As upstream, a shaped type of any float
    element type becomes one of f32 (f64 vectors too, which then fail to verify)."""

    def __init__(self):
        super().__init__()
        self.add_conversion(lambda t: t)
        self.add_conversion(lambda t: F32 if type(t) is FloatType and t.width < 32 else None)
        self.add_conversion(lambda t: _with_element(t, F32) if type(
            getattr(t, "element_type", None)) is FloatType else None)
        self.add_target_materialization(_extend)


class EmulateFloat(ConversionPattern):
    """Any illegal op without regions: the same op on the converted operands and types."""

    def match_and_rewrite(self, op, adaptor, rw):
        if op.regions:
            return False
        tc = self.type_converter
        types = [tc.convert_type(r.type) for r in op.results]
        new = rw.create(op.name, list(adaptor.operands), types, dict(op.properties),
                        dict(op.attributes), successors=list(op.successors), loc=op.loc)
        results = []
        for r, res in zip(op.results, new.results):
            if res.type is not r.type:
                res = rw.create("arith.truncf", [res], [r.type], {"fastmath": _CONTRACT},
                                loc=op.loc).results[0]
            results.append(res)
        rw.replace_op(op, results)
        return True


def _error(msg):
    return MLIRError(Diagnostic("error", UNKNOWN_LOC, msg))


@register_pass("arith-emulate-unsupported-floats",
               "Emulate operations on unsupported floats with extf/truncf",
               options=[PassOption("source-types", list, [],
                                   "MLIR types without arithmetic support on a given target"),
                        PassOption("target-type", str, "f32",
                                   "MLIR type to convert the unsupported source types to")],
               display_name="ArithEmulateUnsupportedFloats")
def emulate_unsupported_floats(root, ctx, options):
    target_name = options["target-type"]
    if target_name not in _FLOATS:
        raise _error(f"could not map target type '{target_name}' to a known floating-point type")
    target_type = FloatType(target_name)
    sources = []
    for s in options["source-types"]:
        if s not in _FLOATS:
            raise _error(f"could not map source type '{s}' to a known floating-point type")
        sources.append(FloatType(s))
    if target_type in sources:
        raise _error("target type cannot be an unsupported source type")
    if not sources:
        return
    tc = EmulatedFloatConverter(set(sources), target_type)
    target = ConversionTarget(ctx)
    target.mark_unknown_op_dynamically_legal(lambda op: True)
    target.add_dynamically_legal_dialect(["arith"], tc.is_legal)
    target.add_dynamically_legal_op(list(_VECTOR_ARITH), tc.is_legal)
    target.add_legal_op(*_ALWAYS_LEGAL)
    apply_partial_conversion(root, target, [EmulateFloat(tc)], ctx)


@register_pass("math-legalize-to-f32", "Legalize floating-point math ops on low-precision "
               "floats", display_name="MathLegalizeToF32")
def math_legalize_to_f32(root, ctx, options):
    tc = F32Converter()
    target = ConversionTarget(ctx)
    target.add_dynamically_legal_dialect(["math"], tc.is_legal)
    target.add_legal_op("math.fma", "arith.extf", "arith.truncf")
    apply_partial_conversion(root, target, [EmulateFloat(tc)], ctx)
