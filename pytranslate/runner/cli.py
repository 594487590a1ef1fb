"""`pyrunner` command line (mlir-cpu-runner's options)."""
from __future__ import annotations

import sys

from pytranslate.runner import RunnerError, translate, compile_and_run

USAGE = """OVERVIEW: pyrunner: MLIR CPU execution driver (LLVM dialect programs on llvmlite's JIT)

USAGE: pyrunner [options] <input file>

OPTIONS:
  -e, --entry-function=<name>       The function to be called (default: main)
  --entry-point-result=<f32|i32|i64|void>
                                    Textual description of the function type to be called
                                    (default: f32)
  -O0, -O1, -O2, -O3                Optimization level
  --shared-libs=<lib>[,<lib>...]    Libraries to link dynamically (repeatable; also
                                    --dlopen). MLIR's mlir_c_runner_utils / mlir_runner_utils
                                    are built in: naming one that is not on disk uses those
  --march, --mcpu, --mattr          Accepted; the host target is always used
  --dump-llvmir                     Print the translated LLVM IR instead of running it
"""


# options taking a value (`-opt=v` or `-opt v`) -> what they set
_VALUED = {"-e": "entry", "-entry-function": "entry", "-entry-point-result": "result",
           "-shared-libs": "libs", "-dlopen": "libs"}


# LLVM options mlir-cpu-runner passes on to LLVM's own option parser (the matrix lowering)
_LLVM_OPTIONS = ("-enable-matrix", "-matrix-allow-contract", "-matrix-default-layout")


_KNOWN = ["e", "entry-point-result", "shared-libs", "dlopen", "O0", "O1", "O2", "O3",
          "dump-llvmir", "march", "mcpu", "mattr", "object-filename", "obj-cache", "help",
          "enable-matrix", "matrix-allow-contract", "matrix-default-layout"]


def _unknown(arg):
    """llvm::cl's message for an unknown argument, with the nearest option name."""
    from pyopt.command import edit_distance
    from pyopt.clopts import program_path
    body = arg.lstrip("-")
    flag, eq, value = body.partition("=")
    near = min(_KNOWN, key=lambda n: (edit_distance(n, flag), len(n), n))
    near = ("-" if len(near) == 1 else "--") + near + (eq + value if eq else "")
    return (f"Unknown command line argument '{arg}'.  Try: '{program_path()} --help'\n"
            f"pyrunner: Did you mean '{near}'?")


def _parse(argv):
    opts = {"input": "-", "entry": "main", "result": "f32", "opt": 0, "libs": [],
            "dump": False, "llvm": []}
    it = iter(argv)
    inputs = []
    for a in it:
        b = a[1:] if a.startswith("--") else a
        key, eq, val = b.partition("=")
        if b in ("-h", "-help", "--help"):
            sys.stdout.write(USAGE)
            raise SystemExit(0)
        if key in _VALUED:
            if not eq:
                val = next(it, None)
                if val is None:
                    raise RunnerError(f"for the {key} option: requires a value!")
            key = _VALUED[key]
            if key == "result":
                opts["result"] = val  # (any text: a kind 19 does not know fails later)
            elif key == "libs":
                opts["libs"].extend(x for x in val.split(",") if x)
            elif key == "entry":
                opts["entry"] = val
        elif b in ("-O0", "-O1", "-O2", "-O3"):
            opts["opt"] = int(b[2])
        elif key in _LLVM_OPTIONS:
            opts["llvm"].append("-" + b)
        elif b == "-dump-llvmir":
            opts["dump"] = True
        elif key in ("-march", "-mcpu", "-mattr", "-object-filename", "-obj-cache"):
            if not eq and key != "-obj-cache":
                next(it, None)  # accepted, the host target is always used
        elif a.startswith("-") and a != "-":
            raise RunnerError(_unknown(a))
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
    import os
    from pyopt.clopts import read_input_file
    from pytranslate.runner.utils import flush
    argv = sys.argv[1:] if argv is None else argv
    sys.setrecursionlimit(20000)
    try:
        opts = _parse(argv)
    except RunnerError as e:
        sys.stderr.write(f"pyrunner: {e}\n")
        sys.exit(1)
    from pytranslate.runner.utils import c_stdio_buffering
    c_stdio_buffering()
    text, name = read_input_file(opts["input"])
    if text is None:
        sys.stderr.write("could not parse the input IR\n")
        sys.exit(1)
    try:
        if opts["dump"]:
            ir = translate(text, name)
            if ir is None:
                sys.exit(1)
            sys.stdout.write(ir)
            sys.exit(0)
        ir = translate(text, name, opts["entry"], opts["result"])
        if ir is None:
            sys.exit(1)
        value = compile_and_run(ir, opts["entry"], opts["result"], opts["opt"], opts["libs"],
                                opts["llvm"])
    except RunnerError as e:
        flush()
        sys.stderr.write(f"{e}\n" if e.bare else f"Error: {e}\n")
        sys.exit(1)
    except Exception as e:  # a bug: a diagnostic, never a traceback
        if os.environ.get("PYOPT_TRACEBACK"):
            raise
        flush()
        sys.stderr.write(f"pyrunner: error: internal error: {type(e).__name__}: {e}\n")
        sys.exit(1)
    if value is not None:
        # mlir-cpu-runner prints the result through its own stream, flushed before the C
        # library's stdout buffer at exit: the result line comes before whatever the
        # program printed that is still buffered
        sys.stdout.flush()
        os.write(sys.stdout.fileno(), (value + "\n").encode())
    flush()
    sys.exit(0)


if __name__ == "__main__":
    main()
