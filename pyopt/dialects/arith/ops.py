"""The arith ops (MLIR 19 ArithOps.td): the `#arith.fastmath` / `#arith.overflow` attributes,
the predicate and rounding enums, and the declarations of the constant, integer and float
arithmetic, extended arithmetic, cast, comparison and select ops. The dialect is assembled in
__init__.py; folders in folds.py, canonicalization patterns in canonicalize.py."""
from __future__ import annotations

from pyopt.ir.attributes import (IntegerAttr, FloatAttr, DenseElementsAttr, DenseStringElementsAttr,
                              DenseResourceElementsAttr, SparseElementsAttr)
from pyopt.ir.types import (IntegerType, IndexType, FloatType, VectorType, RankedTensorType,
                         UnrankedTensorType, MemRefType, ShapedType, I1, I32, I64, INDEX)
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.uniqued import on_types_mutated
from pyopt.ir.constraints import (TypeConstraint, IntEnum, IntEnumAttrC, DialectAttrC, like,
                           SignlessIntegerLike, FloatLike, BoolLike, AnyType)
from pyopt.syntax.format import InferError
from pyopt.rewrite.matchers import defining, constant_attr, constant_int
from pyopt.ir.opdef import (Op, PURE, COMMUTATIVE, CONSTANT_LIKE, ELEMENTWISE,
                     SAME_OPERANDS_AND_RESULT_TYPE)
from pyopt.dialects.arith.support import (BitEnum, BitEnumAttr, TYPED_ATTR, elem_or_self, i1_same_shape,
                      is_vec_or_tensor, is_signless_int, compatible_shape_pair, verify_same_shape,
                      verify_elementwise, verify_cast_compatible, all_types_match,
                      typed_attr_type)


# ============================================================================ attributes
FASTMATH = BitEnum("::mlir::arith::FastMathFlags", "Arith_FastMathAttr",
                   [("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8), ("arcp", 16),
                    ("contract", 32), ("afn", 64)], groups=[("fast", 127)], separator=",")
OVERFLOW = BitEnum("::mlir::arith::IntegerOverflowFlags", "Arith_IntegerOverflowAttr",
                   [("nsw", 1), ("nuw", 2)], separator=", ")


class FastMathAttr(BitEnumAttr):
    __slots__ = ()
    PREFIX = "#arith.fastmath"
    ENUM = FASTMATH


class OverflowAttr(BitEnumAttr):
    __slots__ = ()
    PREFIX = "#arith.overflow"
    ENUM = OVERFLOW


FASTMATH_NONE = FastMathAttr(0)
OVERFLOW_NONE = OverflowAttr(0)
FastMathC = DialectAttrC(FastMathAttr, "Floating point fast math flags")
OverflowC = DialectAttrC(OverflowAttr, "Integer overflow arith flags")

_ATTRS = {"fastmath": FastMathAttr, "overflow": OverflowAttr}


def _parse_attr(parser, mnemonic, offset):
    cls = _ATTRS.get(mnemonic)
    if cls is None:
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `arith`",
                           offset + len("#arith."))
    return cls.parse_stripped(parser, custom=False)


def _cases(n):
    return ", ".join(str(i) for i in range(n))


CMPI_PRED = IntEnum("CmpIPredicate", ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                                      "uge"], I64,
                    f"allowed 64-bit signless integer cases: {_cases(10)}")
CMPF_PRED = IntEnum("CmpFPredicate", ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                      "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"],
                    I64, f"allowed 64-bit signless integer cases: {_cases(16)}")
ROUNDING = IntEnum("RoundingMode", ["to_nearest_even", "downward", "upward", "toward_zero",
                                    "to_nearest_away"], I32, "Floating point rounding mode")
CmpIPredC = IntEnumAttrC(CMPI_PRED)
CmpFPredC = IntEnumAttrC(CMPF_PRED)
RoundingC = IntEnumAttrC(ROUNDING)


# ============================================================================ type constraints
def _is_int_elem_memref(t, pred):
    return type(t) is MemRefType and pred(t.element_type)


SignlessFixedWidthIntegerLike = like(is_signless_int, "", "signless-fixed-width-integer-like")
IndexCastTypeC = TypeConstraint(
    lambda t: SignlessIntegerLike(t) or _is_int_elem_memref(
        t, lambda e: is_signless_int(e) or e is INDEX),
    "signless-integer-like or memref of signless-integer")
BitcastTypeC = TypeConstraint(
    lambda t: SignlessIntegerLike(t) or FloatLike(t) or _is_int_elem_memref(
        t, lambda e: is_signless_int(e) or e is INDEX or type(e) is FloatType),
    "signless-integer-or-float-like or memref of signless-integer or float")


# ============================================================================ ops
ARITH_OPS = []


def _op(name, **kw):
    d = Op(name, **kw)
    ARITH_OPS.append(d)
    return d


# Ops whose trait order the shared verifier matches (SameOperandsAndResultType, then
# Elementwise) declare ELEMENTWISE; the others check it in their own verifier, after the
# ODS predicate traits that MLIR verifies first.
_BASE = [ELEMENTWISE]


# -- constant ----------------------------------------------------------------------------
def _constant_names(op):
    a = op.properties.get("value")
    t = op.results[0].type
    if type(a) is IntegerAttr:
        if type(t) is IntegerType and t.width == 1:
            return [(0, "true" if a.value else "false")]
        name = f"c{a.value}"
        if type(t) is IntegerType:
            name += f"_{t}"
        return [(0, name)]
    return [(0, "cst")]


def _verify_constant(op):
    value = op.properties["value"]
    t = op.results[0].type
    tv = type(value)
    if value.type is t and (tv is FloatAttr or tv is IntegerAttr and type(t) is IntegerType and
                            t.signedness == 0):
        return  # (a scalar constant of its own type: every rule below holds)
    all_types_match(op, ("value", "result"), [typed_attr_type(value), t])
    if type(t) is IntegerType and t.signedness != 0:
        raise op_error(op, "integer return type must be signless")
    if not isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr, DenseStringElementsAttr,
                              DenseResourceElementsAttr, SparseElementsAttr)):
        raise op_error(op, "value must be an integer, float, or elements attribute")
    if type(t) is VectorType and t.is_scalable and not (
            isinstance(value, (DenseElementsAttr, DenseStringElementsAttr)) and value.is_splat):
        raise op_error(op, "intializing scalable vectors with elements attribute is not "
                       "supported unless it's a vector splat")


CONSTANT = _op("arith.constant", results=[("result", AnyType)], attrs={"value": TYPED_ATTR},
               traits=[CONSTANT_LIKE, PURE], format="attr-dict $value",
               infer={"result": lambda known, attrs: typed_attr_type(attrs["value"])},
               verify=_verify_constant, result_names=_constant_names)


# -- binary and unary arithmetic -----------------------------------------------------------
_INT_BIN = "$lhs `,` $rhs attr-dict `:` type($result)"
_INT_BIN_OVF = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"
_FLOAT_BIN = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"


def _int_binary(name, traits=(), overflow=False, pure=True, **kw):
    attrs = {"overflowFlags": OverflowC.with_default(OVERFLOW_NONE)} if overflow else {}
    return _op(name, operands=[("lhs", SignlessIntegerLike), ("rhs", SignlessIntegerLike)],
               results=[("result", SignlessIntegerLike)], attrs=attrs,
               traits=list(traits) + ([PURE] if pure else ["NoMemoryEffect"]) +
               [SAME_OPERANDS_AND_RESULT_TYPE] + _BASE,
               format=_INT_BIN_OVF if overflow else _INT_BIN, **kw)


def _float_binary(name, traits=()):
    return _op(name, operands=[("lhs", FloatLike), ("rhs", FloatLike)],
               results=[("result", FloatLike)],
               attrs={"fastmath": FastMathC.with_default(FASTMATH_NONE)},
               traits=[PURE] + list(traits) + [SAME_OPERANDS_AND_RESULT_TYPE] + _BASE,
               format=_FLOAT_BIN)


def _muli_names(op):
    # `constant * vector.vscale` (either order) of index type is named `c<N>_vscale`.
    if op.results[0].type is not INDEX:
        return []
    lhs, rhs = op.lhs, op.rhs
    for a, b in ((lhs, rhs), (rhs, lhs)):
        c = constant_int(a)
        if c is not None and defining(b, "vector.vscale") is not None:
            return [(0, f"c{c}_vscale")]
    return []


ADDI = _int_binary("arith.addi", [COMMUTATIVE], overflow=True)
_int_binary("arith.subi", overflow=True)
_int_binary("arith.muli", [COMMUTATIVE], overflow=True, result_names=_muli_names)


def _div_speculatability(signed):
    """Division is speculatable for a constant divisor that is non-zero (and not -1 when
    signed: INT_MIN / -1 overflows)."""
    def fn(op):
        a = constant_attr(op.rhs)
        if type(a) is not IntegerAttr:
            if not getattr(a, "is_splat", False) or type(a.values[0]) is not int:
                return None
            v = a.values[0]
            w = a.type.element_type.width
        else:
            v, w = a.value, getattr(a.type, "width", 64)
        v &= (1 << w) - 1
        if v == 0 or (signed and v == (1 << w) - 1):
            return None
        return "always"
    return fn


for _n in ("arith.divui", "arith.divsi", "arith.ceildivui", "arith.ceildivsi"):
    _int_binary(_n, pure=False,
                speculatability=_div_speculatability(_n in ("arith.divsi", "arith.ceildivsi")))
for _n in ("arith.floordivsi", "arith.remui", "arith.remsi"):
    _int_binary(_n)
for _n in ("arith.andi", "arith.ori", "arith.xori"):
    _int_binary(_n, [COMMUTATIVE])
_int_binary("arith.shli", overflow=True)
for _n in ("arith.shrui", "arith.shrsi"):
    _int_binary(_n)
for _n in ("arith.maxsi", "arith.maxui", "arith.minsi", "arith.minui"):
    _int_binary(_n, [COMMUTATIVE])

_op("arith.negf", operands=[("operand", FloatLike)], results=[("result", FloatLike)],
    attrs={"fastmath": FastMathC.with_default(FASTMATH_NONE)},
    traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE] + _BASE,
    format="$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
for _n, _comm in (("arith.addf", True), ("arith.subf", False), ("arith.maximumf", True),
                  ("arith.maxnumf", True), ("arith.minimumf", True), ("arith.minnumf", True),
                  ("arith.mulf", True), ("arith.divf", False), ("arith.remf", False)):
    _float_binary(_n, [COMMUTATIVE] if _comm else [])


# -- extended arithmetic -------------------------------------------------------------------
def _verify_addui_extended(op):
    lhs, rhs = op.operand_types
    all_types_match(op, ("lhs", "rhs", "sum"), [lhs, rhs, op.results[0].type])
    verify_elementwise(op)


def _verify_mul_extended(op):
    lhs, rhs = op.operand_types
    all_types_match(op, ("lhs", "rhs", "low", "high"), [lhs, rhs] + op.result_types)
    verify_elementwise(op)


_op("arith.addui_extended", operands=[("lhs", SignlessIntegerLike), ("rhs", SignlessIntegerLike)],
    results=[("sum", SignlessIntegerLike), ("overflow", BoolLike)],
    traits=[PURE, COMMUTATIVE],
    format="$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)",
    infer={"lhs": "sum", "rhs": "sum"}, verify=_verify_addui_extended)
for _n in ("arith.mulsi_extended", "arith.mului_extended"):
    _op(_n, operands=[("lhs", SignlessIntegerLike), ("rhs", SignlessIntegerLike)],
        results=[("low", SignlessIntegerLike), ("high", SignlessIntegerLike)],
        traits=[PURE, COMMUTATIVE], format="$lhs `,` $rhs attr-dict `:` type($lhs)",
        infer={"rhs": "lhs", "low": "lhs", "high": "lhs"}, verify=_verify_mul_extended)


# -- casts ---------------------------------------------------------------------------------
def _tensor_dims(t):
    if type(t) is RankedTensorType:
        return t.shape
    if type(t) is UnrankedTensorType:
        return None
    return ()


def _valid_cast_pair(ins, outs):
    if len(ins) != 1 or len(outs) != 1:
        return False
    a, b = ins[0], outs[0]
    if type(a) is RankedTensorType and type(b) is RankedTensorType and a.encoding is not b.encoding:
        return False
    return compatible_shape_pair(a, b)


def _like(t, classes, memref=False):
    """getTypeIfLike / getTypeIfLikeOrMemRef: the element type if allowed, else None."""
    if isinstance(t, ShapedType) and not (is_vec_or_tensor(t) or
                                          (memref and type(t) is MemRefType)):
        return None
    e = elem_or_self(t)
    return e if isinstance(e, classes) else None


def _bit_width(t):
    return 64 if t is INDEX else t.width


def _width_change(cmp, classes):
    def compatible(ins, outs):
        if not _valid_cast_pair(ins, outs):
            return False
        s, d = _like(ins[0], classes), _like(outs[0], classes)
        return s is not None and d is not None and cmp(d.width, s.width)
    return compatible


def _int_float(src, dst):
    def compatible(ins, outs):
        if not _valid_cast_pair(ins, outs):
            return False
        return _like(ins[0], src) is not None and _like(outs[0], dst) is not None
    return compatible


def _index_cast_compatible(ins, outs):
    if not _valid_cast_pair(ins, outs):
        return False
    s = _like(ins[0], (IntegerType, IndexType), True)
    d = _like(outs[0], (IntegerType, IndexType), True)
    if s is None or d is None:
        return False
    return (s is INDEX and is_signless_int(d)) or (is_signless_int(s) and d is INDEX)


def _bitcast_compatible(ins, outs):
    if not _valid_cast_pair(ins, outs):
        return False
    s = _like(ins[0], (IntegerType, IndexType, FloatType), True)
    d = _like(outs[0], (IntegerType, IndexType, FloatType), True)
    return s is not None and d is not None and _bit_width(s) == _bit_width(d)


def _cast_verifier(compatible, width_check=None):
    # The checks only read the operand and result types: pairs that passed pass again.
    passed = set()
    on_types_mutated(passed.clear)

    def verify(op):
        pair = (op.operand_slots[0].value.type, op.results[0].type)
        if pair in passed:
            return
        verify_types(op)
        passed.add(pair)

    def verify_types(op):
        if _tensor_dims(op.in_.type) != _tensor_dims(op.results[0].type):
            raise op_error(op, "failed to verify that input and output have the same tensor "
                           "dimensions")
        verify_same_shape(op)
        verify_cast_compatible(op, compatible)
        verify_elementwise(op)
        if width_check is not None:
            width_check(op)
    return verify


def _width_verifier(wider):
    def check(op):
        s, d = elem_or_self(op.in_.type), elem_or_self(op.results[0].type)
        if wider and s.width >= d.width:
            raise plain_error(op, f"result type '{d}' must be wider than operand type '{s}'")
        if not wider and s.width <= d.width:
            raise plain_error(op, f"result type '{d}' must be shorter than operand type '{s}'")
    return check


_CAST_FMT = "$in attr-dict `:` type($in) `to` type($out)"
_FASTMATH_CAST_FMT = "$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)"


def _cast(name, src, dst, compatible, width=None, attrs=None, format=_CAST_FMT):
    return _op(name, operands=[("in", src)], results=[("out", dst)], attrs=attrs,
               traits=[PURE], format=format,
               verify=_cast_verifier(compatible, width))


_gt = lambda a, b: a > b
_lt = lambda a, b: a < b
_cast("arith.extui", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
      _width_change(_gt, IntegerType), _width_verifier(True))
_cast("arith.extsi", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
      _width_change(_gt, IntegerType), _width_verifier(True))
_cast("arith.extf", FloatLike, FloatLike, _width_change(_gt, FloatType), _width_verifier(True),
      attrs={"fastmath": FastMathC.opt()}, format=_FASTMATH_CAST_FMT)
_cast("arith.trunci", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike,
      _width_change(_lt, IntegerType), _width_verifier(False))
_cast("arith.truncf", FloatLike, FloatLike, _width_change(_lt, FloatType), _width_verifier(False),
      attrs={"roundingmode": RoundingC.opt(), "fastmath": FastMathC.opt()},
      format="$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` "
             "type($out)")
for _n in ("arith.uitofp", "arith.sitofp"):
    _cast(_n, SignlessFixedWidthIntegerLike, FloatLike, _int_float(IntegerType, FloatType))
for _n in ("arith.fptoui", "arith.fptosi"):
    _cast(_n, FloatLike, SignlessFixedWidthIntegerLike, _int_float(FloatType, IntegerType))
for _n in ("arith.index_cast", "arith.index_castui"):
    _cast(_n, IndexCastTypeC, IndexCastTypeC, _index_cast_compatible)
_cast("arith.bitcast", BitcastTypeC, BitcastTypeC, _bitcast_compatible)


# -- comparisons ---------------------------------------------------------------------------
def _cmp_result(constraint):
    # ODS checks the type a TypesMatchWith transformer reads while parsing.
    def infer(known, attrs):
        t = known["lhs"]
        if not constraint(t):
            raise InferError(f"'lhs' must be {constraint.summary}, but got '{t}'")
        return i1_same_shape(t)
    return infer


def _verify_cmp(op):
    lhs, rhs = op.operand_types
    if rhs is lhs and op.results[0].type is I1 and not isinstance(lhs, ShapedType):
        return  # (scalars compared: every rule below holds)
    if op.results[0].type is not i1_same_shape(lhs):
        raise op_error(op, "failed to verify that result type has i1 element type and same "
                       "shape as operands")
    if rhs is not lhs:
        raise op_error(op, "requires all operands to have the same type")
    verify_elementwise(op)


_op("arith.cmpi", operands=[("lhs", SignlessIntegerLike), ("rhs", SignlessIntegerLike)],
    results=[("result", BoolLike)], attrs={"predicate": CmpIPredC},
    traits=[PURE], format="$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
    infer={"rhs": "lhs", "result": _cmp_result(SignlessIntegerLike)}, verify=_verify_cmp)
_op("arith.cmpf", operands=[("lhs", FloatLike), ("rhs", FloatLike)],
    results=[("result", BoolLike)],
    attrs={"predicate": CmpFPredC, "fastmath": FastMathC.with_default(FASTMATH_NONE)},
    traits=[PURE],
    format="$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
    infer={"rhs": "lhs", "result": _cmp_result(FloatLike)}, verify=_verify_cmp)


# -- select --------------------------------------------------------------------------------
def _parse_select(p, state):
    off = p.start
    ops = p.parse_operand_list()
    if len(ops) != 3:
        raise p.custom_error("expected 3 operands", off)
    state.attributes.update(p.parse_optional_attr_dict())
    p.expect(":")
    result = p.parse_type()
    cond = I1
    if p.accept(","):
        cond = result
        result = p.parse_type()
    state.result_types = [result]
    name_off = p.custom_ops[-1][1] if p.custom_ops else off
    state.operands = p.resolve_operands(ops, [cond, result, result], name_off)


def _print_select(pr, op):
    out = pr.out
    out.append(" " + pr.values(op.operands))
    out.append(pr.attr_dict_str(op.attributes))
    out.append(" : ")
    cond = op.condition.type
    if isinstance(cond, ShapedType):
        out.append(pr.type_str(cond) + ", ")
    out.append(pr.type_str(op.results[0].type))


def _shape(t):
    return t.shape if isinstance(t, ShapedType) and t.has_rank else None


def _verify_select(op):
    cond, tv, fv = op.operand_types
    res = op.results[0].type
    if cond is I1 and tv is res and fv is res and not is_vec_or_tensor(res):
        return  # (scalars selected by an i1: every rule below holds)
    all_types_match(op, ("true_value", "false_value", "result"), [tv, fv, res])
    if cond is not I1 and not (isinstance(cond, ShapedType) and isinstance(res, ShapedType) and
                               _shape(cond) == _shape(res)):
        raise op_error(op, "failed to verify that condition is signless i1 or has matching "
                       "shape")
    verify_elementwise(op)
    if cond is I1:
        return
    if not is_vec_or_tensor(res):
        raise op_error(op, f"expected condition to be a signless i1, but got '{cond}'")
    want = i1_same_shape(res)
    if cond is not want:
        raise op_error(op, f"expected condition type to have the same shape as the result type, "
                       f"expected '{want}', but got '{cond}'")


_op("arith.select", operands=[("condition", BoolLike), ("true_value", AnyType),
                              ("false_value", AnyType)],
    results=[("result", AnyType)], traits=[PURE], parse=_parse_select,
    print=_print_select, verify=_verify_select)
