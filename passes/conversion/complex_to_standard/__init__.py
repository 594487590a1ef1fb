"""`convert-complex-to-standard`: complex arithmetic expanded into arith/math ops on the real
and imaginary parts. complex.create/re/im stay (they are what the expansions are built of); the
other complex ops a lowering creates (abs in log, exp in expm1, ...) are lowered in turn.

Every expansion emits its ops in a fixed order, the one mlir-opt 19 uses, because tests check
the op sequence. The special-value handling (NaN/inf) is part of each formula and is only
dropped where the op's fastmath flags promise there are neither NaNs nor infinities.
"""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionPattern, ConversionTarget, apply_partial_conversion

from passes.conversion.complex_to_standard.builder import OEQ, UNE
from passes.conversion.complex_to_standard.elementary import (
    lower_abs, lower_angle, lower_atan2, lower_conj, lower_exp, lower_expm1, lower_log,
    lower_log1p, lower_neg, lower_pow, lower_rsqrt, lower_sign, lower_sqrt, compare,
    componentwise, tan_tanh, trig)
from passes.conversion.complex_to_standard.mul_div import lower_div, lower_mul

PATTERNS = {
    "complex.abs": lower_abs,
    "complex.angle": lower_angle,
    "complex.atan2": lower_atan2,
    "complex.add": componentwise("arith.addf"),
    "complex.sub": componentwise("arith.subf"),
    "complex.eq": compare(OEQ, "arith.andi"),
    "complex.neq": compare(UNE, "arith.ori"),
    "complex.conj": lower_conj,
    "complex.cos": trig(False),
    "complex.div": lower_div,
    "complex.exp": lower_exp,
    "complex.expm1": lower_expm1,
    "complex.log1p": lower_log1p,
    "complex.log": lower_log,
    "complex.mul": lower_mul,
    "complex.neg": lower_neg,
    "complex.sign": lower_sign,
    "complex.sin": trig(True),
    "complex.sqrt": lower_sqrt,
    "complex.tan": tan_tanh(True),
    "complex.tanh": tan_tanh(False),
    "complex.pow": lower_pow,
    "complex.rsqrt": lower_rsqrt,
}


def complex_to_standard_patterns():
    return [ConversionPattern(None, root, 1, fn, fn.__name__) for root, fn in PATTERNS.items()]


@register_pass("convert-complex-to-standard", "Convert Complex dialect to standard dialect",
               display_name="ConvertComplexToStandard")
def convert_complex_to_standard(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "math")
    target.add_legal_op("complex.create", "complex.im", "complex.re")
    apply_partial_conversion(op, target, complex_to_standard_patterns(), ctx)
