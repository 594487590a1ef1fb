"""pyopt-lsp driven over stdio by a real LSP client (pytest-lsp): one server for the module,
started with the examples/poly plugin dialect, and one document per test."""
from __future__ import annotations

import os
import sys

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POLY = os.path.join(ROOT, "examples", "poly", "poly.py")

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "pyopt.lsp.cli", f"--load-dialect-plugin={POLY}"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(T.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri="file:///work"))
    yield
    await lsp_client.shutdown_session()


_count = [0]


async def open_doc(client, text, name=None):
    """Opens `text` as a new document; returns (uri, diagnostics)."""
    _count[0] += 1
    uri = f"file:///work/{name or f'doc{_count[0]}.mlir'}"
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="mlir", version=1, text=text)))
    await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri, list(client.diagnostics[uri])


def pos(text, needle, nth=0, delta=0):
    """The position of the `nth` occurrence of `needle` in `text`, moved by `delta`."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += delta
    line = text.count("\n", 0, at)
    return T.Position(line, at - (text.rfind("\n", 0, at) + 1))


def td(uri):
    return T.TextDocumentIdentifier(uri)


CALLS = """\
#map = affine_map<(d0) -> (d0 + 1)>
!vec = vector<4xf32>
func.func private @callee(%arg0: i32) -> i32

func.func @caller(%a: i32, %b: i32) -> i32 {
  %sum = arith.addi %a, %b : i32
  %pair:2 = "test.two"(%sum) : (i32) -> (i32, i32)
  %r = func.call @callee(%pair#1) : (i32) -> i32
  cf.br ^bb1(%r : i32)
^bb1(%x: i32):
  %c0 = arith.constant 0 : i32
  %cond = arith.cmpi eq, %x, %c0 : i32
  cf.cond_br %cond, ^bb1(%x : i32), ^bb2
^bb2:
  return %x : i32 loc("lib/other.mlir":3:5)
}
"""


async def test_diagnostics_of_each_chunk_with_notes(client):
    text = ("func.func @f(%a: i32) -> i64 {\n  return %a : i32\n}\n\n// -----\n\n"
            "func.func @g() {\n  %0 = arith.constant 1 : i32\n  %0 = arith.constant 2 : i32\n"
            "  return\n}\n")
    _, diags = await open_doc(client, text)
    assert [(d.range.start.line, d.range.start.character, d.message) for d in diags] == [
        (1, 2, "type of return operand 0 ('i32') doesn't match function result type ('i64') "
               "in function @f"),
        (8, 2, "redefinition of SSA value '%0'")]
    assert all(d.source == "mlir" and d.severity == T.DiagnosticSeverity.Error for d in diags)
    verifier_note, parser_note = diags[0].related_information[0], diags[1].related_information[0]
    assert verifier_note.message == 'see current operation: "func.return"(%arg0) : (i32) -> ()'
    assert parser_note.message == "previously defined here"
    assert parser_note.location.range.start == T.Position(7, 2)


async def test_change_republishes_and_bad_input_keeps_server_up(client):
    uri, diags = await open_doc(client, "func.func @f() {\n  return\n}\n")
    assert diags == []
    for version, text in enumerate(['"unterminated', "%%% \x00 ^^", "func.func @f( {", "}}}}",
                                    "func.func @f() {\n  return\n"], start=2):
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [T.TextDocumentContentChangeWholeDocument(text)]))
        await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert len(client.diagnostics[uri]) == 1, text
    assert client.diagnostics[uri][0].range.start.line == 1  # "expected operation name..."
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=9),
        [T.TextDocumentContentChangeWholeDocument("func.func @f() {\n  return\n}\n")]))
    await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []
    hover = await client.text_document_hover_async(T.HoverParams(td(uri), T.Position(1, 3)))
    assert hover.contents.value.startswith('"func.return"')


async def test_hover(client):
    uri, diags = await open_doc(client, CALLS)
    assert diags == []

    async def hover(needle, nth=0, delta=1):
        h = await client.text_document_hover_async(T.HoverParams(td(uri),
                                                                 pos(CALLS, needle, nth, delta)))
        return h.contents.value if h is not None else None
    assert await hover("arith.addi") == (
        '"arith.addi"\n\nGeneric Form:\n\n```mlir\n%0 = "arith.addi"(%arg0, %arg1) '
        '<{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n```\n')
    assert (await hover("@callee", 1)).startswith('"func.func" : private @callee\n\n')
    assert await hover("%sum") == 'Operation: "arith.addi"\n\nResult #0\n\nType: `i32`\n\n'
    assert await hover("%pair") == ('Operation: "test.two"\n\nResult #[0, 1]\n\n'
                                    'Types: `i32`, `i32`')
    assert await hover("%pair#1") == 'Operation: "test.two"\n\nResult #1\n\nType: `i32`\n\n'
    assert await hover("%b") == ('Operation: "func.func"\n\nBlock: <Block #0>\n\n'
                                 'Argument #1\n\nType: `i32`\n\n')
    assert await hover("%x") == ('Operation: "func.func"\n\nBlock: ^bb1\n\nArgument #0\n\n'
                                 'Type: `i32`\n\n')
    assert await hover("^bb1", 1) == ('Operation: "func.func"\n\nBlock #1\n\n'
                                      'Predecessors: ^bb1, <Block #0>\n\n'
                                      'Successors: ^bb1, ^bb2\n\n')
    assert await hover("#map") == ('Attribute Alias: "map"\n\nValue: ```mlir\n'
                                   'affine_map<(d0) -> (d0 + 1)>\n```\n\n')
    assert await hover("  ", delta=0) is None


async def test_definition_and_references(client):
    uri, _ = await open_doc(client, CALLS)

    async def definition(needle, nth=0):
        res = await client.text_document_definition_async(
            T.DefinitionParams(td(uri), pos(CALLS, needle, nth, 1)))
        return [(r.uri.rsplit("/", 1)[1], r.range.start.line, r.range.start.character)
                for r in res or []]

    async def references(needle, nth=0):
        res = await client.text_document_references_async(T.ReferenceParams(
            context=T.ReferenceContext(include_declaration=True), text_document=td(uri),
            position=pos(CALLS, needle, nth, 1)))
        return [(r.range.start.line, r.range.start.character, r.range.end.character)
                for r in res]
    assert await definition("%sum", 1) == [(uri.rsplit("/", 1)[1], 5, 2)]
    assert await definition("@callee", 1) == [(uri.rsplit("/", 1)[1], 2, 0)]  # func.func
    assert await definition("^bb2", 0) == [(uri.rsplit("/", 1)[1], 13, 0)]
    assert await definition("#map") == [(uri.rsplit("/", 1)[1], 0, 0)]
    assert await definition("return") == [("other.mlir", 2, 4)]  # the op's loc(...)
    assert await definition("lib/other") == [("other.mlir", 2, 4)]
    assert await references("%x") == [(9, 5, 7), (11, 25, 27), (12, 25, 27), (14, 9, 11)]
    assert await references("@callee") == [(2, 18, 25), (7, 17, 24)]
    assert await references("^bb1") == [(9, 0, 4), (8, 8, 12), (12, 20, 24)]  # label first


async def test_symbols_and_folding(client):
    text = ("module @outer {\n  func.func @f() {\n    return\n  }\n"
            "  memref.global \"private\" @g : memref<2xf32>\n"
            "  module @inner {\n    func.func private @h()\n  }\n}\n")
    uri, diags = await open_doc(client, text)
    assert diags == []
    syms = await client.text_document_document_symbol_async(T.DocumentSymbolParams(td(uri)))

    def flat(symbols):
        return [(s.name, s.kind, s.range.start.line, s.range.end.line,
                 flat(s.children or [])) for s in symbols]
    K = T.SymbolKind
    assert flat(syms) == [("outer", K.Class, 0, 8, [
        ("f", K.Function, 1, 3, []), ("g", K.Class, 4, 4, []),
        ("inner", K.Class, 5, 7, [("h", K.Function, 6, 6, [])])])]
    folds = await client.text_document_folding_range_async(T.FoldingRangeParams(td(uri)))
    assert sorted((f.start_line, f.end_line) for f in folds) == [(0, 7), (1, 2), (5, 6)]


async def test_completion(client):
    text = ("#attr = 5 : i32\n!ty = i32\nfunc.func @h(%x: i32, %y: !ty) {\n"
            "  %m = arith.muli %x, %x : i32\n^bb3:\n  %v = arith.\n")
    uri, _ = await open_doc(client, text)

    async def labels(at_text, needle, extra=""):
        res = await client.text_document_completion_async(
            T.CompletionParams(td(uri), pos(at_text, needle, 0, len(needle))))
        return res.items
    items = await labels(text, "arith.")
    assert {"addi", "muli", "constant", "cmpf"} <= {i.label for i in items}
    assert all(i.detail == "operation" for i in items)
    # what follows the cursor is typed line by line: each state is a new version
    for version, (tail, want, exclude) in enumerate([
            ("addi %", {"%x", "%y", "%m"}, set()),
            ("addi %x, %x : i32\n  cf.br ^", {"^bb3"}, set()),
            ("addi %x, %x : !", {"!ty"}, set()),
            ("addi %x, %x : i32 loc(#", {"#attr"}, set())], start=2):
        new = text + tail
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [T.TextDocumentContentChangeWholeDocument(new)]))
        await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        end = len(new)
        line = new.count("\n")
        res = await client.text_document_completion_async(T.CompletionParams(
            td(uri), T.Position(line, end - (new.rfind("\n") + 1))))
        got = {i.label for i in res.items}
        assert want <= got, (tail, got)
    res = await client.text_document_completion_async(T.CompletionParams(td(uri),
                                                                         T.Position(5, 2)))
    assert {"arith", "func", "poly"} <= {i.label for i in res.items}


async def test_code_action_inserts_expected_checks(client):
    text = "func.func @g() {\n  %0 = arith.constant 1 : i32\n  %0 = arith.constant 2 : i32\n" \
           "  return\n}\n"
    uri, diags = await open_doc(client, text)
    actions = await client.text_document_code_action_async(T.CodeActionParams(
        td(uri), diags[0].range, T.CodeActionContext(diagnostics=diags)))
    assert len(actions) == 1 and actions[0].title == "Add expected-* diagnostic checks"
    edits = actions[0].edit.changes[uri]
    assert [(e.range.start.line, e.new_text) for e in edits] == [
        (2, "  // expected-error @below {{redefinition of SSA value '%0'}}\n"),
        (1, "  // expected-note @below {{previously defined here}}\n")]


async def test_plugin_dialect(client):
    text = ("func.func @p(%a: !poly.poly<4>, %t: tensor<3xi32>) -> !poly.poly<4> {\n"
            "  %s = poly.add %a, %a : !poly.poly<4>\n"
            "  %bad = poly.from_tensor %t : tensor<3xi32> -> !poly.poly<4>\n"
            "  return %s : !poly.poly<4>\n}\n")
    uri, diags = await open_doc(client, text)
    assert [(d.range.start.line, d.message) for d in diags] == [
        (2, "'poly.from_tensor' op tensor of 3 coefficients does not match !poly.poly<4>")]
    h = await client.text_document_hover_async(T.HoverParams(td(uri), pos(text, "%s", 1, 1)))
    assert h.contents.value == 'Operation: "poly.add"\n\nResult #0\n\nType: `!poly.poly<4>`\n\n'
    d = await client.text_document_definition_async(
        T.DefinitionParams(td(uri), pos(text, "%a", 1, 1)))
    assert d[0].range.start == T.Position(0, 13)
    res = await client.text_document_completion_async(
        T.CompletionParams(td(uri), pos(text, "poly.add", 0, 5)))
    assert {"add", "sub", "constant", "from_tensor", "to_tensor"} <= {i.label for i in res.items}
