"""`pytranslate`: the mlir-translate command line.

The driver part is shared by every translation: read the input (file or stdin), cut it into
`-split-input-file` chunks, give each chunk to the requested translation, print or collect the
diagnostics (`-verify-diagnostics`) and join the outputs like mlir-translate does.

A translation is a function `(buffer: SourceBuffer, ctx, options: TranslateOptions) -> str`
returning the output text of one chunk; it raises `MLIRError` on failure (extra diagnostics in
`err.more`) and may report warnings/remarks through `options.emit(diag)`. The translations live
in their own packages and are imported lazily:

    --mlir-to-llvmir  -> pytranslate.export.translate_to_llvmir
    --import-llvm     -> pytranslate.importer.import_llvm
"""
from __future__ import annotations

import gc
import io
import sys

import click

from pyopt.cli import normalize_args, read_input

DEFAULT_SPLIT_MARKER = "// -----"


class TranslateOptions:
    def __init__(self, **kw):
        self.split_marker = None          # the -split-input-file marker, None when not split
        self.verify_diagnostics = False
        self.implicit_module = True
        self.allow_unregistered = False
        self.print_flags = None           # pyopt PrintFlags, for translations that print MLIR
        self.emit_expensive_warnings = False
        self.error_diagnostics_only = False
        self.output_split_marker = ""
        self.write_debug_records = True   # --write-experimental-debuginfo (LLVM 19's default)
        self.emit = lambda diag: None     # set per chunk by the driver
        self.__dict__.update(kw)


def _translate_to_llvmir(buffer, ctx, options):
    from pytranslate.export import translate_to_llvmir
    return translate_to_llvmir(buffer, ctx, options)


def _import_llvm(buffer, ctx, options):
    from pytranslate.importer import import_llvm
    return import_llvm(buffer, ctx, options)


TRANSLATIONS = {
    "mlir-to-llvmir": (_translate_to_llvmir, "Translate MLIR to LLVMIR"),
    "import-llvm": (_import_llvm, "Translate LLVMIR to MLIR"),
}


def _with_op_note(err, options):
    from pyopt.syntax.printer import op_for_diagnostic
    d = err.diag
    op = getattr(err, "op", None)
    if op is not None and not options.verify_diagnostics:
        d.attach_note("see current operation: " + op_for_diagnostic(op), d.loc)
        d.notes.insert(0, d.notes.pop())
    return d


def run(text, filename, translation, options, out) -> int:
    """Runs one translation over the (split) input; writes the output, returns the exit code."""
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer
    from pyopt.syntax.diagnostics import Diagnostic, DiagnosticEngine, MLIRError
    from pyopt.ir.location import FileLineColLoc
    from pyopt.tool import split_chunks
    engine = DiagnosticEngine()
    engine.sources = {filename: text}
    if options.split_marker is not None:
        pieces = []
        for start, end in split_chunks(text, options.split_marker):
            line = text.count("\n", 0, start) + 1
            pieces.append((f"within split at {filename}:{line} offset ", text[start:end]))
    else:
        pieces = [(filename, text)]
    failed = False
    outputs = []
    for name, chunk in pieces:
        ctx = make_context(options.allow_unregistered)  # a fresh context per chunk, as upstream
        buffer = SourceBuffer(name, chunk)
        collected = [] if options.verify_diagnostics else None
        engine.collector = collected

        def emit(diag):
            if options.error_diagnostics_only and collected is None and diag.severity != "error":
                return
            engine.emit(diag)
        options.emit = emit
        res = None
        # A translation only builds live objects (IR, models, text): the cycle collector is off
        # meanwhile. Afterwards they all join the oldest generation (freeze + unfreeze), so
        # no young collection walks them; re-enabling the collector with them still young
        # would cost a walk over the whole chunk's objects (~5% of a large run).
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            res = translation(buffer, ctx, options)
        except MLIRError as e:
            emit(_with_op_note(e, options))
            for d in e.more:
                emit(d)
        except RecursionError:
            emit(Diagnostic("error", FileLineColLoc(buffer.name, 0, 0),
                            "input is nested too deeply"))
        finally:
            gc.freeze()
            gc.unfreeze()
            if gc_was_enabled:
                gc.enable()
        if collected is not None:
            from pyopt.syntax.verify_diagnostics import ExpectedDiagnostics
            problems = ExpectedDiagnostics(buffer).check(collected)
            engine.collector = None
            if problems:
                failed = True
                sys.stderr.write("\n".join(problems) + "\n")
        elif res is None:
            failed = True
        outputs.append(res or "")
    out.write((options.output_split_marker + "\n").join(outputs))
    return 1 if failed else 0


_BOOL_VALUES = {"": True, "true": True, "1": True, "false": False, "0": False}


def _split_args(argv):
    """`-split-input-file[=marker]` takes an optional value, which click cannot say; so does
    the boolean `--write-experimental-debuginfo[=true|false]` (given back as an option)."""
    marker = None
    rest = []
    for a in argv:
        name, _, value = a.partition("=")
        if name == "--write-experimental-debuginfo" and value.lower() in _BOOL_VALUES:
            rest.append("--debug-records" if _BOOL_VALUES[value.lower()]
                        else "--debug-intrinsics")
        elif a == "--split-input-file":
            marker = DEFAULT_SPLIT_MARKER
        elif a.startswith("--split-input-file="):
            marker = a.split("=", 1)[1] or DEFAULT_SPLIT_MARKER
        else:
            rest.append(a)
    return marker, rest


@click.command(context_settings=dict(help_option_names=["--help", "-h"]))
@click.argument("input_file", required=False, default="-")
@click.option("-o", "output", default="-", help="Output filename.")
@click.option("--mlir-to-llvmir", "translations", flag_value="mlir-to-llvmir", multiple=True,
              help="Translate MLIR to LLVMIR.")
@click.option("--import-llvm", "translations", flag_value="import-llvm", multiple=True,
              help="Translate LLVMIR to MLIR.")
@click.option("--verify-diagnostics", is_flag=True,
              help="Check that emitted diagnostics match expected-* lines on the corresponding "
                   "line.")
@click.option("--error-diagnostics-only", is_flag=True, help="Filter all non-error diagnostics.")
@click.option("--output-split-marker", default="",
              help="Split marker to use for merging the output.")
@click.option("--no-implicit-module", is_flag=True,
              help="Disable the parsing of an implicit top-level module op.")
@click.option("--allow-unregistered-dialect", is_flag=True,
              help="Allow operation with no registered dialects.")
@click.option("--emit-expensive-warnings", is_flag=True,
              help="Emit expensive warnings during LLVM IR import.")
@click.option("--mlir-print-debuginfo", is_flag=True, help="Print debug info in MLIR output.")
@click.option("--mlir-pretty-debuginfo", is_flag=True, help="Print pretty debug info.")
@click.option("--mlir-print-local-scope", is_flag=True, help="Print with local scope.")
@click.option("--mlir-print-op-generic", is_flag=True, help="Print the generic op form.")
@click.option("--mlir-print-struct-aliases", is_flag=True,
              help="Print identified LLVM struct types as aliases.")
@click.option("--mlir-disable-threading", is_flag=True, help="Accepted for compatibility.")
@click.option("--debug-records/--debug-intrinsics", "write_debug_records", default=True,
              help="Write debug info as #dbg_ records (--write-experimental-debuginfo=true, "
                   "the default) or as llvm.dbg.* intrinsic calls (=false).")
def _main(input_file, output, translations, verify_diagnostics, error_diagnostics_only,
          output_split_marker, no_implicit_module, allow_unregistered_dialect,
          emit_expensive_warnings, mlir_print_debuginfo, mlir_pretty_debuginfo,
          mlir_print_local_scope, mlir_print_op_generic, mlir_print_struct_aliases,
          mlir_disable_threading, write_debug_records, split_marker=None):
    """pytranslate: MLIR translation driver (a pure-Python mlir-translate)."""
    from pyopt.syntax.printer import PrintFlags
    if not translations:
        click.echo("pytranslate: for the --translation option: must be specified at least once!",
                   err=True)
        return 1
    if len(translations) > 1:
        click.echo("pytranslate: only one translation at a time is supported", err=True)
        return 1
    translation = TRANSLATIONS[translations[0]][0]
    flags = PrintFlags(debuginfo=mlir_print_debuginfo, pretty_debuginfo=mlir_pretty_debuginfo,
                       local_scope=mlir_print_local_scope, generic=mlir_print_op_generic,
                       struct_aliases=mlir_print_struct_aliases)
    options = TranslateOptions(split_marker=split_marker, verify_diagnostics=verify_diagnostics,
                               implicit_module=not no_implicit_module,
                               allow_unregistered=allow_unregistered_dialect, print_flags=flags,
                               emit_expensive_warnings=emit_expensive_warnings,
                               error_diagnostics_only=error_diagnostics_only,
                               output_split_marker=output_split_marker,
                               write_debug_records=write_debug_records)
    text, name = read_input(input_file)
    if text is None:
        return 1
    if output == "-":
        return run(text, name, translation, options, sys.stdout)
    from pyopt.command import OutputFile
    out = OutputFile.open(output)
    if out is None:
        return 1
    buf = io.StringIO()
    try:
        rc = run(text, name, translation, options, buf)
    except BaseException:
        out.finish(False)
        raise
    return rc if out.finish(rc == 0, buf.getvalue()) or rc else 1


def main(argv=None):
    argv_was_none = argv is None
    argv = normalize_args(sys.argv[1:] if argv is None else argv)
    marker, argv = _split_args(argv)
    sys.setrecursionlimit(20000)

    def invoke():
        ctx = _main.make_context("pytranslate", list(argv))
        ctx.params["split_marker"] = marker
        with ctx:
            return _main.invoke(ctx)

    from pyopt.command import run_command
    run_command("pytranslate", invoke, argv_was_none)


if __name__ == "__main__":
    main()
