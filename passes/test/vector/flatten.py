"""`-test-vector-transfer-flatten-patterns`: an N-D transfer_read / transfer_write of a
contiguous row-major slice of a memref becomes a 1-D transfer of a memref.collapse_shape of
its innermost dims, with shape_casts between the N-D and 1-D vectors (upstream's
FlattenContiguousRowMajorTransfer{Read,Write}Pattern); elementwise ops drop their unit dims
through shape_casts, and inverse shape_cast pairs fold."""
from __future__ import annotations

from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.memref.canonicalize import collapsed_type, _reassoc_attr
from pyopt.dialects.vector.folds import const_int
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.dialects.vector.transforms.shape_cast import ShapeCastPairFolder
from pyopt.dialects.vector.transforms.sink import is_elementwise
from pyopt.ir.affine import AffineMap, dim as adim, symbol
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.memref_layout import layout_is_identity, strides_and_offset
from pyopt.ir.types import DYNAMIC, INDEX, IntegerType, FloatType, MemRefType, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_llvm.transfer import has_out_of_bounds_dim
from passes.conversion.vector_to_scf import xfer_ops as X


# -- contiguity (isContiguousSlice / trailingNDimsContiguous) --------------------------------
def trailing_dims_contiguous(mt, n):
    so = strides_and_offset(mt)
    if so is None or (so[0] and so[0][-1] != 1):
        return False
    shape = list(mt.shape[len(mt.shape) - n:])
    if any(d == DYNAMIC for d in shape):
        return False
    if mt.layout is None or layout_is_identity(mt):
        return True
    strides = list(so[0][len(so[0]) - n:])
    if not strides:
        return True
    want, prod = [], 1
    for d in reversed(shape[1:]):
        prod *= d
        want.append(prod)
    return strides[:-1] == list(reversed(want))


def is_contiguous_slice(mt, vt):
    if any(vt.scalable_dims):
        return False
    vshape = list(vt.shape)
    if not trailing_dims_contiguous(mt, len(vshape)):
        return False
    mshape = list(mt.shape[len(mt.shape) - len(vshape):])
    i = len(vshape) - 1
    while i >= 0 and vshape[i] == mshape[i]:
        i -= 1
    return all(x == 1 for x in vshape[:max(i, 0)]) if i >= 0 else True


def is_signless_int_or_float(t):
    return (type(t) is IntegerType and t.signedness == 0) or isinstance(t, FloatType)


def bitwidth(t):
    return t.width


def is_zero_index(v):
    return const_int(v) == 0


# -- the rewrite ------------------------------------------------------------------------------
def collapse_inner_dims(rw, loc, source, first):
    t = source.type
    if len(t.shape) == 1:
        return source
    groups = [[i] for i in range(first)] + [list(range(first, len(t.shape)))]
    return rw.create("memref.collapse_shape", [source], [collapsed_type(t, groups)],
                     properties={"reassociation": _reassoc_attr(groups)}, loc=loc).results[0]


def collapsed_indices(rw, loc, shape, indices, first):
    kept, folded = list(indices[:first]), list(indices[first:])
    if all(is_zero_index(v) for v in folded):
        return kept + [folded[0]]
    c0 = value_of(rw, 0, loc)
    strides, prod = [], 1
    for d in reversed(shape[first:]):
        strides.append(prod)
        prod *= d
    strides.reverse()
    expr, values = symbol(0), [c0]
    for i, (idx, st) in enumerate(zip(folded, strides)):
        expr = expr + symbol(1 + 2 * i) * symbol(2 + 2 * i)
        values += [idx, st]
    off = composed_folded_apply(rw, AffineMap(0, len(values), [expr]), values, loc)
    return kept + [value_of(rw, off, loc)]


def _flattenable(t, vt, target_bitwidth):
    st = t.source.type
    if type(st) is not MemRefType or len(vt.shape) <= 1:
        return False
    if not is_signless_int_or_float(vt.element_type):
        return False
    if vt.shape[-1] * bitwidth(vt.element_type) >= target_bitwidth:
        return False
    if not is_contiguous_slice(st, vt) or has_out_of_bounds_dim(t):
        return False
    return t.perm_map.is_minor_identity() and t.mask is None


def _flat_operands(rw, loc, t, vt):
    st = t.source.type
    first = len(st.shape) - len(vt.shape)
    src = collapse_inner_dims(rw, loc, t.source, first)
    rank = len(src.type.shape)
    m = AffineMap(rank, 0, [adim(first)])
    idx = collapsed_indices(rw, loc, list(st.shape), t.indices, first)
    n = 1
    for d in vt.shape:
        n *= d
    return src, idx, m, VectorType([n], vt.element_type)


class FlattenRead(RewritePattern):
    root = "vector.transfer_read"

    def __init__(self, target_bitwidth):
        super().__init__()
        self.target = target_bitwidth

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = op.results[0].type
        if not _flattenable(t, vt, self.target):
            return False
        loc = op.loc
        src, idx, m, ft = _flat_operands(rw, loc, t, vt)
        # (the builder without a padding operand pads with a new zero constant)
        pad = const(rw, loc, vt.element_type)
        new = X.read(rw, loc, ft, src, idx, m, pad, None, X.bool_array([True]))
        rw.replace_op_with_new_op(op, "vector.shape_cast", [new.results[0]], [vt])
        return True


class FlattenWrite(RewritePattern):
    root = "vector.transfer_write"

    def __init__(self, target_bitwidth):
        super().__init__()
        self.target = target_bitwidth

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vector.type
        if not _flattenable(t, vt, self.target):
            return False
        loc = op.loc
        src, idx, m, ft = _flat_operands(rw, loc, t, vt)
        flat = rw.create("vector.shape_cast", [t.vector], [ft], loc=loc).results[0]
        X.write(rw, loc, flat, src, idx, m, None, X.bool_array([True]))
        rw.erase_op(op)
        return True


# -- unit dims dropped from elementwise ops --------------------------------------------------
def drop_unit_dims_type(t):
    keep = [(d, s) for d, s in zip(t.shape, t.scalable_dims) if d != 1 or s]
    if not keep:
        keep = [(1, False)]
    return VectorType([d for d, _ in keep], t.element_type, [s for _, s in keep])


class DropUnitDimFromElementwise(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or op.regions or not op.operands:
            return False
        if not is_elementwise(op):
            return False
        rt = op.results[0].type
        st = op.operand(0).type
        if type(rt) is not VectorType or type(st) is not VectorType or len(st.shape) < 2:
            return False
        loc = op.loc
        new_ops = []
        for v in op.operands:
            t = v.type
            nt = drop_unit_dims_type(t)
            if nt == t:
                return False
            new_ops.append(nt)
        vals = [rw.create("vector.shape_cast", [v], [nt], loc=loc).results[0]
                for v, nt in zip(op.operands, new_ops)]
        new = rw.create(op.name, vals, [drop_unit_dims_type(rt)],
                        properties=dict(op.properties) if op.properties else None,
                        attributes=dict(op.attributes) if op.attributes else None, loc=loc)
        rw.replace_op_with_new_op(op, "vector.shape_cast", [new.results[0]], [rt])
        return True


@register_pass("test-vector-transfer-flatten-patterns",
               "Test patterns to rewrite contiguous row-major N-dimensional "
               "vector.transfer_{read,write} ops into 1D transfers",
               options=[PassOption("target-vector-bitwidth", int, 2 ** 32 - 1,
                                   "Minimum vector bitwidth to enable the flattening "
                                   "transformation.")],
               anchor="func.func")
def test_flatten(op, ctx, options):
    bw = options["target-vector-bitwidth"]
    pats = [FlattenRead(bw), FlattenWrite(bw), ShapeCastPairFolder(),
            DropUnitDimFromElementwise(), ShapeCastPairFolder()]
    apply_patterns_greedily(op, pats, ctx, GreedyConfig(top_down=False))
