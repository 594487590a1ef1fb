"""The bufferization driver (upstream's bufferizeOp): rewrites every op with tensor semantics
through its `bufferize` hook, top to bottom in post-order (nested ops before their parents),
bridging not-yet-bufferized uses with to_tensor / to_memref; then folds to_memref(to_tensor)
pairs, drops dead to_tensor ops and reports ops left with tensors."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import (AnalysisState, has_tensor_semantics, op_error,
                                           plain_error)
from pyopt.interfaces.bufferizable_rewrite import erase_op, fold_to_memref_of_to_tensor
from pyopt.ir.diagnostics import MLIRError
from pyopt.rewrite.rewriter import Builder, Listener


class _Tracker(Listener):
    """Keeps the worklist, the erased ops and the to_memref ops up to date while models
    rewrite (upstream's BufferizationRewriter listener)."""

    def __init__(self, options, worklist, erased, to_memrefs, known):
        self.options = options
        self.worklist = worklist
        self.erased = erased
        self.to_memrefs = to_memrefs
        self.known = known

    def notify_op_inserted(self, op, previous=None):
        if op in self.known:  # moved, not created
            return
        self.known.add(op)
        self.erased.discard(op)
        if op.name == "bufferization.to_memref":
            self.to_memrefs[op] = None
            return
        if op.name == "bufferization.to_tensor":
            return
        if has_tensor_semantics(op) and self.options.is_op_allowed(op):
            self.worklist.append(op)

    def notify_op_erased(self, op):
        for o in op.walk_ops():
            self.erased.add(o)
            self.to_memrefs.pop(o, None)

    def notify_op_replaced(self, op, values):
        pass


def bufferize_op(op, options, ctx):
    """Bufferizes `op` and everything nested in it (MLIRError on failure)."""
    if options.copy_before_write:
        from .copy_insertion import insert_tensor_copies_with
        insert_tensor_copies_with(op, AnalysisState(options), ctx)
    to_memrefs = {}
    worklist = []
    known = set()
    for o in _post_order(op):
        known.add(o)
        if o.name == "bufferization.to_memref":
            to_memrefs[o] = None
        if options.is_op_allowed(o) and has_tensor_semantics(o):
            worklist.append(o)
    erased = set()
    tracker = _Tracker(options, worklist, erased, to_memrefs, known)
    b = Builder(ctx, tracker)
    i = 0
    while i < len(worklist):
        nxt = worklist[i]
        i += 1
        if nxt in erased:
            continue
        m = options.bufferizable(nxt)
        if m is None or not has_tensor_semantics(nxt):
            continue
        if not m.supports_unstructured_control_flow and \
                any(len(r.blocks) > 1 for r in nxt.regions):
            raise op_error(nxt, "op or BufferizableOpInterface implementation does not "
                                "support unstructured control flow, but at least one region "
                                "has multiple blocks")
        b.set_insertion_point(nxt)
        try:
            m.bufferize(nxt, b, options)
        except MLIRError as e:
            failed = plain_error(nxt, "failed to bufferize op")
            if e.diag.message != failed.diag.message:  # (the model's own error first)
                e.more = tuple(e.more) + (failed.diag,)
            raise
    if op in erased:
        return
    for tm in list(to_memrefs):
        if tm not in erased and tm.parent is not None:
            fold_to_memref_of_to_tensor(b, tm, options)
    _erase_dead_to_tensors(op, b)
    if options.allow_unknown_ops:
        return
    for o in worklist:
        if o in erased or o.parent is None or not has_tensor_semantics(o) or \
                not options.is_op_allowed(o):
            continue
        if not any(r.has_uses() for r in o.results) and _memory_effect_free(o):
            continue
        if o.name in ("bufferization.to_tensor", "bufferization.to_memref"):
            continue
        raise plain_error(o, "op was not bufferized")


def _erase_dead_to_tensors(op, b):
    def visit(o):
        for r in o.regions:
            for blk in r.blocks:
                x = blk.first
                while x is not None:
                    nxt = x.next
                    if x.name == "bufferization.to_tensor" and not x.results[0].has_uses():
                        erase_op(b, x)
                    else:
                        visit(x)
                    x = nxt
    visit(op)


def _memory_effect_free(op):
    from pyopt.rewrite.folding import is_memory_effect_free
    return is_memory_effect_free(op)


def _post_order(op):
    out = []
    op.walk(out.append)
    return out
