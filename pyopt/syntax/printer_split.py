"""One module printed by two processes: a forked child prints the last ops of the top-level
block (`print_part`, into a picklable part), the parent prints the rest and splices the part in
where those ops go (`splice_at`).

The printer writes an alias as a placeholder numbered in the order aliases are met and names
them all at the end, so a part carries its text and its own alias list; the parent takes over
each alias it does not have yet, in the part's order, as if it had printed the part itself.
Two aliases are the same when their prefix, kind and text are, with nested aliases compared
the same way. Distinct attributes print provisionally by creation number (objects made before
the fork are the same in both processes; the child numbers its own far above the parent's),
and the parent's `finish` renumbers them in text order as always.

What a part cannot carry (references waiting for an alias made elsewhere, resources, recursive
types' forward declarations, SSA numbering that runs on across functions) makes `print_part`
return None: the caller then prints everything in one process."""
from __future__ import annotations

from pyopt.ir.attributes import DistinctAttr
from pyopt.syntax.naming import NameState
from pyopt.syntax.printer import _Alias, _PLACEHOLDER

# a child's own distinct attributes are numbered from here (never reached by the parent)
CHILD_DISTINCT_BASE = 1 << 48


def can_split(printer):
    """Whether `printer` (about to print a whole module) can take a part printed elsewhere."""
    f = printer.flags
    return not (f.generic or f.unique_ssa_ids or f.value_users or printer.local_scope or
                printer.op_marks is not None)


def enter_child():
    """In a forked child about to make its own IR: its distinct attributes take numbers the
    parent's never reach."""
    if DistinctAttr._counter[0] < CHILD_DISTINCT_BASE:
        DistinctAttr._counter[0] += CHILD_DISTINCT_BASE


def print_part(printer, top, ops):
    """(text, aliases) of `ops`, ops of `top`'s body block, as print_top(top) prints them, or
    None when the part cannot be spliced. Each alias is (prefix, is_type, deferrable, depth,
    text)."""
    p = printer
    if not can_split(p):
        return None
    p.distinct_by_uid = True
    p.ns = NameState(top, False)
    dd = top.opdef.default_dialect if top.opdef is not None else ""
    p.default_dialects.append(dd or "")
    p.indent = 1
    out = p.out
    for op in ops:
        out.append("  ")
        p.print_op(op)
        out.append("\n")
    if p._weak_refs or p.used_resources or any(a.forward is not None for a in p.aliases):
        return None
    return "".join(out), [(a.prefix, a.is_type, a.deferrable, a.depth, a.text)
                          for a in p.aliases]


def splice_at(printer, top, op, get_part):
    """Makes `printer` print `top`'s body up to `op` and then the part `get_part()` returns
    (print_part's result for the ops from `op` on) instead of the ops left."""
    printer.distinct_by_uid = True
    printer.splice = (top.regions[0].blocks[0], op, lambda p: _take(p, get_part()))


def _take(p, part):
    """Appends the part's text to p's output, its aliases renumbered into p's list."""
    text, theirs = part
    mine = p.aliases
    ids = {}
    known = {}
    for i, c in enumerate(_canonical([(a.prefix, a.is_type, a.text) for a in mine], ids)):
        known.setdefault(c, i)
    index = []  # the part's alias i is mine[index[i]]
    new = []
    for c, (prefix, is_type, deferrable, depth, body) in zip(
            _canonical([t[:2] + t[4:] for t in theirs], ids), theirs):
        i = known.get(c)
        if i is None:
            al = _Alias(len(mine), prefix, is_type, deferrable)
            al.depth = depth
            mine.append(al)
            new.append((al, body))
            i = known[c] = al.index
        elif not deferrable and mine[i].deferrable:
            p._mark_non_deferrable("\x00%d\x00" % i)  # (used outside locations there)
        index.append(i)

    def renamed(s):
        return _PLACEHOLDER.sub(lambda m: "\x00%d\x00" % index[int(m.group(1))], s)
    for al, body in new:
        al.text = renamed(body)
    p.out.append(renamed(text))


def _canonical(aliases, ids):
    """An id per (prefix, is_type, text) alias, equal for two aliases exactly when they
    define the same thing: `ids` numbers the texts with each nested alias replaced by its
    id (so a shared nested alias is compared once, not spelled out)."""
    got = [None] * len(aliases)

    def visit(i):
        c = got[i]
        if c is None:
            prefix, is_type, text = aliases[i]
            key = (prefix, is_type, _PLACEHOLDER.sub(
                lambda m: "\x00%d\x00" % visit(int(m.group(1))), text))
            c = got[i] = ids.setdefault(key, len(ids))
        return c
    for i in range(len(aliases)):
        visit(i)
    return got

