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


# Input bytes that are not UTF-8 arrive as surrogate escapes, which llvmlite cannot encode;
# a NUL would end its C string early. Both are replaced one character for one (a NUL is
# white space to LLVM's lexer; in strings and comments any byte is as good as another).
_UNSAFE = re.compile("[\x00\udc80-\udcff]")


def for_newer_llvm(text):
    """Text LLVM 22 parses exactly when LLVM 19 parses `text` (as far as we know)."""
    if _UNSAFE.search(text):
        text = _UNSAFE.sub(lambda m: " " if m.group(0) == "\x00" else "?", text)
    if "mul" not in text:
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
    text). Without os.fork (or with PYTRANSLATE_NO_FORK) it runs in-process at once."""

    def __init__(self, fn, *args):
        self.pid = None
        self.value = None
        if not hasattr(os, "fork") or os.environ.get("PYTRANSLATE_NO_FORK"):
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
    """The one line LLVM printed before it gave up (its `LLVM ERROR:` or assertion)."""
    lines = [l.strip() for l in stderr_text.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if l.startswith("LLVM ERROR:"):
            # the verifier's own finding comes first (its offending values follow it)
            first = next((x for x in lines[:i] if not x.startswith(("warning:", "!", "ptr ",
                                                                     "i32 ", "i64 "))), None)
            return first or l[len("LLVM ERROR:"):].strip()
    for l in lines:
        if not l.startswith(("Stack dump", "#", "0x", " ")):
            return l
    return "LLVM aborted while checking the module"
