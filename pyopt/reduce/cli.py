"""`pyreduce`: mlir-reduce 19's command line.

    pyreduce in.mlir '--reduction-tree=traversal-mode=0 test=./t.sh test-arg=x' -o out.mlir
    pyreduce in.mlir '--opt-reduction-pass=opt-pass=symbol-dce test=./t.sh'

Options as mlir-reduce's (llvm::cl rules, pyopt.clopts): the input file, `-o`,
`--no-implicit-module`, `--pass-pipeline`, and pass flags in command-line order: the reduction
passes of pyopt.reduce.passes and every pyopt pass (plugins loaded as pyopt loads them). The
pipeline runs on the parsed module; the result is printed."""
from __future__ import annotations

import sys

from pyopt import clopts as C
from pyopt.cli import _PassList
from pyopt.plugins import PLUGIN_FLAGS

OVERVIEW = "MLIR test case reduction tool.\n"
CATEGORY = "mlir-reduce options"


class _ReductionPassList(_PassList):
    def help_lines(self, width):
        return ["  Reduction Passes to Run"] + super().help_lines(width)[1:]


def _options():
    return C.generic_options() + [
        C.Opt("o", C.STRING, "Output filename for the reduced test case", dest="output",
              value_desc="string", default="-", category=CATEGORY),
        C.Opt("no-implicit-module", C.BOOL, "Disable implicit addition of a top-level module "
              "op during parsing", default=False, hidden=True),
        C.Opt("pass-pipeline", C.STRING, "Textual description of the pass pipeline to run"),
        _ReductionPassList(),
    ]


def _version_text():
    from pyopt import __version__
    return f"pyreduce {__version__} LLVM version 19.1.7\n  Pure Python build.\n"


def _pipeline(args, text):
    """The pass manager of the pass flags (as given: one or two dashes) or of
    --pass-pipeline; None after reporting."""
    from pyopt.pass_manager import PipelineError, from_flags, parse_pipeline
    from pyopt.command import edit_distance
    from pyopt.pass_registry import PASSES
    if args and text is not None:
        sys.stderr.write("<unknown>:0: error: '-pass-pipeline' option can't be used with "
                         "individual pass options\n")
        return None
    try:
        return parse_pipeline(text) if text is not None else \
            from_flags([a.lstrip("-") for a in args])
    except KeyError as e:
        flag = e.args[0]
        given = next((a for a in args if a.lstrip("-") == flag), "--" + flag)
        sys.stderr.write(f"pyreduce: Unknown command line argument '{given}'.  Try: "
                         f"'pyreduce --help'\n")
        name = flag.partition("=")[0]
        near = min(sorted(PASSES), key=lambda n: edit_distance(n, name), default=None)
        if near is not None:
            sys.stderr.write(f"pyreduce: Did you mean '--{near}'?\n")
    except PipelineError as e:
        cause = e.__cause__
        msg = e.render()
        if cause is not None and hasattr(cause, "option"):
            sys.stderr.write(f"pyreduce: for the --{cause.option} option: {cause}\n")
        sys.stderr.write(f"<unknown>:0: error: {msg.strip()}\n")
    return None


def _main(argv):
    flags = []
    parser = C.Parser("pyreduce", OVERVIEW, "<input file>", _options(), "pyreduce",
                      on_unknown=lambda a: flags.append(a) or True)
    v, positionals, ok = parser.parse(argv)
    if C.handle_generic(parser, v, _version_text()):
        return 0
    if not ok:
        return 1
    pipe = _pipeline(flags, v["pass_pipeline"])
    if pipe is None:
        return 1
    from pyopt.command import OutputFile, read_input_file
    out = OutputFile.open(v["output"]) if v["output"] != "-" else None
    if v["output"] != "-" and out is None:
        return 1
    text, name = read_input_file(positionals[0] if positionals else "-")
    result = None if text is None else _reduce(text, name, pipe, not v["no_implicit_module"])
    if out is not None:
        return 0 if out.finish(result is not None, result or "") else 1
    if result is None:
        return 1
    sys.stdout.write(result)
    return 0


def _reduce(text, name, pipe, implicit_module):
    """Parses, verifies and runs the pipeline; the printed result, or None after reporting."""
    from pyopt.dialects import make_context
    from pyopt.ir.diagnostics import DiagnosticEngine, MLIRError
    from pyopt.ir.location import SourceBuffer
    from pyopt.ir.verifier import verify
    from pyopt.pass_manager import PassManager
    from pyopt.syntax.printer import print_op
    from pyopt.tool import parse_module
    ctx = make_context()
    engine = DiagnosticEngine()
    engine.sources = {name: text}
    ctx.diag_engine = engine
    try:
        module, _ = parse_module(SourceBuffer(name, text), ctx, implicit_module)
        verify(module, ctx)
        ctx.pass_stdout = []
        PassManager(pipe).run(module, ctx, engine)
    except MLIRError as e:
        engine.emit(e.diag)
        for d in e.more:
            engine.emit(d)
        return None
    return print_op(module) + "\n"


def main(argv=None):
    argv_was_none = argv is None
    argv = sys.argv[1:] if argv is None else argv
    # (the plugin loader takes its flags with two dashes; the rest keep their spelling for
    # the messages)
    argv = ["-" + a if a.split("=", 1)[0] in [f[1:] for f in PLUGIN_FLAGS] else a
            for a in argv]
    from pyopt.pass_registry import add_pass_library
    add_pass_library("passes.registry")
    add_pass_library("pyopt.reduce.passes")  # (reduction-tree, opt-reduction-pass)
    from pyopt.plugins import load_plugins_from_args
    argv = load_plugins_from_args(argv)
    if argv is None:
        sys.exit(1)
    sys.setrecursionlimit(20000)
    from pyopt.command import run_command
    run_command("pyreduce", lambda: _main(argv), argv_was_none)


if __name__ == "__main__":
    main()
