"""`sccp`: sparse conditional constant propagation. The analysis (dataflow.py) finds values
that are constant on every executable path; this pass replaces them with constants built by
the dialect that folded them, uniqued per insertion region and placed at the front of its
entry block, and erases ops all of whose results were replaced when they have no other
effect. Unreachable blocks are left in place (later canonicalization removes them)."""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import insertion_region, materialize_constant, \
    would_be_trivially_dead
from pyopt.rewrite.rewriter import Builder
from pyopt.analysis.dataflow import Const, ConstantSolver


class _ConstantFolder:
    """OperationFolder::getOrCreateConstant: one constant op per (dialect, value, type) in each
    insertion region."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.builder = Builder(ctx)
        self.scopes = {}

    def get_or_create(self, block, dialect, attr, type_):
        region = insertion_region(block)
        table = self.scopes.setdefault(region, {})
        key = (dialect, attr, type_)
        op = table.get(key)
        if op is not None:
            return op
        self.builder.set_insertion_point_to_start(region.blocks[0])
        op = materialize_constant(self.builder, self.ctx, dialect, attr, type_, UNKNOWN_LOC)
        if op is None:
            return None
        new_dialect = op.opdef.dialect_name if op.opdef is not None else op.name
        if new_dialect != dialect:
            new_key = (new_dialect, attr, type_)
            existing = table.get(new_key)
            if existing is not None:
                op.erase()
                op = existing
            else:
                table[new_key] = op
        table[key] = op
        return op


def _replace_with_constant(solver, folder, value, block):
    lv = solver.lat.get(value)
    if type(lv) is not Const:
        return False
    op = folder.get_or_create(block, lv.dialect, lv.attr, value.type)
    if op is None:
        return False
    value.replace_all_uses_with(op.results[0])
    return True


def _rewrite(solver, folder, regions):
    worklist = []

    def push(regs):
        for r in regs:
            worklist.extend(reversed(r.blocks))
    push(regions)
    while worklist:
        block = worklist.pop()
        op = block.first
        while op is not None:
            nxt = op.next
            replaced_all = bool(op.results)
            for r in op.results:
                replaced_all &= _replace_with_constant(solver, folder, r, block)
            if replaced_all and would_be_trivially_dead(op):
                op.erase()
            else:
                push(op.regions)
            op = nxt
        for a in block.args:
            _replace_with_constant(solver, folder, a, block)


@register_pass("sccp", "Sparse Conditional Constant Propagation", display_name="SCCP")
def sccp(op, ctx, options):
    solver = ConstantSolver(op).run()
    _rewrite(solver, _ConstantFolder(ctx), op.regions)
