"""pyopt's offsets, locations and diagnostics as LSP ranges, locations and diagnostics."""
from __future__ import annotations

import os
import re
from urllib.parse import unquote, urlparse
from urllib.request import pathname2url

from lsprotocol import types as lsp

from pyopt.ir.location import (CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc,
                               SourceLoc)

_SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning,
             "remark": lsp.DiagnosticSeverity.Information}
_IDENT_CHAR = re.compile(r"[A-Za-z0-9_$\-.]")


def uri_to_path(uri):
    p = urlparse(uri)
    return unquote(p.path) if p.scheme == "file" else uri


def path_to_uri(path):
    return "file://" + pathname2url(os.path.abspath(path))


def lsp_range(doc, start, end):
    """The LSP range of text offsets [start, end)."""
    (l1, c1), (l2, c2) = doc.position(start), doc.position(end)
    return lsp.Range(lsp.Position(l1, c1), lsp.Position(l2, c2))


def chunk_range(doc, chunk, rng):
    return lsp_range(doc, chunk.start + rng[0], chunk.start + rng[1])


def token_range_at(doc, offset):
    """The range mlir-lsp-server gives a diagnostic or location at `offset`: to the end of
    the token starting there (a string, or an identifier-like run), on the start's line, and
    at least two characters wide (its end is the 1-based column plus one)."""
    text = doc.text
    end = offset + 1
    if text.startswith('"', offset):
        while end < len(text) and text[end] not in '"\n':
            end += 2 if text[end] == "\\" else 1
        end = min(end + 1, len(text))
    else:
        while end < len(text) and _IDENT_CHAR.match(text, end):
            end += 1
    line, start_char = doc.position(offset)
    end_line, end_char = doc.position(min(end, len(text)))
    if end_line != line:
        end_char = 0
    return lsp.Range(lsp.Position(line, start_char),
                     lsp.Position(line, max(start_char + 2, end_char)))


def file_locations(loc):
    """Every file:line:col location inside `loc`, outermost first."""
    stack = [loc]
    while stack:
        loc = stack.pop()
        if isinstance(loc, FileLineColLoc):
            yield loc
        elif isinstance(loc, NameLoc):
            stack.append(loc.child)
        elif isinstance(loc, CallSiteLoc):
            stack += [loc.caller, loc.callee]
        elif isinstance(loc, FusedLoc):
            stack += reversed(loc.locations)
        elif isinstance(loc, OpaqueLoc):
            stack.append(loc.fallback)


def doc_offset_of(doc, loc):
    """The document offset a file location points to, or None when it names another file."""
    if isinstance(loc, SourceLoc):
        for chunk in doc.chunks:
            if loc.buffer is chunk.buffer:
                return chunk.start + loc.offset
        return None
    if not _same_file(doc, loc.filename):
        return None
    start = doc.line_start(max(loc.line - 1, 0))
    return min(start + max(loc.col - 1, 0), len(doc.text))


def _same_file(doc, filename):
    if filename == doc.path:
        return True
    base = os.path.dirname(doc.path)
    return os.path.normpath(os.path.join(base, filename)) == os.path.normpath(doc.path)


def lsp_location(doc, loc, this_file_only=False):
    """An LSP Location for a pyopt file location (a one-token range), or None."""
    off = doc_offset_of(doc, loc)
    if off is not None:
        return lsp.Location(doc.uri, token_range_at(doc, off))
    if this_file_only:
        return None
    path = loc.filename
    if not os.path.isabs(path):
        path = os.path.join(os.path.dirname(doc.path), path)
    line, col = max(loc.line - 1, 0), max(loc.col - 1, 0)
    return lsp.Location(path_to_uri(path), lsp.Range(lsp.Position(line, col),
                                                     lsp.Position(line, col + 1)))


def first_location(doc, loc, this_file_only=False):
    for f in file_locations(loc):
        r = lsp_location(doc, f, this_file_only)
        if r is not None:
            return r
    return None


def lsp_diagnostic(doc, d):
    loc = first_location(doc, d.loc, this_file_only=True)
    rng = loc.range if loc is not None else lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))
    related = []
    for note in d.notes:
        nloc = first_location(doc, note.loc) or lsp.Location(doc.uri, rng)
        related.append(lsp.DiagnosticRelatedInformation(nloc, note.message))
    return lsp.Diagnostic(range=rng, message=d.message, source="mlir",
                          severity=_SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Error),
                          related_information=related or None)


def document_diagnostics(doc):
    return [lsp_diagnostic(doc, d) for chunk in doc.chunks for d in chunk.diagnostics]
