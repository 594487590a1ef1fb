"""Bufferization's transform ops (MLIR 19 BufferizationTransformOps):
bufferization.one_shot_bufferize, empty_tensor_to_alloc_tensor, eliminate_empty_tensors and
buffer_loop_hoisting. Declared here with their verifiers and handle effects;
the pass library attaches what they do (passes/transform/bufferization_ops.py)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, StringAttr
from pyopt.ir.constraints import (BoolAttrConstraint, IntEnum, IntEnumAttrC, StrAttr)
from pyopt.ir.opdef import Op
from pyopt.ir.types import I32
from pyopt.ir.verify_invariants import op_error
from pyopt.dialects.transform.extension import implement, register_ops
from pyopt.dialects.transform.types import OpHandle, concrete_op

LAYOUT_MAP_OPTION = IntEnum("LayoutMapOption", ["InferLayoutMap", "IdentityLayoutMap",
                                                "FullyDynamicLayoutMap"], I32,
                            "option for map layout")


def _false():
    return BoolAttrConstraint.with_default(BoolAttr(False))


def _verify_one_shot(op):
    memcpy = op.properties.get("memcpy_op")
    if memcpy is not None and memcpy.value not in ("memref.copy", "linalg.copy"):
        raise op_error(op, "unsupported memcpy op")

    def flag(name):
        a = op.properties.get(name)
        return a is not None and bool(a.value)
    if flag("print_conflicts") and not flag("test_analysis_only"):
        raise op_error(op, "'print_conflicts' requires 'test_analysis_only'")
    if flag("dump_alias_sets") and not flag("test_analysis_only"):
        raise op_error(op, "'dump_alias_sets' requires 'test_analysis_only'")


ONE_SHOT_BUFFERIZE = register_ops(
    Op("transform.bufferization.one_shot_bufferize", operands=[("target", OpHandle)],
       results=[("transformed", OpHandle)],
       attrs={"function_boundary_type_conversion": IntEnumAttrC(LAYOUT_MAP_OPTION).opt(),
              "allow_return_allocs_from_loops": _false(), "allow_unknown_ops": _false(),
              "bufferize_function_boundaries": _false(), "dump_alias_sets": _false(),
              "test_analysis_only": _false(), "print_conflicts": _false(),
              "check_parallel_regions": BoolAttrConstraint.with_default(BoolAttr(True)),
              "memcpy_op": StrAttr.with_default(StringAttr("memref.copy"))},
       format="(`layout` `{` $function_boundary_type_conversion^ `}`)? $target attr-dict "
              "`:` functional-type($target, results)",
       verify=_verify_one_shot))
EMPTY_TENSOR_TO_ALLOC_TENSOR = register_ops(
    Op("transform.bufferization.empty_tensor_to_alloc_tensor",
       operands=[("target", concrete_op("tensor.empty"))],
       results=[("transformed", concrete_op("bufferization.alloc_tensor"))],
       format="$target attr-dict `:` functional-type(operands, results)"))
ELIMINATE_EMPTY_TENSORS = register_ops(
    Op("transform.bufferization.eliminate_empty_tensors", operands=[("target", OpHandle)],
       format="$target attr-dict `:` type($target)"))
BUFFER_LOOP_HOISTING = register_ops(
    Op("transform.bufferization.buffer_loop_hoisting", operands=[("target", OpHandle)],
       format="$target attr-dict `:` type($target)"))

implement(ONE_SHOT_BUFFERIZE, consumes=("target",), modifies_payload=True)
implement(EMPTY_TENSOR_TO_ALLOC_TENSOR, consumes=("target",), modifies_payload=True)
implement(BUFFER_LOOP_HOISTING, modifies_payload=True)
implement(ELIMINATE_EMPTY_TENSORS, modifies_payload=True)
