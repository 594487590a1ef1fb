"""`convert-linalg-to-loops`, `convert-linalg-to-affine-loops`,
`convert-linalg-to-parallel-loops`: each linalg op on memrefs becomes a loop nest (scf.for,
affine.for, or scf.parallel over the outer parallel loops) loading its operands, running its
payload and storing what it yields (MLIR 19's Linalg/Transforms/Loops.cpp). Ops on tensors
stay. The greedy driver also folds and applies the dim and affine.apply canonicalizations,
as upstream's pass does."""
from __future__ import annotations

import contextlib

from pyopt.ir.affine import AffineDimExpr, AffineMap, AffineSymbolExpr, AffineConstantExpr
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.core import Block
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern, canonicalization_patterns
from pyopt.dialects.affine.canonicalize import canonicalize_map_and_operands
from pyopt.interfaces.destination_style import has_pure_buffer_semantics, init_indices
from pyopt.dialects.linalg.structured import (concat_maps, indexing_maps, is_linalg_op,
                                              iterator_types, operand_shape, payload)
from passes.scf.common import create_for, create_parallel, const_index, default_greedy_config


# ---------------------------------------------------------------------------- loop ranges
def _dim(rw, v, i, loc):
    """createOrFoldDimOp: memref.dim / tensor.dim of a dynamic size."""
    c = const_index(rw, i, loc)
    name = "memref.dim" if type(v.type) is MemRefType else "tensor.dim"
    return rw.create(name, [v, c], [INDEX], loc=loc).results[0]


def loop_upper_bounds(rw, op, loc):
    """createLoopRanges' sizes: per loop, the size of the first operand dimension that is
    that loop's plain index (an int when static, else a dim op's result)."""
    sizes = []
    for v in op.operands:
        for i, s in enumerate(operand_shape(v)):
            sizes.append(s if s != DYNAMIC else _dim(rw, v, i, loc))
    m = concat_maps(indexing_maps(op))
    ubs = [None] * m.num_dims
    for idx, e in enumerate(m.results):
        if type(e) is AffineDimExpr and ubs[e.position] is None:
            ubs[e.position] = sizes[idx]
    return ubs


def _unpack(rw, ubs, loc):
    """unpackRanges: lower bound, upper bound and step values (constants created fresh)."""
    lbs, ub_vals, steps = [], [], []
    for ub in ubs:
        lbs.append(const_index(rw, 0, loc))
        ub_vals.append(const_index(rw, ub, loc) if type(ub) is int else ub)
        steps.append(const_index(rw, 1, loc))
    return lbs, ub_vals, steps


# ---------------------------------------------------------------------------- loop nests
@contextlib.contextmanager
def _unlisted(rw):
    """Ops created here are not reported to the rewriter's listener. Upstream builds the
    innermost affine.for's body, and everything inside an scf.parallel, in the op's build
    method, i.e. before the loop is in the IR: the greedy driver is told of those ops but
    cannot put them on its worklist (they are visited in its next iteration, which changes
    where folded constants land)."""
    listener, rw.listener = rw.listener, None
    try:
        yield
    finally:
        rw.listener = listener


def _scf_nest(rw, lbs, ubs, steps, iterators, body, loc):
    """scf::buildLoopNest; `body(ivs)` runs at the innermost insertion point."""
    ivs = []
    for lb, ub, st in zip(lbs, ubs, steps):
        f = create_for(rw, lb, ub, st, [], loc)
        block = f.regions[0].blocks[0]
        ivs.append(block.args[0])
        rw.set_insertion_point(block.last)
    body(ivs)


def _affine_nest(rw, lbs, ubs, steps, iterators, body, loc):
    """buildAffineLoopNest: constant bounds when both are constants, else identity maps."""
    ivs = []
    for lb, ub, st in zip(lbs, ubs, steps):
        lc, uc = constant_int(lb), constant_int(ub)
        if lc is not None and uc is not None:
            operands, lmap, umap = [], AffineMap.get_constant_map(lc), \
                AffineMap.get_constant_map(uc)
            counts = [0, 0, 0]
        else:
            ident = AffineMap.get_multi_dim_identity(1)
            operands, lmap, umap, counts = [lb, ub], ident, ident, [1, 1, 0]
        f = rw.create("affine.for", operands, [], properties={
            "lowerBoundMap": AffineMapAttr(lmap), "upperBoundMap": AffineMapAttr(umap),
            "step": IntegerAttr(INDEX, constant_int(st)),
            "operandSegmentSizes": segment_sizes(counts)}, regions=1, loc=loc)
        block = Block([INDEX], [loc])
        f.regions[0].append(block)
        rw.set_insertion_point_to_end(block)
        with _unlisted(rw):  # (built inside AffineForOp::build)
            y = rw.create("affine.yield", [], [], loc=loc)
        ivs.append(block.args[0])
        rw.set_insertion_point(y)
    if not ivs:
        body(ivs)
        return
    with _unlisted(rw):  # the innermost loop's body builder
        body(ivs)


def _parallel_nest(rw, lbs, ubs, steps, iterators, body, loc, ivs=None):
    """generateParallelLoopNest: one scf.parallel over each run of outer parallel loops, an
    scf.for for each reduction loop."""
    ivs = [] if ivs is None else ivs
    if not iterators:
        body(ivs)
        return
    if iterators[0] != "parallel":
        f = create_for(rw, lbs[0], ubs[0], steps[0], [], loc)
        block = f.regions[0].blocks[0]
        ivs.append(block.args[0])
        rw.set_insertion_point(block.last)
        _parallel_nest(rw, lbs[1:], ubs[1:], steps[1:], iterators[1:], body, loc, ivs)
        return
    n = 0
    while n < len(iterators) and iterators[n] == "parallel":
        n += 1
    with _unlisted(rw):
        p = create_parallel(rw, lbs[:n], ubs[:n], steps[:n], [], loc)
    if rw.listener is not None:  # the op alone, as OpBuilder::insert after the build
        rw.listener.notify_op_inserted(p)
    block = p.regions[0].blocks[0]
    ivs.extend(block.args)
    rw.set_insertion_point(block.last)
    with _unlisted(rw):  # ParallelOp::build runs the body builder: the rest of the nest
        _parallel_nest(rw, lbs[n:], ubs[n:], steps[n:], iterators[n:], body, loc, ivs)


# ---------------------------------------------------------------------------- the body
def _canonical_applies(rw, m, ivs, loc):
    """makeCanonicalAffineApplies: one affine.apply per result of `m`."""
    out = []
    for e in m.results:
        single = AffineMap.get(m.num_dims, m.num_symbols, [e])
        em, operands = canonicalize_map_and_operands(single, list(ivs))
        out.append(rw.create("affine.apply", operands, [INDEX],
                             properties={"map": AffineMapAttr(em)}, loc=loc).results[0])
    return out


def _load(rw, affine, memref, indices, loc):
    t = memref.type.element_type
    if affine:
        n = len(indices)
        return rw.create("affine.load", [memref] + indices, [t], properties={
            "map": AffineMapAttr(AffineMap.get_multi_dim_identity(n))}, loc=loc).results[0]
    return rw.create("memref.load", [memref] + indices, [t], loc=loc).results[0]


def _store(rw, affine, value, memref, indices, loc):
    if affine:
        n = len(indices)
        rw.create("affine.store", [value, memref] + indices, [], properties={
            "map": AffineMapAttr(AffineMap.get_multi_dim_identity(n))}, loc=loc)
    else:
        rw.create("memref.store", [value, memref] + indices, [], loc=loc)


def emit_scalar_implementation(rw, op, ivs, affine, loc):
    maps = indexing_maps(op)
    inits = set(init_indices(op))
    values = []
    for i, v in enumerate(op.operands):  # inputs (scalars as they are), then inits
        if i in inits:
            continue
        if not operand_shape(v) and type(v.type) is not MemRefType:
            values.append(v)
            continue
        values.append(_load(rw, affine, v, _canonical_applies(rw, maps[i], ivs, loc), loc))
    for i in sorted(inits):
        values.append(_load(rw, affine, op.operand(i), _canonical_applies(rw, maps[i], ivs, loc),
                            loc))
    stores = [(op.operand(i), _canonical_applies(rw, maps[i], ivs, loc)) for i in sorted(inits)
              if type(op.operand(i).type) is MemRefType]
    block = payload(op)
    mapping = dict(zip(block.args, values))
    for o in block:
        if o is block.last:
            break
        new = rw.clone(o, mapping)
        mapping.update(zip(o.results, new.results))
    for k, v in enumerate(block.last.operands):
        buf, idx = stores[k]
        _store(rw, affine, mapping.get(v, v), buf, idx, loc)


class LinalgToLoops(RewritePattern):
    def __init__(self, kind):
        super().__init__()
        self.kind = kind  # "scf", "affine", "parallel"

    def match_and_rewrite(self, op, rw):
        if not is_linalg_op(op) or not has_pure_buffer_semantics(op):
            return False
        loc = op.loc
        rw.set_insertion_point(op)
        ubs = loop_upper_bounds(rw, op, loc)
        lbs, ub_vals, steps = _unpack(rw, ubs, loc)
        iterators = iterator_types(op)
        all_ivs = []

        def body(ivs):
            all_ivs.extend(ivs)
            emit_scalar_implementation(rw, op, ivs, self.kind == "affine", loc)

        nest = {"scf": _scf_nest, "affine": _affine_nest, "parallel": _parallel_nest}[self.kind]
        nest(rw, lbs, ub_vals, steps, iterators, body, loc)
        if all_ivs:  # linalg.index -> the induction variables
            inner = all_ivs[-1].owner
            for o in list(inner):
                if o.name == "linalg.index":
                    rw.replace_op(o, [all_ivs[o.properties["dim"].value]])
        rw.erase_op(op)
        return True


class FoldTrivialApply(RewritePattern):
    """FoldAffineOp: an affine.apply of a constant, or of one dim/symbol of one operand."""
    root = "affine.apply"
    benefit = 0

    def match_and_rewrite(self, op, rw):
        m = op.properties["map"].value
        if m.num_results != 1 or m.num_dims + m.num_symbols > 1:
            return False
        e = m.results[0]
        if m.num_dims + m.num_symbols == 0:
            if type(e) is AffineConstantExpr:
                rw.set_insertion_point(op)
                rw.replace_op(op, [const_index(rw, e.value, op.loc)])
                return True
            return False
        if type(e) in (AffineDimExpr, AffineSymbolExpr):
            rw.replace_op(op, [op.mapOperands[0]])
            return True
        return False


def _patterns(ctx, kind):
    ps = canonicalization_patterns(ctx, ("memref.dim", "tensor.dim", "affine.apply"))
    ps.add(LinalgToLoops(kind))
    ps.add(FoldTrivialApply())
    return ps


def _run(kind):
    def run(op, ctx, options):
        # applyPatternsAndFoldGreedily's defaults: bottom-up, blocks merged (aggressive)
        apply_patterns_greedily(op, _patterns(ctx, kind), ctx, default_greedy_config())
    return run


register_pass("convert-linalg-to-loops", "Convert the operations from the linalg dialect into "
              "loops", display_name="ConvertLinalgToLoopsPass")(_run("scf"))
register_pass("convert-linalg-to-affine-loops", "Convert the operations from the linalg "
              "dialect into affine loops",
              display_name="ConvertLinalgToAffineLoopsPass")(_run("affine"))
register_pass("convert-linalg-to-parallel-loops", "Convert the operations from the linalg "
              "dialect into parallel loops",
              display_name="ConvertLinalgToParallelLoopsPass")(_run("parallel"))
