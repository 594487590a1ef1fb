"""The ConversionPatternRewriter: every IR change a conversion pattern makes is recorded in a
journal so a failed pattern (or a failed conversion) can be undone, in reverse order.

As in MLIR, replacement is lazy: `replace_op` only records `result -> new value` in a mapping
and marks the op (and everything nested in it) as ignored; uses are rewired and replaced ops
erased when the conversion commits. Conversion patterns therefore see their operands through
the mapping (the adaptor). Type mismatches left at commit time are bridged with
`builtin.unrealized_conversion_cast` ops ("unresolved materializations") that the type
converter's materialization callbacks then replace, or that fold away.
"""
from __future__ import annotations

from pyopt.ir.core import Block, Operation
from pyopt.rewrite.rewriter import PatternRewriter

CAST = "builtin.unrealized_conversion_cast"
SOURCE, TARGET, ARGUMENT = "source", "target", "argument"


class OpAdaptor:
    """The converted operands of an op: `adaptor.operands` (flat list), `adaptor[i]`, and
    `adaptor.<group name>` (a value, or a list for variadic groups), like ODS's OpAdaptor."""
    __slots__ = ("op", "operands")

    def __init__(self, op, operands):
        self.op = op
        self.operands = operands

    def __getitem__(self, i):
        return self.operands[i]

    def __len__(self):
        return len(self.operands)

    def __iter__(self):
        return iter(self.operands)

    def __getattr__(self, name):
        opdef = self.op.opdef
        acc = opdef.accessors.get(name) if opdef is not None else None
        if acc is None or acc[0] != "operand":
            if acc is not None:  # results, attributes, regions: read from the op
                return self.op.opdef.get_group(self.op, acc[0], acc[1]) \
                    if acc[0] in ("result",) else self.op.get_attr(name)
            raise AttributeError(name)
        index = acc[1]
        start, n = opdef.group_ranges(self.op, "operand")[index]
        vals = self.operands[start:start + n]
        if opdef.operands[index].kind == "*":
            return vals
        return vals[0] if vals else None


# kinds of journal tuples (see _undo)
_MAPPED, _REPLACED, _BLOCK_ADDED, _BLOCK_ERASED, _BLOCK_MOVED = (
    "mapped", "replaced", "block added", "block erased", "block moved")

# Bookkeeping that only grows while patterns run, rolled back by truncation to the lengths a
# state recorded (dicts newest first, by popitem): it needs no journal entries, which a
# conversion would keep alive for every op until it commits. Lists and insertion-ordered
# dicts only; nothing is removed from them but by a rollback.
_GROWING = ("created", "modified", "mapping", "replaced", "ignored", "materializations",
            "target_casts", "converted_args", "dead_blocks", "moved_blocks")


class ConversionPatternRewriter(PatternRewriter):
    def __init__(self, ctx):
        super().__init__(ctx, None)
        self.journal = []        # undo entries of IR changes, applied in reverse
        self.mapping = {}        # replaced value -> replacement (None: erased)
        self.replaced = {}       # replaced/erased op -> the type converter of its pattern
        self.ignored = {}        # (an ordered set) replaced ops, their nested ops, ops of
        #                          erased blocks
        self.created = []        # ops inserted (for recursive legalization)
        self.modified = []       # ops modified in place
        self.materializations = {}  # cast op -> (kind, converter), in creation order
        self.target_casts = {}   # (value, type) -> cast result (one target cast per pair)
        self.result_casts = {}   # cast back to a replaced result's type -> (op, result index)
        self.converted_args = []  # (old BlockArgument, converter, held cast or None) of
        #                           converted blocks (see apply_signature_conversion)
        self.dead_blocks = []    # blocks emptied by signature conversion or erased
        self.converter = None    # the type converter of the pattern being applied
        self.match_failures = []  # (op, reason) of patterns that declined
        self._pending_mod = {}   # op -> snapshot (start_op_modification)
        self.current_op = None   # the op whose pattern is running
        self.moved_blocks = []   # blocks created or moved by patterns, in order
        # region -> the converter that converted its block signatures (kept on rollback, as
        # MLIR's regionToConverter): blocks later moved into it are converted by it too
        self.region_converters = {}
        # With a listener (ConversionConfig.listener), the changes to report when the
        # conversion commits, in order (see driver._notify_listener); None: nobody listens.
        self.events = None
        # the journal and the _GROWING containers, whose lengths make a state (never rebound)
        self._tracked = (self.journal,) + tuple(getattr(self, n) for n in _GROWING)

    def _new_blocks(self, blocks):
        """Blocks a pattern created or moved: their arguments are legalized with it."""
        self.moved_blocks.extend(blocks)

    def _notify(self, event):
        events = self.events
        if events is not None:
            events.append(event)
            self.journal.append(events.pop)

    # -- journal --------------------------------------------------------------------------------
    def state(self):
        """What `rollback` returns to: the journal's length, then the lengths of _GROWING
        (state[1]: of `created`, state[2]: of `modified`)."""
        return tuple(map(len, self._tracked))

    def rollback(self, state):
        """Undoes every change recorded after `state` (newest first)."""
        journal = self.journal
        while len(journal) > state[0]:
            e = journal.pop()
            if type(e) is tuple:
                self._undo(e)
            elif isinstance(e, Operation):  # an inserted op without regions
                e.drop_all_references()
                if e.parent is not None:
                    e.parent._unlink(e)
            else:
                e()
        # (after the journal: it restores overwritten entries of the growing dicts)
        for c, n in zip(self._tracked[1:], state[1:]):
            if type(c) is list:
                del c[n:]
            else:
                for _ in range(len(c) - n):
                    c.popitem()

    def rollback_all(self):
        self.rollback((0,) * (len(_GROWING) + 1))

    # Journal entries: inserted ops (undone by unlinking them), undo callables, and for the
    # frequent changes small tuples: (_MAPPED, value, its previous replacement), (_REPLACED,
    # op, the previous converter): overwritten entries of `mapping` and `replaced`;
    # (_BLOCK_ADDED, block), (_BLOCK_ERASED, region, index, block), (_BLOCK_MOVED, from, to):
    # the ops and predecessors of a block moved to another.
    def _undo(self, e):
        kind = e[0]
        if kind is _MAPPED:
            self.mapping[e[1]] = e[2]
        elif kind is _REPLACED:
            self.replaced[e[1]] = e[2]
        elif kind is _BLOCK_ADDED:
            _remove_block(e[1])
        elif kind is _BLOCK_ERASED:
            e[1].blocks.insert(e[2], e[3])
            e[3].parent = e[1]
        else:  # (the journal's order ensures `to` holds just what was moved)
            _move_contents(e[2], e[1])

    def _log(self, undo):
        self.journal.append(undo)

    # -- value mapping --------------------------------------------------------------------------
    def lookup(self, v):
        """The newest replacement of `v` (v itself when not replaced; None when erased)."""
        m = self.mapping
        while v is not None and v in m:
            v = m[v]
        return v

    def lookup_of_type(self, v, type_):
        """The newest replacement of `v` that has type `type_` (None if none has)."""
        m = self.mapping
        found = None
        while v is not None:
            if v.type is type_:
                found = v
            if v not in m:
                break
            v = m[v]
        return found

    def _map(self, old, new):
        m = self.mapping
        if old in m:
            self.journal.append((_MAPPED, old, m[old]))
        m[old] = new

    def is_ignored(self, op):
        return op in self.ignored

    def _ignore_nested(self, op, include_op=True):
        """Marks `op` (unless not `include_op`) and the ops nested in it as ignored."""
        ign = self.ignored
        for o in op.walk_ops():
            if o not in ign and (include_op or o is not op):
                ign[o] = None

    # -- creation -------------------------------------------------------------------------------
    def insert(self, op):
        self._link(op)  # (Builder.insert without a listener: this rewriter has none)
        if self.events is not None and op.name != CAST:
            self._notify(("inserted", op, None))
        if not op.regions:  # (the common case: no nested ops; the op is its undo entry)
            self.created.append(op)
            self.journal.append(op)
            return op
        created = [op] + [o for r in op.regions for b in r.blocks for o in _walk(b)]
        self.created.extend(created)

        def undo():
            for o in reversed(created):
                o.drop_all_references()
            if op.parent is not None:
                op.parent._unlink(op)
        self._log(undo)
        return op

    def create_block(self, region, arg_types=(), arg_locs=None, before=None):
        b = super().create_block(region, arg_types, arg_locs, before)
        self.journal.append((_BLOCK_ADDED, b))
        self._new_blocks([b])
        self._notify(("block_inserted", [b], False))
        return b

    # -- replacement ----------------------------------------------------------------------------
    def replace_op(self, op, new):
        values = new if type(new) is list else \
            new.results if hasattr(new, "results") else list(new)
        results = op.results
        if len(values) != len(results):
            raise ValueError(f"replace_op: {op.name} has {len(results)} results, got "
                             f"{len(values)} replacements")
        for r, v in zip(results, values):
            self._map(r, v)
        self._mark_replaced(op)

    def erase_op(self, op):
        for r in op.results:
            self._map(r, None)
        self._mark_replaced(op)

    def _mark_replaced(self, op):
        replaced = self.replaced
        if op in replaced:
            self.journal.append((_REPLACED, op, replaced[op]))
        replaced[op] = self.converter
        if self.events is not None:
            self._notify(("replaced", op))
        if not op.regions:  # (the common case)
            self.ignored.setdefault(op)
        else:
            self._ignore_nested(op)

    def replace_all_uses_with(self, old, new):
        self.replace_uses_if(old, new, lambda u: True)

    def replace_uses_if(self, old, new, pred):
        changed = []
        u = old.first_use
        while u is not None:
            nxt = u.next_use
            if pred(u):
                changed.append(u)
                u.set(new)
            u = nxt

        def undo():
            for use in reversed(changed):
                use.set(old)
        self._log(undo)

    def replace_uses_of_block_argument(self, arg, new):
        self._map(arg, new)
        self._notify(("arg_replaced", arg))

    # -- in-place modification ------------------------------------------------------------------
    def start_op_modification(self, op):
        self._pending_mod[op] = _snapshot(op)

    def finalize_op_modification(self, op):
        snap = self._pending_mod.pop(op, None)
        if snap is None:
            return
        self._log(lambda: _restore(op, snap))
        self.modified.append(op)
        if self.events is not None:
            self._notify(("modified", op))

    def cancel_op_modification(self, op):
        snap = self._pending_mod.pop(op, None)
        if snap is not None:
            _restore(op, snap)

    def modify_op_in_place(self, op, fn=None):
        snap = _snapshot(op)
        if fn is not None:
            fn()
        self._log(lambda: _restore(op, snap))
        self.modified.append(op)
        if self.events is not None:
            self._notify(("modified", op))

    def notify_match_failure(self, op, reason):
        self.match_failures.append((op, reason() if callable(reason) else reason))
        return False

    # -- moving ---------------------------------------------------------------------------------
    def _log_position(self, op):
        block, nxt = op.parent, op.next

        def undo():
            if op.parent is not None:
                op.parent._unlink(op)
            if nxt is not None and nxt.parent is block:
                block.insert_before(nxt, op)
            else:
                block.append(op)
        return undo

    def move_op_before(self, op, anchor):
        undo = self._log_position(op)
        op.move_before(anchor)
        self._log(undo)
        self._notify(("inserted", op, "was linked, exact position unknown"))

    def move_op_after(self, op, anchor):
        undo = self._log_position(op)
        op.move_after(anchor)
        self._log(undo)
        self._notify(("inserted", op, "was linked, exact position unknown"))

    def inline_region_before(self, region, dest_region, before_block=None):
        blocks = region.blocks
        region.blocks = []
        pos = len(dest_region.blocks) if before_block is None else \
            dest_region.blocks.index(before_block)
        for b in blocks:
            b.parent = dest_region
        dest_region.blocks[pos:pos] = blocks

        def undo():
            ids = set(map(id, blocks))
            dest_region.blocks = [b for b in dest_region.blocks if id(b) not in ids]
            region.blocks = blocks
            for b in blocks:
                b.parent = region
        self._log(undo)
        self._new_blocks(blocks)
        self._notify(("block_inserted", blocks, True))

    def inline_block_before(self, source, dest_block, before_op=None, arg_values=()):
        for a, v in zip(source.args, arg_values):
            self.replace_all_uses_with(a, v)
        moved = []
        op = source.first
        while op is not None:
            nxt = op.next
            source._unlink(op)
            if before_op is None:
                dest_block.append(op)
            else:
                dest_block.insert_before(before_op, op)
            moved.append(op)
            op = nxt

        def undo():
            for o in moved:
                o.parent._unlink(o)
                source.append(o)
        self._log(undo)
        if source.parent is not None:
            self.erase_block(source)

    def erase_block(self, block):
        """Detaches `block` (its ops become ignored); it is dropped at commit."""
        region = block.parent
        idx = region.blocks.index(block)
        del region.blocks[idx]
        block.parent = None
        ign = self.ignored
        for o in _walk(block):
            ign.setdefault(o)
        self.dead_blocks.append(block)
        self._notify(("block_erased", block))
        self.journal.append((_BLOCK_ERASED, region, idx, block))

    def split_block(self, block, before_op):
        region = block.parent
        nb = Block()
        region.blocks.insert(region.blocks.index(block) + 1, nb)
        nb.parent = region
        cur = before_op
        while cur is not None:
            nxt = cur.next
            block._unlink(cur)
            nb.append(cur)
            cur = nxt

        def undo():
            o = nb.first
            while o is not None:
                nxt = o.next
                nb._unlink(o)
                block.append(o)
                o = nxt
            _remove_block(nb)
        self._log(undo)
        return nb

    # -- type conversion of blocks --------------------------------------------------------------
    def apply_signature_conversion(self, block, conversion, converter=None):
        """Replaces `block` by a new block whose arguments are `conversion`'s types; the ops
        move over and old arguments map to the new ones (an argument materialization joins
        1:N arguments, built by `converter`'s materializations). Returns the new block."""
        region = block.parent
        if [a.type for a in block.args] == conversion.converted_types and \
                conversion.keeps_inputs(len(block.args)):
            return block  # (nothing changes)
        new = Block(conversion.converted_types,
                    [block.args[0].loc if block.args else None] *
                    len(conversion.converted_types) if block.args else None)
        new.parent = region
        idx = region.blocks.index(block)
        region.blocks.insert(idx, new)
        self.journal.append((_BLOCK_ADDED, new))
        self._notify(("block_inserted", [new], False))
        _move_contents(block, new)
        self.journal.append((_BLOCK_MOVED, block, new))
        if self.events is not None:
            for o in new:
                self._notify(("inserted", o, "was linked, exact position unknown"))
        ip = self.save()
        for i, old in enumerate(block.args):
            m = conversion.get_input_mapping(i)
            if m is None:
                continue
            held = None
            if m[0] == "value":
                self._map(old, m[1])
            else:
                start, n = m
                # Every argument's materialization goes to the block's start as the argument
                # is converted, as MLIR's: later arguments' come first, and ops a pattern
                # puts at the block's start later come before them all.
                self.set_insertion_point_to_start(new)
                # (Without a converter a changed type stays an unresolved cast: nothing can
                # materialize it, so it must die before the conversion ends.)
                if n == 1 and (new.args[start].type is old.type or converter is not None and
                               converter.convert_type(old.type) is new.args[start].type):
                    arg = new.args[start]
                    self._map(old, arg)  # (patterns see the new argument itself)
                    if arg.type is not old.type:
                        # Held in MLIR's place for the cast back to the old type that the
                        # old argument needs if it keeps live users (see driver._commit);
                        # erased unused otherwise.
                        held = self._unresolved(SOURCE, [arg], old.type, old.loc,
                                                converter).defining_op()
                else:
                    cast = self._unresolved(ARGUMENT, new.args[start:start + n], old.type,
                                            old.loc, converter)
                    self._map(old, cast)
            self.converted_args.append((old, converter, held))
            self._notify(("arg_replaced", old))
        self.restore(ip)
        self._notify(("block_users", new))
        self.erase_block(block)
        return new

    def convert_region_types(self, region, converter, entry_conversion=None):
        """Converts the argument types of every block of `region` (the other blocks first,
        then the entry block, by `entry_conversion` when given). Returns the new entry block
        (None: a type is not convertible; nothing is changed then)."""
        self.region_converters[region] = converter
        if not region.blocks:
            return None
        blocks = list(region.blocks)
        convs = [entry_conversion if entry_conversion is not None else
                 converter.convert_block_signature(blocks[0])]
        convs += [converter.convert_block_signature(b) for b in blocks[1:]]
        if any(c is None for c in convs):
            return None
        for b, conv in zip(blocks[1:], convs[1:]):
            self.apply_signature_conversion(b, conv, converter)
        return self.apply_signature_conversion(blocks[0], convs[0], converter)

    def clone_region_before(self, region, dest_region, before_block=None):
        """Clones `region`'s blocks into `dest_region` before `before_block` (None: at the
        end); the clones are new ops, legalized like any other."""
        from pyopt.ir.core import Region
        tmp = Region()
        region.clone_into(tmp, {})
        blocks = tmp.blocks
        tmp.blocks = []
        pos = len(dest_region.blocks) if before_block is None else \
            dest_region.blocks.index(before_block)
        for b in blocks:
            b.parent = dest_region
        dest_region.blocks[pos:pos] = blocks
        created = [o for b in blocks for o in _walk(b)]
        self.created.extend(created)

        def undo():
            for o in reversed(created):
                o.drop_all_references()
            ids = set(map(id, blocks))
            dest_region.blocks = [b for b in dest_region.blocks if id(b) not in ids]
            for b in blocks:
                b.parent = None
        self._log(undo)
        self._new_blocks(blocks)
        self._notify(("block_inserted", blocks, False))
        if self.events is not None:
            for o in created:
                self._notify(("inserted", o, None))
        return blocks

    def get_remapped_value(self, value):
        """`value` as the running pattern's adaptor would hold it: its replacement, of the
        converted type when the pattern has a type converter (None: not convertible)."""
        op = self.current_op if self.current_op is not None else value.defining_op()
        return self.remap_operand(op, value, self.converter)

    def get_remapped_values(self, values):
        return [self.get_remapped_value(v) for v in values]

    # -- materializations -----------------------------------------------------------------------
    def _unresolved(self, kind, inputs, result_type, loc, converter):
        cast = self.create(CAST, list(inputs), [result_type], loc=loc)
        self.created.pop()  # casts are legal by construction; not legalized
        self.materializations[cast] = (kind, converter)
        return cast.results[0]

    def remap_operand(self, op, value, converter):
        """`value` (an operand of `op`) as the pattern should see it: its replacement, cast to
        the converted type when the pattern has a type converter. None: not convertible."""
        new = self.lookup(value)
        if new is None:
            new = value
        if converter is None:
            return new
        want = converter.convert_type_1n(value.type)
        if want is None:
            return None
        if len(want) != 1 or new.type is want[0]:
            return new
        key = (new, want[0])
        cached = self.target_casts.get(key)
        if cached is not None:
            return cached
        ip = self.save()
        d = new.defining_op() if hasattr(new, "defining_op") else None
        if d is not None and d.parent is not None:
            self.set_insertion_point_after(d)
        else:
            blk = new.owner if d is None else op.parent
            self.set_insertion_point_to_start(blk)
        # At the location of the op whose operand this is (MLIR's remapValues inputLoc).
        cast = self._unresolved(TARGET, [new], want[0], op.loc, converter)
        self.restore(ip)
        self.target_casts[key] = cast
        return cast

    def remapped_1n(self, value):
        """The values that replaced `value` (several for a 1:N block argument conversion)."""
        new = self.lookup(value)
        d = new.defining_op() if new is not None and hasattr(new, "defining_op") else None
        m = self.materializations.get(d) if d is not None else None
        if m is not None and m[0] == ARGUMENT:
            return d.operands
        return [new]


def _walk(block):
    for op in block:
        yield from op.walk_ops()


def _move_contents(src, dst):
    """Moves the ops of block `src` to the end of `dst`, and its predecessors' edges."""
    op = src.first
    while op is not None:
        nxt = op.next
        src._unlink(op)
        dst.append(op)
        op = nxt
    for u in list(src.pred_uses):
        u.set(dst)


def _remove_block(b):
    r = b.parent
    if r is not None:
        r.blocks.remove(b)
        b.parent = None


def _snapshot(op):
    return (op.operands, dict(op.properties), dict(op.attributes), op.successors,
            op.loc, [r.type for r in op.results])


def _restore(op, snap):
    operands, props, attrs, succs, loc, rtypes = snap
    if op.operands != operands:
        op.set_operands(operands)
    op.properties.clear()
    op.properties.update(props)
    op.attributes.clear()
    op.attributes.update(attrs)
    for i, b in enumerate(succs):
        if op.successor_slots[i].block is not b:
            op.set_successor(i, b)
    op.loc = loc
    for r, t in zip(op.results, rtypes):
        r.type = t
