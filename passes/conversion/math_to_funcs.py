"""`convert-math-to-funcs`: math.ipowi, math.fpowi and (optionally) math.ctlz become calls of
private, linkonce_odr functions that implement them in software (arith, cf and scf ops).

The functions are generated up front, one per op kind and element type (fpowi: per base and
exponent type), appended to the module in the order the ops are met. Vector ops are unrolled
to scalar ops first, which then become calls.
"""
from __future__ import annotations

from pyopt.ir.attributes import (FloatAttr, IntegerAttr, StringAttr, TypeAttr, FlatSymbolRefAttr,
                                  normalize_int)
from pyopt.ir.core import Region
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import (I1, I64, INDEX, FunctionType, IntegerType, VectorType,
                            element_type_or_self)
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.llvm.attrs import LinkageAttr

from passes.conversion.elementwise_unroll import unroll_vector_op

LINKONCE_ODR = LinkageAttr(8)
EQ, NE, SLT, SLE = 0, 1, 2, 3  # arith.cmpi predicates


class _Emitter:
    """A builder with a fixed location and one-line helpers for the ops the bodies use."""

    def __init__(self, ctx, loc):
        self.b = Builder(ctx)
        self.loc = loc

    def op(self, name, operands=(), result_types=(), **kw):
        return self.b.create(name, list(operands), list(result_types), loc=self.loc, **kw)

    def value(self, name, operands, type_=None, **kw):
        return self.op(name, operands, [type_ or operands[0].type], **kw).results[0]

    def const(self, attr):
        return self.value("arith.constant", [], attr.type, properties={"value": attr})

    def int_const(self, t, v):
        return self.const(IntegerAttr(t, normalize_int(v, t)))  # (-1 : i1 is `true`, 1)

    def cmpi(self, pred, lhs, rhs):
        return self.value("arith.cmpi", [lhs, rhs], I1,
                          properties={"predicate": IntegerAttr(I64, pred)})

    def block(self, region, arg_types=()):
        """Appends a block to `region` and moves the insertion point to its end."""
        return self.b.create_block(region, arg_types, [self.loc] * len(arg_types))

    def at_end(self, block):
        self.b.set_insertion_point_to_end(block)

    def br(self, dest, args=()):
        self.op("cf.br", args, successors=[dest])

    def cond_br(self, cond, t, f, t_args=(), f_args=()):
        self.op("cf.cond_br", [cond, *t_args, *f_args],
                properties={"operandSegmentSizes": segment_sizes([1, len(t_args), len(f_args)])},
                successors=[t, f])

    def ret(self, *values):
        self.op("func.return", values)

    def yield_(self, *values):
        self.op("scf.yield", values)


def _new_func(em, module, name, inputs, results):
    """A private linkonce_odr func.func at the end of `module` with an entry block; the
    emitter's insertion point is left at the end of that block."""
    em.at_end(module.regions[0].blocks[0])
    fn = em.op("func.func", regions=[Region()], properties={
        "sym_name": StringAttr(name),
        "function_type": TypeAttr(FunctionType(inputs, results)),
        "sym_visibility": StringAttr("private")},
        attributes={"llvm.linkage": LINKONCE_ODR})
    entry = em.block(fn.regions[0], inputs)
    return fn, entry


def build_ipowi(em, module, t):
    """Integer power by squaring; a negative exponent gives 0, except for bases 1 and -1 (and
    0, which divides by zero)."""
    fn, entry = _new_func(em, module, f"__mlir_math_ipowi_{t}", [t, t], [t])
    body = fn.regions[0]
    b, p = entry.args
    zero, one, minus_one = em.int_const(t, 0), em.int_const(t, 1), em.int_const(t, -1)
    p_zero = em.cmpi(EQ, p, zero)
    ret_one = em.block(body)
    em.ret(one)
    not_zero = em.block(body)
    em.at_end(entry)
    em.cond_br(p_zero, ret_one, not_zero)

    em.at_end(not_zero)
    p_neg = em.cmpi(SLE, p, zero)
    neg = em.block(body)
    b_zero = em.cmpi(EQ, b, zero)
    div_block = em.block(body)
    em.ret(em.value("arith.divsi", [one, zero]))
    b_nonzero = em.block(body)
    em.at_end(neg)
    em.cond_br(b_zero, div_block, b_nonzero)

    em.at_end(b_nonzero)
    b_one = em.cmpi(EQ, b, one)
    ret_one = em.block(body)
    em.ret(one)
    not_one = em.block(body)
    em.at_end(b_nonzero)
    em.cond_br(b_one, ret_one, not_one)

    em.at_end(not_one)
    b_minus_one = em.cmpi(EQ, b, minus_one)
    odd_check = em.block(body)
    p_odd = em.cmpi(NE, em.value("arith.andi", [p, one]), zero)
    ret_minus_one = em.block(body)
    em.ret(minus_one)
    even = em.block(body)
    em.at_end(odd_check)
    em.cond_br(p_odd, ret_minus_one, even)
    em.at_end(even)
    em.ret(one)
    other = em.block(body)
    em.at_end(not_one)
    em.cond_br(b_minus_one, odd_check, other)
    em.at_end(other)
    em.ret(zero)

    header = em.block(body, [t, t, t])
    em.at_end(not_zero)
    em.cond_br(p_neg, neg, header, f_args=[one, b, p])
    _square_loop(em, body, header, "arith.muli", one, zero, returns=True)
    return fn


def _square_loop(em, body, header, mul, one, zero, returns):
    """The loop both powers share: header(result, base, power) multiplies result by base for
    an odd power, halves the power and squares the base until the power is 0. With `returns`
    the result is then returned (ipowi); else a created exit block receives it (returned)."""
    result, base, power = header.args
    em.at_end(header)
    odd = em.cmpi(NE, em.value("arith.andi", [power, one]), zero)
    mul_block = em.block(body)
    product = em.value(mul, [result, base])
    merged = em.block(body, [result.type])
    em.at_end(mul_block)
    em.br(merged, [product])
    em.at_end(header)
    em.cond_br(odd, mul_block, merged, f_args=[result])
    new_result = merged.args[0]
    em.at_end(merged)
    new_power = em.value("arith.shrui", [power, one])
    done = em.cmpi(EQ, new_power, zero)
    if returns:
        exit_ = em.block(body)
        em.ret(new_result)
    cont = em.block(body)
    em.br(header, [new_result, em.value(mul, [base, base]), new_power])
    if returns:
        em.at_end(merged)
        em.cond_br(done, exit_, cont)
        return None
    exit_ = em.block(body, [result.type])
    em.at_end(merged)
    em.cond_br(done, exit_, cont, t_args=[new_result])
    return exit_


def build_fpowi(em, module, ft):
    """Float base to an integer power by squaring on |p| (the minimum exponent, whose
    magnitude does not fit, uses max and one extra multiplication), inverted for p < 0."""
    bt, pt = ft.inputs
    fn, entry = _new_func(em, module, f"__mlir_math_fpowi_{bt}_{pt}", [bt, pt], [bt])
    body = fn.regions[0]
    b, p = entry.args
    one_b = em.const(FloatAttr.from_float(bt, 1.0))
    zero, one = em.int_const(pt, 0), em.int_const(pt, 1)
    w = pt.width
    p_min, p_max = em.int_const(pt, -(1 << (w - 1))), em.int_const(pt, (1 << (w - 1)) - 1)
    p_zero = em.cmpi(EQ, p, zero)
    ret_one = em.block(body)
    em.ret(one_b)
    start = em.block(body)
    em.at_end(entry)
    em.cond_br(p_zero, ret_one, start)

    em.at_end(start)
    p_neg = em.cmpi(SLE, p, zero)
    is_min = em.cmpi(EQ, p, p_min)
    neg_p = em.value("arith.subi", [zero, p])
    p_init = em.value("arith.select", [p_neg, neg_p, p], pt)
    p_init = em.value("arith.select", [is_min, p_max, p_init], pt)
    header = em.block(body, [bt, bt, pt])
    em.at_end(start)
    em.br(header, [one_b, b, p_init])

    exit_ = _square_loop(em, body, header, "arith.mulf", one, zero, returns=False)
    result = exit_.args[0]
    min_block = em.block(body)
    after_min = em.block(body, [bt])
    em.at_end(exit_)
    em.cond_br(is_min, min_block, after_min, f_args=[result])
    em.at_end(min_block)
    em.br(after_min, [em.value("arith.mulf", [result, b])])

    result = after_min.args[0]
    inv_block = em.block(body)
    ret_block = em.block(body, [bt])
    em.at_end(after_min)
    em.cond_br(p_neg, inv_block, ret_block, f_args=[result])
    em.at_end(inv_block)
    em.br(ret_block, [em.value("arith.divf", [one_b, result])])
    em.at_end(ret_block)
    em.ret(ret_block.args[0])
    return fn


def build_ctlz(em, module, t):
    """Leading zeros by shifting left until the sign bit is set (structured: scf.if/for)."""
    fn, entry = _new_func(em, module, f"__mlir_math_ctlz_{t}", [t], [t])
    x = entry.args[0]
    w = t.width
    width = em.int_const(t, w)
    zero = em.int_const(t, 0)
    is_zero = em.cmpi(EQ, x, zero)
    if_op = em.op("scf.if", [is_zero], [t], regions=[Region(), Region()])
    em.block(if_op.regions[0])
    em.yield_(width)
    em.block(if_op.regions[1])
    one_idx = em.const(IntegerAttr(INDEX, 1))
    one = em.int_const(t, 1)
    width_idx = em.const(IntegerAttr(INDEX, w))
    n0 = em.int_const(t, 0)
    for_op = em.op("scf.for", [one_idx, width_idx, one_idx, x, n0], [t, t],
                   regions=[Region()])
    else_b = em.b.block
    loop = em.block(for_op.regions[0], [INDEX, t, t])
    _, xi, ni = loop.args
    neg = em.cmpi(SLT, xi, zero)
    inner = em.op("scf.if", [neg], [t, t], regions=[Region(), Region()])
    em.block(inner.regions[0])
    em.yield_(xi, ni)
    em.block(inner.regions[1])
    n_next = em.value("arith.addi", [ni, one])
    x_next = em.value("arith.shli", [xi, one])
    em.yield_(x_next, n_next)
    em.at_end(loop)
    em.yield_(*inner.results)
    em.at_end(else_b)
    em.yield_(for_op.results[1])
    em.at_end(entry)
    em.ret(if_op.results[0])
    return fn


def _elemental_type(op):
    return FunctionType([element_type_or_self(t) for t in op.operand_types],
                        [element_type_or_self(t) for t in op.result_types])


def _call(rw, op, fn):
    ft = fn.properties["function_type"].value
    rw.replace_op_with_new_op(op, "func.call", op.operands, list(ft.results),
                              properties={"callee": FlatSymbolRefAttr(
                                  fn.properties["sym_name"].value)})
    return True


@register_pass("convert-math-to-funcs",
               "Convert Math operations to calls of outlined implementations.",
               options=[PassOption("min-width-of-fpowi-exponent", int, 1,
                                   "Convert FPowI only if the width of its exponent's integer "
                                   "type is greater than or equal to this value"),
                        PassOption("convert-ctlz", bool, False,
                                   "Convert math.ctlz to a software implementation. Enable for "
                                   "targets that do not natively support ctlz.")],
               display_name="ConvertMathToFuncs", anchor="builtin.module")
def convert_math_to_funcs(module, ctx, options):
    min_width = options["min-width-of-fpowi-exponent"]
    do_ctlz = options["convert-ctlz"]

    def fpowi_convertible(op):
        et = element_type_or_self(op.rhs.type)
        return type(et) is IntegerType and et.width >= min_width

    em = _Emitter(ctx, module.loc)
    impls = {}  # (op name, element type or function type) -> func.func
    for op in list(module.walk_ops()):
        name = op.name
        if name == "math.ipowi" or (name == "math.ctlz" and do_ctlz):
            key = (name, element_type_or_self(op.result_types[0]))
            if key not in impls:
                build = build_ipowi if name == "math.ipowi" else build_ctlz
                impls[key] = build(em, module, key[1])
        elif name == "math.fpowi" and fpowi_convertible(op):
            key = (name, _elemental_type(op))
            if key not in impls:
                impls[key] = build_fpowi(em, module, key[1])

    def lower_ipowi(op, rw):
        t = op.lhs.type
        fn = impls.get((op.name, t)) if type(t) is IntegerType else None
        return _call(rw, op, fn) if fn is not None else \
            rw.notify_match_failure(op, "non-integer base operand")

    def lower_scalar(op, rw):
        if type(op.result_types[0]) is VectorType:
            return rw.notify_match_failure(op, "non-scalar operation")
        key = _elemental_type(op) if op.name == "math.fpowi" else op.result_types[0]
        fn = impls.get((op.name, key))
        if fn is None:
            return rw.notify_match_failure(op, "missing software implementation")
        return _call(rw, op, fn)

    patterns = [RewritePattern(n, 1, unroll_vector_op, "VecOpToScalarOp")
                for n in ("math.ipowi", "math.fpowi", "math.ctlz")]
    patterns.append(RewritePattern("math.ipowi", 1, lower_ipowi, "IPowIOpLowering"))
    patterns.append(RewritePattern("math.fpowi", 1, lower_scalar, "FPowIOpLowering"))
    if do_ctlz:
        patterns.append(RewritePattern("math.ctlz", 1, lower_scalar, "CtlzOpLowering"))

    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "cf", "func", "scf", "vector")
    target.add_illegal_op("math.ipowi")
    if do_ctlz:
        target.add_illegal_op("math.ctlz")
    target.add_dynamically_legal_op("math.fpowi", lambda op: not fpowi_convertible(op))
    apply_partial_conversion(module, target, patterns, ctx)
