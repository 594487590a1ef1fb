"""Plugin passes that leave broken IR behind, for the test of how pyopt reports it."""
from pyopt.pass_registry import register_pass


def _first(op, name):
    for o in op.walk_ops():
        if o.name == name:
            return o
    return None


@register_pass("test-break-erase-def", "Erase the first arith.addi although it is used")
def erase_used_def(op, ctx, options):
    add = _first(op, "arith.addi")
    add.detach()
    add.results.clear()  # as if erased: its users now hold a value of a dead op


@register_pass("test-break-raise", "Raise a Python exception")
def raise_inside(op, ctx, options):
    raise KeyError("oops")
