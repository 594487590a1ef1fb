"""Interpreter models of bufferization's transform ops (declared in
pyopt/dialects/transform/ext_bufferization.py) over one-shot bufferization and the buffer
hoisting pass."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import BufferizationOptions
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.transform import ext_bufferization as B
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import silenceable
from passes.bufferization.hoisting import buffer_loop_hoisting
from passes.bufferization.one_shot.empty_tensor_elimination import empty_tensor_elimination
from passes.bufferization.one_shot.one_shot_pass import run_one_shot_bufferize

_LAYOUTS = ("infer-layout-map", "identity-layout-map", "fully-dynamic-layout-map")


class _LinalgCopyOptions(BufferizationOptions):
    """memcpy_op = "linalg.copy": buffer copies are linalg.copy ops."""

    def create_memcpy(self, b, loc, source, target):
        create_named(b, "linalg.copy", [source], [target], loc=loc)


def _flag(op, name, default=False):
    a = op.properties.get(name)
    return default if a is None else bool(a.value)


def _options(op):
    memcpy = op.properties.get("memcpy_op")
    o = _LinalgCopyOptions() if memcpy is not None and memcpy.value == "linalg.copy" \
        else BufferizationOptions()
    o.allow_return_allocs_from_loops = _flag(op, "allow_return_allocs_from_loops")
    o.allow_unknown_ops = _flag(op, "allow_unknown_ops")
    o.bufferize_function_boundaries = _flag(op, "bufferize_function_boundaries")
    o.dump_alias_sets = _flag(op, "dump_alias_sets")
    o.test_analysis_only = _flag(op, "test_analysis_only")
    o.print_conflicts = _flag(op, "print_conflicts")
    o.check_parallel_regions = _flag(op, "check_parallel_regions", True)
    layout = op.properties.get("function_boundary_type_conversion")
    if layout is not None:  # (setFunctionBoundaryTypeConversion)
        o.function_arg_layout = _LAYOUTS[layout.value]
        o.infer_function_result_layout = layout.value == 0
    return o


def _apply_one_shot(op, state, results):
    options = _options(op)
    payload = state.payload_ops(op.target)
    for target in payload:
        if target.name != "builtin.module" and "function_type" not in target.properties:
            raise silenceable(op, "expected module or function target")
        if options.bufferize_function_boundaries and target.name != "builtin.module":
            raise silenceable(op, "expected module target")
        try:
            run_one_shot_bufferize(target, options, state.ctx)
        except MLIRError as e:
            if e.diag.message is not None:
                state.emit(e.diag)
            raise silenceable(op, "bufferization failed")
    results.set(0, payload)


def _empty_to_alloc(op, target, state):
    rw = state.rewriter
    rw.set_insertion_point(target)
    sizes = list(target.operands)  # (tensor.empty's dynamic sizes)
    alloc = rw.create("bufferization.alloc_tensor", sizes, [target.results[0].type],
                      properties={"operandSegmentSizes": segment_sizes([len(sizes), 0, 0])},
                      loc=target.loc)
    rw.replace_op(target, list(alloc.results))
    return [alloc]


def _loop_hoisting(op, target, state):
    buffer_loop_hoisting(target, state.ctx, {})
    return None


implement(B.ONE_SHOT_BUFFERIZE, _apply_one_shot, consumes=("target",), modifies_payload=True)
implement(B.EMPTY_TENSOR_TO_ALLOC_TENSOR, each=_empty_to_alloc, each_op="tensor.empty",
          consumes=("target",), modifies_payload=True)
implement(B.BUFFER_LOOP_HOISTING, each=_loop_hoisting, modifies_payload=True)


def _apply_eliminate_empty_tensors(op, state, results):
    for target in state.payload_ops(op.target):
        try:
            empty_tensor_elimination(target, state.ctx, {})
        except MLIRError as e:
            if e.diag.message is not None:
                state.emit(e.diag)
            raise silenceable(target, "empty tensor elimination failed")


implement(B.ELIMINATE_EMPTY_TENSORS, _apply_eliminate_empty_tensors, modifies_payload=True)
