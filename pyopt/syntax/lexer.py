"""The MLIR lexer: one compiled regex that skips trivia and matches the next token.

Token kinds are short interned strings. The lexer is position based (no token list), so the
parser can re-lex from any offset - needed for shapes like `4xf32` and for the few places where
MLIR's own lexer is re-positioned.
"""
from __future__ import annotations

import re

# kinds
BARE, PERCENT, AT, CARET, HASH, EXCL, INT, FLOAT, STRING, PUNCT, EOF, ERROR = (
    "bare", "percent", "at", "caret", "hash", "excl", "int", "float", "string", "punct", "eof",
    "error")

MAX_NESTING = 600  # regions/types/attributes deeper than this are rejected, not recursed into

_SUFFIX = r"(?:[0-9]+|[A-Za-z$._\-][A-Za-z0-9$._\-]*)"
# Unrolled loop: a character-class run per step keeps the regex engine's stack flat on
# 100 MB literals (an alternation inside `*` would grow it per character).
_STR = r'"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*"'

TOKEN_RE = re.compile(
    # Trivia, possessive (nothing after it can backtrack into it): a NUL byte is whitespace
    # to MLIR's lexer. The alternatives start with distinct characters (`#-}` is tried as
    # punctuation before `#name`), so they are ordered by how often they occur.
    r"[ \t\r\n\x00]*+(?://[^\n]*+[ \t\r\n\x00]*+)*+"
    r"(?:"
    rf"(?P<percent>%{_SUFFIX})"
    rf"|(?P<punct>->|\{{-\#|\#-\}}|::|\.\.\.|[(){{}}\[\]<>,:=?*+\-|])"
    rf"|(?P<bare>[A-Za-z_][A-Za-z0-9_$.]*)"
    rf"|(?P<at>@(?:[A-Za-z_][A-Za-z0-9_$.]*|{_STR}))"
    rf"|(?P<caret>\^{_SUFFIX})"
    rf"|(?P<hash>\#{_SUFFIX})"
    rf"|(?P<excl>!{_SUFFIX})"
    r"|(?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)"
    r"|(?P<int>0x[0-9a-fA-F]+|[0-9]+)"
    rf"|(?P<string>{_STR})"
    r"|(?P<eof>\Z)"
    r"|(?P<error>[\s\S])"
    r")"
)

# Token kind by capture-group number (Match.lastindex: the one alternative that matched).
KIND_OF_GROUP = [None] * (TOKEN_RE.groups + 1)
for _name, _index in TOKEN_RE.groupindex.items():
    KIND_OF_GROUP[_index] = _name

_ESC = re.compile(r'\\(?:([0-9a-fA-F]{2})|(.))', re.S)
_SIMPLE_ESC = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def unescape_string(body: str) -> str:
    """Decodes the body of a string literal (without quotes): \\n \\t \\" \\\\ and \\XX bytes."""
    if "\\" not in body:
        return body
    out = bytearray()
    pos = 0
    for m in _ESC.finditer(body):
        out += body[pos:m.start()].encode("utf-8", "surrogateescape")
        if m.group(1):
            out.append(int(m.group(1), 16))
        else:
            c = m.group(2)
            if c not in _SIMPLE_ESC:
                raise ValueError(m.start())
            out += _SIMPLE_ESC[c].encode()
        pos = m.end()
    out += body[pos:].encode("utf-8", "surrogateescape")
    return out.decode("utf-8", "surrogateescape")
