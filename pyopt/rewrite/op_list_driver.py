"""applyOpPatternsAndFold: the greedy driver restricted to a list of ops. One pass over the
worklist, no region simplification. The strictness says which ops may enter the worklist:
ANY_OP (also the ops a change touches, and their ancestors inside the ops' common region),
EXISTING_AND_NEW (the given ops and the ops rewrites create; the default) or EXISTING (only
the given ops). A `listener` (see pyopt.rewrite.conversion.ConversionConfig.listener for the
methods) hears every change."""
from __future__ import annotations

from pyopt.rewrite.folding import OperationFolder
from pyopt.rewrite.greedy import GreedyConfig, GreedyDriver
from pyopt.rewrite.pattern import PatternSet

ANY_OP, EXISTING_AND_NEW, EXISTING = "AnyOp", "ExistingAndNewOps", "ExistingOps"


class _OpListDriver(GreedyDriver):
    def __init__(self, ctx, patterns, config, ops, strictness, listener):
        super().__init__(ctx, patterns, config, _common_region(ops))
        self.allowed = None if strictness == ANY_OP else set(ops)
        self.strictness = strictness
        self.external = listener
        self.surviving = set(ops)

    def _push(self, op):
        if self.allowed is None or op in self.allowed:
            self.worklist.push(op)

    def add_to_worklist(self, op):
        chain = []
        scope = self.scope
        while op is not None:
            chain.append(op)
            b = op.parent
            region = b.parent if b is not None else None
            if region is scope:
                for o in chain:
                    self._push(o)
                return
            if region is None:
                return
            op = region.parent

    # -- listener: track the strictness sets, then tell the caller's listener ------------------
    def _tell(self, name, *args):
        fn = getattr(self.external, name, None) if self.external is not None else None
        if fn is not None:
            fn(*args)

    def notify_op_inserted(self, op, previous=None):
        self._tell("notify_op_inserted", op, None)
        if self.strictness == EXISTING_AND_NEW:
            self.allowed.add(op)
        self.add_to_worklist(op)

    def notify_op_moved(self, op, previous):
        block, nxt = previous
        self._tell("notify_op_inserted", op, "was last in block" if nxt is None else
                   f"previous = {nxt.name}")
        if self.strictness == EXISTING_AND_NEW:
            self.allowed.add(op)
        self.add_to_worklist(op)

    def notify_block_inserted(self, block, previous_region):
        self._tell("notify_block_inserted", block, previous_region is not None)

    def notify_block_erased(self, block):
        self._tell("notify_block_erased", block)

    def notify_op_modified(self, op):
        self._tell("notify_op_modified", op)
        super().notify_op_modified(op)

    def notify_op_replaced(self, op, values):
        self._tell("notify_op_replaced", op, values)

    def notify_op_erased(self, op):
        self._tell("notify_op_erased", op)
        super().notify_op_erased(op)
        self.surviving.discard(op)
        if self.allowed is not None:
            self.allowed.discard(op)

    def run(self, ops):
        self.folder = OperationFolder(self.rewriter)
        for op in ops:
            self._push(op)
        return self.process_worklist()


def _common_region(ops):
    """The closest region holding all of `ops` (None if one of them is top-level)."""
    if not ops:
        return None
    if any(o.parent_region is None for o in ops):
        return None
    region = ops[0].parent_region
    while region is not None:
        if all(region.is_ancestor_of_region(o.parent_region) for o in ops[1:]):
            return region
        op = region.parent
        region = op.parent_region if op is not None else None
    return None


def apply_op_patterns_and_fold(ops, patterns, ctx, config=None, strictness=EXISTING_AND_NEW,
                               listener=None, result=None):
    """Returns True if anything changed. `result` (a dict) receives "all_erased": whether
    every given op was erased."""
    if not isinstance(patterns, PatternSet):
        patterns = PatternSet(patterns)
    if not ops:
        if result is not None:
            result["all_erased"] = True
        return False
    driver = _OpListDriver(ctx, patterns, config or GreedyConfig(), list(ops), strictness,
                           listener)
    changed = driver.run(ops)
    if result is not None:
        result["all_erased"] = not driver.surviving
    return changed
