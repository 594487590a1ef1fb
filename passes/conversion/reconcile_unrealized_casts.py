"""`reconcile-unrealized-casts`: fold chains of `builtin.unrealized_conversion_cast` that
round-trip to the original types, and drop dead casts."""
from __future__ import annotations

from pyopt.pass_registry import UNCHANGED, register_pass

CAST = "builtin.unrealized_conversion_cast"


class _SetVector:
    def __init__(self):
        self.items = []
        self.members = set()

    def insert(self, op):
        if op not in self.members:
            self.members.add(op)
            self.items.append(op)

    def pop(self):
        op = self.items.pop()
        self.members.discard(op)
        return op


def _cast_def(v):
    d = v.defining_op()
    return d if d is not None and d.name == CAST else None


def _input_cast(cast):
    ins = cast.operands
    if not ins:
        return None
    d = _cast_def(ins[0])
    if d is None or d.results != ins:
        return None
    return d


@register_pass("reconcile-unrealized-casts", "Simplify and eliminate unrealized conversion "
               "casts", display_name="ReconcileUnrealizedCasts")
def reconcile(op, ctx, options):
    work = _SetVector()
    op.walk(lambda o: work.insert(o) if o.name == CAST else None)
    if not work.items:
        return UNCHANGED

    def enqueue_operands(cast):
        for v in cast.operands:
            d = _cast_def(v)
            if d is not None:
                work.insert(d)

    while work.items:
        cast = work.pop()
        if not any(r.first_use is not None for r in cast.results):
            enqueue_operands(cast)
            cast.erase()
            continue
        types = cast.result_types
        nxt = cast
        while nxt is not None:
            if nxt.operand_types == types:
                enqueue_operands(cast)
                cast.replace_all_uses_with(nxt.operands)
                cast.erase()
                break
            nxt = _input_cast(nxt)
