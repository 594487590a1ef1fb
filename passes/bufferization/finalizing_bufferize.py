"""`finalizing-bufferize`: removes the to_tensor / to_memref pairs left at bufferization
boundaries once every tensor is gone (MLIR 19's BufferizeTypeConverter and full conversion):
each cast is replaced by its converted operand; memrefs of different layouts meet through
castOrReallocMemRefValue (a memref.cast, or an alloc + copy); an op still on tensors fails to
legalize."""
from __future__ import annotations

from pyopt.ir.types import MemRefType, RankedTensorType, UnrankedMemRefType, UnrankedTensorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import (ConversionConfig, ConversionTarget, OpConversionPattern,
                                      TypeConverter, apply_full_conversion)
from pyopt.dialects.bufferization.canonicalize import cast_or_realloc_memref_value


def _to_tensor(builder, t, inputs, loc):
    if type(t) not in (RankedTensorType, UnrankedTensorType):
        return None
    return builder.create("bufferization.to_tensor", [inputs[0]], [t], loc=loc).results[0]


def _to_memref(builder, t, inputs, loc):
    if type(t) not in (MemRefType, UnrankedMemRefType):
        return None
    src = inputs[0]
    if isinstance(src.type, MemRefType):
        if type(t) is not MemRefType:
            return None  # (ranked <-> unranked casts must be explicit)
        return cast_or_realloc_memref_value(builder, src, t)
    return builder.create("bufferization.to_memref", [src], [t], loc=loc).results[0]


def bufferize_type_converter():
    """BufferizeTypeConverter: tensors to identity-layout memrefs, other types unchanged."""
    tc = TypeConverter()
    tc.add_conversion(lambda t: t)
    tc.add_conversion(lambda t: MemRefType(t.shape, t.element_type)
                      if type(t) is RankedTensorType else None)
    tc.add_conversion(lambda t: UnrankedMemRefType(t.element_type, None)
                      if type(t) is UnrankedTensorType else None)
    tc.add_argument_materialization(_to_tensor)
    tc.add_source_materialization(_to_tensor)
    tc.add_target_materialization(_to_memref)
    return tc


class _Forward(OpConversionPattern):
    """A to_tensor / to_memref becomes its (converted) operand."""

    def __init__(self, tc, root):
        super().__init__(tc, root)

    def match_and_rewrite(self, op, adaptor, rw):
        rw.replace_op(op, [adaptor.operands[0]])
        return True


@register_pass("finalizing-bufferize", "Finalize a partial bufferization",
               anchor="func.func", display_name="FinalizingBufferizePass")
def finalizing_bufferize(op, ctx, options):
    tc = bufferize_type_converter()
    target = ConversionTarget(ctx)
    target.mark_unknown_op_dynamically_legal(lambda o: tc.is_legal(o))
    patterns = [_Forward(tc, "bufferization.to_tensor"), _Forward(tc, "bufferization.to_memref")]
    apply_full_conversion(op, target, patterns, ctx, ConversionConfig(include_root=True))
