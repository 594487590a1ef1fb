"""`convert-math-to-libm`: math ops become calls of the C math library (`sinf` for f32, `sin`
for f64), declared at the top of the enclosing symbol table when missing. Vector ops are
unrolled to scalars first; f16/bf16 ops are computed in f32 (extf, call, truncf).
"""
from __future__ import annotations

from pyopt.dialects.func import declare_private_func
from pyopt.ir.attributes import UNIT, FlatSymbolRefAttr
from pyopt.ir.symbols import nearest_symbol_table, symbol_name
from pyopt.ir.types import BF16, F16, F32, F64
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern

from passes.conversion.elementwise_unroll import unroll_vector_op

# math op -> (f32 function, f64 function)
LIBM = {
    "absf": ("fabsf", "fabs"), "acos": ("acosf", "acos"), "acosh": ("acoshf", "acosh"),
    "asin": ("asinf", "asin"), "asinh": ("asinhf", "asinh"), "atan2": ("atan2f", "atan2"),
    "atan": ("atanf", "atan"), "atanh": ("atanhf", "atanh"), "cbrt": ("cbrtf", "cbrt"),
    "ceil": ("ceilf", "ceil"), "cos": ("cosf", "cos"), "cosh": ("coshf", "cosh"),
    "erf": ("erff", "erf"), "exp": ("expf", "exp"), "exp2": ("exp2f", "exp2"),
    "expm1": ("expm1f", "expm1"), "floor": ("floorf", "floor"), "fma": ("fmaf", "fma"),
    "log": ("logf", "log"), "log2": ("log2f", "log2"), "log10": ("log10f", "log10"),
    "log1p": ("log1pf", "log1p"), "powf": ("powf", "pow"),
    "roundeven": ("roundevenf", "roundeven"), "round": ("roundf", "round"),
    "sin": ("sinf", "sin"), "sinh": ("sinhf", "sinh"), "sqrt": ("sqrtf", "sqrt"),
    "tan": ("tanf", "tan"), "tanh": ("tanhf", "tanh"), "trunc": ("truncf", "trunc"),
}


def promote_to_f32(op, rw):
    """f16/bf16: the same op on operands extended to f32, its result truncated back."""
    t = op.result_types[0]
    if t is not F16 and t is not BF16:
        return False
    loc = op.loc
    wide = [rw.create("arith.extf", [v], [F32], loc=loc).results[0] for v in op.operands]
    new = rw.create(op.name, wide, [F32], loc=loc).results[0]
    rw.replace_op_with_new_op(op, "arith.truncf", [new], [t])
    return True


class LibmCall(RewritePattern):
    """A scalar f32/f64 op -> func.call of its libm function, declared if not yet there."""

    def __init__(self, root, f32_name, f64_name, symbols):
        super().__init__(root, 1, name="ScalarOpToLibmCall")
        self.names = {F32: f32_name, F64: f64_name}
        self.symbols = symbols

    def match_and_rewrite(self, op, rw):
        t = op.result_types[0]
        name = self.names.get(t)
        if name is None:
            return False
        table = nearest_symbol_table(op)
        if self.symbols.lookup(table, name) is None:
            decl = declare_private_func(rw, table, name, op.operand_types, op.result_types,
                                        {"llvm.readnone": UNIT})
            self.symbols.add(table, name, decl)
        rw.replace_op_with_new_op(op, "func.call", op.operands, [t],
                                  properties={"callee": FlatSymbolRefAttr(name)})
        return True


class _Symbols:
    """Top-level symbols per symbol table, read once and kept up to date with the declarations
    this pass makes; an entry no longer in its table (a rolled-back rewrite) does not count."""

    def __init__(self):
        self.tables = {}

    def lookup(self, table, name):
        block = table.regions[0].blocks[0]
        syms = self.tables.get(table)
        if syms is None:
            syms = self.tables[table] = {}
            for o in block:
                n = symbol_name(o)
                if n is not None:
                    syms.setdefault(n, o)
        o = syms.get(name)
        return o if o is not None and o.parent is block else None

    def add(self, table, name, op):
        self.tables[table][name] = op


def math_to_libm_patterns():
    symbols = _Symbols()
    patterns = []
    for op, (f32_name, f64_name) in LIBM.items():
        root = "math." + op
        patterns += [RewritePattern(root, 1, unroll_vector_op, "VecOpToScalarOp"),
                     RewritePattern(root, 1, promote_to_f32, "PromoteOpToF32"),
                     LibmCall(root, f32_name, f64_name, symbols)]
    return patterns


@register_pass("convert-math-to-libm", "Convert Math dialect to libm calls",
               display_name="ConvertMathToLibm", anchor="builtin.module")
def convert_math_to_libm(module, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "builtin", "func", "vector")
    target.add_illegal_dialect("math")
    apply_partial_conversion(module, target, math_to_libm_patterns(), ctx)
