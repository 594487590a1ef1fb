"""Transfers above the target rank unpacked one leading dimension at a time (upstream's
VectorToSCF patterns).

- Default: the vector goes through a stack buffer `memref<vector<...>>` (allocated at the
  start of the enclosing allocation scope; the mask gets one too). A labelled transfer then
  becomes an scf.for over the leading dim of the buffer, type_cast to
  `memref<N x vector<...>>`, moving one lower-rank vector per iteration, each guarded by an
  scf.if when that dim may be out of bounds or is masked by a 1-D mask.
- full-unroll: the leading dim is unrolled into lower-rank transfers inserted into (read) or
  extracted from (write) the vector, without buffers.
- target-rank 1: a 1-D transfer that is not a contiguous minor identity becomes an scf.for of
  scalar memref.load/store with insertelement/extractelement."""
from __future__ import annotations

from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.opdef import AUTOMATIC_ALLOCATION_SCOPE, segment_sizes
from pyopt.ir.types import INDEX, MemRefType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import index_const, last_dim_unit_stride
from passes.conversion.vector_to_scf import xfer_ops as X
from passes.conversion.vector_to_scf.permutation import _masked
from pyopt.rewrite.matchers import defining


class Options:
    __slots__ = ("unroll", "target_rank", "lower_tensors")

    def __init__(self, unroll=False, target_rank=1, lower_tensors=False):
        self.unroll, self.target_rank, self.lower_tensors = unroll, target_rank, lower_tensors


def _unpackable(t, opts):
    vt = t.vtype
    if len(vt.shape) <= opts.target_rank or vt.scalable_dims[0]:
        return False
    if X.is_tensor(t) and not opts.lower_tensors:
        return False
    return vt.element_type is t.source.type.element_type


def _maybe_label(op, vt, opts):
    if len(vt.shape) > opts.target_rank:
        X.label(op)


# -- buffered (scf.for) lowering ------------------------------------------------------------------
def _alloca(rw, loc, t):
    return rw.create("memref.alloca", [], [MemRefType((), t)], loc=loc,
                     properties={"operandSegmentSizes": segment_sizes([0, 0])}).results[0]


def _alloc_buffers(rw, op, t):
    loc = op.loc
    scope = op.parent_op
    while scope is not None and (scope.opdef is None or
                                 AUTOMATIC_ALLOCATION_SCOPE not in scope.opdef.traits):
        scope = scope.parent_op
    ip = rw.save()
    rw.set_insertion_point_to_start(scope.regions[0].blocks[0])
    data = _alloca(rw, loc, t.vtype)
    mask = None
    if t.mask is not None:
        mbuf = _alloca(rw, loc, t.mask.type)
        rw.set_insertion_point(op)
        rw.create("memref.store", [t.mask, mbuf], [], loc=loc)
        mask = rw.create("memref.load", [mbuf], [t.mask.type], loc=loc).results[0]
    rw.restore(ip)
    return data, mask


class PrepareRead(RewritePattern):
    root = "vector.transfer_read"

    def __init__(self, opts):
        super().__init__()
        self.opts = opts

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        if X.LABEL in op.attributes or not _unpackable(t, self.opts):
            return False
        data, mask = _alloc_buffers(rw, op, t)
        new = rw.clone(op)
        X.label(new)
        if mask is not None:
            new.set_operand(len(new.operand_slots) - 1, mask)
        loc = op.loc
        rw.create("memref.store", [new.results[0], data], [], loc=loc)
        rw.replace_op(op, [rw.create("memref.load", [data], [t.vtype], loc=loc).results[0]])
        return True


class PrepareWrite(RewritePattern):
    root = "vector.transfer_write"

    def __init__(self, opts):
        super().__init__()
        self.opts = opts

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        if X.LABEL in op.attributes or not _unpackable(t, self.opts):
            return False
        loc = op.loc
        data, mask = _alloc_buffers(rw, op, t)
        rw.create("memref.store", [t.vector, data], [], loc=loc)
        loaded = rw.create("memref.load", [data], [t.vtype], loc=loc).results[0]

        def change():
            op.set_operand(0, loaded)
            X.label(op)
            if mask is not None:
                op.set_operand(len(op.operand_slots) - 1, mask)
        rw.modify_op_in_place(op, change)
        return True


def _unpack_one_dim(mt):
    vt = mt.element_type
    if vt.scalable_dims[0]:
        return None
    return MemRefType(list(mt.shape) + [vt.shape[0]], X.drop_front(vt))


def _type_cast(rw, loc, buf, t):
    return rw.create("vector.type_cast", [buf], [t], loc=loc).results[0]


class TransferLoop(RewritePattern):
    """A labelled transfer: an scf.for over the leading dim of its buffer."""
    bounded_recursion = True

    def __init__(self, root, opts):
        super().__init__(root)
        self.opts = opts

    def match_and_rewrite(self, op, rw):
        if X.LABEL not in op.attributes:
            return False
        t = Transfer(op)
        is_read = t.is_read
        if is_read:
            uses = list(op.results[0].uses())
            store = uses[0].owner
            buf, buf_idx = store.memref, store.indices
        else:
            load = defining(t.vector, "memref.load")
            buf, buf_idx = load.memref, load.indices
        ct = _unpack_one_dim(buf.type)
        if ct is None:
            return False
        loc = op.loc
        cbuf = _type_cast(rw, loc, buf, ct)
        m = t.perm_map
        bcast0 = X.is_broadcast_dim(m, 0)
        cmask = None
        mask_load = None
        if t.mask is not None:
            mask_load = defining(t.mask, "memref.load")
            mbuf = mask_load.memref
            if bcast0 or len(t.mask.type.shape) == 1:
                cmask = mbuf
            else:
                cmask = _type_cast(rw, loc, mbuf, _unpack_one_dim(mbuf.type))
        tensor_state = not is_read and X.is_tensor(t)
        init = t.source if tensor_state else None
        d = X.unpacked_dim(t)
        vt = ct.element_type
        opts = self.opts

        def new_mask(iv):
            if t.mask is None or not (bcast0 or len(t.mask.type.shape) > 1):
                return None
            idx = mask_load.indices + ([] if bcast0 else [iv])
            return rw.create("memref.load", [cmask] + idx, [cmask.type.element_type],
                             loc=loc).results[0]

        def body(iv, state):
            def in_case():
                indices = list(buf_idx) + [iv]
                if is_read:
                    xi = X.xfer_indices(rw, t, iv)
                    new = X.read(rw, loc, vt, t.source, xi, X.unpacked_perm_map(t), t.padding,
                                 new_mask(iv), X.dropped_in_bounds(t))
                    _maybe_label(new, vt, opts)
                    rw.create("memref.store", [new.results[0], cbuf] + indices, [], loc=loc)
                    return None
                xi = X.xfer_indices(rw, t, iv)
                vec = rw.create("memref.load", [cbuf] + indices, [vt], loc=loc).results[0]
                src = state[0] if state else t.source
                new = X.write(rw, loc, vec, src, xi, X.unpacked_perm_map(t), new_mask(iv),
                              X.dropped_in_bounds(t))
                _maybe_label(new, vt, opts)
                return new.results[0] if state else None

            def out_case():
                if is_read:
                    v = X.splat(rw, loc, t.padding, vt)
                    rw.create("memref.store", [v, cbuf] + list(buf_idx) + [iv], [], loc=loc)
                    return None
                return state[0] if state else None
            return X.in_bounds_check(rw, t, iv, d, [state[0].type] if state else [],
                                     in_case, out_case)

        loop = X.for_loop(rw, loc, ct.shape[-1], init, body)
        if is_read:
            rw.erase_op(store)
            rw.erase_op(op)
        elif tensor_state:
            rw.replace_op(op, [loop.results[0]])
        else:
            rw.erase_op(op)
        return True


# -- fully unrolled lowering ----------------------------------------------------------------------
def _unrolled_mask(rw, loc, t, i):
    """maybeAssignMask: the mask of the i-th unrolled transfer."""
    if t.mask is None:
        return None
    if X.is_broadcast_dim(t.perm_map, 0):
        return t.mask
    if len(t.mask.type.shape) > 1:
        return X.extract(rw, loc, t.mask, [i])
    return None


class UnrollRead(RewritePattern):
    root = "vector.transfer_read"
    bounded_recursion = True

    def __init__(self, opts):
        super().__init__()
        self.opts = opts

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        if not _unpackable(t, self.opts):
            return False
        loc = op.loc
        res = op.results[0]
        uses = list(res.uses())
        ins = uses[0].owner if len(uses) == 1 and uses[0].owner.name == "vector.insert" \
            else None
        vec = ins.dest if ins is not None else X.splat(rw, loc, t.padding, t.vtype)
        pos = X.mixed_position(ins) if ins is not None else []
        nt = X.drop_front(t.vtype)
        d = X.unpacked_dim(t)
        for i in range(t.vtype.shape[0]):
            iv = index_const(rw, loc, i)
            cur = vec

            def in_case(i=i, iv=iv, cur=cur):
                xi = X.xfer_indices(rw, t, iv)
                # (the mask is computed just before the new read, where upstream puts it)
                new = X.read(rw, loc, nt, t.source, xi, X.unpacked_perm_map(t), t.padding,
                             _unrolled_mask(rw, loc, t, i), X.dropped_in_bounds(t))
                return X.insert(rw, loc, new.results[0], cur, pos + [i])
            vec = X.in_bounds_check(rw, t, iv, d, [vec.type], in_case, lambda cur=cur: cur)
        if ins is not None:
            rw.replace_op(ins, [vec])
            rw.erase_op(op)
        else:
            rw.replace_op(op, [vec])
        return True


class UnrollWrite(RewritePattern):
    root = "vector.transfer_write"
    bounded_recursion = True

    def __init__(self, opts):
        super().__init__()
        self.opts = opts

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        if not _unpackable(t, self.opts):
            return False
        loc = op.loc
        ext = defining(t.vector, "vector.extract")
        vec = ext.vector if ext is not None else t.vector
        pos = X.mixed_position(ext) if ext is not None else []
        tensor = X.is_tensor(t)
        source = t.source
        d = X.unpacked_dim(t)
        rank1 = len(t.vtype.shape) == 1
        for i in range(t.vtype.shape[0]):
            iv = index_const(rw, loc, i)
            src = source

            def in_case(i=i, iv=iv, src=src):
                xi = X.xfer_indices(rw, t, iv)
                e = X.extract(rw, loc, vec, pos + [i])
                if rank1:
                    e = rw.create("vector.broadcast", [e], [VectorType([], e.type)],
                                  loc=loc).results[0]
                new = X.write(rw, loc, e, src, xi, X.unpacked_perm_map(t),
                              _unrolled_mask(rw, loc, t, i), X.dropped_in_bounds(t))
                return new.results[0] if tensor else None
            updated = X.in_bounds_check(rw, t, iv, d, [source.type] if tensor else [],
                                        in_case, lambda src=src: src if tensor else None)
            if tensor:
                source = updated
        if tensor:
            rw.replace_op(op, [source])
        else:
            rw.erase_op(op)
        return True


# -- 1-D lowering ---------------------------------------------------------------------------------
class Transfer1D(RewritePattern):
    def __init__(self, root):
        super().__init__(root)

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vtype
        mt = t.source.type
        if not vt.shape or type(mt) is not MemRefType or len(vt.shape) != 1:
            return False
        if t.perm_map.is_minor_identity() and last_dim_unit_stride(mt):
            return False
        loc = op.loc
        lb = index_const(rw, loc, 0)
        ub = index_const(rw, loc, vt.shape[0])
        if vt.scalable_dims[0]:
            vs = rw.create("vector.vscale", [], [INDEX], loc=loc).results[0]
            ub = rw.create("arith.muli", [ub, vs], [INDEX], loc=loc).results[0]
        step = index_const(rw, loc, 1)
        init = X.splat(rw, loc, t.padding, vt) if t.is_read else None
        d = X.unpacked_dim(t)

        def body(iv, state):
            indices = t.indices
            if d is not None:
                indices[d] = X.add_iv(rw, loc, indices[d], iv)
            if t.is_read:
                vec = state[0]

                def in_case():
                    v = rw.create("memref.load", [t.source] + indices, [vt.element_type],
                                  loc=loc).results[0]
                    return rw.create("vector.insertelement", [v, vec, iv], [vt],
                                     loc=loc).results[0]
                return X.in_bounds_check(rw, t, iv, d, [vt], in_case, lambda: vec)

            def in_case_w():
                v = rw.create("vector.extractelement", [t.vector, iv], [vt.element_type],
                              loc=loc).results[0]
                rw.create("memref.store", [v, t.source] + indices, [], loc=loc)
            X.in_bounds_check(rw, t, iv, d, [], in_case_w)
            return None
        loop = X.for_loop_bounds(rw, loc, lb, ub, step, init, body)
        if t.is_read:
            rw.replace_op(op, [loop.results[0]])
        else:
            rw.erase_op(op)
        return True


def patterns(opts):
    if opts.unroll:
        ps = [UnrollRead(opts), UnrollWrite(opts)]
    else:
        ps = [PrepareRead(opts), PrepareWrite(opts),
              TransferLoop("vector.transfer_read", opts),
              TransferLoop("vector.transfer_write", opts)]
    if opts.target_rank == 1:
        ps += [Transfer1D("vector.transfer_read"), Transfer1D("vector.transfer_write")]
    return ps

