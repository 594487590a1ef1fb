"""The winograd transform ops decomposed into loops of small matmuls (MLIR 19
Linalg/Transforms/WinogradConv2D.cpp, populateDecomposeWinogradOpsPatterns).

F(m, r) computes an m-wide output from an r-wide filter on alpha = m + r - 1 inputs:
Y = AT x [(G x g x GT) . (BT x d x B)] x A. Each transform op becomes an scf.for nest over
its two (filter: F, C) or four (input/output: tile rows, tile columns, N, C/F) outer dims whose
body extracts one alpha x alpha (or r x r / m x m) tile, multiplies it on the left and on the
right by the constant matrices (only on one side for the 1-D variants, whose other extent is
1) and inserts the result."""
from __future__ import annotations

import struct
from fractions import Fraction as Q

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import AffineMapAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from pyopt.ir.core import Block
from pyopt.ir.types import F32, INDEX, RankedTensorType
from pyopt.rewrite.pattern import RewritePattern
from pyopt.syntax.float_format import float_to_bits
from pyopt.dialects.linalg.builders import create_generic, create_named
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, create_insert_slice
from passes.scf.common import const_index, create_for


def _rows(*rows):
    return [[Q(x) for x in r] for r in rows]


# (m, r) -> the left matrices G (filter), BT (input), AT (output); the right ones are their
# transposes. The output tables hold AT divided by a scale (binary fractions, exact in f32);
# the output transform multiplies its tile by the scale at the end.
_G = {
    (2, 3): _rows([-1, 0, 0], ["1/2", "-1/2", "1/2"], ["1/2", "1/2", "1/2"], [0, 0, 1]),
    (4, 3): _rows([1, 0, 0], ["-1/3", "1/3", "-1/3"], ["-1/3", "-1/3", "-1/3"],
                  ["1/12", "-1/6", "1/3"], ["1/12", "1/6", "1/3"], [0, 0, 1]),
    (2, 5): _rows([1, 0, 0, 0, 0], ["1/6", "-1/6", "1/6", "-1/6", "1/6"],
                  ["-1/6", "-1/6", "-1/6", "-1/6", "-1/6"],
                  ["-4/15", "2/15", "-1/15", "1/30", "-1/60"],
                  ["1/60", "1/30", "1/15", "2/15", "4/15"], [0, 0, 0, 0, 1]),
}
_BT = {
    (2, 3): _rows([-1, 0, 1, 0], [0, -1, 1, 0], [0, 1, 1, 0], [0, -1, 0, 1]),
    (4, 3): _rows(["1/4", 0, "-5/16", 0, "1/16", 0], [0, "1/4", "-1/4", "-1/16", "1/16", 0],
                  [0, "-1/4", "-1/4", "1/16", "1/16", 0], [0, "1/4", "-1/8", "-1/4", "1/8", 0],
                  [0, "-1/4", "-1/8", "1/4", "1/8", 0], [0, "1/4", 0, "-5/16", 0, "1/16"]),
    (2, 5): _rows(["1/8", "3/16", "-1/4", "-3/16", "1/8", 0],
                  [0, "1/8", "1/16", "-5/16", "1/8", 0],
                  [0, "-1/8", "-5/16", "-1/16", "1/8", 0],
                  [0, "1/4", "-1/8", "-1/4", "1/8", 0],
                  [0, "-1/8", "-1/4", "1/8", "1/4", 0],
                  [0, "1/8", "3/16", "-1/4", "-3/16", "1/8"]),
}
_AT = {
    (2, 3): (_rows([1, 1, 1, 0], [0, -1, 1, 1]), 1),
    (4, 3): (_rows(["1/8", "1/4", "1/4", "1/8", "1/8", 0], [0, "-1/4", "1/4", "-1/4", "1/4", 0],
                   [0, "1/4", "1/4", "1/2", "1/2", 0], [0, "-1/4", "1/4", -1, 1, "1/2"]), 32),
    (2, 5): (_rows(["1/2", 1, 1, 2, 1, 0], [0, -1, 1, -1, 2, "1/2"]), 16),
}


def _transpose(rows):
    return [list(c) for c in zip(*rows)]


def _f32(q):
    """The float a C float literal of q holds (rounded to f32)."""
    return struct.unpack("f", struct.pack("f", float(q)))[0]


def _matrix(rw, rows, et, loc):
    """An arith.constant dense matrix of element type `et`. 19 hands the f32 table's bytes to
    the attribute whatever `et` is, so a narrower type reads them as its own elements (f16:
    each f32 gives two halves); that is kept so the output is the same. (Wider types get the
    true values: 19 reads past its table there.)"""
    t = RankedTensorType([len(rows), len(rows[0])], et)
    f32s = [_f32(x) for r in rows for x in r]
    width = et.width
    if width < 32:
        raw = struct.pack(f"<{len(f32s)}f", *f32s)
        step = width // 8
        vals = [int.from_bytes(raw[i * step:(i + 1) * step], "little")
                for i in range(len(f32s))]
    else:
        vals = [float_to_bits(v, et.kind) for v in f32s]
    return rw.create("arith.constant", [], [t], properties={"value": DenseElementsAttr(t, vals)},
                     loc=loc).results[0]


def _matmul(rw, lhs, rhs, shape, et, loc):
    init = rw.create("tensor.empty", [], [RankedTensorType(shape, et)], loc=loc).results[0]
    return create_named(rw, "linalg.matmul", [lhs, rhs], [init], loc).results[0]


def _sandwich(rw, tile, left, right, et, const_et, loc):
    """left x tile x right (either side may be None); returns (value, rows, cols)."""
    rows, cols = tile.type.shape
    if left is not None:
        rows = len(left)
        tile = _matmul(rw, _matrix(rw, left, const_et, loc), tile, [rows, cols], et, loc)
    if right is not None:
        cols = len(right[0])
        tile = _matmul(rw, tile, _matrix(rw, right, const_et, loc), [rows, cols], et, loc)
    return tile, rows, cols


def _times_m(rw, iv, m, loc):
    return rw.create("affine.apply", [iv], [INDEX],
                     properties={"map": AffineMapAttr(AffineMap.get(1, 0, [dim(0) * m]))},
                     loc=loc).results[0]


def _key(op):
    return (op.get_attr("m").value, op.get_attr("r").value)


def decompose_filter(rw, op, loc):
    """filterTransform: (F, H, W, C) -> (alpha, alpha, C, F)."""
    m, r = _key(op)
    src = op.filter
    f, h, w, c = src.type.shape
    left, right = h != 1, w != 1
    if (h != r and h != 1) or (w != r and w != 1):
        return None
    et = src.type.element_type
    zero = const_index(rw, 0, loc)

    def body(ivs, acc):
        fi, ci = ivs
        tile = create_extract_slice(rw, RankedTensorType([h, w], et), src,
                                    [fi, zero, zero, ci], [1, h, w, 1], [1] * 4, loc)
        g = _G.get((m, r))
        if g is None:
            return None
        v, rows, cols = _sandwich(rw, tile, g if left else None,
                                  _transpose(g) if right else None, et, et, loc)
        alpha = m + r - 1
        return create_insert_slice(rw, "tensor.insert_slice", v, acc, [zero, zero, ci, fi],
                                   [alpha if left else 1, alpha if right else 1, 1, 1],
                                   [1] * 4, loc).results[0]
    return _loop_nest(rw, [f, c], op.output, body, loc, zero)


def _loop_nest(rw, bounds, init, body, loc, zero=None):
    """scf::buildLoopNest from 0 to `bounds` by 1 carrying `init`; `body(ivs, acc)` returns
    what the innermost loop yields. The constants are made in 19's order (zero, bounds,
    step) so that the folder's hoisting prints them alike."""
    zero = zero or const_index(rw, 0, loc)
    ubs = [const_index(rw, b, loc) for b in bounds]
    one = const_index(rw, 1, loc)
    ivs, loops, acc = [], [], init
    ip = rw.save()
    for ub in ubs:
        f = create_for(rw, zero, ub, one, [acc], loc)
        block = f.regions[0].blocks[0]
        ivs.append(block.args[0])
        acc = block.args[1]
        loops.append(f)
        rw.set_insertion_point_to_end(block)
    result = body(ivs, acc)
    for f in reversed(loops):
        # (an unsupported F(m, r) yields nothing, leaving the invalid loop 19 leaves)
        rw.create("scf.yield", [result] if result is not None else [], [], loc=loc)
        result = f.results[0]
        rw.set_insertion_point_after(f)
    rw.restore(ip)
    return loops[0].results[0]


def decompose_input(rw, op, loc):
    """inputTransform: (N, H, W, C) -> (alpha, alpha, tileH, tileW, N, C)."""
    m, r = _key(op)
    src = op.input
    n, h, w, c = src.type.shape
    _, _, th, tw, _, _ = op.output.type.shape
    left, right = h != 1, w != 1
    ah, aw = (m + r - 1) if left else 1, (m + r - 1) if right else 1
    if (h != th * m + r - 1 and h != 1) or (w != tw * m + r - 1 and w != 1):
        return None
    et = src.type.element_type

    def body(ivs, acc):
        hi, wi, ni, ci = ivs
        ho, wo = _times_m(rw, hi, m, loc), _times_m(rw, wi, m, loc)
        tile = create_extract_slice(rw, RankedTensorType([ah, aw], et), src, [ni, ho, wo, ci],
                                    [1, ah, aw, 1], [1] * 4, loc)
        bt = _BT.get((m, r))
        if bt is None:
            return None
        # (the input matrices are always f32 constants, as 19 builds them)
        v, rows, cols = _sandwich(rw, tile, bt if left else None,
                                  _transpose(bt) if right else None, et, F32, loc)
        return create_insert_slice(rw, "tensor.insert_slice", v, acc,
                                   [0, 0, hi, wi, ni, ci], [rows, cols, 1, 1, 1, 1], [1] * 6,
                                   loc).results[0]
    return _loop_nest(rw, [th, tw, n, c], op.output, body, loc)


def _scaled(rw, v, scale, et, loc):
    """The tile multiplied by a scalar broadcast through a linalg.generic (linalg.mul)."""
    from pyopt.ir.types import FloatType
    attr = FloatAttr.from_float(et, float(scale)) if isinstance(et, FloatType) else \
        IntegerAttr(et, scale)
    s = rw.create("arith.constant", [], [et], properties={"value": attr}, loc=loc).results[0]
    t = v.type
    init = rw.create("tensor.empty", [], [RankedTensorType(t.shape, et)], loc=loc).results[0]
    maps = [AffineMap.get(2, 0, []), AffineMap.get_multi_dim_identity(2)]
    g = create_generic(rw, [s], [init], maps, ["parallel", "parallel"], [init.type], loc)
    block = Block([et, et], [loc, loc])
    g.regions[0].append(block)
    ip = rw.save()
    rw.set_insertion_point_to_end(block)
    rw.create("linalg.yield", [block.args[0]], [], loc=loc)
    rw.restore(ip)
    return create_named(rw, "linalg.mul", [g.results[0], v], [init], loc).results[0]


def decompose_output(rw, op, loc):
    """outputTransform: (alpha, alpha, tileH, tileW, N, F) -> (N, H, W, F)."""
    m, r = _key(op)
    src = op.value
    vh, vw, th, tw, n, f = src.type.shape
    left, right = vh != 1, vw != 1
    alpha = m + r - 1
    if (vh != (alpha if left else 1) and vh != 1) or (vw != (alpha if right else 1) and vw != 1):
        return None
    et = src.type.element_type

    def body(ivs, acc):
        hi, wi, ni, fi = ivs
        tile = create_extract_slice(rw, RankedTensorType([vh, vw], et), src,
                                    [0, 0, hi, wi, ni, fi], [vh, vw, 1, 1, 1, 1], [1] * 6, loc)
        if (m, r) not in _AT:
            return None
        at, scale = _AT[(m, r)]
        v, rows, cols = _sandwich(rw, tile, at if left else None,
                                  _transpose(at) if right else None, et, et, loc)
        factor = (scale if left else 1) * (scale if right else 1)
        if factor != 1:
            v = _scaled(rw, v, factor, et, loc)
        ho, wo = _times_m(rw, hi, m, loc), _times_m(rw, wi, m, loc)
        return create_insert_slice(rw, "tensor.insert_slice", v, acc, [ni, ho, wo, fi],
                                   [1, rows, cols, 1], [1] * 4, loc).results[0]
    return _loop_nest(rw, [th, tw, n, f], op.output, body, loc)


class DecomposeWinograd(RewritePattern):
    def __init__(self, root, decompose):
        super().__init__(root)
        self.decompose = decompose

    def match_and_rewrite(self, op, rw):
        rw.set_insertion_point(op)
        v = self.decompose(rw, op, op.loc)
        if v is None:
            return False
        rw.replace_op(op, [v])
        return True


def decompose_winograd_patterns():
    """populateDecomposeWinogradOpsPatterns."""
    return [DecomposeWinograd("linalg.winograd_filter_transform", decompose_filter),
            DecomposeWinograd("linalg.winograd_input_transform", decompose_input),
            DecomposeWinograd("linalg.winograd_output_transform", decompose_output)]
