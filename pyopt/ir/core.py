"""The IR graph: values with use-lists, operations, blocks and regions.

Shapes follow MLIR: an Operation owns its results, regions and operand slots (OpOperand);
every OpOperand is threaded on an intrusive doubly-linked use-list of the value it reads, so
replace-all-uses and erasure are O(uses). Ops in a block form an intrusive doubly-linked list
(O(1) insertion and removal); a lazily numbered `_order` gives O(1) "is before" queries.
"""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC


class _NoElements(list):
    """The one empty operand, result, region and successor list shared by the ops that have
    none (most ops have no regions or successors: two lists fewer per op). An op's results
    and regions are fixed when it is created, as in MLIR, so nothing grows these lists in
    place; a mutation raises instead of changing every such op."""
    __slots__ = ()

    def _fixed(self, *args, **kw):
        raise TypeError("an operation's empty operand/result/region/successor list is shared: "
                        "assign a new list (regions and results are fixed at creation)")

    append = extend = insert = pop = remove = clear = sort = reverse = _fixed
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _fixed


NO_ELEMENTS = _NoElements()


class Value:
    __slots__ = ("type", "first_use")

    def uses(self):
        u = self.first_use
        while u is not None:
            nxt = u.next_use
            yield u
            u = nxt

    def users(self):
        return [u.owner for u in self.uses()]

    def has_uses(self) -> bool:
        return self.first_use is not None

    def has_one_use(self) -> bool:
        u = self.first_use
        return u is not None and u.next_use is None

    def replace_all_uses_with(self, new: "Value"):
        if new is self:
            return
        u = self.first_use
        while u is not None:
            nxt = u.next_use
            u.set(new)
            u = nxt

    def replace_uses_if(self, new: "Value", pred):
        u = self.first_use
        while u is not None:
            nxt = u.next_use
            if pred(u):
                u.set(new)
            u = nxt

    @property
    def parent_block(self):
        raise NotImplementedError


class OpResult(Value):
    __slots__ = ("owner", "index")

    def __init__(self, type_, owner, index):
        self.type = type_
        self.first_use = None
        self.owner = owner
        self.index = index

    @property
    def parent_block(self):
        return self.owner.parent

    def defining_op(self):
        return self.owner

    def __repr__(self):
        return f"<OpResult #{self.index} of {self.owner.name}>"


def value_loc(v):
    """Value::getLoc: a result's op location, a block argument's own."""
    return v.owner.loc if type(v) is OpResult else v.loc


class BlockArgument(Value):
    __slots__ = ("owner", "index", "loc")

    def __init__(self, type_, owner, index, loc=None):
        self.type = type_
        self.first_use = None
        self.owner = owner  # the Block
        self.index = index
        self.loc = loc

    @property
    def parent_block(self):
        return self.owner

    def defining_op(self):
        return None

    def __repr__(self):
        return f"<BlockArgument #{self.index}>"


class OpOperand:
    """One operand slot of an op; a node of its value's use-list."""
    __slots__ = ("value", "owner", "index", "next_use", "prev_use")

    def __init__(self, value: Value, owner, index: int):
        self.value = value
        self.owner = owner
        self.index = index
        self.prev_use = None
        head = value.first_use
        self.next_use = head
        if head is not None:
            head.prev_use = self
        value.first_use = self

    def _unlink(self):
        p, n = self.prev_use, self.next_use
        if p is None:
            self.value.first_use = n
        else:
            p.next_use = n
        if n is not None:
            n.prev_use = p
        self.prev_use = self.next_use = None

    def set(self, value: Value):
        self._unlink()
        self.value = value
        head = value.first_use
        self.next_use = head
        if head is not None:
            head.prev_use = self
        value.first_use = self


class BlockOperand:
    """A successor slot of a terminator; tracked so blocks know their predecessors."""
    __slots__ = ("block", "owner", "index")

    def __init__(self, block, owner, index):
        self.block = block
        self.owner = owner
        self.index = index
        block.pred_uses.append(self)

    def set(self, block):
        self.block.pred_uses.remove(self)
        self.block = block
        block.pred_uses.append(self)

    def drop(self):
        try:
            self.block.pred_uses.remove(self)
        except ValueError:
            pass


class Operation:
    """A generic operation. `opdef` is the registered definition (None when unregistered)."""
    __slots__ = ("name", "opdef", "operand_slots", "results", "properties", "attributes",
                 "regions", "successor_slots", "loc", "parent", "prev", "next", "_order",
                 "__weakref__")

    def __init__(self, name, opdef, operands=(), result_types=(), properties=None,
                 attributes=None, regions=(), successors=(), loc=None):
        self.name = name
        self.opdef = opdef
        if opdef is not None and opdef._op_class is None:  # its named accessors (ir/accessors.py)
            opdef.op_class(Operation)
        # (the guards skip building comprehensions for the many ops without some of these)
        self.operand_slots = [OpOperand(v, self, i) for i, v in enumerate(operands)] \
            if operands else NO_ELEMENTS
        if not result_types:
            self.results = NO_ELEMENTS
        elif type(result_types) is list and len(result_types) == 1:  # the common one result
            self.results = [OpResult(result_types[0], self, 0)]
        else:
            self.results = [OpResult(t, self, i) for i, t in enumerate(result_types)]
        self.properties = properties if properties is not None else {}
        self.attributes = attributes if attributes is not None else {}
        if regions:
            self.regions = list(regions)
            for r in self.regions:
                r.parent = self
        else:
            self.regions = NO_ELEMENTS
        self.successor_slots = [BlockOperand(b, self, i) for i, b in enumerate(successors)] \
            if successors else NO_ELEMENTS
        self.loc = loc if loc is not None else UNKNOWN_LOC
        self.parent = None
        self.prev = None
        self.next = None
        self._order = -1

    # -- operands / successors ---------------------------------------------------------
    @property
    def operands(self):
        return [s.value for s in self.operand_slots]

    def operand(self, i):
        return self.operand_slots[i].value

    def set_operand(self, i, value):
        self.operand_slots[i].set(value)

    def set_operands(self, values):
        for s in self.operand_slots:
            s._unlink()
        self.operand_slots = [OpOperand(v, self, i) for i, v in enumerate(values)] \
            if values else NO_ELEMENTS

    def insert_operands(self, index, values):
        # only the new slots are linked into use-lists; later slots are renumbered
        slots = self.operand_slots
        if slots is NO_ELEMENTS:
            slots = self.operand_slots = []
        slots[index:index] = [OpOperand(v, self, index + i) for i, v in enumerate(values)]
        for i in range(index + len(values), len(slots)):
            slots[i].index = i

    def erase_operand(self, index):
        slots = self.operand_slots
        slots.pop(index)._unlink()
        for i in range(index, len(slots)):
            slots[i].index = i

    @property
    def successors(self):
        return [s.block for s in self.successor_slots]

    def set_successor(self, i, block):
        self.successor_slots[i].set(block)

    @property
    def result(self):
        return self.results[0]

    @property
    def result_types(self):
        return [r.type for r in self.results]

    @property
    def operand_types(self):
        return [s.value.type for s in self.operand_slots]

    # -- attributes --------------------------------------------------------------------
    def group(self, name):
        """An operand/result group, attribute, region or successor by its declared name."""
        from pyopt.ir.accessors import group
        return group(self, name)

    def get_attr(self, name, default=None):
        """Inherent (property) first, then discardable - as Operation::getAttr."""
        a = self.properties.get(name)
        if a is None:
            a = self.attributes.get(name, default)
        return a

    def set_attr(self, name, value):
        if self.opdef is not None and name in self.opdef.attr_names:
            self.properties[name] = value
        else:
            self.attributes[name] = value

    def remove_attr(self, name):
        if self.properties.pop(name, None) is None:
            return self.attributes.pop(name, None)

    # -- structure ----------------------------------------------------------------------
    @property
    def parent_region(self):
        b = self.parent
        return b.parent if b is not None else None

    @property
    def parent_op(self):
        b = self.parent
        if b is None:
            return None
        r = b.parent
        return r.parent if r is not None else None

    def ancestors(self):
        op = self.parent_op
        while op is not None:
            yield op
            op = op.parent_op

    def is_ancestor_of(self, other) -> bool:
        while other is not None:
            if other is self:
                return True
            other = other.parent_op
        return False

    def has_trait(self, trait) -> bool:
        d = self.opdef
        return d is not None and trait in d.traits

    def is_before_in_block(self, other) -> bool:
        b = self.parent
        if self._order < 0 or other._order < 0:
            b.renumber()
        return self._order < other._order

    def walk(self, fn, post_order=True):
        """Calls fn(op) on this op and every nested op (post-order by default, as MLIR)."""
        if not post_order:
            fn(self)
        for r in self.regions:
            for b in r.blocks:
                op = b.first
                while op is not None:
                    nxt = op.next
                    op.walk(fn, post_order)
                    op = nxt
        if post_order:
            fn(self)

    def walk_ops(self):
        """Pre-order iterator over this op and all nested ops."""
        stack = [self]
        while stack:
            op = stack.pop()
            yield op
            regions = op.regions
            if regions:
                nested = []
                for r in regions:
                    for b in r.blocks:
                        o = b.first
                        while o is not None:
                            nested.append(o)
                            o = o.next
                nested.reverse()
                stack.extend(nested)

    # -- mutation -----------------------------------------------------------------------
    def detach(self):
        b = self.parent
        if b is not None:
            b._unlink(self)
        return self

    def drop_all_references(self):
        for s in self.operand_slots:
            s._unlink()
        self.operand_slots = NO_ELEMENTS
        for s in self.successor_slots:
            s.drop()
        self.successor_slots = NO_ELEMENTS
        for r in self.regions:
            r.drop_all_references()

    def erase(self):
        """Remove from its block and drop all references; results must have no uses."""
        self.detach()
        self.drop_all_references()
        self.destroy()

    def destroy(self):
        """Cuts the reference cycles of an op that is garbage (op <-> results, op <-> regions
        <-> blocks <-> nested ops and block arguments), so that reference counting frees it at
        once: the pyopt command keeps its IR off the cycle collector (pyopt.ir.gc_policy), where
        cyclic garbage would stay until the command ends. Name, attributes and location stay
        readable; the op has no results, operands or regions afterwards."""
        self.results = NO_ELEMENTS
        if self.regions:
            for r in self.regions:
                for b in r.blocks:
                    op = b.first
                    while op is not None:
                        nxt = op.next
                        op.prev = op.next = op.parent = None
                        op.destroy()
                        op = nxt
                    b.first = b.last = None
                    b.args = []
                    b.parent = None
                r.blocks = []
                r.parent = None
            self.regions = NO_ELEMENTS

    def move_before(self, other):
        self.detach()
        other.parent.insert_before(other, self)

    def move_after(self, other):
        self.detach()
        other.parent.insert_after(other, self)

    def replace_all_uses_with(self, values):
        for r, v in zip(self.results, values):
            r.replace_all_uses_with(v)

    def clone(self, mapping=None):
        """Deep copy; `mapping` (value and block map) is updated and used for operands."""
        if mapping is None:
            mapping = {}
        get = mapping.get
        op = Operation(self.name, self.opdef,
                       [get(v, v) for v in self.operands],
                       [r.type for r in self.results],
                       dict(self.properties), dict(self.attributes),
                       [], [get(b, b) for b in self.successors], self.loc)
        for old, new in zip(self.results, op.results):
            mapping[old] = new
        if self.regions:
            op.regions = []
            for r in self.regions:
                nr = Region()
                op.regions.append(nr)
                nr.parent = op
                r.clone_into(nr, mapping)
        return op

    def __repr__(self):
        return f"<Operation {self.name}>"

    def __str__(self):
        from pyopt.syntax.printer import print_op
        return print_op(self)


class Block:
    __slots__ = ("args", "first", "last", "parent", "pred_uses", "_order_valid", "__weakref__")

    def __init__(self, arg_types=(), arg_locs=None):
        self.args = [BlockArgument(t, self, i, arg_locs[i] if arg_locs else None)
                     for i, t in enumerate(arg_types)]
        self.first = None
        self.last = None
        self.parent = None
        self.pred_uses = []
        self._order_valid = False

    # -- ops list --------------------------------------------------------------------------
    @property
    def ops(self):
        res = []
        op = self.first
        while op is not None:
            res.append(op)
            op = op.next
        return res

    def __iter__(self):
        op = self.first
        while op is not None:
            nxt = op.next
            yield op
            op = nxt

    def is_empty(self):
        return self.first is None

    @property
    def terminator(self):
        return self.last

    def append(self, op):
        op.parent = self
        last = self.last
        op.prev = last
        op.next = None
        if last is None:
            self.first = op
        else:
            last.next = op
        self.last = op
        # (an op moved here keeps no number from its old block: "is before" would compare it)
        op._order = (last._order + 1 if last is not None else 0) if self._order_valid else -1
        return op

    def prepend(self, op):
        if self.first is None:
            return self.append(op)
        return self.insert_before(self.first, op)

    def insert_before(self, anchor, op):
        op.parent = self
        prev = anchor.prev
        op.prev = prev
        op.next = anchor
        anchor.prev = op
        if prev is None:
            self.first = op
        else:
            prev.next = op
        self._order_valid = False
        op._order = -1
        return op

    def insert_after(self, anchor, op):
        if anchor.next is None:
            return self.append(op)
        return self.insert_before(anchor.next, op)

    def _unlink(self, op):
        p, n = op.prev, op.next
        if p is None:
            self.first = n
        else:
            p.next = n
        if n is None:
            self.last = p
        else:
            n.prev = p
        op.prev = op.next = op.parent = None

    def renumber(self):
        i = 0
        op = self.first
        while op is not None:
            op._order = i
            i += 1
            op = op.next
        self._order_valid = True

    # -- arguments -------------------------------------------------------------------------
    def add_argument(self, type_, loc=None):
        a = BlockArgument(type_, self, len(self.args), loc)
        self.args.append(a)
        return a

    def insert_argument(self, index, type_, loc=None):
        a = BlockArgument(type_, self, index, loc)
        self.args.insert(index, a)
        for i, x in enumerate(self.args):
            x.index = i
        return a

    def erase_argument(self, index):
        del self.args[index]
        for i, x in enumerate(self.args):
            x.index = i

    @property
    def arg_types(self):
        return [a.type for a in self.args]

    # -- structure ---------------------------------------------------------------------------
    @property
    def parent_op(self):
        r = self.parent
        return r.parent if r is not None else None

    @property
    def predecessors(self):
        return [u.owner.parent for u in self.pred_uses]

    @property
    def successors(self):
        t = self.last
        return t.successors if t is not None else []

    def is_entry_block(self):
        r = self.parent
        return r is not None and r.blocks and r.blocks[0] is self

    def erase(self):
        for op in list(self):
            op.drop_all_references()
        self.parent.blocks.remove(self)
        self.parent = None

    def split_before(self, op):
        """Moves `op` and everything after it into a new block inserted after this one."""
        nb = Block()
        region = self.parent
        region.blocks.insert(region.blocks.index(self) + 1, nb)
        nb.parent = region
        cur = op
        while cur is not None:
            nxt = cur.next
            self._unlink(cur)
            nb.append(cur)
            cur = nxt
        return nb


class Region:
    __slots__ = ("blocks", "parent")

    def __init__(self, blocks=()):
        self.blocks = []
        self.parent = None
        for b in blocks:
            self.append(b)

    def append(self, block):
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def entry(self):
        return self.blocks[0] if self.blocks else None

    def is_empty(self):
        return not self.blocks

    @property
    def parent_op(self):
        return self.parent

    def ops(self):
        for b in self.blocks:
            yield from b

    def drop_all_references(self):
        for b in self.blocks:
            for op in b:
                op.drop_all_references()

    def take_body(self, other: "Region"):
        for b in other.blocks:
            b.parent = self
        self.blocks.extend(other.blocks)
        other.blocks = []

    def clone_into(self, dest: "Region", mapping):
        new_blocks = []
        for b in self.blocks:
            nb = Block([a.type for a in b.args], [a.loc for a in b.args])
            for a, na in zip(b.args, nb.args):
                mapping[a] = na
            mapping[b] = nb
            new_blocks.append(nb)
        for b, nb in zip(self.blocks, new_blocks):
            for op in b:
                nb.append(op.clone(mapping))
            dest.append(nb)
        return new_blocks

    def is_ancestor_of_region(self, other) -> bool:
        while other is not None:
            if other is self:
                return True
            op = other.parent
            if op is None:
                return False
            b = op.parent
            other = b.parent if b is not None else None
        return False
