"""`pyrunner` command line (mlir-cpu-runner's options)."""
from __future__ import annotations

import sys

from pytranslate.runner import RunnerError, translate, compile_and_run

OVERVIEW = "MLIR CPU execution driver"


def _options():
    from pyopt import clopts as C
    O = C.Opt
    return C.generic_options() + [
        O("e", C.STRING, "The function to be called", dest="entry", default="main",
          value_desc="function name"),
        O("entry-function", C.STRING, "The function to be called", dest="entry",
          value_desc="function name", hidden=True),
        O("entry-point-result", C.STRING, "Textual description of the function type to be "
          "called", dest="result", default="f32", value_desc="f32 | i32 | i64 | void"),
        O("shared-libs", C.MULTI, "Libraries to link dynamically (mlir_c_runner_utils and "
          "mlir_runner_utils are built in)", dest="libs"),
        O("dlopen", C.MULTI, "Libraries to link dynamically", dest="libs", hidden=True),
        O("dump-llvmir", C.FLAG, "Print the translated LLVM IR instead of running it",
          dest="dump", default=False),
        # accepted: the host target is always used
        O("march", C.STRING, "Architecture to generate code for (see --version)"),
        O("mcpu", C.STRING, "Target a specific cpu type (-mcpu=help for details)"),
        O("mattr", C.MULTI, "Target specific attributes (-mattr=help for details)"),
        O("object-filename", C.STRING, "Dump JITted-compiled object to file <input "
          "file>.o"),
        O("obj-cache", C.BOOL, "Enable object cache", default=False, hidden=True),
    ] + [O(f"O{n}", C.FLAG, f"Run opt passes and codegen at O{n}", dest=f"O{n}")
         for n in range(4)] + [
        # LLVM's own options, handed on to it (the matrix lowering)
        O(n[1:], C.OPT_STRING, "LLVM option", dest="llvm_" + n[1:].replace("-", "_"),
          implicit="", hidden=True) for n in _LLVM_OPTIONS]


# LLVM options mlir-cpu-runner passes on to LLVM's own option parser (the matrix lowering)
_LLVM_OPTIONS = ("-enable-matrix", "-matrix-allow-contract", "-matrix-default-layout")


def _parse(argv):
    """The options as a dict (input, entry, result, opt, libs, dump, llvm), parsed by the
    llvm::cl-style parser every driver shares; None when the run ends here (--help, bad
    arguments: already reported)."""
    from pyopt import clopts
    prog = clopts.program_path()
    parser = clopts.Parser(clopts.tool_name(prog), OVERVIEW, "<input file>", _options(), prog)
    v, positionals, ok = parser.parse(argv)
    if clopts.handle_generic(parser, v, "pyrunner (MLIR 19.1.7 compatible, pure Python)\n"):
        raise SystemExit(0)
    if not ok:
        raise SystemExit(1)
    opt = max([n for n in range(4) if v.get(f"O{n}")], default=0)
    llvm = []
    for n in _LLVM_OPTIONS:
        val = v.get("llvm_" + n[1:].replace("-", "_"))
        if val is not None:
            llvm.append(n + ("=" + val if val else ""))
    return {"input": positionals[0] if positionals else "-", "entry": v["entry"],
            "result": v["result"], "opt": opt, "libs": v["libs"], "dump": bool(v["dump"]),
            "llvm": llvm}


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
