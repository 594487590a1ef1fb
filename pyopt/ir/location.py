"""Locations: where an op came from (MLIR's LocationAttr family).

Parser-made file locations are lazy: they keep the buffer and a byte offset and only work out
line and column when somebody asks (diagnostics, --mlir-print-debuginfo), so parsing pays one
object per op and no newline counting.
"""
from __future__ import annotations

from bisect import bisect_right


class Location:
    __slots__ = ()

    def file_loc(self):
        """The first file:line:col location inside this one, or None."""
        return None


class UnknownLoc(Location):
    __slots__ = ()

    def __eq__(self, other):
        return isinstance(other, UnknownLoc)

    def __hash__(self):
        return 1


UNKNOWN_LOC = UnknownLoc()


class FileLineColLoc(Location):
    __slots__ = ("filename", "line", "col")

    def __init__(self, filename: str, line: int, col: int):
        self.filename = filename
        self.line = line
        self.col = col

    def file_loc(self):
        return self

    def __eq__(self, other):
        return (isinstance(other, FileLineColLoc) and self.filename == other.filename
                and self.line == other.line and self.col == other.col)

    def __hash__(self):
        return hash((self.filename, self.line, self.col))


class SourceBuffer:
    """One input text with a lazily built newline table for offset -> (line, col)."""
    __slots__ = ("name", "text", "_newlines", "line_offset")

    def __init__(self, name: str, text: str, line_offset: int = 0):
        self.name = name
        self.text = text
        self._newlines = None
        self.line_offset = line_offset  # lines before this chunk (split-input-file)

    def line_col(self, offset: int):
        nl = self._newlines
        if nl is None:
            text = self.text
            nl = []
            i = text.find("\n")
            while i >= 0:
                nl.append(i)
                i = text.find("\n", i + 1)
            self._newlines = nl
        idx = bisect_right(nl, offset - 1)
        start = nl[idx - 1] + 1 if idx else 0
        return idx + 1 + self.line_offset, offset - start + 1

    def line_text(self, line: int) -> str:
        lines = self.text.split("\n")
        i = line - 1 - self.line_offset
        return lines[i] if 0 <= i < len(lines) else ""


class SourceLoc(FileLineColLoc):
    """A file location made by the parser; line/col computed on first use."""
    __slots__ = ("buffer", "offset")

    def __init__(self, buffer: SourceBuffer, offset: int):
        self.buffer = buffer
        self.offset = offset

    def __getattr__(self, name):
        # Only reached for the unset 'filename'/'line'/'col' slots, set together here.
        if name in ("filename", "line", "col"):
            self.filename = self.buffer.name
            self.line, self.col = self.buffer.line_col(self.offset)
            return getattr(self, name)
        raise AttributeError(name)


class NameLoc(Location):
    __slots__ = ("name", "child")

    def __init__(self, name: str, child: Location | None = None):
        self.name = name
        self.child = child if child is not None else UNKNOWN_LOC

    def file_loc(self):
        return self.child.file_loc()

    def __eq__(self, other):
        return isinstance(other, NameLoc) and self.name == other.name and self.child == other.child

    def __hash__(self):
        return hash(("name", self.name))


class CallSiteLoc(Location):
    __slots__ = ("callee", "caller")

    def __init__(self, callee: Location, caller: Location):
        self.callee = callee
        self.caller = caller

    def file_loc(self):
        return self.callee.file_loc() or self.caller.file_loc()

    def __eq__(self, other):
        return (isinstance(other, CallSiteLoc) and self.callee == other.callee
                and self.caller == other.caller)

    def __hash__(self):
        return hash(("callsite", self.callee, self.caller))


class FusedLoc(Location):
    __slots__ = ("locations", "metadata")

    def __init__(self, locations, metadata=None):
        self.locations = tuple(locations)
        self.metadata = metadata

    def file_loc(self):
        for loc in self.locations:
            f = loc.file_loc()
            if f is not None:
                return f
        return None

    def __eq__(self, other):
        return (isinstance(other, FusedLoc) and self.locations == other.locations
                and self.metadata == other.metadata)

    def __hash__(self):
        return hash(("fused", self.locations))


class OpaqueLoc(Location):
    """A location wrapping a foreign pointer; only its fallback location is meaningful."""
    __slots__ = ("fallback",)

    def __init__(self, fallback: Location):
        self.fallback = fallback

    def file_loc(self):
        return self.fallback.file_loc()


def find_fused_metadata(loc, cls):
    """The metadata of the first fused location inside `loc` whose metadata is a `cls`
    (MLIR's `loc->findInstanceOf<FusedLocWith<cls>>()`), or None."""
    stack = [loc]
    while stack:
        loc = stack.pop()
        t = type(loc)
        if t is FusedLoc:
            if type(loc.metadata) is cls:
                return loc.metadata
            stack.extend(reversed(loc.locations))
        elif t is NameLoc:
            stack.append(loc.child)
        elif t is CallSiteLoc:
            stack += [loc.caller, loc.callee]
        elif t is OpaqueLoc:
            stack.append(loc.fallback)
    return None
