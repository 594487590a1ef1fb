"""`convert-complex-to-libm`: complex ops on complex<f32>/complex<f64> become calls of the C99
complex functions (`csinf` / `csin`, ...), declared private at the top of the enclosing symbol
table when missing. Other element types are left alone (the ops are illegal, so the pass then
fails, as mlir-opt does).
"""
from __future__ import annotations

from pyopt.dialects.func import declare_private_func
from pyopt.ir.attributes import FlatSymbolRefAttr
from pyopt.ir.symbols import nearest_symbol_table, symbol_name
from pyopt.ir.types import ComplexType, F32, F64
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern

# complex op -> (f32 function, f64 function); the function is chosen by the result type
LIBM = {
    "pow": ("cpowf", "cpow"), "sqrt": ("csqrtf", "csqrt"), "tanh": ("ctanhf", "ctanh"),
    "cos": ("ccosf", "ccos"), "sin": ("csinf", "csin"), "conj": ("conjf", "conj"),
    "log": ("clogf", "clog"), "abs": ("cabsf", "cabs"), "angle": ("cargf", "carg"),
    "tan": ("ctanf", "ctan"),
}
REAL_RESULT = ("abs", "angle")  # these return the element type, not a complex


class _Declared:
    """Top-level symbol names per symbol table, read once and extended by the declarations this
    pass makes (so each lookup is O(1), not a scan of the module)."""

    def __init__(self):
        self.tables = {}

    def has(self, table, name):
        names = self.tables.get(table)
        if names is None:
            names = self.tables[table] = {symbol_name(o) for o in table.regions[0].blocks[0]}
        return name in names

    def add(self, table, name):
        self.tables[table].add(name)


class ComplexLibmCall(RewritePattern):
    def __init__(self, op, f32_name, f64_name, declared):
        super().__init__("complex." + op, 1, name="ScalarOpToLibmCall")
        if op in REAL_RESULT:
            self.names = {F32: f32_name, F64: f64_name}
        else:
            self.names = {ComplexType(F32): f32_name, ComplexType(F64): f64_name}
        self.declared = declared

    def match_and_rewrite(self, op, rw):
        t = op.result_types[0]
        name = self.names.get(t)
        if name is None:
            return False
        table = nearest_symbol_table(op)
        if not self.declared.has(table, name):
            declare_private_func(rw, table, name, op.operand_types, op.result_types)
            self.declared.add(table, name)
        rw.replace_op_with_new_op(op, "func.call", op.operands, [t],
                                  properties={"callee": FlatSymbolRefAttr(name)})
        return True


def complex_to_libm_patterns():
    declared = _Declared()
    return [ComplexLibmCall(op, f32, f64, declared) for op, (f32, f64) in LIBM.items()]


@register_pass("convert-complex-to-libm", "Convert Complex dialect to libm calls",
               display_name="ConvertComplexToLibm", anchor="builtin.module")
def convert_complex_to_libm(module, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("func")
    target.add_illegal_op(*("complex." + op for op in LIBM))
    apply_partial_conversion(module, target, complex_to_libm_patterns(), ctx)
