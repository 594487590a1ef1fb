"""One-Shot Analysis: decides for every tensor operand whether it bufferizes in place.

Values whose buffers may be the same live in alias classes, values whose buffers are the
same in equivalence classes (union-find over Values, members kept in upstream's order so
dumps match). Ops are analysed one at a time (bottom-up by default); an operand is in place
unless that would write a non-writable buffer or create a read-after-write conflict: a read
of an alias whose last definition is overwritten by an in-place write before the read.
"""
from __future__ import annotations

import random

from pyopt.interfaces.bufferizable import (EQUIVALENT, AnalysisState, TensorType,
                                           TraversalConfig, in_mutually_exclusive_regions,
                                           owner_op, parallel_region, has_tensor_semantics)
from pyopt.ir.core import OpResult
from pyopt.ir.dominance import DominanceInfo


class ValueClasses:
    """llvm::EquivalenceClasses over Values: union-find with path compression; each class
    is also a linked list (leader first) so members iterate in insertion/union order."""
    __slots__ = ("parent", "next", "tail")

    def __init__(self):
        self.parent, self.next, self.tail = {}, {}, {}

    def insert(self, v):
        if v not in self.parent:
            self.parent[v] = v
            self.next[v] = None
            self.tail[v] = v

    def leader(self, v):
        parent = self.parent
        p = parent.get(v)
        if p is None:
            self.insert(v)
            return v
        root = v
        while parent[root] is not root:
            root = parent[root]
        while parent[v] is not root:
            parent[v], v = root, parent[v]
        return root

    def union(self, a, b):
        la, lb = self.leader(a), self.leader(b)
        if la is lb:
            return
        self.next[self.tail[la]] = lb
        self.tail[la] = self.tail[lb]
        self.parent[lb] = la

    def same(self, a, b):
        return self.leader(a) is self.leader(b)

    def members(self, v):
        m = self.leader(v)
        nxt = self.next
        while m is not None:
            yield m
            m = nxt[m]


class OneShotAnalysisState(AnalysisState):
    def __init__(self, op, options):
        super().__init__(options)
        self.alias = ValueClasses()
        self.equiv = ValueClasses()
        self.in_place = set()
        self.undefined_uses = set()
        self.cached_defs = {}
        self.extensions = {}
        self.num_in_place = self.num_out_of_place = 0
        for o in op.walk_ops():
            for v in o.results:
                if isinstance(v.type, TensorType):
                    self.alias.insert(v)
                    self.equiv.insert(v)
            for r in o.regions:
                for b in r.blocks:
                    for a in b.args:
                        if isinstance(a.type, TensorType):
                            self.alias.insert(a)
                            self.equiv.insert(a)
        for o in _walk_allowed(op, options):
            m = options.bufferizable(o)
            for s in o.operand_slots:
                if isinstance(s.value.type, TensorType) and m.must_bufferize_in_place(o, s, self):
                    self.bufferize_in_place(s)

    # -- decisions and classes --------------------------------------------------------------
    def is_in_place(self, operand):
        return operand in self.in_place

    def bufferize_in_place(self, operand):
        if operand in self.in_place:
            return
        self.in_place.add(operand)
        for a in self.aliasing_values(operand):
            self.alias.union(a.value, operand.value)
        self.num_in_place += 1

    def bufferize_out_of_place(self, operand):
        self.num_out_of_place += 1

    def are_equivalent(self, a, b):
        return self.equiv.same(a, b)

    def are_aliasing(self, a, b):
        return self.alias.same(a, b)

    def union_equivalence(self, a, b):
        self.equiv.union(a, b)

    def union_aliases(self, a, b):
        self.alias.union(a, b)

    def aliases_of(self, v):
        return self.alias.members(v)

    def has_undefined_contents(self, operand):
        return operand in self.undefined_uses

    def is_value_written(self, value):
        for a in self.alias.members(value):
            for u in a.uses():
                if u in self.in_place and self.writes(u):
                    return True
        return False

    def is_writable(self, value):
        op = owner_op(value)
        m = self.options.bufferizable(op)
        return m.is_writable(op, value, self) if m is not None else False

    def definitions(self, value):
        d = self.cached_defs.get(value)
        if d is None:
            d = self.cached_defs[value] = self.find_definitions(value)
        return d

    def reset_cache(self):
        self._repetitive.clear()
        self.memo.clear()
        self.cached_defs.clear()

    def gather_undefined_tensor_uses(self, op):
        for o in _walk_allowed(op, self.options):
            for r in o.results:
                if isinstance(r.type, TensorType) and not self.definitions(r):
                    self.undefined_uses.update(r.uses())


def _walk_allowed(op, options):
    """The ops under `op` (post-order) that the options bufferize. (Upstream's walks return
    WalkResult::skip() for the others, which in a post-order walk skips nothing else.)"""
    out = []
    op.walk(lambda o: out.append(o) if options.bufferizable(o) is not None else None)
    return out


# -- read-after-write conflicts ------------------------------------------------------------
def _properly_dominates(dom, a, b):
    """DominanceInfo::properlyDominates(Operation*, Operation*) with enclosingOpOk."""
    if a is b:
        return False
    a_block = a.parent
    region = a_block.parent
    if b.parent.parent is not region:
        while b is not None and (b.parent is None or b.parent.parent is not region):
            b = b.parent_op
        if b is None:
            return False
        if a is b:
            return True
    b_block = b.parent
    if a_block is b_block:
        return not dom.ssa(region) or a.is_before_in_block(b)
    return dom.block_dominates(a_block, b_block)


def _happens_before(a, b, dom):
    while a is not None:
        if a is not b and a.is_ancestor_of(b):
            return False
        if a.parent is not None and _properly_dominates(dom, a, b):
            return True
        a = a.parent_op
    return False


def _is_reachable(start, target, excluded):
    seen, work = set(), list(start.successors)
    while work:
        nb = work.pop()
        if nb is excluded:
            continue
        if nb is target:
            return True
        if nb in seen:
            continue
        seen.add(nb)
        work.extend(nb.successors)
    return False


def _can_use_op_dominance(u_read, u_write, definitions, state):
    read_op, write_op = u_read.owner, u_write.owner
    for d in definitions:
        r_read = state.enclosing_repetitive_region_of_op(read_op)
        r_def = state.enclosing_repetitive_region_of_value(d)
        if r_read is r_def:
            continue
        while r_read is not None:
            nxt = state.next_enclosing_repetitive_region(r_read)
            if nxt is r_def:
                break
            r_read = nxt
        if r_read is None or r_read.parent_op.is_ancestor_of(write_op):
            return False  # (None: the definition's loop does not enclose the read)
    if read_op.parent.parent is not write_op.parent.parent:
        return True
    rb, wb = read_op.parent, write_op.parent
    for d in definitions:
        db = d.parent_block
        if _is_reachable(rb, wb, db) and _is_reachable(wb, rb, db):
            return False
    return True


_conflict_counter = [0]
_not_writable_counter = [0]


def _annotate_conflict(u_read, u_write, definition):
    from pyopt.ir.attributes import UNIT
    n = _conflict_counter[0]
    _conflict_counter[0] += 1
    u_write.owner.set_attr(f"C_{n}[CONFL-WRITE: {u_write.index}]", UNIT)
    u_read.owner.set_attr(f"C_{n}[READ: {u_read.index}]", UNIT)
    if type(definition) is OpResult:
        definition.owner.set_attr(f"C_{n}[DEF: result {definition.index}]", UNIT)
    else:
        definition.owner.parent_op.set_attr(f"C_{n}[DEF: bbArg {definition.index}]", UNIT)


def _equivalent_in_chain(state, start, other):
    cfg = TraversalConfig(always_include_leaves=False, follow_equivalent_only=True,
                          follow_same_type_or_casts_only=True)
    return bool(state.find_value_in_reverse_use_def_chain(start, lambda v: v is other, cfg))


def _subset_insertion(op, options):
    """The op's model when it is a SubsetInsertionOpInterface (models with a
    `subset_insertion` method giving (source operand, destination operand)), else None."""
    m = options.bufferizable(op)
    return m if m is not None and m.subset_insertion is not None else None


def _matches_insert_destination(state, value, op, m):
    def matching(v):
        return type(v) is OpResult and m.is_equivalent_subset(
            op, v, state.are_equivalent)
    chain = state.find_value_in_reverse_use_def_chain(value, matching)
    return all(matching(v) for v in chain)


def _non_conflicting_subsets(u_read, u_write, state):
    read_op, write_op = u_read.owner, u_write.owner
    m = _subset_insertion(read_op, state.options)
    if m is not None:
        src, dest = m.subset_insertion(read_op)
        if u_read is dest and _matches_insert_destination(state, u_write.value, read_op, m):
            return True
        if u_read is src and u_write is dest and \
                _matches_insert_destination(state, u_read.value, read_op, m):
            return True
    m = _subset_insertion(write_op, state.options)
    if m is not None:
        src, dest = m.subset_insertion(write_op)
        if u_write is dest and \
                state.are_equivalent(u_read.value, src.value) and \
                _matches_insert_destination(state, src.value, write_op, m):
            return True
    return False


def _has_raw_interference(reads, writes, dom, state):
    if not reads or not writes:
        return False  # (no pair to conflict; upstream reaches the same answer slower)
    options = state.options
    if options.check_parallel_regions and reads:
        for w in writes:
            defs = state.find_value_in_reverse_use_def_chain(w.value, state.value_writes)
            wr = parallel_region(w.owner.parent.parent, options)
            for d in defs:
                if parallel_region(d.parent_block.parent, options) is not wr:
                    return True
    for r in reads:
        read_op = r.owner
        definitions = state.definitions(r.value)
        if not definitions:
            continue
        for w in writes:
            write_op = w.owner
            if _can_use_op_dominance(r, w, definitions, state):
                if _happens_before(read_op, write_op, dom):
                    continue
                if w is r:
                    continue
                if in_mutually_exclusive_regions(read_op, write_op):
                    continue
                if write_op is read_op:
                    m = options.bufferizable(read_op)
                    if m is not None and m.elementwise_access(read_op, state, [r, w]) and \
                            (_equivalent_in_chain(state, r.value, w.value) or
                             _equivalent_in_chain(state, w.value, r.value)):
                        continue
            if _non_conflicting_subsets(r, w, state):
                continue
            m = options.bufferizable(read_op)
            if m is not None and m.is_not_conflicting(read_op, r, w, state):
                continue
            if write_op is not read_op:
                m = options.bufferizable(write_op)
                if m is not None and m.is_not_conflicting(write_op, r, w, state):
                    continue
            for d in definitions:
                if type(d) is OpResult:
                    def_op = d.owner
                    if _happens_before(write_op, def_op, dom):
                        continue
                    if def_op is not write_op and def_op.is_ancestor_of(write_op):
                        continue
                elif not _block_contains(d.owner, write_op):
                    continue
                aliases = state.aliasing_values(w)
                if len(aliases) == 1 and aliases[0].value is d:
                    continue
                if options.print_conflicts:
                    _annotate_conflict(r, w, d)
                return True
    return False


def _block_contains(block, op):
    while op is not None:
        if op.parent is block:
            return True
        op = op.parent_op
    return False


def _aliasing_in_place_writes(out, root, state):
    for a in state.aliases_of(root):
        for u in a.uses():
            if u in state.in_place and state.writes(u):
                out[u] = None


def _aliasing_reads(out, root, state):
    for a in state.aliases_of(root):
        for u in a.uses():
            if state.reads(u):
                out[u] = None
            elif not state.writes(u) and \
                    any(state.is_value_read(x.value) for x in state.aliasing_values(u)):
                out[u] = None


def would_create_raw_interference(operand, dom, state, consistency_only=False):
    reads, writes = {}, {}
    aliases = state.aliasing_values(operand)
    _aliasing_in_place_writes(writes, operand.value, state)
    for a in aliases:
        _aliasing_in_place_writes(writes, a.value, state)
    if not consistency_only and state.writes(operand):
        writes[operand] = None
    if not writes:
        return False  # (nothing can conflict: the reads need not be gathered)
    _aliasing_reads(reads, operand.value, state)
    for a in aliases:
        _aliasing_reads(reads, a.value, state)
    return _has_raw_interference(list(reads), list(writes), dom, state)


def _annotate_not_writable(value):
    from pyopt.ir.attributes import UNIT
    n = _not_writable_counter[0]
    _not_writable_counter[0] += 1
    if type(value) is OpResult:
        value.owner.set_attr(f"W_{n}[NOT-WRITABLE: result {value.index}]", UNIT)
    else:
        value.owner.parent_op.set_attr(f"W_{n}[NOT-WRITABLE: bbArg {value.index}]", UNIT)


def would_write_non_writable(operand, state, consistency_only=False):
    found = not consistency_only and state.writes(operand)
    if not found:
        writes = {}
        _aliasing_in_place_writes(writes, operand.value, state)
        for a in state.aliasing_values(operand):
            _aliasing_in_place_writes(writes, a.value, state)
        found = bool(writes)
    if not found:
        return False
    read_only = False
    roots = [operand.value] + [a.value for a in state.aliasing_values(operand)]
    for root in roots:
        for v in state.aliases_of(root):
            if not state.is_writable(v):
                read_only = True
                if state.options.print_conflicts:
                    _annotate_not_writable(v)
    return read_only


def _analyze_operand(operand, state, dom):
    if would_write_non_writable(operand, state) or \
            would_create_raw_interference(operand, dom, state):
        state.bufferize_out_of_place(operand)
    else:
        state.bufferize_in_place(operand)


# -- op order and equivalence --------------------------------------------------------------
def _post_order(op):
    out = []
    op.walk(out.append)
    return out


def _bottom_up_from_terminators(op, state):
    from pyopt.interfaces.control_flow import _terminator_model
    traversed = {}
    for term in _post_order(op):
        if _terminator_model(term) is None or term in traversed:
            continue
        traversed[term] = None
        work = [v for v in term.operands
                if isinstance(v.type, TensorType) and type(v) is OpResult]
        region = term.parent.parent
        while work:
            res = work.pop()
            d = res.owner
            if d in traversed:
                continue
            traversed[d] = None
            if not _op_in_region(region, d):
                continue
            for a in state.aliasing_operands(res):
                v = a.operand.value
                if isinstance(v.type, TensorType) and type(v) is OpResult:
                    work.append(v)
    rest = [o for o in _post_order_reverse(op) if o not in traversed and
            has_tensor_semantics(o)]
    return list(traversed) + rest


def _post_order_reverse(op):
    """walk<PostOrder, ReverseIterator>: regions, blocks and ops visited back to front."""
    out = []

    def visit(o):
        for r in reversed(o.regions):
            for b in reversed(r.blocks):
                x = b.last
                while x is not None:
                    visit(x)
                    x = x.prev
        out.append(o)
    visit(op)
    return out


def _op_in_region(region, op):
    while op is not None:
        if op.parent is not None and op.parent.parent is region:
            return True
        op = op.parent_op
    return False


def _equivalence_analysis(ops, state):
    for op in ops:
        m = state.options.bufferizable(op)
        if m is None:
            continue
        for r in op.results:
            if not isinstance(r.type, TensorType):
                continue
            aliases = state.aliasing_operands(r)
            if not aliases:
                continue
            first = aliases[0].operand.value
            all_equiv = True
            for a in aliases:
                equiv = a.relation == EQUIVALENT
                inplace = state.is_in_place(a.operand)
                v = a.operand.value
                if equiv and inplace and a.definite:
                    state.union_equivalence(r, v)
                    all_equiv = False
                    break
                if not equiv or not inplace:
                    all_equiv = False
                if not state.are_equivalent(v, first):
                    all_equiv = False
            if all_equiv and not m.bufferizes_to_allocation(op, r):
                state.union_equivalence(r, first)


def equivalence_analysis(op, state):
    ops = []
    op.walk(lambda o: ops.append(o) if any(isinstance(r.type, TensorType) for r in o.results)
            else None)
    _equivalence_analysis(ops, state)


def analyze_ops(op, state, dom):
    h = state.options.analysis_heuristic
    if h == "bottom-up-from-terminators":
        ordered = _bottom_up_from_terminators(op, state)
    else:
        ordered = [o for o in _post_order(op) if has_tensor_semantics(o)]
        if h == "bottom-up":
            ordered.reverse()
        elif h == "fuzzer":
            random.Random(state.options.analysis_fuzzer_seed).shuffle(ordered)
    for o in ordered:
        for s in o.operand_slots:
            if isinstance(s.value.type, TensorType):
                _analyze_operand(s, state, dom)
    equivalence_analysis(op, state)


# -- entry point ---------------------------------------------------------------------------
def _check_pre_bufferization(op, dom, state):
    from pyopt.interfaces.bufferizable import op_error
    options = state.options
    for o in op.walk_ops():
        m = options.bufferizable(o)
        if m is not None and not m.supports_unstructured_control_flow and \
                any(len(r.blocks) > 1 for r in o.regions):
            raise op_error(o, "op or BufferizableOpInterface implementation does not support "
                              "unstructured control flow, but at least one region has "
                              "multiple blocks")
    for o in op.walk_ops():
        if options.bufferizable(o) is None:
            continue
        if o.name == "bufferization.to_tensor" and o.get_attr("restrict") is None and \
                o.results[0].has_uses():
            raise op_error(o, "to_tensor ops without `restrict` are not supported by "
                              "One-Shot Analysis")
        for s in o.operand_slots:
            if not isinstance(s.value.type, TensorType):
                continue
            if would_create_raw_interference(s, dom, state, True):
                raise op_error(o, "not bufferizable under the given constraints: cannot "
                                  "avoid RaW conflict")
            if state.is_in_place(s) and would_write_non_writable(s, state, True):
                raise op_error(o, "not bufferizable under the given constraints: would "
                                  "write to read-only buffer")


def run_analysis(op, state):
    dom = DominanceInfo()
    _check_pre_bufferization(op, dom, state)
    analyze_ops(op, state, dom)
    state.gather_undefined_tensor_uses(op)
    options = state.options
    for o in op.walk_ops():
        m = options.bufferizable(o)
        if m is not None:
            m.verify_analysis(o, state)
    if options.test_analysis_only:
        from .annotations import annotate_in_place
        annotate_in_place(op, state)
    if options.dump_alias_sets:
        from .annotations import annotate_alias_sets
        annotate_alias_sets(op, state)
