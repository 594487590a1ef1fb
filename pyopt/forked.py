"""A call made in a forked child while the parent goes on: the child sees the parent's objects
as they were at the fork and hands back one picklable value (a printed part, say)."""
from __future__ import annotations

import os
import sys


class ForkedCall:
    """fn(*args) in a child; `result()` waits for its value, None when it raised or died.
    The child's standard streams go nowhere: what it has to say is in its value."""

    def __init__(self, fn, *args):
        import tempfile  # (not at start-up, with pickle: a tenth of a small run's time)
        self.file = tempfile.TemporaryFile()
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:  # the child: never returns
            import pickle
            value = None
            try:
                devnull = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(devnull, fd)
                value = fn(*args)
            except BaseException:
                value = None
            finally:
                try:
                    pickle.dump(value, self.file, pickle.HIGHEST_PROTOCOL)
                    self.file.flush()
                finally:
                    os._exit(0)

    def result(self):
        import pickle
        self.wait()
        self.file.seek(0)
        try:
            return pickle.load(self.file)
        except Exception:  # (the child died before writing)
            return None

    def wait(self):
        if self.pid:
            pid, self.pid = self.pid, 0
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass

    def cancel(self):
        """Stops the child (its value is no longer wanted)."""
        if self.pid:
            try:
                os.kill(self.pid, 9)
            except ProcessLookupError:
                pass
            self.wait()


def split_point(sizes, share):
    """Where the last `share` of the work in `sizes` (one entry per piece, in order) begins:
    an index splitting the pieces into two non-empty runs, or None."""
    total = sum(sizes)
    seen = 0
    for k, n in enumerate(sizes):
        if seen >= (1 - share) * total:
            return k if 0 < k < len(sizes) and seen < total else None
        seen += n
    return None
