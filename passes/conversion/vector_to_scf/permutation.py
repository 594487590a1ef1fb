"""Transfer permutation maps lowered to minor identities (upstream's
populateVectorTransferPermutationMapLoweringPatterns, run before the loops are built):
permuted transfers become a transfer with a minor-identity(+broadcast) map and a
vector.transpose; leading broadcast dims of a read become a vector.broadcast; a write that
skips inner memref dims gets them back as unit vector dims."""
from __future__ import annotations

from pyopt.dialects.vector.transfer_canonicalize import Transfer, minor_identity_bcast_perm
from pyopt.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap, dim as adim
from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr
from pyopt.ir.types import I64, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import (is_dim_in_bounds,
                                                       minor_identity_broadcast_dims)
from passes.conversion.vector_to_scf import xfer_ops as X


def inverse_permutation(m):
    exprs = [None] * m.num_dims
    for i, e in enumerate(m.results):
        if type(e) is AffineDimExpr and exprs[e.position] is None:
            exprs[e.position] = adim(i)
    seen = [e for e in exprs if e is not None]
    if len(seen) != m.num_dims:
        return None
    return AffineMap(m.num_results, 0, seen)


def _masked(op):
    p = op.parent_op
    return p is not None and p.name == "vector.mask"


def _in_bounds(t):
    return t.in_bounds or [False] * len(t.vtype.shape)


def _inverse_transpose_in_bounds(t, perm):
    vals = _in_bounds(t)
    new = [False] * len(perm)
    for i, p in enumerate(perm):
        new[p] = vals[i]
    return X.bool_array(new)


def _replace(rw, op, value):
    if value is None:
        rw.erase_op(op)
    else:
        rw.replace_op(op, [value])


def _transpose(rw, loc, v, perm):
    t = v.type
    rt = VectorType([t.shape[p] for p in perm], t.element_type,
                    [t.scalable_dims[p] for p in perm])
    return rw.create("vector.transpose", [v], [rt], loc=loc,
                     properties={"permutation": DenseArrayAttr(I64, list(perm))}).results[0]


class ReadPermutationLowering(RewritePattern):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        m = t.perm_map
        if not t.vtype.shape or _masked(op) or m.num_results == 0:
            return False
        perm = minor_identity_bcast_perm(m)
        if perm is None:
            return False
        pm = AffineMap(max(perm) + 1, 0, [adim(p) for p in perm])
        if pm.is_identity():
            return False
        new_map = inverse_permutation(pm).compose(m)
        vt = t.vtype
        shape, scal = [0] * len(perm), [False] * len(perm)
        for i, p in enumerate(perm):
            shape[p] = vt.shape[i]
            scal[p] = vt.scalable_dims[i]
        loc = op.loc
        new = X.read(rw, loc, VectorType(shape, vt.element_type, scal), t.source, t.indices,
                     new_map, t.padding, t.mask, _inverse_transpose_in_bounds(t, perm))
        rw.replace_op(op, [_transpose(rw, loc, new.results[0], perm)])
        return True


class WritePermutationLowering(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        m = t.perm_map
        if not t.vtype.shape or _masked(op) or m.is_minor_identity():
            return False
        perm = minor_identity_bcast_perm(m)
        if perm is None:
            return False
        used = sorted({e.position for r in m.results for e in r.walk()
                       if type(e) is AffineDimExpr})
        remap = {d: i for i, d in enumerate(used)}
        comp = AffineMap(len(used), 0, [adim(remap[r.position]) for r in m.results])
        inv = inverse_permutation(comp)
        indices = [e.position for e in inv.results]
        loc = op.loc
        vec = _transpose(rw, loc, t.vector, indices)
        new_map = AffineMap.get_minor_identity(m.num_dims, m.num_results)
        new = X.write(rw, loc, vec, t.source, t.indices, new_map, t.mask,
                      _inverse_transpose_in_bounds(t, perm))
        _replace(rw, op, new.results[0] if new.results else None)
        return True


class WriteNonPermutationLowering(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        m = t.perm_map
        if not t.vtype.shape or _masked(op) or minor_identity_bcast_perm(m) is not None:
            return False
        found = [False] * m.num_dims
        for e in m.results:
            found[e.position] = True
        missing, first = [], False
        for i, f in enumerate(found):
            if f:
                first = True
            elif first:
                missing.append(i)
        k = len(missing)
        loc = op.loc
        vec = _extend_rank(rw, loc, t.vector, k)
        mask = t.mask
        if mask is not None:
            b = _extend_rank(rw, loc, mask, k)
            r = len(b.type.shape)
            mask = _transpose(rw, loc, b, list(range(k, r)) + list(range(k)))
        new_map = AffineMap(m.num_dims, 0, [adim(i) for i in missing] + list(m.results))
        ib = [True] * k + [is_dim_in_bounds(t, i) for i in range(len(t.vtype.shape))]
        new = X.write(rw, loc, vec, t.source, t.indices, new_map, mask, X.bool_array(ib))
        _replace(rw, op, new.results[0] if new.results else None)
        return True


def _extend_rank(rw, loc, v, k):
    t = v.type
    nt = VectorType([1] * k + list(t.shape), t.element_type,
                    [False] * k + list(t.scalable_dims))
    return rw.create("vector.broadcast", [v], [nt], loc=loc).results[0]


class ReadReduceRank(RewritePattern):
    """Leading broadcast dims of a read: a lower-rank read broadcast to the full type."""
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        m = t.perm_map
        if not t.vtype.shape or _masked(op):
            return False
        n = 0
        for e in m.results:
            if type(e) is not AffineConstantExpr or e.value != 0:
                break
            n += 1
        if n == 0:
            return False
        vt = t.vtype
        rank = len(vt.shape) - n
        new_map = AffineMap(m.num_dims, 0, list(m.results[len(m.results) - rank:]) if rank
                            else [])
        if minor_identity_broadcast_dims(new_map) is None:
            return False
        loc = op.loc
        if rank == 0:
            # (a 0-d vector read is a scalar load)
            load = "tensor.extract" if X.is_tensor(t) else "memref.load"
            v = rw.create(load, [t.source] + t.indices, [vt.element_type], loc=loc).results[0]
            rw.replace_op(op, [rw.create("vector.broadcast", [v], [vt], loc=loc).results[0]])
            return True
        nt = VectorType(vt.shape[n:], vt.element_type, vt.scalable_dims[n:])
        ib = op.get_attr("in_bounds")
        ib = ArrayAttr(list(ib)[n:]) if ib is not None else X.bool_array([False] * rank)
        new = X.read(rw, loc, nt, t.source, t.indices, new_map, t.padding, t.mask, ib)
        rw.replace_op(op, [rw.create("vector.broadcast", [new.results[0]], [vt],
                                     loc=loc).results[0]])
        return True


def patterns():
    return [ReadPermutationLowering(), WritePermutationLowering(), ReadReduceRank(),
            WriteNonPermutationLowering()]
