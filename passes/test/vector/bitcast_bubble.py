"""Moving vector.bitcast across extracts and inserts (upstream's
populateBubbleVectorBitCastOpPatterns): an extract / extract_strided_slice of a widening
bitcast extracts from the bitcast's source first; a bitcast of an insert /
insert_strided_slice bitcasts the inserted value and the destination instead."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_scf import xfer_ops as X
from pyopt.rewrite.matchers import defining


def _ints(op, name):
    return [int(a.value) for a in op.get_attr(name)]


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


def _n(t):
    n = 1
    for s in t.shape:
        n *= s
    return n


def _bitcast(rw, loc, v, rt):
    return rw.create("vector.bitcast", [v], [rt], loc=loc).results[0]


class BubbleDownBitCastForExtract(RewritePattern):
    root = "vector.extract"

    def match_and_rewrite(self, op, rw):
        if len(op.vector.type.shape) != 1:
            return False
        cast = defining(op.vector, "vector.bitcast")
        if cast is None:
            return False
        st, dt = cast.source.type, cast.results[0].type
        if _n(st) == 1 or _n(st) > _n(dt):
            return False
        ratio = _n(dt) // _n(st)
        pos = X.mixed_position(op)
        if not isinstance(pos[0], int):
            return False
        loc = op.loc
        packed = X.extract(rw, loc, cast.source, [pos[0] // ratio])
        pt = VectorType([1], packed.type)
        packed = X.insert(rw, loc, packed, const(rw, loc, pt), [0])
        casted = _bitcast(rw, loc, packed, VectorType([ratio], dt.element_type))
        rw.replace_op(op, [X.extract(rw, loc, casted, [pos[0] % ratio])])
        return True


class BubbleDownBitCastForStridedSliceExtract(RewritePattern):
    root = "vector.extract_strided_slice"

    def match_and_rewrite(self, op, rw):
        cast = defining(op.vector, "vector.bitcast")
        if cast is None:
            return False
        st, dt = cast.source.type, cast.results[0].type
        if st.shape[-1] > dt.shape[-1] or any(s != 1 for s in _ints(op, "strides")):
            return False
        rank = len(op.vector.type.shape)
        ratio = dt.shape[-1] // st.shape[-1]
        offs, sizes = _ints(op, "offsets"), _ints(op, "sizes")
        if len(offs) == rank:
            if offs[-1] % ratio:
                return False
            offs[-1] //= ratio
        if len(sizes) == rank:
            if sizes[-1] % ratio:
                return False
            sizes[-1] //= ratio
        dims = list(op.results[0].type.shape)
        dims[-1] //= ratio
        loc = op.loc
        new = rw.create("vector.extract_strided_slice", [cast.source],
                        [VectorType(dims, st.element_type)], properties={
                            "offsets": _i64s(offs), "sizes": _i64s(sizes),
                            "strides": op.get_attr("strides")}, loc=loc).results[0]
        rw.replace_op_with_new_op(op, "vector.bitcast", [new], [op.results[0].type])
        return True


class BubbleUpBitCastForInsert(RewritePattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, rw):
        st, dt = op.source.type, op.results[0].type
        if not st.shape or any(st.scalable_dims) or any(dt.scalable_dims):
            return False
        shrink = st.shape[-1] >= dt.shape[-1]
        ratio = st.shape[-1] // dt.shape[-1] if shrink else dt.shape[-1] // st.shape[-1]
        ins = defining(op.source, "vector.insert")
        if ins is None or type(ins.source.type) is not VectorType:
            return False

        def scaled(t):
            dims = list(t.shape)
            dims[-1] = dims[-1] // ratio if shrink else dims[-1] * ratio
            return VectorType(dims, dt.element_type)
        loc = op.loc
        src = _bitcast(rw, loc, ins.source, scaled(ins.source.type))
        dst = _bitcast(rw, loc, ins.dest, scaled(ins.dest.type))
        rw.replace_op(op, [X.insert(rw, loc, src, dst, X.mixed_position(ins))])
        return True


class BubbleUpBitCastForStridedSliceInsert(RewritePattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, rw):
        st, dt = op.source.type, op.results[0].type
        if not st.shape or st.shape[-1] < dt.shape[-1]:
            return False
        ratio = st.shape[-1] // dt.shape[-1]
        ins = defining(op.source, "vector.insert_strided_slice")
        if ins is None or any(s != 1 for s in _ints(ins, "strides")):
            return False
        it, idt = ins.source.type, ins.dest.type
        if len(it.shape) != len(idt.shape):
            return False
        per = dt.element_type.width // st.element_type.width
        if _n(it) % per:
            return False
        offs = _ints(ins, "offsets")
        if offs[-1] % ratio:
            return False
        offs[-1] //= ratio

        def scaled(t):
            dims = list(t.shape)
            dims[-1] //= ratio
            return VectorType(dims, dt.element_type)
        loc = op.loc
        src = _bitcast(rw, loc, ins.source, scaled(it))
        dst = _bitcast(rw, loc, ins.dest, scaled(idt))
        rw.replace_op_with_new_op(op, "vector.insert_strided_slice", [src, dst], [dt],
                                  properties={"offsets": _i64s(offs),
                                              "strides": ins.get_attr("strides")})
        return True


def patterns():
    return [BubbleDownBitCastForExtract(), BubbleDownBitCastForStridedSliceExtract(),
            BubbleUpBitCastForInsert(), BubbleUpBitCastForStridedSliceInsert()]
