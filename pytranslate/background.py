"""Verification beside other work: the verifier runs in a forked child process while the
parent prints (import) or translates (export) the module, so its time overlaps theirs.

The child only reports pass or fail (its exit code). On a failure the caller verifies again
in-process, which raises the verifier's own diagnostic exactly as before; the work done in
the meantime is dropped. Without os.fork (or with PYTRANSLATE_NO_FORK set) verification runs
at once in-process."""
from __future__ import annotations

import os


class BackgroundVerify:
    def __init__(self, module, ctx):
        from pyopt.ir.verifier import verify
        self.pid = None
        self.result = True
        if hasattr(os, "fork") and not os.environ.get("PYTRANSLATE_NO_FORK"):
            try:
                pid = os.fork()
            except OSError:
                pid = None
            if pid == 0:  # the child: verify, report through the exit code, never return
                code = 1
                try:
                    verify(module, ctx)
                    code = 0
                finally:
                    os._exit(code)
            self.pid = pid
        if self.pid is None:
            verify(module, ctx)  # (raises MLIRError on failure)

    def passed(self):
        """Waits for the child; True when verification passed."""
        if self.pid is None:
            return self.result
        pid, self.pid = self.pid, None
        try:
            _, status = os.waitpid(pid, 0)
            self.result = os.waitstatus_to_exitcode(status) == 0
        except ChildProcessError:
            self.result = False
        return self.result
