"""Static def-use slices of an op (upstream's SliceAnalysis): the ops it transitively feeds
(forward), the ops it transitively uses (backward), and the closure of both."""
from __future__ import annotations

from pyopt.ir.opdef import ISOLATED


def _forward(op, seen, out):
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                if o not in seen:
                    _forward(o, seen, out)
    for res in op.results:
        for user in res.users():
            if user not in seen:
                _forward(user, seen, out)
    if op not in seen:
        seen.add(op)
        out.append(op)


def forward_slice(op):
    """The users of `op`'s results (and of ops nested in it), transitively, in topological
    order, without `op`."""
    seen, out = set(), []
    _forward(op, seen, out)
    out.reverse()
    return [o for o in out if o is not op]


def _isolated(op):
    d = op.opdef
    return d is not None and ISOLATED in d.traits


def _backward(op, seen, out):
    if op is None or _isolated(op):
        return
    for v in op.operands:
        d = v.defining_op()
        if d is not None:
            if d not in seen:
                _backward(d, seen, out)
        else:
            p = v.owner.parent_op
            if p is not None and p not in seen:
                _backward(p, seen, out)
    if op not in seen:
        seen.add(op)
        out.append(op)


def backward_slice(op):
    seen, out = set(), []
    _backward(op, seen, out)
    return [o for o in out if o is not op]


def _topological(ops):
    """Ops of `ops` in IR pre-order (dominance order for single-block regions)."""
    if len(ops) <= 1:
        return list(ops)
    want = set(ops)
    root = ops[0]
    while root.parent_op is not None:
        root = root.parent_op
    return [o for o in root.walk_ops() if o in want]


def full_slice(op):
    """getSlice: backward and forward slices, closed under both."""
    slice_, members = [op], {op}
    i = 0
    while i < len(slice_):
        cur = slice_[i]
        for o in backward_slice(cur) + forward_slice(cur):
            if o not in members:
                members.add(o)
                slice_.append(o)
        i += 1
    return _topological(slice_)
