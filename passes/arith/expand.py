"""`arith-expand`: arith ops that have no direct LLVM counterpart (ceil/floor division, integer
min/max, IEEE min/max) rewritten into simpler arith ops, and optionally bf16 <-> f32 casts as
integer bit manipulation. Each expansion emits its ops in the order mlir-opt 19 does, because
tests check the sequence. Run by the dialect conversion driver, so an op with constant operands
is folded instead of expanded."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, IntegerAttr
from pyopt.dialects.arith.support import i1_same_shape
from pyopt.ir.types import BF16, F32, I16, I32, I64, ShapedType, element_type_or_self
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.types import with_element_type as _like

# arith.cmpi / arith.cmpf predicate numbers
EQ, NE, SLT, SGT, ULT, UGT = 0, 1, 2, 4, 6, 8
F_ULT, F_UGT, F_UNE, F_UNO = 11, 9, 13, 14


class _B:
    """Creates arith ops before the op being expanded, at its location."""
    __slots__ = ("rw", "loc")

    def __init__(self, rw, op):
        self.rw, self.loc = rw, op.loc

    def op(self, name, operands, type_, props=None):
        return self.rw.create(name, list(operands), [type_], properties=props,
                              loc=self.loc).results[0]

    def const(self, type_, value):
        """An integer constant of `type_` (a splat for vectors and tensors)."""
        et = element_type_or_self(type_)
        attr = IntegerAttr(et, value)
        if isinstance(type_, ShapedType):
            attr = DenseElementsAttr(type_, [attr.value])
        return self.op("arith.constant", [], type_, {"value": attr})

    def bin(self, name, a, b):
        return self.op("arith." + name, [a, b], a.type)

    def cmpi(self, pred, a, b):
        return self.op("arith.cmpi", [a, b], i1_same_shape(a.type), {"predicate": IntegerAttr(I64, pred)})

    def cmpf(self, pred, a, b):
        return self.op("arith.cmpf", [a, b], i1_same_shape(a.type), {"predicate": IntegerAttr(I64, pred)})

    def select(self, c, a, b):
        return self.op("arith.select", [c, a, b], a.type)

    def cast(self, name, v, type_):
        return self.op("arith." + name, [v], type_)



def _ceildivui(op, rw):
    b = _B(rw, op)
    x, y = op.lhs, op.rhs
    zero = b.const(x.type, 0)
    is_zero = b.cmpi(EQ, x, zero)
    one = b.const(x.type, 1)
    q = b.bin("divui", b.bin("subi", x, one), y)
    rw.replace_op(op, [b.select(is_zero, zero, b.bin("addi", q, one))])
    return True


def _ceildivsi(op, rw):
    b = _B(rw, op)
    x, y = op.lhs, op.rhs
    t = x.type
    one, zero, minus_one = b.const(t, 1), b.const(t, 0), b.const(t, -1)
    nudge = b.select(b.cmpi(SGT, y, zero), minus_one, one)
    pos = b.bin("addi", one, b.bin("divsi", b.bin("addi", nudge, x), y))
    neg = b.bin("subi", zero, b.bin("divsi", b.bin("subi", zero, x), y))
    x_neg, x_pos = b.cmpi(SLT, x, zero), b.cmpi(SGT, x, zero)
    y_neg, y_pos = b.cmpi(SLT, y, zero), b.cmpi(SGT, y, zero)
    same_sign = b.bin("ori", b.bin("andi", x_neg, y_neg), b.bin("andi", x_pos, y_pos))
    rw.replace_op(op, [b.select(same_sign, pos, neg)])
    return True


def _floordivsi(op, rw):
    b = _B(rw, op)
    x, y = op.lhs, op.rhs
    q = b.bin("divsi", x, y)
    inexact = b.cmpi(NE, x, b.bin("muli", q, y))
    zero = b.const(x.type, 0)
    opposite = b.cmpi(NE, b.cmpi(SLT, x, zero), b.cmpi(SLT, y, zero))
    cond = b.bin("andi", inexact, opposite)
    q_minus_one = b.bin("addi", q, b.const(x.type, -1))
    rw.replace_op(op, [b.select(cond, q_minus_one, q)])
    return True


def _int_min_max(pred):
    def lower(op, rw):
        b = _B(rw, op)
        x, y = op.lhs, op.rhs
        rw.replace_op(op, [b.select(b.cmpi(pred, x, y), x, y)])
        return True
    return lower


def _float_min_max(pred, nan_check_rhs):
    """maximumf/minimumf propagate a NaN rhs; maxnumf/minnumf return rhs for a NaN lhs."""
    def lower(op, rw):
        b = _B(rw, op)
        x, y = op.lhs, op.rhs
        sel = b.select(b.cmpf(pred, x, y), x, y)
        v = y if nan_check_rhs else x
        rw.replace_op(op, [b.select(b.cmpf(F_UNO, v, v), y, sel)])
        return True
    return lower


def _is_bf16_to_f32(op):
    return element_type_or_self(op.in_.type) is BF16 and \
        element_type_or_self(op.results[0].type) is F32


def _is_f32_to_bf16(op):
    return element_type_or_self(op.in_.type) is F32 and \
        element_type_or_self(op.results[0].type) is BF16


def _extf_bf16(op, rw):
    if not _is_bf16_to_f32(op):
        return rw.notify_match_failure(op, "not a ext of bf16 to f32.")
    b = _B(rw, op)
    x = op.in_
    i16, i32 = _like(x.type, I16), _like(x.type, I32)
    wide = b.cast("extui", b.cast("bitcast", x, i16), i32)
    shifted = b.bin("shli", wide, b.const(i32, 16))
    rw.replace_op(op, [b.cast("bitcast", shifted, op.results[0].type)])
    return True


def _truncf_bf16(op, rw):
    if not _is_f32_to_bf16(op):
        return rw.notify_match_failure(op, "not a trunc of f32 to bf16.")
    if op.get_attr("roundingmode") is not None:
        return rw.notify_match_failure(op, "only applicable to default rounding mode.")
    b = _B(rw, op)
    x = op.in_
    i16, i32 = _like(x.type, I16), _like(x.type, I32)
    is_nan = b.cmpf(F_UNE, x, x)
    c7fff = b.const(i32, 0x7FFF)
    quiet_nan = b.const(i16, 0x7FC0)
    c16 = b.const(i32, 16)
    c1 = b.const(i32, 1)
    bits = b.cast("bitcast", x, i32)
    # round to nearest even: bias 0x7fff, or 0x8000 when bit 16 is set; a carry into the
    # exponent is the correct rounding
    bit16 = b.bin("andi", b.bin("shrui", bits, c16), c1)
    biased = b.bin("addi", bits, b.bin("addi", bit16, c7fff))
    rounded = b.cast("trunci", b.bin("shrui", biased, c16), i16)
    sel = b.select(is_nan, quiet_nan, rounded)
    rw.replace_op(op, [b.cast("bitcast", sel, op.results[0].type)])
    return True


EXPANSIONS = {
    "arith.ceildivsi": _ceildivsi,
    "arith.ceildivui": _ceildivui,
    "arith.floordivsi": _floordivsi,
    "arith.maxsi": _int_min_max(SGT),
    "arith.maxui": _int_min_max(UGT),
    "arith.minsi": _int_min_max(SLT),
    "arith.minui": _int_min_max(ULT),
    "arith.maximumf": _float_min_max(F_UGT, nan_check_rhs=True),
    "arith.minimumf": _float_min_max(F_ULT, nan_check_rhs=True),
    "arith.maxnumf": _float_min_max(F_UGT, nan_check_rhs=False),
    "arith.minnumf": _float_min_max(F_ULT, nan_check_rhs=False),
}
BF16_EXPANSIONS = {"arith.extf": _extf_bf16, "arith.truncf": _truncf_bf16}


@register_pass("arith-expand", "Legalize Arith ops to be convertible to LLVM.",
               display_name="ArithExpandOpsPass",
               options=[PassOption("include-bf16", bool, False,
                                   "Enable the BF16 expansion patterns")])
def arith_expand(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith")
    target.add_illegal_op(*EXPANSIONS)
    table = dict(EXPANSIONS)
    if options["include-bf16"]:
        table.update(BF16_EXPANSIONS)
        target.add_dynamically_legal_op(["arith.extf"], lambda o: not _is_bf16_to_f32(o))
        target.add_dynamically_legal_op(["arith.truncf"], lambda o: not _is_f32_to_bf16(o))
    patterns = [RewritePattern(root, 1, fn, fn.__name__) for root, fn in table.items()]
    apply_partial_conversion(op, target, patterns, ctx)
