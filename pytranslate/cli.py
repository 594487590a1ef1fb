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
        self.drop_di_composite_elements = False  # --drop-di-composite-type-elements
        self.color = None                 # --color: None decides by the terminal
        self.timing = None                # a TimingReport under --mlir-timing
        self.stacktrace = False           # --mlir-print-stacktrace-on-diagnostic
        self.emit = lambda diag: None     # set per chunk by the driver
        self.__dict__.update(kw)


def _translate_to_llvmir(buffer, ctx, options):
    from pytranslate.export import translate_to_llvmir
    return translate_to_llvmir(buffer, ctx, options)


def _import_llvm(buffer, ctx, options):
    from pytranslate.importer import import_llvm
    return import_llvm(buffer, ctx, options)


TRANSLATIONS = {  # name -> (function, description; also its --mlir-timing entry)
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
    """Runs the translation over the (split) input and writes the output; returns the exit
    code. `translation` may be a list of (function, description) stages: each stage's output
    is the next one's input, as when mlir-translate is given several translations."""
    from pyopt.ir.diagnostics import Diagnostic
    from pyopt.ir.location import FileLineColLoc
    from pyopt.tool import split_chunks
    stages = translation if isinstance(translation, list) else [(translation, None)]
    engine = _colored_engine()
    if options.color is not None:
        engine._tty = options.color
    engine.sources = {filename: text}
    if options.split_marker is not None:
        for at in _near_misses(text, options.split_marker):
            line = text.count("\n", 0, at) + 1
            col = at - (text.rfind("\n", 0, at) + 1) + 1
            engine.emit(Diagnostic("warning", FileLineColLoc(filename, line, col),
                                   "near miss with file split marker"))
        pieces = []
        for start, end in split_chunks(text, options.split_marker):
            line = text.count("\n", 0, start) + 1
            pieces.append((f"within split at {filename}:{line} offset ", text[start:end]))
    else:
        pieces = [(filename, text)]
    failed = False
    outputs = []
    timing = options.timing
    for name, chunk in pieces:
        written = []  # (under -verify-diagnostics every stage writes to the output)
        res = None
        for index, (fn, description) in enumerate(stages):
            if index:
                name = "-" if _reads_mlir(fn) else ""
            timer = timing.nest(description) if timing is not None and description else None
            if timer is not None:
                timer.start()
            try:
                res, ok = _run_stage(fn, name, chunk, options, engine, index > 0)
            finally:
                if timer is not None:
                    timer.stop()
            if options.verify_diagnostics:
                written.append(res or "")
                failed = failed or not ok
                chunk = ""  # the next stage reads the (empty) intermediate buffer
                continue
            if not ok:
                failed = True
                res = None
                break
            chunk = res
        if options.verify_diagnostics:
            outputs.append("".join(written))
        else:
            outputs.append(res or "")
    out.write((options.output_split_marker + "\n").join(outputs))
    return 1 if failed else 0


# llvm::WithColor's escapes for a diagnostic's severity (bold), its location and message
_SEVERITY_COLOR = {"error": "31", "warning": "35", "remark": "34", "note": "30"}


def _colored_engine():
    """The diagnostic printer; in colour (on a terminal, or with --color) it writes the
    escapes LLVM's SourceMgr writes."""
    from pyopt.ir.diagnostics import DiagnosticEngine

    class ColoredEngine(DiagnosticEngine):
        def _write(self, text, severity):
            if not self._on_terminal():
                self.stream.write(text)
                return
            head, sep, rest = text.partition(f"{severity}: ")
            message, snippet = rest, ""
            lines = rest.split("\n")
            # a source line and its caret line close a located diagnostic
            if not head.startswith("<unknown>") and len(lines) >= 3 and \
                    lines[-2].strip() == "^":
                message = "\n".join(lines[:-3]) + "\n"
                snippet = (f"{lines[-3]}\n\x1b[0;1;32m{lines[-2]}\n\x1b[0m")
            color = _SEVERITY_COLOR.get(severity, "30")
            self.stream.write(f"\x1b[1m{head}\x1b[0m\x1b[0;1;{color}m{severity}: \x1b[0m"
                              f"\x1b[1m{message}\x1b[0m{snippet}")
    return ColoredEngine()


def _attach_trace(diag, err):
    """--mlir-print-stacktrace-on-diagnostic: where the error was raised, as a note (19 shows
    its native stack; ours is the Python one)."""
    import traceback
    import math
    frames = list(reversed(traceback.extract_tb(err.__traceback__)))
    width = int(math.log10(max(len(frames), 1))) + 2  # (as llvm::sys::PrintStackTrace)
    lines = ["#{}".format(i).rjust(width) + f" {f.name} ({f.filename}:{f.lineno})\n"
             for i, f in enumerate(frames)]
    diag.attach_note("diagnostic emitted with trace:\n" + "".join(lines), diag.loc)
    diag.notes.insert(0, diag.notes.pop())  # (attached as the error is made: the first note)


def _near_misses(text, marker):
    """Offsets where the marker without its last two characters stands but the full marker
    does not (llvm's splitter warns about them; the text stays in the chunk)."""
    short, tail = marker[:-2], marker[-2:]
    out = []
    prev_empty = True
    pos = 0
    while True:
        i = text.find(short, pos)
        end = len(text) if i < 0 else i
        piece = text[pos:end]
        if prev_empty:
            prev_empty = not piece
        elif not (piece.startswith(tail) and len(piece) > 2 and piece[2] != "0"):
            out.append(pos)
        if i < 0:
            return out
        pos = i + len(short)


def _reads_mlir(fn):
    return fn is not _import_llvm


def _unlisted_buffer_class():
    from pyopt.ir.location import SourceBuffer

    class UnlistedBuffer(SourceBuffer):
        """The text handed from one translation to the next: mlir-translate's unnamed memory
        buffer, which MLIR's diagnostics call "-" and show no source line of."""
        __slots__ = ()

        def line_text(self, line):
            return None
    return UnlistedBuffer


def _UnlistedBuffer(name, text):
    global _UNLISTED
    if _UNLISTED is None:
        _UNLISTED = _unlisted_buffer_class()
    return _UNLISTED(name, text)


_UNLISTED = None


def _run_stage(translation, name, chunk, options, engine, chained):
    """One translation of one chunk: (output text or None, success)."""
    from pyopt.dialects import make_context
    from pyopt.ir.location import SourceBuffer, FileLineColLoc
    from pyopt.ir.diagnostics import Diagnostic, MLIRError
    ctx = make_context(options.allow_unregistered)  # a fresh context per chunk, as upstream
    buffer = _UnlistedBuffer(name, chunk) if chained else SourceBuffer(name, chunk)
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
        d = _with_op_note(e, options)
        if options.stacktrace and not options.verify_diagnostics:
            _attach_trace(d, e)
        emit(d)
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
            sys.stderr.write("\n".join(problems) + "\n")
            return res, False
        return res, True
    return res, res is not None


def _options():
    """mlir-translate 19's command line (its MLIR options and LLVM's generic ones)."""
    from pyopt import clopts as C
    O = C.Opt
    translations = O("translations", C.LIST, "Translations to perform", default="required",
                     values=[(n, d) for n, (_, d) in sorted(TRANSLATIONS.items())])
    # llvm::cl files the nameless list under one of its names, which in 19 sorts among the
    # `test-*` translations (after `--split-input-file`).
    translations.sort_key = "test-to-llvmir"
    return C.generic_options() + [
        O("o", C.STRING, "Output filename", dest="output", value_desc="filename", default="-"),
        O("allow-unregistered-dialect", C.BOOL,
          "Allow operation with no registered dialects (discouraged: testing only!)",
          default=False),
        O("split-input-file", C.OPT_STRING,
          "Split the input file into chunks using the given or default marker and process "
          "each chunk independently", implicit=DEFAULT_SPLIT_MARKER),
        O("verify-diagnostics", C.BOOL, "Check that emitted diagnostics match expected-* "
          "lines on the corresponding line", default=False),
        O("error-diagnostics-only", C.BOOL,
          "Filter all non-error diagnostics (discouraged: testing only!)", default=False),
        O("output-split-marker", C.STRING, "Split marker to use for merging the ouput",
          default=""),
        O("no-implicit-module", C.BOOL,
          "Disable the parsing of an implicit top-level module op", default=False),
        O("emit-expensive-warnings", C.BOOL, "Emit expensive warnings during LLVM IR import "
          "(discouraged: testing only!)", default=False),
        O("drop-di-composite-type-elements", C.BOOL, "Avoid translating the elements of "
          "DICompositeTypes during the LLVM IR import (discouraged: testing only!)",
          default=False),
        O("import-computed-goto", C.BOOL, "Import blockaddress constants and indirectbr as "
          "llvm.blockaddress/llvm.blocktag/llvm.indirectbr (beyond MLIR 19, which rejects "
          "them)", default=False),
        O("write-experimental-debuginfo", C.BOOL, "Write debug info in the new "
          "non-intrinsic format. Has no effect if --preserve-input-debuginfo-format=true.",
          default=True),
        # LLVM's own debug-info format switches: in 19 they change nothing -mlir-to-llvmir
        # or -import-llvm write (only --write-experimental-debuginfo does)
        O("experimental-debuginfo-iterators", C.BOOL, "Enable communicating debuginfo "
          "positions through iterators, eliminating intrinsics. Has no effect if "
          "--preserve-input-debuginfo-format=true.", default=True),
        O("preserve-input-debuginfo-format", C.BOOL, "When set to true, IR files will be "
          "processed and printed in their current debug info format, regardless of default "
          "behaviour or other flags passed. Has no effect if input IR does not contain debug "
          "records or intrinsics. Ignored in llvm-link, llvm-lto, and llvm-lto2.",
          default=False, hidden=True),
        # the MLIR context, printing and timing options
        O("mlir-disable-threading", C.BOOL, "Disable multi-threading within MLIR, overrides "
          "any further call to MLIRContext::enableMultiThreading()", default=False),
        O("mlir-print-op-on-diagnostic", C.BOOL, "When a diagnostic is emitted on an "
          "operation, also print the operation as an attached note", default=True),
        O("mlir-print-stacktrace-on-diagnostic", C.BOOL, "When a diagnostic is emitted, also "
          "print the stack trace as an attached note", default=False),
        O("mlir-elide-elementsattrs-if-larger", C.UINT, "Elide ElementsAttrs with \"...\" "
          "that have more elements than the given upper limit"),
        O("mlir-elide-resource-strings-if-larger", C.UINT, "Elide printing value of "
          "resources if string is too long in chars."),
        O("mlir-print-elementsattrs-with-hex-if-larger", C.LONG, "Print DenseElementsAttrs "
          "with a hex string that have more elements than the given upper limit (use -1 to "
          "disable)", default=100),
        O("mlir-print-debuginfo", C.BOOL, "Print debug info in MLIR output", default=False),
        O("mlir-pretty-debuginfo", C.BOOL, "Print pretty debug info in MLIR output",
          default=False),
        O("mlir-print-local-scope", C.BOOL, "Print with local scope and inline information "
          "(eliding aliases for attributes, types, and locations", default=False),
        O("mlir-print-skip-regions", C.BOOL, "Skip regions when printing ops.", default=False),
        O("mlir-print-unique-ssa-ids", C.BOOL, "Print unique SSA ID numbers for values, block "
          "arguments and naming conflicts across all regions", default=False),
        O("mlir-print-value-users", C.BOOL,
          "Print users of operation results and block arguments as a comment", default=False),
        O("mlir-print-op-generic", C.BOOL, "Print the generic op form", default=False,
          hidden=True),
        O("mlir-print-assume-verified", C.BOOL,
          "Skip op verification when using custom printers", default=False, hidden=True),
        # ours (not in 19): identified structs as aliases, as pyopt prints them
        O("mlir-print-struct-aliases", C.BOOL, "Print identified LLVM struct types as aliases",
          default=False, hidden=True),
        O("mlir-timing", C.BOOL, "Display execution times", default=False),
        O("mlir-timing-display", C.ENUM, "Display method for timing data", default="tree",
          values=[("list", "display the results in a list sorted by total time"),
                  ("tree", "display the results ina with a nested tree view")]),
        O("mlir-output-format", C.ENUM, "Output format for timing data", default="text",
          values=[("text", "display the results in text format"),
                  ("json", "display the results in JSON format")]),
        translations,
    ]


OVERVIEW = "MLIR Translation Testing Tool"


def _version_text():
    from pyopt import __version__
    return (f"pytranslate version {__version__}\n"
            f"  MLIR/LLVM 19.1.7 compatible (pure Python).\n")


def _main(argv):
    from pyopt import clopts
    prog = clopts.program_path()
    parser = clopts.Parser(clopts.tool_name(prog), OVERVIEW, "<input file>", _options(), prog)
    v, positionals, ok = parser.parse(argv)
    if clopts.handle_generic(parser, v, _version_text()):
        return 0
    if not ok:
        return 1
    marker = v["split_input_file"]
    if marker is not None and len(marker) <= 2:
        # llvm's splitter would search for the empty string forever (19 runs out of memory)
        sys.stderr.write(f"{parser.tool}: for the --split-input-file option: the marker "
                         f"'{marker}' must be longer than 2 characters\n")
        return 1
    timing = None
    if v["mlir_timing"]:
        from pyopt.timing import TimingReport
        timing = TimingReport(v["mlir_timing_display"], v["mlir_output_format"])
    try:
        return _translate(v, positionals[0] if positionals else "-", timing)
    finally:
        if timing is not None:
            sys.stdout.flush()
            sys.stderr.write(timing.text())


def _translate(v, input_file, timing):
    from pyopt import clopts
    from pyopt.syntax.printer import PrintFlags
    hex_limit = v["mlir_print_elementsattrs_with_hex_if_larger"]
    flags = PrintFlags(debuginfo=v["mlir_print_debuginfo"],
                       pretty_debuginfo=v["mlir_pretty_debuginfo"],
                       local_scope=v["mlir_print_local_scope"],
                       generic=v["mlir_print_op_generic"],
                       elide_limit=v["mlir_elide_elementsattrs_if_larger"],
                       hex_limit=hex_limit,
                       assume_verified=v["mlir_print_assume_verified"],
                       skip_regions=v["mlir_print_skip_regions"],
                       unique_ssa_ids=v["mlir_print_unique_ssa_ids"],
                       value_users=v["mlir_print_value_users"],
                       struct_aliases=v["mlir_print_struct_aliases"])
    options = TranslateOptions(split_marker=v["split_input_file"],
                               verify_diagnostics=v["verify_diagnostics"],
                               implicit_module=not v["no_implicit_module"],
                               allow_unregistered=v["allow_unregistered_dialect"],
                               print_flags=flags,
                               emit_expensive_warnings=v["emit_expensive_warnings"],
                               drop_di_composite_elements=v["drop_di_composite_type_elements"],
                               import_computed_goto=v["import_computed_goto"],
                               error_diagnostics_only=v["error_diagnostics_only"],
                               output_split_marker=v["output_split_marker"],
                               write_debug_records=v["write_experimental_debuginfo"],
                               color=v["color"], timing=timing,
                               stacktrace=v["mlir_print_stacktrace_on_diagnostic"])
    stages = [TRANSLATIONS[n] for n in v["translations"]]
    text, name = clopts.read_input_file(input_file)
    if text is None:
        return 1
    output = v["output"]
    if output == "-":
        return run(text, name, stages, options, sys.stdout)
    from pyopt.command import OutputFile
    out = OutputFile.open(output)
    if out is None:
        return 1
    buf = io.StringIO()
    try:
        rc = run(text, name, stages, options, buf)
    except BaseException:
        out.finish(False)
        raise
    return rc if out.finish(rc == 0, buf.getvalue()) or rc else 1


def main(argv=None):
    argv_was_none = argv is None
    argv = sys.argv[1:] if argv is None else list(argv)
    sys.setrecursionlimit(20000)
    from pyopt.command import run_command
    run_command("pytranslate", lambda: _main(argv), argv_was_none)


if __name__ == "__main__":
    main()
