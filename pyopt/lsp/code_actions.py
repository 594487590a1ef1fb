"""The quick fix mlir-lsp-server offers for -verify-diagnostics tests: insert
`// expected-error @below {{message}}` (and `expected-note` lines for its notes) above the
line a reported diagnostic points at."""
from __future__ import annotations

from lsprotocol import types as lsp

_SEVERITY = {lsp.DiagnosticSeverity.Error: "error", lsp.DiagnosticSeverity.Warning: "warning"}


def code_actions(doc, diagnostics):
    actions = []
    for diag in diagnostics:
        severity = _SEVERITY.get(diag.severity)
        if diag.source != "mlir" or severity is None:
            continue
        edits = []
        _add_check(doc, diag.range.start, severity, diag.message, edits)
        for note in diag.related_information or ():
            if note.location.uri == doc.uri:
                _add_check(doc, note.location.range.start, "note", note.message, edits)
        actions.append(lsp.CodeAction(
            title="Add expected-* diagnostic checks", kind=lsp.CodeActionKind.QuickFix,
            diagnostics=[diag], edit=lsp.WorkspaceEdit(changes={doc.uri: edits})))
    return actions


def _add_check(doc, pos, severity, message, edits):
    # (the op printed with a verifier error is for the reader; a test does not check it)
    if message.startswith("see current operation: "):
        return
    start = doc.line_start(pos.line)
    head = doc.text[start:start + pos.character]
    indent = len(head) - len(head.lstrip(" "))
    at = lsp.Position(pos.line, 0)
    edits.append(lsp.TextEdit(lsp.Range(at, at),
                              " " * indent + f"// expected-{severity} @below {{{{{message}}}}}\n"))
