"""What pyopt, pytranslate and pyrunner share as command-line programs: how a run ends, and
how `-o` is written (all or nothing)."""
from __future__ import annotations

import os
import sys


def run_command(prog, invoke, exit_process):
    """Runs `invoke()` (the tool's main, returning an exit code) and ends like mlir-opt: a
    closed pipe or failure is exit code 1, and an unexpected exception (a bug) an internal
    error diagnostic, never a traceback (PYOPT_TRACEBACK=1 re-raises it). When
    `exit_process`, the process ends here without the interpreter's teardown, which would
    free every IR object one by one (~15% of a large run)."""
    try:
        rc = invoke()
    except BrokenPipeError:
        _quiet_stdout()
        rc = 1
    except Exception as e:
        if os.environ.get("PYOPT_TRACEBACK"):
            raise
        sys.stdout.flush()
        sys.stderr.write(f"{prog}: error: internal error: {type(e).__name__}: {e} (set "
                         f"PYOPT_TRACEBACK=1 for details)\n")
        rc = 1
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `pyopt big.mlir | head`
        _quiet_stdout()
        rc = rc or 1
    if exit_process and isinstance(rc or 0, int):
        try:
            sys.stderr.flush()
        except BrokenPipeError:
            pass
        os._exit(rc or 0)
    sys.exit(rc or 0)


def _quiet_stdout():
    """After the reader of stdout went away: point stdout at /dev/null, so that the
    interpreter's final flush does not report the broken pipe once more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def quiet_pipe(fn):
    """Wraps a `main`: a closed pipe (`pyopt --help | head -1`) ends it quietly, exit code 1."""
    def wrapper(*args, **kw):
        try:
            return fn(*args, **kw)
        except BrokenPipeError:
            _quiet_stdout()
            sys.exit(1)
    wrapper.__doc__ = fn.__doc__
    return wrapper


class OutputFile:
    """`-o path` as mlir-opt's ToolOutputFile: opened (so a bad path is reported) before any
    work; the text goes to a temporary file beside it, renamed over `path` on success; on
    failure nothing is left at `path`."""

    def __init__(self, path):
        import stat
        import tempfile
        self.path = path
        if os.path.isdir(path):
            raise OSError(21, os.strerror(21))  # EISDIR, as the open of the path would say
        try:
            special = not stat.S_ISREG(os.stat(path).st_mode)
        except OSError:
            special = False
        if special:
            # /dev/null, a FIFO, a terminal: written in place and never replaced or removed
            # (LLVM only ever removes regular files)
            self.tmp = None
            self.file = open(path, "w", encoding="utf-8", errors="surrogateescape")
            return
        fd, self.tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".",
                                        dir=os.path.dirname(path) or ".")
        self.file = os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape")

    @classmethod
    def open(cls, path, prog=None):
        """The OutputFile, or None after printing mlir-opt's diagnostic."""
        try:
            return cls(path)
        except OSError as e:
            sys.stderr.write(f"cannot open output file '{path}': {e.strerror}\n")
            return None

    def finish(self, ok, text=""):
        if self.tmp is None:
            try:
                if ok:
                    self.file.write(text)
                self.file.close()
            except OSError as e:
                sys.stderr.write(f"cannot write output file '{self.path}': {e.strerror}\n")
                return False
            return ok
        try:
            if ok:
                self.file.write(text)
                self.file.close()
                try:
                    mode = os.stat(self.path).st_mode & 0o777
                except OSError:
                    umask = os.umask(0)
                    os.umask(umask)
                    mode = 0o666 & ~umask
                os.chmod(self.tmp, mode)
                os.replace(self.tmp, self.path)
                return True
            self.file.close()
            os.unlink(self.tmp)
            if os.path.lexists(self.path):
                os.unlink(self.path)
        except OSError as e:
            sys.stderr.write(f"cannot write output file '{self.path}': {e.strerror}\n")
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
        return False


def read_input_file(path):
    """The input (a file, or stdin for `-`) as text and its buffer name, or (None, None) after
    LLVM's message; undecodable bytes survive as surrogate escapes (bytecode, invalid UTF-8)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
            name = "<stdin>"
        else:
            with open(path, "rb") as f:
                data = f.read()
            name = path
    except OSError as e:
        sys.stderr.write(f"cannot open input file '{path}': {e.strerror}\n")
        return None, None
    return data.decode("utf-8", "surrogateescape"), name


def edit_distance(a, b):
    """Levenshtein distance, for llvm::cl's "Did you mean" suggestions."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
