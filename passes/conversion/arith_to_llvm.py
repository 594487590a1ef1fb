"""`convert-arith-to-llvm`: arith ops become LLVM dialect ops.

Most ops are one line in a table (`arith.addf` -> `llvm.fadd`), lowered 1:1 with n-D vectors
unrolled into 1-D slices; the table's attribute converter carries fastmath and overflow flags
over into the LLVM op's properties. Comparisons, index casts, extended arithmetic and the
rounding-mode truncf are small patterns of their own. Ops that do not lower (ceildivsi, ops on
tensors, ...) are left alone: the target only makes the llvm dialect legal.
"""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, IntegerAttr
from pyopt.ir.types import I64, IntegerType, VectorType
from pyopt.pass_registry import PassOption, register_pass, unchanged_unless
from pyopt.rewrite.conversion import apply_partial_conversion
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.attrs import IntegerOverflowFlagsAttr
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.type_converter import USE_OPAQUE_POINTERS
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.pattern import (ConvertOpToLLVMPattern,
                                                   VectorConvertToLLVMPattern, convert_fastmath,
                                                   llvm_fastmath, pass_through,
                                                   unroll_nd_vector, vector_patterns)
from passes.conversion.llvm_common.target import LLVMConversionTarget
from passes.conversion.llvm_common.type_converter import LLVMTypeConverter, LowerToLLVMOptions

# -- attribute conversion (ArithCommon; fastmath is shared with other dialects in llvm_common)
# arith.truncf rounding mode -> LLVM RoundingMode
_ROUNDING = {0: 1, 1: 3, 2: 2, 3: 0, 4: 4}
_FP_EXCEPTIONS_IGNORE = IntegerAttr(I64, 0)


def _all_attrs(op):
    return {**op.properties, **op.attributes}


def overflow_to_llvm(op):
    """The source's `overflowFlags` (nsw/nuw share their bits) become the target's."""
    attrs = _all_attrs(op)
    ovf = attrs.pop("overflowFlags", None)
    props = {"overflowFlags": IntegerOverflowFlagsAttr(ovf.value)} \
        if ovf is not None and ovf.value else {}
    return props, attrs


def constrained_fp_to_llvm(op):
    """Rounding mode translated, the default exception behaviour (ignore) added."""
    attrs = _all_attrs(op)
    mode = attrs.pop("roundingmode")
    return {"roundingmode": IntegerAttr(I64, _ROUNDING[mode.value]),
            "fpExceptionBehavior": _FP_EXCEPTIONS_IGNORE}, attrs


# -- the 1:1 tables -----------------------------------------------------------------------------
PLAIN = {
    "arith.andi": "llvm.and", "arith.ori": "llvm.or", "arith.xori": "llvm.xor",
    "arith.bitcast": "llvm.bitcast", "arith.divsi": "llvm.sdiv", "arith.divui": "llvm.udiv",
    "arith.remsi": "llvm.srem", "arith.remui": "llvm.urem",
    "arith.extf": "llvm.fpext", "arith.extsi": "llvm.sext", "arith.extui": "llvm.zext",
    "arith.fptosi": "llvm.fptosi", "arith.fptoui": "llvm.fptoui",
    "arith.sitofp": "llvm.sitofp", "arith.uitofp": "llvm.uitofp",
    "arith.maxsi": "llvm.intr.smax", "arith.maxui": "llvm.intr.umax",
    "arith.minsi": "llvm.intr.smin", "arith.minui": "llvm.intr.umin",
    "arith.select": "llvm.select", "arith.shrsi": "llvm.ashr", "arith.shrui": "llvm.lshr",
    "arith.trunci": "llvm.trunc",
}
FASTMATH = {
    "arith.addf": "llvm.fadd", "arith.subf": "llvm.fsub", "arith.mulf": "llvm.fmul",
    "arith.divf": "llvm.fdiv", "arith.remf": "llvm.frem", "arith.negf": "llvm.fneg",
    "arith.maximumf": "llvm.intr.maximum", "arith.maxnumf": "llvm.intr.maxnum",
    "arith.minimumf": "llvm.intr.minimum", "arith.minnumf": "llvm.intr.minnum",
}
OVERFLOW = {
    "arith.addi": "llvm.add", "arith.subi": "llvm.sub", "arith.muli": "llvm.mul",
    "arith.shli": "llvm.shl",
}


class TruncFLowering(VectorConvertToLLVMPattern):
    """arith.truncf without a rounding mode -> llvm.fptrunc; with one -> the constrained
    intrinsic (each pattern matches only its own case)."""

    def __init__(self, tc, constrained):
        if constrained:
            super().__init__(tc, "arith.truncf", "llvm.intr.experimental.constrained.fptrunc",
                             constrained_fp_to_llvm)
        else:
            super().__init__(tc, "arith.truncf", "llvm.fptrunc", pass_through)
        self.constrained = constrained

    def match_and_rewrite(self, op, adaptor, rw):
        if self.constrained != (op.properties.get("roundingmode") is not None):
            return False
        return super().match_and_rewrite(op, adaptor, rw)


# -- custom patterns ------------------------------------------------------------------------------
class ConstantLowering(ConvertOpToLLVMPattern):
    root = "arith.constant"

    def match_and_rewrite(self, op, adaptor, rw):
        t = self.tc.convert_type(op.results[0].type)
        if t is None:
            return False
        new = B.create(rw, "llvm.mlir.constant", [], [t], attributes=_all_attrs(op), loc=op.loc)
        rw.replace_op(op, [new.results[0]])
        return True


def _int_width(t):
    return t.width if type(t) is IntegerType else None


def _elem(t):
    return t.element_type if isinstance(t, VectorType) else t


class IndexCastLowering(ConvertOpToLLVMPattern):
    """index_cast / index_castui: nothing when the widths agree after conversion, else trunc
    or sext/zext."""

    def __init__(self, tc, root, ext):
        super().__init__(tc, root)
        self.ext = ext

    def match_and_rewrite(self, op, adaptor, rw):
        result_type = op.results[0].type
        target = self.tc.convert_type(_elem(result_type))
        source = self.tc.convert_type(_elem(op.in_.type))
        if target is None or source is None:
            return False
        tbits, sbits = _int_width(target), _int_width(source)
        value = adaptor[0]
        if tbits == sbits:
            rw.replace_op(op, [value])
            return True
        name = "llvm.trunc" if tbits < sbits else self.ext
        if type(value.type) is not lt.LLVMArrayType:
            t = self.tc.convert_type(result_type)
            rw.replace_op(op, [B.create(rw, name, [value], [t], loc=op.loc).results[0]])
            return True
        if not isinstance(result_type, VectorType):
            return False
        return unroll_nd_vector(
            op, [value], self.tc, rw,
            lambda vt, parts: B.create(rw, name, parts, [vt], loc=op.loc).results[0])


class CmpLowering(ConvertOpToLLVMPattern):
    """cmpi/cmpf: the predicates share their numbering with LLVM's; cmpf's fastmath flags
    become the fcmp's. Other attributes are dropped."""

    def __init__(self, tc, root, target):
        super().__init__(tc, root)
        self.target = target

    def match_and_rewrite(self, op, adaptor, rw):
        props = {"predicate": IntegerAttr(I64, op.properties["predicate"].value)}
        if self.target == "llvm.fcmp":
            props["fastmathFlags"] = llvm_fastmath(op.properties.get("fastmath"))
        operands = list(adaptor)
        result_type = op.results[0].type
        if type(operands[0].type) is not lt.LLVMArrayType:
            t = self.tc.convert_type(result_type)
            if t is None:
                return False
            rw.replace_op(op, [B.create(rw, self.target, operands, [t], properties=props,
                                        loc=op.loc).results[0]])
            return True
        if not isinstance(result_type, VectorType):
            return False
        return unroll_nd_vector(
            op, operands, self.tc, rw,
            lambda vt, parts: B.create(rw, self.target, parts, [vt], properties=props,
                                       loc=op.loc).results[0])


class AddUIExtendedLowering(ConvertOpToLLVMPattern):
    """addui_extended -> llvm.intr.uadd.with.overflow and two extractvalues (scalars and 1-D
    vectors only)."""
    root = "arith.addui_extended"

    def match_and_rewrite(self, op, adaptor, rw):
        lhs, rhs = list(adaptor)
        if not lt.is_compatible_type(lhs.type) or type(lhs.type) is lt.LLVMArrayType:
            return False
        overflow = self.tc.convert_type(op.results[1].type)
        struct = lt.literal_struct([op.results[0].type, overflow])
        res = B.create(rw, "llvm.intr.uadd.with.overflow", [lhs, rhs], [struct],
                       loc=op.loc).results[0]
        rw.replace_op(op, [B.extractvalue(rw, res, 0, op.loc),
                           B.extractvalue(rw, res, 1, op.loc)])
        return True


class MulIExtendedLowering(ConvertOpToLLVMPattern):
    """mulsi/mului_extended: multiply in twice the width (sign- or zero-extended operands),
    the low half by truncation, the high half by a shift first (scalars and 1-D vectors)."""

    def __init__(self, tc, root, ext):
        super().__init__(tc, root)
        self.ext = ext

    def match_and_rewrite(self, op, adaptor, rw):
        lhs, rhs = list(adaptor)
        t = lhs.type
        if not lt.is_compatible_type(t) or type(t) is lt.LLVMArrayType:
            return False
        loc = op.loc
        if type(t) is IntegerType:
            wide = IntegerType(2 * t.width)
            shift = IntegerAttr(wide, t.width)
        else:
            width = t.element_type.width
            wide = VectorType(t.shape, IntegerType(2 * width))
            shift = DenseElementsAttr(wide, [width], True)
        lhs_ext = B.create(rw, self.ext, [lhs], [wide], loc=loc).results[0]
        rhs_ext = B.create(rw, self.ext, [rhs], [wide], loc=loc).results[0]
        product = B.binary(rw, "llvm.mul", lhs_ext, rhs_ext, loc)
        low = B.create(rw, "llvm.trunc", [product], [t], loc=loc).results[0]
        amount = B.constant(rw, wide, shift, loc)
        high_wide = B.binary(rw, "llvm.lshr", product, amount, loc)
        high = B.create(rw, "llvm.trunc", [high_wide], [t], loc=loc).results[0]
        rw.replace_op(op, [low, high])
        return True


def populate_arith_to_llvm(target, tc, patterns):
    patterns += vector_patterns(tc, PLAIN)
    patterns += vector_patterns(tc, FASTMATH, convert_fastmath)
    patterns += vector_patterns(tc, OVERFLOW, overflow_to_llvm)
    patterns += [
        TruncFLowering(tc, False), TruncFLowering(tc, True),
        ConstantLowering(tc),
        IndexCastLowering(tc, "arith.index_cast", "llvm.sext"),
        IndexCastLowering(tc, "arith.index_castui", "llvm.zext"),
        CmpLowering(tc, "arith.cmpi", "llvm.icmp"),
        CmpLowering(tc, "arith.cmpf", "llvm.fcmp"),
        AddUIExtendedLowering(tc),
        MulIExtendedLowering(tc, "arith.mulsi_extended", "llvm.sext"),
        MulIExtendedLowering(tc, "arith.mului_extended", "llvm.zext"),
    ]


register("arith", populate_arith_to_llvm)

INDEX_BITWIDTH = PassOption("index-bitwidth", int, 0,
                            "Bitwidth of the index type, 0 to use size of machine word")


@register_pass("convert-arith-to-llvm", "Convert Arith dialect to LLVM dialect",
               options=[INDEX_BITWIDTH, USE_OPAQUE_POINTERS],
               display_name="ArithToLLVMConversionPass")
def convert_arith_to_llvm(op, ctx, options):
    # Upstream builds these options without a data layout: a DLTI index width is not read.
    tc = LLVMTypeConverter(LowerToLLVMOptions(
        options.get("index-bitwidth") or 64,
        use_opaque_pointers=options.get("use-opaque-pointers", True)))
    target = LLVMConversionTarget(ctx)
    patterns = []
    populate_arith_to_llvm(target, tc, patterns)
    return unchanged_unless(apply_partial_conversion(op, target, patterns, ctx))
