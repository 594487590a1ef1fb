"""`affine-super-vectorize`: vectorizes affine loop nests to a fixed n-D virtual vector size
(upstream's SuperVectorize.cpp), and `affine-super-vectorizer-test`, upstream's test pass for
its utilities. Parallel loops are found by dependence analysis (dependence.py), loop nests
matching a 1-3 deep pattern of vectorizable loops are selected (matcher.py, analysis.py) and
each selected nest is rewritten with vector transfers (vectorizer.py)."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.ir.diagnostics import Diagnostic, MLIRError, pass_failure

from passes.affine.super_vectorize import matcher
from passes.affine.super_vectorize.analysis import (is_loop_parallel,
                                                               vectorizable_loop_dim)
from passes.affine.super_vectorize.vectorizer import Strategy, vectorize_loop_nest


def _ints(values, what):
    try:
        return [int(v, 0) for v in values]
    except ValueError:
        raise MLIRError(Diagnostic("error", None, f"Invalid argument for {what}"))


def _loop_filter(parallel, fastest, ctx):
    def f(op):
        if op not in parallel:
            return False
        ok, d = vectorizable_loop_dim(op, ctx)
        return ok and (d == -1 or fastest == -1 or d == fastest)
    return f


def make_pattern(parallel, rank, fastest, ctx=None):
    """A `rank`-deep nest of vectorizable parallel loops (None beyond 3-D)."""
    if not 1 <= rank <= 3:
        return None
    d = [fastest[i] if i < len(fastest) else -1 for i in range(rank)]
    pat = matcher.for_pattern(_loop_filter(parallel, d[rank - 1], ctx))
    for i in range(rank - 2, -1, -1):
        pat = matcher.for_pattern(_loop_filter(parallel, d[i], ctx), pat)
    return pat


def _assign(loop, depth, pattern_depth, strategy):
    n = len(strategy.vector_sizes)
    if pattern_depth - depth <= n:
        strategy.loop_to_dim[loop] = n - (pattern_depth - depth)


def _analyze(matches, depth, pattern_depth, strategy):
    for m in matches:
        _analyze(m.children, depth + 1, pattern_depth, strategy)
        _assign(m.op, depth, pattern_depth, strategy)


def _buckets(matches):
    """Matches grouped by intersection: a match joins the bucket whose root encloses it or
    which it encloses."""
    roots, buckets = [], []
    for m in matches:
        for i, r in enumerate(roots):
            if r.is_ancestor_of(m.op):
                buckets[i].append(m)
                break
            if m.op.is_ancestor_of(r):
                roots[i] = m.op
                buckets[i].append(m)
                break
        else:
            roots.append(m.op)
            buckets.append([m])
    return buckets


def vectorize_loops(parent, parallel, sizes, fastest, reduction_loops, ctx):
    pattern = make_pattern(parallel, len(sizes), fastest, ctx)
    if pattern is None:
        return
    depth = pattern.depth()
    for bucket in _buckets(pattern.match(parent)):
        for m in bucket:
            strategy = Strategy(sizes, reduction_loops)
            _analyze(m.children, 1, depth, strategy)
            _assign(m.op, 0, depth, strategy)
            if vectorize_loop_nest(m.op, strategy, ctx):
                break


@register_pass("affine-super-vectorize",
               "Vectorize to a target independent n-D vector abstraction",
               options=[PassOption("virtual-vector-size", list, [],
                                   "Specify an n-D virtual vector size for vectorization. "
                                   "This must be greater than zero."),
                        PassOption("test-fastest-varying", list, [],
                                   "Specify a 1-D, 2-D or 3-D pattern of fastest varying "
                                   "memory dimensions to match. See defaultPatterns in "
                                   "Vectorize.cpp for a description and examples. This is "
                                   "used for testing purposes"),
                        PassOption("vectorize-reductions", bool, False,
                                   "Vectorize known reductions expressed via iter_args. "
                                   "Switched off by default.")],
               anchor="func.func", display_name="AffineVectorize")
def affine_super_vectorize(func, ctx, options):
    sizes = _ints(options.get("virtual-vector-size") or [], "virtual-vector-size")
    fastest = _ints(options.get("test-fastest-varying") or [], "test-fastest-varying")
    reductions = options.get("vectorize-reductions", False)
    if fastest and len(fastest) != len(sizes):
        _emit(ctx, Diagnostic("remark", func.loc, "Fastest varying pattern specified with "
                              "different size than the vector size."))
        raise pass_failure(func.loc)
    if reductions and len(sizes) != 1:
        raise MLIRError(Diagnostic("error", func.loc, "Vectorizing reductions is supported "
                                   "only for 1-D vectors."))
    if any(s <= 0 for s in sizes):
        raise MLIRError(Diagnostic("error", func.loc, "Vectorization factor must be greater "
                                   "than zero."))
    parallel, reduction_loops = set(), {}
    loops = []
    func.walk(lambda op: loops.append(op) if op.name == "affine.for" else None)
    for loop in loops:
        if reductions:
            reds = []
            if is_loop_parallel(loop, reds):
                parallel.add(loop)
                if reds:
                    reduction_loops[loop] = reds
        elif is_loop_parallel(loop):
            parallel.add(loop)
    vectorize_loops(func, parallel, sizes, fastest, reduction_loops, ctx)


def _emit(ctx, diag):
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        raise MLIRError(diag)
    engine.emit(diag)
