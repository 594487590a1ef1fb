"""Aggressive region simplification (`region-simplify=aggressive`): merging structurally
identical blocks with the same successors (mismatched outside operands become new block
arguments fed by the predecessors) and dropping block arguments every predecessor passes the
same value for, as MLIR's RegionUtils mergeIdenticalBlocks / dropRedundantArguments do."""
from __future__ import annotations

from pyopt.ir.core import BlockArgument
from pyopt.interfaces.branch import branch_model, successor_operand_range, successor_operands


def _op_key(op):
    """What OperationEquivalence compares when values are ignored (locations too)."""
    props = tuple(sorted(op.properties.items())) if op.properties else ()
    attrs = tuple(sorted(op.attributes.items())) if op.attributes else ()
    return (op.name, props, attrs, tuple(r.type for r in op.results),
            tuple(s.value.type for s in op.operand_slots), len(op.regions),
            len(op.successor_slots))


class _BlockData:
    __slots__ = ("block", "key", "order")

    def __init__(self, block):
        self.block = block
        self.order = {}
        n = len(block.args)
        keys = []
        for op in block:
            if op.results:
                self.order[op] = n
                n += len(op.results)
            keys.append(_op_key(op))
        self.key = tuple(keys)

    def order_of(self, v):
        if isinstance(v, BlockArgument):
            return v.index
        return self.order[v.owner] + v.index


def _used_outside(op, block):
    for r in op.results:
        u = r.first_use
        while u is not None:
            if u.owner.parent is not block:
                return True
            u = u.next_use
    return False


def _is_valid_successor_arg(block, v):
    d = v.defining_op()
    pb = v.parent_block
    if d is None or d is not pb.last:
        return True
    return pb not in block.predecessors


class _Cluster:
    def __init__(self, leader):
        self.leader = leader
        self.blocks = []
        self.operands = set()  # (op index, operand index)

    def add(self, data):
        lead = self.leader
        if lead.key != data.key:
            return False
        lb, mb = lead.block, data.block
        if [a.type for a in lb.args] != [a.type for a in mb.args]:
            return False
        mismatched = []
        lops, mops = lb.ops, mb.ops
        if len(lops) != len(mops):
            return False
        for i, (lo, mo) in enumerate(zip(lops, mops)):
            for k, (ls, ms) in enumerate(zip(lo.operand_slots, mo.operand_slots)):
                lv, mv = ls.value, ms.value
                if lv is mv:
                    continue
                if lv.type is not mv.type:
                    return False
                lin, min_ = lv.parent_block is lb, mv.parent_block is mb
                if lin != min_:
                    return False
                if not lin:
                    if not _is_valid_successor_arg(lb, lv) or \
                            not _is_valid_successor_arg(mb, mv):
                        return False
                    mismatched.append((i, k))
                    continue
                if lead.order_of(lv) != data.order_of(mv):
                    return False
            if _used_outside(mo, mb) or _used_outside(lo, lb):
                return False
        self.operands.update(mismatched)
        self.blocks.append(mb)
        return True

    def merge(self, rewriter):
        if not self.blocks:
            return False
        leader = self.leader.block
        if self.operands:
            everyone = [leader] + self.blocks
            for b in everyone:
                if any(branch_model(u.owner) is None for u in b.pred_uses):
                    return False
            ops_per_block = [b.ops for b in everyone]
            new_args = [[] for _ in everyone]
            for (i, k) in sorted(self.operands):
                for bi, ops in enumerate(ops_per_block):
                    slot = ops[i].operand_slots[k]
                    new_args[bi].append(slot.value)
                    if bi == 0:
                        v = slot.value
                        a = leader.add_argument(v.type, _loc_of(v))
                        slot.set(a)
            new_args = _prune_redundant(new_args, rewriter, leader)
            for bi, b in enumerate(everyone):
                for u in list(b.pred_uses):
                    fwd = successor_operands(u.owner, u.index)
                    rewriter.modify_op_in_place(u.owner, lambda f=fwd, v=new_args[bi]: f.append(v))
        for b in self.blocks:
            for u in list(b.pred_uses):
                u.set(leader)
            rewriter.erase_block(b)
        return True


def _loc_of(v):
    if isinstance(v, BlockArgument):
        return v.loc
    return v.owner.loc


def _prune_redundant(new_args, rewriter, block):
    if not new_args or not new_args[0]:
        return new_args
    n = len(new_args[0])
    first = {}
    for j, v in enumerate(new_args[0]):
        first.setdefault(v, j)
    repl = {}
    for j in range(n):
        k = first[new_args[0][j]]
        if k != j and all(lst[k] is lst[j] for lst in new_args[1:]):
            repl[j] = k
    pruned = [[v for j, v in enumerate(lst) if j not in repl] for lst in new_args]
    base = len(block.args) - n
    for j in sorted(repl, reverse=True):
        old, new = block.args[base + j], block.args[base + repl[j]]
        rewriter.replace_all_uses_with(old, new)
    for j in sorted(repl, reverse=True):
        block.erase_argument(base + j)
    return pruned


def merge_identical_blocks(rewriter, regions):
    changed = False
    work = list(regions)
    seen = set(id(r) for r in work)
    while work:
        region = work.pop()
        seen.discard(id(region))
        if _merge_in_region(rewriter, region):
            changed = True
            if id(region) not in seen:
                work.append(region)
                seen.add(id(region))
        for b in region.blocks:
            for op in b:
                for r in op.regions:
                    if id(r) not in seen:
                        work.append(r)
                        seen.add(id(r))
    return changed


def _merge_in_region(rewriter, region):
    blocks = region.blocks
    if len(blocks) < 2:
        return False
    groups = {}
    for b in blocks[1:]:
        groups.setdefault(tuple(id(s) for s in b.successors), []).append(b)
    merged = False
    for group in groups.values():
        if len(group) == 1:
            continue
        clusters = []
        for b in group:
            if any(r.blocks for op in b for r in op.regions):
                continue
            data = _BlockData(b)
            for c in clusters:
                if c.add(data):
                    break
            else:
                clusters.append(_Cluster(data))
        for c in clusters:
            merged |= c.merge(rewriter)
    return merged


def drop_redundant_arguments(rewriter, regions):
    changed = False
    work = list(regions)
    while work:
        region = work.pop()
        for block in region.blocks:
            erase = []
            for ai, arg in enumerate(block.args):
                common, same = None, True
                for u in block.pred_uses:
                    rng = successor_operand_range(u.owner, u.index)
                    if rng is None:
                        same = False
                        break
                    v = u.owner.operand_slots[rng[0] + ai].value
                    if common is None:
                        common = v
                    elif v is not common:
                        same = False
                        break
                if common is not None and same:
                    erase.append(ai)
                    rewriter.replace_all_uses_with(arg, common)
            for ai in reversed(erase):
                block.erase_argument(ai)
                for u in list(block.pred_uses):
                    fwd = successor_operands(u.owner, u.index)
                    rewriter.modify_op_in_place(u.owner, lambda f=fwd, k=ai: f.erase(k))
            changed = bool(erase)  # MLIR keeps only the last block's result
            for op in block:
                work.extend(op.regions)
    return changed
