"""Constant aggregates built by chains of `llvm.insertvalue` (how imported or lowered constant
arrays and structs look: undef, then one insert per element).

Printing the aggregate after every insert would cost the square of its size in time and memory.
Instead an intermediate whose only use is the next insert of the chain stays an `Agg`: its
element list is updated in place (no one else can see it) and its text is made once, when
something other than the chain uses it."""
from __future__ import annotations


class Agg:
    """A constant aggregate under construction: its type and (element type, value) pairs, each
    value a constant's text or a nested Agg owned by this one."""
    __slots__ = ("ty", "elems")

    def __init__(self, ty, elems):
        self.ty = ty
        self.elems = elems


def const_insert(t, cur, ty, pos, val, const_elems):
    """`cur` (text, or an Agg the chain owns) with `val` inserted at `pos`: an Agg, or None
    when `cur` is not a known constant. `cur` is left unchanged on failure."""
    if type(cur) is Agg:
        agg = cur
    else:
        elems = const_elems(t, cur, ty)
        if elems is None:
            return None
        agg = Agg(ty, elems)
    et, sub = agg.elems[pos[0]]
    if len(pos) > 1:
        val = const_insert(t, sub, et, pos[1:], val, const_elems)
        if val is None:
            return None
    agg.elems[pos[0]] = (et, val)
    return agg


def agg_text(t, agg):
    """The aggregate's text; its elements are remembered for later extract/insertvalues."""
    from pytranslate.export.constants import aggregate
    tc = t.tc
    elems = [(e, agg_text(t, v) if type(v) is Agg else v) for e, v in agg.elems]
    res = aggregate(agg.ty, [(tc(e), v) for e, v in elems], tc)
    t.m.aggregates[(agg.ty, res)] = elems
    return res


def continues_chain(op):
    """True when the result of insertvalue `op` is used once, as the container of the next
    insertvalue in the same block (so it may stay an Agg)."""
    u = op.results[0].first_use
    if u is None or u.next_use is not None or u.index != 0:
        return False
    user = u.owner
    return user.name == "llvm.insertvalue" and user.parent is op.parent
