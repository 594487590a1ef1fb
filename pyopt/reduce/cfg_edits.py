"""Reductions on control flow: a multi-way branch becomes an unconditional `cf.br` to one of
its successors (blocks no longer reached are erased), a block reached only by an unconditional
branch is merged into its predecessor, a branch to a block that only branches on goes straight to
that block's successor, and a block argument is dropped (its uses get a simpler
value, the branches to the block stop passing it).

Both go through BranchOpInterface (pyopt.interfaces.branch): a branch without a model, or one
that produces some of its successor operands itself, is left alone."""
from __future__ import annotations

from pyopt.interfaces.branch import branch_model, successor_operands
from pyopt.ir.opdef import TERMINATOR
from pyopt.reduce.op_edits import walk_list
from pyopt.reduce.scope import replace_results, replacement
from pyopt.rewrite.rewriter import Builder, PatternRewriter


def _forwarded(op, k):
    """The values `op` passes to successor k, when it passes all of that block's arguments."""
    so = successor_operands(op, k)
    if so is None:
        return None
    vals = so.values
    return vals if len(vals) == len(op.successors[k].args) else None


class SimplifyBranches:
    name = "simplify-branches"

    def sites(self, module):
        out = []
        for i, op in enumerate(walk_list(module)):
            if len(op.successors) > 1 and branch_model(op) is not None:
                out.extend((i, k) for k in range(len(op.successors)))
        return out

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed, done = False, set()
        for i, k in sites:
            op = ops[i]
            if i in done or op.parent is None:
                continue
            vals = _forwarded(op, k)
            if vals is None:
                continue
            done.add(i)
            region = op.parent.parent
            b = Builder(ctx)
            b.set_insertion_point(op)
            b.create("cf.br", vals, [], successors=[op.successors[k]], loc=op.loc)
            op.erase()
            erase_unreachable_blocks(region, ctx)
            changed = True
        return changed


def _merge_pred(block):
    """The branch that is `block`'s only way in, when it goes nowhere else."""
    if len(block.pred_uses) != 1 or block.is_entry_block():
        return None
    term = block.pred_uses[0].owner
    if len(term.successors) != 1 or term.parent is block or _forwarded(term, 0) is None:
        return None
    return term


class MergeBlocks:
    name = "merge-blocks"

    def sites(self, module):
        return [(i, r, j) for i, op in enumerate(walk_list(module))
                for r, region in enumerate(op.regions)
                for j, block in enumerate(region.blocks) if _merge_pred(block) is not None]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed = False
        for i, r, j in sorted(sites, reverse=True):  # (later blocks first: indices stay)
            block = ops[i].regions[r].blocks[j]
            term = _merge_pred(block)
            if term is None:
                continue
            vals, dest = _forwarded(term, 0), term.parent
            term.erase()
            PatternRewriter(ctx).merge_blocks(block, dest, vals)
            changed = True
        return changed


def _hop(block):
    """Where `block` goes when it holds nothing but an argument-less unconditional branch."""
    term = block.first
    if block.args or term is None or term is not block.last or len(term.successors) != 1 \
            or term.operands or term.successors[0].args or term.successors[0] is block \
            or branch_model(term) is None:
        return None
    return term.successors[0]


class ThreadJumps:
    name = "thread-jumps"

    def sites(self, module):
        return [(i, k) for i, op in enumerate(walk_list(module)) if branch_model(op)
                for k, b in enumerate(op.successors) if _hop(b) is not None]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        regions = []
        for i, k in sites:
            op = ops[i]
            target = _hop(op.successors[k])
            if target is not None:
                op.set_successor(k, target)
                regions.append(op.parent.parent)
        for r in regions:
            erase_unreachable_blocks(r, ctx)
        return bool(regions)


def erase_unreachable_blocks(region, ctx):
    if not region.blocks:
        return
    seen, work = {id(region.blocks[0])}, [region.blocks[0]]
    while work:
        term = work.pop().last
        for s in (term.successors if term is not None else ()):
            if id(s) not in seen:
                seen.add(id(s))
                work.append(s)
    dead = [b for b in region.blocks if id(b) not in seen]
    for b in dead:
        for op in b.ops:
            op.drop_all_references()
    for b in dead:
        for op in b.ops:
            replace_results(op, ctx)  # (a use left in a reached block: cannot be, but be safe)
        b.erase()


class DropBlockArguments:
    name = "drop-block-arguments"

    def sites(self, module):
        out = []
        for i, op in enumerate(walk_list(module)):
            for r, region in enumerate(op.regions):
                for j, block in enumerate(region.blocks[1:], 1):
                    if block.args and all(branch_model(u.owner) is not None
                                          for u in block.pred_uses):
                        out.extend((i, r, j, k) for k in range(len(block.args)))
        return out

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        groups = {}
        for i, r, j, k in sites:
            groups.setdefault((i, r, j), set()).add(k)
        changed = False
        for (i, r, j), ks in sorted(groups.items()):
            block = ops[i].regions[r].blocks[j]
            preds = [successor_operands(u.owner, u.index) for u in block.pred_uses]
            if block.first is None or any(so is None or len(so) != len(block.args)
                                          for so in preds):
                continue
            for k in sorted(ks, reverse=True):
                arg = block.args[k]
                for so in preds:
                    so.erase(k)
                if arg.has_uses():
                    arg.replace_all_uses_with(replacement(block.first, arg.type, ctx,
                                                          exclude=arg))
                block.erase_argument(k)
                changed = True
        return changed
