"""Sinking elementwise ops and casts through broadcasts and transposes (upstream's
VectorTransforms.cpp: ReorderCastOpsOnBroadcast, ReorderElementwiseOpsOnBroadcast,
ReorderElementwiseOpsOnTranspose), shared by -test-sink-vector-broadcast and
-test-vector-reduction-to-contract-patterns; `is_elementwise`, the Elementwise test the
vector test passes share."""
from __future__ import annotations

from pyopt.dialects.vector.folds import splat_source
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import I64, MemRefType, RankedTensorType, UnrankedTensorType, VectorType
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


# arith ops that are Elementwise upstream but check it in their own verifier here
_ELEMENTWISE_ARITH = frozenset("arith." + n for n in (
    "addui_extended", "mulsi_extended", "mului_extended", "extui", "extsi", "extf", "trunci",
    "truncf", "uitofp", "sitofp", "fptoui", "fptosi", "index_cast", "index_castui",
    "bitcast", "cmpi", "cmpf", "select"))


def is_elementwise(op):
    return op.has_trait("Elementwise") or op.name in _ELEMENTWISE_ARITH


def _perm(op):
    return [int(x) for x in op.get_attr("permutation")]


# ops implementing CastOpInterface that can take a vector operand
CAST_OPS = frozenset("arith." + n for n in (
    "extui", "extsi", "extf", "trunci", "truncf", "uitofp", "sitofp", "fptoui", "fptosi",
    "index_cast", "index_castui", "bitcast")) | {"builtin.unrealized_conversion_cast"}


def _clone_with(rw, op, operands, rt):
    return rw.create(op.name, operands, [rt],
                     properties=dict(op.properties) if op.properties else None,
                     attributes=dict(op.attributes) if op.attributes else None, loc=op.loc)


def _elem(t):
    return t.element_type if isinstance(t, VectorType) else t


class ReorderCastOpsOnBroadcast(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if op.name not in CAST_OPS or len(op.operands) != 1 or len(op.results) != 1:
            return False
        b = defining(op.operand(0), "vector.broadcast")
        if b is None:
            return False
        st = b.source.type
        rt = _elem(op.results[0].type)
        if type(st) is VectorType:
            rt = VectorType(st.shape, rt, st.scalable_dims)
        cast = _clone_with(rw, op, [b.source], rt)
        rw.replace_op_with_new_op(op, "vector.broadcast", [cast.results[0]],
                                  [op.results[0].type])
        return True


def _transpose(rw, loc, v, perm, rt):
    return rw.create("vector.transpose", [v], [rt],
                     properties={"permutation": DenseArrayAttr(I64, perm)}, loc=loc)


class ReorderElementwiseOpsOnTranspose(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or op.regions or not is_elementwise(op):
            return False
        perms, src_t = [], None
        for v in op.operands:
            t = defining(v, "vector.transpose")
            if t is not None:
                perms.append(_perm(t))
                src_t = t.vector.type
            else:
                d = v.defining_op()
                if d is None or constant_value(d) is None:
                    return False
        if not perms or any(p != perms[0] for p in perms):
            return False
        order = perms[0]
        inv = [0] * len(order)
        for i, o in enumerate(order):
            inv[o] = i
        vals = []
        for v in op.operands:
            t = defining(v, "vector.transpose")
            if t is not None:
                vals.append(t.vector)
            else:
                vt = VectorType(src_t.shape, _elem(v.type), src_t.scalable_dims)
                vals.append(_transpose(rw, v.defining_op().loc, v, inv, vt).results[0])
        rt = VectorType(src_t.shape, _elem(op.results[0].type), src_t.scalable_dims)
        new = _clone_with(rw, op, vals, rt)
        rw.replace_op(op, [_transpose(rw, op.loc, new.results[0], order,
                                      op.results[0].type).results[0]])
        return True


_SHAPED = (VectorType, RankedTensorType, UnrankedTensorType, MemRefType)
_BCAST = ("vector.broadcast", "vector.splat")


class ReorderElementwiseOpsOnBroadcast(RewritePattern):
    root = None

    def match_and_rewrite(self, op, rw):
        if len(op.results) != 1 or not op.operands or not is_elementwise(op):
            return False
        rt = op.results[0].type
        if not isinstance(rt, _SHAPED) or rt != op.operand(0).type:
            return False
        if op.name == "vector.fma":
            return False
        srcs = []
        for v in op.operands:
            d = defining(v, *_BCAST)
            if d is None:
                return False
            srcs.append(splat_source(d))
        st = srcs[0].type
        if any(s.type != st for s in srcs):
            return False
        new = _clone_with(rw, op, srcs, st)
        rw.replace_op_with_new_op(op, "vector.broadcast", [new.results[0]], [rt])
        return True
