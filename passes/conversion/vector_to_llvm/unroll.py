"""n-D bitcast/interleave/deinterleave unrolled to their 1-D (trailing dimension) forms in the
vector-to-vector phase, and the 1-D interleave/deinterleave lowerings: shuffles for fixed
vectors, the LLVM interleave2/deinterleave2 intrinsics for scalable ones."""
from __future__ import annotations

import itertools

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import I32, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_llvm.shape import _extract, _insert


def _unroll_positions(t):
    """createUnrollIterator(t, 1): the positions of the leading dimensions, up to the first
    scalable one (None when there is nothing to unroll)."""
    if len(t.shape) <= 1:
        return None
    lead = t.shape[:-1]
    n = next((i for i, s in enumerate(t.scalable_dims[:-1]) if s), len(lead))
    if n == 0:
        return None
    return [list(p) for p in itertools.product(*(range(s) for s in lead[:n]))]


def _tail(t, n):
    return VectorType(t.shape[n:], t.element_type, t.scalable_dims[n:])


class UnrollBitCast(RewritePattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        positions = _unroll_positions(rt)
        if positions is None:
            return False
        loc, sub_t = op.loc, _tail(rt, len(positions[0]))
        result = const(rw, loc, rt)
        for pos in positions:
            e = _extract(rw, loc, op.source, pos)
            c = rw.create("vector.bitcast", [e], [sub_t], loc=loc).results[0]
            result = _insert(rw, loc, c, result, pos)
        rw.replace_op(op, [result])
        return True


class UnrollInterleave(RewritePattern):
    root = "vector.interleave"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        positions = _unroll_positions(rt)
        if positions is None:
            return False
        loc, sub_t = op.loc, _tail(rt, len(positions[0]))
        result = const(rw, loc, rt)
        for pos in positions:
            a = _extract(rw, loc, op.lhs, pos)
            b = _extract(rw, loc, op.rhs, pos)
            v = rw.create("vector.interleave", [a, b], [sub_t], loc=loc).results[0]
            result = _insert(rw, loc, v, result, pos)
        rw.replace_op(op, [result])
        return True


class UnrollDeinterleave(RewritePattern):
    root = "vector.deinterleave"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        positions = _unroll_positions(rt)
        if positions is None:
            return False
        loc, sub_t = op.loc, _tail(rt, len(positions[0]))
        even = odd = const(rw, loc, rt)
        for pos in positions:
            s = _extract(rw, loc, op.source, pos)
            d = rw.create("vector.deinterleave", [s], [sub_t, sub_t], loc=loc)
            even = _insert(rw, loc, d.results[0], even, pos)
            odd = _insert(rw, loc, d.results[1], odd, pos)
        rw.replace_op(op, [even, odd])
        return True


def _shuffle(rw, a, b, rt, mask, loc):
    return B.create(rw, "llvm.shufflevector", [a, b], [rt],
                    properties={"mask": DenseArrayAttr(I32, mask)}, loc=loc).results[0]


class InterleaveLowering(ConvertOpToLLVMPattern):
    root = "vector.interleave"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = op.results[0].type
        if len(rt.shape) != 1:
            return False
        llvm_t = self.tc.convert_type(rt)
        if rt.is_scalable:
            new = B.create(rw, "llvm.intr.vector.interleave2", list(adaptor), [llvm_t],
                           loc=op.loc).results[0]
        else:
            half = rt.shape[0] // 2
            mask = [x for i in range(half) for x in (i, half + i)]
            new = _shuffle(rw, adaptor[0], adaptor[1], llvm_t, mask, op.loc)
        rw.replace_op(op, [new])
        return True


class DeinterleaveLowering(ConvertOpToLLVMPattern):
    root = "vector.deinterleave"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = op.results[0].type
        if len(rt.shape) != 1:
            return False
        loc, src = op.loc, adaptor[0]
        if rt.is_scalable:
            packed = self.tc.pack_operation_results([r.type for r in op.results])
            d = B.create(rw, "llvm.intr.vector.deinterleave2", [src], [packed],
                         loc=loc).results[0]
            rw.replace_op(op, [B.extractvalue(rw, d, 0, loc), B.extractvalue(rw, d, 1, loc)])
            return True
        llvm_t = self.tc.convert_type(rt)
        n = op.source.type.shape[0]
        poison = B.poison(rw, src.type, loc)
        even = _shuffle(rw, src, poison, llvm_t, list(range(0, n, 2)), loc)
        odd = _shuffle(rw, src, poison, llvm_t, list(range(1, n, 2)), loc)
        rw.replace_op(op, [even, odd])
        return True


def prepare_patterns():
    return [UnrollBitCast(), UnrollInterleave(), UnrollDeinterleave()]


def conversion_patterns(tc):
    return [InterleaveLowering(tc), DeinterleaveLowering(tc)]
