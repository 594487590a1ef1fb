"""`buffer-deallocation-simplification`: shrinks `bufferization.dealloc` ops using what buffer
origins (pyopt/analysis/buffer_origin.py) prove: memrefs also retained are dropped (their
condition or-ed into the retained result), retained memrefs that alias no deallocated one get
`false`, memrefs aliasing no other are split into their own dealloc, and retained memrefs
aliasing an always-deallocated one get `true`; plus the dealloc canonicalization patterns.
MLIR 19's BufferDeallocationSimplification.cpp."""
from __future__ import annotations

from pyopt.analysis.buffer_origin import BufferOrigins, allocates, view_base
from pyopt.dialects.bufferization.canonicalize import (DEALLOC_PATTERNS, build_dealloc,
                                                       update_dealloc)
from pyopt.ir.attributes import BoolAttr
from pyopt.ir.types import I1
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern


def _distinct_alloc_and_block_argument(v1, v2):
    """One is a fresh allocation nested in the block whose argument the other is."""
    def distinct(a, b):
        d = a.defining_op()
        if d is None or not allocates(a) or b.defining_op() is not None:
            return False
        op = d
        while op is not None and op.parent is not b.owner:
            op = op.parent_op
        return op is not None
    a, b = view_base(v1), view_base(v2)
    return distinct(a, b) or distinct(b, a)


def _may_alias_any(origins, others, memref):
    for o in others:
        if _distinct_alloc_and_block_argument(o, memref):
            continue
        if origins.is_same_allocation(o, memref) is not False:
            return True
    return False


class _WithOrigins(RewritePattern):
    root = "bufferization.dealloc"

    def __init__(self, origins):
        super().__init__()
        self.origins = origins


class RemoveDeallocMemrefsContainedInRetained(_WithOrigins):
    def _handle_one(self, op, memref, cond, rw):
        same = [self.origins.is_same_allocation(r, memref) for r in op.retained]
        if None in same or True not in same:
            return False
        rw.set_insertion_point_after(op)
        for res, s in zip(op.results, same):
            if s:
                ori = rw.create("arith.ori", [res, cond], [I1], loc=op.loc)
                rw.replace_uses_if(res, ori.results[0], lambda u, o=ori: u.owner is not o)
        return True

    def match_and_rewrite(self, op, rw):
        retained = op.retained
        if len(set(retained)) != len(retained):
            return False
        memrefs, conds = [], []
        for m, c in zip(op.memrefs, op.conditions):
            if self._handle_one(op, m, c, rw):
                continue
            md = defining(m, "memref.extract_strided_metadata")
            if md is not None and self._handle_one(op, md.source, c, rw):
                continue
            memrefs.append(m)
            conds.append(c)
        return update_dealloc(op, memrefs, conds, rw)


class RemoveRetainedMemrefsGuaranteedToNotAlias(_WithOrigins):
    def match_and_rewrite(self, op, rw):
        keep, repl = [], []
        rw.set_insertion_point(op)
        for r in op.retained:
            if _may_alias_any(self.origins, op.memrefs, r):
                keep.append(r)
                repl.append(None)
                continue
            repl.append(rw.create("arith.constant", [], [I1],
                                  properties={"value": BoolAttr(False)}, loc=op.loc).results[0])
        if len(keep) == len(op.retained):
            return False
        new = build_dealloc(rw, op.memrefs, op.conditions, keep, op.loc)
        it = iter(new.results)
        rw.replace_op(op, [v if v is not None else next(it) for v in repl])
        return True


class SplitDeallocWhenNotAliasingAnyOther(_WithOrigins):
    def match_and_rewrite(self, op, rw):
        memrefs, conds = op.memrefs, op.conditions
        if len(memrefs) <= 1:
            return False
        rw.set_insertion_point(op)
        rest_m, rest_c, split = [], [], []
        for i, (m, c) in enumerate(zip(memrefs, conds)):
            others = memrefs[:i] + memrefs[i + 1:]
            if _may_alias_any(self.origins, others, m):
                rest_m.append(m)
                rest_c.append(c)
                continue
            split.append(list(build_dealloc(rw, [m], [c], op.retained, op.loc).results))
        if len(rest_m) == len(memrefs):
            return False
        new = build_dealloc(rw, rest_m, rest_c, op.retained, op.loc)
        repl = list(new.results)
        for extra in split:
            repl = [rw.create("arith.ori", [a, b], [I1], loc=op.loc).results[0]
                    for a, b in zip(repl, extra)]
        rw.replace_op(op, repl)
        return True


class RetainedMemrefAliasingAlwaysDeallocatedMemref(_WithOrigins):
    def match_and_rewrite(self, op, rw):
        retained, results = op.retained, op.results
        covered = [False] * len(retained)
        memrefs, conds = [], []
        for m, c in zip(op.memrefs, op.conditions):
            drop = False
            for i, (r, res) in enumerate(zip(retained, results)):
                if constant_int(c) != 1:
                    continue
                if self.origins.is_same_allocation(r, m) is True:
                    rw.replace_all_uses_with(res, c)
                    covered[i] = drop = True
                    continue
                md = defining(m, "memref.extract_strided_metadata")
                if md is not None and self.origins.is_same_allocation(r, md.source) is True:
                    rw.replace_all_uses_with(res, c)
                    covered[i] = drop = True
            if not drop:
                memrefs.append(m)
                conds.append(c)
        if not all(covered):
            return False
        return update_dealloc(op, memrefs, conds, rw)


def simplify_deallocs(op, ctx):
    origins = BufferOrigins(op)
    patterns = [RemoveDeallocMemrefsContainedInRetained(origins),
                RemoveRetainedMemrefsGuaranteedToNotAlias(origins),
                SplitDeallocWhenNotAliasingAnyOther(origins),
                RetainedMemrefAliasingAlwaysDeallocatedMemref(origins)] + DEALLOC_PATTERNS
    # (normal region simplification: the block structure the analysis saw must stay)
    apply_patterns_greedily(op, patterns, ctx, GreedyConfig(region_simplification="normal"))


@register_pass("buffer-deallocation-simplification",
               "Optimizes `bufferization.dealloc` operation for more efficient codegen",
               display_name="BufferDeallocationSimplificationPass")
def buffer_deallocation_simplification(op, ctx, options):
    simplify_deallocs(op, ctx)
