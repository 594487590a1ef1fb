"""Small queries about the affine loop structure around an op."""
from __future__ import annotations

from pyopt.ir.core import BlockArgument
from pyopt.ir.opdef import AFFINE_SCOPE


def _is_scope(op):
    return op.opdef is not None and AFFINE_SCOPE in op.opdef.traits


def for_iv_owner(value):
    """The affine.for whose induction variable `value` is, else None."""
    if type(value) is not BlockArgument or value.index != 0:
        return None
    op = value.owner.parent_op
    return op if op is not None and op.name == "affine.for" else None


def parallel_iv_owner(value):
    if type(value) is not BlockArgument:
        return None
    op = value.owner.parent_op
    return op if op is not None and op.name == "affine.parallel" else None


def is_affine_iv(value):
    return for_iv_owner(value) is not None or parallel_iv_owner(value) is not None


def for_iv(op):
    return op.regions[0].blocks[0].args[0]


def parallel_ivs(op):
    return list(op.regions[0].blocks[0].args)


def enclosing_affine_ops(op):
    """affine.for / affine.if / affine.parallel ancestors inside the affine scope,
    outermost first (getEnclosingAffineOps)."""
    out = []
    cur = op.parent_op
    while cur is not None and not _is_scope(cur):
        if cur.name in ("affine.for", "affine.if", "affine.parallel"):
            out.append(cur)
        cur = cur.parent_op
    out.reverse()
    return out


def enclosing_fors(op):
    """affine.for ancestors inside the affine scope, outermost first (getAffineForIVs)."""
    out = []
    cur = op.parent_op
    while cur is not None and not _is_scope(cur):
        if cur.name == "affine.for":
            out.append(cur)
        cur = cur.parent_op
    out.reverse()
    return out


def affine_ivs(op):
    """IVs of every enclosing affine.for / affine.parallel, outermost first (getAffineIVs)."""
    out = []
    cur = op.parent_op
    while cur is not None:
        if cur.name == "affine.for":
            out.append([for_iv(cur)])
        elif cur.name == "affine.parallel":
            out.append(parallel_ivs(cur))
        cur = cur.parent_op
    return [v for group in reversed(out) for v in group]


def num_common_surrounding_loops(a, b):
    ia, ib = affine_ivs(a), affine_ivs(b)
    n = 0
    for x, y in zip(ia, ib):
        if x is not y:
            break
        n += 1
    return n


def affine_scope(op):
    cur = op.parent_op
    while cur is not None and not _is_scope(cur):
        cur = cur.parent_op
    return cur


def ancestor_blocks_in_scope(op):
    """The blocks containing `op`, its parent, ... up to the block of the scope's body."""
    out = []
    block = op.parent
    while block is not None:
        out.append(block)
        parent = block.parent_op
        if parent is None or _is_scope(parent):
            break
        block = parent.parent
    return out


def common_block_in_scope(a, b):
    ba, bb = ancestor_blocks_in_scope(a), ancestor_blocks_in_scope(b)
    common = None
    i, j = len(ba) - 1, len(bb) - 1
    while i >= 0 and j >= 0 and ba[i] is bb[j]:
        common = ba[i]
        i -= 1
        j -= 1
    return common


def ancestor_in_block(block, op):
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op
