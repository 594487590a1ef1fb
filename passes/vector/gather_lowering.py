"""vector.gather as scalar conditional loads (populateVectorGatherLoweringPatterns, used by
apply_patterns.vector.lower_gather and -test-vector-gather-lowering): an n-D gather is split along its leading dimension; a
gather from a row-strided 2-D subview reads the collapsed source with scaled indices; a 1-D
gather from a unit-stride memref (or a tensor) becomes one scf.if per lane that loads the
element (vector.load / tensor.extract) into the pass-through vector when the mask bit is set."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseElementsAttr, IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import I64, INDEX, MemRefType, VectorType
from pyopt.ir.attributes import StridedLayoutAttr
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const as zero_const, extract as _extract, \
    insert as _insert


def _parts(op):
    # base, indices..., index vector, mask, pass-through
    ops = list(op.operands)
    return ops[0], ops[1:-3], ops[-3], ops[-2], ops[-1]


def _gather(rw, loc, rt, base, indices, idx, mask, passthru):
    return rw.create("vector.gather", [base] + indices + [idx, mask, passthru], [rt],
                     loc=loc).results[0]


class FlattenGather(RewritePattern):
    root = "vector.gather"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        if len(rt.shape) < 2 or rt.scalable_dims[0]:
            return False
        loc = op.loc
        base, indices, idx, mask, passthru = _parts(op)
        result = zero_const(rw, loc, rt)
        sub = VectorType(rt.shape[1:], rt.element_type, rt.scalable_dims[1:])
        for i in range(rt.shape[0]):
            g = _gather(rw, loc, sub, base, indices, _extract(rw, loc, idx, i),
                        _extract(rw, loc, mask, i), _extract(rw, loc, passthru, i))
            result = _insert(rw, loc, g, result, i)
        rw.replace_op(op, [result])
        return True


class RemoveStrideFromGatherSource(RewritePattern):
    root = "vector.gather"

    def match_and_rewrite(self, op, rw):
        base, indices, idx, mask, passthru = _parts(op)
        sv = base.owner if hasattr(base.owner, "opdef") else None
        if sv is None or sv.name != "memref.subview":
            return False
        src = sv.source.type
        if len(src.shape) != 2:
            return False
        lay = base.type.layout
        if not isinstance(lay, StridedLayoutAttr) or len(lay.strides) != 1:
            return False
        trailing = src.shape[-1]
        if lay.strides[0] != trailing:
            return False
        loc = op.loc
        from pyopt.dialects.memref.canonicalize import collapsed_type
        ct = collapsed_type(src, [[0, 1]])
        collapsed = rw.create("memref.collapse_shape", [sv.source], [ct],
                              properties={"reassociation": ArrayAttr(
                                  [ArrayAttr([IntegerAttr(I64, 0), IntegerAttr(I64, 1)])])},
                              loc=loc).results[0]
        vt = idx.type
        cst = rw.create("arith.constant", [], [vt], properties={"value": DenseElementsAttr(vt, [trailing])}, loc=loc).results[0]
        scaled = rw.create("arith.muli", [idx, cst], [vt], loc=loc).results[0]
        g = _gather(rw, loc, op.results[0].type, collapsed, indices, scaled, mask, passthru)
        rw.replace_op(op, [g])
        return True


class Gather1DToConditionalLoads(RewritePattern):
    root = "vector.gather"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        if len(rt.shape) != 1 or any(rt.scalable_dims):
            return False
        base, indices, idx, mask, passthru = _parts(op)
        bt = base.type
        if isinstance(bt, MemRefType) and isinstance(bt.layout, StridedLayoutAttr) \
                and bt.layout.strides[-1] != 1:
            return False
        loc = op.loc
        it = idx.type
        if it.element_type != INDEX:  # (an index -> index cast folds away)
            idx = create_or_fold(rw, "arith.index_cast", [idx],
                                 [VectorType(it.shape, INDEX, it.scalable_dims)], loc)[0]
        offsets = list(indices)
        last = offsets[-1]
        elem = rt.element_type
        result = passthru
        for i in range(rt.shape[0]):
            cond = _extract(rw, loc, mask, i)
            index = _extract(rw, loc, idx, i)
            offsets[-1] = create_or_fold(rw, "arith.addi", [last, index], [INDEX], loc)[0]
            if_op = rw.create("scf.if", [cond], [rt], regions=[Region(), Region()], loc=loc)
            ip = rw.save()
            rw.create_block(if_op.regions[0])
            if isinstance(bt, MemRefType):
                ld = rw.create("vector.load", [base] + offsets, [VectorType([1], elem)],
                               loc=loc).results[0]
                x = _extract(rw, loc, ld, 0)
            else:
                x = rw.create("tensor.extract", [base] + offsets, [elem], loc=loc).results[0]
            new = _insert(rw, loc, x, result, i)
            rw.create("scf.yield", [new], [], loc=loc)
            rw.create_block(if_op.regions[1])
            rw.create("scf.yield", [result], [], loc=loc)
            rw.restore(ip)
            result = if_op.results[0]
        rw.replace_op(op, [result])
        return True


def gather_lowering_patterns():
    return [FlattenGather(), RemoveStrideFromGatherSource(), Gather1DToConditionalLoads()]
