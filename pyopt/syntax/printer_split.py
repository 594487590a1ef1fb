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

from pyopt.forked import ForkedCall
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
    mine = set(ops)
    p.ns = NameState(top, False, skip={op for op in _body(top) if op not in mine})
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
    (print_part's result for the ops from `op` on) instead of the ops left; when it
    returns None, the printer prints those ops itself."""
    printer.distinct_by_uid = True
    printer.splice = (top.regions[0].blocks[0], op, lambda p: _take(p, top, get_part()))


def _body(top):
    op = top.regions[0].blocks[0].first
    while op is not None:
        yield op
        op = op.next


def _take(p, top, part):
    if part is None:  # (named now: print_top left them out)
        op = p.splice[1]
        theirs = p.spliced_ops()
        p.ns = NameState(top, False, skip={o for o in _body(top) if o not in theirs})
        while op is not None:
            p.out.append("  " * p.indent)
            p.print_op(op)
            p.out.append("\n")
            op = op.next
        return
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


# a module of fewer ops is printed by one process (a fork and a wait cost about as much as
# printing 10,000 ops)
MIN_OPS = 20_000
CHILD_SHARE = 0.5


def print_top(printer, top):
    """printer.print_top(top), with the last ops of top's body printed by a forked child
    when there are enough of them."""
    from pyopt.background_verify import fork_available
    ops = list(_body(top)) if top.regions and top.regions[0].blocks else []
    if len(ops) < 2 or not fork_available() or not can_split(printer):
        return printer.print_top(top)
    sizes = [_size(op) for op in ops]
    total = sum(sizes)
    seen, k = 0, 0
    while k < len(ops) and seen < (1 - CHILD_SHARE) * total:
        seen += sizes[k]
        k += 1
    if total < MIN_OPS or not 0 < k < len(ops):
        return printer.print_top(top)
    call = ForkedCall(_print_in_child, printer, top, ops[k:])
    splice_at(printer, top, ops[k], call.result)
    try:
        return printer.print_top(top)
    finally:
        call.cancel()  # (when printing stopped before taking the part)


def _print_in_child(printer, top, ops):
    enter_child()
    return print_part(type(printer)(printer.flags, printer.ctx), top, ops)


def _size(op):
    """The number of ops in `op`, itself included."""
    n = 1
    for r in op.regions:
        for b in r.blocks:
            o = b.first
            while o is not None:
                n += _size(o) if o.regions else 1
                o = o.next
    return n
