"""Test passes of the dialect conversion framework and the greedy rewrite driver (mlir-opt's
-test-legalize-patterns and friends). They drive pyopt.rewrite.conversion and the op-list greedy
driver with small patterns over the test dialect's ops (pyopt/dialects/test/legalizer_ops.py),
so that the drivers' corner cases can be checked from lit tests."""
from passes.test.legalizer import conversions, greedy, legalize  # noqa: F401 (registers)
