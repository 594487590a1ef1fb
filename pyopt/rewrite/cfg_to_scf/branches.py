"""Conditional branches to structured branch ops: the first branching terminator of a
single-entry single-exit region is lifted with, per successor edge, the blocks that edge alone
dominates as that region; control continues in the continuation block (a multiplexer when
the branch regions reach several), whose ops are then spliced after the new op. Returns the
entry blocks still to be lifted."""
from __future__ import annotations

from pyopt.ir.core import Block, Region
from pyopt.rewrite.cfg_to_scf.edges import (
    create_single_entry_block, predecessor_edges, remove_block, single_predecessor,
    splice_ops, successor_edges)


def _splice_single_successor(entry):
    succ = entry.successors[0]
    for old, new in zip(succ.args, successor_edges(entry)[0].operands.values):
        old.replace_all_uses_with(new)
    entry.last.erase()
    splice_ops(entry, succ)
    remove_block(succ)
    return [entry]


def _single_exit_region(blocks, continuation, empty_blocks, region):
    """Moves `blocks` into `region`; when more than one edge reaches the continuation they
    are routed through one new empty block."""
    single = None
    first = None
    for block in blocks:
        for e in successor_edges(block):
            if e.successor is not continuation:
                continue
            if first is None:
                first = e
                continue
            if single is None:
                single = Block(continuation.arg_types, [a.loc for a in continuation.args])
                first.set_successor(single)
                empty_blocks.append((single, list(single.args)))
            e.set_successor(single)
        region.append(remove_block(block))
    if single is not None:
        region.append(single)


def transform_branches(lc, entry):
    nsucc = len(entry.successors)
    if nsucc == 0:
        return []
    if nsucc == 1:
        return _splice_single_successor(entry)

    not_continuation = {entry}
    branch_blocks = [[] for _ in range(nsucc)]
    for blocks, succ in zip(branch_blocks, entry.successors):
        if single_predecessor(succ) is not entry:
            continue
        for b in lc.dom.dominated_preorder(succ):
            blocks.append(b)
            not_continuation.add(b)

    cont_edges = []
    post_dominated = True  # by the continuation, every branch region
    no_continuation_edge = True
    for entry_edge, blocks in zip(successor_edges(entry), branch_blocks):
        if not blocks:
            cont_edges.append(entry_edge)
            no_continuation_edge = False
            continue
        for b in blocks:
            if not b.successors:
                # a return-like exit inside: route it through the continuation as well
                post_dominated = False
                cont_edges.extend(predecessor_edges(b))
                continue
            for e in successor_edges(b):
                if e.successor not in not_continuation:
                    cont_edges.append(e)
                    no_continuation_edge = False

    if no_continuation_edge:
        return list(entry.successors)

    targets = {e.successor for e in cont_edges}
    continuation = next(iter(targets)) if len(targets) == 1 else None
    if continuation is None or not post_dominated:
        continuation = create_single_entry_block(lc, cont_edges[0].block.last.loc, cont_edges)
    if not post_dominated:
        lc.dom.invalidate(entry.parent)
        return [entry]

    new_regions = []
    empty_blocks = []  # (block, values its terminator yields)
    regions = [Region() for _ in range(nsucc)]
    for blocks, entry_edge, region in zip(branch_blocks, successor_edges(entry), regions):
        if not blocks:
            b = Block()
            empty_blocks.append((b, entry_edge.operands.values))
            region.append(b)
            continue
        _single_exit_region(blocks, continuation, empty_blocks, region)
        first = region.blocks[0]
        for old, new in zip(first.args, entry_edge.operands.values):
            old.replace_all_uses_with(new)
        for i in range(len(first.args) - 1, -1, -1):
            first.erase_argument(i)
        new_regions.append(first)

    cf_op = entry.last
    branch_op = lc.iface.create_structured_branch_region_op(
        lc.builder_before_terminator(entry), cf_op, continuation.arg_types, regions)
    cf_op.erase()

    iface = lc.iface
    for block, values in empty_blocks:
        iface.create_structured_branch_region_terminator_op(
            branch_op.loc, lc.builder_at_end(block), branch_op, None, values)
    for u in reversed(list(continuation.pred_uses)):
        user = u.owner
        values = successor_edges(user.parent)[0].operands.values
        iface.create_structured_branch_region_terminator_op(
            user.loc, lc.builder_before_terminator(user.parent), branch_op, user, values)
        user.erase()
    for old, new in zip(continuation.args, branch_op.results):
        old.replace_all_uses_with(new)
    splice_ops(entry, continuation)
    remove_block(continuation)
    new_regions.append(entry)
    return new_regions
