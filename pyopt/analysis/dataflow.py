"""Sparse conditional constant propagation analysis (MLIR's DeadCodeAnalysis together with
SparseConstantPropagation, run by one worklist solver).

Facts computed:
- `lat[value]`: absent (uninitialized: never reached), `UNKNOWN` (overdefined) or a `Const`
  (attribute plus the dialect whose fold produced it, used to materialize it later);
- `live`: executable blocks, `edges`: executable CFG edges;
- predecessor states (`_Preds`) of region entry blocks, of region-branch op results, of
  callables (their call sites) and of call ops (their return sites).

Control flow is described by the small interface tables below (region branch ops, branch ops,
calls and callables of the dialects we support), mirroring the upstream interface methods.
Every fact only grows (uninitialized -> constant -> unknown; sets only gain members), so the
worklist terminates; each change re-queues just the visits that read the fact.
"""
from __future__ import annotations

from collections import deque

from pyopt.ir.opdef import RETURN_LIKE, SYMBOL, SYMBOL_TABLE
from pyopt.ir.attributes import SymbolRefAttr
from pyopt.ir.symbols import SymbolTableCollection
from pyopt.interfaces.branch import branch_model, successor_for_operands, successor_operands
from pyopt.rewrite.folding import constant_value
from pyopt.ir.core import Block


class _Unknown:
    __slots__ = ()

    def __repr__(self):
        return "<unknown>"


UNKNOWN = _Unknown()


class Const:
    """A constant lattice value: the attribute and the dialect asked to materialize it. Two
    are equal when their attributes are (as MLIR's ConstantValue): a join of the same
    constant from two dialects keeps the first one's dialect."""
    __slots__ = ("attr", "dialect")

    def __init__(self, attr, dialect):
        self.attr = attr
        self.dialect = dialect

    def __eq__(self, other):
        return type(other) is Const and type(self.attr) is type(other.attr) and \
            self.attr == other.attr

    def __hash__(self):
        return hash(self.attr)


class _Preds:
    """PredecessorState: known predecessor ops (with the values they flow into)."""
    __slots__ = ("known", "all_known")

    def __init__(self):
        self.known = {}  # op -> list of successor inputs (block args or op results)
        self.all_known = True


# The interfaces the analyses follow (region control flow, calls); the models live with the
# dialects. Re-exported for the passes built on this module.
from pyopt.interfaces.control_flow import (  # noqa: E402,F401
    call_args, call_callee, callable_region, entry_successor_operands,
    is_call, is_callable, is_region_branch, region_index, region_successors,
    terminator_successor_operands, terminator_successors)


def branch_successor_operands(term, index):
    """BranchOpInterface::getSuccessorOperands: the values forwarded to successor `index`
    (leading block arguments); None if `term` is not a branch we know."""
    fwd = successor_operands(term, index)
    return None if fwd is None else fwd.values


# ============================================================ the solver
class ConstantSolver:
    def __init__(self, top):
        self.top = top
        self.lat = {}
        self.live = set()
        self.edges = set()
        self.preds = {}
        self.subs = {}  # fact key -> set of dependent work items (ops or blocks)
        self.work = deque()
        self.queued = set()
        self.tables = SymbolTableCollection()

    # -- worklist -------------------------------------------------------------------------
    def enqueue(self, item):
        if item not in self.queued:
            self.queued.add(item)
            self.work.append(item)

    def subscribe(self, key, item):
        s = self.subs.get(key)
        if s is None:
            s = self.subs[key] = set()
        s.add(item)

    def notify(self, key):
        for item in self.subs.get(key, ()):
            self.enqueue(item)

    # -- lattices ---------------------------------------------------------------------------
    def join(self, value, new):
        """Joins `new` (None: uninitialized) into value's lattice; re-queues its readers."""
        if new is None:
            return
        cur = self.lat.get(value)
        if cur is UNKNOWN or cur == new:
            return
        self.lat[value] = new if cur is None else UNKNOWN
        u = value.first_use
        while u is not None:
            self.enqueue(u.owner)
            u = u.next_use
        self.notify(value)

    def set_unknown(self, values):
        for v in values:
            self.join(v, UNKNOWN)

    def lattice_for(self, item, value):
        """getLatticeElementFor: reads value's lattice and makes `item` depend on it."""
        self.subscribe(value, item)
        return self.lat.get(value)

    def operand_values(self, op):
        """Constant attributes of op's operands (None when not constant); None if any operand
        is still uninitialized."""
        out = []
        for s in op.operand_slots:
            lv = self.lat.get(s.value)
            if lv is None:
                return None
            out.append(lv.attr if lv is not UNKNOWN else None)
        return out

    # -- liveness and predecessors ----------------------------------------------------------
    def mark_live(self, block):
        if block in self.live:
            return
        self.live.add(block)
        self.enqueue(block)
        for op in block:
            self.enqueue(op)

    def mark_edge_live(self, src, dst):
        self.mark_live(dst)
        if (src, dst) not in self.edges:
            self.edges.add((src, dst))
            self.enqueue(dst)

    def mark_entries_live(self, op):
        for r in op.regions:
            if r.blocks:
                self.mark_live(r.blocks[0])

    def preds_for(self, key, item=None):
        p = self.preds.get(key)
        if p is None:
            p = self.preds[key] = _Preds()
        if item is not None:
            self.subscribe(key, item)
        return p

    def add_pred(self, key, op, inputs=()):
        p = self.preds_for(key)
        if op not in p.known:
            p.known[op] = list(inputs)
            self.notify(key)

    def set_unknown_preds(self, key):
        p = self.preds_for(key)
        if p.all_known:
            p.all_known = False
            self.notify(key)

    # -- driver -------------------------------------------------------------------------------
    def run(self):
        top = self.top
        for r in top.regions:
            if r.blocks:
                self.set_unknown(r.blocks[0].args)
                self.mark_live(r.blocks[0])
        self._init_symbol_callables()
        for op in top.walk_ops():
            if op is top:
                continue
            self.enqueue(op)
            for r in op.regions:
                for b in r.blocks:
                    self.enqueue(b)
        work, queued = self.work, self.queued
        while work:
            item = work.popleft()
            queued.discard(item)
            if isinstance(item, tuple):
                continue
            if type(item) is Block:
                self.visit_block(item)
            else:
                self.visit_op(item)
        return self

    # -- call graph ---------------------------------------------------------------------------
    def _init_symbol_callables(self):
        top = self.top
        self._walk_tables(top, top.parent is None)

    def _walk_tables(self, op, visible):
        is_table = op.opdef is not None and SYMBOL_TABLE in op.opdef.traits
        if is_table:
            is_symbol = SYMBOL in op.opdef.traits or op.name == "builtin.module"
            visible = visible or not is_symbol or _visibility(op) == "private"
        else:
            visible = True
        for r in op.regions:
            for b in r.blocks:
                for nested in b:
                    if nested.regions:
                        self._walk_tables(nested, visible)
        if is_table:
            self._scan_table(op, visible)

    def _scan_table(self, table, visible):
        if not table.regions or not table.regions[0].blocks:
            return
        found = False
        for op in table.regions[0].blocks[0]:
            if not is_callable(op) or callable_region(op) is None:
                continue
            vis = _visibility(op)
            if vis == "public" or (not visible and vis == "nested"):
                self.set_unknown_preds(("callsites", op))
            found = True
        if not found:
            return
        uses = _symbol_uses(table.regions[0])
        if uses is None:
            for op in self.top.walk_ops():
                if is_callable(op):
                    self.set_unknown_preds(("callsites", op))
            return
        top_is_table = self.top.opdef is not None and SYMBOL_TABLE in self.top.opdef.traits
        for user, ref in uses:
            if is_call(user) or not top_is_table:
                continue
            sym = self.tables.lookup_in(self.top, ref)
            if sym is not None:
                self.set_unknown_preds(("callsites", sym))

    def resolve_callee(self, call):
        ref = call_callee(call) if is_call(call) else None
        if type(ref) is not SymbolRefAttr:
            return None
        return self.tables.lookup_nearest(call, ref)

    def _is_external(self, callee):
        if not self.top.is_ancestor_of(callee):
            return True
        return is_callable(callee) and callable_region(callee) is None

    # -- dead code analysis + sparse constant propagation --------------------------------------
    def visit_op(self, op):
        block = op.parent
        if block is None or block not in self.live:
            return
        call = is_call(op)
        if call:
            callee = self.resolve_callee(op)
            if callee is not None and callee.opdef is not None and \
                    SYMBOL in callee.opdef.traits and not self._is_external(callee):
                self.add_pred(("callsites", callee), op)
            else:
                self.set_unknown_preds(("returns", op))
        rb = is_region_branch(op)
        if op.regions:
            if rb:
                consts = self.operand_values(op)
                if consts is not None:
                    for target, inputs in region_successors(op, None, consts):
                        self._mark_successor(op, op, target, inputs)
            elif is_callable(op):
                cs = self.preds_for(("callsites", op), op)
                if not cs.all_known or cs.known:
                    self.mark_entries_live(op)
            else:
                self.mark_entries_live(op)
        if op is block.last and not op.successor_slots:
            parent = block.parent.parent
            if parent is not None:
                if is_region_branch(parent):
                    self._visit_region_terminator(op, parent)
                elif is_callable(parent):
                    self._visit_callable_terminator(op, parent)
        if op.successor_slots:
            self._visit_branch(op)
        if op.results:
            if rb:
                self._visit_region_successors(("results", op), op, op, list(op.results))
            elif call:
                self._visit_call_results(op)
            else:
                self._transfer(op)

    def _mark_successor(self, branch, pred, target, inputs):
        if target is None:
            self.add_pred(("results", branch), pred, inputs)
            return
        entry = branch.regions[target].blocks[0]
        self.mark_live(entry)
        self.add_pred(entry, pred, inputs)

    def _visit_region_terminator(self, term, branch):
        consts = self.operand_values(term)
        if consts is None:
            return
        if terminator_successor_operands(term) is not None:
            succs = terminator_successors(term, branch, consts)
        else:
            succs = region_successors(branch, region_index(term))
        for target, inputs in succs:
            self._mark_successor(branch, term, target, inputs)

    def _visit_callable_terminator(self, term, callable_op):
        cs = self.preds_for(("callsites", callable_op), term)
        return_like = term.opdef is not None and RETURN_LIKE in term.opdef.traits
        for call in list(cs.known):
            if return_like:
                self.add_pred(("returns", call), term)
            else:
                self.set_unknown_preds(("returns", call))

    def _visit_branch(self, term):
        src = term.parent
        if branch_model(term) is None:
            for s in term.successors:
                self.mark_edge_live(src, s)
            return
        consts = self.operand_values(term)
        if consts is None:
            return
        succ = successor_for_operands(term, consts)
        if succ is not None:
            self.mark_edge_live(src, succ)
        else:
            for s in term.successors:
                self.mark_edge_live(src, s)

    def _visit_region_successors(self, key, item, branch, lattices):
        preds = self.preds_for(key, item)
        for pred, inputs in list(preds.known.items()):
            if pred is branch:
                operands = entry_successor_operands(branch)
            else:
                operands = terminator_successor_operands(pred)
            if operands is None:
                self.set_unknown(lattices)
                return
            first = 0
            if len(inputs) != len(lattices):
                first = inputs[0].index if inputs else 0
                self.visit_non_cf_args(branch, item, lattices, first, len(inputs))
            for v, target in zip(operands, lattices[first:]):
                self.join(target, self.lattice_for(item, v))

    def visit_non_cf_args(self, op, item, lattices, first, count):
        """visitNonControlFlowArguments: the values among `lattices` (block arguments or
        results of `op`) that control flow does not define, i.e. all but `count` from `first`.
        Unknown here; analyses that know more (loop induction variables) override it."""
        self.set_unknown(lattices[:first])
        self.set_unknown(lattices[first + count:])

    def _visit_call_results(self, op):
        callee = self.resolve_callee(op)
        if callee is not None and is_callable(callee) and callable_region(callee) is None:
            self.set_unknown(op.results)
            return
        preds = self.preds_for(("returns", op), op)
        if not preds.all_known:
            self.set_unknown(op.results)
            return
        for ret in list(preds.known):
            for v, r in zip(ret.operands, op.results):
                self.join(r, self.lattice_for(op, v))

    def _transfer(self, op):
        """SparseConstantPropagation::visitOperation: simulate the op's fold on the operand
        constants; in-place folds and failures give unknown results."""
        if op.regions:
            self.set_unknown(op.results)
            return
        consts = self.operand_values(op)
        if consts is None:
            return
        if op.opdef is None or op.opdef.fold is None:
            attr = constant_value(op) if op.opdef is not None else None
            if attr is None:
                self.set_unknown(op.results)
            else:  # a ConstantLike op declared without its (trivial) fold hook
                self.join(op.results[0], Const(attr, op.opdef.dialect_name))
            return
        saved = ([s.value for s in op.operand_slots], dict(op.properties),
                 dict(op.attributes))
        try:
            r = op.opdef.fold(op, consts)
        except (ArithmeticError, ValueError, TypeError, IndexError, KeyError,
                AttributeError):
            r = None
        if r is not None and not isinstance(r, (list, tuple)):
            r = [r]
        if r is None or not r or (len(r) == 1 and r[0] is op.results[0]) or \
                len(r) != len(op.results) or any(x is None for x in r):
            self._restore(op, saved)
            self.set_unknown(op.results)
            return
        dialect = op.opdef.dialect_name
        for res, x in zip(op.results, r):
            if hasattr(x, "first_use"):  # a Value
                self.join(res, self.lattice_for(op, x))
            else:
                self.join(res, Const(x, dialect))

    @staticmethod
    def _restore(op, saved):
        operands, props, attrs = saved
        if [s.value for s in op.operand_slots] != operands:
            op.set_operands(operands)
        if op.properties != props:
            op.properties = props
        if op.attributes != attrs:
            op.attributes = attrs

    def visit_block(self, block):
        if not block.args or block not in self.live:
            return
        region = block.parent
        if region.blocks[0] is block:
            parent = region.parent
            if parent is None:
                return
            if is_callable(parent) and callable_region(parent) is region:
                cs = self.preds_for(("callsites", parent), block)
                if not cs.all_known:
                    self.set_unknown(block.args)
                    return
                for call in list(cs.known):
                    for v, a in zip(call_args(call), block.args):
                        self.join(a, self.lattice_for(block, v))
                return
            if is_region_branch(parent):
                self._visit_region_successors(block, block, parent, list(block.args))
                return
            self.visit_non_cf_args(parent, block, list(block.args), 0, 0)
            return
        for u in list(block.pred_uses):
            term = u.owner
            if (term.parent, block) not in self.edges:
                continue
            forwarded = branch_successor_operands(term, u.index)
            if forwarded is None:
                self.set_unknown(block.args)
                return
            for i, a in enumerate(block.args):
                if i < len(forwarded):
                    self.join(a, self.lattice_for(block, forwarded[i]))
                else:
                    self.join(a, UNKNOWN)


def _visibility(op):
    v = op.get_attr("sym_visibility")
    return getattr(v, "value", "public") if v is not None else "public"


def _symbol_uses(region):
    """(user op, SymbolRefAttr) for every symbol reference held by ops in `region`, not
    descending into nested symbol tables; None if an unregistered op with regions may hide
    one."""
    from pyopt.ir.symbols import op_symbol_refs
    out = []
    stack = [op for b in region.blocks for op in b]
    while stack:
        o = stack.pop()
        refs = op_symbol_refs(o)
        out.extend((o, r) for r in refs)
        if o.regions:
            if o.opdef is None:
                return None
            if SYMBOL_TABLE in o.opdef.traits:
                continue
            for r in o.regions:
                for b in r.blocks:
                    stack.extend(b)
    return out
