"""The generic-walk test passes: `test-generic-ir-visitors` prints every op at each walk
stage (before all regions, between regions, after all regions); the `-interrupt` variants
stop or skip the walk where an op's attributes ask for it."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I1
from pyopt.pass_registry import register_pass
from passes.test.ir.common import out

ADVANCE, SKIP, INTERRUPT = 0, 1, 2


def walk_stages(op, fn):
    """Operation::walk with a WalkStage: fn(op, next_region) before each region and once
    after the last; SKIP from a callback skips the rest of that op. True if interrupted."""
    n = len(op.regions)
    for i, region in enumerate(op.regions):
        r = fn(op, i, n)
        if r == SKIP:
            return False
        if r == INTERRUPT:
            return True
        for block in list(region.blocks):
            for nested in list(block):
                if walk_stages(nested, fn):
                    return True
    return fn(op, n, n) == INTERRUPT


def _stage(i, n):
    if i == 0:
        return "before all regions"
    if i == n:
        return "after all regions"
    return f"before region #{i}"


def _printer(ctx):
    step = [0]

    def say(text):
        out(ctx, f"step {step[0]} {text}\n")
        step[0] += 1
    return say


@register_pass("test-generic-ir-visitors", "Test generic IR visitors.")
def test_generic_ir_visitors(root, ctx, options):
    say = _printer(ctx)

    def visit(op, i, n):
        say(f"op '{op.name}' {_stage(i, n)}")
        return ADVANCE
    walk_stages(root, visit)
    walk_stages(root, lambda op, i, n: visit(op, i, n) if op.name == "test.two_region_op"
                else ADVANCE)


def _bool(op, name):
    a = op.attributes.get(name)
    return type(a) is IntegerAttr and a.type is I1 and a.value != 0


def _int(op, name):
    a = op.attributes.get(name)
    return a.value if type(a) is IntegerAttr else None


@register_pass("test-generic-ir-visitors-interrupt", "Test generic IR visitors with interrupts.")
def test_generic_ir_visitors_interrupt(root, ctx, options):
    say = _printer(ctx)

    def visit(op, i, n):
        if (_bool(op, "interrupt_before_all") and i == 0) or \
                (_bool(op, "interrupt_after_all") and i == n) or \
                (_int(op, "interrupt_after_region") is not None
                 and i == _int(op, "interrupt_after_region") + 1):
            return INTERRUPT
        if (_bool(op, "skip_before_all") and i == 0) or \
                (_bool(op, "skip_after_all") and i == n) or \
                (_int(op, "skip_after_region") is not None
                 and i == _int(op, "skip_after_region") + 1):
            return SKIP
        say(f"op '{op.name}' {_stage(i, n)}")
        return ADVANCE
    if walk_stages(root, visit):
        say("walk was interrupted")
    if walk_stages(root, lambda op, i, n: visit(op, i, n) if op.name == "test.two_region_op"
                   else ADVANCE):
        say("walk was interrupted")


def _walk_blocks(op, fn):
    """Post-order block walk; True if fn interrupted it."""
    for region in op.regions:
        for block in list(region.blocks):
            for nested in list(block):
                if _walk_blocks(nested, fn):
                    return True
            if fn(block) == INTERRUPT:
                return True
    return False


def _walk_regions(op, fn):
    for region in op.regions:
        for block in list(region.blocks):
            for nested in list(block):
                if _walk_regions(nested, fn):
                    return True
        if fn(region) == INTERRUPT:
            return True
    return False


def _has_bool_interrupt(ops):
    return any(type(o.attributes.get("interrupt")) is IntegerAttr and
               o.attributes["interrupt"].type is I1 for o in ops)


@register_pass("test-generic-ir-block-visitors-interrupt",
               "Test generic IR visitors with interrupts, starting with Blocks.",
               anchor="builtin.module")
def test_block_visitors_interrupt(root, ctx, options):
    say = _printer(ctx)

    def visit(block):
        if _has_bool_interrupt(block):
            return INTERRUPT
        say("")
        return ADVANCE
    if _walk_blocks(root, visit):
        say("walk was interrupted")


@register_pass("test-generic-ir-region-visitors-interrupt",
               "Test generic IR visitors with interrupts, starting with Regions.",
               anchor="builtin.module")
def test_region_visitors_interrupt(root, ctx, options):
    say = _printer(ctx)

    def visit(region):
        if _has_bool_interrupt(o for b in region.blocks for o in b):
            return INTERRUPT
        say("")
        return ADVANCE
    if _walk_regions(root, visit):
        say("walk was interrupted")
