"""`-test-transform-dialect-erase-schedule`: removes the transform IR (every op implementing
TransformOpInterface, outermost first) so that the payload can be lowered on its own."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.dialects.transform.extension import transform_model


@register_pass("test-transform-dialect-erase-schedule",
               "erase transform dialect schedule from the IR",
               display_name="TestTransformDialectEraseSchedulePass", anchor="builtin.module")
def erase_schedule(module, ctx, options):
    doomed = []
    stack = [module]
    while stack:
        op = stack.pop()
        if op is not module and transform_model(op) is not None:
            doomed.append(op)  # (its nested transform ops go with it)
            continue
        for r in op.regions:
            for b in r.blocks:
                stack.extend(b.ops)
    for op in doomed:
        op.erase()
