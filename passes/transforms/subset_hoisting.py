"""`loop-invariant-subset-hoisting`: a loop-carried tensor whose only per-iteration traffic
is "extract a subset, ..., insert it back at the same place" is carried as the subset
instead: the extraction moves before the loop, the insertion after it, and the loop gets one
more iter_arg (MLIR's hoistLoopInvariantSubsets).

Subset ops (SubsetOpInterface) of our dialects: vector.transfer_read and tensor.extract_slice
(extractions from their source), vector.transfer_write on a tensor and tensor.insert_slice
(insertions of their operand 0 into operand 1, destination-style). Transfers access the
hyperrectangle at their indices with the sizes of the vector along the dimensions the
permutation map names (unit elsewhere); slices the one of their offsets/sizes/strides. Equal or disjoint
slices are decided on offsets of the form "value + constant" (ValueBoundsConstraintSet's
constant differences, for the arith/index additions and affine.apply forms it sees directly).
"""
from __future__ import annotations

from pyopt.interfaces.loop_like import is_loop_like
from pyopt.ir.affine import AffineExprKind
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import TERMINATOR
from pyopt.dialects.tensor.canonicalize import mixed
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.rewriter import PatternRewriter

_READ, _WRITE = "vector.transfer_read", "vector.transfer_write"
# subset op -> is it an insertion
_SUBSET_OPS = {_READ: False, _WRITE: True, "tensor.extract_slice": False,
               "tensor.insert_slice": True}


# ============================================================ SubsetOpInterface
def _is_subset_op(op):
    return op.opdef is not None and op.name in _SUBSET_OPS


def _is_insertion(op):
    return _SUBSET_OPS[op.name]


def _slice(op):
    """getAccessedHyperrectangularSlice: (offsets, sizes, strides), each an int or a Value."""
    if op.name.startswith("tensor."):
        return tuple(mixed(op, g, "static_" + g) for g in ("offsets", "sizes", "strides"))
    indices = op.opdef.get_group(op, "operand", 2 if op.name == _WRITE else 1)
    pmap = op.properties["permutation_map"].value
    vtype = (op.operands[0] if op.name == _WRITE else op.results[0]).type
    sizes = [1] * pmap.num_dims
    for e, n in zip(pmap.results, vtype.shape):
        if e.kind is AffineExprKind.DIM:
            sizes[e.position] = n
    return list(indices), sizes, [1] * len(sizes)


def _linear(v):
    """v as (base value or None, constant): looks through constants, additions or
    subtractions of constants, and affine.apply of `operand + constant`."""
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
        if owner.name in ("arith.addi", "arith.subi"):  # (index ops have no value bounds)
            sign = -1 if owner.name == "arith.subi" else 1
            lhs, rhs = owner.operands
            rb, rc = _linear(rhs)
            if rb is None:
                v, c = lhs, c + sign * rc
                continue
            if sign == 1:
                lb, lc = _linear(lhs)
                if lb is None:
                    v, c = rhs, c + lc
                    continue
        if owner.name == "affine.apply":
            step = _apply_step(owner)
            if step is not None:
                base, k = step
                if base is None:
                    return None, c + k
                v, c = base, c + k
                continue
        return v, c


def _apply_step(op):
    """affine.apply of `operand + constant` (or a constant): (operand or None, constant)."""
    m = op.properties["map"].value
    if len(m.results) != 1:
        return None
    e, k = m.results[0], 0
    if e.kind is AffineExprKind.ADD and e.rhs.kind is AffineExprKind.CONSTANT:
        e, k = e.lhs, e.rhs.value
    if e.kind is AffineExprKind.CONSTANT:
        return None, k + e.value
    if e.kind is AffineExprKind.DIM:
        return op.operands[e.position], k
    if e.kind is AffineExprKind.SYMBOL:
        return op.operands[m.num_dims + e.position], k
    return None


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
    return list(loop.regions[0].blocks[0].args[1:])


def _tied_iter_arg(loop, use):
    """getTiedLoopRegionIterArg of an operand use (None if it is not an init)."""
    if loop.name != "scf.for" or use.index < 3:
        return None
    return loop.regions[0].blocks[0].args[1 + use.index - 3]


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
            if e is not None and s is not None and e.results[0].type != s.operands[0].type:
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
                    nxt = owner.results[u.index - 3]
                    u = u_next
                    continue
                if not _is_subset_op(owner):
                    return False
                self.insert(owner)
                if _is_insertion(owner):
                    if u.index != 1 or nxt is not None or not owner.results:
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
def _with_additional_yield(rw, loop, init, yielded):
    """scf.for's replaceWithAdditionalYields: a new loop with one more iter_arg (initialized
    by `init`, which the body then sees as that iter_arg), yielding `yielded`."""
    body = loop.regions[0].blocks[0]
    rw.set_insertion_point(loop)
    types = [r.type for r in loop.results] + [init.type]
    new = rw.create("scf.for", list(loop.operands) + [init], types,
                    attributes=dict(loop.attributes), regions=1, loc=loop.loc)
    arg_types = [a.type for a in body.args] + [init.type]
    nb = rw.create_block(new.regions[0], arg_types, [loop.loc] * len(arg_types))
    term = body.last
    term.set_operands(list(term.operands) + [yielded])
    rw.merge_blocks(body, nb, nb.args[:len(body.args)])
    new_arg = nb.args[-1]
    rw.replace_uses_if(init, new_arg, lambda u: new is not u.owner and
                       new.is_ancestor_of(u.owner))
    rw.replace_op(loop, new.results[:len(loop.results)])
    return new


def _hoist_at(rw, loop, idx):
    if loop.name != "scf.for":
        return loop  # the other loops cannot add iter_args (replaceWithAdditionalYields)
    iter_arg = _iter_args(loop)[idx]
    subsets = _Subsets()
    if not subsets.populate(loop, iter_arg):
        return loop
    for ext, ins in list(subsets.hoistable()):
        if ext is not None and not _can_be_hoisted(
                ext, lambda o, i, v: _defined_outside(loop, v) or (o is ext and i == 0)):
            ext = None
        if ins is not None and not _can_be_hoisted(
                ins, lambda o, i, v: _defined_outside(loop, v) or (o is ins and i in (0, 1))):
            ins = None
        if ext is None or ins is None:
            continue
        loop = _with_additional_yield(rw, loop, ext.results[0], ins.operands[0])
        iter_arg = _iter_args(loop)[idx]
        loop_result = loop.results[idx]
        new_result = loop.results[-1]
        ext.move_before(loop)
        ins.move_after(loop)
        rw.replace_all_uses_with(ins.results[0], ins.operands[1])
        ext.set_operand(0, loop.operands[3 + idx])
        rw.replace_all_uses_with(loop_result, ins.results[0])
        ins.set_operand(0, new_result)
        ins.set_operand(1, loop_result)
    return loop


def hoist_loop_invariant_subsets(rw, loop):
    i = 0
    while loop.name == "scf.for" and i < len(_iter_args(loop)):
        loop = _hoist_at(rw, loop, i)
        i += 1
    return loop


@register_pass("loop-invariant-subset-hoisting",
               "Hoist loop invariant subset ops outside of the loop",
               display_name="LoopInvariantSubsetHoisting")
def loop_invariant_subset_hoisting(op, ctx, options):
    loops = []
    op.walk(lambda o: loops.append(o) if o.name == "scf.for" and o.opdef is not None else None)
    rw = PatternRewriter(ctx)
    for loop in loops:
        hoist_loop_invariant_subsets(rw, loop)
