"""The tokenizer of the LLVM IR reader (llparser.py): LLVM 19's lexer as one regular
expression, string unescaping and name spelling."""
from __future__ import annotations

import re
from array import array

class LLParseError(Exception):
    def __init__(self, msg, pos):
        super().__init__(msg)
        self.pos = pos


# Each match is one token with the whitespace and comments before it; the single-character
# punctuation, local names and keywords, the most frequent tokens, are tried first (`ident1`
# is a keyword that cannot start a label, `c"..."` or a hex constant; the rest fall through
# to those and the final `ident`). The skipped part is possessive: a failed token match must not backtrack
# into a comment.
_TOKEN_RE = re.compile(r"""(?:[ \t\r\n\x00]++|;[^\n]*+)*+(?:
 (?P<punct>[=,()\[\]{}<>*|:^])
|(?P<lvar>%(?:[A-Za-z$._-][\w$.-]*|"[^"]*"|\d+))
|(?P<ident1>(?![us]0x)[A-Za-z_$.][\w$.]*+(?![:\-"]))
|(?P<label>(?:[A-Za-z$._\d-][\w$.-]*|"[^"]*"):)
|(?P<cstr>c"[^"]*")
|(?P<str>"[^"]*")
|(?P<gvar>@(?:[A-Za-z$._-][\w$.-]*|"[^"]*"|\d+))
|(?P<mdstr>!"[^"]*")
|(?P<md>!(?:[A-Za-z$._-][\w$.-]*|\d+))
|(?P<hash>\#\d+)
|(?P<dbgrec>\#dbg_\w+)
|(?P<hex>[us]?0x[KLMHR]?[0-9A-Fa-f]+)
|(?P<float>[-+]?\d+\.\d*(?:[eE][-+]?\d+)?)
|(?P<int>-?\d+)
|(?P<ident>[A-Za-z_$.][\w$.]*)
|(?P<punct2>\.\.\.|!)
)""", re.X)
_KIND = {"punct2": "punct", "ident1": "ident"}
_TRAILING_WS = re.compile(r"(?:[ \t\r\n\x00]+|;[^\n]*)*")  # (NUL: white space to LLVM)


def unescape(s: str) -> bytes:
    """LLVM string body (between the quotes) with \\XX and \\\\ escapes to bytes."""
    b = s.encode("utf-8", "surrogateescape")
    if b"\\" not in b:
        return b
    out = bytearray()
    i, n = 0, len(b)
    while i < n:
        ch = b[i]
        if ch == 0x5C and i + 1 < n:
            if b[i + 1] == 0x5C:
                out.append(0x5C)
                i += 2
                continue
            if i + 2 < n:
                try:
                    out.append(int(b[i + 1:i + 3].decode(), 16))
                    i += 3
                    continue
                except ValueError:
                    pass
        out.append(ch)
        i += 1
    return bytes(out)


def _name(tok: str) -> str:
    """Name of a @global / %local / label token without sigil and quotes."""
    s = tok[1:] if tok[0] in "@%" else tok
    if s.startswith('"'):
        return unescape(s[1:-1]).decode("utf-8", "surrogateescape")
    return s


def tokenize(text):
    # Token texts repeat (a 100k-line module has ~2,500 distinct ones in 650k tokens): each is
    # kept once; positions are machine integers. (~40% of the reader's memory.)
    kinds, toks, poss = [], [], array("q")
    ka, ta, pa = kinds.append, toks.append, poss.append
    once = {}
    one = once.setdefault
    end = 0
    # (the scanner continues where the last match ended and stops at the first character
    # no token matches)
    for m in iter(_TOKEN_RE.scanner(text).match, None):
        k = m.lastgroup
        t = m.group(k)
        ta(one(t, t))
        pa(m.start(k))
        ka(_KIND.get(k, k))
        end = m.end()
    n = len(text)
    end = _TRAILING_WS.match(text, end).end()
    if end < n:
        raise LLParseError(f"unexpected character {text[end]!r}", end)
    ka("eof")
    ta("")
    pa(n)
    return kinds, toks, poss
