"""`pyopt`: the mlir-opt command line.

Options are parsed as mlir-opt 19 parses them (LLVM's llvm::cl, see pyopt.clopts): one or two
dashes, `-opt=v` or `-opt v`, the same value parsers and messages, and `--help` in LLVM's
layout. Pass flags (`--canonicalize`, `--convert-func-to-llvm=index-bitwidth=32`) are the
unknown options: they are kept in command-line order and turned into the pipeline by the pass
registry, which reports the names it does not know.
"""
from __future__ import annotations

import sys

from pyopt import clopts as C

_DEFAULT_MARKER = "// -----"
OVERVIEW = "MLIR modular optimizer driver"


def normalize_args(argv):
    """Long options with one dash get two (as the plugin loader expects them)."""
    out = []
    for a in argv:
        if a.startswith("-") and not a.startswith("--") and len(a) > 2 and a[2:3] != "=" \
                and a[:2] not in ("-o", "-p", "-h"):
            a = "-" + a
        out.append(a)
    return out


def _options():
    """mlir-opt 19's own options (names, kinds and descriptions as its --help shows them)."""
    O, B, S = C.Opt, C.BOOL, C.STRING
    return C.generic_options() + [
        O("o", S, "Output filename", dest="output", value_desc="filename", default="-"),
        O("allow-unregistered-dialect", B, "Allow operation with no registered dialects",
          default=False),
        O("dump-pass-pipeline", B, "Print the pipeline that will be run", default=False),
        O("elide-resource-data-from-bytecode", B, "Elide resources when generating bytecode",
          default=False),
        O("emit-bytecode", B, "Emit bytecode when generating output", default=False),
        O("emit-bytecode-version", S, "Use specified bytecode when generating output",
          value_desc="value"),
        O("list-passes", B, "Print the registered passes and exit", default=False,
          hidden=True),
        O("log-actions-to", S, "Log action execution to a file, or stderr if  '-' is passed"),
        O("log-mlir-actions-filter", S, "Comma separated list of locations to filter actions "
          "from logging"),
        O("mlir-disable-threading", B, "Disable multi-threading within MLIR, overrides any "
          "further call to MLIRContext::enableMultiThreading()", default=False),
        O("mlir-elide-elementsattrs-if-larger", C.UINT, "Elide ElementsAttrs with \"...\" "
          "that have more elements than the given upper limit"),
        O("mlir-elide-resource-strings-if-larger", C.UINT,
          "Elide printing value of resources if string is too long in chars."),
        O("mlir-enable-debugger-hook", B, "Enable Debugger hook for debugging MLIR Actions",
          default=False),
        O("mlir-generate-reproducer", S, "Generate an mlir reproducer at the provided "
          "filename (no crash required)", value_desc="filename"),
        O("mlir-output-format", C.ENUM, "Output format for timing data", default="text",
          values=[("text", "display the results in text format"),
                  ("json", "display the results in JSON format")]),
        O("mlir-pass-pipeline-crash-reproducer", S, "Generate a .mlir reproducer file at the "
          "given output path if the pass manager crashes or fails"),
        O("mlir-pass-pipeline-local-reproducer", B, "When generating a crash reproducer, "
          "attempt to generated a reproducer with the smallest pipeline.", default=False),
        O("mlir-pass-statistics", B, "Display the statistics of each pass", default=False),
        O("mlir-pass-statistics-display", C.ENUM, "Display method for pass statistics",
          default="pipeline",
          values=[("list", "display the results in a merged list sorted by pass name"),
                  ("pipeline", "display the results with a nested pipeline view")]),
        O("mlir-pretty-debuginfo", B, "Print pretty debug info in MLIR output", default=False),
        O("mlir-print-assume-verified", B, "Skip op verification when using custom printers",
          default=False, hidden=True),
        O("mlir-print-debuginfo", B, "Print debug info in MLIR output", default=False),
        O("mlir-print-elementsattrs-with-hex-if-larger", C.LONG, "Print DenseElementsAttrs "
          "with a hex string that have more elements than the given upper limit (use -1 to "
          "disable)", default=100),
        O("mlir-print-ir-after", C.MULTI, "Print IR after specified passes",
          value_desc="pass-arg", missing="Cannot find option named ''!"),
        O("mlir-print-ir-after-all", B, "Print IR after each pass", default=False),
        O("mlir-print-ir-after-change", B, "When printing the IR after a pass, only print if "
          "the IR changed", default=False),
        O("mlir-print-ir-after-failure", B, "When printing the IR after a pass, only print if "
          "the pass failed", default=False),
        O("mlir-print-ir-before", C.MULTI, "Print IR before specified passes",
          value_desc="pass-arg", missing="Cannot find option named ''!"),
        O("mlir-print-ir-before-all", B, "Print IR before each pass", default=False),
        O("mlir-print-ir-module-scope", B, "When printing IR for print-ir-[before|after]{-all} "
          "always print the top-level operation", default=False),
        O("mlir-print-ir-tree-dir", S, "When printing the IR before/after a pass, print file "
          "tree rooted at this directory. Use in conjunction with mlir-print-ir-* flags"),
        O("mlir-print-local-scope", B, "Print with local scope and inline information "
          "(eliding aliases for attributes, types, and locations", default=False),
        O("mlir-print-op-generic", B, "Print the generic op form", default=False,
          hidden=True),
        O("mlir-print-op-on-diagnostic", B, "When a diagnostic is emitted on an operation, "
          "also print the operation as an attached note", default=True),
        O("mlir-print-skip-regions", B, "Skip regions when printing ops.", default=False),
        O("mlir-print-stacktrace-on-diagnostic", B, "When a diagnostic is emitted, also "
          "print the stack trace as an attached note", default=False),
        # ours (not in 19): identified structs as aliases (seed RFC 003)
        O("mlir-print-struct-aliases", B, "Print identified LLVM struct types as aliases",
          default=False, hidden=True),
        O("mlir-print-unique-ssa-ids", B, "Print unique SSA ID numbers for values, block "
          "arguments and naming conflicts across all regions", default=False),
        O("mlir-print-value-users", B,
          "Print users of operation results and block arguments as a comment", default=False),
        O("mlir-timing", B, "Display execution times", default=False),
        O("mlir-timing-display", C.ENUM, "Display method for timing data", default="tree",
          values=[("list", "display the results in a list sorted by total time"),
                  ("tree", "display the results ina with a nested tree view")]),
        O("no-implicit-module", B,
          "Disable implicit addition of a top-level module op during parsing", default=False),
        O("output-split-marker", S, "Split marker to use for merging the ouput",
          default=_DEFAULT_MARKER),
        O("p", S, "Alias for --pass-pipeline", dest="pass_pipeline", value_desc="",
          hidden=True),
        O("pass-pipeline", S, "Textual description of the pass pipeline to run"),
        O("run-reproducer", B, "Run the pipeline stored in the reproducer", default=False),
        O("show-dialects", B, "Print the list of registered dialects and exit",
          default=False),
        O("split-input-file", C.OPT_STRING, "Split the input file into chunks using the "
          "given or default marker and process each chunk independently",
          implicit=_DEFAULT_MARKER),
        O("verify-diagnostics", B, "Check that emitted diagnostics match expected-* lines on "
          "the corresponding line", default=False),
        O("verify-each", B, "Run the verifier after each transformation pass", default=True),
        O("verify-roundtrip", B, "Round-trip the IR after parsing and ensure it succeeds",
          default=False),
        _PassList(),
    ]


class _PassList(C.Opt):
    """The "Compiler passes to run" entry of mlir-opt's --help: every registered pass with
    its options. (Parsing the pass flags is the registry's; this only lays out the help.)"""

    def __init__(self):
        super().__init__("", C.LIST, "Compiler passes to run", dest="_passes")
        self.sort_key = "test-"  # (19 files it among the `t` options)

    @staticmethod
    def _entries():
        from pyopt.pass_registry import PASSES, _load_builtin_passes
        _load_builtin_passes()
        out = []
        for name in sorted(PASSES):
            info = PASSES[name]
            opts = []
            for o in sorted(info.options.values(), key=lambda o: o.name):
                t = o.type
                desc = o.value_desc or ("value" if isinstance(t, tuple) else None if t is bool
                                        else "int" if t is int else "string")
                opts.append((o.name + (f"=<{desc}>" if desc else ""), o.help,
                             t if isinstance(t, tuple) else ()))
            out.append((name, info.summary, opts))
        return out

    def help_width(self):
        w = 0
        for name, _, opts in self._entries():
            w = max([w, len(name) + 10] + [len(o) + 12 for o, _, _ in opts])
        return w

    def help_lines(self, width):
        out = ["  Compiler passes to run", "    Passes:"]
        for name, summary, opts in self._entries():
            out.append(f"      --{name}".ljust(width) + " -   " + summary)
            for opt, help_, values in opts:
                out.append(f"        --{opt}".ljust(width) + " - " + help_)
                for v in values:
                    out.append(f"    ={v}".ljust(width - 6) + " -   ")
        return out


def _overview():
    from pyopt.dialects import all_dialects
    names = ", ".join(sorted(d.name for d in all_dialects()))
    return f"{OVERVIEW}\n\nAvailable Dialects: {names}"


def _parser(pass_flags):
    def take_pass_flag(arg):
        pass_flags.append(arg.lstrip("-"))
        return True
    return C.Parser("pyopt", _overview, "<input file>", _options(), "pyopt",
                    on_unknown=take_pass_flag)


def _version_text():
    from pyopt import __version__
    # LLVM's layout ("<vendor> LLVM version 19.1.7", then the kind of build)
    return f"pyopt {__version__} LLVM version 19.1.7\n  Pure Python build.\n"


def _help_names():
    return [o.name for o in _options() if not o.hidden and o.name]


def _did_you_mean(arg):
    """The nearest option or pass to an unknown `--arg[=value]`, as llvm::cl suggests it."""
    from pyopt.command import edit_distance
    from pyopt.pass_registry import PASSES, _load_builtin_passes
    _load_builtin_passes()
    flag, eq, value = arg.lstrip("-").partition("=")
    names = _help_names()
    best, best_d = None, None
    for n in list(PASSES) + names:
        d = edit_distance(n, flag)
        if best is None or d < best_d:
            best, best_d = n, d
    if best is None:
        return None
    return ("-" if len(best) == 1 else "--") + best + (eq + value if eq else "")



def _unknown_pass_name(values):
    """The first name of a comma-separated pass-name option that is no registered pass."""
    names = [n for v in values for n in v.split(",") if n]
    if not names:
        return None
    from pyopt.pass_registry import lookup_pass
    return next((n for n in names if lookup_pass(n) is None), None)


def _pipeline_from_args(passes, pass_pipeline):
    """The OpPassManager of `--pass-pipeline` or of the pass flags; None after reporting."""
    from pyopt.pass_manager import (GlobalOptionError, PipelineError, PipelineOptionError,
                                    from_flags, parse_pipeline)
    if passes and pass_pipeline is not None:
        sys.stderr.write("<unknown>:0: error: '-pass-pipeline' option can't be used with "
                         "individual pass options\n")
        return None
    try:
        if pass_pipeline is not None:
            return parse_pipeline(pass_pipeline)
        return from_flags(passes)
    except GlobalOptionError as e:
        sys.stderr.write(f"pyopt: {e}\n")
    except KeyError as e:
        flag = e.args[0]
        sys.stderr.write(f"pyopt: Unknown command line argument '--{flag}'.  Try: "
                         f"'pyopt --help'\n")
        close = _did_you_mean(flag)
        if close:
            sys.stderr.write(f"pyopt: Did you mean '{close}'?\n")
    except PipelineError as e:
        cause = e.__cause__
        text = e.render()
        if isinstance(cause, PipelineOptionError):
            sys.stderr.write(f"pyopt: for the --{cause.option} option: {cause}\n")
        if pass_pipeline is None:  # a pass flag: the option parser's words only
            text = "" if isinstance(cause, PipelineOptionError) else \
                text.split("\nfailed to add")[0]
        elif "failed to add" in text:
            text += "\n"
        sys.stderr.write(f"<unknown>:0: error: {text}\n")
    return None




def _run(v, input_file, passes):
    """The run the options ask for; returns the exit code."""
    from pyopt.tool import OptOptions, run
    from pyopt.syntax.printer import PrintFlags
    if v["show_dialects"]:
        from pyopt.dialects import all_dialects
        sys.stdout.write("Available Dialects: " +
                         ",".join(sorted(d.name for d in all_dialects())) + "\n")
        return 0
    if v["list_passes"]:
        from pyopt.pass_manager import list_passes_text
        sys.stdout.write(list_passes_text() + "\n")
        return 0
    marker = v["split_input_file"]
    if marker is not None and len(marker) <= 2:
        # (the splitter cuts at the marker minus two characters)
        sys.stderr.write(f"pyopt: for the --split-input-file option: the split marker "
                         f"'{marker}' must be longer than 2 characters\n")
        return 1
    for option in ("mlir-print-ir-before", "mlir-print-ir-after"):
        bad = _unknown_pass_name(v[option.replace("-", "_")])
        if bad is not None:
            sys.stderr.write(f"pyopt: for the --{option} option: Cannot find option named "
                             f"'{bad}'!\n")
            return 1
    flags = PrintFlags(generic=v["mlir_print_op_generic"], debuginfo=v["mlir_print_debuginfo"],
                       pretty_debuginfo=v["mlir_pretty_debuginfo"],
                       local_scope=v["mlir_print_local_scope"],
                       elide_limit=v["mlir_elide_elementsattrs_if_larger"],
                       resource_limit=v["mlir_elide_resource_strings_if_larger"],
                       hex_limit=v["mlir_print_elementsattrs_with_hex_if_larger"],
                       assume_verified=v["mlir_print_assume_verified"],
                       struct_aliases=v["mlir_print_struct_aliases"],
                       skip_regions=v["mlir_print_skip_regions"],
                       unique_ssa_ids=v["mlir_print_unique_ssa_ids"],
                       value_users=v["mlir_print_value_users"])
    pass_pipeline = v["pass_pipeline"]
    pipeline = []
    # (statistics and the module-scope check concern the pass manager mlir-opt always makes)
    if passes or pass_pipeline is not None or v["dump_pass_pipeline"] \
            or v["mlir_pass_statistics"] or v["mlir_print_ir_module_scope"] \
            or v["run_reproducer"] or v["mlir_generate_reproducer"] \
            or v["mlir_pass_pipeline_crash_reproducer"] or v["log_actions_to"]:
        from pyopt.pass_manager import OpPassManager, PassManager
        if passes or pass_pipeline is not None:
            pipe = _pipeline_from_args(passes, pass_pipeline)
        else:
            pipe = OpPassManager(None)
        if pipe is None:
            return 1
        pipeline = PassManager(
            pipe, verify_each=v["verify_each"],
            print_before=v["mlir_print_ir_before"], print_after=v["mlir_print_ir_after"],
            print_before_all=v["mlir_print_ir_before_all"],
            print_after_all=v["mlir_print_ir_after_all"],
            print_after_change=v["mlir_print_ir_after_change"],
            print_after_failure=v["mlir_print_ir_after_failure"],
            print_module_scope=v["mlir_print_ir_module_scope"], print_flags=flags,
            statistics=v["mlir_pass_statistics"], timing=v["mlir_timing"],
            statistics_display=v["mlir_pass_statistics_display"],
            threading=not v["mlir_disable_threading"])
        pipeline.dump_pipeline = v["dump_pass_pipeline"]
        pipeline.crash_reproducer = v["mlir_pass_pipeline_crash_reproducer"]
        pipeline.local_reproducer = v["mlir_pass_pipeline_local_reproducer"]
        pipeline.generate_reproducer = v["mlir_generate_reproducer"]
        pipeline.run_reproducer = v["run_reproducer"]
        pipeline.tree_dir = v["mlir_print_ir_tree_dir"]
        pipeline.action_log = v["log_actions_to"]
    if v["verify_roundtrip"]:
        from pyopt.roundtrip import RoundTripThen
        run_pipeline = RoundTripThen(pipeline if pipeline != [] else None,
                                     v["allow_unregistered_dialect"])
    else:
        run_pipeline = pipeline
    opts = OptOptions(split_input_file=marker is not None,
                      split_marker=marker or _DEFAULT_MARKER,
                      verify_diagnostics=v["verify_diagnostics"],
                      implicit_module=not v["no_implicit_module"],
                      allow_unregistered=v["allow_unregistered_dialect"],
                      verify_each=v["verify_each"], print_flags=flags,
                      print_op_on_diagnostic=v["mlir_print_op_on_diagnostic"],
                      threading=not v["mlir_disable_threading"],
                      pipeline=run_pipeline, output_split_marker=v["output_split_marker"],
                      timing=(v["mlir_timing_display"], v["mlir_output_format"])
                      if v["mlir_timing"] else None)
    if v["emit_bytecode_version"] is not None:
        from pyopt.bytecode import parse_version_option
        opts.bytecode_version = parse_version_option(v["emit_bytecode_version"],
                                                     v["emit_bytecode"])
        if opts.bytecode_version is None:
            return 1
    opts.emit_bytecode = v["emit_bytecode"]
    opts.elide_resource_data = v["elide_resource_data_from_bytecode"]
    from pyopt.command import OutputFile, read_input_file
    text, name = read_input_file(input_file)
    if text is None:
        return 1
    output = v["output"]
    if output == "-":
        return run(text, name, opts, sys.stdout)
    import io
    out = OutputFile.open(output)
    if out is None:
        return 1
    buf = io.StringIO()
    try:
        rc = run(text, name, opts, buf)
    except BaseException:
        out.finish(False)
        raise
    return rc if out.finish(rc == 0, buf.getvalue()) or rc else 1


def _main(argv):
    passes = []
    parser = _parser(passes)
    v, positionals, ok = parser.parse(argv)
    if C.handle_generic(parser, v, _version_text()):
        return 0
    if not ok:
        return 1
    return _run(v, positionals[0] if positionals else "-", passes)


def main(argv=None):
    argv_was_none = argv is None
    argv = normalize_args(sys.argv[1:] if argv is None else argv)
    from pyopt.pass_registry import add_pass_library
    # the pass library: the module of each pass is imported when the pass is first looked up
    add_pass_library("passes.registry", index="passes.pass_index")
    add_pass_library("passes.analysis_usage")  # (instrumentation metadata of those passes)
    from pyopt.plugins import load_plugins_from_args  # user dialects/passes, before the pipeline
    argv = load_plugins_from_args(argv)
    if argv is None:
        sys.exit(1)
    sys.setrecursionlimit(20000)
    from pyopt.command import run_command
    run_command("pyopt", lambda: _main(argv), argv_was_none)


if __name__ == "__main__":
    main()
