"""pyopt-lsp's document model in-process: LSP positions in each encoding, per-chunk parses
kept across edits, and a crash inside a dialect's parser reported as a diagnostic."""
from __future__ import annotations

import pytest

from pyopt.dialects import make_context
from pyopt.ir.opdef import Dialect, Op
from pyopt.lsp.convert import document_diagnostics
from pyopt.lsp.document import Document

TEXT = 'func.func @f() {\n  // é😀 x\n  return\n}\n'


@pytest.mark.parametrize("encoding, character", [("utf-16", 9), ("utf-8", 12), ("utf-32", 8)])
def test_positions_in_each_encoding(encoding, character):
    doc = Document("file:///t.mlir", "/t.mlir", TEXT, make_context(True), encoding=encoding)
    at = TEXT.index("x")
    assert doc.position(at) == (1, character)
    assert doc.offset(1, character) == at
    assert doc.offset(1, 1000) == TEXT.index("\n", at)  # (clamped to the line)


def test_unchanged_chunks_keep_their_parse():
    first = "func.func @a() {\n  return\n}\n"
    second = "func.func @b() {\n  %x = arith.constant 1 : i32\n  return\n}\n"
    doc = Document("file:///t.mlir", "/t.mlir", first + "// -----\n" + second,
                   make_context(True))
    kept = doc.chunks[1]
    doc.set_text(first.replace("return", "return // edited") + "// -----\n" + second, 2)
    assert doc.chunks[1] is kept and doc.chunks[0] is not kept
    assert kept.start == doc.text.index("// -----\n") + len("// -----")
    # diagnostics of a reused chunk land on its new lines
    doc.set_text("\n\n" + first + "// -----\n" + second.replace("1 : i32", "1 : f32"), 3)
    [diag] = document_diagnostics(doc)
    assert diag.range.start.line == 7


def _crash(parser, state):
    raise ZeroDivisionError("oops")


def test_a_crashing_op_parser_is_a_diagnostic():
    d = Dialect("crashy")
    d.add(Op("crashy.op", parse=_crash))
    ctx = make_context(True, extra=[d])
    text = "func.func @f() {\n  crashy.op\n  return\n}\n"
    doc = Document("file:///t.mlir", "/t.mlir", text, ctx)
    [diag] = document_diagnostics(doc)
    assert diag.message == "internal error in pyopt: ZeroDivisionError: oops"
    assert (diag.range.start.line, diag.range.start.character) == (1, 2)


def test_completion_after_a_parse_error_uses_the_names_written():
    from pyopt.lsp.completion import completion
    text = ("func.func @f(%a: i32) {\n  %b = arith.bogus %a\n  %c = arith.addi %a, %a : i32\n"
            "^bb4:\n  cf.br ^\n")
    doc = Document("file:///t.mlir", "/t.mlir", text, make_context(True))
    values = completion(doc, text.index("%a, %a") + 1).items
    assert [(i.label, i.detail) for i in values] == [("%a", "i32"), ("%b", None)]
    assert [i.label for i in completion(doc, len(text) - 1).items] == ["^bb4"]
