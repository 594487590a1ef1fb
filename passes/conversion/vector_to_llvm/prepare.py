"""The vector-to-vector lowerings convert-vector-to-llvm applies greedily before converting
(broadcast to splat/insert, n-D fma unrolling): what is left maps directly onto LLVM."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from pyopt.ir.types import I64, FloatType, VectorType
from pyopt.rewrite.pattern import RewritePattern


def zero_attr(t):
    """The zero of a scalar or vector type, as getZeroAttr builds it."""
    et = t.element_type if isinstance(t, VectorType) else t
    is_float = isinstance(et, FloatType)
    if isinstance(t, VectorType):
        return DenseElementsAttr(t, [0])  # float elements are stored as bits
    return FloatAttr.from_float(et, 0.0) if is_float else IntegerAttr(et, 0)


def const(rw, loc, t):
    return rw.create("arith.constant", [], [t], properties={"value": zero_attr(t)},
                     loc=loc).results[0]


def extract(rw, loc, v, pos):
    t = v.type
    rt = VectorType(t.shape[1:], t.element_type, t.scalable_dims[1:]) \
        if len(t.shape) > 1 else t.element_type
    return rw.create("vector.extract", [v], [rt],
                     properties={"static_position": DenseArrayAttr(I64, [pos])},
                     loc=loc).results[0]


def insert(rw, loc, v, dest, pos):
    return rw.create("vector.insert", [v, dest], [dest.type],
                     properties={"static_position": DenseArrayAttr(I64, [pos])},
                     loc=loc).results[0]


def drop_front(t):
    return VectorType(t.shape[1:], t.element_type, t.scalable_dims[1:])


class BroadcastLowering(RewritePattern):
    root = "vector.broadcast"

    def match_and_rewrite(self, op, rw):
        loc, src = op.loc, op.source
        dst = op.results[0].type
        st = src.type
        if not isinstance(st, VectorType):
            rw.replace_op(op, [rw.create("vector.splat", [src], [dst], loc=loc).results[0]])
            return True
        sr, dr = len(st.shape), len(dst.shape)
        if sr <= 1 and dr == 1:
            if sr == 0:
                e = rw.create("vector.extractelement", [src], [st.element_type],
                              loc=loc).results[0]
            else:
                e = extract(rw, loc, src, 0)
            rw.replace_op(op, [rw.create("vector.splat", [e], [dst], loc=loc).results[0]])
            return True
        if sr < dr:
            b = rw.create("vector.broadcast", [src], [drop_front(dst)], loc=loc).results[0]
            r = const(rw, loc, dst)
            for d in range(dst.shape[0]):
                r = insert(rw, loc, b, r, d)
            rw.replace_op(op, [r])
            return True
        m = next((i for i in range(dr) if st.shape[i] != dst.shape[i]), -1)
        if m == -1:
            rw.replace_op(op, [src])
            return True
        res_t = VectorType(dst.shape[1:], dst.element_type)
        r = const(rw, loc, dst)
        if m == 0:
            b = rw.create("vector.broadcast", [extract(rw, loc, src, 0)], [res_t],
                          loc=loc).results[0]
            for d in range(dst.shape[0]):
                r = insert(rw, loc, b, r, d)
        else:
            for d in range(dst.shape[0]):
                b = rw.create("vector.broadcast", [extract(rw, loc, src, d)], [res_t],
                              loc=loc).results[0]
                r = insert(rw, loc, b, r, d)
        rw.replace_op(op, [r])
        return True


class FMAUnroll(RewritePattern):
    """n-D fma: one fma per leading-dimension slice (used in the conversion phase too)."""
    root = "vector.fma"
    bounded_recursion = True  # the rank strictly decreases

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if len(t.shape) < 2:
            return False
        loc = op.loc
        zero = const(rw, loc, t.element_type)
        desc = rw.create("vector.splat", [zero], [t], loc=loc).results[0]
        for i in range(t.shape[0]):
            parts = [extract(rw, loc, v, i) for v in op.operands]
            f = rw.create("vector.fma", parts, [parts[0].type], loc=loc).results[0]
            desc = insert(rw, loc, f, desc, i)
        rw.replace_op(op, [desc])
        return True


class ConstantMask1D(RewritePattern):
    """A 1-D constant_mask is a dense i1 constant."""
    root = "vector.constant_mask"

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if len(t.shape) != 1 or t.is_scalable:
            return False
        n = op.properties["mask_dim_sizes"][0].value
        attr = DenseElementsAttr(t, [1 if i < n else 0 for i in range(t.shape[0])])
        rw.replace_op(op, [rw.create("arith.constant", [], [t], properties={"value": attr},
                                     loc=op.loc).results[0]])
        return True


def prepare_patterns():
    return [BroadcastLowering(), ConstantMask1D()]
