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
