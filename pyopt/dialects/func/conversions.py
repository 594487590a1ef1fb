"""Type-conversion patterns for function-like ops and the ops that pass values across function
and block boundaries (MLIR's Func/Transforms/FuncConversions): a conversion that changes types
uses them so signatures, block arguments, calls, returns and branches follow the converted
values.

    patterns = my_patterns(tc) + function_type_conversion_patterns(tc)
    target.add_dynamically_legal_op("func.func", tc.is_function_legal)
    target.add_dynamically_legal_op(["func.return", "func.call", "cf.br"], tc.is_legal)
"""
from __future__ import annotations

from pyopt.ir.attributes import TypeAttr
from pyopt.rewrite.conversion.driver import OpConversionPattern


class FunctionSignatureConversion(OpConversionPattern):
    """A function-like op (a `function_type` TypeAttr holding a FunctionType): the new function
    type, and the body's block arguments converted (entry block by the signature conversion,
    the others by the type converter)."""
    root = "func.func"

    def match_and_rewrite(self, op, adaptor, rewriter):
        tc = self.type_converter
        r = tc.convert_function_type(op.get_attr("function_type").value)
        if r is None:
            return rewriter.notify_match_failure(op, "signature is not convertible")
        conv, ft = r
        body = op.regions[0]
        if body.blocks and rewriter.convert_region_types(body, tc, conv) is None:
            return rewriter.notify_match_failure(op, "region types are not convertible")
        rewriter.modify_op_in_place(op, lambda: op.properties.__setitem__(
            "function_type", TypeAttr(ft)))
        return True


class OperandsAndResultsConversion(OpConversionPattern):
    """An op that only forwards values (return, call, branch): it takes the converted operands,
    and is rebuilt with converted result types when it has results (1:1 conversions)."""

    # Rebuilt even without results: a call is replaced by a new call (as MLIR's
    # CallOpSignatureConversion), a branch or return is updated in place.
    rebuilt = ("func.call",)

    def match_and_rewrite(self, op, adaptor, rewriter):
        if op.results or op.name in self.rebuilt:
            types = self.type_converter.convert_types(op.result_types)
            if types is None or len(types) != len(op.results):
                return rewriter.notify_match_failure(op, "result types are not convertible")
            new = rewriter.replace_op_with_new_op(
                op, op.name, list(adaptor.operands), types,
                properties=dict(op.properties), attributes=dict(op.attributes),
                successors=list(op.successors))
            return new is not None
        rewriter.modify_op_in_place(op, lambda: op.set_operands(list(adaptor.operands)))
        return True


FORWARDING_OPS = ("func.return", "func.call", "cf.br", "cf.cond_br", "cf.switch")


def function_type_conversion_patterns(tc, function_ops=("func.func",),
                                      forwarding_ops=FORWARDING_OPS):
    """The signature pattern for each function op name and the operand/result pattern for
    each forwarding op name."""
    return ([FunctionSignatureConversion(tc, root=n) for n in function_ops] +
            [OperandsAndResultsConversion(tc, root=n) for n in forwarding_ops])
