"""A deliberately broken pyopt plugin pass for pyreduce's tests.

`--broken-strength-reduce` means to turn `x * (a % b)` into cheaper code, but it looks for the
divisor's constant value without checking that there is one: on an `arith.muli` whose
right-hand side is an `arith.remui` of a non-constant divisor it crashes (a Python exception,
reported by pyopt as an internal error)."""
from pyopt.pass_registry import register_pass


@register_pass("broken-strength-reduce", "A strength reduction with a crash (for tests)")
def broken_strength_reduce(module, ctx, options):
    def visit(op):
        if op.name != "arith.muli":
            return
        rem = op.operands[1].defining_op()
        if rem is not None and rem.name == "arith.remui":
            divisor = rem.operands[1].defining_op()
            divisor.properties["value"]  # KeyError when the divisor is no constant op
    module.walk(visit)
