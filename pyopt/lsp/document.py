"""An open .mlir file as the language server holds it: the text, its `// -----` chunks (each
parsed and verified on its own, as mlir-lsp-server does), the diagnostics of each chunk and
what the recording parser saw, plus offset <-> LSP position conversion.

Positions are LSP's (line, UTF-16 code unit); offsets index the Python string of the whole
text. A chunk's offsets are relative to the chunk; `Chunk.start` converts.
"""
from __future__ import annotations

import gc
from bisect import bisect_right

from pyopt.ir.diagnostics import Diagnostic, DiagnosticEngine, MLIRError
from pyopt.ir.location import SourceBuffer, SourceLoc, UNKNOWN_LOC
from pyopt.ir.verifier import verify
from pyopt.syntax.parser_state import RecordingParser
from pyopt.tool import OptOptions, parse_module, split_chunks, SPLIT_MARKER, _with_op_note


class Chunk:
    """One `// -----` piece: its parse (possibly partial) and its diagnostics."""
    __slots__ = ("start", "end", "buffer", "module", "parser", "state", "diagnostics",
                 "parsed", "index")

    def __init__(self, start, end, buffer):
        self.start = start
        self.end = end
        self.buffer = buffer
        self.module = None  # the top-level op, when the parse succeeded
        self.parser = None  # the RecordingParser (kept for its alias tables)
        self.state = None  # its ParserState, also after a failed parse (what it read so far)
        self.diagnostics = []  # pyopt Diagnostics (errors, warnings, remarks)
        self.parsed = False
        self.index = None  # the position index, built on first query (index.py)


class Document:
    def __init__(self, uri, path, text, ctx, version=None, encoding="utf-16"):
        self.uri = uri
        # LSP's character unit ("utf-16" unless the client and server agreed on another)
        self._unit = {"utf-8": "utf-8", "utf-32": "utf-32-le"}.get(str(encoding), "utf-16-le")
        self.path = path
        self.version = version
        self.ctx = ctx
        self.set_text(text)

    def set_text(self, text, version=None):
        """Takes the new text; chunks whose text did not change keep their parse."""
        old = {c.buffer.text: c for c in getattr(self, "chunks", ())}
        self.version = version if version is not None else self.version
        self.text = text
        nl, i = [], text.find("\n")
        while i >= 0:
            nl.append(i)
            i = text.find("\n", i + 1)
        self._newlines = nl
        spans = split_chunks(text) if SPLIT_MARKER in text else [(0, len(text))]
        self.chunks = []
        for start, end in spans:
            piece, lines_before = text[start:end], text.count("\n", 0, start)
            chunk = old.pop(piece, None)
            if chunk is not None:
                chunk.start, chunk.end = start, end
                chunk.buffer.line_offset = lines_before
            else:
                chunk = Chunk(start, end, SourceBuffer(self.path, piece, lines_before))
                self._parse(chunk)
            self.chunks.append(chunk)

    # -- parsing -----------------------------------------------------------------------------
    def _parse(self, chunk):
        ctx = self.ctx
        engine = DiagnosticEngine()
        engine.collector = chunk.diagnostics  # warnings and remarks of verifiers land here
        ctx.diag_engine = engine
        holder = []

        def recording_parser(buffer, c):
            p = RecordingParser(buffer, c)
            holder.append(p)
            return p
        # Parsing and verifying only add live objects: keep the cycle collector's full passes
        # (over every open document's IR) out of the keystroke's latency.
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            module, _ = parse_module(chunk.buffer, ctx, parser_class=recording_parser)
            chunk.module = module
            chunk.parsed = True
            verify(module, ctx)
        except MLIRError as e:
            _add_error(chunk.diagnostics, e, chunk.module is not None)
        except RecursionError:
            chunk.diagnostics.append(Diagnostic("error", UNKNOWN_LOC,
                                                "nesting too deep for the parser"))
        except Exception as e:  # a bug in some op's parser or verifier: said, not fatal
            at = UNKNOWN_LOC
            if holder:  # at the op being parsed, else where the parser stopped
                open_ops = holder[0].state.open_ops
                at = SourceLoc(chunk.buffer, open_ops[-1].name_range[0] if open_ops
                               else holder[0].start)
            chunk.diagnostics.append(Diagnostic(
                "error", at, f"internal error in pyopt: {type(e).__name__}: {e}"))
        finally:
            if gc_was_enabled:
                gc.enable()
        if holder:
            chunk.parser = holder[0]
            chunk.state = holder[0].state
            chunk.state.finish()

    # -- positions ---------------------------------------------------------------------------
    def line_start(self, line):
        if line <= 0:
            return 0
        nl = self._newlines
        return nl[line - 1] + 1 if line - 1 < len(nl) else len(self.text)

    def position(self, offset):
        """(line, character) of a text offset."""
        line = bisect_right(self._newlines, offset - 1)
        start = self.line_start(line)
        head = self.text[start:offset]
        if head.isascii():
            return line, len(head)
        return line, self._units(head)

    def _units(self, s):
        n = len(s.encode(self._unit, "surrogatepass"))
        return n if self._unit == "utf-8" else n // (2 if self._unit == "utf-16-le" else 4)

    def offset(self, line, character):
        """The text offset of an LSP position (clamped to its line)."""
        start = self.line_start(line)
        end = self.text.find("\n", start)
        if end < 0:
            end = len(self.text)
        text = self.text[start:end]
        if text.isascii():
            return start + min(character, len(text))
        units = 0
        for i, c in enumerate(text):
            if units >= character:
                return start + i
            units += self._units(c)
        return end

    def chunk_at(self, offset):
        """The chunk holding a text offset (the last one at the end of the text)."""
        for chunk in self.chunks:
            if offset < chunk.end:
                return chunk
        return self.chunks[-1]


def _add_error(out, err, verifying):
    # MLIR's context prints the op on a verifier diagnostic by default, so the server's
    # diagnostics carry it as a note (as mlir-lsp-server's do).
    d = _with_op_note(err, OptOptions(print_op_on_diagnostic=verifying))
    if d.message is not None:
        out.append(d)
    out.extend(x for x in err.more if x.message is not None)
