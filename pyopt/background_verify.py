"""Verification beside other work: the verifier runs on a snapshot of the IR in a forked child
process while the parent goes on (the next pass, printing, translating), so on two cores its
time overlaps theirs, as MLIR's verifier overlaps with its threads.

A child only reports through its exit code, and reports success only when verification passed
without a single diagnostic. Anything else (a failure, a remark a verifier emitted, a crash)
means the caller must do the work again in-process, where the verifier's own diagnostics come
out exactly as without this module; the work done in the meantime is dropped. Without os.fork
(or with PYOPT_NO_FORK or PYTRANSLATE_NO_FORK set) `BackgroundVerifier.create` gives None and
callers verify in-process at once."""
from __future__ import annotations

import io
import os
import sys


MAX_PENDING = 2  # children verifying at once (the parent works beside them)
# Verifying beside the work pays for its process from about this size of input on (about
# 1,500 ops, whose verification takes ~10 ms: as long as a fork and a wait).
VERIFY_BESIDE_MIN_CHARS = 64 * 1024
# From about this size of input on (about 25k ops) a second process pays for itself doing half
# of the work (pyopt/pipeline_halves.py). PYOPT_HALVES_MIN_CHARS sets another: 0 splits every
# input of two functions or more, which is how tests hold two processes to one's output.
HALVES_MIN_CHARS = int(os.environ.get("PYOPT_HALVES_MIN_CHARS", 1 << 20))


class VerifyInProcess(Exception):
    """A background verification did not pass silently: redo the work in-process."""


def fork_available():
    return hasattr(os, "fork") and not os.environ.get("PYOPT_NO_FORK") and \
        not os.environ.get("PYTRANSLATE_NO_FORK")


class BackgroundVerifier:
    def __init__(self, ctx):
        self.ctx = ctx
        self.pending = []  # pids of running children, oldest first
        self.ok = True
        self._saved = None  # (engine, its stream, sys.stderr) while output is held

    @classmethod
    def create(cls, ctx):
        return cls(ctx) if fork_available() else None

    def start(self, op):
        """Verifies `op` (and what it holds) as it is now, in a child. With MAX_PENDING
        children running, the oldest is waited for first (a verification can take longer
        than the pass after it). Raises VerifyInProcess as soon as an earlier child did not
        pass."""
        while len(self.pending) >= MAX_PENDING:
            self._wait(self.pending.pop(0))
        if not self.ok:
            raise VerifyInProcess
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            pid = os.fork()
        except OSError:
            pid = None
        if pid == 0:  # the child: never returns
            _verify_in_child(op, self.ctx)
        if pid is None:  # (no process to spare: verify here, as without this module)
            from pyopt.ir.verifier import verify
            verify(op, self.ctx)
            return
        self.pending.append(pid)

    def finish(self):
        """Waits for every child; True when all passed silently."""
        while self.pending:
            self._wait(self.pending.pop(0))
        return self.ok

    def _wait(self, pid):
        try:
            _, status = os.waitpid(pid, 0)
            passed = os.waitstatus_to_exitcode(status) == 0
        except ChildProcessError:
            passed = False
        self.ok = self.ok and passed

    def hold_output(self, engine):
        """What the parent writes to stderr (diagnostics, pass messages) waits in a buffer
        until the verdicts are in: `release_output` writes it, a redo drops it."""
        engine._on_terminal()  # (colours are decided on the real stream, not the buffer)
        self._saved = (engine, engine.stream, sys.stderr)
        engine.stream = sys.stderr = io.StringIO()

    def release_output(self, keep):
        engine, stream, stderr = self._saved
        held = engine.stream
        engine.stream, sys.stderr = stream, stderr
        if keep:
            stream.write(held.getvalue())


def verify_with(bg, op, ctx):
    """Verifies `op` in a child of `bg`, or in-process at once when `bg` is None (raising
    MLIRError when it is invalid)."""
    if bg is None:
        from pyopt.ir.verifier import verify
        verify(op, ctx)
    else:
        bg.start(op)


def passed(bg):
    """Waits for `bg`'s children: False when one did not pass silently (None: True)."""
    return bg is None or bg.finish()


def verify_beside(op, ctx, input_size):
    """Starts verifying `op` beside the caller's work: a BackgroundVerifier (see `passed`),
    or None when `op` was verified in-process at once, as it is for an input of fewer than
    VERIFY_BESIDE_MIN_CHARS."""
    bg = BackgroundVerifier.create(ctx) if input_size >= VERIFY_BESIDE_MIN_CHARS else None
    verify_with(bg, op, ctx)
    return bg


def _verify_in_child(op, ctx):
    code = 1
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        code = 0 if verified_silently(op, ctx) else 1
    finally:
        os._exit(code)


def verified_silently(op, ctx, skip=frozenset()):
    """Verifies `op` (but the isolated-from-above ops in `skip`) in-process without a word:
    True when it passed and no verifier said anything; else the caller verifies again to
    report."""
    from pyopt.ir.diagnostics import DiagnosticEngine, MLIRError
    from pyopt.ir.verifier import verify
    heard = io.StringIO()
    saved, ctx.diag_engine = getattr(ctx, "diag_engine", None), DiagnosticEngine(stream=heard)
    try:
        verify(op, ctx, skip=skip)
    except MLIRError:
        return False
    finally:
        engine, ctx.diag_engine = ctx.diag_engine, saved
    return not heard.getvalue() and not engine.had_error
