"""The tokenizer of the LLVM IR reader (llparser.py): LLVM 19's lexer as one regular
expression, string unescaping and name spelling."""
from __future__ import annotations

import re
from array import array
from itertools import accumulate, chain
from operator import add

class LLParseError(Exception):
    def __init__(self, msg, pos):
        super().__init__(msg)
        self.pos = pos


# A token is the white space and comments before it (`_SKIP`, possessive: a failed token
# match must not backtrack into a comment) and one of `_TOKEN`'s alternatives. The
# single-character punctuation, local names and keywords, the most frequent tokens, are tried
# first (`ident1` is a keyword that cannot start a label, `c"..."` or a hex constant; the rest
# fall through to those and the final `ident`).
_SKIP = r"[ \t\r\n\x00]*+(?:;[^\n]*+[ \t\r\n\x00]*+)*+"  # (unrolled: a tenth faster)
_TOKEN = r"""(?:
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
)"""
# Splitting the text at (skip)(token) gives [gap, skip, token, gap, skip, token, ..., rest]
# in C; a gap is empty unless no token matches there. A token's kind is the alternative that
# matches its text alone (the same as in context: only `ident1` looks past its text, and its
# kind is `ident` either way).
_SPLIT_RE = re.compile(f"({_SKIP})(" + re.sub(r"[(][?]P<\w+>", "(?:", _TOKEN) + ")", re.X)
_KIND_RE = re.compile(_TOKEN, re.X)
_KIND = {"punct2": "punct", "ident1": "ident"}
_TRAILING_WS = re.compile(r"(?:[ \t\r\n\x00]+|;[^\n]*)*")  # (NUL: white space to LLVM)


class _Kinds(dict):
    """Token text -> kind, computed once per distinct text."""

    def __missing__(self, tok):
        k = _KIND_RE.fullmatch(tok).lastgroup
        k = self[tok] = _KIND.get(k, k)
        return k


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


_KINDS = _Kinds()


def tokenize(text, start=0, end=None):
    """(kinds, token texts, token start offsets), ending with an `eof` token: of
    text[start:end] (offsets into `text`)."""
    if start or end is not None:
        try:
            kinds, toks, poss = tokenize(text[start:end])
        except LLParseError as e:
            e.pos += start
            raise
        return kinds, toks, array("q", [p + start for p in poss])
    parts = _SPLIT_RE.split(text)
    gaps = parts[0:-1:3]
    if any(gaps):
        # The tokens end where no token matches (the split searched on from there, maybe
        # into a trailing comment): the rest must be white space and comments.
        j = 3 * next(j for j, g in enumerate(gaps) if g)
        parts[j:] = ["".join(parts[j:])]
    n = len(text)
    end = _TRAILING_WS.match(text, n - len(parts[-1])).end()
    if end < n:
        raise LLParseError(f"unexpected character {text[end]!r}", end)
    # (the gaps before the rest are empty: a token starts where the one before it ends plus
    # the white space between them)
    toks = parts[2::3]
    poss = array("q", accumulate(map(add, map(len, parts[1::3]), chain((0,), map(len, toks)))))
    del parts, gaps
    # Token texts repeat (sqlite3's 2.7M tokens have 26k distinct texts): each is kept once
    # (~40% of the reader's memory).
    once = {}
    toks = list(map(once.setdefault, toks, toks))
    kinds = list(map(_KINDS.__getitem__, toks))
    kinds.append("eof")
    toks.append("")
    poss.append(n)
    return kinds, toks, poss
