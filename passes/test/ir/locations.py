"""`test-opaque-loc`: every op gets an opaque location standing for a pass-side object (a
number); ops not directly in the module get two copies before them, one with the same
object and their old location as fallback, one with no object. Then an error is reported
on every op through a handler that names the object behind an opaque location."""
from __future__ import annotations

from passes.test.ir.common import out
from pyopt.ir.location import OpaqueLoc, UNKNOWN_LOC
from pyopt.ir.opdef import TERMINATOR
from pyopt.pass_registry import register_pass


@register_pass("test-opaque-loc", "Changes all leaf locations to opaque locations",
               anchor="builtin.module")
def test_opaque_loc(module, ctx, options):
    objects = {}  # id(opaque location) -> the number it stands for (None: no object)

    def opaque(number, fallback):
        loc = OpaqueLoc(fallback)
        objects[id(loc)] = number
        keep.append(loc)
        return loc
    keep = []
    count = [0]

    def visit(op):
        n = count[0]
        count[0] += 1
        old = op.loc
        op.loc = opaque(n, UNKNOWN_LOC)
        if (op.parent_op is not None and op.parent_op.name == "builtin.module") or \
                (op.opdef is not None and TERMINATOR in op.opdef.traits):
            return
        for number in (n, None):
            copy = op.clone()
            copy.loc = opaque(number, old)
            op.parent.insert_before(op, copy)
    for block in module.regions[0].blocks:
        for op in list(block):
            op.walk(visit)

    def report(op):
        loc = op.loc
        head = ""
        if isinstance(loc, OpaqueLoc):
            n = objects.get(id(loc))
            head = f"MyLocation: {n}" if n is not None else "nullptr"
        out(ctx, f"{head}: '{op.name}' op \n")
    module.walk(report)
