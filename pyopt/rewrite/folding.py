"""Folding: calling an op's `fold` hook, constant detection and materialization, trivially dead
ops, and the per-region constant uniquing/hoisting of MLIR's OperationFolder.

Fold hook contract (OpDef `fold=fn`): `fn(op, operands)` where `operands` holds, per operand,
the constant Attribute it is known to be (or None). It returns None (no fold), or for each
result an Attribute (to be materialized as a constant) or a Value; a single-result op may
return the Attribute/Value itself. Returning op's own result (or an empty list) means "folded
in place".
"""
from __future__ import annotations

from pyopt.ir.opdef import COMMUTATIVE, CONSTANT_LIKE, TERMINATOR, SYMBOL
from pyopt.ir.core import Value
from pyopt.ir.location import UNKNOWN_LOC

PURE = "Pure"
NO_MEMORY_EFFECT = "NoMemoryEffect"
RECURSIVE_MEMORY_EFFECTS = "RecursiveMemoryEffects"
# Speculatability (ConditionallySpeculatable): Pure ops are always speculatable; ops with
# RecursivelySpeculatable are when everything nested in them is; an op may instead declare
# `speculatability=fn(op)` (extra kw of Op) returning "always", "recursive" or None (not).
ALWAYS_SPECULATABLE = "AlwaysSpeculatable"
RECURSIVELY_SPECULATABLE = "RecursivelySpeculatable"


# -- constants ---------------------------------------------------------------------------------
def constant_value(op):
    """The Attribute a ConstantLike op produces (m_Constant), else None."""
    d = op.opdef
    if d is None or CONSTANT_LIKE not in d.traits or len(op.results) != 1:
        return None
    if d.fold is not None:
        r = d.fold(op, [None] * len(op.operand_slots))
        if isinstance(r, (list, tuple)):
            r = r[0] if r else None
        return None if isinstance(r, Value) else r
    return op.get_attr("value")


def operand_constants(op):
    out = []
    for s in op.operand_slots:
        d = s.value.defining_op() if hasattr(s.value, "defining_op") else None
        out.append(constant_value(d) if d is not None else None)
    return out


def fold_op(op):
    """Runs op's fold hook: None (no fold), [] (folded in place) or a list of
    Attribute-or-Value, one per result."""
    d = op.opdef
    if d is None:
        return None
    consts = operand_constants(op)
    r = d.fold(op, consts) if d.fold is not None else None
    if r is not None:
        if not isinstance(r, (list, tuple)):
            r = [r]
        if len(r) == 1 and len(op.results) == 1 and r[0] is op.results[0]:
            # folded in place - unless the op uses its own result (possible in unreachable
            # code), where "fold to itself" (x + 0 -> x) changes nothing and would be
            # retried forever
            r = None if _uses_own_result(op) else []
        elif not r:  # an empty list: folded in place (multi-result ops)
            pass
        elif len(r) != len(op.results) or any(x is None for x in r):
            r = None
    if (r is None or r == []) and COMMUTATIVE in d.traits and _fold_commutative(op, consts):
        return []
    return None if r is None else list(r)


def _uses_own_result(op):
    res = op.results[0]
    return any(sl.value is res for sl in op.operand_slots)


def _fold_commutative(op, consts):
    """Moves constant operands to the end (the Commutative trait's fold), keeping order."""
    n = len(consts)
    if n < 2:
        return False
    seen_constant = False
    for c in consts:
        if c is not None:
            seen_constant = True
        elif seen_constant:
            break  # a constant before a non-constant: reorder
    else:
        return False  # (the constants are already last)
    order = [i for i in range(n) if consts[i] is None] + [i for i in range(n)
                                                          if consts[i] is not None]
    if order == list(range(n)):
        return False
    vals = [op.operand_slots[i].value for i in order]
    for i, v in enumerate(vals):
        op.operand_slots[i].set(v)
    return True


def materialize_constant(rewriter, ctx, dialect_name, attr, type_, loc):
    """Asks the dialect (its `materialize_constant(rewriter, attr, type, loc)` hook) to build
    a constant op; None if it cannot."""
    dialect = ctx.dialects.get(dialect_name) if ctx is not None else None
    fn = getattr(dialect, "materialize_constant", None)
    if fn is None:
        return None
    return fn(rewriter, attr, type_, loc)


def create_or_fold(builder, name, operands, result_types, loc, properties=None):
    """MLIR's OpBuilder::createOrFold: builds op `name` at the builder's insertion point and
    folds it at once. Returns the result Values: the op's own (not folded, or folded in place),
    or the fold's values, with constants materialized by the op's dialect (the op is then
    erased). Constant-like ops are returned unfolded."""
    op = builder.create(name, operands, result_types, properties=properties, loc=loc)
    d = op.opdef
    if d is None or CONSTANT_LIKE in d.traits:
        return list(op.results)
    r = fold_op(op)
    if not r:
        return list(op.results)
    out, made = [], []
    for x, res in zip(r, op.results):
        if isinstance(x, Value):
            out.append(x)
            continue
        c = materialize_constant(builder, builder.ctx, d.dialect_name, x, res.type, loc)
        if c is None:  # the dialect cannot build it: keep the op
            for m in made:
                m.erase()
            return list(op.results)
        made.append(c)
        out.append(c.results[0])
    op.erase()
    return out


# -- side effects ------------------------------------------------------------------------------
def op_effects(op):
    """None: unknown (assume anything); else a set drawn from read/write/alloc/free."""
    d = op.opdef
    if d is None:
        return None
    tr = d.traits
    if PURE in tr or NO_MEMORY_EFFECT in tr or CONSTANT_LIKE in tr:
        if RECURSIVE_MEMORY_EFFECTS not in tr:
            return set()
    elif RECURSIVE_MEMORY_EFFECTS not in tr:
        eff = d.extra.get("effects")  # a set of kinds, or a function of the op giving one
        if eff is None:
            return None
        return eff(op) if callable(eff) else set(eff)
    acc = set()
    for r in op.regions:
        for b in r.blocks:
            o = b.first
            while o is not None:
                e = op_effects(o)
                if e is None:
                    return None
                acc |= e
                o = o.next
    return acc


def declared_effects(op):
    """The effects of an op implementing MemoryEffectOpInterface itself (declared effects,
    or none for a pure op), else None: unlike op_effects, a region op's nested effects are
    not its own (MLIR's dyn_cast<MemoryEffectOpInterface> + hasEffect)."""
    d = op.opdef
    if d is None:
        return None
    eff = d.extra.get("effects")
    if eff is not None:
        return eff(op) if callable(eff) else set(eff)
    tr = d.traits
    if (PURE in tr or NO_MEMORY_EFFECT in tr or CONSTANT_LIKE in tr) and \
            RECURSIVE_MEMORY_EFFECTS not in tr:
        return set()
    return None


def is_memory_effect_free(op):
    e = op_effects(op)
    return e is not None and not e


def speculatability(op):
    """getSpeculatability: "always", "recursive" or None (not speculatable)."""
    d = op.opdef
    if d is None:
        return None
    fn = d.extra.get("speculatability")
    if fn is not None:
        return fn(op)
    tr = d.traits
    if PURE in tr or ALWAYS_SPECULATABLE in tr:
        return "always"
    if RECURSIVELY_SPECULATABLE in tr:
        return "recursive"
    return None


def is_speculatable(op):
    """isSpeculatable: may op run where it was not going to (no UB, terminates)?"""
    s = speculatability(op)
    if s != "recursive":
        return s == "always"
    stack = [op]
    while stack:
        for r in stack.pop().regions:
            for b in r.blocks:
                for o in b:
                    s = speculatability(o)
                    if s is None:
                        return False
                    if s == "recursive":
                        stack.append(o)
    return True


def would_be_trivially_dead(op):
    d = op.opdef
    if d is None or TERMINATOR in d.traits or SYMBOL in d.traits:
        return False
    e = op_effects(op)
    return e is not None and e <= {"read", "alloc"}


def is_trivially_dead(op):
    for r in op.results:
        if r.first_use is not None:
            return False
    return would_be_trivially_dead(op)


# -- OperationFolder ---------------------------------------------------------------------------
# An op trait standing for a dialect's DialectFoldInterface::shouldMaterializeInto: constants
# folded inside the op's regions stay there.
MATERIALIZE_CONSTANTS_HERE = "MaterializeConstantsHere"


def insertion_region(block):
    """The region constants of an op in `block` are uniqued in: the nearest enclosing region
    whose parent is isolated from above (or unregistered, or top-level, or asks for it)."""
    while True:
        region = block.parent
        parent = region.parent
        if parent is None or parent.opdef is None or parent.opdef.isolated or \
                parent.parent is None or MATERIALIZE_CONSTANTS_HERE in parent.opdef.traits:
            return region
        block = parent.parent


class OperationFolder:
    """Uniques constants per insertion region and hoists them to its entry block's front."""

    def __init__(self, rewriter):
        self.rewriter = rewriter
        self.scopes = {}  # region -> {(dialect, attr, type): op}
        self.owned = {}  # op -> (table, key)

    def insert_known_constant(self, op, value):
        """False if op was replaced by an existing equal constant (and erased)."""
        block = op.parent
        if op in self.owned:
            if block.first is not op and op.prev not in self.owned:
                op.move_before(block.first)
                op.loc = UNKNOWN_LOC
            return True
        region = insertion_region(block)
        table = self.scopes.setdefault(region, {})
        key = (op.opdef.dialect_name if op.opdef else op.name, value, op.results[0].type)
        existing = table.get(key)
        if existing is not None:
            self.rewriter.replace_op(op, existing.results)
            existing.loc = UNKNOWN_LOC
            return False
        entry = region.blocks[0]
        if block is not entry or (entry.first is not op and op.prev not in self.owned):
            op.move_before(entry.first)
            op.loc = UNKNOWN_LOC
        table[key] = op
        self.owned[op] = (table, key)
        return True

    def notify_removal(self, op):
        entry = self.owned.pop(op, None)
        if entry is not None:
            table, key = entry
            if table.get(key) is op:
                del table[key]
