"""Canonicalization patterns of the vector ops (the getCanonicalizationPatterns of
VectorOps.cpp), in upstream order per op. `attach(VECTOR)` wires these, the transfer/mask
patterns of transfer_canonicalize.py and the reduction patterns of reduction_canonicalize.py
onto the op declarations (folds.py wires the folders)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr, DenseArrayAttr
from pyopt.ir.types import VectorType, I64, DYNAMIC
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.vector.attrs import ints, i64_array
from pyopt.dialects.vector.folds import (defining, const_of, const_int, arith_const_int, rank, raw,
                    scalar_attr, strides_of, splat_source, linearize, slice_positions, static_pos,
                    has_dynamic_pos, non_unit_strides, mask_format, ALL_FALSE)

PATTERNS = {}


def pattern(name, root=None):
    """Registers fn as a canonicalization pattern of vector.`name` (rooted on `root`, an op
    name, when the pattern matches another op)."""
    def deco(fn):
        PATTERNS.setdefault("vector." + name, []).append(
            RewritePattern(root or "vector." + name, 1, fn))
        return fn
    return deco


def _new(rw, op, name, operands=(), types=None, **props):
    return rw.replace_op_with_new_op(op, name, operands=list(operands),
                                     result_types=types or [op.results[0].type],
                                     properties=props or None)


def _constant(rw, op, attr):
    return _new(rw, op, "arith.constant", value=attr)


def _vec(shape, elem, scalable=None):
    return VectorType(list(shape), elem, scalable)


# ---------------------------------------------------------------------------- extract
def _same_splat(a, b):
    """The scalar that both values splat (vector.splat of one value), else None."""
    sa, sb = defining(a, "vector.splat"), defining(b, "vector.splat")
    if sa is None or sb is None or sa.input is not sb.input:
        return None
    return sa.input


def _resplat(op, rw):
    """op(splat(x)) -> splat(x) of op's result type."""
    s = defining(op.vector, "vector.splat")
    if s is None:
        return False
    _new(rw, op, "vector.splat", [s.input])
    return True


@pattern("extract")
def ExtractOpSplatConstantFolder(op, rw):
    c = const_of(op.vector)
    if type(c) is not DenseElementsAttr or not c.is_splat:
        return False
    rt = op.results[0].type
    a = DenseElementsAttr(rt, [c.values[0]]) if type(rt) is VectorType else \
        scalar_attr(c.element_type, c.values[0])
    _constant(rw, op, a)
    return True


@pattern("extract")
def ExtractOpNonSplatConstantFolder(op, rw):
    if has_dynamic_pos(op):
        return False
    c = const_of(op.vector)
    vt = op.vector.type
    if type(c) is not DenseElementsAttr or c.is_splat or vt.is_scalable:
        return False
    pos = static_pos(op)
    start = linearize(pos + [0] * (len(vt.shape) - len(pos)), strides_of(vt.shape))
    vals = c.all_values()
    rt = op.results[0].type
    if type(rt) is VectorType:
        a = DenseElementsAttr(rt, vals[start:start + rt.num_elements])
    else:
        a = scalar_attr(c.element_type, vals[start])
    _constant(rw, op, a)
    return True


@pattern("extract")
def ExtractOpFromBroadcast(op, rw):
    d = defining(op.vector, "vector.broadcast", "vector.splat")
    if d is None:
        return False
    source = splat_source(d)
    rt = op.results[0].type
    if rt is source.type or rank(rt) < rank(source.type):
        return False
    if rank(rt) == 0:  # the broadcast source is a 0-D vector
        _new(rw, op, "vector.extractelement", [source])
        return True
    _new(rw, op, "vector.broadcast", [source])
    return True


@pattern("extract")
def ExtractOpFromCreateMask(op, rw):
    cm = defining(op.vector, "vector.create_mask")
    rt = op.results[0].type
    if cm is None or type(rt) is not VectorType:
        return False
    pos = static_pos(op)
    shape = cm.results[0].type.shape
    unknown = False
    all_false = mask_format(cm.results[0]) == ALL_FALSE
    for i, p in enumerate(pos):
        if all_false:
            break
        bound = arith_const_int(cm.operand(i))
        if bound is None:
            unknown = True
            continue
        if p != DYNAMIC:
            all_false = p >= bound
        elif bound < shape[i]:
            unknown = True
    if all_false:
        _constant(rw, op, DenseElementsAttr(rt, [0]))
    elif not unknown:
        _new(rw, op, "vector.create_mask", cm.operands[len(pos):])
    else:
        return False
    return True


@pattern("extract")
def foldExtractFromShapeCastToShapeCast(op, rw):
    sc = defining(op.vector, "vector.shape_cast")
    rt = op.results[0].type
    if sc is None or type(rt) is not VectorType or \
            sc.source.type.num_elements != rt.num_elements:
        return False
    _new(rw, op, "vector.shape_cast", [sc.source])
    return True


@pattern("extract")
def foldExtractFromFromElements(op, rw):
    rt = op.results[0].type
    fe = defining(op.vector, "vector.from_elements")
    if has_dynamic_pos(op) or type(rt) is not VectorType or fe is None:
        return False
    it = fe.results[0].type
    if rt.is_scalable or it.is_scalable:
        return False
    first = linearize(static_pos(op) + [0] * len(rt.shape), strides_of(it.shape))
    _new(rw, op, "vector.from_elements", fe.operands[first:first + rt.num_elements])
    return True


# ---------------------------------------------------------------------------- from_elements
@pattern("from_elements")
def rewriteFromElementsAsSplat(op, rw):
    vals = op.operands
    if not vals or any(v is not vals[0] for v in vals):
        return False
    _new(rw, op, "vector.splat", [vals[0]])
    return True


# ---------------------------------------------------------------------------- broadcast
@pattern("broadcast")
def BroadcastFolder(op, rw):
    """broadcast(broadcast(x)) -> broadcast(x)."""
    inner = defining(op.source, "vector.broadcast")
    if inner is None:
        return False
    _new(rw, op, "vector.broadcast", [inner.source])
    return True


# ---------------------------------------------------------------------------- shuffle
@pattern("shuffle")
def ShuffleSplat(op, rw):
    x = _same_splat(op.v1, op.v2)
    if x is None:
        return False
    _new(rw, op, "vector.splat", [x])
    return True


@pattern("shuffle")
def ShuffleInterleave(op, rw):
    rt = op.results[0].type
    st = op.v1.type
    if rt.is_scalable or len(rt.shape) != 1 or st is not op.v2.type or \
            st.num_elements * 2 != rt.num_elements:
        return False
    mask = ints(op.get_attr("mask"))
    half = rt.num_elements // 2
    if any(mask[2 * i] != i or mask[2 * i + 1] != half + i for i in range(half)):
        return False
    _new(rw, op, "vector.interleave", [op.v1, op.v2])
    return True


@pattern("shuffle")
def Canonicalize0DShuffleOp(op, rw):
    vt = op.v1.type
    mask = ints(op.get_attr("mask"))
    if vt.shape or len(mask) != 1:
        return False
    src = op.v1 if mask[0] == 0 else op.v2
    _new(rw, op, "vector.broadcast", [src], [_vec([1], vt.element_type)])
    return True


# ---------------------------------------------------------------------------- insert
@pattern("insert")
def InsertToBroadcast(op, rw):
    st = op.source.type
    if type(st) is not VectorType or op.dest.type.num_elements != st.num_elements:
        return False
    _new(rw, op, "vector.broadcast", [op.source])
    return True


@pattern("insert")
def InsertSplatToSplat(op, rw):
    x = _same_splat(op.source, op.dest)
    if x is None:
        return False
    _new(rw, op, "vector.splat", [x])
    return True


_FOLD_THRESHOLD = 256  # larger constants are only rebuilt when the old one dies


def _dest_constant(op):
    dest = op.dest
    c = const_of(dest)
    dt = dest.type
    if type(c) is not DenseElementsAttr or dt.is_scalable:
        return None
    if dt.num_elements > _FOLD_THRESHOLD and not dest.has_one_use():
        return None
    return c


@pattern("insert")
def InsertOpConstantFolder(op, rw):
    if has_dynamic_pos(op):
        return False
    dst = _dest_constant(op)
    if dst is None:
        return False
    src = const_of(op.source)
    if type(src) is DenseElementsAttr:
        inserted = list(src.all_values())
    elif type(src) in (IntegerAttr, FloatAttr):
        inserted = [raw(src)]
    else:
        return False
    dt = op.dest.type
    pos = static_pos(op)
    start = linearize(pos + [0] * (len(dt.shape) - len(pos)), strides_of(dt.shape))
    vals = list(dst.all_values())
    vals[start:start + len(inserted)] = inserted
    _constant(rw, op, DenseElementsAttr(dt, vals))
    return True


# ---------------------------------------------------------------------------- strided slices
@pattern("insert_strided_slice")
def FoldInsertStridedSliceSplat(op, rw):
    if _same_splat(op.source, op.dest) is None:
        return False
    rw.replace_op(op, [op.dest])
    return True


@pattern("insert_strided_slice")
def FoldInsertStridedSliceOfExtract(op, rw):
    e = defining(op.source, "vector.extract_strided_slice")
    if e is None or e.vector is not op.dest:
        return False
    if e.get_attr("strides") is not op.get_attr("strides") or \
            e.get_attr("offsets") is not op.get_attr("offsets"):
        return False
    rw.replace_op(op, [op.dest])
    return True


@pattern("insert_strided_slice")
def InsertStridedSliceConstantFolder(op, rw):
    dst = _dest_constant(op)
    if dst is None:
        return False
    src = const_of(op.source)
    if type(src) is not DenseElementsAttr or non_unit_strides(op):
        return False
    dt, st = op.dest.type, op.source.type
    rdiff = len(dt.shape) - len(st.shape)
    offs = ints(op.get_attr("offsets"))
    strides = strides_of(dt.shape)
    vals = list(dst.all_values())
    slice_vals = src.all_values()
    sizes = [1] * rdiff + list(st.shape)
    for k, p in enumerate(slice_positions(offs, sizes)):
        vals[linearize(p, strides)] = slice_vals[k]
    _constant(rw, op, DenseElementsAttr(dt, vals))
    return True


@pattern("extract_strided_slice")
def StridedSliceConstantMaskFolder(op, rw):
    cm = defining(op.vector, "vector.constant_mask")
    if cm is None or non_unit_strides(op):
        return False
    sizes = ints(cm.get_attr("mask_dim_sizes"))
    offs, lens = ints(op.get_attr("offsets")), ints(op.get_attr("sizes"))
    new = [max(0, min(o + n, m) - o) for m, o, n in zip(sizes, offs, lens)]
    new += sizes[len(new):]
    if 0 in new:
        new = [0] * len(sizes)
    _new(rw, op, "vector.constant_mask", mask_dim_sizes=i64_array(new))
    return True


@pattern("extract_strided_slice")
def StridedSliceSplatConstantFolder(op, rw):
    c = const_of(op.vector)
    if type(c) is not DenseElementsAttr or not c.is_splat:
        return False
    _constant(rw, op, DenseElementsAttr(op.results[0].type, [c.values[0]]))
    return True


@pattern("extract_strided_slice")
def StridedSliceNonSplatConstantFolder(op, rw):
    c = const_of(op.vector)
    if type(c) is not DenseElementsAttr or c.is_splat or non_unit_strides(op):
        return False
    src_shape = op.vector.type.shape
    rt = op.results[0].type
    offs = ints(op.get_attr("offsets"))
    offs += [0] * (len(rt.shape) - len(offs))
    strides = strides_of(src_shape)
    vals = c.all_values()
    out = [vals[linearize(p, strides)] for p in slice_positions(offs, list(rt.shape))]
    _constant(rw, op, DenseElementsAttr(rt, out))
    return True


@pattern("extract_strided_slice")
def StridedSliceBroadcast(op, rw):
    b = defining(op.vector, "vector.broadcast")
    if b is None:
        return False
    st = b.source.type
    src_rank = rank(st)
    dt = op.results[0].type
    diff = len(dt.shape) - src_rank
    lower_match = all(st.shape[i] == dt.shape[i + diff] for i in range(src_rank))
    source = b.source
    scalar_src = src_rank == 0 or st.num_elements == 1
    if not lower_match and not scalar_src:
        sizes = ints(op.get_attr("sizes"))[diff:]
        new_t = _vec(sizes + list(st.shape[len(sizes):]), st.element_type, st.scalable_dims)
        source = rw.create("vector.extract_strided_slice", [source], [new_t], loc=op.loc,
                           properties={k: i64_array(ints(op.get_attr(k))[diff:])
                                       for k in ("offsets", "sizes", "strides")}).results[0]
    _new(rw, op, "vector.broadcast", [source])
    return True


@pattern("extract_strided_slice")
def StridedSliceSplat(op, rw):
    return _resplat(op, rw)


# ---------------------------------------------------------------------------- shape_cast
@pattern("shape_cast")
def ShapeCastConstantFolder(op, rw):
    c = defining(op.source, "arith.constant")
    a = c.get_attr("value") if c is not None else None
    if type(a) is not DenseElementsAttr or not a.is_splat:
        return False
    _constant(rw, op, DenseElementsAttr(op.results[0].type, [a.values[0]]))
    return True


def _trim_trailing_ones(t):
    shape, scal = list(t.shape), list(t.scalable_dims)
    while shape and shape[-1] == 1 and not scal[-1]:
        shape.pop()
        scal.pop()
    if not shape:
        shape, scal = list(t.shape[-1:]), list(t.scalable_dims[-1:])
    return _vec(shape, t.element_type, scal)


@pattern("shape_cast")
def ShapeCastCreateMaskFolderTrailingOneDim(op, rw):
    src = op.source
    m = defining(src, "vector.create_mask", "vector.constant_mask")
    if m is None:
        return False
    rt = op.results[0].type
    if _trim_trailing_ones(src.type) is not rt:
        return False
    drop = len(src.type.shape) - len(rt.shape)
    if not drop:
        return False
    if m.name == "vector.create_mask":
        ops = m.operands
        if any(const_int(v) != 1 or defining(v, "arith.constant") is None
               for v in ops[len(ops) - drop:]):
            return False
        _new(rw, op, "vector.create_mask", ops[:len(ops) - drop])
        return True
    sizes = ints(m.get_attr("mask_dim_sizes"))
    if any(s != 1 for s in sizes[len(sizes) - drop:]):
        return False
    _new(rw, op, "vector.constant_mask", mask_dim_sizes=i64_array(sizes[:len(sizes) - drop]))
    return True


@pattern("shape_cast")
def ShapeCastBroadcastFolder(op, rw):
    b = defining(op.source, "vector.broadcast")
    if b is None:
        return False
    st = b.source.type
    src_shape = list(st.shape) if type(st) is VectorType else []
    rt = op.results[0].type
    target = list(rt.shape)
    n = len(src_shape)
    if n <= len(target) and src_shape == target[len(target) - n:]:
        _new(rw, op, "vector.broadcast", [b.source])
        return True
    if type(st) is VectorType and st.num_elements == rt.num_elements:
        _new(rw, op, "vector.shape_cast", [b.source])
        return True
    return False


# ---------------------------------------------------------------------------- transpose
@pattern("transpose")
def FoldTransposeCreateMask(op, rw):
    m = defining(op.vector, "vector.create_mask", "vector.constant_mask")
    if m is None:
        return False
    perm = op.get_attr("permutation").values
    if m.name == "vector.create_mask":
        ops = m.operands
        _new(rw, op, "vector.create_mask", [ops[p] for p in perm])
        return True
    sizes = ints(m.get_attr("mask_dim_sizes"))
    _new(rw, op, "vector.constant_mask", mask_dim_sizes=i64_array([sizes[p] for p in perm]))
    return True


@pattern("transpose")
def FoldTransposedScalarBroadcast(op, rw):
    b = defining(op.vector, "vector.broadcast")
    if b is None:
        return False
    st = b.source.type
    if type(st) is not VectorType or st.num_elements == 1:
        _new(rw, op, "vector.broadcast", [b.source])
        return True
    return False


@pattern("transpose")
def TransposeFolder(op, rw):
    """transpose(transpose(x)) -> transpose(x) with the composed permutation."""
    inner = defining(op.vector, "vector.transpose")
    if inner is None:
        return False
    p1 = inner.get_attr("permutation").values
    p2 = op.get_attr("permutation").values
    _new(rw, op, "vector.transpose", [inner.vector],
         permutation=DenseArrayAttr(I64, [p1[p] for p in p2]))
    return True


@pattern("transpose")
def FoldTransposeSplat(op, rw):
    return _resplat(op, rw)


# ---------------------------------------------------------------------------- create_mask
def _is_vscale_times(v, dim):
    """`arith.muli %vscale, %c<dim>` (either order): an all-true scalable mask size."""
    mul = defining(v, "arith.muli")
    if mul is None:
        return False
    a, b = mul.rhs, mul.lhs
    vs = defining(a, "vector.vscale") is not None or defining(b, "vector.vscale") is not None
    return vs and (const_int(a) == dim or const_int(b) == dim)


@pattern("create_mask")
def CreateMaskFolder(op, rw):
    rt = op.results[0].type
    scalable = rt.is_scalable
    if not rt.shape:
        return False
    for i, v in enumerate(op.operands):
        c = const_int(v)
        if c is not None:
            if rt.scalable_dims[i] and c > 0:
                return False
            continue
        if not scalable or not _is_vscale_times(v, rt.shape[i]):
            return False
    sizes = []
    for v, dim in zip(op.operands, rt.shape):
        c = const_int(v)
        if c is None:
            sizes.append(dim)
            continue
        if c <= 0:
            sizes = [0] * len(rt.shape)
            break
        sizes.append(min(c, dim))
    _new(rw, op, "vector.constant_mask", mask_dim_sizes=i64_array(sizes))
    return True


# ---------------------------------------------------------------------------- wiring
def attach(dialect):
    from pyopt.dialects.vector import transfer_canonicalize as T, reduction_canonicalize as R
    dialect.attach_rewrites(None, PATTERNS)
    dialect.attach_rewrites(None, T.PATTERNS)
    dialect.attach_rewrites(None, R.PATTERNS)
