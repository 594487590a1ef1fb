"""Vectorization of linalg ops (MLIR 19 Linalg/Transforms/Vectorization.cpp, linalg::vectorize):
the op's payload rewritten on vectors of its iteration space's shape (the canonical vector
shape: the static loop ranges, or the given vector sizes, with vector.mask'ed transfers where
they exceed the iteration space). Each operand is read with a vector.transfer_read whose
permutation map broadcasts it to the canonical shape, payload ops become their vector forms,
reductions vector.multi_reduction, linalg.index a vector.step, and each yielded value is
written back with a vector.transfer_write. 1-D convolutions go to vectorize_conv.py."""
from __future__ import annotations

from pyopt.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap, constant, dim
from pyopt.ir.attributes import ArrayAttr, FloatAttr, IntegerAttr
from pyopt.ir.core import Block, BlockArgument, Region
from pyopt.ir.types import (DYNAMIC, I1, I64, INDEX, FloatType, IndexType, IntegerType,
                            MemRefType, RankedTensorType, VectorType)
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, init_indices
from pyopt.interfaces.elementwise import is_elementwise_mappable
from pyopt.analysis.reduction import match_reduction
from pyopt.rewrite.folding import create_or_fold
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op, iterator_types,
                                              operand_shape, payload, static_loop_ranges,
                                              static_shape, structured_model)
from pyopt.dialects.vector.attrs import KIND, CombiningKindAttr
from pyopt.dialects.vector import builders as vector_builders
from pyopt.dialects.vector.builders import bool_array, transfer_write  # noqa: F401
from pyopt.dialects.vector.transfer_canonicalize import Transfer

from passes.linalg.vectorize_extract import precondition as extract_precondition
from passes.linalg.vectorize_extract import vectorize_extract

_COMBINERS = {"arith.addi": "add", "arith.addf": "add", "arith.andi": "and",
              "arith.maxsi": "maxsi", "arith.maxui": "maxui", "arith.maximumf": "maximumf",
              "arith.minsi": "minsi", "arith.minui": "minui", "arith.minimumf": "minimumf",
              "arith.muli": "mul", "arith.mulf": "mul", "arith.ori": "or", "arith.xori": "xor"}


# ---------------------------------------------------------------------------- affine maps
def compress_unused_dims(m):
    used = sorted({d for e in m.results for d in _dims(e)})
    rep = [None] * m.num_dims
    for i, d in enumerate(used):
        rep[d] = dim(i)
    rep = [r if r is not None else constant(0) for r in rep]
    return m.replace_dims_and_symbols(rep, [], len(used), m.num_symbols)


def _dims(e):
    if type(e) is AffineDimExpr:
        return [e.position]
    if hasattr(e, "lhs"):
        return _dims(e.lhs) + _dims(e.rhs)
    return []


def inverse_permutation(m):
    """inversePermutation: the first occurrence of each dim wins; None when some dim is
    missing."""
    exprs = [None] * m.num_dims
    for i, e in enumerate(m.results):
        if type(e) is AffineDimExpr and exprs[e.position] is None:
            exprs[e.position] = dim(i)
    if any(x is None for x in exprs):
        return None
    return AffineMap(m.num_results, 0, exprs)


def inverse_and_broadcast(m):
    """inverseAndBroadcastProjectedPermutation: dims absent from `m` read as 0 (broadcast)."""
    exprs = [constant(0)] * m.num_dims
    for i, e in enumerate(m.results):
        if type(e) is AffineDimExpr:
            exprs[e.position] = dim(i)
    return AffineMap(m.num_results, 0, exprs)


def apply_permutation_map(m, values):
    return [values[e.position] for e in m.results if type(e) is AffineDimExpr]


def broadcast_dims(m):
    return [i for i, e in enumerate(m.results) if type(e) is AffineConstantExpr and e.value == 0]


def is_projected_permutation(m):
    return m.is_projected_permutation(allow_zero_in_results=True)


# ---------------------------------------------------------------------------- builders
def _const_index(b, v, loc):
    return b.create("arith.constant", [], [INDEX],
                    properties={"value": IntegerAttr(INDEX, v)}, loc=loc).results[0]


def zero_attr(t):
    return FloatAttr(t, 0) if isinstance(t, FloatType) else IntegerAttr(t, 0)  # (+0.0 bits)


def transfer_read(b, loc, vtype, source, indices, perm, in_bounds):
    """TransferReadOp's builder: the padding is a fresh zero of the element type."""
    et = source.type.element_type
    pad = b.create("arith.constant", [], [et], properties={"value": zero_attr(et)},
                   loc=loc).results[0]
    return vector_builders.transfer_read(b, loc, vtype, source, indices, perm, pad,
                                         in_bounds=in_bounds)


def mask_operation(b, op, mask):
    """vector::maskOperation: `op` moved into a vector.mask of `mask` yielding its results."""
    m = b.create("vector.mask", [mask], [r.type for r in op.results], regions=[Region()],
                 loc=op.loc)
    block = Block()
    m.regions[0].append(block)
    op.move_before(m)
    op.detach()
    block.append(op)
    ip = b.save()
    b.set_insertion_point_to_end(block)
    b.create("vector.yield", list(op.results), [], loc=op.loc)
    b.restore(ip)
    return m


def broadcast_if_needed(b, value, dst, loc):
    """broadcastIfNeeded: a vector.broadcast (created-or-folded) when `value` broadcasts to
    the vector type `dst`."""
    if not dst.shape:
        return value
    src = value.type
    if src is dst:
        return value
    if isinstance(src, VectorType):
        if src.element_type is not dst.element_type or len(src.shape) > len(dst.shape):
            return value
        for s, d in zip(reversed(src.shape), reversed(dst.shape)):
            if s != 1 and s != d:
                return value
    elif src is not dst.element_type:
        return value
    return create_or_fold(b, "vector.broadcast", [value], [dst], loc)[0]


# ---------------------------------------------------------------------------- state
class VectorizationState:
    """The canonical vector shape, the iteration space's sizes as values and the masks made
    for each permutation of it."""

    def __init__(self, b, op, vector_sizes, scalable):
        self.b, self.op = b, op
        b.set_insertion_point(op)
        n = len(iterator_types(op))
        if vector_sizes:
            self.shape = list(vector_sizes)
            self.scalable = list(scalable) + [False] * (n - len(scalable))
        else:
            self.shape = static_loop_ranges(op)
            self.scalable = [False] * n
        self.ok = DYNAMIC not in self.shape
        self.masks = {}
        if not self.ok:
            return
        self.static_sizes = static_loop_ranges(op)
        self.value_sizes = []
        tensor = not any(isinstance(v.type, MemRefType) for v in op.operands)
        for d, s in enumerate(self.static_sizes):
            if s != DYNAMIC:
                self.value_sizes.append(_const_index(b, s, op.loc))
                continue
            found = None  # (mapIterationSpaceDimToOperandDim: projected permutations only)
            for m, v in zip(indexing_maps(op), op.operands):
                if not is_projected_permutation(m):
                    continue
                for k, e in enumerate(m.results):
                    if type(e) is AffineDimExpr and e.position == d:
                        found = (v, k)
                        break
                if found:
                    break
            if found is None:
                self.ok = False
                return
            c = _const_index(b, found[1], op.loc)
            self.value_sizes.append(b.create("tensor.dim" if tensor else "memref.dim",
                                             [found[0], c], [INDEX], loc=op.loc).results[0])

    def vec_type(self, elem, perm=None):
        if perm is None:
            return VectorType(self.shape, elem, self.scalable)
        return VectorType(apply_permutation_map(perm, self.shape), elem,
                          apply_permutation_map(perm, self.scalable))

    def mask_for(self, perm):
        n = len(self.shape)
        perm = perm if perm is not None else AffineMap.get_multi_dim_identity(n)
        if perm in self.masks:
            return self.masks[perm]
        mtype = self.vec_type(I1, perm)
        if apply_permutation_map(perm, self.static_sizes) == list(mtype.shape):
            self.masks[perm] = None
            return None
        bounds = apply_permutation_map(perm, self.value_sizes)
        mask = self.b.create("vector.create_mask", bounds, [mtype], loc=self.op.loc).results[0]
        self.masks[perm] = mask
        return mask

    def mask(self, op, perm=None):
        """maskOperation: `op` wrapped in a vector.mask when its (permuted) iteration space
        needs one; returns the op standing for it."""
        if op.name not in _MASKABLE:
            return op
        mask = self.mask_for(perm)
        if mask is None:
            return op
        m = mask_operation(self.b, op, mask)
        return m


_MASKABLE = {"vector.transfer_read", "vector.transfer_write", "vector.multi_reduction",
             "vector.contract", "vector.reduction", "vector.gather", "vector.scatter"}


def _set_in_bounds_if_masked(op):
    if op.name == "vector.mask":
        inner = op.regions[0].blocks[0].first
        rank = len(Transfer(inner).vtype.shape)
        inner.properties["in_bounds"] = bool_array([True] * rank)


# ---------------------------------------------------------------------------- preconditions
def _valid_element(t):
    return isinstance(t, (IntegerType, IndexType, FloatType))


def _is_elementwise(op):
    if any(t != "parallel" for t in iterator_types(op)):
        return False
    maps = indexing_maps(op)
    if not all(is_projected_permutation(m) for m in maps):
        return False
    if not all(maps[i].is_permutation() for i in init_indices(op)):
        return False
    return all((o.name in _SCALAR_BODY_OPS or is_elementwise_mappable(o)) and
               all(_valid_element(r.type) for r in o.results) for o in payload(op))


# hasOnlyScalarElementwiseOp: what an elementwise op's body may hold besides elementwise ops
_SCALAR_BODY_OPS = ("arith.constant", "func.constant", "tensor.extract", "linalg.yield",
                    "linalg.index", "affine.apply")


def _reduction_ok(op):
    if "reduction" not in iterator_types(op):
        return False
    args = payload(op).args
    n_in = len(op.operands) - len(dps_inits(op))
    for k, i in enumerate(init_indices(op)):
        if indexing_maps(op)[i].is_permutation():
            continue
        _, combiners = match_reduction(list(args[n_in:]), k)
        if len(combiners) != 1 or combiners[0].name not in _COMBINERS:
            return False
    return True


def is_convolution(op):
    m = structured_model(op)
    return m is not None and m.kind == "convolution"


_SCALABLE_OK = ("linalg.matmul", "linalg.matmul_transpose_a", "linalg.depthwise_conv_1d_nwc_wc")


def scalable_precondition(op, scalable):
    """vectorizeScalableVectorPrecondition: at most two scalable dims, the trailing one a
    parallel loop with no parallel loop after it (and the one before it, when two), on
    elementwise ops, matmuls and 1-D depthwise convolutions."""
    n = sum(1 for f in scalable if f)
    if n == 0:
        return True
    if not is_linalg_op(op) or n > 2:
        return False
    its = list(iterator_types(op))[:len(scalable)]
    flags = list(scalable)
    seen_parallel = False
    while not flags[-1]:
        seen_parallel |= its[-1] == "parallel"
        its.pop()
        flags.pop()
    if its[-1] == "reduction" or seen_parallel:
        return False
    if n == 2:
        flags.pop()
        its.pop()
        if not flags[-1] or its[-1] != "parallel":
            return False
    return _is_elementwise(op) or op.name in _SCALABLE_OK


def _dynamic_conv_precondition(op, flatten):
    """vectorizeDynamicConvOpPrecondition: only a 1-D depthwise NWC conv, not flattened,
    dynamic in its channel dimension alone."""
    if flatten or op.name != "linalg.depthwise_conv_1d_nwc_wc":
        return False
    return DYNAMIC not in dps_inputs(op)[0].type.shape[:-1]


def precondition(op, vector_sizes, nd_extract=False, flatten=False):
    """vectorizeLinalgOpPrecondition."""
    if 0 in static_shape(op):
        return False
    ranges = static_loop_ranges(op)
    if vector_sizes:
        if len(vector_sizes) != len(ranges) or any(
                r != DYNAMIC and s < r for s, r in zip(vector_sizes, ranges)):
            return False
    if DYNAMIC in static_shape(op):
        m = structured_model(op)
        if is_convolution(op):
            return _dynamic_conv_precondition(op, flatten)
        if not _is_elementwise(op) and op.name not in ("linalg.generic", "linalg.copy") and \
                m.kind != "contraction":
            return False
    for o in payload(op):
        if o.name == "tensor.extract" and extract_precondition(o, nd_extract):
            continue
        if any(not _valid_element(v.type) for v in o.operands) or \
                any(not _valid_element(r.type) for r in o.results):
            return False
    if _is_elementwise(op) or is_convolution(op):
        return True
    if not all(is_projected_permutation(m) for m in indexing_maps(op)):
        return False
    return _reduction_ok(op)


# ---------------------------------------------------------------------------- the generic path
class _Generic:
    def __init__(self, b, state, op):
        self.b, self.state, self.op = b, state, op
        self.bvm = {}
        self.results = []
        self.n_in = len(op.operands) - len(dps_inits(op))

    def run(self):
        b, op, st = self.b, self.op, self.state
        loc = op.loc
        block = payload(op)
        if not dps_inits(op):
            return False
        zero = _const_index(b, 0, loc)
        maps = indexing_maps(op)
        for i, (v, arg) in enumerate(zip(op.operands, block.args)):
            if not isinstance(v.type, (RankedTensorType, MemRefType)):
                self.bvm[arg] = v
                continue
            m = maps[i]
            mask_map = AffineMap(m.num_dims, m.num_symbols,
                                 [e for e in m.results if type(e) is not AffineConstantExpr])
            et = v.type.element_type
            if i < self.n_in:
                read_map = inverse_and_broadcast(m)
                rtype = st.vec_type(et)
            else:
                read_map = inverse_permutation(compress_unused_dims(m))
                rtype = st.vec_type(et, read_map.compose(m))
            in_bounds = [False] * len(rtype.shape)
            for d in broadcast_dims(read_map):
                in_bounds[d] = True
            read = transfer_read(b, loc, rtype, v, [zero] * len(operand_shape(v)), read_map,
                                 in_bounds)
            read = st.mask(read, mask_map)
            _set_in_bounds_if_masked(read)
            value = read.results[0]
            if not rtype.shape:
                value = b.create("vector.extractelement", [value], [et], loc=loc).results[0]
            self.bvm[arg] = value
            self.bvm[v] = value
        for o in block:
            if not self.one(o):
                return False
        return True

    def lookup(self, v):
        return self.bvm.get(v, v)

    def one(self, o):
        b, st, op = self.b, self.state, self.op
        if o.name == "linalg.yield":
            for k, v in enumerate(o.operands):
                r = self.write(self.lookup(v), init_indices(op)[k])
                if r is not None:
                    self.results.append(r)
            return True
        if o.name == "linalg.index":
            new = self.index(o)
        elif o.name == "tensor.extract":
            new = vectorize_extract(self, o)
        elif o.name in ("arith.constant", "func.constant"):
            new = b.clone(o)
        elif not is_elementwise_mappable(o):
            return False
        else:
            new = self.reduction(o)
            if new is None:
                new = self.elementwise(o)
        new = st.mask(new)
        for r, nr in zip(o.results, new.results):
            self.bvm[r] = nr
        return True

    def index(self, o):
        b, st = self.b, self.state
        shape = st.shape
        d = o.properties["dim"].value
        step = b.create("vector.step", [], [VectorType([shape[d]], INDEX, [st.scalable[d]])],
                        loc=o.loc)
        if d == len(shape) - 1:
            return step
        perm = list(range(len(shape)))
        perm[d], perm[-1] = perm[-1], perm[d]
        bc = b.create("vector.broadcast", [step.results[0]],
                      [st.vec_type(INDEX, AffineMap.get_permutation_map(perm))], loc=o.loc)
        t = st.vec_type(INDEX)
        return b.create("vector.transpose", [bc.results[0]], [t],
                        properties={"permutation": _i64_array(perm)}, loc=o.loc)

    def reduction(self, o):
        """reduceIfNeeded: an op combining an init's block argument with a reduced value."""
        args = payload(self.op).args
        outs = list(args[self.n_in:])
        pairs = []
        for v in o.operands:
            if isinstance(v, BlockArgument) and v.owner is payload(self.op) and \
                    v.index >= self.n_in:
                reduced, _ = match_reduction(outs, v.index - self.n_in)
                if reduced is not None:
                    pairs.append((reduced, v))
        if not pairs:
            return None
        red = self.lookup(pairs[0][0])
        acc = self.lookup(pairs[0][1])
        if not isinstance(red.type, VectorType) or (isinstance(acc.type, VectorType) and
                                                     red.type.shape == acc.type.shape):
            return None
        kind = _COMBINERS.get(o.name)
        if kind is None:
            return None
        dims = [i for i, t in enumerate(iterator_types(self.op)) if t == "reduction"]
        return self.b.create("vector.multi_reduction", [red, acc], [acc.type],
                             properties={"kind": CombiningKindAttr(KIND[kind]),
                                         "reduction_dims": ArrayAttr([IntegerAttr(I64, x)
                                                                      for x in dims])},
                             loc=o.loc)

    def elementwise(self, o):
        b = self.b
        first = None
        for v in o.operands:
            t = self.lookup(v).type
            if isinstance(t, VectorType) and (first is None or len(first.shape) < len(t.shape)):
                first = t
        ops = []
        for v in o.operands:
            nv = self.lookup(v)
            if first is not None:
                et = nv.type.element_type if isinstance(nv.type, VectorType) else nv.type
                nv = broadcast_if_needed(b, nv, VectorType(first.shape, et,
                                                           first.scalable_dims), self.op.loc)
            ops.append(nv)
        rts = [VectorType(first.shape, r.type, first.scalable_dims) if first is not None
               else r.type for r in o.results]
        return b.create(o.name, ops, rts, properties=dict(o.properties),
                        attributes=dict(o.attributes), loc=o.loc)

    def write(self, value, k):
        """buildVectorWrite: `value` written into init operand `k` at zero indices."""
        b, st, op = self.b, self.state, self.op
        from pyopt.ir.core import value_loc
        loc = value_loc(value)
        dest = op.operand(k)
        m = indexing_maps(op)[k]
        present = {e.position for e in m.results if type(e) is AffineDimExpr}
        filt = AffineMap(m.num_dims, 0, [dim(d) for d in range(m.num_dims) if d in present])
        et = dest.type.element_type
        vtype = st.vec_type(et, filt)
        if vtype.shape:
            wmap = inverse_permutation(compress_unused_dims(m))
            c0 = _const_index(b, 0, loc)
            value = broadcast_if_needed(b, value, vtype, op.loc)
            w = transfer_write(b, loc, value, dest, [c0] * len(operand_shape(dest)), wmap)
        else:
            if not isinstance(value.type, VectorType):
                value = b.create("vector.broadcast", [value], [vtype], loc=loc).results[0]
            w = transfer_write(b, loc, value, dest, [], AffineMap(0, 0, []))
        w = st.mask(w, m)
        _set_in_bounds_if_masked(w)
        return w.results[0] if w.results else None


def _i64_array(values):
    from pyopt.ir.attributes import DenseArrayAttr
    return DenseArrayAttr(I64, list(values))


def _expand_affine_applies(b, op):
    """convertAffineApply: the body's affine.apply ops as arith."""
    from passes.conversion.affine_to_std import lower_apply
    ip = b.save()
    for o in [o for o in payload(op) if o.name == "affine.apply"]:
        b.set_insertion_point(o)
        lower_apply(o, b)
    b.restore(ip)


def vectorize(b, op, vector_sizes=(), scalable=(), vectorize_nd_extract=False,
              flatten_1d_depthwise_conv=False):
    """linalg::vectorize: True when `op` (a linalg op, tensor.pad, pack or unpack) was replaced
    by its vector form."""
    if not scalable_precondition(op, list(scalable)[:len(vector_sizes)]):
        return False
    if op.name in ("tensor.pad", "tensor.pack", "tensor.unpack"):
        from passes.linalg.vectorize_relayout import VECTORIZERS
        ip = b.save()
        write = VECTORIZERS[op.name](b, op, list(vector_sizes))
        if write is not None:
            b.replace_op(op, [write.results[0]])
        b.restore(ip)
        return write is not None
    if not is_linalg_op(op) or not precondition(op, list(vector_sizes), vectorize_nd_extract,
                                                flatten_1d_depthwise_conv):
        return False
    ip = b.save()
    state = VectorizationState(b, op, list(vector_sizes), list(scalable))
    if not state.ok:
        b.restore(ip)
        return False
    if not is_convolution(op):
        _expand_affine_applies(b, op)
    if is_convolution(op):
        from passes.linalg.vectorize_conv import vectorize_convolution
        new = vectorize_convolution(b, op, flatten_1d_depthwise_conv, list(vector_sizes),
                                    list(scalable))
        if new is None:
            b.restore(ip)
            return False
        results = list(new.results) if hasattr(new, "results") else [new]
    else:
        g = _Generic(b, state, op)
        if not g.run():
            b.restore(ip)
            return False
        results = g.results
    if results:
        b.replace_op(op, results)
    else:
        b.erase_op(op)
    b.restore(ip)
    return True
