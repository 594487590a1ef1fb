"""Buffer view flow as a graph built once for an op (MLIR's BufferViewFlowAnalysis) and
BufferOriginAnalysis on it: which values a buffer may flow into (views, branch and region
arguments, results, call results, ops with a BufferViewFlowOpInterface model) and back, and
whether two memrefs are certainly the same allocation, certainly different ones, or unknown.
Values created after the build are unknown to it. (pyopt/analysis/buffer_view_flow.py answers
the forward question on demand from use-lists, for passes that edit as they go.)"""
from __future__ import annotations

from pyopt.interfaces.branch import successor_operands
from pyopt.interfaces.control_flow import (entry_successor_operands, is_call, is_region_branch,
                                           region_successors, terminator_successor_operands)
from pyopt.interfaces.function_like import is_function_like
from pyopt.interfaces.view_like import view_source
from pyopt.ir.types import BaseMemRefType

BUFFER_VIEW_FLOW = "BufferViewFlowOpInterface"
"""A model has `dependencies(op) -> [(source, result)]` and `may_be_terminal(op, value)`."""


def _is_buffer(v):
    return isinstance(v.type, BaseMemRefType)


def _model(op, name):
    d = op.opdef
    return None if d is None else d.extra.get(name)


def view_base(v):
    """The value below every view-like op defining `v` (getViewBase)."""
    while True:
        d = v.defining_op()
        s = view_source(d) if d is not None else None
        if s is None:
            return v
        v = s


def allocates(v):
    """Is `v` the result of an op with an Allocate effect?"""
    from pyopt.rewrite.folding import declared_effects
    d = v.defining_op()
    if d is None:
        return False
    eff = declared_effects(d)
    return bool(eff) and "alloc" in eff


class BufferOrigins:
    def __init__(self, op):
        self.deps = {}  # value -> values it may flow into (insertion-ordered)
        self.reverse = {}  # value -> values it may come from
        self.terminals = set()
        self._memo = {}  # value -> _terminal(value)
        for o in op.walk_ops():
            self._visit(o)

    def _dep(self, sources, targets):
        for s, t in zip(sources, targets):
            self.deps.setdefault(s, {})[t] = None
            self.reverse.setdefault(t, set()).add(s)

    def _terminal_values(self, op):
        self.terminals.update(r for r in op.results if _is_buffer(r))
        for r in op.regions:
            if r.blocks:
                self.terminals.update(a for a in r.blocks[0].args if _is_buffer(a))

    def _visit(self, op):
        m = _model(op, BUFFER_VIEW_FLOW)
        if m is not None:
            for s, t in m.dependencies(op):
                self._dep([s], [t])
            for v in list(op.results) + [a for r in op.regions if r.blocks
                                         for a in r.blocks[0].args]:
                if _is_buffer(v) and m.may_be_terminal(op, v):
                    self.terminals.add(v)
            return
        src = view_source(op)
        if src is not None:
            self._dep([src], [op.results[0]])
            return
        if op.successors and successor_operands(op, 0) is not None:
            for i, block in enumerate(op.successors):
                self._dep(successor_operands(op, i).values, block.args)
            return
        if is_region_branch(op):
            entry = entry_successor_operands(op)
            for _, inputs in region_successors(op, None):
                self._dep(entry, inputs)
            for ri, region in enumerate(op.regions):
                for _, inputs in region_successors(op, ri):
                    for b in region.blocks:
                        fwd = terminator_successor_operands(b.last) if b.last else None
                        if fwd is not None:
                            self._dep(fwd, inputs)
            return
        if terminator_successor_operands(op) is not None and op.opdef is not None and \
                "IsTerminator" in op.opdef.traits:
            return
        if is_call(op):
            self._terminal_values(op)
            for a in op.operands:
                for r in op.results:
                    self._dep([a], [r])
            return
        self._terminal_values(op)

    def resolve(self, v):
        """Every value `v` may flow into, `v` included (in discovery order)."""
        out, stack = {}, [v]
        while stack:
            x = stack.pop()
            if x in out:
                continue
            out[x] = None
            stack.extend(self.deps.get(x, ()))
        return list(out)

    def remove(self, values):
        """Drops `values` from every dependency set (BufferViewFlowAnalysis::remove)."""
        values = set(values)
        for targets in self.deps.values():
            for v in values & targets.keys():
                del targets[v]

    def origins(self, v):
        """resolveReverse: every value `v` may come from, `v` included."""
        out, stack = set(), [v]
        while stack:
            x = stack.pop()
            if x in out:
                continue
            out.add(x)
            stack.extend(self.reverse.get(x, ()))
        return out

    def _terminal(self, v):
        """The terminal buffers `v` comes from; are they all allocations; all allocations or
        function arguments (memoized: the graph does not change)."""
        memo = self._memo
        r = memo.get(v)
        if r is None:
            ts = {o for o in self.origins(v) if _is_buffer(o) and o in self.terminals}
            r = memo[v] = (ts, all(allocates(t) for t in ts),
                           all(_is_function_argument(t) or allocates(t) for t in ts))
        return r

    def is_same_allocation(self, v1, v2):
        """True: certainly the same allocation; False: certainly not; None: unknown."""
        v1, v2 = view_base(v1), view_base(v2)
        if v1 is v2:
            return True

        t1, a1, aa1 = self._terminal(v1)
        t2, a2, aa2 = self._terminal(v2)
        if len(t1) == 1 and len(t2) == 1 and t1 == t2:
            return True
        if t1 & t2:
            return None
        if (a1 and (a2 or aa2)) or ((a1 or aa1) and a2):
            return False
        return None


def _is_function_argument(v):
    if v.defining_op() is not None:
        return False
    block = v.owner
    op = block.parent.parent if block.parent is not None else None
    return op is not None and is_function_like(op) and block is op.regions[0].blocks[0]
