"""The pass manager: pipelines of registered passes, op-anchored nesting, instrumentation.

A pipeline is an `OpPassManager`: an anchor op name plus an ordered list of passes and nested
pipelines. `builtin.module(func.func(cse,canonicalize{max-iterations=3}))` runs cse and
canonicalize on every `func.func` directly nested in the module. The textual form is parsed
with a small lark grammar; the flag form (`--cse --canonicalize=max-iterations=3`) builds the
same structure, nesting anchored passes implicitly (as mlir-opt's implicit nesting).

`PassManager.run(op, ctx)` adds the instrumentation mlir-opt has: verification after each
pass, IR dumps before/after passes (`// -----// IR Dump After CSE (cse) //----- //`), timing
(a rich table) and statistics.
"""
from __future__ import annotations

import sys
import time

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.verifier import verify
from pyopt.pass_registry import PASSES, PassInfo, parse_options, _load_builtin_passes
from pyopt.syntax.diagnostics import Diagnostic, MLIRError

ANY = "any"


class PipelineError(Exception):
    """A malformed pipeline; `col` (0-based) points into `text` when known."""

    def __init__(self, message, text=None, col=None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.col = col

    def render(self):
        if self.text is None:
            return self.message
        return (f"MLIR Textual PassPipeline Parser:1:{self.col + 1}: error: {self.message}\n"
                f"{self.text}\n{' ' * self.col}^\n")


class PassInstance:
    __slots__ = ("info", "options", "option_text")

    def __init__(self, info: PassInfo, options: dict, option_text=""):
        self.info = info
        self.options = options
        self.option_text = option_text

    @property
    def name(self):
        return self.info.name

    def __repr__(self):
        return f"{self.info.name}{{{self.option_text}}}" if self.option_text else self.info.name

    def textual(self):
        """`name{a=1 b=x}` with every option, sorted by name, as MLIR prints a pass (an empty
        list option prints as nothing, keeping its separator)."""
        opts = self.info.options
        if not opts:
            return self.info.name
        shown = [n for n in sorted(opts) if not (n in _SEED_ERA_OPTIONS and
                                                 self.options.get(n) == opts[n].default)]
        if not shown:
            return self.info.name
        return f"{self.info.name}{{{' '.join(_option_text(opts[n], self.options.get(n)) for n in shown)}}}"


# options of ours that MLIR 19 does not have (the seed-era typed-pointer mode): shown only when
# set to something else than their default
_SEED_ERA_OPTIONS = {"use-opaque-pointers"}


def _option_text(opt, value):
    if opt.list_like:
        if not value:
            return ""
        return f"{opt.name}={','.join(_value_text(v) for v in value) if opt.type is list else value}"
    return f"{opt.name}={_value_text(value)}"


def _value_text(v):
    if v is True or v is False:
        return "true" if v else "false"
    v = str(v)
    space = v.find(" ")
    # braces keep a value holding a space together, unless it already starts a nested form
    if space >= 0 and all(i < 0 or space < i for i in (v.find("{"), v.find("'"), v.find('"'))):
        return "{" + v + "}"
    return v


class OpPassManager:
    """Passes and nested pipelines run on ops named `anchor` (ANY: whatever op it is given;
    None: the top-level op, with anchored passes nested implicitly)."""

    def __init__(self, anchor=None, items=None):
        self.anchor = anchor
        self.items = items if items is not None else []

    def add(self, item):
        self.items.append(item)
        return item

    def nest(self, anchor):
        # adjacent pipelines on the same anchor are merged, as MLIR coalesces adaptors
        if self.items and isinstance(self.items[-1], OpPassManager) \
                and self.items[-1].anchor == anchor:
            return self.items[-1]
        return self.add(OpPassManager(anchor))

    def __repr__(self):
        inner = ",".join(repr(i) for i in self.items)
        return f"{self.anchor or 'any'}({inner})"

    def textual(self, root_name=None):
        """The pipeline as --dump-pass-pipeline shows it, every option spelled out."""
        inner = ",".join(i.textual() for i in self.items)
        return f"{self.anchor or root_name or 'any'}({inner})"


# -- textual pipeline --------------------------------------------------------------------------
_GRAMMAR = r"""
elements: element ("," element)*
?element: NAME "(" [elements] ")"   -> nested
        | NAME OPTIONS?             -> single
NAME: /[A-Za-z0-9_$][A-Za-z0-9_$.\-]*/
OPTIONS: /\{([^{}"']|"[^"]*"|'[^']*'|\{([^{}]|\{[^{}]*\})*\})*\}/
%ignore /[ \t\r\n]+/
"""
_PARSER = None


def _lark():
    global _PARSER
    if _PARSER is None:
        from lark import Lark
        _PARSER = Lark(_GRAMMAR, start="elements", parser="lalr", propagate_positions=True)
    return _PARSER


def parse_pipeline(text: str) -> OpPassManager:
    """`anchor(elements)` -> OpPassManager; raises PipelineError with mlir-opt's messages."""
    _load_builtin_passes()
    text = text.strip()
    i = text.find("(")
    if i <= 0 or not text.endswith(")") or not _is_name(text[:i].strip()):
        raise PipelineError("expected pass pipeline to be wrapped with the anchor operation "
                            "type, e.g. 'builtin.module(...)'")
    anchor = text[:i].strip()
    inner = text[i + 1:-1]
    pm = OpPassManager(anchor)
    if inner.strip():
        tree = _parse_inner(inner)
        _build(tree, pm, inner)
    return pm


def _is_name(s):
    import re
    return re.fullmatch(r"[A-Za-z0-9_$][A-Za-z0-9_$.\-]*", s) is not None


def _parse_inner(inner):
    from lark.exceptions import UnexpectedInput, UnexpectedCharacters, UnexpectedEOF
    try:
        return _lark().parse(inner)
    except UnexpectedInput as e:
        col = getattr(e, "pos_in_stream", None)
        if col is None:
            col = len(inner)
        if isinstance(e, UnexpectedCharacters) and inner[col] == "{":
            raise PipelineError("missing closing '}' while processing pass options", inner, col)
        if inner.count("(") != inner.count(")"):
            pos = inner.rfind("(") + 1 if inner.count("(") > inner.count(")") else col
            raise PipelineError("encountered unbalanced parentheses while parsing pipeline",
                                inner, pos)
        if isinstance(e, UnexpectedEOF):
            raise PipelineError("expected pass or pass pipeline name", inner, len(inner))
        tok = getattr(e, "token", None)
        if tok is not None and tok.type == "COMMA" or (col < len(inner) and inner[col] in ",)"):
            raise PipelineError("'' does not refer to a registered pass or pass pipeline",
                                inner, col)
        raise PipelineError("expected ',' after parsing pipeline", inner, col)


def _build(tree, pm, inner):
    for el in tree.children:
        if el.data == "nested":
            name_tok = el.children[0]
            sub = OpPassManager(str(name_tok))
            body = el.children[1] if len(el.children) > 1 else None
            if body is not None:
                _build(body, sub, inner)
            pm.add(sub)
            continue
        name_tok = el.children[0]
        name = str(name_tok)
        info = PASSES.get(name)
        if info is None:
            raise PipelineError(f"'{name}' does not refer to a registered pass or pass pipeline",
                                inner, name_tok.start_pos)
        opt_text = str(el.children[1])[1:-1] if len(el.children) > 1 else ""
        pm.add(make_instance(info, opt_text))


def make_instance(info, opt_text):
    try:
        values = parse_options(info, opt_text)
    except ValueError as e:
        msg = str(e)
        if msg.startswith("no such option"):
            raise PipelineError(f"<Pass-Options-Parser>: {msg}\n\nfailed to add `{info.name}` "
                                f"with options `{opt_text}`")
        raise PipelineError(f"\nfailed to add `{info.name}` with options `{opt_text}`",
                            None, None) from PipelineOptionError(info, e)
    return PassInstance(info, values, opt_text)


class PipelineOptionError(Exception):
    def __init__(self, info, err):
        super().__init__(str(err))
        self.info = info
        self.option = getattr(err, "option", "")


def from_flags(flags) -> OpPassManager:
    """Pass flags (`name` or `name=opts`, no dashes) in command-line order; raises
    PipelineError(message) naming the unknown flag."""
    _load_builtin_passes()
    pm = OpPassManager(None)
    for flag in flags:
        name, _, opts = flag.partition("=")
        info = PASSES.get(name)
        if info is None:
            raise KeyError(flag)
        pm.add(make_instance(info, opts))
    return pm


# -- running -----------------------------------------------------------------------------------
class _Timer:
    __slots__ = ("name", "time", "children", "index")

    def __init__(self, name):
        self.name = name
        self.time = 0.0
        self.children = []
        self.index = {}

    def child(self, name):
        t = self.index.get(name)
        if t is None:
            t = self.index[name] = _Timer(name)
            self.children.append(t)
        return t


class PassManager:
    """Runs a pipeline with mlir-opt's instrumentation options."""

    def __init__(self, pipeline: OpPassManager, verify_each=True, print_before=(),
                 print_after=(), print_before_all=False, print_after_all=False,
                 print_after_change=False, print_after_failure=False, print_module_scope=False,
                 print_flags=None, timing=False, statistics=False, stream=None):
        self.pipeline = pipeline
        self.verify_each = verify_each
        self.print_before = set(print_before)
        self.print_after = set(print_after)
        self.print_before_all = print_before_all
        self.print_after_all = print_after_all
        self.print_after_change = print_after_change
        self.print_after_failure = print_after_failure
        self.print_module_scope = print_module_scope
        self.print_flags = print_flags
        self.timing = timing
        self.statistics = statistics
        self.stream = stream
        self.root_timer = _Timer("root")
        self.stats = {}  # (path tuple) -> {stat: count}
        self.engine = None
        self.dump_pipeline = False  # --dump-pass-pipeline

    @property
    def out(self):
        return self.stream if self.stream is not None else sys.stderr

    # the list-of-callables protocol the tool used before (keeps old callers working)
    def __iter__(self):
        return iter(())

    def __bool__(self):
        return bool(self.pipeline.items)

    def run(self, op, ctx, engine=None):
        """Runs the pipeline on `op`; raises MLIRError (with more diagnostics) on failure."""
        self.engine = engine
        pm = self.pipeline
        if self.dump_pipeline:
            self.out.write(f"Pass Manager with {len(pm.items)} passes:\n"
                           f"{pm.textual(op.name)}\n\n")
        if pm.anchor not in (None, ANY) and pm.anchor != op.name:
            raise MLIRError(Diagnostic("error", op.loc, f"can't run '{pm.anchor}' pass manager "
                                       f"on '{op.name}' op"))
        prev = getattr(ctx, "diag_engine", None)
        ctx.diag_engine = engine
        ctx.print_flags = self.print_flags  # (passes that print IR into attributes honour them)
        try:
            self._run_pm(pm, op, ctx, self.root_timer, ())
        finally:
            ctx.diag_engine = prev

    def _run_pm(self, pm, op, ctx, timer, path):
        for item in pm.items:
            if isinstance(item, OpPassManager):
                t = timer.child(f"'{item.anchor}' Pipeline")
                self._run_nested(item, item.anchor, op, ctx, t, path + (t.name,))
                continue
            anchor = item.info.anchor
            if anchor is not None and anchor != op.name:
                if pm.anchor is None:  # flag form: nest implicitly
                    sub = OpPassManager(anchor, [item])
                    t = timer.child(f"'{anchor}' Pipeline")
                    self._run_nested(sub, anchor, op, ctx, t, path + (t.name,))
                    continue
                raise MLIRError(Diagnostic(
                    "error", UNKNOWN_LOC, f"Can't add pass '{item.info.display_name}' "
                    f"restricted to '{anchor}' on a PassManager intended to run on "
                    f"'{pm.anchor}', did you intend to nest?"))
            self._run_pass(item, op, ctx, timer, path)

    def _run_nested(self, pm, anchor, op, ctx, timer, path):
        start = time.perf_counter()
        targets = []
        for r in op.regions:
            for b in r.blocks:
                for child in b:
                    if anchor == ANY or child.name == anchor:
                        targets.append(child)
        for child in targets:
            self._run_pm(pm, child, ctx, timer, path)
        timer.time += time.perf_counter() - start

    def _dump(self, when, inst, op):
        from pyopt.syntax.printer import Printer, PrintFlags, print_op
        top = op
        if self.print_module_scope:
            while top.parent_op is not None:
                top = top.parent_op
        f = self.print_flags
        kw = {k: getattr(f, k) for k in PrintFlags.__slots__} if f is not None else {}
        header = (f"// -----// IR Dump {when} {inst.info.display_name} ({inst.info.name}) "
                  f"//----- //\n")
        if top.parent_op is None:
            text = Printer(PrintFlags(**kw), None).print_top(top)
        else:
            kw["local_scope"] = True
            text = print_op(top, PrintFlags(**kw)) + "\n"
        self.out.write(header + text + "\n")

    def _run_pass(self, inst, op, ctx, timer, path):
        info = inst.info
        name = info.name
        if self.print_before_all or name in self.print_before:
            self._dump("Before", inst, op)
        want_after = self.print_after_all or name in self.print_after
        before_text = None
        if want_after and self.print_after_change:
            from pyopt.syntax.printer import print_op
            before_text = print_op(op)
        t = timer.child(info.display_name)
        start = time.perf_counter()
        try:
            result = info.run(op, ctx, inst.options)
        except MLIRError:
            t.time += time.perf_counter() - start
            if self.print_after_failure:
                self._dump("After", _Failed(inst), op)
            raise
        except RecursionError:
            raise MLIRError(Diagnostic("error", op.loc, f"pass '{name}' failed: the IR is "
                                       f"nested too deeply"))
        except Exception as e:  # a bug in the pass: report it with its name, no traceback
            import os
            if os.environ.get("PYOPT_TRACEBACK"):
                raise
            raise MLIRError(Diagnostic("error", op.loc, f"internal error in pass '{name}': "
                                       f"{type(e).__name__}: {e}"))
        t.time += time.perf_counter() - start
        if result:
            acc = self.stats.setdefault(path + (info.display_name,), {})
            for k, v in result.items():
                acc[k] = acc.get(k, 0) + v
        elif info.statistics:
            self.stats.setdefault(path + (info.display_name,), {})
        if self.verify_each:
            verify(op, ctx)
        if want_after:
            if before_text is not None:
                from pyopt.syntax.printer import print_op
                if print_op(op) == before_text:
                    return
            self._dump("After", inst, op)

    # -- reports ---------------------------------------------------------------------------------
    _RULE = "===" + "-" * 73 + "==="

    def report(self):
        if self.statistics:
            self.report_statistics()
        if self.timing:
            self.report_timing()

    def report_statistics(self):
        out = [self._RULE, " " * 25 + "... Pass statistics report ...", self._RULE]
        printed = set()
        for path, counts in self.stats.items():
            for depth in range(len(path)):
                key = path[:depth + 1]
                if key not in printed:
                    printed.add(key)
                    out.append("  " * depth + path[depth])
            info = next((i for i in PASSES.values() if i.display_name == path[-1]), None)
            for stat in sorted(counts):
                desc = info.statistics.get(stat, "") if info is not None else ""
                out.append("  " * len(path) + f"(S) {counts[stat]} {stat} - {desc}")
        self.out.write("\n".join(out) + "\n")

    def report_timing(self):
        from rich.console import Console
        from rich.table import Table
        total = sum(c.time for c in self.root_timer.children) or 1e-9
        table = Table(title="... Execution time report ...", show_edge=False)
        table.add_column("Wall Time", justify="right")
        table.add_column("%", justify="right")
        table.add_column("Name")

        def add(t, depth):
            table.add_row(f"{t.time:.4f}", f"{100 * t.time / total:5.1f}%",
                          "  " * depth + t.name)
            for c in t.children:
                add(c, depth + 1)
        for c in self.root_timer.children:
            add(c, 0)
        table.add_row(f"{total:.4f}", "100.0%", "Total")
        console = Console(file=self.out, width=100, color_system=None, soft_wrap=True)
        console.print(f"  Total Execution Time: {total:.4f} seconds")
        console.print(table)


class _Failed:
    """Renames a pass instance for the `IR Dump After X Failed` header."""

    def __init__(self, inst):
        self.info = type("I", (), {"display_name": inst.info.display_name + " Failed",
                                   "name": inst.info.name})()


def list_passes_text():
    _load_builtin_passes()
    lines = ["Available Passes:"]
    for name in sorted(PASSES):
        info = PASSES[name]
        lines.append(f"  --{name:<38} -   {info.summary}")
        for o in info.options.values():
            lines.append(f"    --{o.name:<36} - {o.help}")
    return "\n".join(lines)
