"""`test-affine-access-analysis`: for every affine load/store under a top-level affine.for
of the function, remarks along which surrounding loops the access is contiguous (only one
subscript varies with the loop's IV, and it is the innermost one) and along which it is
invariant (the IV does not appear once the subscripts are composed and simplified)."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands, simplify_map)
from pyopt.ir.affine import AffineExprKind
from pyopt.ir.opdef import AFFINE_SCOPE
from pyopt.pass_registry import register_pass
from passes.affine.super_vectorize.analysis import access_index_invariant
from passes.affine.tiling import emit
from passes.affine.tiling.loops import iv

_MEMREF_POS = {"affine.load": 0, "affine.vector_load": 0, "affine.store": 1,
               "affine.vector_store": 1}


def _access(op):
    pos = _MEMREF_POS[op.name]
    m = (op.properties.get("map") or op.attributes.get("map")).value
    return op.operands[pos], m, list(op.operands[pos + 1:pos + 1 + m.num_inputs])


def contiguous_dim(x, op):
    """isContiguousAccess: (contiguous?, memref dim counted from the innermost or -1)."""
    memref, m, operands = _access(op)
    varying = -1
    for i in range(len(memref.type.shape)):
        used = []
        for e in m.results[i].walk():
            if e.kind is AffineExprKind.DIM:
                used.append(operands[e.position])
            elif e.kind is AffineExprKind.SYMBOL:
                used.append(operands[m.num_dims + e.position])
        for v in used:
            if not access_index_invariant(x, v):
                if varying != -1:
                    return False, None
                varying = i
    return True, (-1 if varying == -1 else len(memref.type.shape) - (varying + 1))


def invariant(op, loop):
    _, m, operands = _access(op)
    m, operands = compose_map_and_operands(m, operands)
    m = simplify_map(m)
    m, operands = canonicalize_map_and_operands(m, operands)
    return iv(loop) not in operands


def _enclosing_fors(op):
    out = []
    p = op.parent_op
    while p is not None and not (p.opdef is not None and AFFINE_SCOPE in p.opdef.traits):
        if p.name == "affine.for":
            out.append(p)
        p = p.parent_op
    return out[::-1]


@register_pass("test-affine-access-analysis", "Tests affine memory access analysis utility",
               anchor="func.func")
def test_affine_access_analysis(func, ctx, options):
    for blk in func.regions[0].blocks:
        for top in list(blk):
            if top.name != "affine.for":
                continue
            accesses = []
            top.walk(lambda o: accesses.append(o) if o.name in _MEMREF_POS else None)
            for op in accesses:
                if op.operands[_MEMREF_POS[op.name]].type.layout is not None:
                    emit(ctx, "error", op, "NYI: non-trivial layout map")
                    continue
                for d, loop in enumerate(_enclosing_fors(op)):
                    ok, dim = contiguous_dim(iv(loop), op)
                    if ok and dim == 0:
                        emit(ctx, "remark", op, f"contiguous along loop {d}\n")
                    if invariant(op, loop):
                        emit(ctx, "remark", op, f"invariant along loop {d}\n")
