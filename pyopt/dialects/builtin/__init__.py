"""The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`."""
from __future__ import annotations

from pyopt.ir.opdef import (Dialect, Op, ISOLATED, NO_TERMINATOR, SYMBOL_TABLE, SYMBOL, GRAPH_REGION,
                    SINGLE_BLOCK, AFFINE_SCOPE, PURE)
from pyopt.ir.constraints import SymbolNameAttr, StrAttr, AnyType
from pyopt.ir.verifier import op_error


def _verify_module(op):
    body = op.regions[0]  # (NoRegionArguments)
    if body.blocks and body.blocks[0].args:
        raise op_error(op, "region should have no arguments")
    # Attributes with a dialect prefix are the only discardable ones a module may carry.
    for name in op.attributes:
        if "." not in name:
            raise op_error(op, f"can only contain attributes with dialect-prefixed names, "
                           f"found: '{name}'")


MODULE = Op("builtin.module",
            attrs={"sym_name": SymbolNameAttr.opt(), "sym_visibility": StrAttr.opt()},
            regions=["bodyRegion"],
            traits=[ISOLATED, NO_TERMINATOR, SYMBOL_TABLE, SYMBOL, GRAPH_REGION, SINGLE_BLOCK,
                    AFFINE_SCOPE],
            format="($sym_name^)? attr-dict-with-keyword $bodyRegion",
            default_dialect="builtin", verify=_verify_module)

def _verify_cast(op):
    if not op.results:
        raise op_error(op, "expected at least one result for cast operation")


def _fold_cast(op, consts):
    ins = op.operands
    if not ins:
        return None
    if [v.type for v in ins] == op.result_types:  # cast(x: T) to T -> x
        return ins
    src = ins[0].defining_op()  # cast(cast(x: A) to B) to A -> x
    if src is None or src.name != op.name or src.results != ins or \
            src.operand_types != op.result_types:
        return None
    return src.operands


CAST = Op("builtin.unrealized_conversion_cast", verify=_verify_cast, fold=_fold_cast,
          traits=[PURE],
          operands=[("inputs", AnyType, "*")], results=[("outputs", AnyType, "*")],
          format="($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict")

BUILTIN = Dialect("builtin", [MODULE, CAST])
