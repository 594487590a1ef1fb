"""`arith-emulate-wide-int`: integers twice as wide as the widest supported width N become
`vector<2xiN>` pairs (low half first; `vector<...xi2N>` gains a trailing x2 dimension), and the
arith ops on them are rewritten into ops on the halves. Function signatures, calls and returns
follow the converted types. Runs on the dialect conversion driver: ops created over the original
wide values (min/max, shrsi, sitofp) are legalized in turn by the other patterns. Op order
matches mlir-opt 19, since tests check the emitted sequence."""
from __future__ import annotations

from pyopt.ir.attributes import (ArrayAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr,
                                 IntegerAttr)
from pyopt.ir.types import (I1, I64, INDEX, IntegerType, VectorType,
                            element_type_or_self)
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import (ConversionTarget, OpConversionPattern, TypeConverter,
                                      apply_partial_conversion)
from pyopt.rewrite.conversion.func_conversions import function_type_conversion_patterns
from pyopt.ir.diagnostics import Diagnostic, MLIRError

EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE = range(10)
_UNSIGNED = {SGE: UGE, SGT: UGT, SLE: ULE, SLT: ULT}


def _signed(v, width):
    v &= (1 << width) - 1
    return v - (1 << width) if width > 1 and v >> (width - 1) else v


def _halves(v, width):
    """(low, high) N-bit halves of a 2N-bit value, as signed ints (the printed form)."""
    return _signed(v, width), _signed(v >> width, width)


class WideIntConverter(TypeConverter):
    def __init__(self, max_width):
        super().__init__()
        self.max_width = max_width
        self.add_conversion(lambda t: t)  # everything else is legal as it is
        self.add_conversion(self._scalar)
        self.add_conversion(self._vector)
        self.add_function_type_conversion()

    def _narrow(self, width):
        """None: fine as is; an IntegerType: halves of that type; False: not handled here (as
    upstream, the identity conversion then applies: wider types stay, legal)."""
        if width <= self.max_width:
            return None
        return IntegerType(self.max_width) if width == 2 * self.max_width else False

    def _scalar(self, t):
        if type(t) is not IntegerType:
            return None
        n = self._narrow(t.width)
        if n is None:
            return t
        return None if n is False else VectorType([2], n)

    def _vector(self, t):
        if type(t) is not VectorType:
            return None
        et = t.element_type
        if type(et) is not IntegerType:
            return t
        n = self._narrow(et.width)
        if n is None:
            return t
        return None if n is False else VectorType(list(t.shape) + [2], n)

    def vector_of(self, t):
        """convertType<VectorType>: the converted type when it is a vector, else None."""
        r = self.convert_type(t)
        return r if type(r) is VectorType else None


# -- building blocks (the order of created ops is upstream's) ------------------------------------
class _B:
    __slots__ = ("rw", "loc")

    def __init__(self, rw, op):
        self.rw, self.loc = rw, op.loc

    def op(self, name, operands, types, props=None):
        o = self.rw.create(name, list(operands), list(types), properties=props, loc=self.loc)
        return o.results[0] if len(o.results) == 1 else o.results

    def const(self, t, value):
        """createScalarOrSplatConstant: an integer (or splat vector) constant of type `t`."""
        et = element_type_or_self(t)
        v = _signed(value, et.width) if type(et) is IntegerType else value
        attr = IntegerAttr(et, v)
        if type(t) is VectorType:
            attr = DenseElementsAttr(t, [attr.value])
        return self.op("arith.constant", [], [t], {"value": attr})

    def bin(self, name, a, b):
        return self.op("arith." + name, [a, b], [a.type])

    def cmpi(self, pred, a, b):
        t = a.type
        rt = VectorType(t.shape, I1, t.scalable_dims) if type(t) is VectorType else I1
        return self.op("arith.cmpi", [a, b], [rt], {"predicate": IntegerAttr(I64, pred)})

    def select(self, c, a, b):
        return self.op("arith.select", [c, a, b], [a.type])

    def cast(self, name, v, t):
        return self.op("arith." + name, [v], [t])

    def cast_or_fold(self, name, v, t):
        """createOrFold of a cast: a cast to the same type folds away."""
        return v if v.type is t else self.cast(name, v, t)

    # vector slicing along the last dimension
    def extract_last(self, v, offset):
        """Element `offset` of the last dimension: a scalar for 1-D vectors, else a slice with
        the last dimension reduced to 1."""
        shape = v.type.shape
        et = v.type.element_type
        if len(shape) == 1:
            return self.op("vector.extract", [v], [et],
                           {"static_position": DenseArrayAttr(I64, [offset])})
        offsets = [0] * len(shape)
        offsets[-1] = offset
        sizes = list(shape[:-1]) + [1]
        return self.op("vector.extract_strided_slice", [v], [VectorType(sizes, et)],
                       {"offsets": _i64s(offsets), "sizes": _i64s(sizes),
                        "strides": _i64s([1] * len(shape))})

    def halves(self, v):
        return self.extract_last(v, 0), self.extract_last(v, 1)

    def drop_x1(self, v):
        t = v.type
        if type(t) is not VectorType:
            return v
        return self.op("vector.shape_cast", [v], [VectorType(t.shape[:-1], t.element_type)])

    def append_x1(self, v):
        t = v.type
        if type(t) is not VectorType:
            return v
        return self.op("vector.shape_cast", [v],
                       [VectorType(list(t.shape) + [1], t.element_type)])

    def insert_last(self, src, dest, offset):
        if type(src.type) is IntegerType:
            return self.op("vector.insert", [src, dest], [dest.type],
                           {"static_position": DenseArrayAttr(I64, [offset])})
        n = len(dest.type.shape)
        offsets = [0] * n
        offsets[-1] = offset
        return self.op("vector.insert_strided_slice", [src, dest], [dest.type],
                       {"offsets": _i64s(offsets), "strides": _i64s([1] * n)})

    def result_vector(self, t, parts):
        v = self.const(t, 0)
        for i, p in enumerate(parts):
            v = self.insert_last(p, v, i)
        return v


def _i64s(values):
    return ArrayAttr([IntegerAttr(I64, v) for v in values])


def _component_type(t):
    """reduceInnermostDim: vector<3x2xiN> -> vector<3x1xiN>, vector<2xiN> -> iN."""
    if len(t.shape) == 1:
        return t.element_type
    return VectorType(list(t.shape[:-1]) + [1], t.element_type)


def _like(t, et):
    return VectorType(t.shape, et, t.scalable_dims) if type(t) is VectorType else et


def _is_index_like(t):
    return element_type_or_self(t) is INDEX


# -- patterns ---------------------------------------------------------------------------------------
class _Pattern(OpConversionPattern):
    """Subclasses implement `rewrite(op, operands, builder, new_type)`; `new_type` is the
    converted (vector) type of `self.typed(op)`, and the pattern fails without one."""

    def typed(self, op):
        return op.result_types[0]

    def match_and_rewrite(self, op, adaptor, rewriter):
        t = self.type_converter.vector_of(self.typed(op))
        if t is None:
            return rewriter.notify_match_failure(op, f"unsupported type")
        r = self.rewrite(op, list(adaptor), _B(rewriter, op), t)
        if r is False:
            return False
        if r is not None:
            rewriter.replace_op(op, [r])
        return True


class ConvertConstant(_Pattern):
    root = "arith.constant"

    def rewrite(self, op, operands, b, t):
        w = t.element_type.width
        attr = op.get_attr("value")
        if type(attr) is IntegerAttr:
            values = list(_halves(attr.value, w))
        elif type(attr) is DenseElementsAttr:
            values = [h for v in attr.all_values() for h in _halves(v, w)]
        else:
            return False
        return b.op("arith.constant", [], [t], {"value": DenseElementsAttr(t, values)})


class ConvertAddI(_Pattern):
    root = "arith.addi"

    def rewrite(self, op, operands, b, t):
        ct = _component_type(t)
        l0, l1 = b.halves(operands[0])
        r0, r1 = b.halves(operands[1])
        s, ovf = b.op("arith.addui_extended", [l0, r0], [l0.type, _like(l0.type, I1)])
        ovf = b.cast("extui", ovf, ct)
        hi = b.bin("addi", b.bin("addi", ovf, l1), r1)
        return b.result_vector(t, [s, hi])


class ConvertBitwise(_Pattern):
    def rewrite(self, op, operands, b, t):
        l0, l1 = b.halves(operands[0])
        r0, r1 = b.halves(operands[1])
        name = op.name.split(".", 1)[1]
        return b.result_vector(t, [b.bin(name, l0, r0), b.bin(name, l1, r1)])


class ConvertCmpI(_Pattern):
    root = "arith.cmpi"

    def typed(self, op):
        return op.lhs.type

    def rewrite(self, op, operands, b, t):
        pred = op.get_attr("predicate").value
        l0, l1 = b.halves(operands[0])
        r0, r1 = b.halves(operands[1])
        low = b.cmpi(_UNSIGNED.get(pred, pred), l0, r0)
        high = b.cmpi(pred, l1, r1)
        if pred == EQ:
            r = b.bin("andi", low, high)
        elif pred == NE:
            r = b.bin("ori", low, high)
        else:
            r = b.select(b.cmpi(EQ, l1, r1), low, high)
        return b.drop_x1(r)


class ConvertMulI(_Pattern):
    root = "arith.muli"

    def rewrite(self, op, operands, b, t):
        l0, l1 = b.halves(operands[0])
        r0, r1 = b.halves(operands[1])
        lo, hi = b.op("arith.mului_extended", [l0, r0], [l0.type, l0.type])
        lh = b.bin("muli", l0, r1)
        hl = b.bin("muli", l1, r0)
        return b.result_vector(t, [lo, b.bin("addi", b.bin("addi", hi, lh), hl)])


class ConvertExtSI(_Pattern):
    root = "arith.extsi"

    def rewrite(self, op, operands, b, t):
        ct = _component_type(t)
        ext = b.cast_or_fold("extsi", b.append_x1(operands[0]), ct)
        neg = b.cmpi(SLT, ext, b.const(ct, 0))
        return b.result_vector(t, [ext, b.cast("extsi", neg, ct)])


class ConvertExtUI(_Pattern):
    root = "arith.extui"

    def rewrite(self, op, operands, b, t):
        ct = _component_type(t)
        ext = b.cast_or_fold("extui", b.append_x1(operands[0]), ct)
        return b.insert_last(ext, b.const(t, 0), 0)


class ConvertMaxMin(_Pattern):
    PRED = {"arith.maxui": UGT, "arith.maxsi": SGT, "arith.minui": ULT, "arith.minsi": SLT}

    def rewrite(self, op, operands, b, t):
        lhs, rhs = op.lhs, op.rhs  # the original operands: cmpi and select
        b.rw.replace_op(op, [b.select(b.cmpi(self.PRED[op.name], lhs, rhs), lhs, rhs)])


class ConvertIndexCastToIndex(_Pattern):
    def typed(self, op):
        return op.in_.type

    def match_and_rewrite(self, op, adaptor, rewriter):
        if not _is_index_like(op.result_types[0]):
            return False
        return super().match_and_rewrite(op, adaptor, rewriter)

    def rewrite(self, op, operands, b, t):
        low = b.drop_x1(b.extract_last(operands[0], 0))
        b.rw.replace_op(op, [b.cast(op.name.split(".", 1)[1], low, op.result_types[0])])


class ConvertIndexCastFromIndex(_Pattern):
    EXT = {"arith.index_cast": "extsi", "arith.index_castui": "extui"}

    def match_and_rewrite(self, op, adaptor, rewriter):
        if not _is_index_like(op.in_.type):
            return False
        return super().match_and_rewrite(op, adaptor, rewriter)

    def rewrite(self, op, operands, b, t):
        rt = op.result_types[0]
        narrow = _like(rt, IntegerType(self.type_converter.max_width))
        v = b.cast(op.name.split(".", 1)[1], operands[0], narrow)
        b.rw.replace_op(op, [b.cast(self.EXT[op.name], v, rt)])


class ConvertSelect(_Pattern):
    root = "arith.select"

    def rewrite(self, op, operands, b, t):
        c, tv, fv = operands
        t0, t1 = b.halves(tv)
        f0, f1 = b.halves(fv)
        c = b.append_x1(c)
        return b.result_vector(t, [b.select(c, t0, f0), b.select(c, t1, f1)])


def _shift_setup(b, t, operands):
    ct = _component_type(t)
    w = t.element_type.width
    l0, l1 = b.halves(operands[0])
    r0 = b.extract_last(operands[1], 0)
    zero, bw = b.const(ct, 0), b.const(ct, w)
    return l0, l1, r0, zero, bw, b.cmpi(UGE, r0, bw)


class ConvertShLI(_Pattern):
    root = "arith.shli"

    def rewrite(self, op, operands, b, t):
        l0, l1, r0, zero, bw, big = _shift_setup(b, t, operands)
        res0 = b.select(big, zero, b.bin("shli", l0, r0))
        capped = b.select(big, bw, r0)
        right = b.bin("shrui", l0, b.bin("subi", bw, capped))
        left = b.bin("shli", l0, b.bin("subi", r0, bw))
        hi = b.select(big, zero, b.bin("shli", l1, r0))
        lo = b.select(big, left, right)
        return b.result_vector(t, [res0, b.bin("ori", lo, hi)])


class ConvertShRUI(_Pattern):
    root = "arith.shrui"

    def rewrite(self, op, operands, b, t):
        l0, l1, r0, zero, bw, big = _shift_setup(b, t, operands)
        lo = b.select(big, zero, b.bin("shrui", l0, r0))
        res1 = b.select(big, zero, b.bin("shrui", l1, r0))
        capped = b.select(big, bw, r0)
        left = b.bin("shli", l1, b.bin("subi", bw, capped))
        right = b.bin("shrui", l1, b.bin("subi", r0, bw))
        hi = b.select(big, right, left)
        return b.result_vector(t, [b.bin("ori", lo, hi), res1])


class ConvertShRSI(_Pattern):
    root = "arith.shrsi"

    def rewrite(self, op, operands, b, t):
        old = op.result_types[0]
        l1 = b.extract_last(operands[0], 1)
        r0 = b.extract_last(operands[1], 0)
        narrow = r0.type
        zero = b.const(narrow, 0)
        sign = b.drop_x1(b.cmpi(SLT, l1, zero))
        all_sign = b.cast("extsi", sign, old)
        keep = b.bin("subi", b.const(narrow, 2 * t.element_type.width), r0)
        keep = b.cast("extui", b.drop_x1(keep), old)
        sign_bits = b.bin("shli", all_sign, keep)
        lhs, rhs = op.lhs, op.rhs
        shrsi = b.bin("ori", b.bin("shrui", lhs, rhs), sign_bits)
        noop = b.drop_x1(b.cmpi(EQ, r0, zero))
        b.rw.replace_op(op, [b.select(noop, lhs, shrsi)])


class ConvertSIToFP(_Pattern):
    root = "arith.sitofp"

    def typed(self, op):
        return op.in_.type

    def rewrite(self, op, operands, b, t):
        x = op.in_
        old = x.type
        zero, one, ones = b.const(old, 0), b.const(old, 1), b.const(old, -1)
        neg = b.cmpi(SLT, x, zero)
        negated = b.bin("addi", b.bin("xori", x, ones), one)
        absv = b.select(neg, negated, x)
        rt = op.result_types[0]
        absf = b.cast("uitofp", absv, rt)
        negf = b.op("arith.negf", [absf], [rt])
        b.rw.replace_op(op, [b.select(neg, negf, absf)])


class ConvertUIToFP(_Pattern):
    root = "arith.uitofp"

    def typed(self, op):
        return op.in_.type

    def rewrite(self, op, operands, b, t):
        lo, hi = (b.drop_x1(v) for v in b.halves(operands[0]))
        hi_zero = b.cmpi(EQ, hi, b.const(hi.type, 0))
        rt = op.result_types[0]
        lof = b.cast("uitofp", lo, rt)
        hif = b.cast("uitofp", hi, rt)
        et = element_type_or_self(rt)
        pow2 = FloatAttr.from_float(et, float(1 << t.element_type.width))
        if type(rt) is VectorType:
            pow2 = DenseElementsAttr(rt, [pow2.bits])
        p = b.op("arith.constant", [], [rt], {"value": pow2})
        sumv = b.op("arith.addf", [lof, b.op("arith.mulf", [hif, p], [rt])], [rt])
        b.rw.replace_op(op, [b.select(hi_zero, lof, sumv)])


class ConvertTruncI(_Pattern):
    root = "arith.trunci"

    def match_and_rewrite(self, op, adaptor, rewriter):
        rt = op.result_types[0]
        if not self.type_converter.is_legal(rt):
            return rewriter.notify_match_failure(op, "unsupported truncation result type")
        b = _B(rewriter, op)
        low = b.drop_x1(b.extract_last(adaptor[0], 0))
        rewriter.replace_op(op, [b.cast_or_fold("trunci", low, rt)])
        return True


class ConvertVectorPrint(OpConversionPattern):
    root = "vector.print"

    def match_and_rewrite(self, op, adaptor, rewriter):
        rewriter.replace_op_with_new_op(op, "vector.print", list(adaptor), [])
        return True


def wide_int_patterns(tc):
    pats = [cls(tc) for cls in (ConvertConstant, ConvertCmpI, ConvertSelect, ConvertVectorPrint,
                                ConvertAddI, ConvertMulI, ConvertShLI, ConvertShRSI,
                                ConvertShRUI, ConvertExtSI, ConvertExtUI, ConvertTruncI,
                                ConvertSIToFP, ConvertUIToFP)]
    pats += [ConvertMaxMin(tc, root=n) for n in ConvertMaxMin.PRED]
    pats += [ConvertBitwise(tc, root=n) for n in ("arith.andi", "arith.ori", "arith.xori")]
    for n in ("arith.index_cast", "arith.index_castui"):
        pats += [ConvertIndexCastToIndex(tc, root=n), ConvertIndexCastFromIndex(tc, root=n)]
    return pats + function_type_conversion_patterns(tc, forwarding_ops=("func.return",
                                                                        "func.call"))


@register_pass("arith-emulate-wide-int",
               "Emulate 2*N-bit integer operations using N-bit operations",
               options=[PassOption("widest-int-supported", int, 32,
                                   "Widest integer type supported by the target")],
               display_name="ArithEmulateWideInt")
def arith_emulate_wide_int(module, ctx, options):
    w = options["widest-int-supported"]
    if w < 2 or w & (w - 1):
        # (upstream fails the pass without a message; we say why)
        raise MLIRError(Diagnostic("error", module.loc, "arith-emulate-wide-int: "
                                   "widest-int-supported must be a power of two >= 2"))
    tc = WideIntConverter(w)
    target = ConversionTarget(ctx)
    target.add_dynamically_legal_op("func.func", lambda op: tc.is_signature_legal(
        op.get_attr("function_type").value))
    target.add_dynamically_legal_op(["func.call", "func.return"], tc.is_legal)
    target.add_dynamically_legal_dialect(["arith", "vector"], tc.is_legal)
    apply_partial_conversion(module, target, wide_int_patterns(tc), ctx)


def _bitcast(builder, result_type, inputs, loc):
    return builder.create("llvm.bitcast", list(inputs), [result_type], loc=loc).results[0]


@register_pass("test-arith-emulate-wide-int", "Function pass to test Wide Integer Emulation",
               options=[PassOption("function-prefix", str, "emulate_",
                                   "Prefix of functions to run the emulation pass on"),
                        PassOption("widest-int-supported", int, 32,
                                   "Maximum integer bit width supported by the target")],
               anchor="func.func", display_name="TestEmulateWideIntPass")
def test_arith_emulate_wide_int(func, ctx, options):
    """mlir-opt's test variant: only functions named with the prefix, their signatures kept,
    the wide values crossing the boundary bitcast (llvm.bitcast) to and from the pairs."""
    w = options.get("widest-int-supported", 32)
    if w < 2 or w & (w - 1):
        raise MLIRError(Diagnostic("error", func.loc, "test-arith-emulate-wide-int: "
                                   "widest-int-supported must be a power of two >= 2"))
    if not func.get_attr("sym_name").value.startswith(options.get("function-prefix", "emulate_")):
        return
    tc = WideIntConverter(w)
    tc.add_source_materialization(_bitcast)
    tc.add_target_materialization(_bitcast)
    target = ConversionTarget(ctx)
    target.add_dynamically_legal_dialect(["arith", "vector"], tc.is_legal)
    pats = [p for p in wide_int_patterns(tc)
            if getattr(p, "root", None) not in ("func.func", "func.return", "func.call")]
    apply_partial_conversion(func, target, pats, ctx)
