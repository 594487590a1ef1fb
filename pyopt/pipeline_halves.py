"""A large module run through a pass pipeline by two processes, as mlir-opt's threads share
the functions of a module between cores.

The parser first reads everything but the bodies of the module's functions (found in the
text: pyopt/syntax/region_spans.py). A forked child then reads, verifies, runs the pipeline on
and prints the second half of the bodies while the parent does the same with the first half;
the parent splices the child's text into its own output (pyopt.syntax.printer_split). Each
process holds the other half's functions as bodyless stand-ins, so that calls and symbol
references find them, and leaves them out of its verification.

This is only done when every pass of the pipeline is one of FUNCTION_LOCAL: passes under which
what becomes of a function depends on nothing but its own body and the module-level ops. The
passes run one at a time; after each, the module-level ops must be those before it, one for
one, but for bodiless function declarations put at the top (the runtime's functions a
lowering calls, looked up or made by name: `malloc` when an allocation is first lowered). The
parent takes the child's declarations over and orders them as one process makes them. The two
processes must also agree on the rest of the module around the functions (`Halves.frame`). A
diagnostic of any kind, a pass printing, a verification that does not pass silently, a
disagreement or a crash in either process makes the whole chunk run again in one process
(`Redo`), so output and diagnostics are never different from a single process's."""
from __future__ import annotations

import copy
import io

from pyopt.background_verify import HALVES_MIN_CHARS, fork_available, verified_silently
from pyopt.forked import ForkedCall, split_point
from pyopt.ir.diagnostics import DiagnosticEngine
from pyopt.ir.symbols import symbol_name
from pyopt.syntax import printer_split
from pyopt.syntax.printer import Printer, attr_to_str, print_op
from pyopt.syntax.region_spans import region_spans

# the child's share of the bodies' lines (the parent also joins the two texts), and the least
# it may get: below, one process verifying in a child beside it is faster
CHILD_SHARE = 0.5
MIN_SHARE = 0.25
# the functions whose bodies are shared out
_FUNCTIONS = ("func.func", "llvm.func")
# Passes that change each function on its own: no pass reads another function's body (as the
# inliner or interprocedural SCCP do), and the module-level ops they make are declarations
# looked up or created by name.
FUNCTION_LOCAL = frozenset((
    "canonicalize", "cse", "loop-invariant-code-motion", "mem2reg", "lower-affine",
    "arith-expand", "expand-strided-metadata", "convert-linalg-to-loops",
    "convert-vector-to-scf", "convert-scf-to-cf", "convert-func-to-llvm",
    "convert-arith-to-llvm", "convert-cf-to-llvm", "convert-index-to-llvm",
    "convert-math-to-llvm", "convert-ub-to-llvm", "convert-vector-to-llvm",
    "finalize-memref-to-llvm", "reconcile-unrealized-casts"))


class Redo(Exception):
    """The chunk cannot be done in two processes: it starts again in one."""


class _PrintAgain(Exception):
    """The child's part came with declarations to put in before the text printed so far."""


def body_spans(text, options):
    """The regions to share out (see region_spans), or None when `text` with `options` is
    to be done in one process."""
    from pyopt.pass_manager import PassManager
    pm = options.pipeline
    if len(text) < HALVES_MIN_CHARS or not fork_available() or not options.threading or \
            options.verify_diagnostics or options.emit_bytecode or options.timing or \
            not isinstance(pm, PassManager) and pm or \
            isinstance(pm, PassManager) and pm.observes_each_pass() or \
            not printer_split.can_split(Printer(options.print_flags)) or \
            options.print_flags.debuginfo:
        return None
    for item in pm.pipeline.items if pm else ():  # (flat: nested pipelines verify stand-ins)
        info = getattr(item, "info", None)
        if info is None or info.name not in FUNCTION_LOCAL or \
                info.anchor not in (None, "builtin.module"):
            return None
    return region_spans(text, _FUNCTIONS) or region_spans(text, _FUNCTIONS, indent="")


def run(buffer, ctx, options, spans):
    """The printed output of the chunk in `buffer`; Redo when it cannot be split."""
    from pyopt.syntax.parser import Parser
    from pyopt.tool import parse_module

    def deferring_parser(buf, c):
        p = Parser(buf, c)
        p.deferred = dict(spans)
        return p

    half = None
    saved = getattr(ctx, "diag_engine", None), ctx.pass_stdout
    heard = io.StringIO()  # (whatever is said makes one process say it)
    ctx.diag_engine, ctx.pass_stdout = DiagnosticEngine(stream=heard), []
    try:
        module, parser = parse_module(buffer, ctx, options.implicit_module, freeze=True,
                                      parser_class=deferring_parser)
        if parser.deferred or getattr(parser, "_llvm_seed_syntax", False) or \
                module.name != "builtin.module":
            raise Redo
        half = Halves(module, parser, ctx, options, heard)
        half.start()
        half.do(half.mine, half.theirs)
        return half.print_with(half.frame()) + "\n"
    except Redo:
        raise
    except Exception:  # (an error: one process says which comes first)
        raise Redo from None
    finally:
        ctx.diag_engine, ctx.pass_stdout = saved
        if half is not None and half.call is not None:
            half.call.cancel()


class Halves:
    """The module's functions in two halves, the child doing `theirs`."""

    def __init__(self, module, parser, ctx, options, heard):
        self.module, self.parser, self.ctx, self.options = module, parser, ctx, options
        self.heard = heard  # what ctx's diagnostic engine wrote
        self.call = None
        ops = module.regions[0].blocks[0].ops
        starts = {id(rec[0]): start for start, rec in parser.skipped.items()}
        funcs = [op for op in ops if op.regions and id(op.regions[0]) in starts]
        if len(funcs) != len(starts) or any(op.name not in _FUNCTIONS for op in funcs):
            raise Redo  # (a region skipped that is no module-level function's)
        self.starts = {op: starts[id(op.regions[0])] for op in funcs}
        count = parser.src.count
        lines = [count("\n", s, parser.skipped[s][-1]) for s in self.starts.values()]
        k = split_point(lines, CHILD_SHARE)
        if k is None or sum(lines[k:]) < MIN_SHARE * sum(lines):
            raise Redo  # (one function holds most of the work: verifying beside pays more)
        self.mine, self.theirs = _names(funcs[:k]), _names(funcs[k:])
        self.functions = self.mine | self.theirs
        self.names = [symbol_name(op) for op in ops]  # (None: no symbol)
        self.added = []  # per pass, the declarations it added: [(name, text)] in order made

    def start(self):
        self.call = ForkedCall(self._child)

    def _child(self):
        printer_split.enter_child()
        self.do(self.theirs, self.mine)
        return (self.frame(), self.added,
                printer_split.print_part(self._printer(), self.module, self._ops_from_theirs()))

    def do(self, names, others):
        """Reads the bodies of the functions `names`, verifies them and runs the pipeline
        one pass at a time (noting the declarations each adds), the functions `others` left
        out of every verification."""
        for op, start in self.starts.items():
            if symbol_name(op) in names:
                self.parser.parse_skipped_region(start)
        _Verifier(self.ctx, others).start(self.module)
        pm = self.options.pipeline
        passes = list(pm.pipeline.items) if pm else []
        try:
            for item in passes:
                pm.pipeline.items = [item]
                pm.background = _Verifier(self.ctx, others)
                pm.run(self.module, self.ctx, self.ctx.diag_engine)
                self.added.append(self._declarations_added())
        finally:
            if passes:
                pm.pipeline.items, pm.background = passes, None
        if self.heard.getvalue() or self.ctx.diag_engine.had_error or self.ctx.pass_stdout:
            raise Redo

    def _declarations_added(self):
        """The declarations a pass put at the start of the module (as the lowerings declare
        the runtime's functions they call: functions/lookup_or_create_fn), in the order it
        made them; Redo when it changed the module's ops in any other way than these and
        one op for one."""
        ops = self.module.regions[0].blocks[0].ops
        names = [symbol_name(op) for op in ops]
        d = len(names) - len(self.names)
        if d < 0 or names[d:] != self.names or any(
                op.name not in _FUNCTIONS or op.regions and op.regions[0].blocks
                for op in ops[:d]):
            raise Redo
        self.names = names
        flags = self._local_flags()
        return [(names[i], print_op(ops[i], flags)) for i in range(d - 1, -1, -1)]

    def frame(self):
        """The module around the functions after the pipeline: the module's attributes, then
        per op (the declarations the passes added left out) a function's name or the op's
        text."""
        module = self.module
        out = [tuple((k, attr_to_str(v)) for d in (module.properties, module.attributes)
                     for k, v in d.items())]
        ops = module.regions[0].blocks[0].ops
        flags = self._local_flags()
        for op in ops[sum(map(len, self.added)):]:
            name = symbol_name(op)
            out.append((op.name, name) if name in self.functions else print_op(op, flags))
        return out

    def _local_flags(self):
        """The print flags with names numbered from the op printed when it is isolated from
        above (else print_op numbers the whole module for each op)."""
        flags = copy.copy(self.options.print_flags)
        flags.local_scope = True
        return flags

    def _ops_from_theirs(self):
        ops = self.module.regions[0].blocks[0].ops
        for i, op in enumerate(ops):
            if symbol_name(op) in self.theirs:
                return ops[i:]
        raise Redo

    def _printer(self):
        return Printer(self.options.print_flags, self.ctx)

    def print_with(self, frame):
        """The module's text, the child's part in place of the ops from its first function
        on; Redo when the child has none, its frame is not `frame` or a declaration both
        added differs. The part is waited for when the printer gets there, unless the
        passes added declarations: they come first in the text, so whose they are must be
        known before printing (a child's found only then has the printing start again)."""
        got = self._result(frame) if any(self.added) else None
        if got is not None:
            self._take_declarations(got[1])

        def part():
            nonlocal got
            if got is None:
                got = self._result(frame)
                if any(got[1]):
                    raise _PrintAgain
            return got[2]
        try:
            return self._print(part)
        except _PrintAgain:
            self._take_declarations(got[1])
            return self._print(part)

    def _result(self, frame):
        got = self.call.result()
        if got is None or got[0] != frame or got[2] is None:
            raise Redo
        return got

    def _print(self, part):
        printer = self._printer()
        printer_split.splice_at(printer, self.module, self._ops_from_theirs()[0], part)
        return printer.print_top(self.module)

    def _take_declarations(self, theirs):
        """Orders the module's added declarations as one process makes them: pass by pass,
        first those the parent's functions needed, then those of the child's functions
        (each made at the start of the module, so the last made comes first); a declaration
        only the child made is read from its text."""
        made, order = {}, []
        for mine, its in zip(self.added, theirs):
            for name, text in mine + its:
                if made.setdefault(name, text) != text:
                    raise Redo
                if len(made) > len(order):
                    order.append(name)
        block = self.module.regions[0].blocks[0]
        n = sum(map(len, self.added))
        have = {symbol_name(op): op for op in block.ops[:n]}
        first = block.first
        for name in order:  # (each before the one made before it)
            op = have.get(name)
            if op is None:
                op = _read_op(made[name], self.ctx)
            if op is not first:
                if op.parent is not None:
                    op.detach()
                block.insert_before(first, op)
            first = op


class _Verifier:
    """Verifies the module in-process as a pass manager's `background` verifier would (both
    cores are at work), leaving out the functions named `others`; Redo when that does not
    pass silently."""

    def __init__(self, ctx, others):
        self.ctx, self.others = ctx, others

    def start(self, module):
        skip = frozenset(op for op in module.regions[0].blocks[0].ops
                         if symbol_name(op) in self.others)
        if not verified_silently(module, self.ctx, skip):
            raise Redo


def _names(funcs):
    names = {symbol_name(op) for op in funcs}
    if None in names or len(names) != len(funcs):
        raise Redo
    return frozenset(names)


def _read_op(text, ctx):
    """The op printed as `text` (a declaration: no aliases, no SSA values), detached."""
    from pyopt.ir.location import SourceBuffer
    from pyopt.tool import parse_module
    module, _ = parse_module(SourceBuffer("<declaration>", text), ctx)
    op = module.regions[0].blocks[0].first
    op.detach()
    return op
