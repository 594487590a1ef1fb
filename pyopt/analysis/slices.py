"""Use-def slices (MLIR's SliceAnalysis / RegionUtils): the ops a value or an op depends on,
and the values a region uses from above."""
from __future__ import annotations


def used_values_defined_above(region):
    """getUsedValuesDefinedAbove: operands defined outside `region`, in the order a
    post-order walk (Region::walk) first uses them."""
    order = []
    for b in region.blocks:
        for o in list(b.ops):
            o.walk(order.append)
    seen, out = set(), []
    for n in order:
        for v in n.operands:
            blk = v.parent_block
            if v in seen or (blk is not None and region.is_ancestor_of_region(blk.parent)):
                continue
            seen.add(v)
            out.append(v)
    return out


def backward_slice(op, out, keep=None, inclusive=True):
    """getBackwardSlice: appends to the ordered dict `out` (used as a SetVector) every op `op`
    transitively depends on through operands (a block argument stands for the op owning its
    block), definitions first; `keep(op)` filters the ops entered; isolated-from-above ops
    stop the walk. Without `inclusive`, `op` itself is left out."""
    _backward(op, out, keep)
    if not inclusive:
        out.pop(op, None)
    return out


def backward_slice_of_value(v, out, keep=None, inclusive=True):
    d = v.defining_op()
    return backward_slice(d if d is not None else v.owner.parent_op, out, keep, inclusive)


def _backward(op, out, keep):
    if op is None or op.has_trait("IsolatedFromAbove"):
        return
    if keep is not None and not keep(op):
        return
    for v in op.operands:
        d = v.defining_op()
        if d is None:
            d = v.owner.parent_op
        if d is not None and d not in out:
            _backward(d, out, keep)
    out[op] = None
