"""`func-bufferize` (deprecated in 19, still registered): function signatures, block
arguments, calls, returns and branches switch from tensors to memrefs with the
BufferizeTypeConverter; the bodies meet them through to_tensor / to_memref (a full conversion,
as MLIR 19's FuncBufferize.cpp)."""
from __future__ import annotations

from pyopt.dialects.func.conversions import function_type_conversion_patterns
from pyopt.interfaces.branch import branch_model, successor_operands
from pyopt.ir.opdef import RETURN_LIKE, TERMINATOR
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionConfig, ConversionTarget, apply_full_conversion

from passes.bufferization.finalizing_bufferize import bufferize_type_converter


def _unknown_op_legal(op, tc):
    d = op.opdef
    # (only the terminators of the functions' own blocks are converted)
    if d is not None and TERMINATOR not in d.traits:
        return True
    block = op.parent
    if block is None or block.last is not op:
        return True
    parent = block.parent.parent if block.parent is not None else None
    if parent is None or parent.name != "func.func":
        return True
    if branch_model(op) is not None:
        return all(tc.is_legal([v.type for v in successor_operands(op, i).values])
                   for i in range(len(op.successors)))
    if op.name == "func.return":
        return tc.is_legal(op)
    return d is not None and RETURN_LIKE in d.traits


@register_pass("func-bufferize", "Bufferize func/call/return ops",
               anchor="builtin.module", display_name="FuncBufferizePass")
def func_bufferize(module, ctx, options):
    tc = bufferize_type_converter()
    target = ConversionTarget(ctx)

    def func_legal(f):
        if not tc.is_signature_legal(f.get_attr("function_type").value):
            return False
        return all(tc.is_legal(list(b.arg_types)) for b in f.regions[0].blocks)
    target.add_dynamically_legal_op("func.func", func_legal)
    target.add_dynamically_legal_op("func.call", tc.is_legal)
    target.add_legal_op("builtin.module", "bufferization.to_tensor", "bufferization.to_memref")
    target.mark_unknown_op_dynamically_legal(lambda o: _unknown_op_legal(o, tc))
    patterns = function_type_conversion_patterns(tc)
    apply_full_conversion(module, target, patterns, ctx, ConversionConfig())
