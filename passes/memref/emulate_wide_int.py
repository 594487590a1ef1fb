"""`memref-emulate-wide-int`: arith-emulate-wide-int plus memrefs: a memref of integers twice
the widest supported width holds `vector<2xiN>` elements instead, and memref.alloc / load /
store are rebuilt on the converted types."""
from __future__ import annotations

from pyopt.ir.types import IntegerType, MemRefType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.conversion import ConversionTarget, OpConversionPattern, \
    apply_partial_conversion
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from passes.arith.emulate_wide_int import WideIntConverter, wide_int_patterns


def _add_memref_conversion(tc):
    def convert(t):
        if type(t) is not MemRefType:
            return None
        et = t.element_type
        if type(et) is not IntegerType or et.width <= tc.max_width:
            return t
        new = tc.convert_type(et)
        return None if new is None else t.with_(element_type=new)
    tc.add_conversion(convert)


class _Rebuild(OpConversionPattern):
    """Recreates the op with converted operands and result types, properties kept."""

    def match_and_rewrite(self, op, adaptor, rewriter):
        types = self.type_converter.convert_types(op.result_types)
        if types is None:
            return rewriter.notify_match_failure(op, "failed to convert memref type")
        rewriter.replace_op_with_new_op(op, op.name, list(adaptor), types,
                                        properties=dict(op.properties))
        return True


@register_pass("memref-emulate-wide-int",
               "Emulate 2*N-bit integer operations using N-bit operations",
               options=[PassOption("widest-int-supported", int, 32,
                                   "Widest integer type supported by the target")],
               display_name="MemRefEmulateWideInt")
def memref_emulate_wide_int(root, ctx, options):
    w = options.get("widest-int-supported", 32)
    if w < 2 or w & (w - 1):
        raise MLIRError(Diagnostic("error", root.loc, "memref-emulate-wide-int: "
                                   "widest-int-supported must be a power of two >= 2"))
    tc = WideIntConverter(w)
    _add_memref_conversion(tc)
    target = ConversionTarget(ctx)
    target.add_dynamically_legal_op("func.func", lambda op: tc.is_signature_legal(
        op.get_attr("function_type").value))
    target.add_dynamically_legal_op(["func.call", "func.return"], tc.is_legal)
    target.add_dynamically_legal_dialect(["arith", "memref", "vector"], tc.is_legal)
    pats = wide_int_patterns(tc) + [_Rebuild(tc, root=n) for n in
                                    ("memref.alloc", "memref.load", "memref.store")]
    apply_partial_conversion(root, target, pats, ctx)
