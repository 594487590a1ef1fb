"""What pyopt and pytranslate share as command-line programs: how a run ends."""
from __future__ import annotations

import os
import sys

import click


def run_command(prog, invoke, exit_process):
    """Runs `invoke()` (the click command) and ends like mlir-opt: click's usage errors shown,
    a closed pipe or failure is exit code 1, and an unexpected exception (a bug) an internal
    error diagnostic, never a traceback (PYOPT_TRACEBACK=1 re-raises it). When
    `exit_process`, the process ends here without the interpreter's teardown, which would
    free every IR object one by one (~15% of a large run)."""
    try:
        rc = invoke()
    except click.exceptions.Exit as e:
        rc = e.exit_code
    except click.ClickException as e:
        e.show()
        rc = 1
    except BrokenPipeError:
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
        rc = rc or 1
    if exit_process and isinstance(rc or 0, int):
        try:
            sys.stderr.flush()
        except BrokenPipeError:
            pass
        os._exit(rc or 0)
    sys.exit(rc or 0)
