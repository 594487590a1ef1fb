"""The generated format parsers (format.py, built at an op's first parse) must behave exactly
like the format interpreter they replace: same IR, same diagnostics."""
import pytest

from pyopt.dialects import make_context
from pyopt.syntax import format as F
from pyopt.ir.location import SourceBuffer
from pyopt.ir.verifier import verify
from pyopt.ir.diagnostics import MLIRError
from pyopt.syntax.printer import Printer, PrintFlags
from pyopt.tool import parse_module

HEADER = "func.func @f(%a: i32, %b: i32, %c: i1, %x: f32, %i: index, %m: memref<4xf32>) {\n"

CASES = [
    # valid
    "%0 = arith.addi %a, %b : i32",
    "%0 = arith.addi %a, %b overflow<nsw> : i32",
    "%0 = arith.addf %x, %x fastmath<fast> {foo = 1} : f32",
    "%0 = arith.cmpi slt, %a, %b : i32",
    "%0 = arith.constant 42 : i32",
    "%0 = arith.index_cast %i : index to i32",
    "%0 = memref.load %m[%i] : memref<4xf32>",
    "memref.store %x, %m[%i] : memref<4xf32>",
    "%0 = memref.alloc(%i) : memref<?xf32>",
    "%0 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to f32",
    "%0 = builtin.unrealized_conversion_cast to f32",
    "cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)\n^bb1(%v: i32):",
    # invalid: every diagnostic must match the interpreter's
    "%0 = arith.addi %a, %x : i32",
    "%0 = arith.addi %a %b : i32",
    "%0 = arith.addi %a, %b",
    "%0 = arith.addi %a, %b {overflowFlags = 3 : i32} : i32",
    "%0 = arith.cmpi foo, %a, %b : i32",
    "%0 = arith.cmpi slt, %a, %b : memref<4xf32>",
    "%0 = arith.constant : i32",
    "%0 = memref.load %m[%i, %i] : memref<4xf32>",
    "%0 = memref.load %m[%i] : i32",
    "%0 = builtin.unrealized_conversion_cast %a : i32, i32 to f32",
    "%0 = builtin.unrealized_conversion_cast %a to f32",
    "cf.cond_br %a, ^bb1, ^bb1\n^bb1:",
    "cf.cond_br %c, ^bb1(%a : i32, i32), ^bb1\n^bb1(%v: i32):",
    "%0:2 = arith.addi %a, %b : i32",
]


def _run(text, generated):
    ctx = make_context()
    saved = {}
    if not generated:  # route every format op through the interpreter
        ctx.load_all()
        for d in ctx.ops.values():
            d.ensure_format()
            interp = d.__dict__.get("_fmt_interpreted_parse")
            if interp is not None:
                saved[d] = d.parse
                d.parse = interp
    try:
        m, _ = parse_module(SourceBuffer("t.mlir", text), ctx)
        verify(m, ctx)
        return Printer(PrintFlags(), ctx).print_top(m) + \
            Printer(PrintFlags(generic=True), ctx).print_top(m)
    except MLIRError as e:
        loc = e.diag.loc
        return f"error at {loc.line}:{loc.col}: {e.diag.message}"
    finally:
        for d, fn in saved.items():
            d.parse = fn


@pytest.mark.parametrize("body", CASES)
def test_generated_parser_matches_interpreter(body):
    text = HEADER + "  " + body + "\n  return\n}\n"
    assert _run(text, True) == _run(text, False)


@pytest.mark.parametrize("name", ["arith.addi", "arith.cmpi", "memref.load", "func.call",
                                  "cf.cond_br", "llvm.getelementptr", "llvm.insertvalue",
                                  "llvm.extractvalue", "llvm.select", "llvm.shufflevector"])
def test_common_ops_get_a_generated_parser(name):
    d = make_context().ops[name]
    d.ensure_format()
    fn = F._generated_parse(d)
    assert fn is not None and "def parse(parser, state)" in fn.source


def test_every_format_generates_or_says_why_not():
    """The parser and printer generators build for every registered op's format, or raise
    their explicit 'unsupported' signal (the interpreter then serves the op); any other
    exception is a generator bug, never hidden by a fallback."""
    from pyopt.dialects import all_dialects
    from pyopt.syntax.format import _compile_print, _generated_print, codegen
    checked = 0
    for dialect in all_dialects():
        for d in dialect.ops.values():
            if d.format is None:
                continue
            d.ensure_format()
            try:
                codegen._ParseGen(d).build()
            except codegen._Unsupported:
                pass
            dynamic = []
            steps, _ = _compile_print(d, d._fmt_elements, (True, False), dynamic)
            if not dynamic:
                _generated_print(d, steps)
            checked += 1
    assert checked > 300


LLVM_HEADER = ("llvm.func @g(%p: !llvm.ptr, %s: !llvm.struct<(i32, f32)>, %c: i1, %i: i32, "
               "%j: i64, %v: vector<2xi32>) {\n")

# Custom directives that parse operands and refer to types (GEP indices, insert/extractvalue
# element types, shufflevector), operands typed as one list (GEP's functional type) and the
# `operands` directive typed group by group (select).
LLVM_CASES = [
    "%0 = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, i32",
    "%0 = llvm.getelementptr inbounds %p[%j, 1] : (!llvm.ptr, i64) -> !llvm.ptr, "
    "!llvm.struct<(i32, f32)>",
    "%0 = llvm.getelementptr %p[%j, %i] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.array<4 x i32>",
    "%0 = llvm.getelementptr %p[%j] : (!llvm.ptr) -> !llvm.ptr, i32",
    "%0 = llvm.getelementptr %p[1] : (!llvm.ptr, i64) -> !llvm.ptr, i32",
    "%0 = llvm.getelementptr %p[%j] : (!llvm.ptr, i32) -> !llvm.ptr, i32",
    "%0 = llvm.getelementptr %p[] : (!llvm.ptr) -> !llvm.ptr, i32",
    "%0 = llvm.insertvalue %i, %s[0] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.insertvalue %i, %s[1] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.insertvalue %i, %s[2] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.extractvalue %s[0, 0] : !llvm.struct<(i32, f32)>",
    "%0 = llvm.select %c, %i, %i : i1, i32",
    "%0 = llvm.select %c, %i, %j : i1, i32",
    "%0 = llvm.select %c, %i : i1, i32",
    "%0 = llvm.select %c, %i, %i {fastmathFlags = #llvm.fastmath<fast>} : i1, i32",
    "%0 = llvm.shufflevector %v, %v [0, 3, 1] : vector<2xi32>",
    "%0 = llvm.shufflevector %v, %v [0, 1] : i32",
]


@pytest.mark.parametrize("body", LLVM_CASES)
def test_generated_llvm_parser_matches_interpreter(body):
    text = LLVM_HEADER + "  " + body + "\n  llvm.return\n}\n"
    assert _run(text, True) == _run(text, False)


def test_generated_gep_reads_a_typed_pointer_element_type_as_the_interpreter():
    # (seed-era syntax: the element type comes from the typed base pointer, no `, type`)
    text = ("llvm.func @h(%q: !llvm.ptr<f32>) {\n"
            "  %0 = llvm.getelementptr %q[1] : (!llvm.ptr<f32>) -> !llvm.ptr<f32>\n"
            "  llvm.return\n}\n")
    out = _run(text, True)
    assert "llvm.getelementptr" in out and out == _run(text, False)
