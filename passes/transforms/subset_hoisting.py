"""`loop-invariant-subset-hoisting`: a loop-carried tensor whose only per-iteration traffic
is "extract a subset, ..., insert it back at the same place" is carried as the subset
instead: the extraction moves before the loop, the insertion after it, and the loop gets one
more iter_arg (MLIR's hoistLoopInvariantSubsets).

Subset ops are the ops with a SubsetOpInterface model (pyopt/interfaces/subset.py; tensor and
vector models in pyopt/dialects/subset_models.py); loops are the LoopLikeOpInterface ops whose
iter_args can grow (scf.for). Equal or disjoint slices are decided on offsets of the form
"value + constant" (ValueBoundsConstraintSet's constant differences, through the
ValueBoundsOpInterface models: the arith additions and affine.apply forms it sees directly).
"""
from __future__ import annotations

from pyopt.interfaces.loop_like import is_loop_like, iter_args_model
from pyopt.interfaces.subset import subset_model
from pyopt.interfaces.value_bounds import value_bounds_model
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import TERMINATOR
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.rewriter import PatternRewriter
# The subset and value-bounds models attach themselves when imported.
from pyopt.dialects import subset_models as _subset_models  # noqa: F401
from pyopt.dialects import value_bounds_models as _value_bounds_models  # noqa: F401


# ============================================================ SubsetOpInterface
def _is_subset_op(op):
    return subset_model(op) is not None


def _is_insertion(op):
    return subset_model(op).is_insertion


def _slice(op):
    """getAccessedHyperrectangularSlice: (offsets, sizes, strides), each an int or a Value."""
    return subset_model(op).slice(op)


def _source(op):
    """getSourceOperand's value: an extraction's container, an insertion's inserted value."""
    return op.operand_slots[subset_model(op).source_index].value


def _linear(v):
    """v as (base value or None, constant): looks through constants and the ops whose
    ValueBoundsOpInterface model sees `operand + constant`."""
    if isinstance(v, int):
        return None, v
    c = 0
    while True:
        owner = v.owner
        if not hasattr(owner, "opdef"):
            return v, c
        a = constant_value(owner)
        if type(a) is IntegerAttr:
            return None, c + a.value
        m = value_bounds_model(owner)
        fn = getattr(m, "linear_step", None)  # (affine.min/max bound, but are no steps)
        step = fn(owner, _linear) if fn is not None else None
        if step is None:
            return v, c
        base, k = step
        if base is None:
            return None, c + k
        v, c = base, c + k


def _difference(a, b):
    """a - b when it is a known constant, else None."""
    (ba, ca), (bb, cb) = _linear(a), _linear(b)
    return ca - cb if ba is bb else None


def _equivalent(op, other):
    """operatesOnEquivalentSubset (tensor containers are taken as equivalent, as upstream)."""
    a, b = _slice(op), _slice(other)
    return all(len(x) == len(y) and all(_difference(p, q) == 0 for p, q in zip(x, y))
               for x, y in zip(a, b))


def _disjoint(op, other):
    """operatesOnDisjointSubset: some dimension where one slice ends before the other
    starts."""
    (o1, s1, t1), (o2, s2, t2) = _slice(op), _slice(other)
    if len(o1) != len(o2):
        return False
    for a, n, b, m, x, y in zip(o1, s1, o2, s2, t1, t2):
        if x != 1 or y != 1:
            continue
        if _before(a, n, b) or _before(b, m, a):
            return True
    return False


def _before(offset, size, other_offset):
    """offset + size <= other_offset, decided on "value + constant" forms."""
    (bo, co), (bs, cs), (bt, ct) = _linear(offset), _linear(size), _linear(other_offset)
    if bo is not None and bs is not None:
        return False
    return (bo if bs is None else bs) is bt and co + cs <= ct


# ============================================================ loops with iter_args
def _iter_args(loop):
    return iter_args_model(loop).region_iter_args(loop)


def _tied_iter_arg(loop, use):
    """getTiedLoopRegionIterArg of an operand use (None if it is not an init, or the loop's
    iter_args cannot grow)."""
    m = iter_args_model(loop)
    return None if m is None else m.tied_iter_arg(loop, use)


def _is_loop(op):
    return is_loop_like(op)


def _single_terminator_use(value):
    u = value.first_use
    if u is None or u.next_use is not None:
        return None
    d = u.owner.opdef
    return u if d is not None and TERMINATOR in d.traits else None


class _Subsets:
    """MatchingSubsets: extraction/insertion pairs on equivalent subsets, and every subset
    op met along the iter_arg's chain."""

    def __init__(self):
        self.extractions, self.insertions, self.all = [], [], []

    def insert(self, op):
        self.all.append(op)
        if _is_insertion(op):
            for i, e in enumerate(self.extractions):
                if e is not None and _equivalent(e, op):
                    self.insertions[i] = op
                    return
            self.extractions.append(None)
            self.insertions.append(op)
        else:
            for i, s in enumerate(self.insertions):
                if s is not None and _equivalent(s, op):
                    self.extractions[i] = op
                    return
            self.extractions.append(op)
            self.insertions.append(None)

    def hoistable(self):
        for e, s in zip(self.extractions, self.insertions):
            if e is not None and s is not None and e.results[0].type != _source(s).type:
                continue
            if self._all_disjoint(e, s):
                yield e, s

    def _all_disjoint(self, e, s):
        for other in self.all:
            if other is e or other is s:
                continue
            if e is not None and not _disjoint(other, e):
                return False
            if s is not None and not _disjoint(other, s):
                return False
        return True

    def populate(self, loop, iter_arg):
        value = iter_arg
        while True:
            yielded = _single_terminator_use(value)
            if yielded is not None:
                break
            nxt = None
            u = value.first_use
            while u is not None:
                owner = u.owner
                u_next = u.next_use
                if _is_loop(owner):
                    nested = _tied_iter_arg(owner, u)
                    if nested is None or not self.populate(owner, nested):
                        return False
                    nxt = iter_args_model(owner).tied_result(owner, u)
                    u = u_next
                    continue
                if not _is_subset_op(owner):
                    return False
                self.insert(owner)
                if _is_insertion(owner):
                    if u.index != subset_model(owner).destination_index or nxt is not None \
                            or not owner.results:
                        return False
                    nxt = owner.results[0]
                u = u_next
            if nxt is None:
                return False
            value = nxt
        term = loop.regions[0].blocks[0].last
        return yielded.owner is term and yielded.index == iter_arg.index - 1


def _can_be_hoisted(op, allowed):
    """No terminator, and every operand used by op or its nested ops (other than values
    defined inside op) satisfies `allowed(user, operand index, value)`."""
    d = op.opdef
    if d is not None and TERMINATOR in d.traits:
        return False
    for child in op.walk_ops():
        for s in child.operand_slots:
            v = s.value
            block = v.owner.parent if hasattr(v.owner, "opdef") else v.owner
            owner = block.parent.parent if block is not None and block.parent else None
            if owner is not None and op.is_ancestor_of(owner):
                continue
            if not allowed(child, s.index, v):
                return False
    return True


def _defined_outside(loop, v):
    block = v.owner.parent if hasattr(v.owner, "opdef") else v.owner
    owner = block.parent.parent if block is not None and block.parent else None
    return owner is None or not loop.is_ancestor_of(owner)


# ============================================================ rewriting
def _hoist_at(rw, loop, idx):
    iter_model = iter_args_model(loop)
    if iter_model is None:
        return loop  # the other loops cannot add iter_args (replaceWithAdditionalYields)
    iter_arg = _iter_args(loop)[idx]
    subsets = _Subsets()
    if not subsets.populate(loop, iter_arg):
        return loop
    for ext, ins in list(subsets.hoistable()):
        if ext is not None:
            src = subset_model(ext).source_index
            if not _can_be_hoisted(
                    ext, lambda o, i, v: _defined_outside(loop, v) or (o is ext and i == src)):
                ext = None
        if ins is not None:
            m = subset_model(ins)
            own = (m.source_index, m.destination_index)
            if not _can_be_hoisted(
                    ins, lambda o, i, v: _defined_outside(loop, v) or (o is ins and i in own)):
                ins = None
        if ext is None or ins is None:
            continue
        ins_model = subset_model(ins)
        loop = iter_model.replace_with_additional_yields(rw, loop, ext.results[0], _source(ins))
        iter_arg = _iter_args(loop)[idx]
        loop_result = loop.results[idx]
        new_result = loop.results[-1]
        ext.move_before(loop)
        ins.move_after(loop)
        dest = ins.operand_slots[ins_model.destination_index]
        rw.replace_all_uses_with(ins.results[0], dest.value)
        ext.set_operand(subset_model(ext).source_index, iter_model.tied_init(loop, idx))
        rw.replace_all_uses_with(loop_result, ins.results[0])
        ins.set_operand(ins_model.source_index, new_result)
        dest.set(loop_result)
    return loop


def hoist_loop_invariant_subsets(rw, loop):
    i = 0
    while iter_args_model(loop) is not None and i < len(_iter_args(loop)):
        loop = _hoist_at(rw, loop, i)
        i += 1
    return loop


@register_pass("loop-invariant-subset-hoisting",
               "Hoist loop invariant subset ops outside of the loop",
               display_name="LoopInvariantSubsetHoisting")
def loop_invariant_subset_hoisting(op, ctx, options):
    loops = []
    op.walk(lambda o: loops.append(o) if iter_args_model(o) is not None else None)
    rw = PatternRewriter(ctx)
    for loop in loops:
        hoist_loop_invariant_subsets(rw, loop)
