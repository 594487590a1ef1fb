"""LLVM 19's printEscapedString: printable ASCII stays (except `"`), a backslash doubles, every
other byte becomes `\\XX` (upper-case hex). Used for names, string constants, metadata strings,
attribute values, sections and inline asm; a 256-entry table keeps it a join of lookups."""
from __future__ import annotations

_TABLE = tuple("\\\\" if b == 0x5C else chr(b) if 0x20 <= b < 0x7F and b != 0x22 else
               "\\%02X" % b for b in range(256))


def escape_bytes(data):
    """Escaped text of a bytes-like object (or an iterable of byte values)."""
    t = _TABLE
    return "".join([t[b] for b in data])


def escape(s):
    """Escaped text of a str (lone surrogates from undecodable input bytes round-trip)."""
    if s.isascii() and s.isprintable() and '"' not in s and "\\" not in s:
        return s
    return escape_bytes(s.encode("utf-8", "surrogateescape"))


def escape_byte(v):
    return _TABLE[v & 0xFF]
