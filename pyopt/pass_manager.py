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

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.verifier import verify
from pyopt.background_verify import verify_with
from pyopt.pass_registry import PASSES, IRUnchanged, _load_builtin_passes
from pyopt.ir.diagnostics import Diagnostic, MLIRError
# (pipelines as data and their textual/flag forms live in pass_pipeline.py; re-exported here)
from pyopt.pass_pipeline import (  # noqa: F401
    ANY, PipelineError, PassInstance, OpPassManager, parse_pipeline, make_instance,
    PipelineOptionError, GlobalOptionError, from_flags)


# -- running -----------------------------------------------------------------------------------
class _Adaptor:
    """Nested pipelines run on the ops directly inside the current one (MLIR's
    OpToOpPassAdaptor); adjacent ones are merged into one, as MLIR finalizes a pipeline."""
    __slots__ = ("mgrs",)

    def __init__(self, mgrs):
        self.mgrs = mgrs

    @property
    def name(self):
        return "Pipeline Collection : [" + ", ".join(
            f"'{m.anchor or 'any'}'" for m in self.mgrs) + "]"

    def manager_for(self, op):
        for m in self.mgrs:
            if m.anchor == op.name:
                return m
        for m in self.mgrs:
            if m.anchor in (None, ANY):
                return m
        return None


class _Exec:
    """A finalized pipeline: passes and adaptors for ops named `anchor`."""
    __slots__ = ("anchor", "items")

    def __init__(self, anchor, items):
        self.anchor = anchor
        self.items = items


def _finalize(pm, anchor, implicit):
    """OpPassManager -> _Exec: pass flags nest anchored passes implicitly, nested pipelines
    become adaptors, adjacent adaptors merge (same anchors concatenated, sorted by anchor with
    op-agnostic ones last)."""
    items = []
    for item in pm.items:
        if isinstance(item, OpPassManager):
            node = _Adaptor([_finalize(item, item.anchor, False)])
        else:
            want = item.info.anchor
            if implicit and want is not None and want != anchor:
                node = _Adaptor([_Exec(want, [item])])
            elif want is not None and anchor not in (None, ANY) and want != anchor:
                raise MLIRError(Diagnostic(
                    "error", UNKNOWN_LOC, f"Can't add pass '{item.info.display_name}' "
                    f"restricted to '{want}' on a PassManager intended to run on "
                    f"'{anchor}', did you intend to nest?"))
            else:
                node = item
        if isinstance(node, _Adaptor) and items and isinstance(items[-1], _Adaptor) \
                and _merge_adaptors(items[-1], node):
            continue
        items.append(node)
    return _Exec(anchor, items)


def _merge_adaptors(into, other):
    generic = lambda a: any(m.anchor in (None, ANY) for m in a.mgrs)  # noqa: E731
    if generic(into) or generic(other):
        return False  # (MLIR merges these only when no op can be scheduled on both)
    for m in other.mgrs:
        same = next((x for x in into.mgrs if x.anchor == m.anchor), None)
        if same is None:
            into.mgrs.append(m)
        else:
            same.items.extend(m.items)
            _remerge(same)
    into.mgrs.sort(key=lambda m: m.anchor)
    return True


def _remerge(ex):
    items = []
    for node in ex.items:
        if isinstance(node, _Adaptor) and items and isinstance(items[-1], _Adaptor) \
                and _merge_adaptors(items[-1], node):
            continue
        items.append(node)
    ex.items = items


def _no_timer():
    return None


class _ListWriter:
    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = parts

    def write(self, text):
        self.parts.append(text)


class PassManager:
    """Runs a pipeline with mlir-opt's instrumentation options: IR printing, verification,
    timing (timers nested under `run`'s `timer`), statistics and analysis bookkeeping."""

    def __init__(self, pipeline: OpPassManager, verify_each=True, print_before=(),
                 print_after=(), print_before_all=False, print_after_all=False,
                 print_after_change=False, print_after_failure=False, print_module_scope=False,
                 print_flags=None, timing=False, statistics=False, stream=None,
                 statistics_display="pipeline", threading=True):
        self.pipeline = pipeline
        self.verify_each = verify_each
        self.print_before = set(print_before)
        self.print_after = set(print_after)
        self.print_before_all = print_before_all
        # MLIR prints after every pass when only failures are asked for, then skips successes
        self.print_after_all = print_after_all or print_after_failure
        self.print_after_change = print_after_change
        self.print_after_failure = print_after_failure
        self.print_module_scope = print_module_scope
        self.print_flags = print_flags
        self.timing = timing
        self.statistics = statistics
        self.statistics_display = statistics_display
        self.threading = threading
        self.stream = stream
        self.stats = {}  # id(pass instance) -> {statistic: value}
        self.engine = None
        self.dump_pipeline = False  # --dump-pass-pipeline
        self._exec = None
        self._root = None
        self._analyses = {}  # id(op) -> names of the analyses computed and still valid
        self._ctx = None
        # reproducers (pyopt/reproducer.py): paths, or False/None when off
        self.crash_reproducer = None
        self.local_reproducer = False
        self.generate_reproducer = None
        self.run_reproducer = False
        self.tree_dir = None  # --mlir-print-ir-tree-dir
        self._tree_counters = {}
        self._local_snapshot = None
        self.action_log = None  # --log-actions-to: a path, "-" for stdout
        self._log = None  # its open stream during run()
        # a background_verify.BackgroundVerifier: the top-level op is verified after a pass
        # in a child process while the next pass runs (set by the tool for one run)
        self.background = None

    def observes_each_pass(self):
        """Whether anything looks at the IR or reports between passes (dumps, reproducers,
        logs, statistics, timing): then every verification must have ended in-process
        before the run goes on."""
        return bool(self.print_before or self.print_after or self.print_before_all or
                    self.print_after_all or self.print_after_change or self.tree_dir or
                    self.crash_reproducer or self.generate_reproducer or
                    self.run_reproducer or self.action_log or self.statistics or
                    self.timing or self.dump_pipeline)

    @property
    def out(self):
        return self.stream if self.stream is not None else sys.stderr

    # the list-of-callables protocol the tool used before (keeps old callers working)
    def __iter__(self):
        return iter(())

    def __bool__(self):
        return bool(self.pipeline.items)

    def run(self, op, ctx, engine=None, timer=None):
        """Runs the pipeline on `op`; raises MLIRError (with more diagnostics) on failure.
        Under another PassManager's run (a pass running a pipeline of its own, as the inliner
        does) the pipeline runs as that manager's dynamic pipeline, with its instrumentation."""
        outer = getattr(ctx, "pass_manager", None)
        if outer is not None and outer is not self:
            return outer.run_dynamic(self.pipeline, op, ctx, self.verify_each)
        self.engine = engine
        pm = self.pipeline
        if self.run_reproducer:
            pm = self._take_reproducer(ctx, pm)
        if self.print_module_scope and self.threading:
            raise MLIRError(Diagnostic("error", UNKNOWN_LOC, "IR print for module scope can't be "
                                       "setup on a pass-manager without disabling "
                                       "multi-threading first.\n"))
        if self.crash_reproducer and self.local_reproducer and self.threading:
            sys.stderr.write("LLVM ERROR: Local crash reproduction can't be setup on a "
                             "pass-manager without disabling multi-threading first.\n")
            sys.exit(1)  # (mlir-opt aborts here)
        if self.dump_pipeline:
            self.out.write(f"Pass Manager with {len(pm.items)} passes:\n"
                           f"{pm.textual(op.name)}\n\n")
        if pm.anchor not in (None, ANY) and pm.anchor != op.name:
            raise MLIRError(Diagnostic("error", op.loc, f"can't run '{pm.anchor}' pass manager "
                                       f"on '{op.name}' op"))
        self.stats = {}
        self._analyses = {}
        self._ctx = ctx
        self._root = timer if self.timing else None
        prev = getattr(ctx, "diag_engine", None)
        ctx.diag_engine = engine
        ctx.print_flags = self.print_flags  # (passes that print IR into attributes honour them)
        ctx.pass_manager = self
        self._open_action_log(ctx)
        try:
            self._exec = _finalize(pm, pm.anchor or op.name, pm.anchor is None)
            before = None
            if self.crash_reproducer and not self.local_reproducer:
                from pyopt.reproducer import reproducer_text
                before = reproducer_text(op, ctx, self._pipeline_text(op, ", "),
                                         not self.threading, self.verify_each, self.print_flags)
            try:
                self._run_items(self._exec.items, op, ctx, self._root)
            except MLIRError as e:
                if self.crash_reproducer:
                    self._add_crash_report(e, before)
                raise
            if self.generate_reproducer:
                from pyopt.reproducer import reproducer_text, write
                write(self.generate_reproducer, reproducer_text(
                    op, ctx, f"{op.name}(any({self._pipeline_text(None, ',')}))", False, False,
                    self.print_flags))
        finally:
            ctx.diag_engine = prev
            ctx.pass_manager = None
            self._close_action_log()
            if self.statistics:
                self.report_statistics()

    # -- reproducers -------------------------------------------------------------------------------
    def _pipeline_text(self, op, sep):
        def item(i):
            if isinstance(i, _Adaptor):
                return ",".join(f"{m.anchor or 'any'}({','.join(item(x) for x in m.items)})"
                                for m in i.mgrs)
            return i.textual()
        inner = sep.join(item(i) for i in self._exec.items)
        return f"{op.name}({inner})" if op is not None else inner

    def _add_crash_report(self, err, before):
        from pyopt.reproducer import failure_diagnostics
        failed = getattr(err, "failed_at", None)
        if failed is None:
            return
        inst, op = failed
        text = before if not self.local_reproducer else self._local_snapshot
        if text is None:
            return
        err.more = tuple(err.more) + (failure_diagnostics(
            self.crash_reproducer, text, inst, op, self.local_reproducer),)

    def _snapshot_local(self, inst, op):
        """--mlir-pass-pipeline-local-reproducer: the IR before this pass, and the pass alone
        nested in the anchors of the op it runs on."""
        from pyopt.reproducer import reproducer_text
        chain, top = [], op
        while top is not None:
            chain.append(top.name)
            top = top.parent_op
        top = op
        while top.parent_op is not None:
            top = top.parent_op
        text = inst.textual()
        for name in chain:
            text = f"{name}({text})"
        self._local_snapshot = reproducer_text(top, self._ctx, text, True, self.verify_each,
                                               self.print_flags)

    def _take_reproducer(self, ctx, pm):
        """--run-reproducer: the input's own pipeline and settings come first."""
        from pyopt.reproducer import take_pipeline
        found = take_pipeline(ctx)
        if found is None:
            return pm
        text, disable_threading, verify_each = found
        repro = parse_pipeline(text)
        repro.items.extend(pm.items)
        self.verify_each = verify_each
        if disable_threading:
            self.threading = False
        return repro

    def run_dynamic(self, pm, op, ctx, verify_each=True):
        """A pipeline a pass runs on `op` (below the op the pass runs on): its pipeline timer
        goes to the top level, as MLIR finds no adaptor to nest it under."""
        ex = _finalize(pm, pm.anchor or op.name, pm.anchor is None)
        saved = self.verify_each
        self.verify_each = saved and verify_each
        t = None
        if self._root is not None:
            t = self._root.nest(("pipeline", ex.anchor), f"'{ex.anchor or 'any'}' Pipeline")
            t.start()
        try:
            self._run_items(ex.items, op, ctx, t)
        finally:
            self.verify_each = saved
            if t is not None:
                t.stop()

    def _run_items(self, items, op, ctx, scope):
        for item in items:
            if isinstance(item, _Adaptor):
                self._run_adaptor(item, op, ctx, scope)
            else:
                self._run_pass(item, op, ctx, scope)

    # -- --log-actions-to: one begin/completed line pair per pass execution ---------------------
    def _open_action_log(self, ctx):
        self._log = None
        if not self.action_log:
            return
        sys.stderr.write("ExecutionContext registered on the context\n")
        if self.action_log == "-":  # in order with what passes print to stdout
            buf = getattr(ctx, "pass_stdout", None)
            self._log = sys.stdout if buf is None else _ListWriter(buf)
        else:
            try:
                self._log = open(self.action_log, "a")
            except OSError as e:
                sys.stderr.write(f"Error opening {self.action_log}: {e.strerror}\n")

    def _close_action_log(self):
        if self._log is not None and self._log is not sys.stdout \
                and not isinstance(self._log, _ListWriter):
            self._log.close()
        self._log = None

    def _log_begin(self, name, op):
        from pyopt.syntax.printer import PrintFlags, print_op
        text = print_op(op, PrintFlags(skip_regions=True)).rstrip("\n")
        self._log.write(f"[thread mlir-opt] begins (no breakpoint) Action `pass-execution` "
                        f"running `{name}` on Operation `{op.name}` ({text})`\n")

    def _log_end(self):
        self.log_action_end("pass-execution")

    def log_action_end(self, tag):
        self._log.write(f"[thread mlir-opt] completed `{tag}`\n")

    def log_region_action_begin(self, text, region):
        """An action on a region (a greedy rewrite iteration): named by its index in its op."""
        from pyopt.syntax.printer import PrintFlags, print_op
        op = region.parent
        idx = next(i for i, r in enumerate(op.regions) if r is region) if op is not None else 0
        desc = print_op(op, PrintFlags(skip_regions=True)).rstrip("\n") if op is not None \
            else "<null>"
        self._log.write(f"[thread mlir-opt] begins (no breakpoint) Action {text} "
                        f"(Region #{idx} for op {desc})`\n")

    def _run_adaptor(self, adaptor, op, ctx, scope):
        if self._log is not None:
            self._log_begin("mlir::detail::OpToOpPassAdaptor", op)
            try:
                return self._run_adaptor_impl(adaptor, op, ctx, scope)
            finally:
                self._log_end()
        return self._run_adaptor_impl(adaptor, op, ctx, scope)

    def _run_adaptor_impl(self, adaptor, op, ctx, scope):
        targets = []
        for r in op.regions:
            for b in r.blocks:
                for child in b:
                    m = adaptor.manager_for(child)
                    if m is not None:
                        targets.append((m, child))
        t = None
        if scope is not None:
            t = scope.nest(id(adaptor), adaptor.name)
            t.hidden = len(adaptor.mgrs) <= 1
            t.start()
        is_async = self.threading and len(targets) > 1
        try:
            for m, child in targets:
                pt = None
                if t is not None:
                    pt = t.nest(("pipeline", m.anchor), f"'{m.anchor or 'any'}' Pipeline",
                                is_async)
                    pt.start()
                try:
                    self._run_items(m.items, child, ctx, pt)
                finally:
                    if pt is not None:
                        pt.stop()
            if self.verify_each:
                # (not recursive, as MLIR's: the nested passes verified the ops they ran on)
                verify(op, ctx, recursive=False)
        finally:
            if t is not None:
                t.stop()

    def _dump(self, when, inst, op, failed=False):
        from pyopt.syntax.printer import Printer, PrintFlags, print_op
        f = self.print_flags
        kw = {k: getattr(f, k) for k in PrintFlags.__slots__} if f is not None else {}
        info = inst.info
        head = (f"// -----// IR Dump {when} {info.display_name}{' Failed' if failed else ''} "
                f"({info.name})")
        if self.print_module_scope:
            top = op
            while top.parent_op is not None:
                top = top.parent_op
            sym = op.get_attr("sym_name")
            sym = f": @{sym.value}" if isinstance(getattr(sym, "value", None), str) else ""
            head += f" ('{op.name}' operation{sym})"
            text = Printer(PrintFlags(**kw), self._ctx).print_top(top).rstrip("\n") + "\n"
        elif op.parent_op is None:  # (with the file's resources, as the top-level op prints)
            text = Printer(PrintFlags(**kw), self._ctx).print_top(op).rstrip("\n") + "\n"
        else:  # (MLIR ends a top-level op's text with a newline, a nested op's without)
            kw["local_scope"] = True
            text = print_op(op, PrintFlags(**kw))
        text = f"{head} //----- //\n{text}\n\n"
        if self.tree_dir:
            self._write_tree_file(op, info.name, text)
        else:
            self.out.write(text)

    def _write_tree_file(self, op, pass_arg, text):
        """--mlir-print-ir-tree-dir: DIR/<op>_<symbol>/.../<counters>_<pass>.mlir, one
        directory per ancestor; the counters count the dumps of each op on the path."""
        import os
        from pyopt.ir.symbols import symbol_name
        counters = self._tree_counters
        counters[id(op)] = counters.get(id(op), -1) + 1
        chain = []
        o = op
        while o is not None:
            counters.setdefault(id(o), 0)
            sym = symbol_name(o) if o.opdef is not None or o.attributes else None
            chain.append((o.name.replace(".", "_") + "_" +
                          (sym if isinstance(sym, str) else "no-symbol-name"), counters[id(o)]))
            o = o.parent_op
        chain.reverse()
        path = self.tree_dir
        for d in [None] + [name for name, _ in chain]:
            if d is not None:
                path = os.path.join(path, d)
            try:
                os.makedirs(path, exist_ok=True)
            except OSError as e:
                sys.stderr.write(f"Error while creating directory {path}: {e.strerror}\n")
                return
        name = "_".join(str(c) for _, c in chain) + f"_{pass_arg}.mlir"
        try:
            with open(os.path.join(path, name), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(text)
        except OSError as e:
            sys.stderr.write(f"Error opening output file {os.path.join(path, name)}: "
                             f"{e.strerror}\n")

    def _run_pass(self, inst, op, ctx, scope):
        info = inst.info
        name = info.name
        if self.print_before_all or name in self.print_before:
            self._dump("Before", inst, op)
        want_after = self.print_after_all or name in self.print_after
        before_text = None
        if want_after and self.print_after_change and not self.print_after_failure:
            from pyopt.syntax.printer import print_op
            before_text = print_op(op)
        if self.local_reproducer and self.crash_reproducer:
            self._snapshot_local(inst, op)
        t = None
        if scope is not None:
            t = scope.nest(id(inst), info.display_name)
            t.start()
        if self._log is not None:
            name_of = getattr(info, "display_name_of", None)
            self._log_begin(name_of(inst.options) if name_of else info.display_name, op)
        try:
            try:
                unchanged = self._execute(inst, op, ctx, t)
            finally:
                if self._log is not None:
                    self._log_end()
            # (as MLIR: a pass that preserved all analyses did not change the IR)
            if self.verify_each and not unchanged:
                verify_with(self.background if op.parent_op is None else None, op, ctx)
        except MLIRError as err:
            if t is not None:
                t.stop()
            if getattr(err, "failed_at", None) is None:
                err.failed_at = (inst, op)
            if want_after:  # printed after the pass's diagnostics, as MLIR's order is
                import io
                keep, self.stream = self.stream, io.StringIO()
                try:
                    self._dump("After", inst, op, failed=True)
                    e_text = self.stream.getvalue()
                finally:
                    self.stream = keep
                err = sys.exc_info()[1]
                err.after_output = getattr(err, "after_output", "") + e_text
            raise
        if t is not None:
            t.stop()
        if want_after and not self.print_after_failure:
            if before_text is not None:
                from pyopt.syntax.printer import print_op
                if print_op(op) == before_text:
                    return
            self._dump("After", inst, op)

    def _execute(self, inst, op, ctx, timer):
        """Runs the pass on `op`; returns whether the IR is known to be as before (the pass
        preserved all analyses or said it changed nothing)."""
        info = inst.info
        usage = getattr(info, "analyses", ())
        if usage:
            valid = self._analyses.setdefault(id(op), set())
            for a in usage:
                if a not in valid:
                    valid.add(a)
                    if timer is not None:
                        timer.nest(("analysis", a), "(A) " + a)  # (computed inside the pass)
        try:
            result = info.run(op, ctx, inst.options)
        except MLIRError:
            self._invalidate(op, ())
            raise
        except RecursionError:
            raise MLIRError(Diagnostic("error", op.loc, f"pass '{info.name}' failed: the IR is "
                                       f"nested too deeply"))
        except Exception as e:  # a bug in the pass: report it with its name, no traceback
            import os
            if os.environ.get("PYOPT_TRACEBACK"):
                raise
            raise MLIRError(Diagnostic("error", op.loc, f"internal error in pass '{info.name}': "
                                       f"{type(e).__name__}: {e}"))
        if info.statistics:
            acc = self.stats.setdefault(id(inst), {k: 0 for k in info.statistics})
            maxed = getattr(info, "max_statistics", ())
            for k, v in (result or {}).items():
                if k in acc:
                    acc[k] = max(acc[k], v) if k in maxed else acc[k] + v
        preserves = getattr(info, "preserves", None)
        preserved = preserves(result or {}) if preserves else ()
        self._invalidate(op, preserved)
        # (an unchanged IR needs no verification either; the analyses it invalidates are
        # still those MLIR's pass declares, as --mlir-timing shows them)
        return preserved == "all" or type(result) is IRUnchanged

    def _invalidate(self, op, preserved):
        """Analyses a pass did not preserve are gone, on its op and everything below it."""
        if preserved == "all" or not self._analyses:
            return
        keep = set(preserved)
        if op.parent_op is None:
            self._analyses = {k: v & keep for k, v in self._analyses.items()}
        else:
            for k in [id(op)] + [id(o) for r in op.regions for b in r.blocks for o in b
                                 if id(o) in self._analyses]:
                if k in self._analyses:
                    self._analyses[k] &= keep

    # -- reports ---------------------------------------------------------------------------------
    _RULE = "===" + "-" * 73 + "==="

    def report(self):
        """(kept for callers of the old API: reports now come at the end of each run)"""

    def report_statistics(self):
        title = "... Pass statistics report ..."
        out = [f"{self._RULE}\n{' ' * ((80 - len(title)) // 2)}{title}\n{self._RULE}\n"]
        if self._exec is not None:
            if self.statistics_display == "list":
                self._stats_list(out)
            else:
                self._stats_pipeline(out, self._exec.items, 0)
        out.append("\n")
        self.out.write("".join(out))

    def _stats_entry(self, out, indent, name, stats=None):
        out.append(f"{' ' * indent}{name}\n")
        if not stats:
            return
        items = sorted(stats)
        nw = max(len(n) for n, _, _ in items)
        vw = max(len(str(v)) for _, _, v in items)
        for n, desc, v in items:
            out.append(f"{' ' * (indent + 2)}(S) {v:>{vw}} {n:<{nw}} - {desc}\n")

    def _pass_stats(self, inst):
        info = inst.info
        got = self.stats.get(id(inst), {})
        return [(n, d, got.get(n, 0)) for n, d in info.statistics.items()]

    def _stats_pipeline(self, out, items, indent):
        for item in items:
            if isinstance(item, _Adaptor):
                inner = indent
                if len(item.mgrs) > 1:
                    self._stats_entry(out, indent, item.name)
                    inner += 2
                for m in item.mgrs:
                    self._stats_entry(out, inner, f"'{m.anchor or 'any'}' Pipeline")
                    self._stats_pipeline(out, m.items, inner + 2)
            else:
                self._stats_entry(out, indent, item.info.display_name, self._pass_stats(item))

    def _stats_list(self, out):
        merged = {}

        def add(items):
            for item in items:
                if isinstance(item, _Adaptor):
                    for m in item.mgrs:
                        add(m.items)
                elif item.info.statistics:
                    acc = merged.setdefault(item.info.display_name, {})
                    for n, d, v in self._pass_stats(item):
                        acc[n] = (d, acc.get(n, (d, 0))[1] + v)
        add(self._exec.items)
        for name in sorted(merged):
            self._stats_entry(out, 2, name, [(n, d, v) for n, (d, v) in merged[name].items()])


def list_passes_text():
    _load_builtin_passes()
    lines = ["Available Passes:"]
    for name in sorted(PASSES):
        info = PASSES[name]
        lines.append(f"  --{name:<38} -   {info.summary}")
        for o in info.options.values():
            lines.append(f"    --{o.name:<36} - {o.help}")
    return "\n".join(lines)
