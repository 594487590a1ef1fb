"""The interestingness test, with mlir-reduce's conventions: the script gets its `test-arg`s,
then the candidate file's path; a non-zero exit status means "still interesting".

Every candidate goes through `Tester.check(module)`: it is verified first (a candidate that fails
verification is never written, never shown and never handed to the script), then printed, and
its text is looked up in a cache, so each distinct text is tested at most once."""
from __future__ import annotations

import os
import subprocess
import tempfile

from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.verifier import verify
from pyopt.syntax.printer import print_op


class TesterError(Exception):
    """The script cannot be run (a user error, reported as a diagnostic)."""


class Tester:
    def __init__(self, script, args=()):
        self.script = script
        self.args = list(args)
        self.tests_run = 0
        self._verdicts = {}  # printed text -> interesting?

    def check_script(self):
        if not self.script:
            raise TesterError("no interestingness test given (use the pass option "
                              "test=<path of an executable>)")
        if not os.path.isfile(self.script) or not os.access(self.script, os.X_OK):
            raise TesterError(f"error running interestingness test: executable "
                              f"\"{self.script}\" doesn't exist!")

    def is_interesting(self, text):
        verdict = self._verdicts.get(text)
        if verdict is None:
            verdict = self._verdicts[text] = self._run(text)
        return verdict

    def _run(self, text):
        fd, path = tempfile.mkstemp(prefix="pyreduce-", suffix=".mlir")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
            self.tests_run += 1
            try:
                # (the tester's own output would mix with ours, which may be on stdout)
                rc = subprocess.run([self.script, *self.args, path], stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL).returncode
            except OSError as e:
                raise TesterError(f"error running interestingness test: {e.strerror}")
        finally:
            try:
                os.unlink(path)
            except OSError:
                pass
        return rc > 0  # (killed by a signal: the script itself failed, not interesting)


def printed_if_valid(module, ctx):
    """The module's text, or None when it does not verify."""
    saved = getattr(ctx, "diag_engine", None)
    ctx.diag_engine = SILENT  # (verifiers that emit remarks must not reach stderr)
    try:
        verify(module, ctx)
    except (MLIRError, RecursionError):
        return None
    finally:
        ctx.diag_engine = saved
    return print_op(module)


class _Silent:
    def emit(self, diag):
        pass


SILENT = _Silent()
