"""`test-distinct-attrs`: every op with a `distinct.input` distinct attribute gets a fresh
`distinct.output` one referencing the same attribute."""
from __future__ import annotations

from pyopt.ir.attributes import DistinctAttr
from pyopt.pass_registry import register_pass


@register_pass("test-distinct-attrs", "Test parallel creation of distinct attributes",
               anchor="func.func")
def test_distinct_attrs(func, ctx, options):
    def visit(op):
        a = op.attributes.get("distinct.input")
        if type(a) is DistinctAttr:
            op.attributes["distinct.output"] = DistinctAttr(a.referenced)
    func.walk(visit)


def _first_mod(e):
    """Post-order search for a `mod` node (the walk stops at the first one)."""
    from pyopt.ir.affine import AffineExprKind
    if hasattr(e, "lhs"):
        if _first_mod(e.lhs) or _first_mod(e.rhs):
            return True
    return e.kind is AffineExprKind.MOD


@register_pass("test-affine-walk", "Test affine walk method.", anchor="builtin.module")
def test_affine_walk(module, ctx, options):
    from pyopt.ir.attributes import AffineMapAttr
    from pyopt.ir.diagnostics import Diagnostic
    engine = getattr(ctx, "diag_engine", None)

    def visit(op):
        attrs = dict(op.attributes)
        attrs.update(op.properties)
        for name in sorted(attrs):
            a = attrs[name]
            if type(a) is not AffineMapAttr:
                return  # (as upstream: the first other attribute ends the op's scan)
            for e in a.value.results:
                if _first_mod(e) and engine is not None:
                    engine.emit(Diagnostic("remark", op.loc, "mod expression: "))
    module.walk(visit)
