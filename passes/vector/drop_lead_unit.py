"""Casting away leading unit dims of vector ops (upstream's VectorDropLeadUnitDim.cpp
patterns): the op is rebuilt on `vector.extract %v[0, ..]` of its operands with the leading
unit dims gone, and a vector.broadcast restores the original result type.
Used by -test-vector-to-vector-lowering and apply_patterns.vector.cast_away_vector_leading_one_dim."""
from __future__ import annotations

from pyopt.dialects.vector.verifiers import broadcastable, transfer_mask_type
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineMap, dim as adim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, VectorType
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_scf import xfer_ops as X
from pyopt.dialects.vector.transforms.shape_cast import ShapeCastPairFolder
from pyopt.dialects.vector.transforms.sink import is_elementwise


def trim_leading_ones(t):
    shape, sc = list(t.shape), list(t.scalable_dims)
    k = 0
    while k < len(shape) and shape[k] == 1 and not sc[k]:
        k += 1
    if k == len(shape):
        k = max(len(shape) - 1, 0)
    return VectorType(shape[k:], t.element_type, sc[k:])


def extract_zeros(rw, loc, v, n):
    return X.extract(rw, loc, v, [0] * n)


def _bcast(rw, op, rt, v):
    rw.replace_op_with_new_op(op, "vector.broadcast", [v], [rt])


def _masked(op):
    p = op.parent_op
    return p is not None and p.name == "vector.mask"


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, int(x.value)) for x in values])


class ExtractStridedSlice(RewritePattern):
    root = "vector.extract_strided_slice"

    def match_and_rewrite(self, op, rw):
        st = op.vector.type
        nst = trim_leading_ones(st)
        n = len(st.shape) - len(nst.shape)
        if n == 0:
            return False
        dt = op.results[0].type
        ndt = VectorType(dt.shape[n:], dt.element_type, dt.scalable_dims[n:])
        loc = op.loc
        src = extract_zeros(rw, loc, op.vector, n)
        props = {k: ArrayAttr(list(op.get_attr(k))[n:]) for k in ("offsets", "sizes", "strides")}
        new = rw.create("vector.extract_strided_slice", [src], [ndt], properties=props, loc=loc)
        _bcast(rw, op, dt, new.results[0])
        return True


class InsertStridedSlice(RewritePattern):
    root = "vector.insert_strided_slice"

    def match_and_rewrite(self, op, rw):
        st, dt = op.source.type, op.dest.type
        nst, ndt = trim_leading_ones(st), trim_leading_ones(dt)
        ns, nd = len(st.shape) - len(nst.shape), len(dt.shape) - len(ndt.shape)
        if ns == 0 and nd == 0:
            return False
        loc = op.loc
        src = extract_zeros(rw, loc, op.source, ns)
        dst = extract_zeros(rw, loc, op.dest, nd)
        offs = list(op.get_attr("offsets"))
        strides = list(op.get_attr("strides"))
        props = {"offsets": ArrayAttr(offs[len(offs) - len(ndt.shape):]),
                 "strides": ArrayAttr(strides[len(strides) - len(nst.shape):])}
        new = rw.create("vector.insert_strided_slice", [src, dst], [ndt], properties=props,
                        loc=loc)
        _bcast(rw, op, dt, new.results[0])
        return True


class Insert(RewritePattern):
    root = "vector.insert"

    def match_and_rewrite(self, op, rw):
        st = op.source.type
        old_src_rank = new_src_rank = 0
        if type(st) is VectorType:
            old_src_rank = len(st.shape)
            new_src_rank = len(trim_leading_ones(st).shape)
        dt = op.dest.type
        ndt = trim_leading_ones(dt)
        ns, nd = old_src_rank - new_src_rank, len(dt.shape) - len(ndt.shape)
        if ns == 0 and nd == 0:
            return False
        loc = op.loc
        src = op.source
        if old_src_rank != 0:
            src = extract_zeros(rw, loc, src, ns)
        dst = extract_zeros(rw, loc, op.dest, nd)
        pos = X.mixed_position(op)
        keep = max(0, len(pos) - nd)
        new_pos = pos[len(pos) - keep:] if keep else []
        want = len(ndt.shape) - new_src_rank
        new_pos = (new_pos + [0] * want)[:want]
        _bcast(rw, op, dt, X.insert(rw, loc, src, dst, new_pos))
        return True


def _drop_mask_dims(rw, loc, mask, nt, nmap, old_mt):
    nmt = transfer_mask_type(nt, nmap)
    if broadcastable(nmt, old_mt) is None:
        return extract_zeros(rw, loc, mask, len(old_mt.shape) - len(nmt.shape))
    return rw.create("vector.shape_cast", [mask], [nmt], loc=loc).results[0]


def _trimmed_transfer(t, vt):
    nt = trim_leading_ones(vt)
    if nt == vt:
        return None
    m = t.perm_map
    nmap = AffineMap(m.num_dims, m.num_symbols, list(m.results[len(m.results) - len(nt.shape):]))
    ib = t.op.get_attr("in_bounds")
    ib = ArrayAttr(list(ib)[len(ib) - len(nt.shape):]) if ib is not None else None
    return nt, nmap, ib


def _transfer_ok(op, t, vt):
    if _masked(op) or t.perm_map.num_results == 0:
        return False
    return t.source.type.element_type == vt.element_type


class TransferRead(RewritePattern):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = op.results[0].type
        if not _transfer_ok(op, t, vt):
            return False
        r = _trimmed_transfer(t, vt)
        if r is None:
            return False
        nt, nmap, ib = r
        mask = t.mask
        if mask is not None:
            mask = _drop_mask_dims(rw, op.loc, mask, nt, nmap, mask.type)
        new = X.read(rw, op.loc, nt, t.source, t.indices, nmap, t.padding, mask, ib)
        _bcast(rw, op, vt, new.results[0])
        return True


class TransferWrite(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vector.type
        if not _transfer_ok(op, t, vt):
            return False
        r = _trimmed_transfer(t, vt)
        if r is None:
            return False
        nt, nmap, ib = r
        v = extract_zeros(rw, op.loc, t.vector, len(vt.shape) - len(nt.shape))
        mask = t.mask
        if mask is not None:
            mask = _drop_mask_dims(rw, op.loc, mask, nt, nmap, mask.type)
        new = X.write(rw, op.loc, v, t.source, t.indices, nmap, mask, ib)
        rw.replace_op(op, list(new.results))
        return True


class Elementwise(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or not is_elementwise(op):
            return False
        vt = op.results[0].type
        if type(vt) is not VectorType:
            return False
        nt = trim_leading_ones(vt)
        if nt == vt:
            return False
        n = len(vt.shape) - len(nt.shape)
        loc = op.loc
        vals = [extract_zeros(rw, loc, v, n) if type(v.type) is VectorType else v
                for v in op.operands]
        new = rw.create(op.name, vals, [nt],
                        properties=dict(op.properties) if op.properties else None,
                        attributes=dict(op.attributes) if op.attributes else None, loc=loc)
        _bcast(rw, op, vt, new.results[0])
        return True


class ConstantMask(RewritePattern):
    root = "vector.constant_mask"

    def match_and_rewrite(self, op, rw):
        vt = op.results[0].type
        nt = trim_leading_ones(vt)
        if nt == vt:
            return False
        n = len(vt.shape) - len(nt.shape)
        sizes = [int(a.value) for a in op.get_attr("mask_dim_sizes")]
        lead = 1
        for s in sizes[:n + 1]:
            lead *= s
        new = rw.create("vector.constant_mask", [], [nt], properties={
            "mask_dim_sizes": ArrayAttr([IntegerAttr(I64, x) for x in [lead] + sizes[n + 1:]])},
            loc=op.loc)
        _bcast(rw, op, vt, new.results[0])
        return True


class Contraction(RewritePattern):
    root = "vector.contract"

    def match_and_rewrite(self, op, rw):
        acc_t = op.acc.type
        if type(acc_t) is not VectorType or len(acc_t.shape) < 2 or acc_t.shape[0] != 1:
            return False
        mop = op.parent_op if _masked(op) else None
        if mop is not None:
            rw.set_insertion_point(mop)  # (the rewrite replaces the vector.mask)
        maps = [a.value for a in op.get_attr("indexing_maps")]
        iters = list(op.get_attr("iterator_types"))
        drop = maps[2].get_dim_position(0)
        if iters[drop].keyword != "parallel":
            return False
        new_iters = [it for i, it in enumerate(iters) if i != drop]
        operands = [op.lhs, op.rhs, op.acc]
        loc = op.loc
        new_maps, new_ops = [], []
        for k, m in enumerate(maps):
            if m.get_dim_position(0) != drop:
                perm, res, needed = [], [], False
                for i in range(len(m.results)):
                    d = m.get_dim_position(i)
                    if d == drop:
                        needed = True
                        perm.insert(0, i)
                        res.insert(0, adim(d))
                    else:
                        perm.append(i)
                        res.append(adim(d))
                shape = operands[k].type.shape
                non_outer = any(p != i and shape[i] != 1 for i, p in enumerate(perm[:-1]))
                if needed:
                    m = AffineMap(m.num_dims, 0, res)
                    if non_outer:
                        operands[k] = _transpose(rw, loc, operands[k], perm)
            valid = m.get_dim_position(0) == drop
            res = [adim(d if d < drop else d - 1)
                   for d in (m.get_dim_position(i) for i in range(len(m.results))) if d != drop]
            new_maps.append(AffineMap(m.num_dims - 1, 0, res))
            new_ops.append(extract_zeros(rw, loc, operands[k], 1) if valid else operands[k])
        props = {"indexing_maps": ArrayAttr([AffineMapAttr(x) for x in new_maps]),
                 "iterator_types": ArrayAttr(new_iters), "kind": op.get_attr("kind")}
        rt = new_ops[2].type
        if mop is None:
            new = rw.create("vector.contract", new_ops, [rt], properties=props, loc=loc)
            _bcast(rw, op, op.results[0].type, new.results[0])
            return True
        mask = extract_zeros(rw, loc, mop.mask, 1)
        m = rw.create("vector.mask", [mask], [rt], regions=1, loc=loc)
        ip = rw.save()
        rw.set_insertion_point_to_end(rw.create_block(m.regions[0]))
        new = rw.create("vector.contract", new_ops, [rt], properties=props, loc=loc)
        rw.create("vector.yield", [new.results[0]], [], loc=loc)
        rw.restore(ip)
        _bcast(rw, mop, op.results[0].type, m.results[0])
        return True


def _transpose(rw, loc, v, perm):
    from pyopt.ir.attributes import DenseArrayAttr
    t = v.type
    rt = VectorType([t.shape[p] for p in perm], t.element_type,
                    [t.scalable_dims[p] for p in perm])
    return create_or_fold(rw, "vector.transpose", [v], [rt], loc,
                          properties={"permutation": DenseArrayAttr(I64, perm)})[0]


def patterns():
    return [ExtractStridedSlice(), InsertStridedSlice(), Insert(), ConstantMask(),
            TransferRead(), TransferWrite(), Elementwise(), Contraction(),
            ShapeCastPairFolder()]
