"""`convert-index-to-llvm`: index dialect ops become LLVM dialect ops on integers of the index
bitwidth. Arithmetic is 1:1; the rounding divisions expand into selects over plain divisions;
casts become trunc/sext/zext (or nothing when the widths agree); sizeof is a constant.
"""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import I1, I64
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.type_converter import USE_OPAQUE_POINTERS
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.pattern import ConvertOpToLLVMPattern, vector_patterns
from passes.conversion.llvm_common.target import LLVMConversionTarget
from passes.conversion.llvm_common.type_converter import LLVMTypeConverter, LowerToLLVMOptions

ONE_TO_ONE = {
    "index.add": "llvm.add", "index.sub": "llvm.sub", "index.mul": "llvm.mul",
    "index.divs": "llvm.sdiv", "index.divu": "llvm.udiv",
    "index.rems": "llvm.srem", "index.remu": "llvm.urem",
    "index.maxs": "llvm.intr.smax", "index.maxu": "llvm.intr.umax",
    "index.mins": "llvm.intr.smin", "index.minu": "llvm.intr.umin",
    "index.shl": "llvm.shl", "index.shrs": "llvm.ashr", "index.shru": "llvm.lshr",
    "index.and": "llvm.and", "index.or": "llvm.or", "index.xor": "llvm.xor",
    "index.bool.constant": "llvm.mlir.constant",
}

# LLVM's icmp predicates number eq, ne, slt, ... as index.cmp does.
EQ, NE, SLT, SGT = 0, 1, 2, 4


class _Emitter:
    """Builds the integer expansions of the rounding divisions at the rewriter's insertion
    point, on operands of type `t`."""

    def __init__(self, rw, t, loc):
        self.rw, self.t, self.loc = rw, t, loc

    def const(self, v):
        return B.constant(self.rw, self.t, v, self.loc, attr_type=None)

    def op(self, name, *args):
        return B.binary(self.rw, name, args[0], args[1], self.loc)

    def icmp(self, pred, a, b):
        return B.create(self.rw, "llvm.icmp", [a, b], [I1],
                        properties={"predicate": IntegerAttr(I64, pred)},
                        loc=self.loc).results[0]

    def select(self, c, a, b):
        return B.create(self.rw, "llvm.select", [c, a, b], [a.type], loc=self.loc).results[0]


def ceildivs(e, n, m):
    """x = m > 0 ? -1 : 1; n and m of one sign and n != 0 ? (n + x) / m + 1 : -(-n / m)."""
    zero, one, minus_one = e.const(0), e.const(1), e.const(-1)
    m_pos = e.icmp(SGT, m, zero)
    x = e.select(m_pos, minus_one, one)
    pos = e.op("llvm.add", e.op("llvm.sdiv", e.op("llvm.add", n, x), m), one)
    neg = e.op("llvm.sub", zero, e.op("llvm.sdiv", e.op("llvm.sub", zero, n), m))
    same_sign = e.icmp(EQ, e.icmp(SGT, n, zero), m_pos)
    use_pos = e.op("llvm.and", same_sign, e.icmp(NE, n, zero))
    return e.select(use_pos, pos, neg)


def ceildivu(e, n, m):
    """n == 0 ? 0 : (n - 1) / m + 1."""
    zero, one = e.const(0), e.const(1)
    res = e.op("llvm.add", e.op("llvm.udiv", e.op("llvm.sub", n, one), m), one)
    return e.select(e.icmp(EQ, n, zero), zero, res)


def floordivs(e, n, m):
    """x = m < 0 ? 1 : -1; signs differ and n != 0 ? -1 - (x - n) / m : n / m."""
    zero, one, minus_one = e.const(0), e.const(1), e.const(-1)
    m_neg = e.icmp(SLT, m, zero)
    x = e.select(m_neg, one, minus_one)
    neg = e.op("llvm.sub", minus_one, e.op("llvm.sdiv", e.op("llvm.sub", x, n), m))
    pos = e.op("llvm.sdiv", n, m)
    diff_sign = e.icmp(NE, e.icmp(SLT, n, zero), m_neg)
    use_neg = e.op("llvm.and", diff_sign, e.icmp(NE, n, zero))
    return e.select(use_neg, neg, pos)


class RoundingDivLowering(ConvertOpToLLVMPattern):
    def __init__(self, tc, root, expand):
        super().__init__(tc, root)
        self.expand = expand

    def match_and_rewrite(self, op, adaptor, rw):
        n, m = list(adaptor)
        rw.replace_op(op, [self.expand(_Emitter(rw, n.type, op.loc), n, m)])
        return True


class CastLowering(ConvertOpToLLVMPattern):
    """casts/castu: nothing when the types agree after conversion, else trunc or sext/zext."""

    def __init__(self, tc, root, ext):
        super().__init__(tc, root)
        self.ext = ext

    def match_and_rewrite(self, op, adaptor, rw):
        value = adaptor[0]
        out = self.tc.convert_type(op.results[0].type)
        if value.type == out:
            rw.replace_op(op, [value])
            return True
        name = "llvm.trunc" if value.type.width > out.width else self.ext
        rw.replace_op(op, [B.create(rw, name, [value], [out], loc=op.loc).results[0]])
        return True


class CmpLowering(ConvertOpToLLVMPattern):
    root = "index.cmp"

    def match_and_rewrite(self, op, adaptor, rw):
        pred = IntegerAttr(I64, op.properties["pred"].value)
        rw.replace_op(op, [B.create(rw, "llvm.icmp", list(adaptor), [I1],
                                    properties={"predicate": pred}, loc=op.loc).results[0]])
        return True


class SizeOfLowering(ConvertOpToLLVMPattern):
    root = "index.sizeof"

    def match_and_rewrite(self, op, adaptor, rw):
        t = self.index_type
        rw.replace_op(op, [B.constant(rw, t, t.width, op.loc, attr_type=None)])
        return True


class ConstantLowering(ConvertOpToLLVMPattern):
    """The value truncated to the index bitwidth (as a signed value of that width)."""
    root = "index.constant"

    def match_and_rewrite(self, op, adaptor, rw):
        t = self.index_type
        w = t.width
        v = op.properties["value"].value & ((1 << w) - 1)
        if v >= 1 << (w - 1):
            v -= 1 << w
        rw.replace_op(op, [B.constant(rw, t, v, op.loc, attr_type=None)])
        return True


def populate_index_to_llvm(target, tc, patterns):
    patterns += vector_patterns(tc, ONE_TO_ONE)
    patterns += [
        RoundingDivLowering(tc, "index.ceildivs", ceildivs),
        RoundingDivLowering(tc, "index.ceildivu", ceildivu),
        RoundingDivLowering(tc, "index.floordivs", floordivs),
        CastLowering(tc, "index.casts", "llvm.sext"),
        CastLowering(tc, "index.castu", "llvm.zext"),
        CmpLowering(tc), SizeOfLowering(tc), ConstantLowering(tc),
    ]


register("index", populate_index_to_llvm)


@register_pass("convert-index-to-llvm", "Lower the `index` dialect to the `llvm` dialect.",
               options=[PassOption("index-bitwidth", int, 0, "Bitwidth of the index type, 0 to "
                                   "use size of machine word"), USE_OPAQUE_POINTERS],
               display_name="ConvertIndexToLLVMPass")
def convert_index_to_llvm(op, ctx, options):
    # Upstream builds these options without a data layout: a DLTI index width is not read.
    tc = LLVMTypeConverter(LowerToLLVMOptions(
        options.get("index-bitwidth") or 64,
        use_opaque_pointers=options.get("use-opaque-pointers", True)))
    target = LLVMConversionTarget(ctx)
    target.add_illegal_dialect("index")
    patterns = []
    populate_index_to_llvm(target, tc, patterns)
    return unchanged_unless(apply_partial_conversion(op, target, patterns, ctx))
