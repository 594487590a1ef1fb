"""`-transform-dialect-check-uses`: warns where a transform value may be used after an op
consumed ("freed") it, on some path through the transform IR (MLIR's CheckUses pass)."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.ir.diagnostics import Diagnostic
from pyopt.pass_registry import register_pass
from pyopt.dialects.transform.extension import transform_model
from pyopt.dialects.transform.state import _value_loc


class _FreeAnalysis:
    def __init__(self, root):
        self.freed_by = {}  # value -> ops consuming it, and their ancestors up to the top
        self._reach = {}
        self._reach_from = {}
        stack = [root]
        while stack:
            op = stack.pop()
            if transform_model(op) is not None:
                self._collect(op)
                continue
            for r in op.regions:
                for b in r.blocks:
                    stack.extend(b.ops)

    def _collect(self, top):
        for child in top.walk_ops():
            m = transform_model(child)
            consumed = m.consumed_indices(child) if m is not None else set()
            for i in consumed:
                v = child.operands[i]
                p = child
                while True:
                    self.freed_by.setdefault(v, set()).add(p)
                    if p is top:
                        break
                    p = p.parent_op

    def deleters(self, owner, value):
        """The ops that may have freed `value` before `owner` uses it (empty: live)."""
        freed = self.freed_by.get(value)
        if not freed:
            return []
        def_block = value.parent_block
        chain = [owner]
        while chain[-1].parent is not None and chain[-1].parent.parent is not def_block.parent:
            chain.append(chain[-1].parent_op)
        for anc in reversed(chain):
            outermost = anc is chain[-1]
            partial = outermost and isinstance(value, OpResult)
            if partial:
                stop = anc if anc.parent is def_block else None
                o = value.owner.next
                while o is not None and o is not stop:
                    if o in freed:
                        return [o]
                    o = o.next
            if not partial or anc.parent is not def_block:
                o = anc.prev
                while o is not None:
                    if o in freed:
                        return [o]
                    o = o.prev
            block = anc.parent
            start = def_block if outermost else block.parent.blocks[0]
            found = self._on_paths(start, block, value, not partial)
            if found:
                return found
        return []

    def _on_paths(self, start, to, value, include_start):
        sources = _reachable(to, lambda b: b.predecessors, self._reach_from)
        if start not in sources:
            return []
        blocks = _reachable(start, lambda b: b.successors, self._reach) & sources
        if include_start:
            blocks.add(start)
        freed = self.freed_by.get(value, ())
        return [o for b in blocks for o in b.ops if o in freed]


def _reachable(block, next_blocks, cache):
    got = cache.get(block)
    if got is None:
        got, work = set(), list(next_blocks(block))
        while work:
            b = work.pop()
            if b not in got:
                got.add(b)
                work.extend(next_blocks(b))
        cache[block] = got
    return set(got)


@register_pass("transform-dialect-check-uses",
               "warn about potential use-after-free in the transform dialect",
               display_name="CheckUsesPass")
def check_uses(root, ctx, options):
    from pyopt.syntax.op_diagnostics import emit_on_op
    analysis = _FreeAnalysis(root)
    engine = getattr(ctx, "diag_engine", None)
    for child in root.walk_ops():
        for i, v in enumerate(child.operands):
            found = analysis.deleters(child, v)
            if not found or engine is None:
                continue
            d = Diagnostic("warning", child.loc, f"operand #{i} may be used after free")
            d.attach_note("allocated here", _value_loc(v))
            for o in found:
                d.attach_note("freed here", o.loc)
            engine.emit(d)
