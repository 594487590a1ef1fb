"""Whether two tensor dimensions are provably equal (MLIR's ValueBoundsConstraintSet::areEqual
for the cases that need no arithmetic): each dimension is traced to a canonical form - a
static size, or the dimension of a value no op explains further - through the ops that pass
sizes along (destination-style results take their init's sizes, extract_slice its size
operands, tensor.empty its dynamic sizes, tensor.cast its source's, tensor.dim / constants
for index values). Equal forms mean equal sizes; different forms mean "not known equal"."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.ir.types import DYNAMIC
from pyopt.rewrite.matchers import constant_int

_DEPTH = 32  # (a chain longer than this is not traced: "not known equal")


def _index_form(x, depth):
    c = constant_int(x)
    if c is not None:
        return ("const", c)
    d = x.defining_op()
    if d is not None and d.name in ("tensor.dim", "memref.dim") and depth > 0:
        i = constant_int(d.index)
        src = d.source
        if i is not None and hasattr(src.type, "shape") and 0 <= i < len(src.type.shape):
            return dim_form(src, i, depth - 1)
    return ("index", x)


def dim_form(v, i, depth=_DEPTH):
    """The canonical form of dimension `i` of shaped value `v`."""
    s = v.type.shape[i]
    if s != DYNAMIC:
        return ("const", s)
    if depth <= 0 or type(v) is not OpResult:
        return ("dim", v, i)
    d = v.owner
    name = d.name
    if name == "tensor.extract_slice":
        from pyopt.dialects.tensor.slice_patterns import slice_dropped_dims
        dropped = slice_dropped_dims(d)
        kept = [k for k in range(len(d.source.type.shape)) if k not in dropped]
        return _index_form(d.mixed_sizes[kept[i]], depth - 1) if i < len(kept) else ("dim", v, i)
    if name == "tensor.empty":
        k = sum(1 for s in v.type.shape[:i] if s == DYNAMIC)
        return _index_form(d.dynamicSizes[k], depth - 1)
    if name == "tensor.cast":
        return dim_form(d.source, i, depth - 1)
    from pyopt.interfaces.destination_style import init_indices, is_destination_style
    if is_destination_style(d):
        inits = init_indices(d)
        if v.index < len(inits):
            return dim_form(d.operand(inits[v.index]), i, depth - 1)
    return ("dim", v, i)


def same_dim_size(a, i, b, j):
    """Are dimension `i` of `a` and dimension `j` of `b` known to be equal?"""
    fa, fb = dim_form(a, i), dim_form(b, j)
    if fa[0] != fb[0] or len(fa) != len(fb):
        return False
    return all(x is y or (type(x) is int and x == y) or (type(x) is str and x == y)
               for x, y in zip(fa, fb))
