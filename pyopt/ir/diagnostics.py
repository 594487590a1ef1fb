"""The one diagnostic path: every user-facing error, warning, remark and note goes through here.

A `Diagnostic` has a severity, a location and a message plus attached notes. Code that finds a
user error raises `MLIRError(diag)`; the CLI catches it and hands it to the active
`DiagnosticEngine`, which either prints it mlir-opt style or, under -verify-diagnostics,
collects it for matching against `expected-*` comments.
"""
from __future__ import annotations

import sys

from pyopt.ir.location import Location, SourceLoc, UnknownLoc, UNKNOWN_LOC

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
        self.more = ()  # further diagnostics of the same failure (e.g. each undeclared name)


def pass_failure(loc=None) -> MLIRError:
    """MLIR's signalPassFailure without a diagnostic: the run fails (exit 1) and prints
    nothing of its own."""
    return MLIRError(Diagnostic("error", loc, None))


def error(loc, message: str) -> MLIRError:
    """Build (not raise) an error: `raise error(loc, "...")`."""
    return MLIRError(Diagnostic("error", loc, message))


def format_location_prefix(loc: Location) -> str:
    f = loc.file_loc() if loc is not None else None
    if f is None:
        return "loc(unknown):"
    return f"{f.filename}:{f.line}:{f.col}:"


_SEVERITY_STYLES = {"error": "bold red", "warning": "bold magenta", "note": "bold cyan",
                    "remark": "bold blue"}


class DiagnosticEngine:
    """Prints diagnostics like mlir-opt: `file:line:col: error: message`, the source line and a caret."""

    def __init__(self, stream=None, show_snippet: bool = True):
        self.stream = stream if stream is not None else sys.stderr
        self.show_snippet = show_snippet
        self.had_error = False
        self.collector = None  # a list when -verify-diagnostics collects instead of printing
        self._tty = None  # decided on first output: colour only on a terminal

    def emit(self, diag: Diagnostic):
        if diag.severity == "error":
            self.had_error = True
        if diag.message is None:  # a pass failed without a diagnostic (pass_failure)
            return
        if self.collector is not None:
            self.collector.append(diag)
            return
        self._emit_full(diag)

    # Files whose text is known (the input before splitting): a FileLineColLoc naming one of
    # them shows its source line, as llvm::SourceMgr does for a loaded buffer.
    sources = {}
    CALL_STACK_LIMIT = 10

    def _emit_full(self, diag: Diagnostic):
        """MLIR's SourceMgrDiagnosticHandler: the message, the "called from" stack of a call
        site location, then the notes (the source line only when the location changed)."""
        loc = diag.loc
        self._print(loc, diag.message, diag.severity, True)
        cs = _callsite(loc)
        if cs is not None:
            loc = cs.caller
            for _ in range(self.CALL_STACK_LIMIT):
                self._print(loc, "called from", "note", True)
                cs = _callsite(loc)
                if cs is None:
                    break
                loc = cs.caller
        for note in diag.notes:
            self._print(note.loc, note.message, note.severity, not _same_loc(loc, note.loc))
            loc = note.loc

    def _print(self, loc, message, severity, show_line):
        f = loc.file_loc() if loc is not None else None
        if f is None:
            prefix = ""
            if loc is not None and not isinstance(loc, UnknownLoc):
                from pyopt.syntax.printer import Printer, PrintFlags
                prefix = Printer(PrintFlags(local_scope=True)).loc_str(loc) + ": "
            self._write(f"<unknown>:0: {severity}: {prefix}{message}\n", severity)
            return
        out = [f"{f.filename}:{f.line}:{f.col}: {severity}: {message}\n"]
        if show_line and self.show_snippet:
            line = None
            if isinstance(f, SourceLoc):
                line = f.buffer.line_text(f.line)
            else:
                text = self.sources.get(f.filename)
                if text is not None and f.line >= 1:
                    lines = text.split("\n")
                    if f.line <= len(lines):
                        line = lines[f.line - 1]
            if line is not None and len(line) < 4096:
                out.append(line + "\n")
                out.append(" " * max(f.col - 1, 0) + "^\n")
        self._write("".join(out), severity)

    def _on_terminal(self):
        if self._tty is None:
            try:
                self._tty = self.stream.isatty()
            except (AttributeError, ValueError):
                self._tty = False
        return self._tty

    def _write(self, text, severity):
        """Plain text (byte-identical to mlir-opt) unless writing to a terminal, where rich
        colours the severity and the caret."""
        if not self._on_terminal():
            self.stream.write(text)
            return
        from rich.console import Console
        from rich.text import Text
        t = Text(text)
        t.highlight_regex(rf"\b{severity}:", _SEVERITY_STYLES.get(severity, "bold"))
        t.highlight_regex(r"(?m)^ *\^$", "bold green")
        Console(file=self.stream, highlight=False, soft_wrap=True).print(t, end="")


def _callsite(loc):
    """The call site location a diagnostic location stands for (through names and fusions)."""
    from pyopt.ir.location import NameLoc, CallSiteLoc, FusedLoc
    t = type(loc)
    if t is NameLoc:
        return _callsite(loc.child)
    if t is CallSiteLoc:
        return loc
    if t is FusedLoc:
        for sub in loc.locations:
            c = _callsite(sub)
            if c is not None:
                return c
    return None


def _same_loc(a, b):
    if a is b:
        return True
    try:
        return a == b
    except Exception:
        return False
