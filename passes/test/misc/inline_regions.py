"""`test-inline`: each func.call_indirect whose callee is a test.functional_region_op gets
that op's region inlined in its place (cloned when the function value has other uses); the
function op goes away with its last use."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from passes.transforms.inline import InlinerInterface, _load_models, inline_region


class _NoCallGraph:
    def lookup(self, region):
        return None


@register_pass("test-inline", "Test inlining region calls", anchor="func.func",
               display_name="Inliner")
def test_inline(op, ctx, options):
    _load_models()
    calls = []
    op.walk(lambda o: calls.append(o) if o.name == "func.call_indirect" else None)
    iface = InlinerInterface(ctx, _NoCallGraph())
    for call in calls:
        callee_val = call.callee
        callee = callee_val.owner if hasattr(callee_val.owner, "opdef") else None
        if callee is None or callee.name != "test.functional_region_op":
            continue
        src = callee.regions[0]
        if not src.blocks:
            continue
        args = call.callee_operands
        entry = src.blocks[0]
        if len(args) != len(entry.args):
            continue
        single_use = callee_val.first_use is not None and callee_val.first_use.next_use is None
        mapping = dict(zip(entry.args, args))
        if not inline_region(iface, src, call.parent, call.next, mapping, list(call.results),
                             [r.type for r in call.results], call.loc, not single_use):
            continue
        call.erase()
        if callee.results[0].first_use is None:
            callee.erase()
