"""The debug (`llvm.intr.dbg.*`), coroutine (`llvm.intr.coro.*`) and constrained floating-point
intrinsics of MLIR 19 LLVMIntrinsicOps.td."""
from __future__ import annotations

from pyopt.ir.types import I1, I32
from pyopt.ir.verifier import op_error
from pyopt.ir.constraints import TypeConstraint, IntEnum, IntEnumAttrC
from pyopt.dialects.llvm.ops import LLVM_Type, LLVM_AnyPointer, LLVM_TokenTypeC, move_inherent, OPS
from pyopt.dialects.llvm.intrinsics import _intr
from pyopt.dialects.llvm.struct_attrs import (DILocalVariableAttr, DIExpressionAttr, DILabelC, EMPTY_EXPRESSION,
                           DILocalVariableC, DIExpressionC)

_I1C = TypeConstraint(lambda t: t is I1, "1-bit signless integer", I1)
_I32C = TypeConstraint(lambda t: t is I32, "32-bit signless integer", I32)
_FUNC = "attr-dict `:` functional-type(operands, results)"

# -- coroutines
_intr("coro.id", operands=[("align", _I32C), ("promise", LLVM_AnyPointer),
                           ("coroaddr", LLVM_AnyPointer), ("fnaddrs", LLVM_AnyPointer)],
      results=[("res", LLVM_Type)], format="$align `,` $promise `,` $coroaddr `,` $fnaddrs " + _FUNC)
_intr("coro.begin", operands=[("token", LLVM_TokenTypeC), ("mem", LLVM_AnyPointer)],
      results=[("res", LLVM_Type)], format="$token `,` $mem " + _FUNC)
for _n in ("coro.size", "coro.align"):
    _intr(_n, results=[("res", LLVM_Type)], format="attr-dict `:` type($res)")
_intr("coro.save", operands=[("handle", LLVM_AnyPointer)], results=[("res", LLVM_Type)],
      format="$handle " + _FUNC)
_intr("coro.suspend", operands=[("save", LLVM_TokenTypeC), ("final", _I1C)],
      results=[("res", LLVM_Type)], format="$save `,` $final attr-dict `:` type($res)")
_intr("coro.end", operands=[("handle", LLVM_AnyPointer), ("unwind", _I1C),
                            ("retvals", LLVM_TokenTypeC)],
      results=[("res", LLVM_Type)], format="$handle `,` $unwind `,` $retvals " + _FUNC)
_intr("coro.free", operands=[("id", LLVM_TokenTypeC), ("handle", LLVM_AnyPointer)],
      results=[("res", LLVM_Type)], format="$id `,` $handle " + _FUNC)
_intr("coro.resume", operands=[("handle", LLVM_AnyPointer)],
      format="$handle attr-dict `:` qualified(type($handle))")
_intr("coro.promise", operands=[("handle", LLVM_AnyPointer), ("align", _I32C), ("from", _I1C)],
      results=[("res", LLVM_AnyPointer)],
      format="$handle `,` $align `,` $from " + _FUNC)

# -- constrained floating point
ROUNDING = IntEnum("RoundingMode", [("towardzero", 0), ("tonearest", 1), ("upward", 2),
                                    ("downward", 3), ("tonearestaway", 4), ("dynamic", 7),
                                    ("invalid", -1)], summary="LLVM Rounding Mode")
EXCEPTIONS = IntEnum("FPExceptionBehavior", [("ignore", 0), ("maytrap", 1), ("strict", 2)],
                     summary="LLVM Exception Behavior")


class _ValidRounding(IntEnumAttrC):
    def check(self, a):
        return super().check(a) and a.value >= 0


_intr("experimental.constrained.fptrunc", operands=[("arg_0", LLVM_Type)],
      results=[("res", LLVM_Type)],
      attrs={"roundingmode": _ValidRounding(ROUNDING),
             "fpExceptionBehavior": IntEnumAttrC(EXCEPTIONS)},
      format="$arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` "
             "type(results)")


# -- debug info: `qualified($varInfo) (qualified($locationExpr)^)? = $arg : type attr-dict`
def _dbg_parse(arg_is_ptr):
    def parse(p, state):
        off = p.start
        var = p.parse_attribute()
        if not isinstance(var, DILocalVariableAttr):
            raise p.custom_error("invalid kind of attribute specified", off)
        state.properties["varInfo"] = var
        expr = EMPTY_EXPRESSION
        if p.kind == "hash":
            off = p.start
            expr = p.parse_attribute()
            if not isinstance(expr, DIExpressionAttr):
                raise p.custom_error("invalid kind of attribute specified", off)
        state.properties["locationExpr"] = expr
        p.expect("=")
        u = p.parse_operand()
        p.expect(":")
        t = p.parse_type()
        state.operands.append(p.resolve_operand(u, t))
        state.attributes.update(p.parse_optional_attr_dict())
        move_inherent(state, ("varInfo", "locationExpr"))
    return parse


def _dbg_printer(operand):
    """The printer of a dbg intrinsic whose one operand is named `operand`."""
    def print_(pr, op):
        props = op.properties
        s = " " + pr.attr_str(props["varInfo"])
        expr = props.get("locationExpr")
        if expr is not None and expr is not EMPTY_EXPRESSION:
            s += " " + pr.attr_str(expr)
        v = getattr(op, operand)
        pr.out.append(s + " = " + pr.value(v) + " : " + pr.type_str(v.type))
        pr.out.append(pr.attr_dict_str(op.attributes))
    return print_


for _n, _arg, _c in (("dbg.declare", "addr", LLVM_AnyPointer), ("dbg.value", "value", LLVM_Type)):
    _intr(_n, operands=[(_arg, _c)],
          attrs={"varInfo": DILocalVariableC,
                 "locationExpr": DIExpressionC.with_default(EMPTY_EXPRESSION)},
          parse=_dbg_parse(_arg == "addr"), print=_dbg_printer(_arg))
_intr("dbg.label", attrs={"label": DILabelC}, format="$label attr-dict")

__all__ = ["OPS", "op_error"]
