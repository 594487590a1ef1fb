"""`pyrunner` command line (mlir-cpu-runner's options)."""
from __future__ import annotations

import sys

from pytranslate.runner import RESULT_KINDS, RunnerError, translate, compile_and_run

USAGE = """OVERVIEW: pyrunner: MLIR CPU execution driver (LLVM dialect programs on llvmlite's JIT)

USAGE: pyrunner [options] <input file>

OPTIONS:
  -e <name>                         The function to be called (default: main)
  --entry-point-result=<void|i32|i64|f32>
                                    Textual description of the function type to be called
  -O0, -O1, -O2, -O3                Optimization level
  --shared-libs=<lib>[,<lib>...]    Libraries to link dynamically (repeatable)
  --dump-llvmir                     Print the translated LLVM IR instead of running it
"""


def _parse(argv):
    opts = {"input": "-", "entry": "main", "result": "void", "opt": 0, "libs": [],
            "dump": False}
    it = iter(argv)
    inputs = []
    for a in it:
        b = a[1:] if a.startswith("--") else a
        if b in ("-h", "-help", "--help"):
            sys.stdout.write(USAGE)
            raise SystemExit(0)
        if b == "-e":
            opts["entry"] = next(it, None)
            if opts["entry"] is None:
                raise RunnerError("-e requires a value")
        elif b.startswith("-e="):
            opts["entry"] = b[3:]
        elif b.startswith("-entry-point-result="):
            v = b.split("=", 1)[1]
            if v not in RESULT_KINDS:
                raise RunnerError(f"for the --entry-point-result option: Cannot find option "
                                  f"named '{v}'!")
            opts["result"] = v
        elif b in ("-O0", "-O1", "-O2", "-O3"):
            opts["opt"] = int(b[2])
        elif b.startswith("-shared-libs="):
            opts["libs"].extend(x for x in b.split("=", 1)[1].split(",") if x)
        elif b == "-shared-libs":
            opts["libs"].extend(x for x in (next(it, "") or "").split(",") if x)
        elif b == "-dump-llvmir":
            opts["dump"] = True
        elif b in ("-march", "-mcpu", "-mattr") or b.startswith(("-march=", "-mcpu=",
                                                                 "-mattr=")):
            if "=" not in b:
                next(it, None)  # accepted, the host target is always used
        elif a.startswith("-") and a != "-":
            raise RunnerError(f"Unknown command line argument '{a}'.")
        else:
            inputs.append(a)
    if len(inputs) > 1:
        raise RunnerError("too many positional arguments")
    if inputs:
        opts["input"] = inputs[0]
    return opts


def main(argv=None):
    from pyopt.command import quiet_pipe
    quiet_pipe(_main)(argv)


def _main(argv):
    from pyopt.cli import read_input
    from pytranslate.runner.utils import write, flush
    argv = sys.argv[1:] if argv is None else argv
    sys.setrecursionlimit(20000)
    try:
        opts = _parse(argv)
    except RunnerError as e:
        sys.stderr.write(f"pyrunner: {e}\n")
        sys.exit(1)
    text, name = read_input(opts["input"])
    if text is None:
        sys.exit(1)
    ir = translate(text, name)
    if ir is None:
        sys.exit(1)
    if opts["dump"]:
        sys.stdout.write(ir)
        sys.exit(0)
    try:
        value = compile_and_run(ir, opts["entry"], opts["result"], opts["opt"], opts["libs"])
    except RunnerError as e:
        flush()
        sys.stderr.write(f"Error: {e}\n")
        sys.exit(1)
    except Exception as e:  # a bug: a diagnostic, never a traceback
        import os
        if os.environ.get("PYOPT_TRACEBACK"):
            raise
        flush()
        sys.stderr.write(f"pyrunner: error: internal error: {type(e).__name__}: {e}\n")
        sys.exit(1)
    if value is not None:
        write(value + "\n")
    flush()
    sys.exit(0)


if __name__ == "__main__":
    main()
