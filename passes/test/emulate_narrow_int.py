"""`test-emulate-narrow-int`: mlir-opt's test driver of the narrow-type emulation: memrefs are
packed at `memref-load-bitwidth`, and scalars and vectors of narrower integers are widened to
`arith-compute-bitwidth`."""
from __future__ import annotations

from pyopt.ir.types import IntegerType, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.rewrite.conversion import ConversionConfig, ConversionTarget, apply_partial_conversion
from passes.arith.narrow_type.converter import NarrowTypeConverter, func_patterns
from passes.arith.narrow_type.memref import memref_patterns
from passes.arith.narrow_type.vector import vector_patterns


def _compute_type_rules(tc, width):
    def scalar(t):
        if type(t) is not IntegerType:
            return None
        return t if t.width >= width else IntegerType(width)

    def vector(t):
        if type(t) is not VectorType:
            return None
        et = t.element_type
        if type(et) is not IntegerType or et.width >= width:
            return t
        return VectorType(t.shape, IntegerType(width), t.scalable_dims)
    tc.add_conversion(scalar)
    tc.add_conversion(vector)


@register_pass("test-emulate-narrow-int", "Function pass to test Narrow Integer Emulation",
               options=[PassOption("memref-load-bitwidth", int, 8,
                                   "memref load/store emulation bit width"),
                        PassOption("arith-compute-bitwidth", int, 4,
                                   "arith computation bit width")],
               anchor="func.func", display_name="TestEmulateNarrowTypePass")
def test_emulate_narrow_int(func, ctx, options):
    w = options.get("memref-load-bitwidth", 8)
    if w < 8 or w & (w - 1):
        # (upstream fails the pass without a message; we say why)
        raise MLIRError(Diagnostic("error", func.loc, "test-emulate-narrow-int: "
                                   "memref-load-bitwidth must be a power of two >= 8"))
    tc = NarrowTypeConverter(w)
    _compute_type_rules(tc, options.get("arith-compute-bitwidth", 4))
    tc.add_memref_conversion()
    target = ConversionTarget(ctx)
    target.add_dynamically_legal_op("func.func", lambda op: tc.is_signature_legal(
        op.get_attr("function_type").value))
    target.add_dynamically_legal_op(["func.call", "func.return"], tc.is_legal)
    target.add_dynamically_legal_dialect(["arith", "vector", "memref", "affine"], tc.is_legal)
    pats = func_patterns(tc) + memref_patterns(tc) + vector_patterns(tc)
    apply_partial_conversion(func, target, pats, ctx, ConversionConfig(include_root=True))
