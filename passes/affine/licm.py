"""`affine-loop-invariant-code-motion`: the affine dialect's own LICM (upstream's older pass,
kept beside the generic one). For each affine.for, innermost first, the ops of its body that
do not depend on the induction variable, the iter_args or a body op left behind are moved
before the loop. Unlike the generic pass it hoists affine.if / affine.for / affine.parallel
whose nested ops are all invariant, and affine loads/stores of a memref that no other access
inside the loop writes (nothing proves such code free of side effects or zero trips; upstream
accepts that)."""
from __future__ import annotations

from pyopt.ir.opdef import AFFINE_SCOPE, CONSTANT_LIKE
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_memory_effect_free

_READS = frozenset(("affine.load", "affine.vector_load"))
_WRITES = frozenset(("affine.store", "affine.vector_store"))
_DMA = frozenset(("affine.dma_start", "affine.dma_wait"))
_NESTING = frozenset(("affine.for", "affine.parallel"))
_MEMREF_OPERAND = {"affine.load": 0, "affine.vector_load": 0,
                   "affine.store": 1, "affine.vector_store": 1}


def _has_trait(op, trait):
    return op.opdef is not None and trait in op.opdef.traits


def _enclosing_fors(op):
    """The affine.for ops around `op` up to its affine scope (getAffineForIVs)."""
    loops = []
    cur = op.parent_op
    while cur is not None and not _has_trait(cur, AFFINE_SCOPE):
        if cur.name == "affine.for":
            loops.append(cur)
        cur = cur.parent_op
    return loops


class _Hoister:
    def __init__(self, loop):
        self.loop = loop
        body = loop.regions[0].blocks[0]
        self.iv = body.args[0]
        self.iter_args = set(body.args[1:])
        self.with_users = set()  # body ops (and nested ones) whose results others may use
        self.to_hoist = set()

    def regions_invariant(self, op):
        return all(self.invariant(o) for r in op.regions for b in r.blocks for o in b)

    def invariant(self, op):
        name = op.name
        if name == "affine.if" or name in _NESTING:
            if not self.regions_invariant(op):
                return False
        elif not is_memory_effect_free(op) and name not in _READS and name not in _WRITES \
                and name != "affine.prefetch":
            return False
        elif not _has_trait(op, CONSTANT_LIKE):
            self.with_users.add(op)
            if name in _MEMREF_OPERAND and not self._memref_unwritten(op):
                return False
            if not op.operand_slots and name != "affine.yield":
                return False
        for s in op.operand_slots:
            v = s.value
            if v is self.iv or v in self.iter_args:
                return False
            src = v.owner if hasattr(v.owner, "opdef") else None
            if src is not None and src in self.with_users and src not in self.to_hoist:
                return False
        self.to_hoist.add(op)
        return True

    def _memref_unwritten(self, op):
        """False when another access of op's memref inside the loop may conflict with it."""
        memref = op.operand_slots[_MEMREF_OPERAND[op.name]].value
        writes = op.name in _WRITES
        for user in memref.users():
            if user.name in _DMA:
                return False
            if user.name in _WRITES or (writes and user.name in _READS):
                if user is not op and self.loop in _enclosing_fors(user):
                    return False
        return True


def _hoist_from(loop):
    h = _Hoister(loop)
    to_move = []
    for op in loop.regions[0].blocks[0]:
        if any(r.first_use is not None for r in op.results):
            h.with_users.add(op)
        if op.name != "affine.yield" and h.invariant(op):
            to_move.append(op)
    for op in to_move:
        op.move_before(loop)


@register_pass("affine-loop-invariant-code-motion",
               "Hoist loop invariant instructions outside of affine loops", anchor="func.func",
               display_name="AffineLoopInvariantCodeMotion")
def affine_licm(op, ctx, options):
    def visit(o):
        if o.name == "affine.for":
            _hoist_from(o)
    op.walk(visit)
