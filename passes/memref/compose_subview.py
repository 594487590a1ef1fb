"""`test-compose-subview`: a subview of a subview becomes one subview of the original buffer.
Strides multiply, offsets add (the inner offset scaled by the outer stride; an affine.apply
when either is dynamic), sizes are the inner subview's. Both strides must be static, the
inner sizes too, and the outer subview must not drop dimensions. The outer subview is left
for dead code elimination."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant, symbol
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.memref.common import create_view


def _compose(op, rw):
    src = op.source
    inner = getattr(src, "owner", None)
    if getattr(inner, "name", None) != "memref.subview":
        return False
    if len(inner.source.type.shape) != len(src.type.shape):
        return False
    strides = []
    for a, b in zip(op.mixed_strides, inner.mixed_strides):
        if not isinstance(a, int) or not isinstance(b, int):
            return False
        strides.append(a * b)
    sizes = op.mixed_sizes
    if not all(isinstance(s, int) for s in sizes):
        return False
    offsets = []
    for off, src_off, src_stride in zip(op.mixed_offsets, inner.mixed_offsets,
                                        inner.mixed_strides):
        if isinstance(off, int) and isinstance(src_off, int):
            offsets.append(off * src_stride + src_off)
            continue
        operands = []
        if isinstance(src_off, int):
            expr = constant(src_off)
        else:
            expr = symbol(0)
            operands.append(src_off)
        if isinstance(off, int):
            expr = expr + off * src_stride
        else:
            expr = expr + symbol(len(operands)) * src_stride
            operands.append(off)
        m = AffineMap.get(0, len(operands), [expr])
        offsets.append(rw.create("affine.apply", operands, [INDEX],
                                 properties={"map": AffineMapAttr(m)}, loc=op.loc).results[0])
    new = create_view(rw, "memref.subview", op.results[0].type, inner.source, offsets,
                      sizes, strides, loc=op.loc)
    rw.replace_op(op, new)
    return True


PATTERNS = [RewritePattern("memref.subview", 1, _compose, "ComposeSubViewOpPattern")]


@register_pass("test-compose-subview", "Test combining composed subviews",
               display_name="TestComposeSubViewPass")
def test_compose_subview(op, ctx, options):
    apply_patterns_greedily(op, PATTERNS, ctx)
