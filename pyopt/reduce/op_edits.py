"""Reductions on single ops: erase an op (its used results replaced by simpler values), bypass
an op (a use of its result takes one of its operands instead), inline a region of an op in its
place (`scf.if` by one branch, a loop by one iteration's body), and drop an op's discardable
attributes.

A reduction is a `sites(module)` list (positions in the module, found again in a clone by
walking it the same way) and `apply(module, ctx, sites) -> changed`; the driver tries chunks
of sites, largest first."""
from __future__ import annotations

from pyopt.ir.opdef import ISOLATED, SYMBOL_TABLE, TERMINATOR
from pyopt.reduce.scope import available, replace_results, replacement
from pyopt.rewrite.folding import is_trivially_dead
from pyopt.rewrite.rewriter import PatternRewriter


def walk_list(module):
    return list(module.walk_ops())


def _depth(op, top):
    d = 0
    while op is not top and op.parent is not None:
        op = op.parent.parent_op
        d += 1
    return d


class EraseOps:
    """Erase ops, shallow ones first (a whole function before its body's ops)."""
    name = "erase-ops"

    def sites(self, module):
        ops = walk_list(module)
        keyed = [(_depth(op, module), i) for i, op in enumerate(ops)
                 if i and not op.has_trait(TERMINATOR)]
        return [i for _, i in sorted(keyed)]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed = False
        for i in sorted(sites, reverse=True):  # (nested ops and users before their parents)
            op = ops[i]
            if op.parent is None:  # inside an op erased already
                continue
            replace_results(op, ctx)
            op.erase()
            changed = True
        return changed


def _bypass(value):
    """An operand of `value`'s defining op of the same type (what a use can take instead)."""
    d = value.defining_op()
    if d is None:
        return None
    return next((v for v in d.operands if v.type == value.type and v is not value), None)


class BypassOps:
    """Short-cut a chain: a use of `x = f(a, ...)` takes `a` (so `f` may go next)."""
    name = "bypass-ops"

    def sites(self, module):
        return [(i, k) for i, op in enumerate(walk_list(module))
                for k, v in enumerate(op.operands) if _bypass(v) is not None]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed = False
        for i, k in sorted(sites, reverse=True):
            op = ops[i]
            v = _bypass(op.operands[k]) if op.parent is not None else None
            if v is not None:
                old = op.operands[k].defining_op()
                op.set_operand(k, v)
                if old.parent is not None and is_trivially_dead(old):
                    old.erase()  # (else the candidate is no smaller)
                changed = True
        return changed


class DropAttributes:
    """Drop discardable attributes (the inherent ones are properties: the verifier would
    refuse an op without a required one anyway)."""
    name = "drop-attributes"

    def sites(self, module):
        return [(i, name) for i, op in enumerate(walk_list(module)) if i
                for name in sorted(op.attributes)]

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        for i, name in sites:
            ops[i].attributes.pop(name, None)
        return bool(sites)


def _inlinable(op):
    return op.regions and not op.has_trait(ISOLATED) and not op.has_trait(SYMBOL_TABLE)


class InlineRegions:
    """Put the body of one region of an op (single block) in place of the op: its block
    arguments become the op's operands of the same type (or other simple values), the op's
    results the values its terminator yields."""
    name = "inline-regions"

    def sites(self, module):
        out = []
        for i, op in enumerate(walk_list(module)):
            if i and _inlinable(op):
                out.extend((i, k) for k, r in enumerate(op.regions) if len(r.blocks) == 1)
        return out

    def apply(self, module, ctx, sites):
        ops = walk_list(module)
        changed, done = False, set()
        for i, k in sorted(sites, reverse=True):
            op = ops[i]
            if op.parent is None or i in done:
                continue
            done.add(i)
            changed |= _inline(op, op.regions[k].blocks[0], ctx)
        return changed


def _inline(op, block, ctx):
    args = []
    for arg in block.args:
        same = [v for v in op.operands if v.type == arg.type] or available(op, arg.type)
        args.append(same[0] if same else replacement(op, arg.type, ctx))
    term = block.last
    yielded = []
    if term is not None and term.has_trait(TERMINATOR):
        yielded = term.operands
        term.erase()
    if [v.type for v in yielded] == [r.type for r in op.results]:
        for r, v in zip(op.results, yielded):
            r.replace_all_uses_with(v)
    PatternRewriter(ctx).inline_block_before(block, op.parent, op, args)
    replace_results(op, ctx)
    op.erase()
    return True
