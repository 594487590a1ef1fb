"""Replacement values: what a reduction puts in place of a value it removes.

The simplest value of the type that is available where it is needed: a block argument of an
enclosing block (function arguments first), then a constant already there, then a new zero
constant (`arith.constant`), then `ub.poison`, which every type has. Only values that
dominate the insertion point are offered: arguments of enclosing blocks and results of ops
before it in enclosing blocks, up to the nearest op isolated from above."""
from __future__ import annotations

from pyopt.dialects.llvm.folds import zero_attr
from pyopt.dialects.ub import POISON
from pyopt.ir.opdef import CONSTANT_LIKE, ISOLATED
from pyopt.rewrite.folding import materialize_constant
from pyopt.rewrite.rewriter import Builder


def _scopes(op):
    """(block, op in that block at or above `op`) from the innermost block outwards."""
    while op.parent is not None:
        block = op.parent
        yield block, op
        parent = block.parent_op
        if parent is None or parent.has_trait(ISOLATED):
            return
        op = parent


def available(op, type_, exclude=None):
    """Values of `type_` usable by `op` (and by anything replacing it), simplest first."""
    scopes = list(_scopes(op))
    args, consts = [], []
    for block, anchor in reversed(scopes):  # (outermost first: function arguments lead)
        entry = block.parent.blocks[0] if block.parent is not None else block
        if entry is not block:  # (the region's entry block dominates the others)
            args.extend(a for a in entry.args if a.type == type_)
        args.extend(a for a in block.args if a.type == type_ and a is not exclude)
        prev = anchor.prev
        while prev is not None:
            if prev.has_trait(CONSTANT_LIKE):
                consts.extend(r for r in prev.results if r.type == type_)
            prev = prev.prev
    return args + consts


def replacement(op, type_, ctx, exclude=None):
    """A value of `type_` for a use by `op` (or by ops in its place): an available one, or a
    new constant created right before `op`. `exclude`: a value being replaced."""
    found = available(op, type_, exclude)
    if found:
        return found[0]
    return new_constant(op, type_, ctx)


def new_constant(before, type_, ctx):
    """The zero of `type_` (poison when it has none), materialized by the arith dialect."""
    b = Builder(ctx)
    b.set_insertion_point(before)
    attr = zero_attr(type_)
    op = materialize_constant(b, ctx, "arith", POISON if attr is None else attr, type_,
                              before.loc)
    return op.results[0]


def replace_results(op, ctx):
    """Gives every used result of `op` a replacement value, so that `op` can go."""
    for r in op.results:
        if r.has_uses():
            r.replace_all_uses_with(replacement(op, r.type, ctx))
