"""getMemoryFootprintBytes: bytes of the memref regions a loop nest touches. Each affine
load/store contributes the bounding box of its subscripts over the constant ranges of the
loops inside the nest (a subscript whose range is unknown spans its whole static dimension);
boxes of one memref are united, and the total is the sum of box sizes times element sizes."""
from __future__ import annotations

from pyopt.ir.affine import AffineExprKind
from pyopt.ir.types import FloatType, IntegerType, VectorType, INDEX
from passes.affine.tiling.loops import iv, lb_map, step, ub_map

_ACCESS = {"affine.load": (0, 1), "affine.vector_load": (0, 1),
           "affine.store": (1, 2), "affine.vector_store": (1, 2)}


def _elt_bytes(t):
    e = t.element_type
    if isinstance(e, VectorType):
        inner = e.element_type
        if not isinstance(inner, (IntegerType, FloatType)) and inner is not INDEX:
            return None
        bits = (64 if inner is INDEX else inner.width)
        for d in e.shape:
            bits *= d
    elif isinstance(e, (IntegerType, FloatType)):
        bits = e.width
    elif e is INDEX:
        bits = 64
    else:
        return None
    return -(-bits // 8)


def _range(e, dims, syms):
    """[lo, hi] of expression e over operand ranges (None: unknown)."""
    k = e.kind
    if k is AffineExprKind.CONSTANT:
        return e.value, e.value
    if k is AffineExprKind.DIM:
        return dims[e.position]
    if k is AffineExprKind.SYMBOL:
        return syms[e.position]
    a = _range(e.lhs, dims, syms)
    b = _range(e.rhs, dims, syms)
    if a is None or b is None:
        return None
    if k is AffineExprKind.ADD:
        return a[0] + b[0], a[1] + b[1]
    if k is AffineExprKind.MUL:
        c = [x * y for x in a for y in b]
        return min(c), max(c)
    return None


def _loop_ranges(root):
    out = {}
    for o in root.walk_ops():
        if o.name != "affine.for":
            continue
        lb, ub = lb_map(o), ub_map(o)
        if lb.is_single_constant() and ub.is_single_constant():
            lo, hi = lb.results[0].value, ub.results[0].value - 1
            if hi >= lo:
                hi = lo + (hi - lo) // step(o) * step(o)
                out[iv(o)] = (lo, hi)
    return out


def memory_footprint_bytes(root):
    ranges = _loop_ranges(root)
    boxes = {}
    for o in root.walk_ops():
        spec = _ACCESS.get(o.name)
        if spec is None:
            continue
        memref = o.operands[spec[0]]
        m = o.properties.get("map") or o.attributes.get("map")
        if m is None:
            return None
        m = m.value
        idx = o.operands[spec[1]:spec[1] + m.num_inputs]
        vals = [ranges.get(v) for v in idx]
        shape = memref.type.shape
        box = []
        for d, e in enumerate(m.results):
            r = _range(e, vals[:m.num_dims], vals[m.num_dims:])
            if r is None:
                if shape[d] < 0:
                    return None
                r = (0, shape[d] - 1)
            box.append(r)
        old = boxes.get(memref)
        boxes[memref] = box if old is None else [
            (min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(old, box)]
    total = 0
    for memref, box in boxes.items():
        size = _elt_bytes(memref.type)
        if size is None:
            return None
        for lo, hi in box:
            size *= hi - lo + 1
        total += size
    return total
