"""`test-ir-visitors`: op, block and region walks in pre-, post- and reverse order, in
control-flow (dominance) order inside functions, walks started from blocks and regions,
and walks that erase what they visit (with and without skipping it)."""
from __future__ import annotations

from passes.test.ir.common import out
from pyopt.pass_registry import register_pass

ADVANCE, SKIP = 0, 1


# -- iteration orders (MLIR's ForwardIterator / ReverseIterator / dominance iterators) ----
class Forward:
    @staticmethod
    def regions(op):
        return list(op.regions)

    @staticmethod
    def blocks(region):
        return list(region.blocks)

    @staticmethod
    def ops(block):
        return list(block)


class Reverse(Forward):
    @staticmethod
    def regions(op):
        return list(reversed(op.regions))

    @staticmethod
    def blocks(region):
        return list(reversed(region.blocks))

    @staticmethod
    def ops(block):
        return list(reversed(list(block)))


def _cfg_order(region, post):
    """Blocks reachable from the entry, depth first: pre-order, or post-order."""
    if not region.blocks:
        return []
    seen, order = set(), []

    def visit(b):
        seen.add(b)
        if not post:
            order.append(b)
        for s in b.successors:
            if s not in seen:
                visit(s)
        if post:
            order.append(b)
    visit(region.blocks[0])
    return order


class ForwardDominance(Forward):
    @staticmethod
    def blocks(region):
        return _cfg_order(region, False)


class ReverseDominance(Reverse):
    @staticmethod
    def blocks(region):
        return _cfg_order(region, True)


# -- walks ---------------------------------------------------------------------------------
def walk_ops(op, fn, pre, it=Forward):
    """fn(op) -> SKIP skips the op's regions (pre-order)."""
    if pre and fn(op) == SKIP:
        return
    for r in it.regions(op):
        for b in it.blocks(r):
            for o in it.ops(b):
                walk_ops(o, fn, pre, it)
    if not pre:
        fn(op)


def walk_blocks(op, fn, pre, it=Forward):
    for r in it.regions(op):
        for b in it.blocks(r):
            if pre and fn(b) == SKIP:
                continue
            for o in it.ops(b):
                walk_blocks(o, fn, pre, it)
            if not pre:
                fn(b)


def walk_regions(op, fn, pre, it=Forward):
    for r in it.regions(op):
        if pre:
            fn(r)
        for b in it.blocks(r):
            for o in it.ops(b):
                walk_regions(o, fn, pre, it)
        if not pre:
            fn(r)


# -- printing ----------------------------------------------------------------------------------
def _region_text(r):
    op = r.parent
    return f"region {op.regions.index(r)} from operation '{op.name}'"


def _block_text(b):
    # (blocks are numbered within their region, as the printer numbers them)
    return f"block ^bb{b.parent.blocks.index(b)} from {_region_text(b.parent)}"


def _op_text(op):
    return f"op '{op.name}'"


def _drop_uses(op):
    for r in op.results:
        u = r.first_use
        while u is not None:
            nxt = u.next_use
            u.prev_use = u.next_use = None
            u = nxt
        r.first_use = None


def _erase_op(op):
    _drop_uses(op)
    op.erase()


@register_pass("test-ir-visitors", "Test various visitors.")
def test_ir_visitors(root, ctx, options):
    def say(text):
        out(ctx, text + "\n")

    def op_pure(o):
        say("Visiting " + _op_text(o))

    def block_pure(b):
        say("Visiting " + _block_text(b))

    def region_pure(r):
        say("Visiting " + _region_text(r))

    for title, it, pre in (("pre-order", Forward, True), ("post-order", Forward, False),
                           ("reverse post-order", Reverse, False)):
        say(f"Op {title} visits")
        walk_ops(root, op_pure, pre, it)
        say(f"Block {title} visits")
        walk_blocks(root, block_pure, pre, it)
        say(f"Region {title} visits")
        walk_regions(root, region_pure, pre, it)

    funcs = []
    walk_ops(root, lambda o: funcs.append(o) if o.name == "func.func" else None, False)
    for f in funcs:
        for kind, it in (("forward", ForwardDominance), ("reverse", ReverseDominance)):
            say(f"Op {kind} dominance post-order visits")
            walk_ops(f, op_pure, False, it)
            say(f"Block {kind} dominance post-order visits")
            walk_blocks(f, block_pure, False, it)
            say(f"Region {kind} dominance post-order visits")
            walk_regions(f, region_pure, False, it)

    # walks started from the blocks and regions of marked ops
    def marked(attr, start):
        walk_ops(root, lambda o: start(o) if attr in o.attributes else None, False)

    def blocks_of(o, pre):
        for r in o.regions:
            for b in list(r.blocks):
                if pre:
                    block_pure(b)
                for n in list(b):
                    walk_blocks(n, block_pure, pre)
                if not pre:
                    block_pure(b)

    def regions_of(o, pre):
        for r in o.regions:
            if pre:
                region_pure(r)
            for b in r.blocks:
                for n in list(b):
                    walk_regions(n, region_pure, pre)
            if not pre:
                region_pure(r)

    say("Invoke block pre-order visits on blocks")
    marked("walk_blocks", lambda o: blocks_of(o, True))
    say("Invoke block post-order visits on blocks")
    marked("walk_blocks", lambda o: blocks_of(o, False))
    say("Invoke region pre-order visits on region")
    marked("walk_regions", lambda o: regions_of(o, True))
    say("Invoke region post-order visits on region")
    marked("walk_regions", lambda o: regions_of(o, False))

    def is_module(o):
        return o is not None and o.name == "builtin.module"

    def skip_op_erasure(o):
        if is_module(o) or is_module(o.parent_op):
            return ADVANCE
        say("Erasing " + _op_text(o))
        _erase_op(o)
        return SKIP

    def erase_block(b, skip):
        parent = b.parent.parent
        if skip and (is_module(parent) or is_module(parent.parent_op)):
            return ADVANCE
        if not b.pred_uses:
            say("Erasing " + _block_text(b))
            b.erase()
            return SKIP
        say("Cannot erase " + _block_text(b) + ", still has uses")
        return ADVANCE

    say("Op pre-order erasures (skip)")
    walk_ops(root.clone(), skip_op_erasure, True)
    say("Block pre-order erasures (skip)")
    walk_blocks(root.clone(), lambda b: erase_block(b, True), True)
    say("Op post-order erasures (skip)")
    walk_ops(root.clone(), skip_op_erasure, False)
    say("Block post-order erasures (skip)")
    walk_blocks(root.clone(), lambda b: erase_block(b, True), False)

    def no_skip_op_erasure(o):
        say("Erasing " + _op_text(o))
        _erase_op(o)

    say("Op post-order erasures (no skip)")
    walk_ops(root.clone(), no_skip_op_erasure, False)
    say("Block post-order erasures (no skip)")
    walk_blocks(root.clone(), lambda b: erase_block(b, False), False)
