"""The mlir-opt job, independent of the command line: split, parse, verify, run passes, print.

`OptOptions` holds what the CLI parsed; `run(text, filename, options, out)` writes the output
and returns the exit code. Diagnostics go through one DiagnosticEngine (printed, or collected
and matched under -verify-diagnostics).
"""
from __future__ import annotations

import gc
import sys

from pyopt.dialects import make_context
from pyopt.ir.gc_policy import freeze_ir, unfreeze_ir
from pyopt.ir.core import Block, Region, Operation
from pyopt.ir.location import SourceBuffer, FileLineColLoc
from pyopt.ir.verifier import verify
from pyopt.background_verify import (BackgroundVerifier, VerifyInProcess, passed,
                                     verify_with, HALVES_MIN_CHARS, VERIFY_BESIDE_MIN_CHARS)
from pyopt.ir.diagnostics import Diagnostic, DiagnosticEngine, MLIRError
from pyopt.syntax.parser import Parser
from pyopt.syntax.printer import Printer, PrintFlags, op_for_diagnostic

SPLIT_MARKER = "// -----"
BYTECODE_MAGIC = "ML\udcefR"  # b"ML\xefR" as read with surrogateescape


class OptOptions:
    def __init__(self, **kw):
        self.split_input_file = False
        self.verify_diagnostics = False
        self.implicit_module = True
        self.allow_unregistered = False
        self.verify_each = True
        self.print_flags = PrintFlags()
        self.pipeline = []  # callables (module, ctx) -> None; raise MLIRError on failure
        self.output_split_marker = SPLIT_MARKER
        self.split_marker = SPLIT_MARKER  # where -split-input-file cuts the input
        self.print_op_on_diagnostic = True
        self.emit_bytecode = False
        self.bytecode_version = 6  # --emit-bytecode-version (MLIR 19's current version)
        self.elide_resource_data = False  # --elide-resource-data-from-bytecode
        self.timing = None  # (display, format) of --mlir-timing, or None
        self.threading = True  # (--mlir-disable-threading: also no verification beside)
        self.__dict__.update(kw)


def split_chunks(text, marker=SPLIT_MARKER):
    """(start, end) offsets of the -split-input-file chunks, as LLVM 19's splitter cuts them:
    split at the marker minus its last two dashes; a piece counts as a new chunk only if the
    full marker is there and is not followed by '0'; otherwise it stays in the previous one."""
    short, tail = marker[:-2], marker[-2:]
    if not short:  # (llvm's splitter would search for "" forever: no split instead)
        return [(0, len(text))]
    cuts = []
    pos = 0
    while True:
        i = text.find(short, pos)
        if i < 0:
            cuts.append((pos, len(text)))
            break
        cuts.append((pos, i))
        pos = i + len(short)
    chunks = []
    cur = None
    for start, end in cuts:
        if cur is None or cur[0] == cur[1]:
            cur = (start, end)
            continue
        piece = text[start:end]
        if piece.startswith(tail) and len(piece) > 2 and piece[2] != "0":
            chunks.append(cur)
            cur = (start + 2, end)
        else:
            cur = (cur[0], end)
    if cur is not None and cur[1] > cur[0]:
        chunks.append(cur)
    return chunks or [(0, len(text))]


def parse_module(buffer: SourceBuffer, ctx, implicit_module=True, freeze=False,
                 typed_pointers=False, parser_class=Parser):
    """Parses a buffer into its top-level op (an implicit builtin.module unless disabled).
    `freeze`: the parsed IR is moved off the cycle collector (gc.freeze) before the collector
    is enabled again, so no collection walks it. Seed-era typed LLVM pointers become opaque
    ones unless `typed_pointers` (the typed-pointer mode of the lowering passes) keeps them.
    `parser_class`: a Parser subclass (the language server's RecordingParser)."""
    top = Block()
    ctx.external_resources = {}  # (each input, or split chunk, has its own)
    # Parsing only adds live objects: the cycle collector's full passes over the growing IR
    # would cost about a quarter of the parse time on large inputs, and find nothing.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        if buffer.text.startswith(BYTECODE_MAGIC):  # MLIR bytecode, whatever the file name
            from pyopt.bytecode import read_bytecode
            p = read_bytecode(buffer.text, buffer.name, ctx, top)
        else:
            p = parser_class(buffer, ctx)
            p.parse_top_level(top)
        if getattr(p, "_llvm_seed_syntax", False):  # (see dialects/llvm/typed_pointers.py)
            from pyopt.dialects.llvm.typed_pointers import erase_typed_pointers
            for op in top.ops:
                erase_typed_pointers(op, keep_types=typed_pointers)
    finally:
        if freeze:
            freeze_ir()  # (once the collector is back, its first collection would walk it all)
        if gc_was_enabled:
            gc.enable()
    ops = top.ops
    if not implicit_module:
        if len(ops) != 1:
            raise MLIRError(Diagnostic("error", FileLineColLoc(buffer.name, 0, 0),
                                       f"source must contain a single top-level operation, "
                                       f"found: {len(ops)}"))
        op = ops[0]
        op.detach()
        return op, p
    if len(ops) == 1 and ops[0].name == "builtin.module":
        op = ops[0]
        op.detach()
        return op, p
    module_def = ctx.lookup_op("builtin.module")
    region = Region([Block()])
    module = Operation("builtin.module", module_def, regions=[region],
                       loc=FileLineColLoc(buffer.name, 0, 0))
    body = region.blocks[0]
    for op in ops:
        op.detach()
        body.append(op)
    return module, p


def _typed_pointer_mode(pipeline):
    if not pipeline:
        return False
    from pyopt.dialects.llvm.typed_pointers import asks_typed_pointers
    return asks_typed_pointers(pipeline)


def _with_op_note(err: MLIRError, options):
    op = getattr(err, "op", None)
    d = err.diag
    if op is not None and options.print_op_on_diagnostic:
        d.attach_note("see current operation: " + op_for_diagnostic(op), d.loc)
        d.notes.insert(0, d.notes.pop())  # MLIR attaches it when the error is created
    return d


def process_chunk(buffer, ctx, options, engine, beside=False):
    """Returns the printed output, or None on failure (diagnostics already emitted). The
    timing report of the chunk follows, failed or not (as mlir-opt's per-chunk timer)."""
    root = None
    if options.timing:
        from pyopt.timing import Timer
        root = Timer("root")
        root.hidden = True
        root.start()
    try:
        return _process_chunk(buffer, ctx, options, engine, root, beside)
    finally:
        unfreeze_ir()  # the chunk's IR may be garbage now: hand it back to the collector
        if root is not None:
            from pyopt.timing import report
            for t in root.children.values():
                t.stop()  # (a timer a failure left running)
            root.stop()
            root.finalize()
            sys.stderr.write(report(root, *options.timing))


def _timed(root, name):
    if root is None:
        return None
    t = root.nest(name, name)
    t.start()
    return t


def _process_chunk(buffer, ctx, options, engine, root=None, beside=False):
    """`beside` (a large input, see run): with a second process to spare, the module is
    verified after the parse and after each pass in a child while the parent goes on
    (pyopt/background_verify.py); its output waits for the verdicts. A verification that
    does not pass silently there has the whole chunk run again in-process, which reports
    exactly what a run without children would."""
    pm = options.pipeline
    if root is None and len(buffer.text) >= HALVES_MIN_CHARS:
        from pyopt import pipeline_halves
        spans = pipeline_halves.body_spans(buffer.text, options)
        if spans is not None:
            try:
                return pipeline_halves.run(buffer, ctx, options, spans)
            except pipeline_halves.Redo:
                unfreeze_ir()
    bg = None
    if beside and root is None and options.threading and not options.verify_diagnostics and (
            not hasattr(pm, "observes_each_pass") or not pm.observes_each_pass()):
        bg = BackgroundVerifier.create(ctx)
    if bg is None:
        return _run_chunk(buffer, ctx, options, engine, root, None)
    bg.hold_output(engine)
    stdout_before = len(ctx.pass_stdout)
    res = None
    try:
        res = _run_chunk(buffer, ctx, options, engine, root, bg)
    except VerifyInProcess:  # (a child did not pass: finish() says so below)
        pass
    finally:
        redo = not bg.finish()  # (waits for every child, whatever ended the run)
        bg.release_output(not redo)
    if not redo:
        return res
    del ctx.pass_stdout[stdout_before:]
    unfreeze_ir()
    return _run_chunk(buffer, ctx, options, engine, root, None)


def _run_chunk(buffer, ctx, options, engine, root, bg):
    ctx.diag_engine = engine  # (verifiers of test ops emit remarks)
    pm = options.pipeline
    try:
        # The parsed IR lives until it is printed: keep the collector's passes off it.
        t = _timed(root, "Parser")
        module, _ = parse_module(buffer, ctx, options.implicit_module, freeze=True,
                                 typed_pointers=_typed_pointer_mode(pm))
        verify_with(bg, module, ctx)
        if t is not None:
            t.stop()
        if hasattr(pm, "run"):  # a pass_manager.PassManager
            pm.background = bg
            try:
                pm.run(module, ctx, engine, timer=root)
            finally:
                pm.background = None
        for pass_fn in pm:
            pass_fn(module, ctx)
            if options.verify_each:
                verify(module, ctx)
    except MLIRError as e:
        if not passed(bg):
            raise VerifyInProcess  # (an earlier verification failed: that error comes first)
        engine.emit(_with_op_note(e, options))
        for d in e.more:
            engine.emit(d)
        after = getattr(e, "after_output", "")  # e.g. the IR dump after a failed pass
        if after:
            sys.stderr.write(after)
        return None
    except RecursionError:
        if not passed(bg):
            raise VerifyInProcess
        engine.emit(Diagnostic("error", FileLineColLoc(buffer.name, 0, 0),
                               "input is nested too deeply"))
        return None
    if options.emit_bytecode:
        return _bytecode_text(module, ctx, options, engine)
    printer = Printer(options.print_flags, ctx)
    t = _timed(root, "Output")
    try:
        return printer.print_top(module) + "\n"
    except RecursionError:
        # e.g. identified LLVM structs nested hundreds deep, printed inline (no aliases)
        engine.emit(Diagnostic("error", module.loc, "IR is nested too deeply to print; "
                               "--mlir-print-struct-aliases prints identified structs once"))
        return None


def _bytecode_text(module, ctx, options, engine):
    """--emit-bytecode: the bytecode as text decoded with surrogateescape (how the output
    streams carry bytes), or None after reporting an unsupported version."""
    from pyopt.bytecode import write_bytecode
    try:
        data = write_bytecode(module, ctx, options.bytecode_version,
                              elide_resources=options.elide_resource_data)
    except MLIRError as e:
        e.op = module
        engine.emit(_with_op_note(e, options))
        return None
    return data.decode("utf-8", "surrogateescape")


def run(text: str, filename: str, options: OptOptions, out) -> int:
    ctx = make_context(options.allow_unregistered)
    engine = DiagnosticEngine()
    engine.sources = {filename: text}
    if options.verify_diagnostics:
        options.print_op_on_diagnostic = False
    if options.split_input_file:
        pieces = []
        for start, end in split_chunks(text, options.split_marker):
            line = text.count("\n", 0, start) + 1
            pieces.append((f"within split at {filename}:{line} offset ", text[start:end]))
    else:
        pieces = [(filename, text)]
    failed = False
    outputs = []
    beside = len(text) >= VERIFY_BESIDE_MIN_CHARS
    for name, chunk in pieces:
        buffer = SourceBuffer(name, chunk)
        # What passes print to stdout themselves (llvm::outs() in mlir-opt) precedes the
        # chunk's IR, in the same stream.
        ctx.pass_stdout = []
        if options.verify_diagnostics:
            from pyopt.syntax.verify_diagnostics import ExpectedDiagnostics
            collected = []
            engine.collector = collected
            res = process_chunk(buffer, ctx, options, engine, beside)
            problems = ExpectedDiagnostics(buffer).check(collected)
            if problems:
                failed = True
                sys.stderr.write("\n".join(problems) + "\n")
            engine.collector = None
        else:
            res = process_chunk(buffer, ctx, options, engine, beside)
            if res is None:
                failed = True
        if out is sys.stdout:
            outputs.append("".join(ctx.pass_stdout) + (res or ""))
        else:  # with -o, what passes print still goes to stdout
            sys.stdout.write("".join(ctx.pass_stdout))
            outputs.append(res or "")
    sep = (options.output_split_marker + "\n") if options.split_input_file else ""
    result = sep.join(outputs)
    if options.emit_bytecode and hasattr(out, "buffer"):  # bytes to a text stream (stdout)
        out.flush()
        out.buffer.write(result.encode("utf-8", "surrogateescape"))
    else:
        out.write(result)
    return 1 if failed else 0
