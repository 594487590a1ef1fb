"""`test-take-body` (the first of the module's two functions takes the body of the second)
and `test-clone` (a function whose return gives back its arguments gets its body cloned
after itself, fed by the returned values; each inserted op is reported)."""
from __future__ import annotations

from pyopt.ir.verifier import op_error
from pyopt.pass_registry import register_pass
from passes.test.ir.common import out, top_ops


@register_pass("test-take-body", "Test Region's takeBody", anchor="builtin.module")
def test_take_body(module, ctx, options):
    funcs = [op for op in top_ops(module) if op.name == "func.func"]
    if len(funcs) != 2:
        raise op_error(module, "Expected only two functions in test")
    dest, src = funcs[0].regions[0], funcs[1].regions[0]
    dest.drop_all_references()
    dest.blocks = []
    dest.take_body(src)


@register_pass("test-clone", "Test clone of op", anchor="func.func")
def test_clone(func, ctx, options):
    if len(func.regions) != 1 or len(func.regions[0].blocks) != 1:
        return
    entry = func.regions[0].blocks[0]
    term = entry.last
    if term is None or len(term.operand_slots) != len(entry.args):
        return
    mapping = {}
    for v, arg in zip(term.operands, entry.args):
        if v.type != arg.type:
            return
        mapping[arg] = v
    for op in list(entry):
        new = op.clone(mapping)
        entry.append(new)
        new.walk(lambda o: out(ctx, f"notifyOperationInserted: {o.name}\n"), post_order=False)
    term.erase()
