"""-verify-diagnostics: match emitted diagnostics against `expected-*` comments (MLIR 19 rules).

A comment has the form

    expected-(error|warning|remark|note)[-re] [@+N|@-N|@above|@below|@unknown] {{message}}

Only one comment per line counts (the leftmost one; the message runs to the last `}}` of the
line). Without `-re` the message is a plain substring. With `-re`, text inside `{{...}}` is a
POSIX extended regex and the rest is literal. `@unknown` (which our issue asks for; MLIR 19
itself only gained it later) matches diagnostics that have no file location. There is no count
form.

`check` returns the stderr lines mlir-opt would print, in its order: comment syntax errors
(found when the handler is built), then one report per bad diagnostic in emission order,
then one per expectation that was never produced.

Known gaps: upstream also scans *other* files named by diagnostic locations (read from disk);
here only the given buffer has expectations. LLVM's regex engine rejects some stacked
zero-width assertions (`[[:>:]]$`, `[[:<:]][[:<:]]`) that Python accepts.
"""
from __future__ import annotations

import re

from pyopt.ir.location import (CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc,
                           SourceBuffer, UnknownLoc)

_DIRECTIVE = re.compile(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))?"
                        r" *\{\{(.*)\}\}\Z", re.DOTALL)
_TAB_STOP = 8
_UNKNOWN_LINE = -1  # the target "line" of an `@unknown` expectation
_U32 = 1 << 32  # line numbers are `unsigned` upstream; @-N below line 1 wraps around


def _bytes(s: str) -> str:
    """UTF-8 bytes as a latin-1 str: LLVM's regexes and columns work on bytes."""
    return s.encode("utf-8", "surrogateescape").decode("latin-1")


# ---------------------------------------------------------------------------------------------
# POSIX extended regex (LLVM's regcomp) -> Python `re`, with LLVM's validity errors.

class _RegexError(Exception):
    pass


_DIGITS = frozenset("0123456789")
_PUNCT = "".join(re.escape(c) for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_CLASSES = {
    "alnum": "0-9A-Za-z", "alpha": "A-Za-z", "blank": " \\t", "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9", "graph": "!-~", "lower": "a-z", "print": " -~", "punct": _PUNCT,
    "space": " \\t\\n\\r\\f\\v", "upper": "A-Z", "xdigit": "0-9A-Fa-f",
}
# Collating element names ([[.space.]]), as in BSD regex's cname table.
_CNAMES = {}
for _code, _names in enumerate(
        "NUL SOH STX ETX EOT ENQ ACK BEL,alert BS,backspace HT,tab LF,newline VT,vertical-tab "
        "FF,form-feed CR,carriage-return SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
        "IS4,FS IS3,GS IS2,RS IS1,US space exclamation-mark quotation-mark number-sign "
        "dollar-sign percent-sign ampersand apostrophe left-parenthesis right-parenthesis "
        "asterisk plus-sign comma hyphen,hyphen-minus period,full-stop slash,solidus zero one "
        "two three four five six seven eight nine colon semicolon less-than-sign equals-sign "
        "greater-than-sign question-mark commercial-at".split()):
    for _n in _names.split(","):
        _CNAMES[_n] = chr(_code)
for _code, _names in ((91, "left-square-bracket"), (92, "backslash,reverse-solidus"),
                      (93, "right-square-bracket"), (94, "circumflex,circumflex-accent"),
                      (95, "underscore,low-line"), (96, "grave-accent"),
                      (123, "left-brace,left-curly-bracket"), (124, "vertical-line"),
                      (125, "right-brace,right-curly-bracket"), (126, "tilde"), (127, "DEL")):
    for _n in _names.split(","):
        _CNAMES[_n] = chr(_code)


class _EreTranslator:
    """Recursive descent mirroring regcomp's p_ere / p_ere_exp / p_bracket; first error wins."""

    def __init__(self, pattern: str):
        self.p = pattern
        self.i = 0
        self.nsub = 0
        self.closed = set()  # groups already closed: only those may be back-referenced

    def translate(self) -> str:
        return self._ere(None)

    def _peek(self, k=0):
        j = self.i + k
        return self.p[j] if j < len(self.p) else ""

    def _eat(self, s: str) -> bool:
        if self.p.startswith(s, self.i):
            self.i += len(s)
            return True
        return False

    def _repeat_follows(self) -> bool:
        c = self._peek()
        return c in ("*", "+", "?") or (c == "{" and self._peek(1) in _DIGITS)

    def _ere(self, stop) -> str:
        alts = []
        while True:
            start, parts = self.i, []
            while self._peek() not in ("", "|", stop):
                parts.append(self._piece())
            if self.i == start:
                raise _RegexError("empty (sub)expression")
            alts.append("".join(parts))
            if not self._eat("|"):
                return "|".join(alts)

    def _piece(self) -> str:
        c = self._peek()
        self.i += 1
        caret = False
        if c == "(":
            if not self._peek():
                raise _RegexError("parentheses not balanced")
            self.nsub += 1
            n = self.nsub
            inner = "" if self._peek() == ")" else self._ere(")")
            self.closed.add(n)
            if not self._eat(")"):
                raise _RegexError("parentheses not balanced")
            atom = f"({inner})"
        elif c == ")":
            raise _RegexError("parentheses not balanced")
        elif c == "^":
            atom, caret = "^", True
        elif c == "$":
            atom = r"\Z"
        elif c in "*+?":
            raise _RegexError("repetition-operator operand invalid")
        elif c == ".":
            atom = "."
        elif c == "[":
            atom = self._bracket()
        elif c == "\\":
            if not self._peek():
                raise _RegexError("trailing backslash (\\)")
            c = self._peek()
            self.i += 1
            if c in "123456789":
                if int(c) not in self.closed:
                    raise _RegexError("invalid backreference number")
                atom = f"(?:\\{c})"
            else:  # any other escaped char is just itself (\d is 'd')
                atom = re.escape(c)
        elif c == "{" and self._peek() in _DIGITS:
            raise _RegexError("repetition-operator operand invalid")
        else:
            atom = re.escape(c)

        if not self._repeat_follows():
            return atom
        q = self._peek()
        self.i += 1
        if caret:
            raise _RegexError("repetition-operator operand invalid")
        if q == "{":
            lo = self._count()
            if self._eat(","):
                hi = self._count() if self._peek() in _DIGITS else None
                if hi is not None and lo > hi:
                    raise _RegexError("invalid repetition count(s)")
            else:
                hi = lo
            if not self._eat("}"):
                if self.p.find("}", self.i) < 0:
                    raise _RegexError("braces not balanced")
                raise _RegexError("invalid repetition count(s)")
            q = "{%d,}" % lo if hi is None else "{%d,%d}" % (lo, hi)
        if self._repeat_follows():
            raise _RegexError("repetition-operator operand invalid")
        return f"(?:{atom}){q}"

    def _count(self) -> int:
        start, value = self.i, 0
        while self._peek() in _DIGITS and value <= 255:
            value = value * 10 + int(self._peek())
            self.i += 1
        if self.i == start or value > 255:
            raise _RegexError("invalid repetition count(s)")
        return value

    def _bracket(self) -> str:
        # BSD word-boundary extensions.
        if self._eat("[:<:]]"):
            return r"\b(?=\w)"
        if self._eat("[:>:]]"):
            return r"\b(?<=\w)"
        out = ["[^" if self._eat("^") else "["]
        if self._eat("]"):
            out.append(r"\]")
        elif self._eat("-"):
            out.append(r"\-")
        while self._peek() not in ("", "]") and not self.p.startswith("-]", self.i):
            out.append(self._bracket_term())
        if self._eat("-"):
            out.append(r"\-")
        if not self._eat("]"):
            raise _RegexError("brackets ([ ]) not balanced")
        return "".join(out) + "]"

    def _bracket_term(self) -> str:
        c = self._peek()
        if c == "-":
            raise _RegexError("invalid character range")
        c2 = self._peek(1) if c == "[" else ""
        if c2 == ":":
            self.i += 2
            if not self._peek():
                raise _RegexError("brackets ([ ]) not balanced")
            start = self.i
            while self._peek().isascii() and self._peek().isalpha():
                self.i += 1
            cls = _CLASSES.get(self.p[start:self.i])
            if cls is None:
                raise _RegexError("invalid character class")
            if not self._peek():
                raise _RegexError("brackets ([ ]) not balanced")
            if not self._eat(":]"):
                raise _RegexError("invalid character class")
            return cls
        if c2 == "=":
            self.i += 2
            if not self._peek():
                raise _RegexError("brackets ([ ]) not balanced")
            if self._peek() in ("-", "]"):
                raise _RegexError("invalid collating element")
            ch = self._coll_elem("=")
            if not self._eat("=]"):
                raise _RegexError("invalid collating element")
            return re.escape(ch)
        first = self._symbol()
        last = first
        if self._peek() == "-" and self._peek(1) not in ("", "]"):
            self.i += 1
            last = "-" if self._eat("-") else self._symbol()
        if first > last:
            raise _RegexError("invalid character range")
        return re.escape(first) if first == last else f"{re.escape(first)}-{re.escape(last)}"

    def _symbol(self) -> str:
        if not self._peek():
            raise _RegexError("brackets ([ ]) not balanced")
        if self._eat("[."):
            ch = self._coll_elem(".")
            if not self._eat(".]"):
                raise _RegexError("invalid collating element")
            return ch
        self.i += 1
        return self.p[self.i - 1]

    def _coll_elem(self, end: str) -> str:
        start = self.i
        while self._peek() and not self.p.startswith(end + "]", self.i):
            self.i += 1
        if not self._peek():
            raise _RegexError("brackets ([ ]) not balanced")
        name = self.p[start:self.i]
        if name in _CNAMES:
            return _CNAMES[name]
        if len(name) == 1:
            return name
        raise _RegexError("invalid collating element")


def _llvm_escape(s: str) -> str:
    return "".join("\\" + c if c in "()^$|*+?.[]\\{}" else c for c in s)


# ---------------------------------------------------------------------------------------------

class _Expected:
    __slots__ = ("kind", "line", "src_line", "col", "substring", "regex", "matched")

    def __init__(self, kind, line, src_line, col, substring):
        self.kind = kind
        self.line = line          # the line the diagnostic must be on (None: unparsable @+N)
        self.src_line = src_line  # where the comment itself is (absolute line)
        self.col = col            # byte column of `expected-`
        self.substring = substring
        self.regex = None
        self.matched = False

    def compile_regex(self):
        """Build the -re matcher; returns an error message for a malformed pattern."""
        parts, rest = [], _bytes(self.substring)
        while rest:
            k = rest.find("{{")
            if k < 0:
                parts.append(_llvm_escape(rest))
                break
            parts.append(_llvm_escape(rest[:k]))
            rest = rest[k + 2:]
            end = rest.find("}}")
            if end < 0:
                return "found start of regex with no end '}}'"
            block = rest[:end]
            try:
                _EreTranslator(block).translate()
            except _RegexError as e:
                return f"invalid regex: {e}"
            parts.append(f"({block})")
            rest = rest[end + 2:]
        # Upstream compiles the joined pattern unchecked: group numbers shift and an empty
        # pattern is invalid, and an invalid regex simply never matches.
        try:
            py = _EreTranslator("".join(parts)).translate()
            self.regex = re.compile(py, re.DOTALL | re.ASCII)
        except (_RegexError, re.error):
            self.regex = False
        return None

    def matches(self, message: str) -> bool:
        if self.regex is None:
            return self.substring in message
        return bool(self.regex) and self.regex.search(_bytes(message)) is not None


def _parse_offset(digits: str):
    """StringRef::getAsInteger(0, int): a leading 0 means octal; failure gives None."""
    radix = 10
    if len(digits) > 1 and digits[0] == "0":
        radix, digits = 8, digits[1:]
    try:
        value = int(digits, radix)
    except ValueError:
        return None
    return value if value < 2**31 else None


def _escape(s: str) -> str:
    """llvm::printEscapedString, as used for names in printed locations."""
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        if b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F and b != 0x22:
            out.append(chr(b))
        else:
            out.append("\\%02X" % b)
    return "".join(out)


def _loc_body(loc) -> str:
    if isinstance(loc, NameLoc):
        if isinstance(loc.child, UnknownLoc):
            return f'"{_escape(loc.name)}"'
        return f'"{_escape(loc.name)}"({_loc_body(loc.child)})'
    if isinstance(loc, CallSiteLoc):
        return f"callsite({_loc_body(loc.callee)} at {_loc_body(loc.caller)})"
    if isinstance(loc, FusedLoc):
        meta = f"<{loc.metadata}>" if loc.metadata is not None else ""
        return f"fused{meta}[{', '.join(_loc_body(l) for l in loc.locations)}]"
    if isinstance(loc, OpaqueLoc):
        return _loc_body(loc.fallback)
    if isinstance(loc, FileLineColLoc):
        return f'"{_escape(loc.filename)}":{loc.line}:{loc.col}'
    return "unknown"


def _expand_tabs(data: bytes, fill=None) -> str:
    """Tabs to the next multiple of 8 columns; with `fill` (the caret line), repeat its char."""
    out, col = [], 0
    chars = fill if fill is not None else data.decode("latin-1")
    for i, ch in enumerate(chars):
        if i < len(data) and data[i] == 9:
            pad = ch if fill is not None else " "
            while True:
                out.append(pad)
                col += 1
                if col % _TAB_STOP == 0:
                    break
        else:
            out.append(ch)
            col += 1
    return "".join(out)


def _snippet(text: str, col0: int, span: int = 0) -> list[str]:
    """The source line and the caret/tilde line, as llvm::SMDiagnostic prints them."""
    data = text.encode("utf-8", "surrogateescape")
    if any(not 0x20 <= b < 0x7F and b != 9 for b in data):
        # Multibyte or control characters: LLVM shows the line but no caret.
        return [_expand_tabs(data).encode("latin-1").decode("utf-8", "surrogateescape")]
    n = len(data)
    marks = [" "] * (n + 1)
    for i in range(col0, min(col0 + span, n)):
        marks[i] = "~"
    marks[min(col0, n)] = "^"
    return [_expand_tabs(data), _expand_tabs(data, "".join(marks).rstrip(" "))]


class ExpectedDiagnostics:
    """The expected-* comments of one buffer, checked against what a run emitted."""

    def __init__(self, buffer: SourceBuffer):
        self.buffer = buffer
        self._lines = buffer.text.split("\n")
        self.expected: list[_Expected] = []
        self._scan_errors: list[str] = []
        self._scan()

    def _scan(self):
        off = self.buffer.line_offset
        last_plain = 0  # index of the last line that is not a directive
        pending = []    # @below directives waiting for the next non-directive line
        for idx, raw in enumerate(self._lines):
            m = _DIRECTIVE.search(raw.rstrip(" \t\n\v\f\r"))
            if m is None:
                for e in pending:
                    e.line = idx + 1 + off
                pending.clear()
                last_plain = idx
                continue
            col = len(raw[:m.start()].encode("utf-8", "surrogateescape")) + 1
            e = _Expected(m.group(1), idx + 1 + off, idx + 1 + off, col, m.group(5))
            if m.group(2):
                err = e.compile_regex()
                if err is not None:  # dropped, and it does not end a run of @below lines
                    self._scan_errors += self._report_at(e, err, e.substring)
                    continue
            where = m.group(4)
            if where is None:
                pass
            elif where == "above":
                e.line = last_plain + 1 + off
            elif where == "unknown":
                e.line = _UNKNOWN_LINE  # matches diagnostics that have no file location
            elif where == "below":
                pending.append(e)
                e.line = len(self._lines) + off  # if it dangles: the last line
            else:
                n = _parse_offset(where[1:])
                sign = 1 if where[0] == "+" else -1
                e.line = None if n is None else (idx + 1 + sign * n) % _U32 + off
            self.expected.append(e)

    # -- reporting --------------------------------------------------------------------------

    def _line_text(self, line: int):
        i = line - 1 - self.buffer.line_offset
        if not 0 <= i < len(self._lines):
            return None
        return self._lines[i].split("\r", 1)[0]

    def _report_at(self, e: _Expected, message: str, span_text: str | None = None):
        head = f"{self.buffer.name}:{e.src_line}:{e.col}: error: {message}"
        span = len(span_text.encode("utf-8", "surrogateescape")) if span_text is not None else 0
        return [head] + _snippet(self._line_text(e.src_line), e.col - 1, span)

    def _report_loc(self, f: FileLineColLoc, message: str):
        head = f"{f.filename}:{f.line}:{f.col}: error: {message}"
        # Upstream shows the source only when the location resolves into a known buffer.
        if f.filename != self.buffer.name or f.line == 0 or f.col == 0:
            return [head]
        text = self._line_text(f.line)
        if text is None or f.col - 1 > len(text.encode("utf-8", "surrogateescape")):
            return [head]
        return [head] + _snippet(text, f.col - 1)

    # -- matching ---------------------------------------------------------------------------

    def check(self, diagnostics) -> list[str]:
        for e in self.expected:
            e.matched = False
        out = list(self._scan_errors)
        for diag in diagnostics:
            self._process(diag, out)
            for note in diag.notes:
                self._process(note, out)
        for e in self.expected:
            if not e.matched:
                out += self._report_at(
                    e, f'expected {e.kind} "{e.substring}" was not produced', e.substring)
        return out

    def _process(self, diag, out: list[str]):
        kind, msg = diag.severity, diag.message
        f = diag.loc.file_loc()
        if f is None:
            for e in self.expected:
                if e.line == _UNKNOWN_LINE and e.kind == kind and e.matches(msg):
                    e.matched = True
                    return
            prefix = "" if isinstance(diag.loc, UnknownLoc) else f"loc({_loc_body(diag.loc)}): "
            out.append(f"<unknown>:0: error: {prefix}unexpected {kind}: {msg}")
            return
        near = None
        if f.filename == self.buffer.name:
            for e in self.expected:
                if e.line == f.line and e.matches(msg):
                    if e.kind == kind:
                        e.matched = True  # stays usable: one comment may match many times
                        return
                    near = e
        if near is not None:
            out += self._report_at(
                near, f"'{kind}' diagnostic emitted when expecting a '{near.kind}'")
        else:
            out += self._report_loc(f, f"unexpected {kind}: {msg}")
