"""`affine-simplify-structures`: simplifies every affine map attribute (each result through
its flat form) and integer set attribute (through its constraint system: empty sets become
`1 == 0`, redundant constraints go), then applies the canonicalization patterns and folds of
the affine.for / affine.if / affine.apply ops to those ops (and what they create)."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.simplify import simplify_integer_set
from pyopt.dialects.affine.canonicalize import simplify_map
from pyopt.ir.attributes import AffineMapAttr, IntegerSetAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
from pyopt.rewrite.pattern import canonicalization_patterns, PatternSet

_ROOTS = ("affine.for", "affine.if", "affine.apply")


def _simplified(attr, memo):
    out = memo.get(attr)
    if out is None:
        if type(attr) is AffineMapAttr:
            m = simplify_map(attr.value)
            out = attr if m == attr.value else AffineMapAttr(m)
        else:
            s = simplify_integer_set(attr.value)
            out = attr if s == attr.value else IntegerSetAttr(s)
        memo[attr] = out
    return out


@register_pass("affine-simplify-structures", "Simplify affine expressions in maps/sets and "
               "normalize memrefs", anchor="func.func",
               display_name="SimplifyAffineStructures")
def affine_simplify_structures(func, ctx, options):
    memo = {}
    to_simplify = []
    for op in func.walk_ops():
        for store in (op.properties, op.attributes):
            for name, attr in list(store.items()):
                if type(attr) in (AffineMapAttr, IntegerSetAttr):
                    new = _simplified(attr, memo)
                    if new is not attr:
                        store[name] = new
        if op.name in _ROOTS:
            to_simplify.append(op)
    all_patterns = canonicalization_patterns(ctx)
    patterns = PatternSet([p for r in _ROOTS for p in all_patterns.for_op(r)])
    apply_op_patterns_and_fold(to_simplify, patterns, ctx)
