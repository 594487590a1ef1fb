"""Loop analyses the vectorizer needs: parallel loops and their reductions, which memref
dimension an access varies along, whether a loop body can be vectorized, and the
permutation map of a vector transfer (upstream's LoopAnalysis, AffineAnalysis and
VectorUtils)."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.ir.affine import AffineExprKind, AffineMap, constant, dim
from pyopt.ir.types import FloatType, IndexType, IntegerType, MemRefType, VectorType
from pyopt.analysis.reduction import match_reduction  # noqa: F401  (vectorizer imports it here)
from pyopt.ir.diagnostics import Diagnostic
from pyopt.syntax.printer import op_for_diagnostic

from pyopt.dialects.affine.analysis.parallelism import is_loop_memory_parallel
from pyopt.ir.core import Block
from passes.affine.super_vectorize import matcher

def access_parts(op):
    """(memref, map, map operands) of an affine (vector) load or store."""
    return op.memref, op.map.value, op.indices

# combiner op -> arith.AtomicRMWKind name
REDUCTION_KINDS = {
    "arith.addf": "addf", "arith.mulf": "mulf", "arith.addi": "addi", "arith.andi": "andi",
    "arith.ori": "ori", "arith.muli": "muli", "arith.minimumf": "minimumf",
    "arith.maximumf": "maximumf", "arith.minsi": "mins", "arith.maxsi": "maxs",
    "arith.minui": "minu", "arith.maxui": "maxu",
}


def body(loop):
    return loop.regions[0].blocks[0]


def iv_of(loop):
    return body(loop).args[0]


def iter_args(loop):
    return body(loop).args[1:]


def for_parts(loop):
    """(lb operands, ub operands, inits) of an affine.for."""
    return loop.lowerBoundOperands, loop.upperBoundOperands, loop.inits


def for_iv_owner(v):
    owner = getattr(v, "owner", None)
    if type(owner) is not Block or v.defining_op() is not None:
        return None
    op = owner.parent_op
    if op is not None and op.name == "affine.for" and owner.args and owner.args[0] is v:
        return op
    return None


# ------------------------------------------------------------------ reductions
def supported_reductions(loop):
    """[(kind, position, reduced value)] for the iter args that are supported reductions."""
    out = []
    args = iter_args(loop)
    for i in range(len(args)):
        val, combs = match_reduction(args, i)
        if val is None or len(combs) != 1:
            continue
        kind = REDUCTION_KINDS.get(combs[0].name)
        if kind is not None:
            out.append((kind, i, val))
    return out


def is_loop_parallel(loop, reductions=None):
    """isLoopParallel; with a `reductions` list, supported reductions are collected into it
    and do not prevent parallelism."""
    n = len(iter_args(loop))
    if n and reductions is None:
        return False
    if reductions is not None:
        reductions.extend(supported_reductions(loop))
        if len(reductions) != n:
            return False
    return is_loop_memory_parallel(loop)


# ------------------------------------------------------------------ access analysis
def is_valid_vector_element(t):
    return isinstance(t, (IntegerType, IndexType, FloatType))


def access_index_invariant(iv, index):
    """Whether `index` (through affine.apply producers) does not depend on `iv`."""
    m, ops = compose_map_and_operands(AffineMap.get_multi_dim_identity(1), [index])
    for pos, v in enumerate(ops):
        if v is iv:
            if pos < m.num_dims:
                return not m.is_function_of_dim(pos)
            return not m.is_function_of_symbol(pos - m.num_dims)
    return True


def invariant_accesses(iv, indices):
    return {i for i, v in enumerate(indices) if access_index_invariant(iv, v)}


def report_error(ctx, op, message):
    """An error diagnostic that does not fail the pass (upstream emits some and goes on)."""
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        return
    d = Diagnostic("error", op.loc, message)
    if engine.collector is None:
        d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
    failed = engine.had_error
    engine.emit(d)
    engine.had_error = failed


def _contiguous_dim(iv, op, ctx):
    """isContiguousAccess: (ok, memref dim counted from the innermost or -1)."""
    memref, amap, operands = access_parts(op)
    mt = memref.type
    if getattr(mt, "layout", None) is not None:
        report_error(ctx, op, "NYI: non-trivial layout map")
        return False, -1
    unique = -1
    nd = amap.num_dims
    for i in range(len(mt.shape)):
        used = []
        for e in amap.results[i].walk():
            if e.kind is AffineExprKind.DIM:
                used.append(operands[e.position])
            elif e.kind is AffineExprKind.SYMBOL:
                used.append(operands[nd + e.position])
        for v in used:
            if not access_index_invariant(iv, v):
                if unique != -1:
                    return False, -1
                unique = i
    return True, (-1 if unique == -1 else len(mt.shape) - (unique + 1))


def _bad_types(op):
    for t in op.operand_types:
        et = t.element_type if isinstance(t, MemRefType) else t
        if not is_valid_vector_element(et):
            return True
    return any(not is_valid_vector_element(t) for t in op.result_types)


def _is_vector_transfer(op):
    return op.name in ("vector.transfer_read", "vector.transfer_write")


def vectorizable_body(loop, op_cond=None):
    """isVectorizableLoopBodyWithOpCond."""
    if matcher.if_pattern().match(loop):
        return False
    if matcher.op_pattern(_bad_types).match(loop):
        return False
    if matcher.op_pattern(lambda o: bool(o.regions) and
                          o.name not in ("affine.if", "affine.for")).match(loop):
        return False
    if matcher.op_pattern(_is_vector_transfer).match(loop):
        return False
    for m in matcher.op_pattern(matcher.is_load_or_store).match(loop):
        op = m.op
        if isinstance(access_parts(op)[0].type.element_type, VectorType):
            return False
        if op_cond is not None and not op_cond(loop, op):
            return False
    return True


def vectorizable_loop_dim(loop, ctx=None):
    """isVectorizableLoopBody with a memref dim: (vectorizable, dim or -1)."""
    state = [-1]
    iv = iv_of(loop)

    def cond(_loop, op):
        ok, d = _contiguous_dim(iv, op, ctx)
        if d != -1:
            if state[0] != -1 and state[0] != d:
                return False
            state[0] = d
        return ok
    ok = vectorizable_body(loop, cond)
    return ok, state[0]


# ------------------------------------------------------------------ permutation maps
def make_permutation_map(block, indices, loop_to_dim):
    """The transfer permutation map for `indices` at `block`, given the vectorized loops."""
    enclosing = {}
    p = block.parent_op
    while p is not None:
        if p in loop_to_dim:
            enclosing[p] = loop_to_dim[p]
        p = p.parent_op
    if not enclosing:
        return None
    perm = [constant(0)] * max(len(enclosing), max(enclosing.values()) + 1)
    for loop, vdim in enclosing.items():
        inv = invariant_accesses(iv_of(loop), indices)
        for i in range(len(indices)):
            if i not in inv:
                perm[vdim] = dim(i)
    return AffineMap.get(len(indices), 0, perm)
