"""2-D convolutions rewritten as an im2col tensor and a matmul-like generic (MLIR 19 Linalg
ConvertConv2DToImg2Col.cpp, rewriteInIm2Col / populateConvertConv2DToImg2ColPatterns).

conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc and conv_2d_nchw_fchw: the filter and the output are
collapsed to matrices, a linalg.generic gathers the input windows into a column tensor
(tensor.extract at indices recovered from the collapsed loop indices), a (batch) matmul
generic multiplies, and the result is expanded back. depthwise_conv_2d_nhwc_hwc: operands
transposed to channel-first, a windowing generic, linalg.batch_matvec, transposed back.
Static input and filter shapes and unit dilations only.

`rewrite_in_im2col(rw, op)` returns (the im2col op, the op producing the result) or None;
the transform dialect's convert_conv2d_to_img2col reports those two handles."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim, symbol
from pyopt.ir.types import DYNAMIC, INDEX, ComplexType, IntegerType, RankedTensorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.affine.builders import composed_apply, value_of
from pyopt.dialects.linalg.body import convert_scalar
from pyopt.dialects.linalg.builders import (create_generic_with_body, create_named,
                                           create_transpose_generic)
from pyopt.dialects.tensor.empty_folding import create_empty
from pyopt.dialects.tensor.reshapes import create_collapse_shape, create_expand_shape
from passes.affine.expand_index_ops import delinearize_index

P, R = "parallel", "reduction"


def _ints(op, name):
    a = op.get_attr(name)
    return [int(x) for x in a.values] * (2 if a is not None and len(a.values) == 1 else 1) \
        if a is not None else [1, 1]


def _preconditions(rw, op):
    ins = dps_inputs(op)
    if DYNAMIC in ins[1].type.shape:
        return rw.notify_match_failure(op, "expected a static shape for the filter")
    if DYNAMIC in ins[0].type.shape:
        return rw.notify_match_failure(op, "expected a static shape for the input")
    if any(d != 1 for d in _ints(op, "dilations")):
        return rw.notify_match_failure(op, "expected all ones for dilations")
    return True


def _add(b, x, y, loc):
    t = x.type
    name = "arith.addi" if isinstance(t, IntegerType) else \
        "complex.add" if isinstance(t, ComplexType) else "arith.addf"
    return b.create(name, [x, y], [t], loc=loc).results[0]


def _mul(b, x, y, acc, loc):
    """Both sides converted to the accumulator type (signed, as the named ops)."""
    x, y = convert_scalar(b, x, acc, False), convert_scalar(b, y, acc, False)
    name = "complex.mul" if isinstance(acc, ComplexType) else \
        "arith.muli" if isinstance(acc, IntegerType) else "arith.mulf"
    return b.create(name, [x, y], [acc], loc=loc).results[0]


def _unroll_index(b, loc, index, factors):
    basis = [value_of(b, f, loc) for f in factors]
    return delinearize_index(b, loc, index, basis)


def _convolved_index(b, loc, o, f, stride):
    return composed_apply(b, AffineMap(0, 2, [symbol(0) * stride + symbol(1)]), [o, f], loc)


def _index(b, d, loc):
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import I64
    return b.create("linalg.index", [], [INDEX], properties={"dim": IntegerAttr(I64, d)},
                    loc=loc).results[0]


# Per layout: filter/output collapse groups, column tensor shape (from the named sizes), the
# order the collapsed loop indices are unrolled in, the extraction index order, the
# matmul generic's operand maps (over b, m, n, k) and whether the filter is its lhs.
_LAYOUTS = {
    "linalg.conv_2d_nhwc_hwcf": dict(
        sizes=lambda fs, os: dict(n=os[0], oh=os[1], ow=os[2], oc=os[3], fh=fs[0], fw=fs[1],
                                  ic=fs[2]),
        filter_groups=[[0, 1, 2], [3]], filter_shape=("fh*fw*ic", "oc"),
        out_groups=[[0], [1, 2], [3]], out_shape=("n", "oh*ow", "oc"),
        col_shape=("n", "oh*ow", "fh*fw*ic"), nhwc=True, filter_lhs=False,
        maps=([0, 1, 3], [3, 2], [0, 1, 2])),
    "linalg.conv_2d_nhwc_fhwc": dict(
        sizes=lambda fs, os: dict(n=os[0], oh=os[1], ow=os[2], oc=os[3], fh=fs[1], fw=fs[2],
                                  ic=fs[3]),
        filter_groups=[[0], [1, 2, 3]], filter_shape=("oc", "fh*fw*ic"),
        out_groups=[[0], [1, 2], [3]], out_shape=("n", "oh*ow", "oc"),
        col_shape=("n", "oh*ow", "fh*fw*ic"), nhwc=True, filter_lhs=False,
        maps=([0, 1, 3], [2, 3], [0, 1, 2])),
    "linalg.conv_2d_nchw_fchw": dict(
        sizes=lambda fs, os: dict(n=os[0], oc=os[1], oh=os[2], ow=os[3], ic=fs[1], fh=fs[2],
                                  fw=fs[3]),
        filter_groups=[[0], [1, 2, 3]], filter_shape=("oc", "ic*fh*fw"),
        out_groups=[[0], [1], [2, 3]], out_shape=("n", "oc", "oh*ow"),
        col_shape=("n", "ic*fh*fw", "oh*ow"), nhwc=False, filter_lhs=True,
        maps=([1, 3], [0, 3, 2], [0, 1, 2])),
}


def _size(expr, sz):
    out = 1
    for name in expr.split("*"):
        out *= sz[name]
    return out


def _matmul_like(rw, op, spec):
    loc = op.loc
    inp, flt = dps_inputs(op)
    out = dps_inits(op)[0]
    sz = spec["sizes"](flt.type.shape, out.type.shape)
    sh, sw = _ints(op, "strides")[:2]
    # (upstream gives the nchw filter the input's element type)
    f_elem = inp.type.element_type if not spec["nhwc"] else flt.type.element_type
    ft = RankedTensorType([_size(e, sz) for e in spec["filter_shape"]], f_elem)
    filt = create_collapse_shape(rw, flt, spec["filter_groups"], loc, ft)
    ot = RankedTensorType([_size(e, sz) for e in spec["out_shape"]], out.type.element_type)
    res = create_collapse_shape(rw, out, spec["out_groups"], loc, ot)
    col = create_empty(rw, [_size(e, sz) for e in spec["col_shape"]], inp.type.element_type,
                       loc)

    def gather(args):
        b = rw
        i0, i1, i2 = (_index(b, d, loc) for d in range(3))
        if spec["nhwc"]:
            oh, ow = _unroll_index(b, loc, i1, [sz["oh"], sz["ow"]])
            fh, fw, ic = _unroll_index(b, loc, i2, [sz["fh"], sz["fw"], sz["ic"]])
        else:
            ic, fh, fw = _unroll_index(b, loc, i1, [sz["ic"], sz["fh"], sz["fw"]])
            oh, ow = _unroll_index(b, loc, i2, [sz["oh"], sz["ow"]])
        h = _convolved_index(b, loc, oh, fh, sh)
        w = _convolved_index(b, loc, ow, fw, sw)
        idx = [i0, h, w, ic] if spec["nhwc"] else [i0, ic, h, w]
        return b.create("tensor.extract", [inp] + idx, [inp.type.element_type],
                        loc=loc).results[0]
    im2col = create_generic_with_body(rw, [], [col], [AffineMap.get_multi_dim_identity(3)],
                                [P, P, P], loc, gather)
    maps = [AffineMap(4, 0, [dim(d) for d in m]) for m in spec["maps"]]
    ins = [filt, im2col.results[0]] if spec["filter_lhs"] else [im2col.results[0], filt]

    def mac(args):
        m = _mul(rw, args[0], args[1], args[2].type, loc)
        return _add(rw, m, args[2], loc)
    mm = create_generic_with_body(rw, ins, [res], maps, [P, P, P, R], loc, mac)
    result = create_expand_shape(rw, out.type, mm.results[0], spec["out_groups"], loc)
    rw.replace_op(op, [result])
    return im2col, result.defining_op()


def _transpose_operand(rw, v, perm, loc):
    t = v.type
    empty = create_empty(rw, [t.shape[i] for i in perm], t.element_type, loc)
    return create_transpose_generic(rw, v, empty, perm, loc).results[0]


def _depthwise(rw, op):
    loc = op.loc
    inp, flt = dps_inputs(op)
    out = dps_inits(op)[0]
    in_t = _transpose_operand(rw, inp, [0, 3, 1, 2], loc)
    flt_t = _transpose_operand(rw, flt, [2, 0, 1], loc)
    n, oh, ow, c = out.type.shape
    fh, fw = flt_t.type.shape[1:]
    out_t = _transpose_operand(rw, out, [0, 3, 1, 2], loc)
    sh, sw = _ints(op, "strides")[:2]
    d = [dim(i) for i in range(6)]  # n, c, oh, ow, kh, kw
    maps = [AffineMap(6, 0, [d[0], d[1], d[2] * sh + d[4], d[3] * sw + d[5]]),
            AffineMap.get_multi_dim_identity(6)]
    col = create_empty(rw, [n, c, oh, ow, fh, fw], inp.type.element_type, loc)
    im2col = create_generic_with_body(rw, [in_t], [col], maps, [P] * 6, loc, lambda args: args[0])
    col_r = create_collapse_shape(rw, im2col.results[0], [[0, 1], [2, 3], [4, 5]], loc,
                                  RankedTensorType([n * c, oh * ow, fh * fw],
                                                   inp.type.element_type))
    flt_r = create_collapse_shape(rw, flt_t, [[0], [1, 2]], loc,
                                  RankedTensorType([c, fh * fw], flt.type.element_type))
    out_r = create_collapse_shape(rw, out_t, [[0, 1], [2, 3]], loc,
                                  RankedTensorType([n * c, oh * ow], out.type.element_type))
    mv = create_named(rw, "linalg.batch_matvec", [col_r, flt_r], [out_r], loc)
    back = create_expand_shape(rw, out_t.type, mv.results[0], [[0, 1], [2, 3]], loc)
    result = _transpose_operand(rw, back, [0, 2, 3, 1], loc)
    rw.replace_op(op, [result])
    return im2col, result.defining_op()


def rewrite_in_im2col(rw, op):
    """rewriteInIm2Col: (im2col op, result op), or None (reason sent to the rewriter)."""
    if op.name not in _LAYOUTS and op.name != "linalg.depthwise_conv_2d_nhwc_hwc":
        return None
    if op.name == "linalg.depthwise_conv_2d_nhwc_hwc" and \
            not all(isinstance(v.type, RankedTensorType) for v in op.operands):
        return None
    if _preconditions(rw, op) is not True:
        return None
    rw.set_insertion_point(op)
    if op.name == "linalg.depthwise_conv_2d_nhwc_hwc":
        return _depthwise(rw, op)
    return _matmul_like(rw, op, _LAYOUTS[op.name])


class ConvertConv2DToImg2Col(RewritePattern):
    """populateConvertConv2DToImg2ColPatterns (one pattern per supported conv op)."""

    def match_and_rewrite(self, op, rw):
        return rewrite_in_im2col(rw, op) is not None


def conv2d_to_img2col_patterns():
    return [ConvertConv2DToImg2Col(root=n) for n in
            ("linalg.conv_2d_nhwc_hwcf", "linalg.depthwise_conv_2d_nhwc_hwc",
             "linalg.conv_2d_nchw_fchw", "linalg.conv_2d_nhwc_fhwc")]
