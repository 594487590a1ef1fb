"""`cse`: eliminate common sub-expressions, scoped by dominance (MLIR's CSE pass)."""
from __future__ import annotations

from pyopt.ir.opdef import COMMUTATIVE, TERMINATOR
from pyopt.ir.dominance import DomTree, has_ssa_dominance
from pyopt.ir.location import UnknownLoc
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import is_trivially_dead, op_effects


def _attr_key(op):
    """(properties, attributes) as hashable sets, or None when an attribute is unhashable."""
    try:
        props = frozenset(op.properties.items())
        attrs = frozenset(op.attributes.items())
        hash(props)
        hash(attrs)
    except TypeError:
        return None
    return props, attrs


def _key(op):
    vals = [s.value for s in op.operand_slots]
    d = op.opdef
    if d is not None and COMMUTATIVE in d.traits:
        vals = sorted(vals, key=id)
    ak = _attr_key(op)
    if ak is None:
        return None
    key = (op.name, tuple(vals), tuple(r.type for r in op.results)) + ak
    if op.regions:
        shape = _regions_shape(op)
        return None if shape is None else key + (shape,)
    return key


def _regions_shape(op):
    """A hashable description of op's regions that is equal for two ops exactly when their
    regions are equivalent as OperationEquivalence sees them (locations ignored): values and
    blocks defined inside are numbered in order, values from outside stand for themselves."""
    local = {}
    out = []

    def ref(v):
        n = local.get(v)
        return ("out", v) if n is None else n

    def visit(o):
        for r in o.regions:
            out.append(len(r.blocks))
            for b in r.blocks:
                local[b] = len(local)
            for b in r.blocks:
                for a in b.args:
                    local[a] = len(local)
                out.append(tuple(a.type for a in b.args))
                for inner in b:
                    for res in inner.results:
                        local[res] = len(local)
                    ak = _attr_key(inner)
                    if ak is None:
                        return False
                    out.append((inner.name, tuple(ref(s.value) for s in inner.operand_slots),
                                tuple(r.type for r in inner.results)) + ak +
                               (tuple(local[s] for s in inner.successors), len(inner.regions)))
                    if inner.regions and not visit(inner):
                        return False
        return True

    return tuple(out) if visit(op) else None


class _CSE:
    def __init__(self):
        self.to_erase = []
        self.num_cse = 0
        self.num_dce = 0

    def simplify_region(self, scopes, region):
        blocks = region.blocks
        if not blocks:
            return
        ssa = has_ssa_dominance(region)
        if len(blocks) == 1:
            scopes.append({})
            self.simplify_block(scopes, blocks[0], ssa)
            scopes.pop()
            return
        children = DomTree(region).children
        # DFS over the dominator tree; each block opens a scope
        stack = [(blocks[0], False)]
        while stack:
            b, done = stack.pop()
            if done:
                scopes.pop()
                continue
            scopes.append({})
            self.simplify_block(scopes, b, ssa)
            stack.append((b, True))
            for c in reversed(children.get(b, ())):
                stack.append((c, False))

    def simplify_block(self, scopes, block, ssa):
        for op in block:
            if op.regions:
                d = op.opdef
                if d is None or d.isolated:
                    for r in op.regions:
                        self.simplify_region([], r)
                else:
                    for r in op.regions:
                        self.simplify_region(scopes, r)
            self.simplify_op(scopes, op, ssa)

    def lookup(self, scopes, key):
        for s in reversed(scopes):
            e = s.get(key)
            if e is not None:
                return e
        return None

    def simplify_op(self, scopes, op, ssa):
        d = op.opdef
        if d is not None and TERMINATOR in d.traits:
            return
        if is_trivially_dead(op):
            self.to_erase.append(op)
            self.num_dce += 1
            return
        # as upstream, ops whose regions have several blocks are left alone
        if op.regions and any(len(r.blocks) > 1 for r in op.regions):
            return
        eff = op_effects(op)
        if eff is None or (eff and (eff != {"read"} or op.regions)):
            return  # region ops only read through their bodies: no effect interface upstream
        key = _key(op)
        if key is None:
            return
        existing = self.lookup(scopes, key)
        if eff:  # reads: only within a block with no writer in between
            if existing is not None and existing.parent is op.parent and \
                    not _side_effect_between(existing, op):
                self.replace(op, existing)
                return
            scopes[-1][key] = op
            return
        if existing is not None:
            self.replace(op, existing)
            self.num_cse += 1
            return
        scopes[-1][key] = op

    def replace(self, op, existing):
        for r, e in zip(op.results, existing.results):
            r.replace_all_uses_with(e)
        self.to_erase.append(op)
        if isinstance(existing.loc, UnknownLoc) and not isinstance(op.loc, UnknownLoc):
            existing.loc = op.loc


def _side_effect_between(a, b):
    op = a.next
    while op is not None and op is not b:
        e = op_effects(op)
        if e is None or e - {"read"}:
            return True
        op = op.next
    return False


@register_pass("cse", "Eliminate common sub-expressions", display_name="CSE",
               statistics=[("num-cse'd", "Number of operations CSE'd"),
                           ("num-dce'd", "Number of operations DCE'd")])
def cse(op, ctx, options):
    drv = _CSE()
    for r in op.regions:
        drv.simplify_region([], r)
    for dead in drv.to_erase:
        dead.erase()
    return {"num-cse'd": drv.num_cse, "num-dce'd": drv.num_dce}
