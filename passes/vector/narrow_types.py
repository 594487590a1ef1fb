"""Narrow-type rewrites of 19's populateVectorNarrowTypeRewritePatterns and
populateVectorTransposeNarrowTypeRewritePatterns (apply_patterns.vector.rewrite_narrow_types):
- bitcast(trunci) and ext{s,u}i(bitcast) of 1-D vectors whose bitcast crosses element
  boundaries become, per bit-contribution column, shuffle -> and -> shrui -> shli -> or on
  the wide elements (so LLVM never sees sub-byte vectors there);
- i4 <-> byte-multiple conversions (extsi/extui/sitofp from i4, trunci to i4) go through an
  i8 bitcast plus shifts and vector.interleave / deinterleave;
- a transpose of sub-byte integers transposes bytes (extsi to i8, transpose, trunci).
"""
from __future__ import annotations

from pyopt.dialects.vector.verifiers import bit_width
from pyopt.ir.attributes import DenseElementsAttr, normalize_int
from pyopt.ir.types import IntegerType, VectorType
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.shape import _shuffle

I8 = IntegerType(8)
I4 = IntegerType(4)


def _const(rw, loc, t, values):
    et = t.element_type
    attr = DenseElementsAttr(t, [normalize_int(v, et) for v in values])
    return rw.create("arith.constant", [], [t], properties={"value": attr},
                     loc=loc).results[0]


def _binary(rw, loc, name, a, b):
    return rw.create(name, [a, b], [a.type], loc=loc).results[0]


def _fixed_vector(t):
    return isinstance(t, VectorType) and not t.is_scalable


def _byte_multiple(t):
    """commonConversionPrecondition: a fixed-size vector of k * 8-bit elements."""
    return _fixed_vector(t) and bit_width(t.element_type) % 8 == 0


def bit_ranges(src_width, dst_width, n_dst):
    """For each element of the bitcast's result, the (source element, first bit, end bit)
    ranges its bits come from, lowest bits first."""
    ranges = [[] for _ in range(n_dst)]
    total, bit = dst_width * n_dst, 0
    while bit < total:
        src_bit, dst_bit = bit % src_width, bit % dst_width
        step = min(src_width - src_bit, dst_width - dst_bit)
        ranges[bit // dst_width].append((bit // src_width, src_bit, src_bit + step))
        bit += step
    return ranges


def bitcast_as_shuffles(rw, loc, source, src_type, dst_type):
    """The bits of `vector.bitcast : src_type to dst_type` (1-D) gathered from `source`, a
    vector of src_type's length whose elements hold the source elements in their low bits;
    the result has source's element type, one element per bitcast result element."""
    ranges = bit_ranges(bit_width(src_type.element_type), bit_width(dst_type.element_type),
                       dst_type.shape[0])
    et = source.type.element_type
    vt = VectorType([dst_type.shape[0]], et)
    result = None
    for col in range(max(len(r) for r in ranges)):
        picks, masks, right, left = [], [], [], []
        for r in ranges:
            idx, lo, hi = r[col] if col < len(r) else (0, 0, 0)
            picks.append(idx)
            masks.append(((1 << hi) - 1) & ~((1 << lo) - 1))
            right.append(lo)
            left.append(sum(e - b for _, b, e in r[:col]))
        shuffled = _shuffle(rw, loc, source, source, picks, vt)
        bits = _binary(rw, loc, "arith.andi", shuffled, _const(rw, loc, vt, masks))
        bits = _binary(rw, loc, "arith.shrui", bits, _const(rw, loc, vt, right))
        bits = _binary(rw, loc, "arith.shli", bits, _const(rw, loc, vt, left))
        result = bits if result is None else _binary(rw, loc, "arith.ori", result, bits)
    return result


def _bitcast_types(bc):
    st, dt = bc.source.type, bc.results[0].type
    if not (_fixed_vector(st) and _fixed_vector(dt)):
        return None
    return st, dt


class RewriteBitCastOfTruncI(RewritePattern):
    root = "vector.bitcast"

    def match_and_rewrite(self, op, rw):
        trunc = defining(op.source, "arith.trunci")
        types = _bitcast_types(op)
        if trunc is None or types is None:
            return False
        st, dt = types
        if len(dt.shape) != 1 or not _byte_multiple(dt):
            return False
        wide = trunc.operands[0]
        if not isinstance(wide.type.element_type, IntegerType):
            return False
        res = bitcast_as_shuffles(rw, op.loc, wide, st, dt)
        if res.type == dt:
            rw.replace_op(op, [res])
            return True
        narrowing = bit_width(dt.element_type) <= bit_width(wide.type.element_type)
        rw.replace_op_with_new_op(op, "arith.trunci" if narrowing else "arith.extui",
                                  [res], [dt])
        return True


class RewriteExtOfBitCast(RewritePattern):
    """ext{s,u}i(vector.bitcast): the extension re-applied to the gathered bits (or a
    trunci when the result is not wider than the bitcast's source elements)."""

    def __init__(self, root):
        super().__init__(root)

    def match_and_rewrite(self, op, rw):
        bc = defining(op.operands[0], "vector.bitcast")
        types = _bitcast_types(bc) if bc is not None else None
        out = op.results[0].type
        if types is None or len(out.shape) != 1 or not _byte_multiple(out):
            return False
        src = bc.source
        if not isinstance(src.type.element_type, IntegerType):
            return False
        res = bitcast_as_shuffles(rw, bc.loc, src, *types)
        narrowing = bit_width(out.element_type) <= bit_width(src.type.element_type)
        rw.replace_op_with_new_op(op, "arith.trunci" if narrowing else op.name, [res], [out])
        return True


def _aligned_i4(narrow, wide):
    """alignedConversionPrecondition: i4 elements on one side, a multiple of 8 bits on the
    other, an even trailing dim of i4s."""
    if not (isinstance(narrow, VectorType) and isinstance(wide, VectorType)):
        return False
    nw, ww = bit_width(narrow.element_type), bit_width(wide.element_type)
    return nw == 4 and ww >= 8 and ww % nw == 0 and narrow.shape[-1] % 2 == 0


def _with_elem(t, et, last=None):
    shape = list(t.shape)
    if last is not None:
        shape[-1] = last
    return VectorType(shape, et, t.scalable_dims)


def i4_to_i8(rw, loc, v, signed):
    """The i4 elements of `v` as i8s, through a bitcast to bytes and the byte's two nibbles
    interleaved (low nibble first)."""
    bt = _with_elem(v.type, I8, v.type.shape[-1] // 2)
    b = rw.create("vector.bitcast", [v], [bt], loc=loc).results[0]
    if signed:
        four = _const(rw, loc, bt, [4])
        low = _binary(rw, loc, "arith.shrsi", _binary(rw, loc, "arith.shli", b, four), four)
        high = _binary(rw, loc, "arith.shrsi", b, four)
    else:
        low = _binary(rw, loc, "arith.andi", b, _const(rw, loc, bt, [15]))
        high = _binary(rw, loc, "arith.shrui", b, _const(rw, loc, bt, [4]))
    return rw.create("vector.interleave", [low, high], [_with_elem(v.type, I8)],
                     loc=loc).results[0]


def i8_to_i4(rw, loc, v):
    """Truncates i8 elements to i4: byte pairs deinterleaved, merged as low | high << 4,
    bitcast back to i4."""
    half = _with_elem(v.type, I8, v.type.shape[-1] // 2)
    d = rw.create("vector.deinterleave", [v], [half, half], loc=loc)
    low = _binary(rw, loc, "arith.andi", d.results[0], _const(rw, loc, half, [15]))
    high = _binary(rw, loc, "arith.shli", d.results[1], _const(rw, loc, half, [4]))
    merged = _binary(rw, loc, "arith.ori", low, high)
    return rw.create("vector.bitcast", [merged], [_with_elem(v.type, I4)],
                     loc=loc).results[0]


class RewriteAlignedSubByteIntExt(RewritePattern):
    """extsi / sitofp / extui of i4 vectors to byte-multiple elements."""
    benefit = 2

    def __init__(self, root, signed):
        super().__init__(root)
        self.signed = signed

    def match_and_rewrite(self, op, rw):
        src = op.operands[0]
        out = op.results[0].type
        if not _byte_multiple(out) or not _aligned_i4(src.type, out):
            return False
        wide = i4_to_i8(rw, op.loc, src, self.signed)
        if wide.type == out:  # an i4 -> i8 extension needs no second step
            rw.replace_op(op, [wide])
        else:
            rw.replace_op_with_new_op(op, op.name, [wide], [out])
        return True


class RewriteAlignedSubByteIntTrunc(RewritePattern):
    root = "arith.trunci"
    benefit = 2

    def match_and_rewrite(self, op, rw):
        src = op.operands[0]
        out = op.results[0].type
        if not _byte_multiple(src.type) or not _aligned_i4(out, src.type):
            return False
        loc = op.loc
        if src.type.element_type != I8:
            src = rw.create("arith.trunci", [src], [_with_elem(src.type, I8)],
                            loc=loc).results[0]
        rw.replace_op(op, [i8_to_i4(rw, loc, src)])
        return True


class RewriteSubByteTranspose(RewritePattern):
    """A transpose of sub-byte signless integers done on i8s (the sign extension is
    arbitrary: the elements are truncated back)."""
    root = "vector.transpose"

    def match_and_rewrite(self, op, rw):
        st = op.vector.type
        et = st.element_type
        if not (isinstance(et, IntegerType) and et.is_signless and et.width < 8):
            return False
        loc = op.loc
        ext = rw.create("arith.extsi", [op.vector], [_with_elem(st, I8)], loc=loc).results[0]
        rt = op.results[0].type
        t = rw.create("vector.transpose", [ext], [_with_elem(rt, I8)],
                      properties={"permutation": op.properties["permutation"]},
                      loc=loc).results[0]
        rw.replace_op_with_new_op(op, "arith.trunci", [t], [rt])
        return True


def narrow_type_patterns():
    return [RewriteBitCastOfTruncI(), RewriteExtOfBitCast("arith.extui"),
            RewriteExtOfBitCast("arith.extsi"),
            RewriteAlignedSubByteIntExt("arith.extsi", True),
            RewriteAlignedSubByteIntExt("arith.sitofp", True),
            RewriteAlignedSubByteIntTrunc(),
            RewriteAlignedSubByteIntExt("arith.extui", False)]


def transpose_narrow_type_patterns():
    return [RewriteSubByteTranspose()]
