"""`test-print-nesting` (the op/region/block tree with counts and attributes) and
`test-print-defuse` (each op's operand producers and result users)."""
from __future__ import annotations

from passes.test.ir.common import out
from pyopt.pass_registry import register_pass
from pyopt.syntax.printer import attr_to_str


@register_pass("test-print-nesting", "Test various printing.")
def test_print_nesting(root, ctx, options):
    lines = []

    def op_(op, ind):
        pad = "  " * ind
        lines.append(f"{pad}visiting op: '{op.name}' with {len(op.operand_slots)} operands "
                     f"and {len(op.results)} results")
        attrs = dict(op.attributes)
        attrs.update(op.properties)
        if attrs:
            lines.append(f"{pad}{len(attrs)} attributes:")
            for name in sorted(attrs):
                lines.append(f"{pad} - '{name}' : '{attr_to_str(attrs[name])}'")
        lines.append(f"{pad} {len(op.regions)} nested regions:")
        for r in op.regions:
            region(r, ind + 1)

    def region(r, ind):
        lines.append(f"{'  ' * ind}Region with {len(r.blocks)} blocks:")
        for b in r.blocks:
            ops = list(b)
            succ = len(ops[-1].successor_slots) if ops else 0
            lines.append(f"{'  ' * (ind + 1)}Block with {len(b.args)} arguments, {succ} "
                         f"successors, and {len(ops)} operations")
            for o in ops:
                op_(o, ind + 2)
    op_(root, 0)
    out(ctx, "\n".join(lines) + "\n")


@register_pass("test-print-defuse", "Test various printing.")
def test_print_defuse(root, ctx, options):
    lines = []

    def visit(op):
        lines.append(f"Visiting op '{op.name}' with {len(op.operand_slots)} operands:")
        for s in op.operand_slots:
            d = s.value.defining_op()
            if d is not None:
                lines.append(f"  - Operand produced by operation '{d.name}'")
            else:
                lines.append(f"  - Operand produced by Block argument, number {s.value.index}")
        lines.append(f"Has {len(op.results)} results:")
        for i, r in enumerate(op.results):
            users = [u.owner for u in r.uses()]
            if not users:
                lines.append(f"  - Result {i} has no uses")
                continue
            head = f"  - Result {i} has a single use: " if len(users) == 1 else \
                f"  - Result {i} has {len(users)} uses:\n"
            lines.append(head + "\n".join(f"    - {u.name}" for u in users))
    root.walk(visit)
    out(ctx, "\n".join(lines) + "\n")


@register_pass("test-print-invalid", "Test printing invalid ops.", anchor="builtin.module")
def test_print_invalid(module, ctx, options):
    """Prints a function without a terminator (generic form: it does not verify, unless
    --mlir-print-assume-verified) and again once it has one."""
    import copy
    from pyopt.ir.core import Block
    from pyopt.ir.types import FunctionType
    from pyopt.ir.attributes import StringAttr, TypeAttr
    from pyopt.ir.verifier import verify
    from pyopt.rewrite.rewriter import PatternRewriter
    from pyopt.ir.diagnostics import MLIRError
    from pyopt.syntax.printer import PrintFlags, print_op

    b = PatternRewriter(ctx)
    body = module.regions[0].blocks[0]
    b.set_insertion_point_to_end(body)
    f = b.create("func.func", properties={"sym_name": StringAttr("test"),
                                          "function_type": TypeAttr(FunctionType([], []))},
                 regions=1, loc=module.loc)
    f.regions[0].append(Block())
    base = getattr(ctx, "print_flags", None) or PrintFlags()

    def show(title):
        flags = copy.copy(base)
        if not flags.assume_verified:
            try:
                verify(f, ctx)
            except MLIRError:
                flags.generic = True
        out(ctx, f"{title}:\n{print_op(f, flags)}\n")
    show("Invalid operation")
    b.set_insertion_point_to_end(f.regions[0].blocks[0])
    b.create("func.return", loc=module.loc)
    show("Valid operation")
    f.erase()
