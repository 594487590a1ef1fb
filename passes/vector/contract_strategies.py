"""vector.contract lowering strategies other than dot products (19's
populateVectorContractLoweringPatterns with a VectorContractLowering option):
- "outerproduct": matmat / matvec / tmatvec shapes unrolled along the reduction dim into
  vector.outerproduct ops (operands transposed into place, promoted to the acc's element type);
- "parallelarith": contractions whose reduction dims all have size 1 become elementwise
  multiply-accumulates of the operands broadcast and transposed to the acc's shape;
- "matmulintrinsics": row-major matmuls become vector.matrix_multiply between shape_casts.
Each is tried first by the progressive ContractionLowering (passes/conversion/vector_to_llvm/
contract.py), which unrolls what they do not handle; the matmul and outer-product forms are
also patterns of their own (19 adds them separately, without the element type and kind
restrictions of ContractionLowering)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr
from pyopt.ir.types import I32, I64, FloatType, IndexType, IntegerType, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.contract import (
    ContractionLowering, OuterProductLowering, _extract, _mask_operation, rewrite_maskable,
    _transpose, contract_arith)

DOT, MATMUL, OUTERPRODUCT, PARALLELARITH = 0, 1, 2, 3


def _maps(op):
    return [a.value for a in op.properties["indexing_maps"]]


def _iters_are(op, pattern):
    iters = [it.keyword for it in op.properties["iterator_types"]]
    return iters == [("parallel" if c == "p" else "reduction") for c in pattern]


def _layout(op, *dims_lists):
    n = len(op.properties["iterator_types"])
    return _maps(op) == [AffineMap(n, 0, [dim(d) for d in ds]) for ds in dims_lists]


# -- outerproduct --------------------------------------------------------------------------
def _promote(rw, loc, v, et):
    t = v.type
    cur = t.element_type if type(t) is VectorType else t
    if cur == et:
        return v
    nt = VectorType(t.shape, et, t.scalable_dims) if type(t) is VectorType else et
    name = "arith.extf" if isinstance(et, FloatType) else "arith.extsi"
    return rw.create(name, [v], [nt], loc=loc).results[0]


class _OuterProducts:
    """UnrolledOuterProductGenerator: one outer product per reduction step."""

    def __init__(self, op, rw, mask):
        self.op, self.rw, self.mask, self.loc = op, rw, mask, op.loc
        self.lhs_t = op.lhs.type

    def t(self, v, perm=(1, 0)):
        return None if v is None else _transpose(self.rw, self.loc, v, list(perm))

    def size(self, d):
        """The reduction size read from the lhs (None: scalable, cannot be unrolled)."""
        return None if self.lhs_t.scalable_dims[d] else self.lhs_t.shape[d]

    def products(self, lhs, rhs, n, mask):
        rw, loc, res = self.rw, self.loc, self.op.acc
        et = res.type.element_type
        kind = self.op.properties["kind"]
        for k in range(n):
            a, b = _extract(rw, loc, lhs, k), _extract(rw, loc, rhs, k)
            a, b = _promote(rw, loc, a, et), _promote(rw, loc, b, et)
            m = _extract(rw, loc, mask, k) if mask is not None else None
            acc = res
            res = _mask_operation(rw, loc, lambda: rw.create(
                "vector.outerproduct", [a, b, acc], [acc.type], properties={"kind": kind},
                loc=loc).results[0], acc.type, m)
        return res

    def matmat(self):
        if not _iters_are(self.op, "ppr"):
            return None
        op, lhs, rhs, t = self.op, self.op.lhs, self.op.rhs, self.t
        m, n, k = 0, 1, 2
        # (lhs, rhs, acc) layouts -> (which operand goes first, lhs transposed?, rhs
        # transposed?, the reduction dim of the lhs); a transposed acc swaps the operands
        for (ld, rd, ad), (swap, tl, tr, red) in (
                (((m, k), (k, n), (m, n)), (False, True, False, 1)),
                (((m, k), (n, k), (m, n)), (False, True, True, 1)),
                (((k, m), (k, n), (m, n)), (False, False, False, 0)),
                (((k, m), (n, k), (m, n)), (False, False, True, 0)),
                (((m, k), (k, n), (n, m)), (True, True, False, 1)),
                (((m, k), (n, k), (n, m)), (True, True, True, 1)),
                (((k, m), (k, n), (n, m)), (True, False, False, 0)),
                (((k, m), (n, k), (n, m)), (True, False, True, 0))):
            if not _layout(op, ld, rd, ad):
                continue
            size = self.size(red)
            if size is None:
                continue
            if swap:  # 19 transposes the rhs before the lhs here
                b = t(rhs) if tr else rhs
                a = t(lhs) if tl else lhs
                a, b = b, a
            else:
                a = t(lhs) if tl else lhs
                b = t(rhs) if tr else rhs
            return self.products(a, b, size, t(self.mask, (2, 0, 1)))
        return None

    def _vec(self, flavor):
        """matvec ("pr": the mask is transposed too, the reduction going outermost) and
        tmatvec ("rp": the mask already has the outer product's shape)."""
        if not _iters_are(self.op, flavor):
            return None
        op, lhs, rhs, t = self.op, self.op.lhs, self.op.rhs, self.t
        p, r = (0, 1) if flavor == "pr" else (1, 0)
        for (ld, rd), red, build in ((((p, r), (r,)), 1, lambda: (t(lhs), rhs)),
                                     (((r, p), (r,)), 0, lambda: (lhs, rhs)),
                                     (((r,), (p, r)), 0, lambda: (t(rhs), lhs)),
                                     (((r,), (r, p)), 0, lambda: (rhs, lhs))):
            if not _layout(op, ld, rd, (p,)):
                continue
            size = self.size(red)
            if size is None:
                continue
            a, b = build()
            return self.products(a, b, size, t(self.mask) if flavor == "pr" else self.mask)
        return None

    def lower(self):
        for f in (self.matmat, lambda: self._vec("pr"), lambda: self._vec("rp")):
            res = f()
            if res is not None:
                return res
        return None


def outer_product_lowering(op, rw, mask):
    return _OuterProducts(op, rw, mask).lower()


# -- parallelarith -------------------------------------------------------------------------
def _reduction_results(m, iters):
    return [i for i, e in enumerate(m.results) if iters[e.position].keyword == "reduction"]


def _result_of_dim(m, d):
    for i, e in enumerate(m.results):
        if e.position == d:
            return i
    return None


def elementwise_lowering(op, rw, mask):
    """ContractOpToElementwise (unmasked contractions only)."""
    if mask is not None:
        return None
    lhs_m, rhs_m, acc_m = _maps(op)
    iters = list(op.properties["iterator_types"])
    lt, rt = op.lhs.type, op.rhs.type
    lred, rred = _reduction_results(lhs_m, iters), _reduction_results(rhs_m, iters)
    if any(lt.shape[d] != 1 for d in lred) or any(rt.shape[d] != 1 for d in rred):
        return None
    res_t = op.results[0].type
    n_par = len(acc_m.results)
    plans = []
    for m, t, red in ((lhs_m, lt, lred), (rhs_m, rt, rred)):
        n_bcast = n_par - (len(m.results) - len(red))
        new_dims, perm = [], [n_bcast + d for d in red]
        for i in range(n_par):
            d = _result_of_dim(m, acc_m.results[i].position)
            if d is not None:
                perm.append(n_bcast + d)
            else:  # a parallel dim the operand lacks: broadcast it
                new_dims.append(res_t.shape[i])
                perm.append(len(new_dims) - 1)
        plans.append((new_dims, perm, len(red)))
    loc = op.loc
    vals = []
    for v, (new_dims, _, _) in zip((op.lhs, op.rhs), plans):
        t = v.type
        if new_dims:
            v = rw.create("vector.broadcast", [v], [VectorType(new_dims + list(t.shape),
                                                              t.element_type)],
                          loc=loc).results[0]
        vals.append(v)
    vals = [_transpose(rw, loc, v, perm) for v, (_, perm, _) in zip(vals, plans)]
    vals = [_extract_at(rw, loc, v, [0] * n_red) for v, (_, _, n_red) in zip(vals, plans)]
    is_int = type(lt.element_type) in (IntegerType, IndexType)
    return contract_arith(rw, loc, vals[0], vals[1], op.acc, op.properties["kind"], is_int)


def _extract_at(rw, loc, v, pos):
    """vector.extract at `pos` (all of `v` for an empty position, as the op folds)."""
    if not pos:
        return v
    t = v.type
    rt = VectorType(t.shape[len(pos):], t.element_type, t.scalable_dims[len(pos):]) \
        if len(pos) < len(t.shape) else t.element_type
    return rw.create("vector.extract", [v], [rt],
                     properties={"static_position": DenseArrayAttr(I64, pos)},
                     loc=loc).results[0]


# -- matmulintrinsics ----------------------------------------------------------------------
def _shape_cast(rw, loc, v, t):
    return rw.create("vector.shape_cast", [v], [t], loc=loc).results[0]


def matmul_lowering(op, rw, mask):
    """ContractionOpToMatmulOpLowering (unmasked row-major-able matmuls)."""
    if mask is None and _iters_are(op, "ppr"):
        et = op.lhs.type.element_type
        res_t = op.results[0].type
        if isinstance(et, (IntegerType, FloatType)) and type(res_t) is VectorType \
                and res_t.element_type == et:
            return _matmul(op, rw, et)
    return None


def _matmul(op, rw, et):
    lhs_m, rhs_m, acc_m = _maps(op)
    m, n, k = 0, 1, 2
    mk = lambda *ds: AffineMap(3, 0, [dim(d) for d in ds])  # noqa: E731
    if lhs_m not in (mk(m, k), mk(k, m)) or rhs_m not in (mk(k, n), mk(n, k)) or \
            acc_m not in (mk(m, n), mk(n, m)):
        return None
    loc = op.loc
    lhs, rhs = op.lhs, op.rhs
    if lhs_m == mk(k, m):
        lhs = _transpose(rw, loc, lhs, [1, 0])
    if rhs_m == mk(n, k):
        rhs = _transpose(rw, loc, rhs, [1, 0])
    rows, inner = lhs.type.shape
    cols = rhs.type.shape[1]
    lhs = _shape_cast(rw, loc, lhs, VectorType([rows * inner], et))
    rhs = _shape_cast(rw, loc, rhs, VectorType([inner * cols], et))
    mul = rw.create("vector.matrix_multiply", [lhs, rhs], [VectorType([rows * cols], et)],
                    properties={"lhs_rows": IntegerAttr(I32, rows),
                                "lhs_columns": IntegerAttr(I32, inner),
                                "rhs_columns": IntegerAttr(I32, cols)}, loc=loc).results[0]
    mul = _shape_cast(rw, loc, mul, VectorType([rows, cols], et))
    if acc_m == mk(n, m):
        mul = _transpose(rw, loc, mul, [1, 0])
    add = "arith.addi" if isinstance(et, IntegerType) else "arith.addf"
    return rw.create(add, [op.acc, mul], [mul.type], loc=loc).results[0]


class _StrategyPattern(RewritePattern):
    """One strategy as a pattern of its own on (possibly masked) vector.contract ops."""
    root = "vector.contract"

    def __init__(self, lower):
        super().__init__()
        self.lower = lower
        self.name = lower.__name__

    def match_and_rewrite(self, op, rw):
        return rewrite_maskable(op, rw, self.lower)


_FIRST = {MATMUL: [matmul_lowering], OUTERPRODUCT: [outer_product_lowering],
          PARALLELARITH: [elementwise_lowering]}


def contraction_lowering_patterns(strategy=DOT, outer_product=True):
    """populateVectorContractLoweringPatterns."""
    pats = [OuterProductLowering()] if outer_product else []
    pats.append(ContractionLowering(dot=strategy == DOT, first=_FIRST.get(strategy, ())))
    if strategy == MATMUL:
        pats.append(_StrategyPattern(matmul_lowering))
    elif strategy == OUTERPRODUCT:
        pats.append(_StrategyPattern(outer_product_lowering))
    return pats
