"""The one diagnostic path: every user-facing error, warning, remark and note goes through here.

A `Diagnostic` has a severity, a location and a message plus attached notes. Code that finds a
user error raises `MLIRError(diag)`; the CLI catches it and hands it to the active
`DiagnosticEngine`, which either prints it mlir-opt style or, under -verify-diagnostics,
collects it for matching against `expected-*` comments.
"""
from __future__ import annotations

import sys

from ..ir.location import Location, SourceLoc, UNKNOWN_LOC

SEVERITIES = ("error", "warning", "remark", "note")


class Diagnostic:
    __slots__ = ("severity", "loc", "message", "notes")

    def __init__(self, severity: str, loc: Location | None, message: str, notes=None):
        self.severity = severity
        self.loc = loc if loc is not None else UNKNOWN_LOC
        self.message = message
        self.notes = notes if notes is not None else []

    def attach_note(self, message: str, loc: Location | None = None) -> "Diagnostic":
        note = Diagnostic("note", loc if loc is not None else self.loc, message)
        self.notes.append(note)
        return note

    def __repr__(self):
        return f"Diagnostic({self.severity}, {format_location_prefix(self.loc)} {self.message!r})"


class MLIRError(Exception):
    """Raised to abort the current job with one diagnostic (already carrying its notes)."""

    def __init__(self, diag: Diagnostic):
        super().__init__(diag.message)
        self.diag = diag


def error(loc, message: str) -> MLIRError:
    """Build (not raise) an error: `raise error(loc, "...")`."""
    return MLIRError(Diagnostic("error", loc, message))


def format_location_prefix(loc: Location) -> str:
    f = loc.file_loc() if loc is not None else None
    if f is None:
        return "loc(unknown):"
    return f"{f.filename}:{f.line}:{f.col}:"


class DiagnosticEngine:
    """Prints diagnostics like mlir-opt: `file:line:col: error: message`, the source line and a caret."""

    def __init__(self, stream=None, show_snippet: bool = True):
        self.stream = stream if stream is not None else sys.stderr
        self.show_snippet = show_snippet
        self.had_error = False
        self.collector = None  # a list when -verify-diagnostics collects instead of printing

    def emit(self, diag: Diagnostic):
        if diag.severity == "error":
            self.had_error = True
        if self.collector is not None:
            self.collector.append(diag)
            return
        self._print(diag)
        for note in diag.notes:
            self._print(note)

    def _print(self, diag: Diagnostic):
        out = [f"{format_location_prefix(diag.loc)} {diag.severity}: {diag.message}\n"]
        if self.show_snippet:
            f = diag.loc.file_loc()
            if isinstance(f, SourceLoc):
                line = f.buffer.line_text(f.line)
                if len(line) < 4096:
                    out.append(line + "\n")
                    out.append(" " * (f.col - 1) + "^\n")
        self.stream.write("".join(out))
