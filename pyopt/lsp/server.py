"""The language server: pygls wiring from LSP requests to the feature modules.

Every open file is re-parsed (per `// -----` chunk) on open and on each change, and its
diagnostics published; queries read the last parse. A feature that fails on some input logs
the error and answers nothing: the server itself never goes down.
"""
from __future__ import annotations

import asyncio
import functools
import gc
import traceback

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from pyopt.dialects import make_context
from pyopt.lsp.code_actions import code_actions
from pyopt.lsp.completion import completion
from pyopt.lsp.convert import document_diagnostics, uri_to_path
from pyopt.lsp.document import Document
from pyopt.lsp.hover import hover
from pyopt.lsp.index import chunk_index
from pyopt.lsp.navigation import definition, references
from pyopt.lsp.outline import document_symbols, folding_ranges

COMPLETION_TRIGGERS = [".", "%", "^", "#", "!", "@"]
IDLE_GC_SECONDS = 1.0
WARM_UP = """\
func.func @f(%a: i32, %m: memref<4xf32>, %i: index) -> i32 {
  %c = arith.constant 1 : i32
  %s = arith.addi %a, %c : i32
  %v = memref.load %m[%i] : memref<4xf32>
  %r = scf.for %k = %i to %i step %i iter_args(%x = %s) -> (i32) {
    scf.yield %x : i32
  }
  %b = arith.cmpi eq, %r, %c : i32
  cf.cond_br %b, ^bb1, ^bb1
^bb1:
  %t = func.call @f(%r, %m, %i) : (i32, memref<4xf32>, index) -> i32
  return %t : i32
}
"""


class MLIRLanguageServer(LanguageServer):
    def __init__(self, allow_unregistered=True):
        super().__init__("pyopt-lsp", _version())
        self.allow_unregistered = allow_unregistered  # (mlir-lsp-server allows them)
        self.documents = {}  # uri -> Document
        self._gc_timer = None

    def update(self, uri, version):
        text = self.workspace.get_text_document(uri).source
        doc = self.documents.get(uri)
        if doc is None:
            doc = Document(uri, uri_to_path(uri), text, make_context(self.allow_unregistered),
                           version, self.workspace.position_encoding)
            self.documents[uri] = doc
        else:
            doc.set_text(text, version)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=document_diagnostics(doc)))
        self._when_idle(lambda: [chunk_index(c) for c in doc.chunks])  # (the first query's)
        self._collect_when_idle()

    @staticmethod
    def _when_idle(fn):
        try:
            asyncio.get_running_loop().call_soon(fn)
        except RuntimeError:
            pass

    def _collect_when_idle(self):
        """The IR of replaced parses is cyclic garbage; the cycle collector runs once the
        edits pause instead of (automatically) in the middle of a keystroke's parse or a
        request. (Automatic collection is off in the server: see cli.py.)"""
        if self._gc_timer is not None:
            self._gc_timer.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            gc.collect()
            return
        self._gc_timer = loop.call_later(IDLE_GC_SECONDS, gc.collect)

    def close(self, uri):
        self.documents.pop(uri, None)
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri,
                                                                            diagnostics=[]))


def _version():
    try:
        from importlib.metadata import version
        return version("pyopt")
    except Exception:
        return "0"


def _guarded(fn):
    """Runs a request handler; on an internal error, logs it and answers None."""
    @functools.wraps(fn)
    def run(ls, params):
        try:
            return fn(ls, params)
        except Exception:
            ls.window_log_message(lsp.LogMessageParams(
                type=lsp.MessageType.Error,
                message=f"pyopt-lsp: {fn.__name__} failed:\n{traceback.format_exc()}"))
            return None
    return run


def _doc_offset(ls, params):
    doc = ls.documents.get(params.text_document.uri)
    if doc is None:
        return None, None
    pos = params.position
    return doc, doc.offset(pos.line, pos.character)


def create_server(allow_unregistered=True):
    server = MLIRLanguageServer(allow_unregistered)

    @server.feature(lsp.INITIALIZED)
    @_guarded
    def initialized(ls, params):
        # The first parse imports the modules dialects load lazily: do it before the first
        # file is opened, so its diagnostics do not pay for it.
        Document("", "<warm-up>", WARM_UP, make_context(ls.allow_unregistered))

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    @_guarded
    def did_open(ls, params):
        ls.update(params.text_document.uri, params.text_document.version)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    @_guarded
    def did_change(ls, params):
        ls.update(params.text_document.uri, params.text_document.version)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    @_guarded
    def did_close(ls, params):
        ls.close(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @_guarded
    def on_hover(ls, params):
        doc, offset = _doc_offset(ls, params)
        return hover(doc, offset) if doc is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    @_guarded
    def on_definition(ls, params):
        doc, offset = _doc_offset(ls, params)
        return definition(doc, offset) if doc is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    @_guarded
    def on_references(ls, params):
        doc, offset = _doc_offset(ls, params)
        if doc is None:
            return None
        return references(doc, offset, params.context.include_declaration)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @_guarded
    def on_symbols(ls, params):
        doc = ls.documents.get(params.text_document.uri)
        return document_symbols(doc) if doc is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
    @_guarded
    def on_folding(ls, params):
        doc = ls.documents.get(params.text_document.uri)
        return folding_ranges(doc) if doc is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS))
    @_guarded
    def on_completion(ls, params):
        doc, offset = _doc_offset(ls, params)
        return completion(doc, offset) if doc is not None else None

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    @_guarded
    def on_code_action(ls, params):
        doc = ls.documents.get(params.text_document.uri)
        return code_actions(doc, params.context.diagnostics) if doc is not None else None

    return server
