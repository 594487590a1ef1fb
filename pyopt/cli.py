"""`pyopt`: the mlir-opt command line.

mlir-opt accepts long options with one or two dashes (`-split-input-file`), so arguments are
normalised to the double-dash spelling before click sees them. Pass flags (`--canonicalize`,
`--convert-func-to-llvm=index-bitwidth=32`) are kept in command-line order and turned into the
pipeline by the pass registry.
"""
from __future__ import annotations

import sys

import click

_SHORT_OK = {"-o", "-h"}
_DEFAULT_MARKER = "// -----"


def normalize_args(argv):
    out = []
    for a in argv:
        if a.startswith(("-o=", "--o=", "-p=", "--p=")):  # `-o=file`, `-p=pipeline`
            out.extend(["-" + a.lstrip("-")[0], a.split("=", 1)[1]])
            continue
        if a.startswith("-") and not a.startswith("--") and len(a) > 2 and a[:2] not in _SHORT_OK:
            a = "-" + a
        out.append(a)
    return out


_TRUE = ("", "true", "TRUE", "True", "1")
_FALSE = ("false", "FALSE", "False", "0")


def _bool_value(v):
    return v not in _FALSE


class _BadValue(Exception):
    pass


def _check_bool(option, v):
    """llvm::cl's boolean parser: only these spellings."""
    if v not in _TRUE and v not in _FALSE:
        raise _BadValue(f"for the --{option} option: '{v}' is invalid value for boolean "
                        f"argument! Try 0 or 1")
    return v not in _FALSE


def _check_enum(option, v, allowed):
    """llvm::cl's enum option parser."""
    if v not in allowed:
        raise _BadValue(f"for the --{option} option: Cannot find option named '{v}'!")
    return v


def _check_long(option, v):
    """llvm::cl's int64 parser (decimal, or 0x/0b/0 prefixed)."""
    try:
        n = int(v, 0) if v.lstrip("-")[:2].lower() in ("0x", "0b", "0o") else int(v, 10)
    except ValueError:
        n = None
    if n is None or not -(1 << 63) <= n < 1 << 63:
        raise _BadValue(f"for the --{option} option: '{v}' value invalid for long argument!")
    return n


def _check_uint(option, v):
    """llvm::cl's unsigned parser (decimal, or 0x/0b/0 prefixed)."""
    try:
        n = int(v, 0) if v[:2].lower() in ("0x", "0b", "0o") else int(v, 10)
    except ValueError:
        n = -1
    if not 0 <= n < 1 << 32:
        raise _BadValue(f"for the --{option} option: '{v}' value invalid for uint argument!")
    return n


def _bool_flags(argv):
    """`--flag=true|false|1|0` for boolean driver options (llvm::cl accepts a value on any
    flag); click flags take none, so `--flag=1` becomes `--flag` and `--flag=0` goes away.
    `--split-input-file[=marker]` takes an optional value, passed as a hidden option."""
    flags = {o for p in _main.params if getattr(p, "is_flag", False) for o in p.opts}
    out = []
    for a in argv:
        name, eq, value = a.partition("=")
        if a in _DEFAULT_TRUE:  # a bare boolean whose default is true: still true
            out.append(a + "=true")
        elif not eq or not name.startswith("--"):
            out.append(a)
        elif name == "--split-input-file":
            if 0 < len(value) <= 2:  # (the splitter cuts at the marker minus two characters)
                raise _BadValue(f"for the --split-input-file option: the split marker "
                                f"'{value}' must be longer than 2 characters")
            out += ["--split-input-file", "--split-input-marker", value or _DEFAULT_MARKER]
        elif name in flags:
            if _check_bool(name[2:], value):
                out.append(name)
        else:
            out.append(a)
    return out


# boolean options that default to true (click options with a value; `--name` alone is true)
_DEFAULT_TRUE = {"--verify-each", "--mlir-print-op-on-diagnostic"}




def _did_you_mean(arg):
    """The nearest option or pass to an unknown `--arg[=value]`, as llvm::cl suggests it."""
    from pyopt.command import edit_distance
    from pyopt.pass_registry import PASSES
    flag, eq, value = arg.lstrip("-").partition("=")
    names = [o.lstrip("-") for p in _main.params if not getattr(p, "hidden", False)
             for o in getattr(p, "opts", ()) if o.startswith("-")]
    best, best_d = None, None
    for n in list(PASSES) + names:
        d = edit_distance(n, flag)
        if best is None or d < best_d:
            best, best_d = n, d
    if best is None:
        return None
    return ("-" if len(best) == 1 else "--") + best + (eq + value if eq else "")


def _pass_flags(extra):
    """Splits leftover args into pass flags (in order) and anything unknown."""
    passes, unknown = [], []
    for a in extra:
        if a.startswith("--"):
            passes.append(a[2:])
        else:
            unknown.append(a)
    return passes, unknown


@click.command(context_settings=dict(ignore_unknown_options=True, allow_extra_args=True,
                                     help_option_names=["--help", "-h"]))
@click.argument("input_file", required=False, default="-")
@click.option("-o", "output", default="-", help="Output filename.")
@click.option("--split-input-file", is_flag=True,
              help="Split the input file into pieces and process each chunk independently "
                   "(--split-input-file=<marker> to split at another marker).")
@click.option("--split-input-marker", default=None, hidden=True)
@click.option("--verify-roundtrip", is_flag=True,
              help="Round-trip the IR after parsing and ensure it succeeds.")
@click.option("--dump-pass-pipeline", is_flag=True,
              help="Print the pipeline that will be run.")
@click.option("--verify-diagnostics", is_flag=True,
              help="Check that emitted diagnostics match expected-* lines on the corresponding "
                   "line.")
@click.option("--no-implicit-module", is_flag=True,
              help="Disable implicit addition of a top-level module op during parsing.")
@click.option("--allow-unregistered-dialect", is_flag=True,
              help="Allow operation with no registered dialects.")
@click.option("--mlir-print-op-generic", is_flag=True, help="Print the generic op form.")
@click.option("--mlir-print-debuginfo", is_flag=True, help="Print debug info in MLIR output.")
@click.option("--mlir-pretty-debuginfo", is_flag=True, help="Print pretty debug info.")
@click.option("--mlir-print-local-scope", is_flag=True,
              help="Print with local scope and inline information (no aliases).")
@click.option("--mlir-print-assume-verified", is_flag=True, help="Skip verification when printing.")
@click.option("--mlir-print-skip-regions", is_flag=True, help="Print `{...}` for every region.")
@click.option("--mlir-print-unique-ssa-ids", is_flag=True,
              help="Print unique SSA ID numbers across all regions.")
@click.option("--mlir-print-value-users", is_flag=True,
              help="Print users of operation results and block arguments as a comment.")
@click.option("--mlir-elide-elementsattrs-if-larger", default=None,
              help="Elide ElementsAttrs with more elements than this.")
@click.option("--mlir-elide-resource-strings-if-larger", default=None,
              help="Elide printing value of resources if string is too long in chars.")
@click.option("--mlir-print-elementsattrs-with-hex-if-larger", default=None,
              help="Print DenseElementsAttrs with a hex string if larger than this.")
@click.option("--mlir-print-struct-aliases", is_flag=True,
              help="Print identified LLVM struct types as aliases (RFC).")
@click.option("--verify-each", default="true", help="Run the verifier after each pass.")
@click.option("--mlir-disable-threading", is_flag=True,
              help="Disable multi-threading within MLIR (pyopt runs on one thread; the flag "
                   "shapes the timing report and allows --mlir-print-ir-module-scope).")
@click.option("--mlir-print-op-on-diagnostic", default="true",
              help="When a diagnostic is emitted on an operation, also print the operation as "
                   "an attached note.")
@click.option("--mlir-print-stacktrace-on-diagnostic", is_flag=True,
              help="Accepted for compatibility (a C++ stack trace; nothing to print here).")
@click.option("--mlir-enable-debugger-hook", is_flag=True,
              help="Accepted for compatibility (MLIR's debugger hook for actions).")
@click.option("--color", is_flag=True, help="Accepted for compatibility (colors in output).")
@click.option("--mlir-pass-pipeline-crash-reproducer", default=None,
              help="Generate a .mlir reproducer file at the given output path if the pass "
                   "manager fails.")
@click.option("--mlir-pass-pipeline-local-reproducer", is_flag=True,
              help="When generating a crash reproducer, reproduce with the failing pass alone.")
@click.option("--mlir-generate-reproducer", default=None,
              help="Write the output IR and the pipeline to this file as a reproducer.")
@click.option("--run-reproducer", is_flag=True,
              help="Run the pipeline given by the input's mlir_reproducer resource.")
@click.option("--output-split-marker", default="// -----",
              help="Split marker used between output chunks.")
@click.option("--show-dialects", is_flag=True, help="Print the registered dialects and exit.")
@click.option("--list-passes", is_flag=True, help="Print the registered passes and exit.")
@click.option("--emit-bytecode", is_flag=True, help="Emit bytecode when generating output")
@click.option("--emit-bytecode-version", default=None,
              help="Use specified bytecode when generating output")
@click.option("--elide-resource-data-from-bytecode", is_flag=True,
              help="Elide resources when generating bytecode")
@click.option("--pass-pipeline", "-p", default=None,
              help="A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'.")
@click.option("--mlir-print-ir-before", multiple=True, help="Print IR before the given passes.")
@click.option("--mlir-print-ir-after", multiple=True, help="Print IR after the given passes.")
@click.option("--mlir-print-ir-before-all", is_flag=True, help="Print IR before each pass.")
@click.option("--mlir-print-ir-after-all", is_flag=True, help="Print IR after each pass.")
@click.option("--mlir-print-ir-after-change", is_flag=True,
              help="When printing the IR after a pass, only print if the IR changed.")
@click.option("--mlir-print-ir-after-failure", is_flag=True,
              help="Print IR after a pass fails.")
@click.option("--mlir-print-ir-tree-dir", default=None,
              help="When printing the IR before/after a pass, print a file tree rooted at "
                   "this directory instead.")
@click.option("--mlir-print-ir-module-scope", is_flag=True,
              help="Print the whole top-level op when printing IR around a pass.")
@click.option("--mlir-timing", is_flag=True, help="Display execution times.")
@click.option("--mlir-timing-display", default="tree",
              help="Display method for timing data (list or tree).")
@click.option("--mlir-output-format", default="text",
              help="Output format for timing data (text or json).")
@click.option("--mlir-pass-statistics", is_flag=True, help="Display the statistics of each pass.")
@click.option("--mlir-pass-statistics-display", default="pipeline",
              help="Display method for pass statistics.")
@click.pass_context
def _main(cctx, input_file, output, split_input_file, split_input_marker, verify_roundtrip,
          dump_pass_pipeline,
          verify_diagnostics, no_implicit_module,
          allow_unregistered_dialect, mlir_print_op_generic, mlir_print_debuginfo,
          mlir_pretty_debuginfo, mlir_print_local_scope, mlir_print_assume_verified,
          mlir_print_skip_regions, mlir_print_unique_ssa_ids, mlir_print_value_users,
          mlir_elide_elementsattrs_if_larger, mlir_elide_resource_strings_if_larger,
          mlir_print_elementsattrs_with_hex_if_larger,
          mlir_print_struct_aliases, verify_each, mlir_disable_threading,
          mlir_print_op_on_diagnostic, mlir_print_stacktrace_on_diagnostic,
          mlir_enable_debugger_hook, color, mlir_pass_pipeline_crash_reproducer,
          mlir_pass_pipeline_local_reproducer, mlir_generate_reproducer, run_reproducer,
          output_split_marker,
          show_dialects, list_passes, pass_pipeline, mlir_print_ir_before,
          mlir_print_ir_after, mlir_print_ir_before_all, mlir_print_ir_after_all,
          mlir_print_ir_after_change, mlir_print_ir_after_failure, mlir_print_ir_tree_dir,
          mlir_print_ir_module_scope,
          mlir_timing, mlir_timing_display, mlir_output_format, mlir_pass_statistics,
          mlir_pass_statistics_display, emit_bytecode=False, emit_bytecode_version=None,
          elide_resource_data_from_bytecode=False):
    """pyopt: MLIR modular optimizer driver (a pure-Python mlir-opt)."""
    from pyopt.tool import OptOptions, run
    from pyopt.syntax.printer import PrintFlags
    try:
        verify_each = _check_bool("verify-each", verify_each)
        if mlir_print_elementsattrs_with_hex_if_larger is not None:
            mlir_print_elementsattrs_with_hex_if_larger = _check_long(
                "mlir-print-elementsattrs-with-hex-if-larger",
                mlir_print_elementsattrs_with_hex_if_larger)
        print_op_on_diagnostic = _check_bool("mlir-print-op-on-diagnostic",
                                             mlir_print_op_on_diagnostic)
        _check_enum("mlir-timing-display", mlir_timing_display, ("list", "tree"))
        _check_enum("mlir-output-format", mlir_output_format, ("text", "json"))
        _check_enum("mlir-pass-statistics-display", mlir_pass_statistics_display,
                    ("list", "pipeline"))
        if mlir_elide_elementsattrs_if_larger is not None:
            mlir_elide_elementsattrs_if_larger = _check_uint(
                "mlir-elide-elementsattrs-if-larger", mlir_elide_elementsattrs_if_larger)
        if mlir_elide_resource_strings_if_larger is not None:
            mlir_elide_resource_strings_if_larger = _check_uint(
                "mlir-elide-resource-strings-if-larger", mlir_elide_resource_strings_if_larger)
    except _BadValue as e:
        sys.stderr.write(f"pyopt: {e}\n")
        return 1
    if show_dialects:
        from pyopt.dialects import all_dialects
        click.echo("Available Dialects: " + ",".join(sorted(d.name for d in all_dialects())))
        return 0
    if list_passes:
        from pyopt.pass_manager import list_passes_text
        click.echo(list_passes_text())
        return 0
    passes, unknown = _pass_flags(list(cctx.obj or []) + cctx.args)
    if unknown:
        click.echo(f"pyopt: Too many positional arguments specified!\nCan specify at most 1 "
                   f"positional arguments: See: pyopt --help", err=True)
        return 1
    for option, vals in (("mlir-print-ir-before", mlir_print_ir_before),
                         ("mlir-print-ir-after", mlir_print_ir_after)):
        bad = _unknown_pass_name(vals)
        if bad is not None:
            sys.stderr.write(f"pyopt: for the --{option} option: Cannot find option named "
                             f"'{bad}'!\n")
            return 1
    flags = PrintFlags(generic=mlir_print_op_generic, debuginfo=mlir_print_debuginfo,
                       pretty_debuginfo=mlir_pretty_debuginfo, local_scope=mlir_print_local_scope,
                       elide_limit=mlir_elide_elementsattrs_if_larger,
                       resource_limit=mlir_elide_resource_strings_if_larger,
                       hex_limit=mlir_print_elementsattrs_with_hex_if_larger
                       if mlir_print_elementsattrs_with_hex_if_larger is not None else 100,
                       assume_verified=mlir_print_assume_verified,
                       struct_aliases=mlir_print_struct_aliases,
                       skip_regions=mlir_print_skip_regions,
                       unique_ssa_ids=mlir_print_unique_ssa_ids,
                       value_users=mlir_print_value_users)
    pipeline = []
    # (statistics and the module-scope check concern the pass manager mlir-opt always makes)
    if passes or pass_pipeline is not None or dump_pass_pipeline or mlir_pass_statistics \
            or mlir_print_ir_module_scope or run_reproducer or mlir_generate_reproducer \
            or mlir_pass_pipeline_crash_reproducer:
        from pyopt.pass_manager import OpPassManager, PassManager
        if passes or pass_pipeline is not None:
            pipe = _pipeline_from_args(passes, pass_pipeline)
        else:
            pipe = OpPassManager(None)
        if pipe is None:
            return 1
        names = lambda vals: [n for v in vals for n in v.split(",") if n]  # noqa: E731
        pipeline = PassManager(
            pipe, verify_each=verify_each,
            print_before=names(mlir_print_ir_before), print_after=names(mlir_print_ir_after),
            print_before_all=mlir_print_ir_before_all, print_after_all=mlir_print_ir_after_all,
            print_after_change=mlir_print_ir_after_change,
            print_after_failure=mlir_print_ir_after_failure,
            print_module_scope=mlir_print_ir_module_scope, print_flags=flags,
            statistics=mlir_pass_statistics, timing=mlir_timing,
            statistics_display=mlir_pass_statistics_display,
            threading=not mlir_disable_threading)
        pipeline.dump_pipeline = dump_pass_pipeline
        pipeline.crash_reproducer = mlir_pass_pipeline_crash_reproducer
        pipeline.local_reproducer = mlir_pass_pipeline_local_reproducer
        pipeline.generate_reproducer = mlir_generate_reproducer
        pipeline.run_reproducer = run_reproducer
        pipeline.tree_dir = mlir_print_ir_tree_dir
    if verify_roundtrip:
        from pyopt.roundtrip import RoundTripThen
        run_pipeline = RoundTripThen(pipeline if pipeline != [] else None,
                                     allow_unregistered_dialect)
    else:
        run_pipeline = pipeline
    opts = OptOptions(split_input_file=split_input_file,
                      split_marker=split_input_marker or _DEFAULT_MARKER,
                      verify_diagnostics=verify_diagnostics,
                      implicit_module=not no_implicit_module,
                      allow_unregistered=allow_unregistered_dialect,
                      verify_each=verify_each, print_flags=flags,
                      print_op_on_diagnostic=print_op_on_diagnostic,
                      pipeline=run_pipeline, output_split_marker=output_split_marker,
                      timing=(mlir_timing_display, mlir_output_format) if mlir_timing else None)
    if emit_bytecode_version is not None:
        from pyopt.bytecode import parse_version_option
        opts.bytecode_version = parse_version_option(emit_bytecode_version, emit_bytecode)
        if opts.bytecode_version is None:
            return 1
    opts.emit_bytecode = emit_bytecode
    opts.elide_resource_data = elide_resource_data_from_bytecode
    from pyopt.command import OutputFile, read_input_file
    text, name = read_input_file(input_file)
    if text is None:
        return 1
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


_PASS_NAME_OPTIONS = ("--mlir-print-ir-before", "--mlir-print-ir-after")


def _missing_value(argv):
    """llvm::cl's complaint about a value option written last without its value."""
    if not argv:
        return None
    last = argv[-1]
    for p in _main.params:
        if getattr(p, "is_flag", True) or last not in getattr(p, "opts", ()):
            continue
        if last in _PASS_NAME_OPTIONS:
            return f"for the {last} option: Cannot find option named ''!"
        return f"for the {last} option: requires a value!"
    return None


def _unknown_pass_name(values):
    """The first name of a comma-separated pass-name option that is no registered pass."""
    names = [n for v in values for n in v.split(",") if n]
    if not names:
        return None
    from pyopt.pass_registry import PASSES, _load_builtin_passes
    _load_builtin_passes()
    return next((n for n in names if n not in PASSES), None)


def _pipeline_from_args(passes, pass_pipeline):
    """The OpPassManager of `--pass-pipeline` or of the pass flags; None after reporting."""
    from pyopt.pass_manager import PipelineError, PipelineOptionError, from_flags, parse_pipeline
    if passes and pass_pipeline is not None:
        sys.stderr.write("<unknown>:0: error: '-pass-pipeline' option can't be used with "
                         "individual pass options\n")
        return None
    try:
        if pass_pipeline is not None:
            return parse_pipeline(pass_pipeline)
        return from_flags(passes)
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




def split_pass_flags(argv):
    """Pass flags (`--name[=opts]` that are not driver options) keep their order but leave
    argv before click parses it: click would otherwise take a flag written before the input
    file for the positional argument."""
    known = {o for p in _main.params for o in list(getattr(p, "opts", ())) +
             list(getattr(p, "secondary_opts", ()))}
    passes, rest = [], []
    for a in argv:
        if a.startswith("--") and len(a) > 2 and a.split("=", 1)[0] not in known:
            passes.append(a)
        else:
            rest.append(a)
    return passes, rest


def _version():
    from pyopt import __version__
    # LLVM's layout ("<vendor> LLVM version 19.1.7", then the kind of build)
    sys.stdout.write(f"pyopt {__version__} LLVM version 19.1.7\n  Pure Python build.\n")
    sys.stdout.flush()
    sys.exit(0)


def _help():
    # click's option help, then every registered pass (mlir-opt lists them in --help).
    from pyopt.pass_registry import help_text
    from pyopt.command import quiet_pipe

    @quiet_pipe
    def show():
        try:
            _main.main(args=["--help"], prog_name="pyopt", standalone_mode=False)
        except click.exceptions.Exit:
            pass
        print(help_text())
        sys.stdout.flush()
        sys.exit(0)
    show()


def main(argv=None):
    argv_was_none = argv is None
    argv = normalize_args(sys.argv[1:] if argv is None else argv)
    from pyopt.pass_registry import add_pass_library
    add_pass_library("passes.registry")  # the pass library, imported at the first pass lookup
    add_pass_library("passes.analysis_usage")  # (instrumentation metadata of those passes)
    from pyopt.plugins import load_plugins_from_args  # user dialects/passes, before the pipeline
    argv = load_plugins_from_args(argv)
    if argv is None:
        sys.exit(1)
    if any(a in ("--help", "-h", "--help-hidden", "--help-list", "--help-list-hidden")
           for a in argv):  # (one help text: pyopt has no hidden options worth a second)
        _help()
    if "--version" in argv:
        from pyopt.command import quiet_pipe
        quiet_pipe(_version)()
    try:
        argv = _bool_flags(argv)
    except _BadValue as e:
        sys.stderr.write(f"pyopt: {e}\n")
        sys.exit(1)
    missing = _missing_value(argv)
    if missing:
        sys.stderr.write(f"pyopt: {missing}\n")
        sys.exit(1)
    pass_args, argv = split_pass_flags(argv)
    sys.setrecursionlimit(20000)
    from pyopt.command import run_command
    run_command("pyopt", lambda: _main.main(args=argv, prog_name="pyopt",
                                            standalone_mode=False, obj=pass_args),
                argv_was_none)


if __name__ == "__main__":
    main()
