"""Vectorization of 1-D convolutions and poolings (MLIR 19 Linalg Vectorization.cpp,
Conv1DGenerator / vectorizeConvolution / VectorizeConvolution).

Recognised forms (by iterators and indexing maps, so named ops and generics alike):
  W        {w + kw}, {kw}, {w}                                    conv_1d
  Nwc      {n, sw*w + dw*kw, c}, {kw, c, f}, {n, w, f}             conv_1d_nwc_wcf
  Ncw      {n, c, sw*w + dw*kw}, {f, c, kw}, {n, f, w}             conv_1d_ncw_fcw (transposed)
  pooling  {n, sw*w + dw*kw, c} or {n, c, ...}, {kw}, {n, w, c}    pooling_nwc_* / ncw_*
  depthwise {n, sw*w + dw*kw, c}, {kw, c}, {n, w, c}               depthwise_conv_1d_nwc_wc
The whole operands are read once with vector.transfer_read; the filter is unrolled along kw
(and the output along w when the stride is not 1); each piece is a vector.contract /
outerproduct / fma / pooling combiner on strided slices; the result is written back.

`vectorize_convolution(rw, op)` is the entry point other drivers (the transform dialect's
vectorize op) call; it returns the op replacing `op`'s effect (a vector.transfer_write) or
None, with the reason sent to `rw.notify_match_failure`."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import DYNAMIC, I64, INDEX, FloatType, IntegerType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op, iterator_types,
                                              payload)
from pyopt.dialects.vector.attrs import KIND, CombiningKindAttr, IteratorTypeAttr, i64_array
from pyopt.dialects.vector.memory_verifiers import minor_identity_map
from pyopt.interfaces.cast_op import is_cast_op
from pyopt.analysis.reduction import match_reduction

# getCombinerOpKind
COMBINER_KINDS = {
    "arith.addi": "add", "arith.addf": "add", "arith.andi": "and", "arith.maxsi": "maxsi",
    "arith.maxui": "maxui", "arith.maximumf": "maximumf", "arith.minsi": "minsi",
    "arith.minui": "minui", "arith.minimumf": "minimumf", "arith.muli": "mul",
    "arith.mulf": "mul", "arith.ori": "or", "arith.xori": "xor"}
_POOL_KINDS = {"add", "maxnumf", "maximumf", "maxsi", "maxui", "minnumf", "minimumf", "minsi",
               "minui"}


def combiner_kind(op):
    """getCombinerOpKind: the vector combining kind name of a reduction combiner, or None."""
    return COMBINER_KINDS.get(op.name) if op is not None else None


def linalg_reduction_combiner(op, init_pos=0):
    """matchLinalgReduction: the single combiner op reducing into init `init_pos`, or None."""
    block = payload(op)
    out_args = list(block.args)[len(dps_inputs(op)):]
    if init_pos >= len(out_args):  # (linalg.map's payload has no init argument)
        return None
    _, combiners = match_reduction(out_args, init_pos)
    return combiners[0] if len(combiners) == 1 else None


def _is_cast_of_block_arg(op):
    if op is None or not is_cast_op(op) or len(op.operand_slots) != 1:
        return False
    (source,) = op.operands  # (the cast's one operand, whatever its name)
    return isinstance(source, BlockArgument)


def _elem(t):
    return t.element_type if isinstance(t, VectorType) else t


def _promotable(src, dst):
    """Whether `promote` can widen `src` elements to `dst` ones."""
    if src is dst:
        return True
    si, di = isinstance(src, IntegerType), isinstance(dst, IntegerType)
    sf, df = isinstance(src, FloatType), isinstance(dst, FloatType)
    if si and df:
        return True
    if (sf and df) or (si and di):
        return src.width < dst.width
    return False


class Conv1DGenerator:
    """One linalg op's 1-D conv/pool recognition and vector code (upstream's generator)."""

    def __init__(self, rw, op, stride, dilation):
        self.rw, self.op, self.loc = rw, op, op.loc
        self.stride, self.dilation = stride, dilation
        self.iters = iterator_types(op)
        self.maps = indexing_maps(op)
        self.valid = False
        self.pool = False
        self.pool_ext = None
        ins, inits = dps_inputs(op), dps_inits(op)
        if len(ins) != 2 or len(inits) != 1:
            return
        self.lhs_shaped, self.rhs_shaped = ins
        self.res_shaped = inits[0]
        types = [v.type for v in (self.lhs_shaped, self.rhs_shaped, self.res_shaped)]
        if not all(hasattr(t, "shape") and hasattr(t, "element_type") for t in types):
            return
        self.lhs_t, self.rhs_t, self.res_t = types
        lr, rr = len(self.lhs_t.shape), len(self.res_t.shape)
        if (lr != 3 or rr != 3) and (lr != 1 or rr != 1):
            return
        reduce_op = linalg_reduction_combiner(op)
        if reduce_op is None:
            return
        self.red_op = reduce_op.name
        if not self._set_oper_kind(reduce_op):
            return
        kind = combiner_kind(reduce_op)
        if kind is None or (kind != "add" and (not self.pool or kind not in _POOL_KINDS)):
            return
        rhs_rank = len(self.rhs_t.shape)
        if (self.pool and rhs_rank != 1) or (not self.pool and rhs_rank not in (1, 2, 3)):
            return
        self.valid = True

    def _set_oper_kind(self, reduce_op):
        """Conv: the combiner adds a product of (casts of) block arguments; pooling: it
        combines the output with an input (maybe cast)."""
        args = [v for v in reduce_op.operands if isinstance(v, BlockArgument)]
        if len(args) == 2:
            self.pool = True
            return True
        if len(args) != 1:
            return False
        feed = next(v for v in reduce_op.operands if not isinstance(v, BlockArgument))
        feed_op = feed.defining_op()
        if _is_cast_of_block_arg(feed_op):
            self.pool, self.pool_ext = True, feed_op.name
            return True
        if feed_op is None or feed_op.name not in ("arith.muli", "arith.mulf"):
            return False
        return all(isinstance(v, BlockArgument) or _is_cast_of_block_arg(v.defining_op())
                   for v in feed_op.operands)

    # -- layout matching ------------------------------------------------------------------
    def _match(self, iters, exprs):
        if list(self.iters) != iters:
            return False
        n = 1 + max(p for lst in exprs for e in lst for p in _dim_positions(e))
        return list(self.maps) == [AffineMap(n, 0, lst) for lst in exprs]

    def _fail(self, reason):
        self.rw.notify_match_failure(self.op, reason)
        return None

    def generate(self, flatten=False, ch_size=None, ch_scalable=False):
        """vectorizeConvolution's order of attempts (the channel vector size of a depthwise
        conv with a dynamic channel dimension given by the caller)."""
        P, R = "parallel", "reduction"
        sw, dw = self.stride, self.dilation
        d0, d1, d2, d3, d4 = (dim(i) for i in range(5))
        if self._match([P, R], [[d0 + d1], [d1], [d0]]):
            return self.conv("W")
        # n, w, f, kw, c
        if self._match([P, P, P, R, R], [[d0, d1 * sw + d3 * dw, d4], [d3, d4, d2],
                                         [d0, d1, d2]]):
            return self.conv("Nwc")
        # n, f, w, c, kw
        if self._match([P, P, P, R, R], [[d0, d3, d2 * sw + d4 * dw], [d1, d3, d4],
                                         [d0, d1, d2]]):
            return self.conv("Ncw")
        # pooling: n, w, c, kw / n, c, w, kw
        if self._match([P, P, P, R], [[d0, d1 * sw + d3 * dw, d2], [d3], [d0, d1, d2]]):
            return self.conv("Nwc")
        if self._match([P, P, P, R], [[d0, d1, d2 * sw + d3 * dw], [d3], [d0, d1, d2]]):
            return self.conv("Ncw")
        if self._match([P, P, P, R], [[d0, d1 * sw + d3 * dw, d2], [d3, d2], [d0, d1, d2]]):
            return self.depthwise(flatten, ch_size, ch_scalable)
        return self._fail("not a 1-D conv/pool layout")

    # -- builders ---------------------------------------------------------------------------
    def _create(self, name, operands, rt, **props):
        return self.rw.create(name, operands, [rt] if rt is not None else [],
                              properties=props or None, loc=self.loc)

    def _index_zero(self):
        return self._create("arith.constant", [], INDEX, value=IntegerAttr(INDEX, 0)).results[0]

    def _read(self, vtype, source, zero):
        from pyopt.dialects.llvm.folds import zero_attr
        elem = source.type.element_type
        pad = self._create("arith.constant", [], elem, value=zero_attr(elem)).results[0]
        from passes.conversion.vector_to_scf.xfer_ops import bool_array, read
        rank = len(vtype.shape)
        return read(self.rw, self.loc, vtype, source, [zero] * len(source.type.shape),
                    minor_identity_map(source.type, vtype), pad, None,
                    bool_array([False] * rank)).results[0]

    def _write(self, vector, dest, zero):
        from passes.conversion.vector_to_scf.xfer_ops import bool_array, write
        rank = len(vector.type.shape)
        return write(self.rw, self.loc, vector, dest, [zero] * len(dest.type.shape),
                     minor_identity_map(dest.type, vector.type), None,
                     bool_array([False] * rank))

    def _transpose(self, v, perm):
        t = v.type
        rt = VectorType([t.shape[p] for p in perm], t.element_type,
                        [t.scalable_dims[p] for p in perm])
        return self._create("vector.transpose", [v], rt,
                            permutation=DenseArrayAttr(I64, list(perm))).results[0]

    def _extract_strided(self, v, offsets, sizes):
        rt = VectorType(list(sizes), v.type.element_type, v.type.scalable_dims)
        return self._create("vector.extract_strided_slice", [v], rt,
                            offsets=i64_array(offsets), sizes=i64_array(sizes),
                            strides=i64_array([1] * len(sizes))).results[0]

    def _insert_strided(self, v, dest, offsets):
        return self._create("vector.insert_strided_slice", [v, dest], dest.type,
                            offsets=i64_array(offsets),
                            strides=i64_array([1] * len(offsets))).results[0]

    def _extract(self, v, pos):
        t = v.type
        rt = VectorType(t.shape[1:], t.element_type, t.scalable_dims[1:]) \
            if len(t.shape) > 1 else t.element_type
        return self._create("vector.extract", [v], rt,
                            static_position=DenseArrayAttr(I64, [pos])).results[0]

    def _promote(self, v, ty):
        src, dst = _elem(v.type), _elem(ty)
        if src is dst:
            return v
        rt = VectorType(v.type.shape, dst, v.type.scalable_dims) \
            if isinstance(v.type, VectorType) else dst
        if isinstance(src, IntegerType) and isinstance(dst, FloatType):
            name = "arith.sitofp"
        elif isinstance(src, FloatType):
            name = "arith.extf"
        else:
            name = "arith.extsi"
        return self._create(name, [v], rt).results[0]

    # -- conv / pooling ----------------------------------------------------------------------
    def conv(self, order):
        if not self.valid:
            return self._fail("unvectorizable 1-D conv/pool")
        single = order == "W"
        res_s, rhs_s = self.res_t.shape, self.rhs_t.shape
        sw, dw = self.stride, self.dilation
        if single:
            n = f = c = 0
            (w,), (kw,) = res_s, rhs_s
            lhs_shape, rhs_shape, res_shape = [w + kw - 1], [kw], [w]
        else:
            if order == "Nwc":
                n, w, f = res_s
                kw, c = (rhs_s[0], f) if self.pool else (rhs_s[0], rhs_s[1])
            else:
                n, f, w = res_s
                kw, c = (rhs_s[0], f) if self.pool else (rhs_s[2], rhs_s[1])
            iw = ((w - 1) * sw + 1) + ((kw - 1) * dw + 1) - 1
            lhs_shape = [n, iw, c] if order == "Nwc" else [n, c, iw]
            rhs_shape = [kw] if self.pool else ([kw, c, f] if order == "Nwc" else [f, c, kw])
            res_shape = [n, w, f] if order == "Nwc" else [n, f, w]
        if DYNAMIC in lhs_shape + rhs_shape + res_shape or \
                any(s != DYNAMIC and s < 0 for s in lhs_shape):
            return self._fail("dynamic shapes are not supported")
        res_elem = self.res_t.element_type
        if single and not self.pool and not (self.lhs_t.element_type is res_elem and
                                             self.rhs_t.element_type is res_elem):
            return self._fail("mixed element types in a non-channeled conv")
        if not single and not self.pool and not (
                _promotable(self.lhs_t.element_type, res_elem) and
                _promotable(self.rhs_t.element_type, res_elem)):
            return self._fail("unsupported element type promotion")
        w_step = w if sw == 1 else 1
        zero = self._index_zero()
        lhs = self._read(VectorType(lhs_shape, self.lhs_t.element_type), self.lhs_shaped, zero)
        rhs = None
        if not self.pool:
            rhs = self._read(VectorType(rhs_shape, self.rhs_t.element_type), self.rhs_shaped,
                             zero)
        res = self._read(VectorType(res_shape, res_elem), self.res_shaped, zero)
        if order == "Ncw":  # to the nwc base case
            lhs = self._transpose(lhs, [0, 2, 1])
            if not self.pool:
                rhs = self._transpose(rhs, [2, 1, 0])
            res = self._transpose(res, [0, 2, 1])

        lhs_vals, rhs_vals, res_vals = [], [], []
        for k in range(kw):
            for x in range(0, w, w_step):
                if single:
                    lhs_vals.append(self._extract_strided(lhs, [x + k], [w_step]))
                else:
                    lhs_vals.append(self._extract_strided(lhs, [0, x * sw + k * dw, 0],
                                                          [n, w_step, c]))
        if not self.pool:
            rhs_vals = [self._extract(rhs, k) for k in range(kw)]
        for x in range(0, w, w_step):
            if single:
                res_vals.append(self._extract_strided(res, [x], [w_step]))
            else:
                res_vals.append(self._extract_strided(res, [0, x, 0], [n, w_step, f]))
        per_kw = w // w_step
        for k in range(kw):
            for x in range(0, w, w_step):
                i, lv = x // w_step, lhs_vals[k * per_kw + x // w_step]
                if self.pool:
                    res_vals[i] = self._pool_slice(lv, res_vals[i])
                elif single:
                    res_vals[i] = self._create("vector.outerproduct", [lv, rhs_vals[k],
                                                                       res_vals[i]],
                                               res_vals[i].type,
                                               kind=CombiningKindAttr(KIND["add"])).results[0]
                else:
                    res_vals[i] = self._contraction(lv, rhs_vals[k], res_vals[i])
        for x in range(0, w, w_step):
            res = self._insert_strided(res_vals[x // w_step], res, [x] if single else [0, x, 0])
        if order == "Ncw":
            res = self._transpose(res, [0, 2, 1])
        return self._write(res, self.res_shaped, zero)

    def _contraction(self, lhs, rhs, res):
        """lhs{n, w, c} * rhs{c, f} -> res{n, w, f}."""
        n, w, f, c = (dim(i) for i in range(4))
        lhs = self._promote(lhs, res.type)
        rhs = self._promote(rhs, res.type)
        maps = [AffineMap(4, 0, [n, w, c]), AffineMap(4, 0, [c, f]), AffineMap(4, 0, [n, w, f])]
        iters = [IteratorTypeAttr(0)] * 3 + [IteratorTypeAttr(1)]
        return self._create("vector.contract", [lhs, rhs, res], res.type,
                            indexing_maps=ArrayAttr([AffineMapAttr(m) for m in maps]),
                            iterator_types=ArrayAttr(iters),
                            kind=CombiningKindAttr(KIND["add"])).results[0]

    def _pool_slice(self, lhs, res):
        # upstream builds these ops by name with no attributes
        if self.pool_ext is not None:
            lhs = self._create(self.pool_ext, [lhs], res.type).results[0]
        return self._create(self.red_op, [lhs, res], res.type).results[0]

    # -- depthwise ---------------------------------------------------------------------------
    def _maybe_mask(self, xfer, use_masking):
        """Masks a transfer op along the dims of its shaped operand (a vector.create_mask of
        its sizes), marking it in bounds; returns the op standing for it."""
        if not use_masking:
            return xfer
        from pyopt.ir.types import I1
        from pyopt.dialects.tensor.reshapes import mixed_sizes
        from pyopt.dialects.affine.builders import value_of
        from passes.conversion.vector_to_scf.xfer_ops import bool_array
        from passes.linalg.vectorization import mask_operation
        vt, source = xfer.vector.type, xfer.source
        xfer.properties["in_bounds"] = bool_array([True] * len(vt.shape))
        self.rw.set_insertion_point(xfer)
        dims = [value_of(self.rw, d, self.loc) for d in mixed_sizes(self.rw, source, self.loc)]
        mask = self._create("vector.create_mask", dims,
                            VectorType(vt.shape, I1, vt.scalable_dims)).results[0]
        m = mask_operation(self.rw, xfer, mask)
        self.rw.set_insertion_point_after(m)
        return m

    def depthwise(self, flatten, ch_size=None, ch_scalable=False):
        """With a dynamic channel dimension: vectors of `ch_size` channels (scalable with
        `ch_scalable`), the transfers masked."""
        if not self.valid:
            return self._fail("unvectorizable depthwise conv")
        kw, c = self.rhs_t.shape
        n, w = self.res_t.shape[:2]
        masking, scalable = False, False
        if c == DYNAMIC and ch_size is not None and ch_size != DYNAMIC and not flatten:
            c, scalable, masking = ch_size, ch_scalable, True
        if DYNAMIC in (kw, c, n, w) or DYNAMIC in self.lhs_t.shape[:-1]:
            return self._fail("dynamic shapes need vector sizes (masking)")
        lhs_e, rhs_e, res_e = (t.element_type for t in (self.lhs_t, self.rhs_t, self.res_t))
        if not (_promotable(lhs_e, res_e) and _promotable(rhs_e, res_e)):
            return self._fail("unsupported element type promotion")
        sw, dw = self.stride, self.dilation
        w_step = w if sw == 1 else 1
        zero = self._index_zero()
        iw = ((w - 1) * sw + 1) + ((kw - 1) * dw + 1) - 1
        lhs = self._maybe_mask(self._read(VectorType([n, iw, c], lhs_e, [False, False, scalable]),
                                          self.lhs_shaped, zero).defining_op(),
                               masking).results[0]
        rhs = self._maybe_mask(self._read(VectorType([kw, c], rhs_e, [False, scalable]),
                                          self.rhs_shaped, zero).defining_op(),
                               masking).results[0]
        res = self._maybe_mask(self._read(VectorType([n, w, c], res_e, [False, False, scalable]),
                                          self.res_shaped, zero).defining_op(),
                               masking).results[0]
        sizes = [n, w_step, c]
        lhs_vals = [self._extract_strided(lhs, [0, x * sw + k * dw, 0], sizes)
                    for k in range(kw) for x in range(0, w, w_step)]
        rhs_vals = [self._extract(rhs, k) for k in range(kw)]
        res_vals = [self._extract_strided(res, [0, x, 0], sizes) for x in range(0, w, w_step)]
        per_kw = w // w_step
        flat = [n, w_step * c]
        for k in range(kw):
            for x in range(0, w, w_step):
                i = x // w_step
                lv, rv = lhs_vals[k * per_kw + i], res_vals[i]
                if flatten:
                    lv = self._create("vector.shape_cast", [lv], VectorType(flat, lhs_e)).results[0]
                    rv = self._create("vector.shape_cast", [rv], VectorType(flat, res_e)).results[0]
                out = self._mul_acc(lv, rhs_vals[k], rv, flatten)
                if flatten:
                    out = self._create("vector.shape_cast", [out],
                                       VectorType(sizes, res_e)).results[0]
                res_vals[i] = out
        for x in range(0, w, w_step):
            res = self._insert_strided(res_vals[x // w_step], res, [0, x, 0])
        return self._maybe_mask(self._write(res, self.res_shaped, zero), masking)

    def _mul_acc(self, lhs, rhs, res, flatten):
        """lhs * broadcast(rhs) + res, as vector.fma on floats."""
        res_t = res.type
        lhs = self._promote(lhs, res_t)
        if flatten:
            r, total = rhs.type.shape[0], res_t.shape[1]
            mask = [j for _ in range(total // r) for j in range(r)]
            rt = VectorType([len(mask)], rhs.type.element_type)
            rhs = self._create("vector.shuffle", [rhs, rhs], rt, mask=i64_array(mask)).results[0]
        rhs = self._create("vector.broadcast", [rhs],
                           VectorType(res_t.shape, rhs.type.element_type,
                                      res_t.scalable_dims)).results[0]
        rhs = self._promote(rhs, res_t)
        if isinstance(res_t.element_type, FloatType):
            return self._create("vector.fma", [lhs, rhs, res], res_t).results[0]
        mul = self._create("arith.muli", [lhs, rhs], res_t).results[0]
        return self._create("arith.addi", [mul, res], res_t).results[0]


def _dim_positions(e):
    from pyopt.ir.affine import AffineBinaryOpExpr, AffineDimExpr
    if type(e) is AffineDimExpr:
        return [e.position]
    if isinstance(e, AffineBinaryOpExpr):
        return _dim_positions(e.lhs) + _dim_positions(e.rhs)
    return []


def _first_int(op, name):
    a = op.get_attr(name)
    if a is None:
        return 1
    vals = list(a.values) if hasattr(a, "values") else list(a)
    return int(vals[0]) if vals else 1


# the channel dimension of the depthwise convolutions (where vector sizes apply)
_CHANNEL_DIM = {"linalg.depthwise_conv_1d_nwc_wc": 2, "linalg.depthwise_conv_1d_ncw_cw": 1}


def vectorize_convolution(rw, op, flatten=False, vector_sizes=(), scalable=()):
    """The vector.transfer_write computing `op` (a 1-D conv, depthwise conv or pooling), or
    None when `op` is not one."""
    if not is_linalg_op(op):
        return None
    gen = Conv1DGenerator(rw, op, _first_int(op, "strides"), _first_int(op, "dilations"))
    ch = _CHANNEL_DIM.get(op.name)
    if vector_sizes and ch is not None:
        flags = list(scalable) + [False] * len(vector_sizes)
        return gen.generate(flatten, vector_sizes[ch], flags[ch])
    return gen.generate(flatten)


class VectorizeConvolution(RewritePattern):
    """populateConvolutionVectorizationPatterns: any linalg op that is a 1-D conv/pool."""

    def match_and_rewrite(self, op, rw):
        if not is_linalg_op(op):
            return False
        new = vectorize_convolution(rw, op)
        if new is None:
            return False
        if new.results:
            rw.replace_op(op, [new.results[0]])
        else:
            rw.erase_op(op)
        return True
