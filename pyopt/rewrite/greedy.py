"""The greedy pattern rewrite driver (MLIR's applyPatternsAndFoldGreedily).

Per iteration: walk the region (pre-order when top-down, else post-order) uniquing and hoisting
constants (OperationFolder) and filling the worklist; then pop ops: erase trivially dead ones,
fold (materializing constants before the op), else apply the best matching pattern. Every
change made through the rewriter re-enqueues the touched ops (and their ancestors inside the
scope). Afterwards the region is simplified (unreachable blocks, dead values and block
arguments). Iterate until nothing changes or `max_iterations` is reached.
"""
from __future__ import annotations

from pyopt.ir.gc_policy import collector_paused
from pyopt.rewrite.folding import (OperationFolder, constant_value, fold_op, is_trivially_dead,
                      materialize_constant, would_be_trivially_dead)
from pyopt.rewrite.pattern import PatternSet
from pyopt.rewrite.rewriter import Listener, PatternRewriter
from pyopt.ir.opdef import COMMUTATIVE, CONSTANT_LIKE
from pyopt.ir.core import Value
from pyopt.interfaces.branch import branch_model, successor_operand_range, successor_operands

NO_LIMIT = -1


class GreedyConfig:
    def __init__(self, top_down=True, max_iterations=10, max_num_rewrites=NO_LIMIT,
                 region_simplification="normal", fold=True):
        self.top_down = top_down
        self.max_iterations = max_iterations
        self.max_num_rewrites = max_num_rewrites
        self.region_simplification = region_simplification  # disabled / normal / aggressive
        self.fold = fold


class Worklist:
    """A stack of ops without duplicates; removal leaves a hole (O(1))."""
    __slots__ = ("items", "index")

    def __init__(self):
        self.items = []
        self.index = {}

    def push(self, op):
        if op not in self.index:
            self.index[op] = len(self.items)
            self.items.append(op)

    def pop(self):
        items = self.items
        while items:
            op = items.pop()
            if op is not None:
                del self.index[op]
                return op
        return None

    def remove(self, op):
        i = self.index.pop(op, None)
        if i is not None:
            self.items[i] = None

    def reverse(self):
        self.items.reverse()
        n = len(self.items) - 1
        self.index = {op: n - i for op, i in self.index.items()}

    def clear(self):
        self.items = []
        self.index = {}

    def __bool__(self):
        return bool(self.index)


class GreedyDriver(Listener):
    def __init__(self, ctx, patterns: PatternSet, config: GreedyConfig, region):
        self.ctx = ctx
        self.patterns = patterns
        self.config = config
        self.scope = region
        self.worklist = Worklist()
        self.rewriter = PatternRewriter(ctx, self)
        self.folder = None
        self.num_rewrites = 0

    # -- listener ------------------------------------------------------------------------------
    def add_to_worklist(self, op):
        chain = []
        scope = self.scope
        while op is not None:
            chain.append(op)
            b = op.parent
            region = b.parent if b is not None else None
            if region is scope:
                for o in chain:
                    self.worklist.push(o)
                return
            if region is None:
                return
            op = region.parent

    def notify_op_inserted(self, op, previous=None):
        self.add_to_worklist(op)

    def notify_op_modified(self, op):
        self.add_to_worklist(op)

    def notify_op_erased(self, op):
        # operands left with at most one other user may now fold or die
        for s in op.operand_slots:
            v = s.value
            if v is None:
                continue
            d = v.defining_op()
            if d is None:
                continue
            other = None
            many = False
            u = v.first_use
            while u is not None:
                user = u.owner
                if user is not op and user is not other:
                    if other is None:
                        other = user
                    else:
                        many = True
                        break
                u = u.next_use
            if not many:
                self.add_to_worklist(d)
        self.worklist.remove(op)
        if self.folder is not None:
            self.folder.notify_removal(op)

    # -- driver ---------------------------------------------------------------------------------
    def simplify(self):
        """Returns True when the rewrite converged."""
        config = self.config
        region = self.scope
        iteration = 0
        pm = getattr(self.ctx, "pass_manager", None)
        logging = pm is not None and getattr(pm, "_log", None) is not None  # --log-actions-to
        while True:
            iteration += 1
            if config.max_iterations != NO_LIMIT and iteration > config.max_iterations:
                return False
            if logging:
                pm.log_region_action_begin(f"GreedyPatternRewriteIteration({iteration})", region)
                try:
                    changed = self._iterate(config, region)
                finally:
                    pm.log_action_end("GreedyPatternRewriteIteration")
            else:
                changed = self._iterate(config, region)
            if not changed:
                return True

    def _iterate(self, config, region):
        """One pass over the region; True if anything changed."""
        self.worklist.clear()
        self.folder = folder = OperationFolder(self.rewriter)

        def known_constant(op):
            v = constant_value(op)
            return v is not None and not folder.insert_known_constant(op, v)

        if not config.top_down:
            for b in list(region.blocks):
                for op in list(b):
                    self._post_order(op, known_constant)
        else:
            for b in list(region.blocks):
                for op in list(b):
                    self._pre_order(op, known_constant)
            self.worklist.reverse()
        changed = self.process_worklist()
        if config.region_simplification != "disabled":
            changed |= simplify_regions(self.rewriter, [region],
                                        config.region_simplification == "aggressive")
        return changed

    def _pre_order(self, op, known_constant):
        if known_constant(op):
            return
        self.add_to_worklist(op)
        for r in op.regions:
            for b in r.blocks:
                for o in list(b):
                    self._pre_order(o, known_constant)

    def _post_order(self, op, known_constant):
        for r in op.regions:
            for b in r.blocks:
                for o in list(b):
                    self._post_order(o, known_constant)
        if not known_constant(op):
            self.add_to_worklist(op)

    def process_worklist(self):
        changed = False
        rewriter = self.rewriter
        config = self.config
        wl = self.worklist
        patterns = self.patterns
        self.num_rewrites = 0  # the limit is per iteration, as MLIR's
        while wl and (config.max_num_rewrites == NO_LIMIT
                      or self.num_rewrites < config.max_num_rewrites):
            op = wl.pop()
            if op is None:
                break
            if is_trivially_dead(op):
                rewriter.erase_op(op)
                changed = True
                continue
            d = op.opdef
            if config.fold and d is not None and (d.fold is not None or COMMUTATIVE in d.traits) \
                    and CONSTANT_LIKE not in d.traits:
                res = fold_op(op)
                if res is not None:
                    if not res:
                        self.notify_op_modified(op)
                        changed = True
                        continue
                    if self._replace_with_fold(op, res):
                        changed = True
                        continue
            for p in patterns.for_op(op.name):
                ip = rewriter.save()
                rewriter.set_insertion_point(op)
                try:
                    ok = p.match_and_rewrite(op, rewriter)
                finally:
                    rewriter.restore(ip)
                if ok:
                    changed = True
                    self.num_rewrites += 1
                    break
        return changed

    def _replace_with_fold(self, op, results):
        rewriter = self.rewriter
        rewriter.set_insertion_point(op)
        values, created = [], []
        for r, res in zip(op.results, results):
            if isinstance(res, Value):
                values.append(res)
                continue
            c = materialize_constant(rewriter, self.ctx, op.opdef.dialect_name, res, r.type,
                                     op.loc)
            if c is None:
                for x in created:
                    rewriter.erase_op(x)
                return False
            created.append(c)
            values.append(c.results[0])
        rewriter.replace_op(op, values)
        return True


def apply_patterns_greedily(op_or_region, patterns, ctx, config=None):
    """Runs the driver on each region of an op (or on one region); True if it converged."""
    if config is None:
        config = GreedyConfig()
    if not isinstance(patterns, PatternSet):
        patterns = PatternSet(patterns)
    regions = op_or_region.regions if hasattr(op_or_region, "regions") else [op_or_region]
    converged = True
    with collector_paused():
        for r in regions:
            converged &= GreedyDriver(ctx, patterns, config, r).simplify()
    return converged


# -- region simplification ---------------------------------------------------------------------
def simplify_regions(rewriter, regions, merge_blocks=False):
    changed = erase_unreachable_blocks(rewriter, regions)
    changed |= run_region_dce(rewriter, regions)
    if merge_blocks:  # region-simplify=aggressive
        from pyopt.rewrite.block_merge import merge_identical_blocks, drop_redundant_arguments
        changed |= merge_identical_blocks(rewriter, regions)
        changed |= drop_redundant_arguments(rewriter, regions)
    return changed


def erase_unreachable_blocks(rewriter, regions):
    changed = False
    work = list(regions)
    while work:
        region = work.pop()
        blocks = region.blocks
        if not blocks:
            continue
        if len(blocks) == 1:
            for op in blocks[0]:
                work.extend(op.regions)
            continue
        reachable = {blocks[0]}
        stack = [blocks[0]]
        while stack:
            b = stack.pop()
            for s in b.successors:
                if s not in reachable:
                    reachable.add(s)
                    stack.append(s)
        for b in list(blocks):
            if b not in reachable:
                _erase_dead_block(rewriter, b)
                changed = True
            else:
                for op in b:
                    work.extend(op.regions)
    return changed


def _erase_dead_block(rewriter, block):
    # values of an unreachable block may be used by other unreachable blocks: drop first
    for op in block:
        for r in op.results:
            for u in list(r.uses()):
                u._unlink()
                u.owner.operand_slots[u.index] = _Dropped()
    for a in block.args:
        for u in list(a.uses()):
            u._unlink()
            u.owner.operand_slots[u.index] = _Dropped()
    for op in reversed(block.ops):
        rewriter.erase_op(op)
    if rewriter.listener is not None:
        rewriter.listener.notify_block_erased(block)
    for u in list(block.pred_uses):
        u.drop()
    block.parent.blocks.remove(block)
    block.parent = None


class _Dropped:
    """Placeholder for an operand slot whose value is being erased with it."""
    __slots__ = ()
    value = None

    def _unlink(self):
        pass


def run_region_dce(rewriter, regions):
    """Deletes dead ops and dead non-entry block arguments (liveness over the regions)."""
    live = set()
    # fixpoint: an op is live if it has effects or a live result; a value is live if used by a
    # live op (a forwarded branch operand only keeps its target block argument's liveness)
    while True:
        changed = False
        for region in regions:
            changed |= _propagate(region, live)
        if not changed:
            break
    return _delete_dead(rewriter, regions, live)


def _is_use_live(u, live):
    owner = u.owner
    if owner not in live:
        return False
    if owner.successor_slots and branch_model(owner) is not None:
        # a forwarded operand is only as live as the block argument it becomes
        for i in range(len(owner.successor_slots)):
            start, n = successor_operand_range(owner, i)
            if start <= u.index < start + n:
                return owner.successor_slots[i].block.args[u.index - start] in live
    return True


def _value_live(v, live):
    if v in live:
        return True
    u = v.first_use
    while u is not None:
        if _is_use_live(u, live):
            live.add(v)
            return True
        u = u.next_use
    return False


def _propagate(region, live):
    changed = False
    for b in reversed(region.blocks):
        if not b.is_entry_block():
            for a in b.args:
                if a not in live and _value_live(a, live):
                    changed = True
        op = b.last
        while op is not None:
            if op not in live:
                if not would_be_trivially_dead(op) or op.opdef is None or \
                        any(_value_live(r, live) for r in op.results):
                    live.add(op)
                    changed = True
                    if op.successor_slots and branch_model(op) is None and \
                            op.opdef is not None and op.opdef.is_terminator:
                        # a terminator that is no branch we can edit: what it forwards must
                        # stay (MLIR's propagateTerminatorLiveness; like MLIR, an unregistered
                        # op's successors get no such protection)
                        for s in op.successors:
                            live.update(s.args)
            for r in op.regions:
                changed |= _propagate(r, live)
            op = op.prev
        if b.is_entry_block():
            for a in b.args:
                live.add(a)
    return changed


def _delete_dead(rewriter, regions, live):
    changed = False
    for region in regions:
        # dead block arguments first, with the operands branches forward to them, so that no
        # dead op erased below is still used by a branch (MLIR erases successor operands
        # before the ops of each block for the same reason)
        for b in region.blocks:
            if not b.is_entry_block() and b.args:
                dead = [i for i, a in enumerate(b.args) if a not in live]
                for i in reversed(dead):
                    for u in list(b.pred_uses):
                        fwd = successor_operands(u.owner, u.index)
                        if fwd is not None:
                            rewriter.modify_op_in_place(u.owner, lambda f=fwd, k=i: f.erase(k))
                    b.erase_argument(i)
                    changed = True
        for b in region.blocks:
            op = b.last
            while op is not None:
                prev = op.prev
                if op not in live:
                    rewriter.erase_op(op)
                    changed = True
                else:
                    changed |= _delete_dead(rewriter, op.regions, live)
                op = prev
    return changed
