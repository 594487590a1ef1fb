"""Progress on stderr: one live line on a terminal (rich), plain lines otherwise (a line per
round, so a log of a long run shows how it went without the noise of every test)."""
from __future__ import annotations

import sys
import time


def _size(text):
    return text.count("\n") + 1, len(text.encode("utf-8", "surrogateescape"))


class Progress:
    def __init__(self, stream=None, live=None):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.start = time.monotonic()
        self.first = None
        self._console = None
        self._last = 0.0
        self._width = 0

    def _line(self, text, tests, what):
        lines, size = _size(text)
        l0, s0 = self.first
        secs = time.monotonic() - self.start
        return (f"{l0} -> {lines} lines ({s0} -> {size} bytes), {tests} tests run, "
                f"{secs:.1f}s" + (f" [{what}]" if what else ""))

    def begin(self, text):
        self.first = _size(text)
        if self.live:
            from rich.console import Console
            self._console = Console(file=self.stream, highlight=False)
        else:
            self.stream.write(f"pyreduce: input: {self.first[0]} lines ({self.first[1]} "
                              f"bytes)\n")

    def update(self, text, tests, what):
        """After each test: redraws the live line (at most ten times a second)."""
        if self._console is None:
            return
        now = time.monotonic()
        if now - self._last < 0.1:
            return
        self._last = now
        line = self._line(text, tests, what)
        pad = max(0, self._width - len(line))  # (a shorter line must cover the last one)
        self._width = len(line)
        from rich.text import Text
        self._console.print(Text.assemble(("pyreduce", "bold"), ": " + line + " " * pad),
                            end="\r", soft_wrap=True)

    def round_done(self, n, text, tests):
        if self._console is None:
            self.stream.write(f"pyreduce: round {n}: {self._line(text, tests, '')}\n")

    def end(self, text, tests):
        line = f"pyreduce: done: {self._line(text, tests, '')}"
        if self._console is not None:
            self._console.print(" " * (self._width + 10), end="\r")
            self._console.print(line, soft_wrap=True, markup=False, highlight=False)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
