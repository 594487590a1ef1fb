"""Builders and the PatternRewriter: every IR mutation a pattern makes goes through here so the
driver (a Listener) can keep its worklist up to date, as MLIR's RewriterBase does."""
from __future__ import annotations

from pyopt.ir.core import Block, Operation, Region


class Listener:
    """Notified of IR changes made through a rewriter (all hooks optional)."""

    def notify_op_inserted(self, op, previous=None):
        """op was inserted (`previous`: where it was before, when it moved; a driver may
        describe it)."""

    def notify_op_moved(self, op, previous):
        """op moved from `previous` = (block, the op it preceded or None); by default the
        same as an insertion."""
        self.notify_op_inserted(op)

    def notify_block_inserted(self, block, previous_region):
        pass

    def notify_op_modified(self, op):
        pass

    def notify_op_replaced(self, op, values):
        pass

    def notify_op_erased(self, op):
        pass

    def notify_block_erased(self, block):
        pass

    def notify_match_failure(self, op, reason):
        pass


class Builder:
    """Creates ops at an insertion point: before `anchor` in `block` (anchor None: at the end)."""

    def __init__(self, ctx, listener=None):
        self.ctx = ctx
        self.listener = listener
        self.block = None
        self.anchor = None

    # -- insertion point -------------------------------------------------------------------------
    def set_insertion_point(self, op):
        """Before `op`."""
        self.block, self.anchor = op.parent, op

    set_insertion_point_before = set_insertion_point

    def set_insertion_point_after(self, op):
        self.block, self.anchor = op.parent, op.next

    def set_insertion_point_to_start(self, block):
        self.block, self.anchor = block, block.first

    def set_insertion_point_to_end(self, block):
        self.block, self.anchor = block, None

    def save(self):
        return (self.block, self.anchor)

    def restore(self, ip):
        self.block, self.anchor = ip

    # -- creation -------------------------------------------------------------------------------
    def insert(self, op):
        self._link(op)
        if self.listener is not None:
            self.listener.notify_op_inserted(op)
            for nested in _nested_ops(op):
                self.listener.notify_op_inserted(nested)
        return op

    def _link(self, op):
        """Puts op at the insertion point."""
        anchor = self.anchor
        if anchor is not None:  # (before the anchor, in whatever block it is now)
            anchor.parent.insert_before(anchor, op)
        elif self.block is not None:
            self.block.append(op)

    def create(self, name, operands=(), result_types=(), properties=None, attributes=None,
               regions=0, successors=(), loc=None):
        """Builds op `name` (registered or not) and inserts it. `regions` is a count of empty
        regions to add or a list of Regions."""
        opdef = self.ctx.ops.get(name) if self.ctx is not None else None
        props = dict(properties) if properties else {}
        attrs = dict(attributes) if attributes else {}
        if opdef is not None:
            if attrs:
                opdef.split_generic_attrs(props, attrs)  # (and fills in default properties)
            else:
                opdef.apply_defaults(props)
        elif props:
            attrs.update(props)
            props = {}
        if type(regions) is int:
            regions = [Region() for _ in range(regions)] if regions else ()
        op = Operation(name, opdef, list(operands), list(result_types), props, attrs,
                       regions, successors, loc)
        return self.insert(op)

    def clone(self, op, mapping=None):
        new = op.clone(mapping)
        listener, self.listener = self.listener, None
        try:
            self.insert(new)
        finally:
            self.listener = listener
        if listener is not None:  # the op, its blocks, then each nested op and its blocks
            listener.notify_op_inserted(new)
            _notify_blocks(listener, new)
            for r in new.regions:
                for b in r.blocks:
                    for o in b:
                        _notify_tree(listener, o)
        return new

    def clone_region_before(self, region, dest_region, before_block=None):
        """Clones `region`'s blocks into `dest_region` before `before_block` (None: end)."""
        from pyopt.ir.core import Region as _Region
        tmp = _Region()
        region.clone_into(tmp, {})
        blocks = tmp.blocks
        tmp.blocks = []
        pos = len(dest_region.blocks) if before_block is None else \
            dest_region.blocks.index(before_block)
        for b in blocks:
            b.parent = dest_region
        dest_region.blocks[pos:pos] = blocks
        if self.listener is not None:
            for b in blocks:
                self.listener.notify_block_inserted(b, None)
                for o in b:
                    _notify_tree(self.listener, o)
        return blocks

    def create_block(self, region, arg_types=(), arg_locs=None, before=None):
        b = Block(arg_types, arg_locs)
        b.parent = region
        if before is None:
            region.blocks.append(b)
        else:
            region.blocks.insert(region.blocks.index(before), b)
        self.set_insertion_point_to_end(b)
        if self.listener is not None:
            self.listener.notify_block_inserted(b, None)
        return b


def _notify_blocks(listener, op):
    for r in op.regions:
        for b in r.blocks:
            listener.notify_block_inserted(b, None)


def _notify_tree(listener, op):
    """Pre-order: each op, then the blocks of its regions, then what they hold."""
    listener.notify_op_inserted(op)
    _notify_blocks(listener, op)
    for r in op.regions:
        for b in r.blocks:
            for o in b:
                _notify_tree(listener, o)


def _nested_ops(op):
    it = op.walk_ops()
    next(it)
    return list(it)


class PatternRewriter(Builder):
    """The rewriter patterns receive (MLIR's PatternRewriter / RewriterBase)."""

    # -- replacement and erasure ----------------------------------------------------------------
    def replace_all_uses_with(self, old, new):
        listener = self.listener
        u = old.first_use
        while u is not None:
            nxt = u.next_use
            if listener is not None:
                listener.notify_op_modified(u.owner)
            u.set(new)
            u = nxt

    def replace_all_block_uses_with(self, old, new):
        """Every successor use of block `old` becomes `new` (each user is modified)."""
        for u in reversed(old.pred_uses):  # (newest use first, as MLIR's use lists)
            if self.listener is not None:
                self.listener.notify_op_modified(u.owner)
            u.set(new)

    def replace_all_op_uses_with(self, op, values):
        """op's results are replaced by `values` in all their uses; op stays."""
        values = values.results if isinstance(values, Operation) else list(values)
        if self.listener is not None:
            self.listener.notify_op_replaced(op, values)
        for r, v in zip(op.results, values):
            self.replace_all_uses_with(r, v)

    def replace_uses_if(self, old, new, pred):
        u = old.first_use
        while u is not None:
            nxt = u.next_use
            if pred(u):
                if self.listener is not None:
                    self.listener.notify_op_modified(u.owner)
                u.set(new)
            u = nxt

    def replace_op(self, op, new):
        """Replaces op's results with `new` (values, or an op whose results are used) and
        erases op."""
        values = new.results if isinstance(new, Operation) else list(new)
        if len(values) != len(op.results):
            raise ValueError(f"replace_op: {op.name} has {len(op.results)} results, got "
                             f"{len(values)} replacements")
        if self.listener is not None:
            self.listener.notify_op_replaced(op, values)
        for r, v in zip(op.results, values):
            if v is not None:
                self.replace_all_uses_with(r, v)
        self.erase_op(op)

    def replace_op_with_new_op(self, op, name, *args, **kw):
        self.set_insertion_point(op)
        kw.setdefault("loc", op.loc)
        new = self.create(name, *args, **kw)
        self.replace_op(op, new)
        return new

    def erase_op(self, op):
        """Erases op and everything nested in it. Listeners hear users before definitions,
        as MLIR: regions last to first, blocks in post-order of the CFG (successors first),
        each block's ops last to first, an op after what it holds."""
        listener = self.listener
        if listener is not None:
            self._erase_nested(op, listener)
        op.erase()

    def _erase_nested(self, op, listener):
        for r in reversed(op.regions):
            for blocks in _post_order_blocks(r):
                for b in blocks:
                    for nested in reversed(b.ops):
                        self._erase_nested(nested, listener)
                for b in blocks:
                    listener.notify_block_erased(b)
        listener.notify_op_erased(op)

    def erase_block(self, block):
        for op in reversed(block.ops):
            for r in op.results:
                for u in list(r.uses()):
                    if u.owner.parent is not block:
                        raise ValueError("erase_block: a value of the block is still used")
            self.erase_op(op)
        if self.listener is not None:
            self.listener.notify_block_erased(block)
        for u in list(block.pred_uses):
            u.drop()
        block.parent.blocks.remove(block)
        block.parent = None

    # -- in-place modification ------------------------------------------------------------------
    def modify_op_in_place(self, op, fn=None):
        """Calls fn() (which changes op's operands, attributes, ...) and notifies."""
        if fn is not None:
            fn()
        if self.listener is not None:
            self.listener.notify_op_modified(op)

    start_op_modification = lambda self, op: None  # noqa: E731
    finalize_op_modification = modify_op_in_place

    def notify_match_failure(self, op, reason):
        if self.listener is not None:
            self.listener.notify_match_failure(op, reason)
        return False

    # -- moving ops, blocks and regions ---------------------------------------------------------
    def move_op_before(self, op, anchor):
        previous = (op.parent, op.next)
        op.move_before(anchor)
        if self.listener is not None:
            self.listener.notify_op_moved(op, previous)

    def move_op_after(self, op, anchor):
        previous = (op.parent, op.next)
        op.move_after(anchor)
        if self.listener is not None:
            self.listener.notify_op_moved(op, previous)

    def inline_region_before(self, region, dest_region, before_block=None):
        """Moves all blocks of `region` into `dest_region` before `before_block` (end: None)."""
        blocks = region.blocks
        region.blocks = []
        pos = len(dest_region.blocks) if before_block is None else \
            dest_region.blocks.index(before_block)
        for b in blocks:
            b.parent = dest_region
        dest_region.blocks[pos:pos] = blocks
        if self.listener is not None:
            for b in blocks:
                for op in b:
                    self.listener.notify_op_inserted(op)

    def inline_block_before(self, source, dest_block, before_op=None, arg_values=()):
        """Moves the ops of `source` into `dest_block` before `before_op` (end: None),
        replacing its arguments with `arg_values`, and erases `source`."""
        for a, v in zip(source.args, arg_values):
            self.replace_all_uses_with(a, v)
        op = source.first
        while op is not None:
            nxt = op.next
            source._unlink(op)
            if before_op is None:
                dest_block.append(op)
            else:
                dest_block.insert_before(before_op, op)
            if self.listener is not None:
                self.listener.notify_op_moved(op, (source, nxt))
            op = nxt
        if source.parent is not None:
            self.erase_block(source)

    def merge_blocks(self, source, dest, arg_values=()):
        """Appends the ops of `source` to `dest` (source's args replaced) and erases source."""
        self.inline_block_before(source, dest, None, arg_values)

    def split_block(self, block, before_op):
        """Splits `block` before `before_op`; returns the new block holding the tail."""
        if self.listener is not None:  # a new block, then the tail moved op by op from the end
            region = block.parent
            nb = Block()
            region.blocks.insert(region.blocks.index(block) + 1, nb)
            nb.parent = region
            self.listener.notify_block_inserted(nb, None)
            if before_op is None:
                return nb
            while before_op.parent is not nb:
                op = block.last
                block._unlink(op)
                if nb.first is None:
                    nb.append(op)
                else:
                    nb.insert_before(nb.first, op)
                self.listener.notify_op_moved(op, (block, None))
            return nb
        if before_op is None:
            nb = Block()
            region = block.parent
            region.blocks.insert(region.blocks.index(block) + 1, nb)
            nb.parent = region
            return nb
        return block.split_before(before_op)


def _post_order_blocks(region):
    """The region's blocks in rounds, successors before predecessors: a post-order from the
    entry block, then from the first block left, until none is left."""
    rounds = []
    seen = set()
    for start in region.blocks:
        if start in seen:
            continue
        seen.add(start)
        out = []
        rounds.append(out)
        stack = [(start, iter(_successors(start)))]
        while stack:
            b, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                out.append(b)
            elif nxt not in seen and nxt.parent is region:
                seen.add(nxt)
                stack.append((nxt, iter(_successors(nxt))))
    return rounds


def _successors(block):
    t = block.last
    return list(t.successors) if t is not None else []
