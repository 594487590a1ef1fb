"""create_mask / constant_mask.

First (greedy) phase: n-D masks are unrolled along their leading dimension into 1-D masks
inserted into an all-false constant; 0-D constant masks become i1 constants.
Conversion phase: a 1-D (or 0-D) create_mask is `[0, 1, ..] < splat(bound)` on i32 or i64
indices (`force-32bit-vector-indices`); scalable ones take their indices from a step vector."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, IntegerAttr
from pyopt.ir.types import I1, I32, I64, INDEX, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern
from passes.conversion.vector_to_llvm.prepare import const, drop_front, insert

_SLT = IntegerAttr(I64, 2)  # arith.cmpi predicates


def _constant(rw, loc, t, value):
    return rw.create("arith.constant", [], [t], properties={"value": value},
                     loc=loc).results[0]


def _cmpi(rw, loc, pred, lhs, rhs, t):
    return rw.create("arith.cmpi", [lhs, rhs], [t], properties={"predicate": pred},
                     loc=loc).results[0]


class CreateMaskUnroll(RewritePattern):
    """n-D create_mask: row d is the (n-1)-D mask of the trailing bounds if d < first bound,
    else all false."""
    root = "vector.create_mask"

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if len(t.shape) <= 1 or t.scalable_dims[0]:
            return False
        loc, bound = op.loc, op.operands[0]
        low = drop_front(t)
        true_val = rw.create("vector.create_mask", list(op.operands[1:]), [low],
                             loc=loc).results[0]
        false_val = const(rw, loc, low)
        result = const(rw, loc, t)
        for d in range(t.shape[0]):
            c = _constant(rw, loc, INDEX, IntegerAttr(INDEX, d))
            cond = _cmpi(rw, loc, _SLT, c, bound, I1)
            sel = rw.create("arith.select", [cond, true_val, false_val], [low],
                            loc=loc).results[0]
            result = insert(rw, loc, sel, result, d)
        rw.replace_op(op, [result])
        return True


class ConstantMaskUnroll(RewritePattern):
    """0-D, scalable 1-D and n-D constant_mask (fixed 1-D is prepare.ConstantMask1D)."""
    root = "vector.constant_mask"

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        sizes = [a.value for a in op.properties["mask_dim_sizes"]]
        loc = op.loc
        if not t.shape:
            rw.replace_op(op, [_constant(rw, loc, t, DenseElementsAttr(
                VectorType([], I1), [1 if sizes[0] == 1 else 0]))])
            return True
        if len(t.shape) == 1 and t.is_scalable and sizes[0] in (0, t.shape[0]):
            # all set / none set: a splat (the fixed-size 1-D case is in prepare.py)
            rw.replace_op(op, [_constant(rw, loc, t, DenseElementsAttr(t, [int(sizes[0] > 0)]))])
            return True
        if len(t.shape) == 1 or t.scalable_dims[0]:
            return False
        low = drop_front(t)
        true_val = rw.create("vector.constant_mask", [], [low], loc=loc, properties={
            "mask_dim_sizes": type(op.properties["mask_dim_sizes"])(
                list(op.properties["mask_dim_sizes"])[1:])}).results[0]
        result = const(rw, loc, t)
        for d in range(sizes[0]):
            result = insert(rw, loc, true_val, result, d)
        rw.replace_op(op, [result])
        return True


def _index_cast(rw, loc, v, t):
    if v.type == t:
        return v
    return rw.create("arith.index_cast", [v], [t], loc=loc).results[0]


class CreateMask1D(RewritePattern):
    """0-D / 1-D create_mask as an index-vector comparison (a pattern of the conversion)."""
    root = "vector.create_mask"

    def __init__(self, force32):
        super().__init__()
        self.idx = I32 if force32 else I64

    def match_and_rewrite(self, op, rw):
        t = op.results[0].type
        if len(t.shape) > 1:
            return False
        loc, idx = op.loc, self.idx
        if t.is_scalable:
            vt = VectorType(t.shape, idx, t.scalable_dims)
            indices = B.create(rw, "llvm.intr.experimental.stepvector", [], [vt],
                               loc=loc).results[0]
        else:
            vt = VectorType(t.shape, idx)
            n = t.shape[0] if t.shape else 1
            indices = _constant(rw, loc, vt, DenseElementsAttr(vt, list(range(n))))
        bound = _index_cast(rw, loc, op.operands[0], idx)
        bounds = rw.create("vector.splat", [bound], [vt], loc=loc).results[0]
        rw.replace_op(op, [_cmpi(rw, loc, _SLT, indices, bounds,
                                 VectorType(t.shape, I1, t.scalable_dims))])
        return True


def prepare_patterns():
    from passes.conversion.vector_to_llvm import gather
    return [CreateMaskUnroll(), ConstantMaskUnroll()] + gather.prepare_patterns()


def patterns(tc, force32):
    from passes.conversion.vector_to_llvm.gather import patterns as gather_patterns
    return [CreateMask1D(force32)] + gather_patterns(tc)


class SVECreateMaskLowering(ConvertOpToLLVMPattern):
    """With enable-arm-sve: an SVE-predicate-sized 1-D scalable create_mask is the ArmSVE
    `whilelt` intrinsic (MLIR 19's ArmSVE legalization). The arm_sve dialect is not part of
    pyopt: the op is built unregistered, in the generic form mlir-opt prints it in."""
    root = "vector.create_mask"
    benefit = 4096

    def match_and_rewrite(self, op, adaptor, rw):
        t = op.results[0].type
        if len(t.shape) != 1 or not t.is_scalable:
            return False
        n = t.shape[0]
        if n < 2 or n > 16 or n & (n - 1):
            return False
        zero = B.zero(rw, I64, op.loc)
        rw.replace_op(op, [rw.create("arm_sve.intr.whilelt", [zero, adaptor[0]], [t],
                                     loc=op.loc).results[0]])
        return True
