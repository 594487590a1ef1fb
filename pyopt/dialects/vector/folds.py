"""Fold hooks of the vector ops (the `fold` methods of VectorOps.cpp), the small helpers
the canonicalization patterns share with them (constant access, linearization, mask
classification) and the dialect's constant materializer (arith.constant). Transfer, mask and
memory-op folds live in transfer_canonicalize.py; `attach(VECTOR)` wires both."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, FloatAttr, DenseElementsAttr, DenseArrayAttr
from pyopt.ir.types import VectorType, IntegerType, FloatType, I64, F16, F32
from pyopt.dialects.vector.attrs import ints
from pyopt.rewrite.matchers import defining, constant_attr as const_of, constant_int as const_int  # noqa: F401

FOLDS = {}


def fold(name):
    def deco(fn):
        FOLDS["vector." + name] = fn
        return fn
    return deco


# ---------------------------------------------------------------------------- helpers
def arith_const_int(v):
    """The integer of an `arith.constant` defining v (getDefiningOp<arith::ConstantOp>)."""
    d = defining(v, "arith.constant")
    a = d.get_attr("value") if d is not None else None
    return a.value if type(a) is IntegerAttr else None


def splat_source(d):
    """The value a vector.splat (its `input`) or vector.broadcast (its `source`) spreads."""
    return d.input if d.name == "vector.splat" else d.source


def rank(t):
    return len(t.shape) if type(t) is VectorType else 0


def is_dense(a):
    return type(a) is DenseElementsAttr


def raw(a):
    """The raw element value of an IntegerAttr/FloatAttr (as DenseElementsAttr stores it)."""
    return a.value if type(a) is IntegerAttr else a.bits


def scalar_attr(elem_type, value):
    if type(elem_type) is FloatType:
        return FloatAttr(elem_type, value)
    return IntegerAttr(elem_type, value)


def splat_of(type_, a):
    """A splat DenseElementsAttr of `type_` from a scalar or splat attribute, else None."""
    if type(a) in (IntegerAttr, FloatAttr):
        return DenseElementsAttr(type_, [raw(a)])
    if type(a) is DenseElementsAttr and a.is_splat:
        return DenseElementsAttr(type_, [a.values[0]])
    return None


def strides_of(shape):
    """computeStrides: row-major suffix products."""
    out, s = [0] * len(shape), 1
    for i in range(len(shape) - 1, -1, -1):
        out[i] = s
        s *= shape[i]
    return out


def linearize(pos, strides):
    return sum(p * s for p, s in zip(pos, strides))


def slice_positions(offsets, sizes):
    """Every position of the box [offsets, offsets + sizes) in lexicographic order
    (incSlicePosition's enumeration)."""
    pos = list(offsets)
    n = len(pos)
    if any(s <= 0 for s in sizes):
        return
    while True:
        yield pos
        i = n - 1
        while i >= 0:
            pos[i] += 1
            if pos[i] < sizes[i] + offsets[i]:
                break
            pos[i] = offsets[i]
            i -= 1
        if i < 0:
            return


def set_position(op, pos):
    op.set_attr("static_position", DenseArrayAttr(I64, list(pos)))


def static_pos(op):
    return list(op.get_attr("static_position").values)


def has_dynamic_pos(op):
    return any(p < 0 for p in static_pos(op))  # kDynamic entries


def non_unit_strides(op):
    return any(s != 1 for s in ints(op.get_attr("strides")))


ALL_TRUE, ALL_FALSE, UNKNOWN = 0, 1, 2


def mask_format(mask):
    """getMaskFormat: classifies a mask built by arith.constant / constant_mask /
    create_mask."""
    d = defining(mask)
    if d is None:
        return UNKNOWN
    if d.name == "arith.constant":
        a = d.get_attr("value")
        if type(a) is DenseElementsAttr and type(a.element_type) is IntegerType:
            val = 0
            for b in a.all_values():
                if b and val >= 0:
                    val += 1
                elif not b and val <= 0:
                    val -= 1
                else:
                    return UNKNOWN
            if val > 0:
                return ALL_TRUE
            if val < 0:
                return ALL_FALSE
        return UNKNOWN
    if d.name == "vector.constant_mask":
        sizes = ints(d.get_attr("mask_dim_sizes"))
        shape = d.results[0].type.shape
        if all(i >= s for i, s in zip(sizes, shape)):
            return ALL_TRUE
        if all(i <= 0 for i in sizes):
            return ALL_FALSE
        return UNKNOWN
    if d.name == "vector.create_mask":
        for v in d.operands:
            c = arith_const_int(v)
            if c is not None and c <= 0:
                return ALL_FALSE
    return UNKNOWN


# ---------------------------------------------------------------------------- simple folds
@fold("splat")
def _fold_splat(op, consts):
    c = consts[0]
    if type(c) in (IntegerAttr, FloatAttr):
        return splat_of(op.results[0].type, c)
    return None


@fold("broadcast")
def _fold_broadcast(op, consts):
    src, res = op.source, op.results[0].type
    if src.type is res:
        return src
    if consts[0] is not None:
        return splat_of(res, consts[0])
    return None


@fold("transpose")
def _fold_transpose(op, consts):
    c = consts[0]
    if type(c) is DenseElementsAttr and c.is_splat:
        return DenseElementsAttr(op.results[0].type, [c.values[0]])
    perm = op.get_attr("permutation").values
    if all(p == i for i, p in enumerate(perm)):
        return op.vector
    return None


@fold("shape_cast")
def _fold_shape_cast(op, consts):
    from pyopt.dialects.vector.verifiers import _valid_shape_cast
    src, res = op.source, op.results[0].type
    if src.type is res:
        return src
    other = defining(src, "vector.shape_cast")
    if other is not None:
        orig = other.source
        if orig.type is res:
            return orig
        st = orig.type
        if len(st.shape) < len(res.shape):
            ok = _valid_shape_cast(st.shape, res.shape)
        elif len(st.shape) > len(res.shape):
            ok = _valid_shape_cast(res.shape, st.shape)
        else:
            ok = False
        if not ok:
            return None
        op.set_operand(0, orig)
        return op.results[0]
    b = defining(src, "vector.broadcast")
    if b is not None and b.source.type is res:
        return b.source
    return None


@fold("bitcast")
def _fold_bitcast(op, consts):
    src, res = op.source, op.results[0].type
    if src.type is res:
        return src
    other = defining(src, "vector.bitcast")
    if other is not None:
        if other.source.type is res:
            return other.source
        op.set_operand(0, other.source)
        return op.results[0]
    c = consts[0]
    if type(c) is not DenseElementsAttr or not c.is_splat:
        return None
    se, de = src.type.element_type, res.element_type
    v = c.values[0]
    if se is F16 and de is F32:
        bits = ((v & 0xffff) << 16) | (v & 0xffff)  # the 16-bit pattern, twice
        return DenseElementsAttr(res, [bits])
    if type(se) is IntegerType and type(de) is IntegerType:
        sw, dw = se.width, de.width
        if dw > sw and dw % sw == 0:
            piece = v & ((1 << sw) - 1)
            bits = 0
            for _ in range(dw // sw):
                bits = (bits << sw) | piece
            from pyopt.ir.attributes import normalize_int
            return DenseElementsAttr(res, [normalize_int(bits, de)])
    return None


@fold("multi_reduction")
def _fold_multi_reduction(op, consts):
    src = op.source.type
    dims = set(ints(op.get_attr("reduction_dims")))
    if len(src.shape) == 1 and 0 not in dims:
        return op.source
    return None


@fold("step")
def _fold_step(op, consts):
    t = op.results[0].type
    if t.is_scalable:
        return None
    return DenseElementsAttr(t, list(range(t.num_elements)))


@fold("extractelement")
def _fold_extractelement(op, consts):
    if len(op.operand_slots) < 2:
        return None
    d = defining(op.vector, "vector.splat", "vector.broadcast")
    if d is not None:
        source = splat_source(d)
        if type(source.type) is not VectorType:
            return source
    vec, pos = consts[0], consts[1]
    if type(vec) is DenseElementsAttr and type(pos) is IntegerAttr:
        vals = vec.all_values()
        if 0 <= pos.value < len(vals):
            return scalar_attr(vec.element_type, vals[pos.value])
    return None


@fold("insertelement")
def _fold_insertelement(op, consts):
    if len(op.operand_slots) < 3:
        return None
    src, dst, pos = consts
    vt = op.results[0].type
    if type(src) not in (IntegerAttr, FloatAttr) or type(dst) is not DenseElementsAttr or \
            type(pos) is not IntegerAttr or src.type is not vt.element_type:
        return None
    vals = list(dst.all_values())
    if not 0 <= pos.value < len(vals):
        return None
    vals[pos.value] = raw(src)
    return DenseElementsAttr(vt, vals)


@fold("insert")
def _fold_insert(op, consts):
    if not op.get_attr("static_position").values and len(op.operand_slots) == 2:
        return op.source
    return None


@fold("insert_strided_slice")
def _fold_insert_strided_slice(op, consts):
    if op.source.type is op.dest.type:
        return op.source
    return None


@fold("shuffle")
def _fold_shuffle(op, consts):
    t1, t2 = op.v1.type, op.v2.type
    if not t1.shape:  # 0-D: a canonicalization builds a broadcast instead
        return None
    mask = ints(op.get_attr("mask"))
    if not t1.is_scalable and mask == list(range(t1.shape[0])):
        return op.v1
    if not t1.is_scalable and not t2.is_scalable and \
            mask == list(range(t1.shape[0], t1.shape[0] + t2.shape[0])):
        return op.v2
    a, b = consts
    if type(a) is not DenseElementsAttr or type(b) is not DenseElementsAttr or \
            len(a.type.shape) != 1:
        return None
    lhs, rhs = a.all_values(), b.all_values()
    n = a.type.shape[0]
    vals = [rhs[i - n] if i >= n else lhs[i] for i in mask]
    return DenseElementsAttr(op.results[0].type, vals)


# ---------------------------------------------------------------------------- extract
@fold("extract")
def _fold_extract(op, consts):
    pos = static_pos(op)
    src = op.vector
    if not pos and len(op.operand_slots) == 1 and src.type is op.results[0].type:
        return src
    if has_dynamic_pos(op):
        return None
    for f in (_fold_extract_chain, _fold_insert_transpose_chain, _fold_extract_from_broadcast,
              _fold_extract_from_shape_cast, _fold_extract_from_extract_strided,
              _fold_extract_from_insert_strided_chain, _fold_extract_from_elements):
        r = f(op)
        if r is not None:
            return r
    return None


def _fold_extract_chain(op):
    """extract(extract(x, p1), p2) -> extract(x, p1 ++ p2), in place."""
    if defining(op.vector, "vector.extract") is None:
        return None
    pos = static_pos(op)
    cur = op
    while True:
        inner = defining(cur.vector, "vector.extract")
        if inner is None:
            break
        if has_dynamic_pos(inner):
            return None
        pos = static_pos(inner) + pos
        cur = inner
    op.set_operand(0, cur.vector)
    set_position(op, pos)
    return op.results[0]


def _fold_insert_transpose_chain(op):
    """Walks back insert/transpose producers (ExtractFromInsertTransposeChainState): the
    position is padded with negative sentinels that track the extracted dims through
    transposes; a fold is only valid when they end up in order at the tail."""
    vrank = len(op.vector.type.shape)
    pos = static_pos(op)
    ext_rank = len(pos)
    sentinels = [-(i + 1) for i in range(vrank - ext_rank)]
    pos = pos + sentinels

    def can_fold():
        return pos[ext_rank:] == sentinels

    def fold_in_place(source):
        if source is op.vector or not can_fold():
            return None
        set_position(op, pos[:ext_rank])
        op.set_operand(0, source)
        return op.results[0]

    value = op.vector
    while True:
        d = defining(value, "vector.insert", "vector.transpose")
        if d is None:
            break
        if d.name == "vector.transpose":
            perm = d.get_attr("permutation").values
            new = [0] * len(pos)
            for i, p in enumerate(perm):
                new[p] = pos[i]
            pos = new
            value = d.vector
            continue
        if has_dynamic_pos(d):
            return None
        ins = static_pos(d)
        if ins == pos[:ext_rank]:
            return d.source if can_fold() else None
        if len(ins) <= len(pos) and pos[:len(ins)] == ins:
            pos = pos[len(ins):]
            ext_rank = len(pos) - len(sentinels)
            return fold_in_place(d.source)
        if (len(pos) <= len(ins) and ins[:len(pos)] == pos) or \
                all(a < 0 or b < 0 or a == b for a, b in zip(pos, ins)):
            return None
        value = d.dest
    return fold_in_place(value)


def _fold_extract_from_broadcast(op):
    d = defining(op.vector, "vector.broadcast", "vector.splat")
    if d is None:
        return None
    source = splat_source(d)
    rt = op.results[0].type
    if rt is source.type:
        return source
    src_rank, res_rank = rank(source.type), rank(rt)
    if res_rank >= src_rank:
        return None
    if type(rt) is VectorType and type(source.type) is VectorType and \
            tuple(rt.shape) != tuple(source.type.shape[src_rank - res_rank:]):
        return None
    dst = d.results[0].type
    diff = len(dst.shape) - src_rank
    pos = static_pos(op)
    for i in range(diff, len(pos)):
        if source.type.shape[i - diff] != dst.shape[i]:  # a dim-1 broadcast dim
            pos[i] = 0
    keep = src_rank - res_rank
    pos = pos[len(pos) - keep:] if keep else []
    op.set_operand(0, source)
    set_position(op, pos)
    return op.results[0]


def _fold_extract_from_shape_cast(op):
    sc = defining(op.vector, "vector.shape_cast")
    if sc is None:
        return None
    sc_src = sc.source.type
    if not sc_src.shape or not sc.results[0].type.shape:
        return None
    rt = op.results[0].type
    dst_rank = rank(rt)
    if dst_rank > len(sc_src.shape):
        return None
    for i in range(dst_rank):
        if sc_src.shape[-1 - i] != rt.shape[-1 - i]:
            return None
    ext_src = op.vector.type.shape
    pos = static_pos(op)
    lin, stride = 0, 1
    for i, p in enumerate(reversed(pos)):
        lin += p * stride
        stride *= ext_src[len(ext_src) - 1 - (i + dst_rank)]
    ndims = len(sc_src.shape) - dst_rank
    strides, stride = [], 1
    for i in range(ndims):
        strides.append(stride)
        stride *= sc_src.shape[len(sc_src.shape) - 1 - (i + dst_rank)]
    strides.reverse()
    new = []
    for s in strides:
        new.append(lin // s)
        lin %= s
    set_position(op, new)
    op.set_operand(0, sc.source)
    return op.results[0]


def _fold_extract_from_extract_strided(op):
    es = defining(op.vector, "vector.extract_strided_slice")
    if es is None or non_unit_strides(es):
        return None
    src_t, res_t = es.vector.type, es.results[0].type
    if not src_t.shape:
        return None
    offs = ints(es.get_attr("offsets"))
    while offs:
        last = len(offs) - 1
        if offs[-1] != 0 or res_t.shape[last] != src_t.shape[last]:
            break
        offs.pop()
    if rank(op.results[0].type) > len(src_t.shape) - len(offs):
        return None
    pos = static_pos(op)
    for i, o in enumerate(offs):
        pos[i] += o
    op.set_operand(0, es.vector)
    set_position(op, pos)
    return op.results[0]


def _fold_extract_from_insert_strided_chain(op):
    dst_rank = rank(op.results[0].type)
    ins = defining(op.vector, "vector.insert_strided_slice")
    if ins is None or not ins.source.type.shape:
        return None
    ext = static_pos(op)
    while ins is not None:
        st, dt = ins.source.type, ins.dest.type
        rdiff = len(dt.shape) - len(st.shape)
        if dst_rank > len(st.shape):
            return None
        if non_unit_strides(ins):
            return None
        offs = ints(ins.get_attr("offsets"))
        disjoint, diffs = False, []
        for dim, off in enumerate(ext):
            start = offs[dim]
            size = 1 if dim < rdiff else st.shape[dim - rdiff]
            if start <= off < start + size:
                if dim >= rdiff:
                    diffs.append(off - start)
                continue
            disjoint = True
            break
        if not disjoint:
            srd = len(st.shape) - dst_rank
            for i in range(dst_rank):
                if st.shape[i + srd] != dt.shape[i + srd + rdiff]:
                    return None
            op.set_operand(0, ins.source)
            set_position(op, diffs)
            return op.results[0]
        ins = defining(ins.dest, "vector.insert_strided_slice")
    return None


def _fold_extract_from_elements(op):
    fe = defining(op.vector, "vector.from_elements")
    if fe is None:
        return None
    vt = fe.results[0].type
    if vt.is_scalable or op.results[0].type is not vt.element_type:
        return None
    return fe.operand(linearize(static_pos(op), strides_of(vt.shape)))


# ---------------------------------------------------------------------------- strided slices
@fold("extract_strided_slice")
def _fold_extract_strided_slice(op, consts):
    if op.vector.type is op.results[0].type:
        return op.vector
    if _fold_strided_from_insert_chain(op):
        return op.results[0]
    return None


def _fold_strided_from_insert_chain(op):
    """extract_strided_slice of a chunk fully inside an inserted slice reads the slice."""
    from pyopt.dialects.vector.attrs import i64_array
    e_offs = ints(op.get_attr("offsets"))
    e_strides = ints(op.get_attr("strides"))
    e_sizes = ints(op.get_attr("sizes"))
    ins = defining(op.vector, "vector.insert_strided_slice")
    while ins is not None:
        st = ins.source.type
        if len(op.vector.type.shape) != len(st.shape):
            return False
        i_offs = ints(ins.get_attr("offsets"))
        i_strides = ints(ins.get_attr("strides"))
        if len(e_offs) > len(i_offs):
            return False
        partial = disjoint = False
        diffs = []
        for dim in range(len(e_offs)):
            if e_strides[dim] != i_strides[dim]:
                return False
            start = i_offs[dim]
            end = start + st.shape[dim]
            off, size = e_offs[dim], e_sizes[dim]
            if start <= off < end:
                if off + size > end:
                    partial = True
                diffs.append(off - start)
                continue
            disjoint = True
            break
        if not disjoint and not partial:
            op.set_operand(0, ins.source)
            op.set_attr("offsets", i64_array(diffs))
            return True
        if not disjoint:
            return False
        ins = defining(ins.dest, "vector.insert_strided_slice")
    return False


# ---------------------------------------------------------------------------- wiring
def materialize_constant(rewriter, attr, type_, loc):
    from pyopt.dialects.arith.folds import materialize_constant as arith_materialize
    return arith_materialize(rewriter, attr, type_, loc)


def attach(dialect):
    from pyopt.dialects.vector import transfer_canonicalize as T
    dialect.attach_rewrites(FOLDS, None, materialize_constant)
    dialect.attach_rewrites(T.FOLDS)
