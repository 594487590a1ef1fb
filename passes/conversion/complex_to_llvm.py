"""`convert-complex-to-llvm`: complex numbers become `!llvm.struct<(T, T)>` {re, im};
create/re/im/constant build and read the struct, add/sub/mul/div/abs compute on its fields
with the op's fastmath flags (div by the plain textbook formula, abs as sqrt(re^2 + im^2)).
Other complex ops are left to convert-complex-to-standard and fail to legalize here.
"""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import apply_partial_conversion

from passes.conversion.llvm_common import (ConvertOpToLLVMPattern, LLVMConversionTarget,
                                           LLVMTypeConverter, LowerToLLVMOptions,
                                           one_to_one_rewrite)
from passes.conversion.llvm_common.type_converter import USE_OPAQUE_POINTERS
from passes.conversion.llvm_common import builders as B
from passes.conversion.llvm_common.interface import register
from passes.conversion.llvm_common.pattern import llvm_fastmath

RE, IM = 0, 1


def _parts(rw, value, loc):
    return B.extractvalue(rw, value, RE, loc), B.extractvalue(rw, value, IM, loc)


class _Lowering(ConvertOpToLLVMPattern):
    """A complex op whose lowering is `lower(self, op, operands, rw)` -> replacement value."""

    def __init__(self, tc, root, lower):
        super().__init__(tc, root)
        self.lower = lower

    def match_and_rewrite(self, op, adaptor, rw):
        rw.replace_op(op, [self.lower(self, op, list(adaptor), rw)])
        return True

    def struct(self, rw, op, re, im):
        s = B.undef(rw, self.tc.convert_type(op.results[0].type), op.loc)
        return B.insertvalue(rw, B.insertvalue(rw, s, re, RE, op.loc), im, IM, op.loc)


class _Arith:
    """Creates LLVM float ops at one location with one set of fastmath flags."""
    __slots__ = ("rw", "loc", "props")

    def __init__(self, rw, op):
        self.rw, self.loc = rw, op.loc
        self.props = {"fastmathFlags": llvm_fastmath(op.properties.get("fastmath"))}

    def __call__(self, name, a, b):
        return B.create(self.rw, "llvm." + name, [a, b], [a.type], properties=self.props,
                        loc=self.loc).results[0]


class _ConstantLowering(ConvertOpToLLVMPattern):
    """The [re, im] array attribute is a valid llvm.mlir.constant value for the struct."""
    root = "complex.constant"

    def match_and_rewrite(self, op, adaptor, rw):
        return one_to_one_rewrite(op, "llvm.mlir.constant", [], dict(op.properties),
                                  dict(op.attributes), self.tc, rw)


def _create(self, op, operands, rw):
    return self.struct(rw, op, operands[0], operands[1])


def _re(self, op, operands, rw):
    return B.extractvalue(rw, operands[0], RE, op.loc)


def _im(self, op, operands, rw):
    return B.extractvalue(rw, operands[0], IM, op.loc)


def _abs(self, op, operands, rw):
    re, im = _parts(rw, operands[0], op.loc)
    f = _Arith(rw, op)
    norm = f("fadd", f("fmul", re, re), f("fmul", im, im))
    return B.create(rw, "llvm.intr.sqrt", [norm], [norm.type], loc=op.loc).results[0]


def _binary(compute):
    """Lowering of a binary op: both operands unpacked, an undef result struct, then
    `compute(f, (lhs re, lhs im), (rhs re, rhs im), set)` emits the arithmetic."""
    def lower(self, op, operands, rw):
        loc = op.loc
        lhs = _parts(rw, operands[0], loc)
        rhs = _parts(rw, operands[1], loc)
        result = [B.undef(rw, self.tc.convert_type(op.results[0].type), loc)]

        def set_field(pos, v):
            result[0] = B.insertvalue(rw, result[0], v, pos, loc)
        compute(_Arith(rw, op), lhs, rhs, set_field)
        return result[0]
    return lower


def _add(f, a, b, set_field):
    re, im = f("fadd", a[RE], b[RE]), f("fadd", a[IM], b[IM])
    set_field(RE, re)
    set_field(IM, im)


def _sub(f, a, b, set_field):
    re, im = f("fsub", a[RE], b[RE]), f("fsub", a[IM], b[IM])
    set_field(RE, re)
    set_field(IM, im)


def _mul(f, a, b, set_field):
    re = f("fsub", f("fmul", b[RE], a[RE]), f("fmul", b[IM], a[IM]))
    im = f("fadd", f("fmul", a[IM], b[RE]), f("fmul", a[RE], b[IM]))
    set_field(RE, re)
    set_field(IM, im)


def _div(f, a, b, set_field):
    norm = f("fadd", f("fmul", b[RE], b[RE]), f("fmul", b[IM], b[IM]))
    re = f("fadd", f("fmul", a[RE], b[RE]), f("fmul", a[IM], b[IM]))
    im = f("fsub", f("fmul", a[IM], b[RE]), f("fmul", a[RE], b[IM]))
    set_field(RE, f("fdiv", re, norm))
    set_field(IM, f("fdiv", im, norm))


LOWERINGS = {
    "complex.abs": _abs, "complex.add": _binary(_add),
    "complex.create": _create, "complex.div": _binary(_div), "complex.im": _im,
    "complex.mul": _binary(_mul), "complex.re": _re, "complex.sub": _binary(_sub),
}


def complex_to_llvm_patterns(tc):
    return [_ConstantLowering(tc)] + [_Lowering(tc, root, lower)
                                      for root, lower in LOWERINGS.items()]


def populate(target, tc, patterns):
    patterns.extend(complex_to_llvm_patterns(tc))


register("complex", populate)


@register_pass("convert-complex-to-llvm", "Convert Complex dialect to LLVM dialect",
               display_name="ConvertComplexToLLVMPass", options=[USE_OPAQUE_POINTERS])
def convert_complex_to_llvm(op, ctx, options):
    tc = LLVMTypeConverter(LowerToLLVMOptions(
        64, use_opaque_pointers=options.get("use-opaque-pointers", True)))
    target = LLVMConversionTarget(ctx)
    target.add_illegal_dialect("complex")
    apply_partial_conversion(op, target, complex_to_llvm_patterns(tc), ctx)
