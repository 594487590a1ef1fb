"""A deliberately wrong pyopt plugin pass for pyreduce's tests.

`--broken-reassociate` means to reorder `(a * b) - c`, but swaps the subtraction's operands:
the program still verifies and runs, and prints a different result (a miscompile)."""
from pyopt.pass_registry import register_pass


@register_pass("broken-reassociate", "A reassociation that miscompiles (for tests)")
def broken_reassociate(module, ctx, options):
    def visit(op):
        if op.name != "arith.subi":
            return
        lhs = op.operands[0].defining_op()
        if lhs is not None and lhs.name == "arith.muli":
            a, b = op.operands
            op.set_operands([b, a])
    module.walk(visit)
