"""Cycles to structured do-while loops: every outermost cycle (a strongly connected component
of the CFG) gets a single entry block (a multiplexer when it has several), a single latch
holding the only back edge and the only exit (another multiplexer, with a "repeat" flag), is
put in reduce form (values used after the loop are loop-carried) and moved into the region of
the interface's loop op. Returns the loop bodies' entry blocks for further lifting."""
from __future__ import annotations

from pyopt.ir.core import Block, Region, value_loc
from pyopt.rewrite.cfg_to_scf.edges import (
    Edge, EdgeMultiplexer, add_arguments_like, create_single_entry_block, insert_block_after,
    insert_block_before, predecessor_edges, remove_block, replace_block_uses, splice_ops,
    successor_edges)

_DONE = 1 << 62  # visit number of nodes whose SCC has been emitted


def _sccs(entry):
    """Tarjan's SCCs reachable from `entry` in llvm::scc_iterator's order (successors first;
    members in stack-pop order), reading successors live as the lifting edits the CFG."""
    num, nodes, visit = {}, [], []

    def visit_one(b):
        n = num[b] = len(num) + 1
        nodes.append(b)
        visit.append([b, 0, n])

    visit_one(entry)
    while visit:
        top = visit[-1]
        t = top[0].last
        slots = t.successor_slots if t is not None else ()
        if top[1] < len(slots):
            child = slots[top[1]].block
            top[1] += 1
            n = num.get(child)
            if n is None:
                visit_one(child)
            elif top[2] > n:
                top[2] = n
            continue
        visit.pop()
        b, low = top[0], top[2]
        if visit and visit[-1][2] > low:
            visit[-1][2] = low
        if low != num[b]:
            continue
        scc = []
        while True:
            x = nodes.pop()
            scc.append(x)
            num[x] = _DONE
            if x is b:
                break
        yield scc


def _has_cycle(scc):
    return len(scc) > 1 or scc[0] in scc[0].successors


def _cycle_edges(cycle):
    entries, exits, backs = [], [], []
    entry_blocks = set()
    for b in cycle:
        for e in predecessor_edges(b):
            if e.block not in cycle:
                entries.append(e)
                entry_blocks.add(b)
        for e in successor_edges(b):
            if e.successor not in cycle:
                exits.append(e)
    for b in cycle:
        for e in successor_edges(b):
            if e.successor in entry_blocks:
                backs.append(e)
    return entries, exits, backs


def _single_exiting_latch(lc, loc, back_edges, exit_edges):
    """Routes back and exit edges through one latch; returns (latch, repeat flag, exit block)."""
    succs = [e.successor for e in back_edges] + [e.successor for e in exit_edges]
    m = EdgeMultiplexer(lc, loc, succs, extra_types=[lc.switch_value(0).type])
    latch = m.block
    exit_block = Block()
    insert_block_after(exit_block, latch)
    header = back_edges[0].successor
    for e in back_edges:
        m.redirect(e, [lc.switch_value(1)])
    for e in exit_edges:
        m.redirect(e, [lc.switch_value(0)])
    repeat = latch.args[-1]
    lc.iface.create_conditional_branch(loc, lc.builder_at_start(latch), repeat, header,
                                       latch.args[:len(header.args)], exit_block, [])
    builder = lc.builder_at_start(exit_block)
    if exit_edges:
        m.create_switch(loc, builder, excluded={header})
    else:
        # an infinite loop: the region needs a terminator after it
        term = lc.iface.create_unreachable_terminator(loc, builder, latch.parent)
        lc.exits.combine(term)
    return latch, repeat, exit_block


def _reduce_form(lc, header, exit_block, loop_blocks):
    """Makes values used after the loop flow out through the header's arguments and the
    exit block's; returns the operands of the back edge."""
    latch = exit_block.pred_uses[0].owner.parent
    hi, xi = (0, 1) if latch.last.successors[0] is header else (1, 0)
    exit_ops = Edge(latch, xi).operands
    next_values = Edge(latch, hi).operands.values
    region = header.parent
    for v in list(next_values):
        arg = exit_block.add_argument(v.type, value_loc(v))
        exit_ops.append([v])
        v.replace_uses_if(arg, lambda u: u.owner.parent not in loop_blocks)
    latch_args = list(latch.args)
    header_args = list(header.args)
    dom = lc.dom

    for block in loop_blocks:
        cache = {}

        def dominates(b, block=block, cache=cache):
            r = cache.get(b)
            if r is None:
                r = cache[b] = dom.dominates(block, b)
            return r

        def check(value, block=block, dominates=dominates):
            out_arg = None
            for use in list(value.uses()):
                cur = use.owner.parent
                while cur is not None and cur.parent is not region:
                    owner = cur.parent.parent if cur.parent is not None else None
                    cur = owner.parent if owner is not None else None
                if cur in loop_blocks:
                    continue
                if out_arg is None:
                    loc = value_loc(value)
                    out_arg = exit_block.add_argument(value.type, loc)
                    header.add_argument(value.type, loc)
                    carried = value
                    if value.parent_block is not latch and \
                            any(not dominates(p) for p in latch.predecessors[::-1]):
                        carried = latch.add_argument(value.type, loc)
                        for e in predecessor_edges(latch):
                            e.operands.append([value if dominates(e.block)
                                               else lc.undef(value.type)])
                    next_values.append(carried)
                    for e in successor_edges(latch):
                        e.operands.append([carried])
                use.set(out_arg)

        args = latch_args if block is latch else header_args if block is header else \
            list(block.args)
        for a in args:
            check(a)
        for op in block:
            for r in op.results:
                check(r)

    for e in predecessor_edges(header):
        if e.block is latch:
            continue
        window = e.operands
        missing = header.args[len(window):]
        window.append([lc.undef(a.type) for a in missing])
    return next_values


def transform_cycles(lc, region_entry):
    new_regions = []
    sccs = _sccs(region_entry)
    scc = next(sccs, None)
    while scc is not None:
        if not _has_cycle(scc):
            scc = next(sccs, None)
            continue
        cycle = dict.fromkeys(scc)
        scc = next(sccs, None)  # (advanced before the edits, as upstream's iterator is)
        entries, exits, backs = _cycle_edges(cycle)
        header = entries[0].successor
        if len(entries) > 1:
            header = create_single_entry_block(lc, header.last.loc, entries + backs)
        cycle[header] = None
        latch, repeat, exit_block = _single_exiting_latch(lc, backs[0].block.last.loc,
                                                          backs, exits)
        cycle[latch] = None
        next_values = _reduce_form(lc, header, exit_block, cycle)

        parent_block = Block()
        insert_block_before(parent_block, header)
        add_arguments_like(parent_block, header)
        body = Region()
        body.append(remove_block(header))
        for b in cycle:
            if b is not latch and b is not header:
                body.append(remove_block(b))
        body.append(remove_block(latch))
        old_term = latch.last.detach()
        loop = lc.iface.create_structured_do_while_loop_op(
            lc.builder_at_start(parent_block), old_term, list(parent_block.args), repeat,
            next_values, body)
        old_term.erase()
        new_regions.append(header)
        for old, new in zip(exit_block.args, loop.results):
            old.replace_all_uses_with(new)
        replace_block_uses(header, parent_block)
        splice_ops(parent_block, exit_block)
        remove_block(exit_block)
    return new_regions
