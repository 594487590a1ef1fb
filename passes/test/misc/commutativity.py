"""`test-commutativity-utils`: sorts the operands of commutative ops into a canonical order
(upstream's SortCommutativeOperands). Each operand is keyed by a breadth-first walk of its
producers: block arguments first, then non-constant ops, then constants, ties broken by op
name, and deeper ancestors compared only as far as needed. Keys grow lazily during the sort,
as upstream's comparator does, so the order follows the same comparison sequence (the
insertion sort libstdc++'s stable_sort uses on short ranges)."""
from __future__ import annotations

from collections import deque

from pyopt.ir.opdef import COMMUTATIVE, CONSTANT_LIKE
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern

_BLOCK_ARG, _NON_CONSTANT, _CONSTANT = 0, 1, 2


def _key(op):
    if op is None:
        return (_BLOCK_ARG, "")
    d = op.opdef
    return (_CONSTANT if d is not None and CONSTANT_LIKE in d.traits else _NON_CONSTANT, op.name)


def _producer(v):
    o = v.owner
    return o if hasattr(o, "opdef") else None


class _Operand:
    __slots__ = ("value", "queue", "visited", "key")

    def __init__(self, value):
        self.value = value
        self.queue = deque()
        self.visited = set()
        self.key = []
        self.push(_producer(value))
        self.refresh()

    def push(self, op):
        self.queue.append(op)
        if op is not None:
            self.visited.add(id(op))

    def refresh(self):
        if self.queue:
            self.key.append(_key(self.queue[0]))

    def advance(self):
        if not self.queue:
            return
        front = self.queue.popleft()
        if front is None:
            return
        for v in front.operands:
            d = _producer(v)
            if d is None or id(d) not in self.visited:
                self.push(d)


def _less(a, b):
    if a.value is b.value:
        return False
    i = 0
    while True:
        if len(a.key) <= i:
            if not a.queue:
                return True
            a.advance()
            a.refresh()
        if len(b.key) <= i:
            if not b.queue:
                return False
            b.advance()
            b.refresh()
        if not a.queue or not b.queue:
            return len(a.key) < len(b.key)
        if a.key[i] < b.key[i]:
            return True
        if b.key[i] < a.key[i]:
            return False
        i += 1


def _insertion_sort(items):
    for i in range(1, len(items)):
        val = items[i]
        if _less(val, items[0]):
            items[1:i + 1] = items[0:i]
            items[0] = val
            continue
        j = i - 1
        while _less(val, items[j]):
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = val
    return items


class SortCommutativeOperands(RewritePattern):
    root = None
    benefit = 5

    def match_and_rewrite(self, op, rw):
        d = op.opdef
        if d is None or COMMUTATIVE not in d.traits:
            return False
        operands = list(op.operands)
        ordered = [c.value for c in _insertion_sort([_Operand(v) for v in operands])]
        if all(x is y for x, y in zip(ordered, operands)):
            return False
        rw.modify_op_in_place(op, lambda: op.set_operands(ordered))
        return True


@register_pass("test-commutativity-utils", "Test the functionality of the commutativity utility",
               anchor="func.func", display_name="CommutativityUtils")
def test_commutativity_utils(op, ctx, options):
    apply_patterns_greedily(op, [SortCommutativeOperands()], ctx)
