"""The `test` dialect of mlir-opt, as far as pyopt has it: mlir-opt 19 registers upstream's
test dialect, which accepts operations it does not define ("test.foo"), so generic-form test
ops parse without --allow-unregistered-dialect and behave as unregistered ops (no traits, any
effect). Defined here are only the ops upstream's tests of our passes rely on:

- the integer-range probes: `test.with_bounds` (a value with the range its attributes give),
  `test.increment` (+1, saturating) and `test.reflect_bounds` (passes its operand through and
  records the range the analysis found as attributes, signed/unsigned typed for integers).
  Their range rules are in pyopt/dialects/int_range_models.py.
"""
from pyopt.ir.constraints import AnyIntAttrC, SignlessIntegerOrIndex
from pyopt.ir.opdef import Dialect, Op
from pyopt.rewrite.folding import NO_MEMORY_EFFECT

_BOUNDS = ("umin", "umax", "smin", "smax")

WITH_BOUNDS = Op("test.with_bounds", attrs={k: AnyIntAttrC() for k in _BOUNDS},
                 results=[("fakeVal", SignlessIntegerOrIndex)], traits=[NO_MEMORY_EFFECT],
                 format="attr-dict `:` type($fakeVal)")
INCREMENT = Op("test.increment", operands=[("value", SignlessIntegerOrIndex)],
               results=[("result", SignlessIntegerOrIndex)], traits=[NO_MEMORY_EFFECT],
               format="attr-dict $value `:` type($result)", infer={"value": "result"})
REFLECT_BOUNDS = Op("test.reflect_bounds", operands=[("value", SignlessIntegerOrIndex)],
                    attrs={k: AnyIntAttrC().opt() for k in _BOUNDS},
                    results=[("result", SignlessIntegerOrIndex)],
                    format="attr-dict $value `:` type($result)", infer={"value": "result"})

_OPS = [WITH_BOUNDS, INCREMENT, REFLECT_BOUNDS]
from pyopt.dialects.test.buffers import BUFFER_OPS  # noqa: E402
_OPS.extend(BUFFER_OPS)
from pyopt.dialects.test.legalizer_ops import LEGALIZER_OPS  # noqa: E402
_OPS.extend(LEGALIZER_OPS)

from pyopt.dialects.test.ir_attr_ops import OPS as IR_ATTR_OPS  # noqa: E402
_OPS.extend(IR_ATTR_OPS)
from pyopt.dialects.test.ir_dynamic import OPS as IR_DYNAMIC_OPS  # noqa: E402
_OPS.extend(IR_DYNAMIC_OPS)
from pyopt.dialects.test.ir_region_ops import OPS as IR_REGION_OPS  # noqa: E402
_OPS.extend(IR_REGION_OPS)
from pyopt.dialects.test.ir_custom_ops import OPS as IR_CUSTOM_OPS  # noqa: E402
_OPS.extend(IR_CUSTOM_OPS)
from pyopt.dialects.test import ir_custom_float  # noqa: E402,F401  (#test.custom_float)
from pyopt.dialects.test.ir_syntax_ops import OPS as IR_SYNTAX_OPS  # noqa: E402
_OPS.extend(IR_SYNTAX_OPS)
from pyopt.dialects.test.ir_fold_ops import OPS as IR_FOLD_OPS  # noqa: E402
_OPS.extend(IR_FOLD_OPS)
from pyopt.dialects.test.ir_effect_ops import OPS as IR_EFFECT_OPS  # noqa: E402
_OPS.extend(IR_EFFECT_OPS)
from pyopt.dialects.test.transform_util_ops import OPS as TRANSFORM_UTIL_OPS  # noqa: E402
_OPS.extend(TRANSFORM_UTIL_OPS)

TEST_DIALECT = Dialect("test", _OPS, allow_unknown_ops=True)
from pyopt.dialects.test import syntax_hooks  # noqa: E402
syntax_hooks.install(TEST_DIALECT)
from pyopt.dialects.test.ir_fold_ops import materialize_constant  # noqa: E402
TEST_DIALECT.materialize_constant = materialize_constant
TEST_DIALECT.blob_resources = True  # (upstream's test dialect keeps blob resources)
