"""`lower-vector-multi-reduction`: vector.multi_reduction to 1-D reductions or elementwise ops
(upstream's LowerVectorMultiReduction.cpp patterns, applied greedily on each function).

Reduction dimensions are first transposed innermost (inner-reduction) or outermost
(inner-parallel), the source is flattened to 2-D by shape_cast, and the 2-D form becomes
per-row vector.reduction ops (inner-reduction) or a chain of elementwise combinations of rows
(inner-parallel); 1-D reductions are widened to 2-D first."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from pyopt.ir.types import I1, I64, INDEX, FloatType, IndexType, IntegerType, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.vector.reduction_canonicalize import make_arith_reduction
from passes.conversion.vector_to_llvm.contract import _mask_operation, _transpose
from passes.conversion.vector_to_llvm.prepare import const


def _masking(op):
    p = op.parent_op
    return p if p is not None and p.name == "vector.mask" else None


def _dims_mask(op):
    rank = len(op.source.type.shape)
    dims = {a.value if hasattr(a, "value") else a for a in op.properties["reduction_dims"]}
    return [i in dims for i in range(rank)]


def _multi_reduction(rw, loc, src, acc, mask, kind):
    dims = [i for i, m in enumerate(mask) if m]
    return rw.create("vector.multi_reduction", [src, acc], [acc.type],
                     properties={"kind": kind, "reduction_dims": ArrayAttr(
                         [IntegerAttr(I64, d) for d in dims])},
                     loc=loc).results[0]


def _shape_cast(rw, loc, v, t):
    return rw.create("vector.shape_cast", [v], [t], loc=loc).results[0]


def _extract(rw, loc, v, i):
    t = v.type
    rt = VectorType(t.shape[1:], t.element_type, t.scalable_dims[1:]) \
        if len(t.shape) > 1 else t.element_type
    return rw.create("vector.extract", [v], [rt],
                     properties={"static_position": DenseArrayAttr(I64, [i])},
                     loc=loc).results[0]


def _root(op, rw):
    """(op replaced at the end, its vector.mask's mask or None); builds before the mask."""
    m = _masking(op)
    if m is None:
        return op, None
    rw.set_insertion_point(m)
    return m, m.mask


class InnerOuterDimReduction(RewritePattern):
    """Transposes the reduction dimensions innermost (or outermost)."""
    root = "vector.multi_reduction"

    def __init__(self, inner_reduction):
        super().__init__()
        self.inner = inner_reduction

    def match_and_rewrite(self, op, rw):
        src = op.source
        rank = len(src.type.shape)
        red = _dims_mask(op)
        rdims = [a.value if hasattr(a, "value") else a for a in op.properties["reduction_dims"]]
        par = [i for i in range(rank) if not red[i]]
        if not par:
            return False
        if self.inner and par == list(range(len(par))):
            return False
        if not self.inner and par == list(range(len(rdims), len(rdims) + len(par))):
            return False
        perm = par + rdims if self.inner else rdims + par
        ip = rw.save()
        root, mask = _root(op, rw)
        loc = op.loc
        tmask = _transpose(rw, loc, mask, perm) if mask is not None else None
        t = _transpose(rw, loc, src, perm)
        new_mask = [False] * rank
        for i in range(len(rdims)):
            new_mask[rank - i - 1 if self.inner else i] = True
        kind = op.properties["kind"]
        res = _mask_operation(rw, loc, lambda: _multi_reduction(
            rw, loc, t, op.acc, new_mask, kind), op.results[0].type, tmask)
        rw.restore(ip)
        rw.replace_op(root, [res])
        return True


class ReduceMultiDimReductionRank(RewritePattern):
    """Flattens the parallel and the reduction dimensions to one each (shape_cast)."""
    root = "vector.multi_reduction"

    def __init__(self, inner_reduction):
        super().__init__()
        self.inner = inner_reduction

    def match_and_rewrite(self, op, rw):
        st = op.source.type
        rank = len(st.shape)
        if rank < 2 or sum(1 for s in st.scalable_dims if s) > 1:
            return False
        red = _dims_mask(op)
        if rank == 2 and red[0] != red[-1]:
            return False
        par_dims = [i for i in range(rank) if not red[i]]
        red_dims = [i for i in range(rank) if red[i]]
        par_shape = [st.shape[i] for i in par_dims]
        par_scal = [st.scalable_dims[i] for i in par_dims]
        red_scal = any(st.scalable_dims[i] for i in red_dims)
        flat_par = _prod(par_shape) if par_shape else 0
        flat_red = _prod([st.shape[i] for i in red_dims]) if red_dims else 0
        if self.inner and par_dims != list(range(len(par_dims))):
            return False
        if not self.inner and par_dims != list(range(len(red_dims),
                                                     len(red_dims) + len(par_dims))):
            return False
        mask, shape, scal = [], [], []
        par_scalable = any(par_scal)
        if flat_par:
            mask.append(False), shape.append(flat_par), scal.append(par_scalable)
        if flat_red:
            mask.append(True), shape.append(flat_red), scal.append(red_scal)
        if not self.inner and len(shape) == 2:
            mask.reverse(), shape.reverse(), scal.reverse()
        ip = rw.save()
        root, vmask = _root(op, rw)
        loc = op.loc
        new_vmask = None
        if vmask is not None:
            new_vmask = _shape_cast(rw, loc, vmask, VectorType(shape, I1))
        cast = _shape_cast(rw, loc, op.source, VectorType(shape, st.element_type, scal))
        acc = op.acc
        if flat_par:
            acc = _shape_cast(rw, loc, acc, VectorType([flat_par], st.element_type,
                                                       [par_scalable]))
        kind = op.properties["kind"]
        res = _mask_operation(rw, loc, lambda: _multi_reduction(rw, loc, cast, acc, mask, kind),
                              acc.type, new_vmask)
        if par_shape:
            res = _shape_cast(rw, loc, res, VectorType(par_shape, st.element_type, par_scal))
        rw.restore(ip)
        rw.replace_op(root, [res])
        return True


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


class TwoDimToElementWise(RewritePattern):
    """<reduce>x<parallel> (outer reduction): combine the rows one by one."""
    root = "vector.multi_reduction"

    def match_and_rewrite(self, op, rw):
        if _masking(op) is not None:
            return False
        st = op.source.type
        if len(st.shape) != 2:
            return False
        red = _dims_mask(op)
        if red[1] or not red[0]:
            return False
        et = st.element_type
        if not isinstance(et, (IntegerType, IndexType, FloatType)):
            return False
        loc, result = op.loc, op.acc
        for i in range(st.shape[0]):
            row = _extract(rw, loc, op.source, i)
            result = make_arith_reduction(rw, loc, op.properties["kind"], row, result)
        rw.replace_op(op, [result])
        return True


class TwoDimToReduction(RewritePattern):
    """<parallel>x<reduce> (inner reduction): one vector.reduction per row."""
    root = "vector.multi_reduction"

    def match_and_rewrite(self, op, rw):
        st = op.source.type
        if len(st.shape) != 2:
            return False
        red = _dims_mask(op)
        if red[0] or not red[1]:
            return False
        ip = rw.save()
        root, vmask = _root(op, rw)
        loc = op.loc
        dt = op.results[0].type
        result = const(rw, loc, dt)
        kind = op.properties["kind"]
        for i in range(st.shape[0]):
            v = _extract(rw, loc, op.source, i)
            acc = _extract(rw, loc, op.acc, i)
            m = _extract(rw, loc, vmask, i) if vmask is not None else None
            r = _mask_operation(rw, loc, lambda: rw.create(
                "vector.reduction", [v, acc], [st.element_type],
                properties={"kind": kind}, loc=loc).results[0], st.element_type, m)
            idx = rw.create("arith.constant", [], [INDEX],
                            properties={"value": IntegerAttr(INDEX, i)}, loc=loc).results[0]
            result = rw.create("vector.insertelement", [r, result, idx], [dt],
                               loc=loc).results[0]
        rw.restore(ip)
        rw.replace_op(root, [result])
        return True


class OneDimToTwoDim(RewritePattern):
    """A 1-D reduction becomes a 1xN one (then handled by the 2-D patterns)."""
    root = "vector.multi_reduction"

    def match_and_rewrite(self, op, rw):
        st = op.source.type
        if len(st.shape) != 1:
            return False
        ip = rw.save()
        root, vmask = _root(op, rw)
        loc = op.loc
        et = st.element_type
        cast = _shape_cast(rw, loc, op.source,
                           VectorType([1, st.shape[-1]], et, [False, st.scalable_dims[-1]]))
        acc_t = VectorType([1], et)
        acc = rw.create("vector.broadcast", [op.acc], [acc_t], loc=loc).results[0]
        cmask = None
        if vmask is not None:
            mt = vmask.type
            cmask = rw.create("vector.broadcast", [vmask], [VectorType(
                [1, mt.shape[-1]], mt.element_type, [False, mt.scalable_dims[-1]])],
                loc=loc).results[0]
        kind = op.properties["kind"]
        res = _mask_operation(rw, loc, lambda: _multi_reduction(
            rw, loc, cast, acc, [False, True], kind), acc_t, cmask)
        out = rw.create("vector.extract", [res], [et], loc=loc,
                        properties={"static_position": DenseArrayAttr(I64, [0])}).results[0]
        rw.restore(ip)
        rw.replace_op(root, [out])
        return True


def multi_reduction_patterns(inner_reduction=False):
    pats = [InnerOuterDimReduction(inner_reduction), ReduceMultiDimReductionRank(inner_reduction),
            OneDimToTwoDim()]
    pats.append(TwoDimToReduction() if inner_reduction else TwoDimToElementWise())
    return pats


@register_pass("lower-vector-multi-reduction", "Lower 'vector.multi_reduction' operations",
               options=[PassOption("lowering-strategy", ("inner-parallel", "inner-reduction"),
                                   "inner-parallel", "Select the strategy to control how "
                                   "multi_reduction is lowered.")],
               display_name="LowerVectorMultiReduction", anchor="func.func")
def lower_vector_multi_reduction(op, ctx, options):
    inner = options.get("lowering-strategy", "inner-parallel") == "inner-reduction"
    apply_patterns_greedily(op, multi_reduction_patterns(inner), ctx)
