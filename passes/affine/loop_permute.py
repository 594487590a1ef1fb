"""`test-loop-permutation`: permutes every perfect affine.for nest whose depth matches the
given permutation (loop i of the nest goes to position permutation[i]); the body moves to
whichever loop ends up innermost (upstream's permuteLoops)."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from passes.affine.tiling.loops import body, perfectly_nested


def _move_ops_to_front(src_block, dest_block, stop):
    """Moves src_block's ops before `stop` (exclusive) to the start of dest_block."""
    anchor = dest_block.first
    op = src_block.first
    while op is not stop:
        nxt = op.next
        op.move_before(anchor)
        op = nxt


def permute_loops(nest, perm):
    n = len(nest)
    inv = sorted((perm[i], i) for i in range(n))
    if perm[-1] != n - 1:
        src = body(nest[-1])
        _move_ops_to_front(src, body(nest[inv[-1][1]]), src.last)
    for i in range(n - 1, -1, -1):
        if perm[i] == 0:
            if i != 0:
                nest[i].move_before(nest[0])
            continue
        parent = inv[perm[i] - 1][1]
        if i > 0 and i - 1 == parent:
            continue
        dest = body(nest[parent])
        nest[i].move_before(dest.first)
    return inv[0][1]


@register_pass("test-loop-permutation", "Tests affine loop permutation utility",
               options=[PassOption("permutation-map", list, [],
                                   "Specify the loop permutation")])
def test_loop_permutation(op, ctx, options):
    perm = [int(x) for x in options["permutation-map"]]
    loops = []
    op.walk(lambda o: loops.append(o) if o.name == "affine.for" else None)
    for loop in loops:
        nest = perfectly_nested(loop)
        if len(nest) >= 2 and len(nest) == len(perm):
            permute_loops(nest, perm)
