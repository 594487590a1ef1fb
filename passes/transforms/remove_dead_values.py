"""`remove-dead-values`: erases values nobody observes. A backward liveness analysis marks a
value live when a memory-effecting op, a public function's return, a non-forwarded branch or
call operand, or a live value it is forwarded into needs it; the pass then erases dead simple
ops, dead arguments/results of private functions (updating every call) and dead operands,
block arguments and results of region branch ops. IR with branch ops, non-function symbols
or non-call symbol users is rejected, as upstream does."""
from __future__ import annotations

from pyopt.analysis.dataflow import ConstantSolver
from pyopt.interfaces.control_flow import (call_args, callable_region, entry_successor_operands,
                                           is_call, is_callable, is_region_branch,
                                           region_successors, terminator_successor_operands,
                                           terminator_successors)
from pyopt.interfaces.symbol_user import is_symbol_user
from pyopt.ir.attributes import ArrayAttr, TypeAttr
from pyopt.ir.core import Operation, OpResult
from pyopt.ir.opdef import RETURN_LIKE, SYMBOL, TERMINATOR
from pyopt.ir.types import FunctionType
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.printer import op_for_diagnostic
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_memory_effect_free
# The SymbolUserOpInterface models (non-call symbol users) attach themselves when imported.
from pyopt.dialects import symbol_user_models as _symbol_user_models  # noqa: F401

_REJECT = "cannot optimize an IR with non-function symbol ops, non-call symbol user ops or " \
          "branch ops\n"


def _block_of(v):
    return v.owner.parent if isinstance(v, OpResult) else v.owner


# ------------------------------------------------------------------ liveness analysis
class Liveness:
    """Backward sparse liveness over the blocks the dead code analysis found executable.
    Values of unexecutable blocks have no lattice: `is_live` answers None for them."""

    def __init__(self, top):
        self.dc = ConstantSolver(top).run()
        self.live = set()
        self.args = set()  # block arguments that have a lattice (forwarded into)
        self._free = {}
        self.calls = {}  # callee -> its call ops, collected before any rewriting
        ops = []
        for op in top.walk_ops():
            if op is top:
                continue
            if is_call(op):
                self.calls.setdefault(self.dc.resolve_callee(op), []).append(op)
            if op.parent in self.dc.live:
                ops.append(op)
            else:  # upstream never visits these and would leave them dangling operands
                self.live.update(op.operands)
        ops.reverse()
        self.changed = True
        while self.changed:
            self.changed = False
            for op in ops:
                self._visit(op)

    def is_live(self, v):
        if _block_of(v) not in self.dc.live or \
                (not isinstance(v, OpResult) and v not in self.args):
            return None
        return v in self.live

    def free(self, op):
        f = self._free.get(op)
        if f is None:
            f = self._free[op] = is_memory_effect_free(op)
        return f

    def _mark(self, v):
        if v not in self.live:
            self.live.add(v)
            self.changed = True

    def _meet(self, v, target):
        if not isinstance(target, OpResult):
            self.args.add(target)
        if target in self.live:
            self._mark(v)

    def _generic(self, op, operands, results):
        if not self.free(op) or any(r in self.live for r in results):
            for v in operands:
                self._mark(v)

    def _branch_operand(self, op, v, term):
        owner = op.parent_op if term else op
        for r in owner.regions:
            if any(not self.free(o) for b in r.blocks for o in b):
                self._mark(v)
                break
        self._generic(op, [v], op.results)
        if term:
            self._generic(owner, [v], owner.results)

    def _forward(self, op, succs, first, term):
        operands = op.operands
        accounted = set()
        for _target, inputs in succs:
            for i, inp in zip(range(first, len(operands)), inputs):
                self._meet(operands[i], inp)
                accounted.add(i)
        for i, v in enumerate(operands):
            if i not in accounted:
                self._branch_operand(op, v, term)

    def _visit(self, op):
        if is_region_branch(op):
            fwd = entry_successor_operands(op)
            self._forward(op, region_successors(op, None, None),
                          len(op.operand_slots) - len(fwd), False)
            return
        if op.successor_slots:  # rejected by the pass; stay conservative
            for v in op.operands:
                self._mark(v)
            return
        if is_call(op):
            callee = self.dc.resolve_callee(op)
            if callee is not None and is_callable(callee) and \
                    not _signature_fixed(callee, self.dc):
                args = call_args(op)
                first = len(op.operand_slots) - len(args)
                region = callable_region(callee)
                n = len(region.blocks[0].args) if region is not None else 0
                for i, v in enumerate(op.operands):
                    if first <= i < first + n:
                        self._meet(v, region.blocks[0].args[i - first])
                    else:
                        self._mark(v)
                return
        parent = op.parent_op
        if parent is not None and op is op.parent.last:
            if is_region_branch(parent):
                fwd = terminator_successor_operands(op)
                if fwd is not None:
                    succs = terminator_successors(op, parent, None)
                    self._forward(op, succs, len(op.operand_slots) - len(fwd), True)
                    return
            if op.has_trait(RETURN_LIKE) and is_callable(parent):
                cs = self.dc.preds.get(("callsites", parent))
                if cs is None or not cs.all_known:
                    for v in op.operands:
                        self._mark(v)
                else:
                    for call in cs.known:
                        for v, r in zip(op.operands, call.results):
                            self._meet(v, r)
                    # a call the dead code analysis never reached keeps whatever of its
                    # results is used (the pass keeps those results, so the returned value
                    # must stay too)
                    for call in self.calls.get(parent, ()):
                        if call.parent not in self.dc.live:
                            for v, r in zip(op.operands, call.results):
                                if r.first_use is not None:
                                    self._mark(v)
                return
        self._generic(op, op.operands, op.results)


def _has_live(values, la):
    return any(la.is_live(v) is not False for v in values)


def _lives(values, la):
    return [la.is_live(v) is not False for v in values]


# ------------------------------------------------------------------ IR surgery
def _keep_operands(op, keep):
    op.set_operands([v for v, k in zip(op.operands, keep) if k])


def _erase_results(op, erase):
    """Rebuilds `op` without the erased results (their uses are left to be erased too)."""
    if not any(erase):
        return op
    types = [r.type for r, e in zip(op.results, erase) if not e]
    regions = op.regions
    op.regions = []
    new = Operation(op.name, op.opdef, op.operands, types, dict(op.properties),
                    dict(op.attributes), regions, loc=op.loc)
    op.parent.insert_after(op, new)
    it = iter(new.results)
    for r, e in zip(op.results, erase):
        if not e:
            r.replace_all_uses_with(next(it))
    op.erase()
    return new


def _erase_block_args(block, erase):
    for i in reversed(range(len(erase))):
        if erase[i]:
            block.erase_argument(i)


def _filter_attrs(op, name, keep):
    a = op.get_attr(name)
    if isinstance(a, ArrayAttr):
        op.set_attr(name, ArrayAttr([x for x, k in zip(a.values, keep) if k]))


def _clean_simple(op, la):
    if is_memory_effect_free(op) and not _has_live(op.results, la):
        op.erase()


def _signature_fixed(func, dc):
    """The pass leaves this function's arguments alone (it is not a private function with a
    builtin FunctionType - func.func: the signature this pass can edit - with a body whose
    every use is a call): so whatever its calls pass stays live. (MLIR 19 marks such operands
    dead all the same and then crashes erasing their still-used producers.)"""
    vis = func.get_attr("sym_visibility")
    ft = func.get_attr("function_type")
    if type(getattr(ft, "value", None)) is not FunctionType or vis is None or \
            getattr(vis, "value", None) != "private" or callable_region(func) is None:
        return True
    cs = dc.preds.get(("callsites", func))
    return cs is not None and not cs.all_known  # referenced other than by calls


def _clean_func(func, top, la):
    if _signature_fixed(func, la.dc):
        return
    region = callable_region(func)
    entry = region.blocks[0]
    dead_args = [not k for k in _lives(entry.args, la)]
    calls = la.calls.get(func, [])
    n_ret = len(region.blocks[-1].last.operands)
    dead_rets = [True] * n_ret
    for call in calls:
        # (a call the dead code analysis never reached keeps the results it uses, as the
        # liveness of the returned values assumed)
        lives = _lives(call.results, la) if call.parent in la.dc.live else \
            [r.first_use is not None for r in call.results]
        for i, k in enumerate(lives):
            if k and i < n_ret:
                dead_rets[i] = False
    for call in calls:
        first = len(call.operand_slots) - len(call_args(call))
        keep = [True] * len(call.operand_slots)
        for i, d in enumerate(dead_args):
            if d and first + i < len(keep):
                keep[first + i] = False
        _keep_operands(call, keep)
    for b in region.blocks:
        t = b.last
        if t is not None and len(t.operand_slots) == n_ret:
            _keep_operands(t, [not d for d in dead_rets])
    _erase_block_args(entry, dead_args)
    ft = func.get_attr("function_type").value
    ins = [t for t, d in zip(ft.inputs, dead_args) if not d]
    outs = [t for t, d in zip(ft.results, dead_rets) if not d]
    func.set_attr("function_type", TypeAttr(FunctionType(ins, outs)))
    _filter_attrs(func, "arg_attrs", [not d for d in dead_args])
    _filter_attrs(func, "res_attrs", [not d for d in dead_rets])
    for call in calls:
        _erase_results(call, dead_rets)


def _clean_region_branch(op, la):
    if is_memory_effect_free(op) and not _has_live(op.results, la):
        op.erase()
        return
    regions = [i for i, r in enumerate(op.regions) if r.blocks]
    results = _lives(op.results, la)
    args = {i: _lives(op.regions[i].blocks[0].args, la) for i in regions}
    n_ops = len(op.operand_slots)
    fwd_first = n_ops - len(entry_successor_operands(op))
    entry_succs = region_successors(op, None, None)

    def term_of(i):
        return op.regions[i].blocks[0].last

    def term_succs(i):
        t = term_of(i)
        fwd = terminator_successor_operands(t)
        if fwd is None:
            return [], len(t.operand_slots)
        return terminator_successors(t, op, None), len(t.operand_slots) - len(fwd)

    def pairs(succs, first, count):
        for target, inputs in succs:
            for j, inp in zip(range(first, count), inputs):
                slot = inp.index
                yield j, target, slot

    operands = [True] * n_ops
    for j, _t, _s in pairs(entry_succs, fwd_first, n_ops):
        operands[j] = False
    terms = {}
    for i in regions:
        t = term_of(i)
        succs, first = term_succs(i)
        keep = [True] * len(t.operand_slots)
        for j, _t, _s in pairs(succs, first, len(keep)):
            keep[j] = False
        terms[i] = keep

    def get(target, slot):
        return results[slot] if target is None else args[target][slot]

    def put(target, slot):
        if target is None:
            results[slot] = True
        else:
            args[target][slot] = True

    changed = True
    while changed:
        changed = False
        for j, tg, s in pairs(entry_succs, fwd_first, n_ops):
            operands[j] = operands[j] or get(tg, s)
        for i in regions:
            succs, first = term_succs(i)
            for j, tg, s in pairs(succs, first, len(terms[i])):
                terms[i][j] = terms[i][j] or get(tg, s)
        for j, tg, s in pairs(entry_succs, fwd_first, n_ops):
            if operands[j] and not get(tg, s):
                changed = True
                put(tg, s)
        for i in regions:
            succs, first = term_succs(i)
            for j, tg, s in pairs(succs, first, len(terms[i])):
                if terms[i][j] and not get(tg, s):
                    changed = True
                    put(tg, s)

    _keep_operands(op, operands)
    for i in regions:
        _erase_block_args(op.regions[i].blocks[0], [not k for k in args[i]])
    for i in regions:
        _keep_operands(term_of(i), terms[i])
    _erase_results(op, [not k for k in results])


def _reject(top, ctx):
    """Reports the first op the pass cannot handle; the pass then leaves the IR alone."""
    for op in top.walk_ops():
        d = op.opdef
        if op.successor_slots or (d is not None and SYMBOL in d.traits and
                                  not is_callable(op) and
                                  (op.name != "builtin.module" or
                                   op.get_attr("sym_name") is not None)) or \
                (is_symbol_user(op) and not is_call(op)):
            d = Diagnostic("error", op.loc, _REJECT)
            engine = getattr(ctx, "diag_engine", None)
            if engine is None:
                raise MLIRError(d)
            if engine.collector is None:  # (-verify-diagnostics does not print the op)
                d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
            engine.emit(d)
            return True
    return False


@register_pass("remove-dead-values", "Remove dead values")
def remove_dead_values(top, ctx, options):
    la = Liveness(top)
    if _reject(top, ctx):
        return

    def visit(op):
        if op is top:
            return
        if is_callable(op):
            _clean_func(op, top, la)
        elif is_region_branch(op):
            _clean_region_branch(op, la)
        elif op.has_trait(TERMINATOR) or is_call(op):
            return
        else:
            _clean_simple(op, la)
    top.walk(visit)
