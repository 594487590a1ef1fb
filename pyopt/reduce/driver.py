"""The reduction loop: every reduction in turn, each by delta debugging (chunks of its sites,
all of them first, then halves, quarters, ... down to single sites), and again from the first
until a whole round shrinks nothing. A candidate is a clone of the best module with one chunk
applied; it is kept when it verifies, prints shorter and the tester finds it interesting."""
from __future__ import annotations

import os
import sys

from pyopt.ir.diagnostics import MLIRError
from pyopt.reduce.cfg_edits import (DropBlockArguments, MergeBlocks, SimplifyBranches,
                                     ThreadJumps)
from pyopt.reduce.func_edits import DropFunctionArguments, DropFunctionResults, EraseSymbols
from pyopt.reduce.op_edits import BypassOps, DropAttributes, EraseOps, InlineRegions
from pyopt.reduce.tester import SILENT, printed_if_valid

# pyopt's own passes as reduction steps (each tried on the whole module, kept if it helps)
PASS_STEPS = ("canonicalize", "cse", "symbol-dce", "sccp", "remove-dead-values",
              "symbol-privatize,symbol-dce", "inline,symbol-dce")


def default_reductions():
    return [EraseSymbols(), EraseOps(), InlineRegions(), BypassOps(), SimplifyBranches(),
            ThreadJumps(), MergeBlocks(), DropBlockArguments(), DropFunctionResults(),
            DropFunctionArguments(), DropAttributes()]


class ReduceError(Exception):
    """Reported as an error at the module's location."""


class Reducer:
    def __init__(self, ctx, tester, progress=None, reductions=None, pass_steps=PASS_STEPS):
        self.ctx = ctx
        self.tester = tester
        self.progress = progress
        self.reductions = default_reductions() if reductions is None else reductions
        self.pass_steps = list(pass_steps)
        self.best = None
        self.best_text = None
        self.what = ""

    def run(self, module):
        """Returns the reduced clone of `module` (an interesting input is required)."""
        text = printed_if_valid(module, self.ctx)
        if text is None or not self.tester.is_interesting(text):
            raise ReduceError("uninterested module will not be reduced")
        self.best, self.best_text = module.clone(), text
        if self.progress:
            self.progress.begin(text)
        n = 0
        while True:
            n += 1
            size = len(self.best_text)
            for red in self.reductions:
                self.what = red.name
                self.ddmin(red)
            for step in self.pass_steps:
                self.what = step
                self.try_candidate(lambda m: run_passes(m, self.ctx, step))
            if self.progress:
                self.progress.round_done(n, self.best_text, self.tester.tests_run)
            if len(self.best_text) >= size:
                break
        if self.progress:
            self.progress.end(self.best_text, self.tester.tests_run)
        return self.best

    def ddmin(self, red):
        sites = self._sites(red)
        chunk = len(sites)
        while sites and chunk >= 1:
            i = 0
            while i < len(sites):
                part = sites[i:i + chunk]
                if self.try_candidate(lambda m: red.apply(m, self.ctx, part)):
                    sites = self._sites(red)  # (the chunk is gone: i is the next one)
                else:
                    i += chunk
            if chunk == 1:
                break
            chunk = (chunk + 1) // 2

    def _sites(self, red):
        try:
            return red.sites(self.best)
        except Exception:  # (IR the reduction does not understand: it is skipped)
            if os.environ.get("PYOPT_TRACEBACK"):
                raise
            return []

    def try_candidate(self, mutate):
        clone = self.best.clone()
        try:
            changed = mutate(clone)
        except (MLIRError, RecursionError):
            return False
        except Exception:  # a reduction that cannot handle some IR: the candidate is dropped
            if os.environ.get("PYOPT_TRACEBACK"):
                raise
            return False
        if not changed:
            return False
        text = printed_if_valid(clone, self.ctx)
        if text is None or len(text) >= len(self.best_text):
            return False
        ok = self.tester.is_interesting(text)
        if ok:
            self.best, self.best_text = clone, text
        if self.progress:
            self.progress.update(self.best_text, self.tester.tests_run, self.what)
        return ok


def run_passes(module, ctx, pipeline_text):
    """Runs `pipeline_text` (pass names and options, as opt-pass takes them) on `module`, on a
    pass manager of its own whose diagnostics are dropped; raises MLIRError on failure."""
    from pyopt.pass_manager import PassManager
    from pyopt.pass_pipeline import parse_pipeline
    pm = PassManager(parse_pipeline(f"builtin.module({pipeline_text})"), verify_each=False)
    saved = getattr(ctx, "pass_manager", None)
    ctx.pass_manager = None
    out, err = sys.stdout, sys.stderr
    try:
        sys.stdout = sys.stderr = open(os.devnull, "w")  # (passes that print: not ours to show)
        pm.run(module, ctx, SILENT)
    finally:
        sys.stdout.close()
        sys.stdout, sys.stderr = out, err
        ctx.pass_manager = saved
    return True
