"""Private memrefs for fused nests (createPrivateMemRef): a buffer sized to the region the
fused producer writes below the fusion depth, with accesses in the nest re-indexed."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.region import MemRefRegion
from pyopt.dialects.affine.canonicalize import simplify_expr
from pyopt.ir.affine import AffineMap, constant, dim
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX, MemRefType
from pyopt.rewrite.rewriter import Builder
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.affine.memref_uses import ACCESS_MEMREF_POS as _ACCESS, replace_memref_access


def _apply(b, m, operands, loc):
    return b.create("affine.apply", operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def _elt_bytes(t):
    w = getattr(t.element_type, "width", None)
    if w is None:
        try:
            from pyopt.ir.types import IndexType
            if isinstance(t.element_type, IndexType):
                w = 64
        except ImportError:
            pass
    return None if w is None else (w + 7) // 8


def _remap_access(ctx, op, old, new, remap, extra):
    replace_memref_access(ctx, op, new, remap, extra_operands=extra)


def create_private_memref(ctx, for_op, store, depth, fast_space, buf_threshold):
    region = MemRefRegion()
    if not region.compute(store, depth):
        return None
    bound = region.constant_bounding_shape()
    if bound is None:
        return None
    count, shape, lbs, divisors = bound
    cst = region.cst
    old = region.memref
    ot = old.type
    rank = len(ot.shape)
    outer = list(cst.values[rank:cst.num_dims_and_symbols])
    offsets = []
    for d in range(rank):
        off = constant(0)
        for j in range(len(outer)):
            off = off + dim(j) * lbs[d][j]
        off = (off + lbs[d][len(outer)]).floordiv(divisors[d])
        offsets.append(off)
    space = ot.memory_space
    size = _elt_bytes(ot)
    if fast_space is not None and size is not None and size * count <= buf_threshold:
        space = fast_space
    nt = MemRefType(tuple(shape), ot.element_type, None, space)
    block = for_op.parent
    b = Builder(ctx)
    b.set_insertion_point(block.first)
    alloc = b.create("memref.alloc", [], [nt],
                     properties={"operandSegmentSizes": segment_sizes([0, 0])}, loc=for_op.loc)
    new = alloc.results[0]
    n = len(outer) + rank
    exprs = [simplify_expr(dim(len(outer) + i) - offsets[i], n, 0) for i in range(rank)]
    remap = AffineMap.get(n, 0, exprs)
    users = [u for u in dict.fromkeys(old.users()) if for_op.is_ancestor_of(u) and u is not for_op]
    for u in users:
        if u.name in _ACCESS:
            _remap_access(ctx, u, old, new, remap, outer)
        else:
            for i, v in enumerate(u.operands):
                if v is old:
                    u.set_operand(i, new)
    return new

