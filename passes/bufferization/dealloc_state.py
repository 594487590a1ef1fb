"""The state ownership-based buffer deallocation carries from block to block (MLIR's
Ownership, DeallocationState and deallocation_impl): per (memref, block) an ownership - not
yet known, a unique i1 indicator, or unknown (several indicators met) -, the memrefs each
block must consider deallocating, block liveness, and the construction of the
`bufferization.dealloc` a return-like terminator needs. BufferDeallocationOpInterface models
(pyopt/interfaces/buffer_deallocation.py) receive this state."""
from __future__ import annotations

from functools import cmp_to_key

from pyopt.analysis.block_liveness import BlockLiveness
from pyopt.dialects.bufferization.canonicalize import build_dealloc, value_loc
from pyopt.ir.attributes import BoolAttr
from pyopt.ir.types import I1, BaseMemRefType, MemRefType, UnrankedMemRefType
from pyopt.rewrite.matchers import constant_int


def is_memref(v):
    return isinstance(v.type, BaseMemRefType)


def bool_constant(b, value, loc):
    return b.create("arith.constant", [], [I1], properties={"value": BoolAttr(value)},
                    loc=loc).results[0]


class Ownership:
    """Uninitialized (indicator None, unknown False), Unique (an i1 indicator) or Unknown."""
    __slots__ = ("indicator", "unknown")

    def __init__(self, indicator=None, unknown=False):
        self.indicator = indicator
        self.unknown = unknown

    @property
    def is_uninitialized(self):
        return self.indicator is None and not self.unknown

    @property
    def is_unique(self):
        return self.indicator is not None

    def combined(self, other):
        if other.is_uninitialized:
            return self
        if self.is_uninitialized:
            return other
        if not self.is_unique or not other.is_unique:
            return UNKNOWN
        a, b = self.indicator, other.indicator
        if a is b:
            return self
        ca, cb = constant_int(a), constant_int(b)
        if ca is not None and ca == cb:
            return self
        return UNKNOWN


UNINITIALIZED = Ownership()
UNKNOWN = Ownership(None, True)


# -- a deterministic order of values (upstream's ValueComparator) ------------------------------
def _region_number(region):
    return next(i for i, r in enumerate(region.parent.regions) if r is region)


def _parent_region(region):
    op = region.parent
    return op.parent.parent if op is not None and op.parent is not None else None


def _compare(a, b):
    if a is b:
        return 0
    a_arg, b_arg = a.defining_op() is None, b.defining_op() is None
    if a_arg != b_arg:
        return -1 if a_arg else 1
    if a_arg:
        if a.index != b.index:
            return -1 if a.index < b.index else 1
        ra, rb = a.owner.parent, b.owner.parent
    else:
        da, db = a.defining_op(), b.defining_op()
        if da is db:
            return -1 if a.index < b.index else 1
        ra, rb = da.parent.parent, db.parent.parent
        if ra is rb:
            return -1 if da.is_before_in_block(db) else 1
    while ra is not None and rb is not None:
        na, nb = _region_number(ra), _region_number(rb)
        if na != nb:
            return -1 if na < nb else 1
        if _parent_region(ra) is _parent_region(rb):
            return -1 if ra.parent.is_before_in_block(rb.parent) else 1
        ra, rb = _parent_region(ra), _parent_region(rb)
    return -1 if rb is not None else 1


def sorted_values(values):
    return sorted(values, key=cmp_to_key(_compare))


# -- the state -----------------------------------------------------------------------------
class DeallocationState:
    def __init__(self, op, symbol_lookup=None):
        self.liveness = BlockLiveness(op)
        self.ownership = {}  # (value, block) -> Ownership
        self.to_dealloc = {}  # block -> [memref]
        self.symbol_lookup = symbol_lookup
        # results of ops rebuilt with more results -> their new values: the liveness sets
        # were computed before (upstream keeps the erased values there, and crashes)
        self.replaced = {}

    def current(self, v):
        while v in self.replaced:
            v = self.replaced[v]
        return v

    def update_ownership(self, memref, ownership, block=None):
        if not isinstance(ownership, Ownership):
            ownership = Ownership(ownership)
        if block is None:
            block = memref.parent_block
        key = (memref, block)
        self.ownership[key] = self.ownership.get(key, UNINITIALIZED).combined(ownership)

    def reset_ownerships(self, memrefs, block):
        for v in memrefs:
            self.ownership[(v, block)] = UNINITIALIZED

    def get_ownership(self, memref, block):
        return self.ownership.get((memref, block), UNINITIALIZED)

    def add_memref_to_deallocate(self, memref, block):
        self.to_dealloc.setdefault(block, []).append(memref)

    def drop_memref_to_deallocate(self, memref, block):
        lst = self.to_dealloc.get(block, [])
        lst[:] = [v for v in lst if v is not memref]

    def live_memrefs_in(self, block):
        return sorted_values({self.current(v) for v in self.liveness.live_in(block)
                              if is_memref(v)})

    def memref_with_unique_ownership(self, b, memref, block):
        """getMemrefWithUniqueOwnership: (memref, indicator), cloning a memref whose ownership
        is unknown (the clone is owned)."""
        own = self.get_ownership(memref, block)
        if own.is_unique:
            return memref, own.indicator
        loc = value_loc(memref)
        clone = b.create("bufferization.clone", [memref], [memref.type], loc=loc).results[0]
        cond = bool_constant(b, True, loc)
        self.update_ownership(clone, cond)
        self.add_memref_to_deallocate(clone, clone.parent_block)
        return clone, cond

    def memrefs_to_retain(self, from_block, to_block, dest_operands):
        out = [v for v in dest_operands if is_memref(v)]
        live = {v for v in self.liveness.live_out(from_block) if is_memref(v)}
        if to_block is not None:
            live &= self.liveness.live_in(to_block)
        return out + sorted_values({self.current(v) for v in live})

    def memrefs_and_conditions_to_deallocate(self, b, loc, block):
        """The base buffers (extract_strided_metadata) of the memrefs `block` may own and
        their ownership indicators; an error if one has no unique ownership."""
        memrefs, conds = [], []
        for m in self.to_dealloc.get(block, ()):
            own = self.get_ownership(m, block)
            if not own.is_unique:
                raise _error_at(value_loc(m), "MemRef value does not have valid ownership")
            if type(m.type) is UnrankedMemRefType:
                m = b.create("memref.reinterpret_cast", [m],
                             [MemRefType([], m.type.element_type)],
                             properties=_zero_rank_cast_props(), loc=loc).results[0]
            memrefs.append(_base_buffer(b, m, loc))
            conds.append(own.indicator)
        return memrefs, conds


def _error_at(loc, message):
    from pyopt.ir.diagnostics import Diagnostic, MLIRError
    return MLIRError(Diagnostic("error", loc, message))


def _zero_rank_cast_props():
    from pyopt.ir.attributes import DenseArrayAttr
    from pyopt.ir.opdef import segment_sizes
    from pyopt.ir.types import I64
    return {"static_offsets": DenseArrayAttr(I64, [0]), "static_sizes": DenseArrayAttr(I64, []),
            "static_strides": DenseArrayAttr(I64, []),
            "operandSegmentSizes": segment_sizes([1, 0, 0, 0])}


def _base_buffer(b, memref, loc):
    """memref.extract_strided_metadata's base buffer result."""
    from pyopt.ir.types import INDEX
    t = memref.type
    rank = len(t.shape)
    base_t = MemRefType([], t.element_type, None, t.memory_space)
    op = b.create("memref.extract_strided_metadata", [memref],
                  [base_t, INDEX] + [INDEX] * (2 * rank), loc=loc)
    return op.results[0]


def insert_dealloc_for_return_like(state, b, op, operands):
    """deallocation_impl::insertDeallocOpForReturnLike: a dealloc before terminator `op` of
    what its block owns, retaining `operands`' memrefs and what stays live. Returns the
    updated ownerships of the memref operands (None when no dealloc was needed)."""
    block = op.parent
    b.set_insertion_point(op)
    memrefs, conds = state.memrefs_and_conditions_to_deallocate(b, op.loc, block)
    retain = state.memrefs_to_retain(block, None, operands)
    if not memrefs and not retain:
        return None
    dealloc = build_dealloc(b, memrefs, conds, retain, op.loc)
    state.reset_ownerships(retain, block)
    for r, o in zip(retain, dealloc.results):
        state.update_ownership(r, o, block)
    n = sum(1 for v in operands if is_memref(v))
    return list(dealloc.results[:n])
