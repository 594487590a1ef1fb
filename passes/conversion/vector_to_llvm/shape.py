"""Shape-changing vector ops as element/slice moves, as convert-vector-to-llvm lowers them.

shape_cast and transpose are rewritten in the greedy vector-to-vector phase (into extract,
insert, strided slices); the strided slice ops are rewritten during the conversion itself (into
shuffles, extract/insert chains), so what is left maps onto basic.py's lowerings."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from pyopt.ir.types import I64, INDEX, VectorType
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern
from passes.conversion.vector_to_llvm.prepare import const


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


def _ints(attr):
    return [a.value for a in attr]


def _extract(rw, loc, v, pos):
    """vector.extract at a static position (any depth)."""
    t = v.type
    n = len(pos)
    rt = VectorType(t.shape[n:], t.element_type, t.scalable_dims[n:]) \
        if n < len(t.shape) else t.element_type
    return rw.create("vector.extract", [v], [rt],
                     properties={"static_position": DenseArrayAttr(I64, list(pos))},
                     loc=loc).results[0]


def _insert(rw, loc, v, dest, pos):
    return rw.create("vector.insert", [v, dest], [dest.type],
                     properties={"static_position": DenseArrayAttr(I64, list(pos))},
                     loc=loc).results[0]


def _index(rw, loc, i):
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, i)},
                     loc=loc).results[0]


def _extract_one(rw, loc, v, i):
    """A leading-dimension slice: extract for n-D vectors, extractelement for 1-D ones."""
    if len(v.type.shape) > 1:
        return _extract(rw, loc, v, [i])
    return rw.create("vector.extractelement", [v, _index(rw, loc, i)], [v.type.element_type],
                     loc=loc).results[0]


def _insert_one(rw, loc, v, dest, i):
    if len(dest.type.shape) > 1:
        return _insert(rw, loc, v, dest, [i])
    return rw.create("vector.insertelement", [v, dest, _index(rw, loc, i)], [dest.type],
                     loc=loc).results[0]


def _shuffle(rw, loc, v1, v2, mask, rt=None):
    if rt is None:
        rt = VectorType([len(mask)], v1.type.element_type)
    return rw.create("vector.shuffle", [v1, v2], [rt], properties={"mask": _i64s(mask)},
                     loc=loc).results[0]


def _strided(rw, loc, name, operands, rt, **lists):
    return rw.create(name, operands, [rt], properties={k: _i64s(v) for k, v in lists.items()},
                     loc=loc).results[0]


def _scalable(t):
    return any(t.scalable_dims)


def _inc(idx, shape, step=1):
    """Row-major increment of a multi-index by `step` in its last dimension."""
    for d in range(len(idx) - 1, -1, -1):
        idx[d] += step
        if idx[d] >= shape[d]:
            idx[d] = 0
            step = 1
        else:
            break


# -- shape_cast (greedy phase) -------------------------------------------------------------------

class ShapeCast2DTo1D(RewritePattern):
    """Each row goes into its place with insert_strided_slice."""
    root = "vector.shape_cast"

    def match_and_rewrite(self, op, rw):
        st, rt = op.source.type, op.results[0].type
        if _scalable(st) or _scalable(rt) or len(st.shape) != 2 or len(rt.shape) != 1:
            return False
        loc, n = op.loc, st.shape[1]
        desc = const(rw, loc, rt)
        for i in range(st.shape[0]):
            row = _extract(rw, loc, op.source, [i])
            desc = _strided(rw, loc, "vector.insert_strided_slice", [row, desc], rt,
                            offsets=[i * n], strides=[1])
        rw.replace_op(op, [desc])
        return True


class ShapeCast1DTo2D(RewritePattern):
    """Each row is an extract_strided_slice of the source."""
    root = "vector.shape_cast"

    def match_and_rewrite(self, op, rw):
        st, rt = op.source.type, op.results[0].type
        if _scalable(st) or _scalable(rt) or len(st.shape) != 1 or len(rt.shape) != 2:
            return False
        loc, n = op.loc, rt.shape[1]
        row_t = VectorType([n], rt.element_type)
        desc = const(rw, loc, rt)
        for i in range(rt.shape[0]):
            row = _strided(rw, loc, "vector.extract_strided_slice", [op.source], row_t,
                           offsets=[i * n], sizes=[n], strides=[1])
            desc = _insert(rw, loc, row, desc, [i])
        rw.replace_op(op, [desc])
        return True


class ShapeCastGeneric(RewritePattern):
    """Any other fixed-size shape_cast: one scalar extract/insert per element."""
    root = "vector.shape_cast"

    def match_and_rewrite(self, op, rw):
        src = op.source
        st, rt = src.type, op.results[0].type
        if _scalable(st) or _scalable(rt):
            return False
        sr, rr = len(st.shape), len(rt.shape)
        if (sr, rr) in ((2, 1), (1, 2)):
            return False
        loc = op.loc
        si, ri = [0] * sr, [0] * rr
        result = const(rw, loc, rt)
        for i in range(st.num_elements):
            if i:
                _inc(si, st.shape)
                _inc(ri, rt.shape)
            if sr == 0:
                e = rw.create("vector.extractelement", [src], [st.element_type],
                              loc=loc).results[0]
            else:
                e = _extract(rw, loc, src, si)
            if rr == 0:
                result = rw.create("vector.insertelement", [e, result], [rt],
                                   loc=loc).results[0]
            else:
                result = _insert(rw, loc, e, result, ri)
        rw.replace_op(op, [result])
        return True


def _trailing_scalable(t):
    return bool(t.shape) and t.scalable_dims[-1] and not any(t.scalable_dims[:-1])


class ShapeCastScalable(RewritePattern):
    """Only the trailing dimension scalable, in source and result: move scalable sub-vectors of
    the smaller trailing size (vscale 1 sizes) with scalable.extract/insert."""
    root = "vector.shape_cast"

    def match_and_rewrite(self, op, rw):
        src = op.source
        st, rt = src.type, op.results[0].type
        if not _trailing_scalable(st) or not _trailing_scalable(rt):
            return False
        loc = op.loc
        s_last, r_last = st.shape[-1], rt.shape[-1]
        step = min(s_last, r_last)
        piece_t = VectorType([step], st.element_type, [True])
        result = const(rw, loc, rt)
        si, ri = [0] * len(st.shape), [0] * len(rt.shape)
        cur_res = cur_src = None
        for _ in range(0, st.num_elements, step):
            if cur_src is None:
                cur_src = _extract(rw, loc, src, si[:-1]) if len(st.shape) != 1 else src
            piece = cur_src
            if step < s_last:
                piece = rw.create("vector.scalable.extract", [piece], [piece_t],
                                  properties={"pos": IntegerAttr(I64, si[-1])},
                                  loc=loc).results[0]
            if cur_res is None:
                if step == r_last:
                    cur_res = piece
                elif len(rt.shape) != 1:
                    cur_res = _extract(rw, loc, result, ri[:-1])
                else:
                    cur_res = result
            if step < r_last:
                cur_res = rw.create("vector.scalable.insert", [piece, cur_res], [cur_res.type],
                                    properties={"pos": IntegerAttr(I64, ri[-1])},
                                    loc=loc).results[0]
            if ri[-1] + step >= r_last and cur_res is not result:
                result = _insert(rw, loc, cur_res, result, ri[:-1])
                cur_res = None
            if si[-1] + step >= s_last:
                cur_src = None
            _inc(si, st.shape, step)
            _inc(ri, rt.shape, step)
        rw.replace_op(op, [result])
        return True


# -- transpose (greedy phase) --------------------------------------------------------------------

class Transpose2DUnitDim(RewritePattern):
    """A 2-D transpose with a fixed unit dimension only reshapes."""
    root = "vector.transpose"

    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        perm = list(op.properties["permutation"].values)
        if len(rt.shape) != 2 or perm != [1, 0]:
            return False
        if not ((rt.shape[0] == 1 and not rt.scalable_dims[0]) or
                (rt.shape[1] == 1 and not rt.scalable_dims[1])):
            return False
        rw.replace_op(op, [rw.create("vector.shape_cast", [op.vector], [rt],
                                     loc=op.loc).results[0]])
        return True


class TransposeEltWise(RewritePattern):
    """extract/insert per element of the transposed leading dimensions; trailing dimensions
    that stay in place move as whole sub-vectors."""
    root = "vector.transpose"

    def match_and_rewrite(self, op, rw):
        src = op.vector
        st, rt = src.type, op.results[0].type
        if _scalable(st):
            return False
        perm = list(op.properties["permutation"].values)
        n = len(perm)
        while n and perm[n - 1] == n - 1:
            n -= 1
        perm = perm[:n]
        shape = st.shape[:n]
        loc = op.loc
        result = const(rw, loc, rt)
        idx = [0] * n
        total = 1
        for s in shape:
            total *= s
        for i in range(total):
            if i:
                _inc(idx, shape)
            ins = [idx[p] for p in perm]
            e = _extract(rw, loc, src, idx)
            result = _insert(rw, loc, e, result, ins)
        rw.replace_op(op, [result])
        return True


# -- strided slices (conversion phase) -----------------------------------------------------------

class InsertStridedSliceDifferentRank(RewritePattern):
    """Insert into the matching-rank sub-vector of dest, then put that back."""
    root = "vector.insert_strided_slice"

    def match_and_rewrite(self, op, rw):
        src, dest = op.source, op.dest
        offs = _ints(op.properties["offsets"])
        if not offs:
            return False
        diff = len(dest.type.shape) - len(src.type.shape)
        if diff == 0:
            return False
        loc = op.loc
        sub = _extract(rw, loc, dest, offs[:diff])
        inner = _strided(rw, loc, "vector.insert_strided_slice", [src, sub], sub.type,
                         offsets=offs[diff:], strides=_ints(op.properties["strides"]))
        rw.replace_op(op, [_insert(rw, loc, inner, dest, offs[:diff])])
        return True


class InsertStridedSliceSameRank(RewritePattern):
    """1-D: two shuffles (widen the source, then merge with dest); n-D: one lower-rank
    insert_strided_slice per leading-dimension slice."""
    root = "vector.insert_strided_slice"
    bounded_recursion = True  # the rank strictly decreases

    def match_and_rewrite(self, op, rw):
        src, dest = op.source, op.dest
        st, dt = src.type, dest.type
        offs, strides = _ints(op.properties["offsets"]), _ints(op.properties["strides"])
        if not offs or len(st.shape) != len(dt.shape):
            return False
        if st == dt:
            rw.replace_op(op, [src])
            return True
        off, size, stride = offs[0], st.shape[0], strides[0]
        loc, end = op.loc, offs[0] + st.shape[0] * strides[0]
        if len(st.shape) == 1:
            nd = dt.shape[0]
            widened = _shuffle(rw, loc, src, src, list(range(size)) + [0] * (nd - size))
            mask = [nd + i if i < off or i >= end or (i - off) % stride else (i - off) // stride
                    for i in range(nd)]
            rw.replace_op(op, [_shuffle(rw, loc, widened, dest, mask, dt)])
            return True
        res = dest
        for idx, o in enumerate(range(off, end, stride)):
            piece = _extract_one(rw, loc, src, idx)
            if isinstance(piece.type, VectorType):
                sub = _extract_one(rw, loc, dest, o)
                piece = _strided(rw, loc, "vector.insert_strided_slice", [piece, sub], sub.type,
                                 offsets=offs[1:], strides=strides[1:])
            res = _insert_one(rw, loc, piece, res, o)
        rw.replace_op(op, [res])
        return True


class ExtractStridedSlice1D(RewritePattern):
    """A single-offset slice is one shuffle."""
    root = "vector.extract_strided_slice"

    def match_and_rewrite(self, op, rw):
        offs = _ints(op.properties["offsets"])
        if len(offs) != 1:
            return False
        size, stride = _ints(op.properties["sizes"])[0], _ints(op.properties["strides"])[0]
        v = op.vector
        mask = list(range(offs[0], offs[0] + size * stride, stride))
        rw.replace_op(op, [_shuffle(rw, op.loc, v, v, mask, op.results[0].type)])
        return True


class ExtractStridedSliceND(RewritePattern):
    """One lower-rank extract_strided_slice per selected leading-dimension slice, inserted into
    a zero splat."""
    root = "vector.extract_strided_slice"
    bounded_recursion = True  # the rank strictly decreases

    def match_and_rewrite(self, op, rw):
        offs = _ints(op.properties["offsets"])
        if len(offs) == 1:
            return False
        sizes, strides = _ints(op.properties["sizes"]), _ints(op.properties["strides"])
        rt, loc, v = op.results[0].type, op.loc, op.vector
        zero = const(rw, loc, rt.element_type)
        res = rw.create("vector.splat", [zero], [rt], loc=loc).results[0]
        sub_t = VectorType(rt.shape[1:], rt.element_type, rt.scalable_dims[1:])
        for idx, o in enumerate(range(offs[0], offs[0] + sizes[0] * strides[0], strides[0])):
            one = _extract_one(rw, loc, v, o)
            piece = _strided(rw, loc, "vector.extract_strided_slice", [one], sub_t,
                             offsets=offs[1:], sizes=sizes[1:], strides=strides[1:])
            res = _insert_one(rw, loc, piece, res, idx)
        rw.replace_op(op, [res])
        return True


# -- flat matrix ops (conversion phase): one LLVM matrix intrinsic each -------------------------

class ScalableInsertLowering(ConvertOpToLLVMPattern):
    root = "vector.scalable.insert"

    def match_and_rewrite(self, op, adaptor, rw):
        dest = adaptor[1]
        rw.replace_op(op, [B.create(rw, "llvm.intr.vector.insert", [dest, adaptor[0]],
                                    [dest.type], properties={"pos": op.properties["pos"]},
                                    loc=op.loc).results[0]])
        return True


class ScalableExtractLowering(ConvertOpToLLVMPattern):
    root = "vector.scalable.extract"

    def match_and_rewrite(self, op, adaptor, rw):
        rt = self.tc.convert_type(op.results[0].type)
        if rt is None:
            return False
        rw.replace_op(op, [B.create(rw, "llvm.intr.vector.extract", [adaptor[0]], [rt],
                                    properties={"pos": op.properties["pos"]},
                                    loc=op.loc).results[0]])
        return True


class _MatrixLowering(ConvertOpToLLVMPattern):
    llvm_name = attrs = None

    def match_and_rewrite(self, op, adaptor, rw):
        rt = self.tc.convert_type(op.results[0].type)
        if rt is None:
            return False
        props = {a: op.properties[a] for a in self.attrs}
        rw.replace_op(op, [B.create(rw, self.llvm_name, list(adaptor), [rt], properties=props,
                                    loc=op.loc).results[0]])
        return True


class MatrixMultiplyLowering(_MatrixLowering):
    root, llvm_name = "vector.matrix_multiply", "llvm.intr.matrix.multiply"
    attrs = ("lhs_rows", "lhs_columns", "rhs_columns")


class FlatTransposeLowering(_MatrixLowering):
    root, llvm_name = "vector.flat_transpose", "llvm.intr.matrix.transpose"
    attrs = ("rows", "columns")


def prepare_patterns():
    # the vector-to-vector canonicalizations upstream applies first (same benefit, earlier)
    from pyopt.dialects.vector.canonicalize import TransposeFolder, \
        StridedSliceConstantMaskFolder, CreateMaskFolder
    from pyopt.dialects.vector import transfer_canonicalize as T
    mask_folders = [p for n in ("maskedload", "maskedstore", "gather", "scatter", "expandload",
                                "compressstore") for p in T.PATTERNS.get("vector." + n, ())
                    if p.name.endswith("_folder")]
    return mask_folders + [
            RewritePattern("vector.create_mask", 1, CreateMaskFolder),
            RewritePattern("vector.transpose", 1, TransposeFolder),
            RewritePattern("vector.extract_strided_slice", 1, StridedSliceConstantMaskFolder),
            ShapeCast2DTo1D(), ShapeCast1DTo2D(), ShapeCastGeneric(), ShapeCastScalable(),
            Transpose2DUnitDim(), TransposeEltWise()]


def conversion_patterns(tc):
    return [MatrixMultiplyLowering(tc), FlatTransposeLowering(tc), ScalableInsertLowering(tc),
            ScalableExtractLowering(tc),
            InsertStridedSliceDifferentRank(), ExtractStridedSliceND(),
            InsertStridedSliceSameRank(), ExtractStridedSlice1D()]
