"""Running LLVM (llvmlite) safely on text pytranslate reads or writes.

Two concerns:
- llvmlite links a newer LLVM than 19, which dropped some syntax LLVM 19 still reads (the `mul`
  constant expression). `for_newer_llvm` rewrites such text into an equivalent check input:
  the checker must never reject valid LLVM 19 IR.
- LLVM reports some problems (broken debug info, bad module flags) with a fatal error that
  aborts the process. `Isolated` runs the check in a forked child, so an abort becomes a result
  the caller turns into a diagnostic."""
from __future__ import annotations

import os
import re
import pickle

# A `mul` constant expression (optionally with flags) outside strings and comments. `add` has
# the same operand rules and the same length, so LLVM's line:col positions stay valid.
_MUL_CE = re.compile(r'"[^"]*"|;[^\n]*|(?<![\w%@!$.\-])mul(?=(?:\s+(?:nuw|nsw))*\s*\()')
# What a `mul` expression starts with: most modules have none, and this search (a literal
# prefix) is far cheaper than _MUL_CE's walk over every string and comment.
_MUL_CE_START = re.compile(r'mul(?=(?:\s+(?:nuw|nsw))*\s*\()')


# Input bytes that are not UTF-8 arrive as surrogate escapes, which llvmlite cannot encode;
# a NUL would end its C string early. Both are replaced one character for one (a NUL is
# white space to LLVM's lexer; in strings and comments any byte is as good as another).
_UNSAFE = re.compile("[\x00\udc80-\udcff]")


def for_newer_llvm(text):
    """Text LLVM 22 parses exactly when LLVM 19 parses `text` (as far as we know)."""
    if _UNSAFE.search(text):
        text = _UNSAFE.sub(lambda m: " " if m.group(0) == "\x00" else "?", text)
    if _MUL_CE_START.search(text) is None:
        return text
    return _MUL_CE.sub(lambda m: "add" if m.group(0) == "mul" else m.group(0), text)


def _close_paren(text, i):
    """Index of the `)` closing the `(` at text[i] (strings skipped)."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1)
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _split_top(body):
    """Split `a, b` at the top-level comma."""
    depth = 0
    for i, c in enumerate(body):
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            return body[:i].strip(), body[i + 1:].strip()
    return None


_INT_OPERAND = re.compile(r"(i\d+)\s+(-?\d+)$")


def _mul_by_constant(operands):
    """`mul (iN X, iN C)` with a literal C as constant expressions LLVM 22 still has:
    X * C is the byte offset of element X of [|C| x i8] from null (negated for C < 0)."""
    parts = _split_top(operands)
    if parts is None:
        return None
    for x, c in (parts, parts[::-1]):
        m = _INT_OPERAND.match(c)
        if m is None:
            continue
        ty, k = m.group(1), int(m.group(2))
        prod = f"ptrtoint (ptr getelementptr ([{abs(k)} x i8], ptr null, {x}) to {ty})"
        return prod if k >= 0 else f"sub ({ty} 0, {ty} {prod})"
    return None


def for_execution(text):
    """`text` with LLVM 19's `mul` constant expressions (which LLVM 22 no longer reads)
    rewritten into equal-valued ones it does read, for the JIT. Where no rewrite is known the
    expression stays (and LLVM reports it)."""
    if "mul" not in text:
        return text
    out = []
    pos = 0
    for m in _MUL_CE.finditer(text):
        if m.group(0) != "mul":
            continue
        open_ = text.index("(", m.end())
        close = _close_paren(text, open_)
        if close < 0:
            continue
        new = _mul_by_constant(text[open_ + 1:close])
        if new is None:
            continue
        out.append(text[pos:m.start()])
        out.append(for_execution(new) if "mul" in new else new)
        pos = close + 1
    out.append(text[pos:])
    return "".join(out)


class Isolated:
    """Runs fn(*args) in a forked child; result() returns ("ok", value) or ("crash", stderr
    text). Without os.fork (or with PYOPT_NO_FORK / PYTRANSLATE_NO_FORK) it runs in-process
    at once."""

    def __init__(self, fn, *args):
        self.pid = None
        self.value = None
        from pyopt.background_verify import fork_available
        if not fork_available():
            self.value = ("ok", fn(*args))
            return
        import tempfile
        import sys
        self.err = tempfile.TemporaryFile()
        r, w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # child: never returns
            code = 0
            try:
                os.close(r)
                os.dup2(self.err.fileno(), 2)
                data = pickle.dumps(fn(*args))
                with os.fdopen(w, "wb") as f:
                    f.write(data)
            except BaseException:
                code = 3
            finally:
                os._exit(code)
        os.close(w)
        self.pid, self.rfd = pid, r

    def result(self):
        if self.pid is None:
            return self.value
        chunks = []
        while True:
            b = os.read(self.rfd, 1 << 16)
            if not b:
                break
            chunks.append(b)
        os.close(self.rfd)
        _, status = os.waitpid(self.pid, 0)
        self.pid = None
        code = os.waitstatus_to_exitcode(status)
        if code == 0 and chunks:
            self.value = ("ok", pickle.loads(b"".join(chunks)))
        else:
            self.err.seek(0)
            self.value = ("crash", self.err.read().decode("utf-8", "replace"))
        self.err.close()
        return self.value


def crash_message(stderr_text):
    """What to tell the user when LLVM gave up on the module: its `LLVM ERROR:` message (or
    the verifier finding printed before it), else the LLVM-internal abort (an assertion,
    an unreachable, a signal) turned into a message about the input."""
    lines = [l.strip() for l in stderr_text.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if l.startswith("LLVM ERROR:"):
            # the verifier's own finding comes first (its offending values follow it)
            first = next((x for x in lines[:i] if not x.startswith(("warning:", "!", "ptr ",
                                                                     "i32 ", "i64 "))), None)
            return first or l[len("LLVM ERROR:"):].strip()
    for i, l in enumerate(lines):
        if _ASSERTION.search(l):
            return internal_failure_message(l)
        m = _UNREACHABLE.match(l)
        if m:
            return internal_failure_message(lines[i - 1] if i and m.group(1) == "" else
                                            m.group(1))
    return f"{_CANNOT_READ} (LLVM crashed on it)"


_CANNOT_READ = "invalid LLVM IR: LLVM cannot read this module"
_ASSERTION = re.compile(r"Assertion `.*' failed")
_UNREACHABLE = re.compile(r"^(.*?)\s*UNREACHABLE executed at ")
_CAST_TARGET = re.compile(r"\[with (?:To|X) = (?:const )?llvm::(\w+)")
_QUOTED = re.compile(r'&& "([^"]+)"')
# What LLVM-internal text looks like: source paths, C++ names, assertion/stack-dump words.
INTERNAL_TEXT = re.compile(r"Assertion `|UNREACHABLE executed|\.(?:h|cpp|inc):\d+|llvm::|"
                           r"Stack dump|PLEASE submit a bug report")


def is_internal_text(text):
    """Whether an error text is LLVM talking about itself (not about the input)."""
    return INTERNAL_TEXT.search(text) is not None


def internal_failure_message(line):
    """An LLVM assertion or unreachable line as a message about the input: what kind of
    value LLVM expected (for its casts) or the assertion's own explanation, without source
    paths, C++ signatures or the failed condition."""
    m = _CAST_TARGET.search(line)
    if m and ("cast" in line):
        kind = m.group(1)
        what = "metadata node" if kind.startswith("DI") or kind.startswith("MD") else "value"
        return f"{_CANNOT_READ}: a {what} is not the {kind} expected there"
    m = _QUOTED.search(line)
    if m and "argument of incompatible type" not in m.group(1):
        return f"{_CANNOT_READ}: {m.group(1).rstrip('.!')}"
    if not _ASSERTION.search(line) and not is_internal_text(line) and line:
        return f"{_CANNOT_READ}: {line.rstrip('.!')}"
    return _CANNOT_READ


_LLVMLITE_HEADINGS = ("LLVM IR parsing error", "LLVM bitcode parsing error",
                      "LLVM IR verification error")
_STRING_BUFFER = re.compile(r"^<string>:(\d+):(\d+): error: ", re.M)


def llvmlite_error_text(msg):
    """llvmlite's RuntimeError text as LLVM's own words: without llvmlite's heading, and a
    parse error located as `line L:C:` of the text given to LLVM (llvmlite calls that buffer
    `<string>`)."""
    lines = msg.strip("\n").splitlines()
    while lines and lines[0].strip() in _LLVMLITE_HEADINGS:
        lines = lines[1:]
    return _STRING_BUFFER.sub(r"line \1:\2: ", "\n".join(lines)).strip()

