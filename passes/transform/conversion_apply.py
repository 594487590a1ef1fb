"""Interpreter models of transform.apply_conversion_patterns and of its descriptors
(declared in pyopt/dialects/transform/conversion_ops.py): the descriptors' patterns, with their
own type converter or the op's default one, run by the dialect conversion driver on each
target."""
from __future__ import annotations

from pyopt.interfaces import attach, model
from pyopt.ir.diagnostics import MLIRError
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.conversion.driver import ConversionConfig, apply_full_conversion
from pyopt.dialects.transform import conversion_ops as C
from pyopt.dialects.transform.extension import (CONVERSION_DESCRIPTOR, TYPE_CONVERTER_BUILDER,
                                               implement)
from pyopt.dialects.transform.failures import definite, silenceable
from passes.conversion.llvm_common import LLVMTypeConverter, LowerToLLVMOptions
from passes.conversion.llvm_common.interface import populators
from passes.conversion.func_to_llvm import populate_func_to_llvm_patterns
from passes.conversion.vector_to_llvm import populate_vector_to_llvm
from passes.transform.payload_rewrites import ensure_separate


class Descriptor:
    """A conversion-pattern descriptor: `populate(op, target, tc, patterns)` and, when it
    brings its own, `type_converter(op)`."""

    def __init__(self, populate, type_converter=None):
        self.populate = populate
        self.type_converter = type_converter


def _dialect_to_llvm(op, target, tc, patterns):
    name = op.dialect_name.value
    fn = populators().get(name)
    if fn is None:
        raise definite(op, "dialect does not implement ConvertToLLVMPatternInterface or "
                       f"extension was not loaded: {name}")
    fn(target, tc, patterns)


def _vector_to_llvm(op, target, tc, patterns):
    def flag(name, default):
        a = op.properties.get(name)
        return default if a is None else bool(a.value)
    populate_vector_to_llvm(target, tc, patterns, flag("reassociate_fp_reductions", False),
                            flag("force_32bit_vector_indices", True))


def _memref_type_converter(op):
    bits = op.properties.get("index_bitwidth")
    bare = op.properties.get("use_bare_ptr_call_conv")
    layout = op.properties.get("data_layout")
    return LLVMTypeConverter(LowerToLLVMOptions(
        bits.value if bits is not None else 64, layout.value if layout is not None else "",
        bool(bare.value) if bare is not None else False))


attach(C.DIALECT_TO_LLVM, CONVERSION_DESCRIPTOR, Descriptor(_dialect_to_llvm))
attach(C.FUNC_TO_LLVM, CONVERSION_DESCRIPTOR,
       Descriptor(lambda op, target, tc, patterns: populate_func_to_llvm_patterns(tc, patterns)))
attach(C.VECTOR_TO_LLVM, CONVERSION_DESCRIPTOR, Descriptor(_vector_to_llvm))
attach(C.MEMREF_TO_LLVM_TYPE_CONVERTER, TYPE_CONVERTER_BUILDER, _memref_type_converter)


def _names(op, attr):
    a = op.properties.get(attr)
    return [x.value for x in a] if a is not None else []


def _apply_conversion_patterns(op, state, results):
    default_tc = None
    if len(op.regions) > 1 and op.regions[1].blocks:
        builder = next(iter(op.regions[1].blocks[0].ops))
        default_tc = model(builder, TYPE_CONVERTER_BUILDER)(builder)
    target = ConversionTarget(state.ctx)
    target.add_legal_op(*_names(op, "legal_ops"))
    target.add_illegal_op(*_names(op, "illegal_ops"))
    target.add_legal_dialect(*_names(op, "legal_dialects"))
    target.add_illegal_dialect(*_names(op, "illegal_dialects"))
    patterns = []
    if op.regions[0].blocks:
        for d in op.regions[0].blocks[0].ops:
            desc = model(d, CONVERSION_DESCRIPTOR)
            tc = desc.type_converter(d) if desc.type_converter is not None else default_tc
            if tc is None:
                raise definite(op, "pattern descriptor does not specify type converter and "
                               "apply_conversion_patterns op has no default type converter",
                               [("pattern descriptor op", d.loc)])
            desc.populate(d, target, tc, patterns)
    partial = "partial_conversion" in op.properties
    config = ConversionConfig(include_root=True)  # (as MLIR: the target op converts too)
    if "preserve_handles" in op.properties:
        # (conversions replace ops by ops of other names: any single defining op will do)
        config.listener = state.rewriter.listener
        config.listener.require_same_name = False
    for payload in state.payload_ops(op.target):
        ensure_separate(op, payload)
        try:
            (apply_partial_conversion if partial else apply_full_conversion)(
                payload, target, patterns, state.ctx, config)
        except MLIRError as e:
            if e.diag.message is not None:
                state.emit(e.diag)
            raise silenceable(op, "dialect conversion failed", [("target op", payload.loc)])


implement(C.APPLY_CONVERSION_PATTERNS, _apply_conversion_patterns,
          consumes=lambda op: set() if "preserve_handles" in op.properties else {0},
          modifies_payload=True)
