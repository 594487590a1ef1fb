"""`pytranslate -import-llvm`: LLVM IR text -> LLVM-dialect MLIR (MLIR 19's ModuleImport).

The input is first parsed and verified by LLVM itself (llvmlite) so malformed IR is rejected
with LLVM's message; llparser.py then reads the text into a light model, convert.py builds the
LLVM-dialect module from it (pyopt objects), and pyopt verifies and prints it."""
from __future__ import annotations

import re
import sys

from pyopt.ir.diagnostics import Diagnostic, DiagnosticEngine, MLIRError
from pyopt.ir.location import FileLineColLoc, UNKNOWN_LOC, SourceBuffer

_LLVM_DIAG = re.compile(r"^<string>:(\d+):(\d+): error: (.*)$", re.M)


# llvmlite links a newer LLVM than 19, whose verifier rejects some IR LLVM 19 accepts
# (intrinsic signatures that changed since, stricter !prof checks): not errors here.
_NEWER_VERIFIER_ONLY = ("Intrinsic has incorrect", "expected either branch_weights or VP")
_DATALAYOUT_LINE = re.compile(r'^([ \t]*target[ \t]+datalayout[ \t]*=[ \t]*)"[^"\n]*"', re.M)


def _llvm_check(text, name):
    """Parses and verifies with LLVM; returns None or (line, col, message)."""
    try:
        import llvmlite.binding as llvm
    except ImportError:
        return None
    from pytranslate.llvmcheck import for_newer_llvm
    text = for_newer_llvm(text)
    try:
        try:
            mod = llvm.parse_assembly(text)
        except RuntimeError as e:
            # The newer LLVM also rejects data layouts LLVM 19 takes (`S0`, extra
            # alignment fields); the importer checks the layout itself.
            m = _LLVM_DIAG.search(str(e))
            dl = _DATALAYOUT_LINE.search(text)
            if m is None or dl is None or text.count("\n", 0, dl.start()) + 1 != \
                    int(m.group(1)):
                raise
            mod = llvm.parse_assembly(_DATALAYOUT_LINE.sub(r'\1""', text, count=1))
        try:
            mod.verify()
        except RuntimeError as e:
            if not any(k in str(e) for k in _NEWER_VERIFIER_ONLY):
                # LLVM's verifier prints its findings as they are (no diagnostic)
                return None, None, _verifier_text(str(e))
    except RuntimeError as e:
        msg = str(e)
        m = _LLVM_DIAG.search(msg)
        if m:
            return int(m.group(1)), int(m.group(2)), m.group(3).strip()
        lines = [l for l in msg.strip().splitlines() if l.strip()]
        if lines and lines[0].startswith("LLVM IR parsing error"):
            lines = lines[1:]
        return 0, 0, (lines[0] if lines else msg).strip()
    return None


def _verifier_text(msg):
    lines = msg.strip("\n").splitlines()
    if lines and lines[0].startswith("LLVM IR verification error"):  # (llvmlite's heading)
        lines = lines[1:]
    return "\n".join(lines) + "\n"


_TAB_STOP = 8


def llvm_diagnostic_text(name, line, col, msg, text):
    """LLVM's SMDiagnostic as mlir-translate shows a parse error of its input: `file:line:col:
    error: message`, the source line (tabs expanded) and a caret, ending in a newline."""
    where = f"{name}:{line}:{col}: " if name else ""
    lines = text.split("\n")
    src = lines[line - 1] if 1 <= line <= len(lines) else ""
    shown, caret_at = [], None
    for i, ch in enumerate(src):
        if i == col - 1:
            caret_at = len(shown)
        if ch == "\t":
            shown.append(" ")
            while len(shown) % _TAB_STOP:
                shown.append(" ")
        else:
            shown.append(ch)
    if caret_at is None:
        caret_at = len(shown) + max(col - 1 - len(src), 0)
    return f"{where}error: {msg}\n{''.join(shown)}\n{' ' * caret_at}^\n"


# an abort of LLVM inside its debug-info classes (DISubprogram, DbgLabelRecord, ...)
_DEBUG_INFO_CRASH = re.compile(r"llvm::(?:DI[A-Z]\w*|Dbg\w+)|DebugProgramInstruction|"
                               r"DebugInfo")
_DEBUG_VERSION_3 = re.compile(r'(!"Debug Info Version", i32) 3\b')


class _Background:
    """Runs fn(*args) in a thread; result() joins it (and re-raises its exception)."""

    def __init__(self, fn, *args):
        import threading
        self.value = self.error = None

        def run():
            try:
                self.value = fn(*args)
            except BaseException as e:  # handed to the caller of result()
                self.error = e
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def result(self):
        self.thread.join()
        if self.error is not None:
            raise self.error
        return self.value


# llvmlite adds ~45 MB to a process: for a large input the child loads it (beside the
# parent's reading, which takes longer), so the importer's own peak stays smaller; many small
# chunks (-split-input-file) share one load made in the parent.
_LOAD_LLVM_IN_CHILD = 1 << 20


class _IsolatedCheck:
    """LLVM's check in a forked child (LLVM aborts on some broken modules): its abort
    becomes an error at the start of the input."""

    def __init__(self, text, name):
        from pytranslate.llvmcheck import Isolated
        if len(text) < _LOAD_LLVM_IN_CHILD:
            try:
                import llvmlite.binding  # noqa: F401  (loaded once, shared with the children)
            except ImportError:
                pass
        self.run = Isolated(_llvm_check, text, name)
        self.crashed = False

    def result(self):
        from pytranslate.llvmcheck import crash_message
        kind, value = self.run.result()
        if kind == "ok":
            return value
        self.crashed = True
        self.crash_text = value
        return 1, 1, crash_message(value), "crash"


def _report_llvm_error(bad, name, engine, text):
    """LLVM's verdict on the input, reported as mlir-translate 19 does: a parse error as one
    error at the unknown location carrying LLVM's own diagnostic text, the verifier's
    findings printed as they are (the import then fails without a diagnostic)."""
    if bad is None:
        return False
    line, col, msg = bad[:3]
    if len(bad) > 3:  # LLVM aborted (where 19 would crash): an error at the input's start
        engine.emit(Diagnostic("error", FileLineColLoc(name, line, col), msg))
    elif line is None:
        sys.stdout.flush()
        sys.stderr.write(msg)
        engine.silent_failure = True
    elif line == 0:
        engine.emit(Diagnostic("error", UNKNOWN_LOC, f"{name}: error: {msg}\n" if name
                               else f"error: {msg}\n"))
    else:
        engine.emit(Diagnostic("error", UNKNOWN_LOC,
                               llvm_diagnostic_text(name, line, col, msg, text)))
    return True


def _import_chunk(text, name, options, engine):
    """Returns the printed module or None (diagnostics emitted)."""
    from pytranslate.importer import halves, lltypes
    # LLVM's own parse and verification runs beside the reader (llvmlite's calls release
    # the GIL); its verdict is awaited before anything else is reported.
    check = _IsolatedCheck(text, name)
    lltypes.reset_constants()
    plan = halves.Plan.make(text, _print_flags(options))
    if plan is not None:
        try:
            module = plan.read_skeleton()
        except Exception:  # (an error in a body left out may come first)
            module = None
        if module is not None and plan.attachments(module) is not None:
            try:  # (LLVM's verdict is awaited once the child is at work)
                return _convert(module, plan, text, name, options, engine, check)
            except halves.Redo:  # (LLVM's complaint, an error before the fork)
                pass
        lltypes.reset_constants()  # (all again in one process, with the whole model)
    module = _read(text, name, engine, check)
    if module is None:
        return None
    bad = check.result()
    if bad is not None and check.crashed:
        # llvmlite's LLVM died on the module: when LLVM 19 would have stopped in its
        # verifier (called on reading debug info), say what 19 says
        from pytranslate.importer.diverify import check_report, Undefined
        try:
            report = check_report(module)
        except Undefined as e:  # (what 19 itself crashes on): an error at the construct
            report = None
            bad = (*e.line_col(text), e.message, "crash")
        if report and report[1]:
            sys.stderr.write("".join(l + "\n" for l in report[0]))
            bad = (1, 1, "Broken module found, compilation aborted!", "crash")
        elif report:
            # debug info LLVM 19 only drops (the newer LLVM may stop on it): check the rest
            again = _IsolatedCheck(_DEBUG_VERSION_3.sub(r"\1 0", text), name)
            bad = again.result()
            if again.crashed and _DEBUG_INFO_CRASH.search(again.crash_text):
                # the newer LLVM dies on that debug info even while dropping it (it reads
                # debug intrinsics into records first): the verifier's finding stands
                bad = None
    if _report_llvm_error(bad, name, engine, text):
        return None
    return _convert(module, None, text, name, options, engine)


def _read(text, name, engine, check):
    """The model of `text`, or None when an error was reported."""
    from pytranslate.importer.llparser import parse_module
    try:
        return parse_module(text)
    except BaseException as e:
        if _report_llvm_error(check.result(), name, engine, text):
            return None
        if not _unsupported(e, text, name, engine):
            raise
        return None


def _unsupported(e, text, name, engine):
    """Reports a reader's error (True), or says it is none (False)."""
    from pytranslate.importer.llparser import LLParseError
    if not isinstance(e, LLParseError):
        return False
    line = text.count("\n", 0, e.pos) + 1
    col = e.pos - (text.rfind("\n", 0, e.pos) + 1) + 1
    engine.emit(Diagnostic("error", FileLineColLoc(name, line, col),
                           f"unsupported LLVM IR: {e}"))
    return True


def _convert(module, plan, text, name, options, engine, check=None):
    """Converts, verifies and prints the model; with `plan`, in two processes (raises
    halves.Redo when an error comes before the fork or LLVM's `check` finds one)."""
    from pytranslate.importer.convert import Converter, ImportError_
    from pytranslate.importer.llparser import LLParseError
    from pytranslate.importer import halves, lltypes
    diags = []
    conv = Converter(module, options, diags, _context())
    conv.buffer_name = conv.di.buffer_name = name  # (LLVM's module identifier)
    # the module's location names its source file
    if module.source_filename is not None:
        name = module.source_filename
    conv.module_loc = f"{lltypes.mlir_str(name)}:0:0"
    module_loc = FileLineColLoc(name, 0, 0)
    def where(at):
        # no third entry: the module's location; else an op's location (None: unknown)
        if not at:
            return module_loc
        return at[0] if at[0] is not None else UNKNOWN_LOC
    half = None
    try:
        try:
            if plan is None:
                mlir_module = conv.run()
            else:
                try:
                    mlir_module = conv.run_module_level(plan.attachments(module))
                    half = halves.start(conv, plan, _print_flags(options), _context())
                except Exception:
                    raise halves.Redo from None
                if check.result() is not None:
                    raise halves.Redo
                plan.read(half.mine)
                for f in half.mine:
                    conv.convert_function(f)
                conv.b._sync_defs()
                half.stand_in_for_theirs()
                out = _verify_and_print(mlir_module, name, options, engine, len(text), half)
                if out is not halves.Redo:
                    _emit_all(engine, diags, where)
                    return out
                half.convert_theirs()
        except ImportError_ as e:
            if plan is not None:  # (an error of the reader, later in the input, comes first)
                half.cancel()
                plan.read(module.functions)
            _emit_all(engine, diags, where)
            loc = module_loc if e.loc == "module" else e.loc if e.loc is not None else \
                UNKNOWN_LOC
            engine.emit(Diagnostic("error", loc, str(e)))
            return None
    except LLParseError as e:  # (a body read late)
        _unsupported(e, text, name, engine)
        return None
    finally:
        if half is not None:
            half.cancel()
    _emit_all(engine, diags, where)
    return _verify_and_print(mlir_module, name, options, engine, len(text))


def _emit_all(engine, diags, where):
    for sev, msg, *at in diags:
        engine.emit(Diagnostic(sev, where(at), msg))


def _print_flags(options):
    from pyopt.syntax.printer import PrintFlags
    return getattr(options, "print_flags", None) or PrintFlags()


_CTX = None


def _context():
    global _CTX
    if _CTX is None:
        from pyopt.dialects import make_context
        _CTX = make_context(False)
    return _CTX


def _verify_and_print(module, name, options, engine, input_size, half=None):
    """The module's text, or None (diagnostics emitted). With `half` (a SecondHalf), the
    second half's functions come from its child; halves.Redo when they cannot."""
    from pyopt.ir.verifier import verify
    from pyopt.syntax.printer import Printer
    from pyopt.background_verify import verify_beside, passed, verified_silently
    from pytranslate.importer.halves import Redo
    ctx = _context()
    module.loc = FileLineColLoc(name, 0, 0)
    flags = _print_flags(options)
    printer = Printer(flags, ctx)
    if half is not None:
        # (verified in-process, as in the child: both processes are at work)
        if not verified_silently(module, ctx, half.stand_ins):
            return Redo
        half.splice_into(printer, module)
    # Else the module is verified (in a child process) while it is printed; a verifier
    # failure wins over whatever the printing gave.
    text = failure = None
    try:
        check = verify_beside(module, ctx, input_size) if half is None else None
        try:
            text = printer.print_top(module).rstrip("\n")
            if not flags.local_scope:  # (19 ends a local-scope module without a newline)
                text += "\n"
        except Redo:  # (the child gave no part)
            return Redo
        except Exception as e:
            failure = e
        if not passed(check):
            verify(module, ctx)  # again in-process: raises the verifier's diagnostic
    except MLIRError as e:
        engine.emit(Diagnostic("error", UNKNOWN_LOC,
                               "internal import error: " + e.diag.message))
        return None
    if failure is not None:
        raise failure
    return text


def import_llvm(*args):
    """Two call shapes:
    - `import_llvm(buffer, ctx, options) -> str` (pytranslate.cli's per-chunk translation:
      warnings go to `options.emit`, failure raises MLIRError);
    - `import_llvm(text, filename, options, out) -> exit code` (whole input, own driver)."""
    if len(args) == 3:
        return _import_buffer(*args)
    return _import_text(*args)


class _EmitEngine:
    """Adapts `options.emit` to the engine interface used by _import_chunk."""

    def __init__(self, emit):
        self.emit_fn = emit
        self.errors = []

    def emit(self, diag):
        if diag.severity == "error":
            self.errors.append(diag)
        else:
            self.emit_fn(diag)


def _import_buffer(buffer, ctx, options):
    eng = _EmitEngine(getattr(options, "emit", lambda d: None))
    res = _safe_chunk(buffer.text, buffer.name, options, eng)
    if res is None and getattr(eng, "silent_failure", False) and not eng.errors:
        return None  # (LLVM's verifier printed why)
    if res is None:
        errs = eng.errors or [Diagnostic("error", UNKNOWN_LOC, "import failed")]
        err = MLIRError(errs[-1])
        err.more = ()
        for d in errs[:-1]:
            eng.emit_fn(d)
        raise err
    return res


def _import_text(text, filename, options, out) -> int:
    """Runs -import-llvm on `text`; writes the MLIR to `out`, returns the exit code."""
    from pyopt.tool import split_chunks, SPLIT_MARKER
    engine = DiagnosticEngine()
    engine.sources = {filename: text}
    split = getattr(options, "split_input_file", False)
    if split:
        pieces = []
        for start, end in split_chunks(text):
            line = text.count("\n", 0, start) + 1
            pieces.append((f"within split at {filename}:{line} offset ", text[start:end]))
    else:
        pieces = [(filename, text)]
    failed = False
    outputs = []
    verify_diags = getattr(options, "verify_diagnostics", False)
    for name, chunk in pieces:
        if verify_diags:
            from pyopt.syntax.verify_diagnostics import ExpectedDiagnostics
            collected = []
            engine.collector = collected
            res = _safe_chunk(chunk, name, options, engine)
            problems = ExpectedDiagnostics(SourceBuffer(name, chunk)).check(collected)
            if problems:
                failed = True
                sys.stderr.write("\n".join(problems) + "\n")
            engine.collector = None
        else:
            res = _safe_chunk(chunk, name, options, engine)
            if res is None:
                failed = True
        outputs.append(res or "")
    marker = getattr(options, "output_split_marker", SPLIT_MARKER)
    sep = (marker + "\n") if split else ""
    out.write(sep.join(outputs))
    return 1 if failed else 0


def _safe_chunk(chunk, name, options, engine):
    import gc
    # The import only creates live objects: the cycle collector's passes over the growing
    # model and IR would find nothing (and cost about a third of the time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _import_chunk(chunk, name, options, engine)
    except RecursionError:
        engine.emit(Diagnostic("error", UNKNOWN_LOC, "input is nested too deeply"))
    except Exception as e:  # never a traceback: report as an import error
        if getattr(options, "debug_import", False):
            raise
        engine.emit(Diagnostic("error", UNKNOWN_LOC,
                               f"internal import error: {type(e).__name__}: {e}"))
    finally:
        if gc_was_enabled:
            gc.enable()
    return None


def main(argv=None):
    """Stand-alone driver: python -m pytranslate.importer FILE [-split-input-file]."""
    from types import SimpleNamespace
    from pyopt import clopts as C
    opts = C.generic_options(version=False) + [
        C.Opt("split-input-file", C.FLAG, "Split the input file into chunks", default=False),
        C.Opt("verify-diagnostics", C.FLAG, "Check the expected-* diagnostic comments",
              default=False),
        C.Opt("emit-expensive-warnings", C.FLAG, "Emit warnings that are expensive to compute",
              default=False),
        C.Opt("debug-import", C.FLAG, "Let an internal error raise", default=False)]
    parser = C.Parser("pytranslate.importer", "LLVM IR to the MLIR LLVM dialect", "<input file>",
                      opts)
    v, positionals, ok = parser.parse(sys.argv[1:] if argv is None else argv)
    if C.handle_generic(parser, v, ""):
        return 0
    if not ok:
        return 1
    ns = SimpleNamespace(**{o.dest: bool(v[o.dest]) for o in opts[len(opts) - 4:]})
    path = positionals[0] if positionals else "-"
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8",
                                                     errors="surrogateescape").read()
    return import_llvm(text, "<stdin>" if path == "-" else path, ns, sys.stdout)
