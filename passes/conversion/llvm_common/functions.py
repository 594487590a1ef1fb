"""Declarations of runtime functions the lowerings call (MLIR's FunctionCallUtils): malloc,
free, aligned_alloc, abort, puts, ... are declared once per module as external llvm.func."""
from __future__ import annotations

from pyopt.ir.attributes import StringAttr, TypeAttr
from pyopt.ir.core import Region
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.llvm import types as lt
from passes.conversion.llvm_common import builders as B


def lookup_or_create_fn(module, name, param_types, result_type, ctx, var_arg=False):
    """The name of an `llvm.func @name` in `module`, declared at the start of its body if
    missing (returns the name, for `builders.call`)."""
    body = module.regions[0].blocks[0]
    key = StringAttr(name)
    for op in body.ops:
        if op.name in ("llvm.func", "func.func") and op.properties.get("sym_name") == key:
            return name
    b = Builder(ctx)
    b.set_insertion_point_to_start(body)
    ft = lt.LLVMFunctionType(result_type, list(param_types), var_arg)
    B.create(b, "llvm.func", [], [], properties={"sym_name": StringAttr(name),
                                                 "function_type": TypeAttr(ft)},
             regions=[Region()], loc=module.loc)
    return name
