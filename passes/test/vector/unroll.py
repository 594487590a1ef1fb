"""Unrolling vector ops to a native shape (upstream's VectorUnroll.cpp, the transfer and
gather patterns): the op is split into native-shape tiles, walked in a given loop order,
each tile's indices shifted by affine.apply, results reassembled with
insert_strided_slice. `-test-vector-transfer-unrolling-patterns` unrolls transfer_read /
transfer_write / gather to 2x2."""
from __future__ import annotations

from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineConstantExpr, AffineMap, constant, dim as adim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_scf import xfer_ops as X
from passes.test.vector.to_vector_lowering import canonicalization_patterns


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


def shape_ratio(shape, sub):
    if len(shape) < len(sub):
        return None
    out = list(shape[:len(shape) - len(sub)])
    for s, t in zip(shape[len(shape) - len(sub):], sub):
        if s % t:
            return None
        out.append(s // t)
    return out


def tile_offsets(shape, tile, order):
    """StaticTileOffsetRange: tile offsets, order[0] the outermost loop."""
    tile = [1] * (len(shape) - len(tile)) + list(tile)
    ratio = shape_ratio(shape, tile)
    perm = [ratio[d] for d in order]
    total = 1
    for r in ratio:
        total *= r
    for lin in range(total):
        coords = [0] * len(perm)
        for i in range(len(perm) - 1, -1, -1):
            coords[i] = lin % perm[i]
            lin //= perm[i]
        offs = [0] * len(shape)
        for i, d in enumerate(order):
            offs[d] = coords[i] * tile[d]
        yield offs


class UnrollOptions:
    """native_shape(op) -> tile shape or None; order(op) -> loop order or None."""

    def __init__(self, native_shape, order=None):
        self.native_shape = native_shape
        self.order = order

    def target_shape(self, op, shape):
        t = self.native_shape(op)
        if t is None:
            return None
        r = shape_ratio(list(shape), t)
        if r is None or all(x == 1 for x in r):
            return None
        return t

    def loop_order(self, op, n):
        o = self.order(op) if self.order is not None else None
        return o if o is not None else list(range(n))


def slice_indices(rw, loc, offsets, indices, perm_map):
    out = list(indices)
    for i, e in enumerate(perm_map.results):
        if type(e) is AffineConstantExpr and e.value == 0:
            continue
        m = AffineMap(1, 0, [adim(0) + constant(offsets[i])])
        out[e.position] = rw.create("affine.apply", [indices[e.position]], [indices[0].type],
                                    properties={"map": AffineMapAttr(m)}, loc=loc).results[0]
    return out


def _insert(rw, loc, v, dest, offs):
    return rw.create("vector.insert_strided_slice", [v, dest], [dest.type], properties={
        "offsets": _i64s(offs), "strides": _i64s([1] * len(offs))}, loc=loc).results[0]


def _extract(rw, loc, v, offs, tile):
    t = v.type
    rt = VectorType(list(tile) + list(t.shape[len(tile):]), t.element_type)
    return rw.create("vector.extract_strided_slice", [v], [rt], properties={
        "offsets": _i64s(offs), "sizes": _i64s(tile), "strides": _i64s([1] * len(tile))},
        loc=loc).results[0]


class _Unroll(RewritePattern):
    def __init__(self, options):
        super().__init__()
        self.options = options


class UnrollTransferRead(_Unroll):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = op.results[0].type
        if t.perm_map.num_results == 0 or t.mask is not None:
            return False
        tile = self.options.target_shape(op, vt.shape)
        if tile is None:
            return False
        loc = op.loc
        res = const(rw, loc, vt)
        tt = VectorType(tile, vt.element_type)
        ib = op.get_attr("in_bounds")
        for offs in tile_offsets(vt.shape, tile, self.options.loop_order(op, len(vt.shape))):
            idx = slice_indices(rw, loc, offs, t.indices, t.perm_map)
            r = X.read(rw, loc, tt, t.source, idx, t.perm_map, t.padding, None, ib)
            res = _insert(rw, loc, r.results[0], res, offs)
        rw.replace_op(op, [res])
        return True


class UnrollTransferWrite(_Unroll):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vector.type
        if t.perm_map.num_results == 0 or t.mask is not None:
            return False
        tile = self.options.target_shape(op, vt.shape)
        if tile is None:
            return False
        loc = op.loc
        ib = op.get_attr("in_bounds")
        dest = None
        for offs in tile_offsets(vt.shape, tile, self.options.loop_order(op, len(vt.shape))):
            piece = _extract(rw, loc, t.vector, offs, tile)
            idx = slice_indices(rw, loc, offs, t.indices, t.perm_map)
            w = X.write(rw, loc, piece, dest if dest is not None else t.source, idx,
                        t.perm_map, None, ib)
            if w.results:
                dest = w.results[0]
        if dest is not None:
            rw.replace_op(op, [dest])
        else:
            rw.erase_op(op)
        return True


class UnrollGather(_Unroll):
    root = "vector.gather"

    def match_and_rewrite(self, op, rw):
        vt = op.results[0].type
        if not vt.shape:
            return False
        tile = self.options.target_shape(op, vt.shape)
        if tile is None:
            return False
        loc = op.loc
        ops = list(op.operands)
        base, indices = ops[0], ops[1:-3]
        index_vec, mask, passthru = ops[-3:]
        res = const(rw, loc, vt)
        tt = VectorType(tile, vt.element_type)
        for offs in tile_offsets(vt.shape, tile, self.options.loop_order(op, len(vt.shape))):
            iv = _extract(rw, loc, index_vec, offs, tile)
            mk = _extract(rw, loc, mask, offs, tile)
            pt = _extract(rw, loc, passthru, offs, tile)
            g = rw.create("vector.gather", [base] + indices + [iv, mk, pt], [tt], loc=loc)
            res = _insert(rw, loc, g.results[0], res, offs)
        rw.replace_op(op, [res])
        return True


def unroll_patterns(options):
    return [UnrollTransferRead(options), UnrollTransferWrite(options), UnrollGather(options)]


_XFER = ("vector.transfer_read", "vector.transfer_write", "vector.gather")


def _vector_rank(op):
    v = op.results[0] if op.name == "vector.gather" else op.vector  # (a transfer's vector)
    return len(v.type.shape)


@register_pass("test-vector-transfer-unrolling-patterns",
               "Test lowering patterns to unroll transfer ops in the vector dialect",
               options=[PassOption("reverse-unroll-order", bool, False,
                                   "reverse the order of unrolling of vector transfer "
                                   "operations")],
               anchor="func.func")
def test_transfer_unrolling(op, ctx, options):
    order = None
    if options["reverse-unroll-order"]:
        def order(o):
            return list(range(_vector_rank(o) - 1, -1, -1)) if o.name in _XFER else None
    opts = UnrollOptions(lambda o: [2, 2] if o.name in _XFER else None, order)
    apply_patterns_greedily(op, unroll_patterns(opts) + canonicalization_patterns(), ctx,
                            GreedyConfig(top_down=False))


def _apply_perm(m, values):
    return [values[e.position] for e in m.results]


def contraction_bounds(op):
    """ContractionOp::getIterationBounds from its operands' shapes."""
    maps = [a.value for a in op.get_attr("indexing_maps")]
    bounds = [None] * maps[0].num_dims
    for m, v in zip(maps, (op.lhs, op.rhs, op.acc)):
        t = v.type
        if type(t) is not VectorType:
            continue
        for i, e in enumerate(m.results):
            if bounds[e.position] is None:
                bounds[e.position] = t.shape[i]
    return bounds


class UnrollContraction(_Unroll):
    root = "vector.contract"

    def match_and_rewrite(self, op, rw):
        bounds = contraction_bounds(op)
        tile = self.options.target_shape(op, bounds)
        if tile is None:
            return False
        maps = [a.value for a in op.get_attr("indexing_maps")]
        loc = op.loc
        cache = {}
        rt = op.results[0].type
        for offs in tile_offsets(bounds, tile, self.options.loop_order(op, len(bounds))):
            ops = []
            for k, v in enumerate((op.lhs, op.rhs)):
                ops.append(_extract(rw, loc, v, _apply_perm(maps[k], offs),
                                    _apply_perm(maps[k], tile)))
            acc_offs = tuple(_apply_perm(maps[2], offs))
            acc = cache.get(acc_offs)
            if acc is None:
                acc = _extract(rw, loc, op.acc, list(acc_offs),
                               _apply_perm(maps[2], tile))
            ops.append(acc)
            new = rw.create(op.name, ops, [VectorType(_apply_perm(maps[2], tile),
                                                      rt.element_type)],
                            properties=dict(op.properties), attributes=dict(op.attributes)
                            if op.attributes else None, loc=loc)
            cache[acc_offs] = new.results[0]  # (insertion order kept: a MapVector)
        res = const(rw, loc, rt)
        for offs, v in cache.items():
            res = _insert(rw, loc, v, res, list(offs))
        rw.replace_op(op, [res])
        return True


class UnrollElementwise(_Unroll):
    root = None

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.vector.transforms.sink import is_elementwise
        if len(op.results) != 1 or not is_elementwise(op):
            return False
        rt = op.results[0].type
        if type(rt) is not VectorType:
            return False
        tile = self.options.target_shape(op, rt.shape)
        if tile is None:
            return False
        loc = op.loc
        res = const(rw, loc, rt)
        nt = VectorType(tile, rt.element_type)
        for offs in tile_offsets(rt.shape, tile, list(range(len(rt.shape)))):
            vals = [_extract(rw, loc, v, offs, tile) if type(v.type) is VectorType else v
                    for v in op.operands]
            new = rw.create(op.name, vals, [nt], properties=dict(op.properties)
                            if op.properties else None, attributes=dict(op.attributes)
                            if op.attributes else None, loc=loc)
            res = _insert(rw, loc, new.results[0], res, offs)
        rw.replace_op(op, [res])
        return True


def _read_shape(op):
    shape = None
    for u in op.results[0].uses():
        if u.owner.name != "vector.extract_strided_slice":
            return None
        s = list(u.owner.results[0].type.shape)
        if shape is not None and s != shape:
            return None
        shape = s
    return shape


def to_vector_native_shape(op):
    """The -test-vector-to-vector-lowering=unroll shapes."""
    n = op.name
    if n in ("arith.addf", "arith.select", "arith.cmpf"):
        return [2, 2]
    if n == "vector.contract":
        return [2, 2, 2]
    if n == "vector.transfer_read":
        return _read_shape(op)
    if n == "vector.transfer_write":
        d = defining(op.vector, "vector.insert_strided_slice")
        if d is None:
            return None
        return list(d.source.type.shape)
    return None


def all_unroll_patterns(options):
    return unroll_patterns(options) + [UnrollContraction(options), UnrollElementwise(options)]
