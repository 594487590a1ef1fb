"""`test-make-isolated-from-above`: each test.one_region_with_operands_op becomes a
test.isolated_one_region_op whose region takes the values it captured as extra entry block
arguments (makeRegionIsolatedFromAbove). Options choose which defining ops are cloned into the
region instead of captured: none (`simple`), those without operands, or all."""
from __future__ import annotations

from collections import deque

from pyopt.ir.core import Region
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.test.misc.scf_if_outline import used_values_defined_above


def _topological(ops):
    """computeTopologicalSorting: repeated sweeps; each op whose operands are ready is swapped
    into the next scheduled slot (so the order among ready ops can change)."""
    ops = list(ops)
    unscheduled = {id(o) for o in ops}

    def ready(op):
        for v in op.operands:
            p = v.owner if hasattr(v.owner, "opdef") else None
            while p is not None:
                if p is op:
                    break
                if id(p) in unscheduled:
                    return False
                p = p.parent_op
        return all(ready(n) for r in op.regions for b in r.blocks for n in b)
    nxt = 0
    while unscheduled:
        progress = False
        for i in range(nxt, len(ops)):
            if not ready(ops[i]):
                continue
            unscheduled.discard(id(ops[i]))
            ops[i], ops[nxt] = ops[nxt], ops[i]
            nxt += 1
            progress = True
        if not progress:
            unscheduled.discard(id(ops[nxt]))
            nxt += 1
    return ops


def make_region_isolated_from_above(rw, region, clone_into):
    """Returns the values now passed in (the new trailing entry block arguments)."""
    worklist = deque(used_values_defined_above(region))
    visited, visited_ops = set(), set()
    captured, cloned = [], []
    while worklist:
        v = worklist.popleft()
        if id(v) in visited:
            continue
        visited.add(id(v))
        d = v.owner if hasattr(v.owner, "opdef") else None
        if d is None or id(d) in visited_ops:
            captured.append(v)
            continue
        visited_ops.add(id(d))
        if not clone_into(d):
            captured.append(v)
            continue
        for x in d.operands:
            if id(x) not in visited:
                worklist.append(x)
        cloned.append(d)
    cloned = _topological(cloned)
    entry = region.blocks[0]
    types = [a.type for a in entry.args] + [v.type for v in captured]
    locs = [a.loc for a in entry.args] + [v.owner.loc if hasattr(v.owner, "opdef") else
                                          v.loc for v in captured]
    nb = rw.create_block(region, types, locs, before=entry)
    n = len(entry.args)

    def in_region(use):
        b = use.owner.parent
        return b is not None and b.parent is region
    mapping = {}
    for a, v in zip(nb.args[n:], captured):
        mapping[v] = a
        v.replace_uses_if(a, in_region)
    rw.set_insertion_point_to_end(nb)  # (nb is still empty)
    for o in cloned:
        new = rw.clone(o, mapping)
        for r, nr in zip(o.results, new.results):
            mapping[r] = nr
            r.replace_uses_if(nr, in_region)
    rw.merge_blocks(entry, nb, list(nb.args[:n]))
    return captured


class MakeIsolated(RewritePattern):
    root = "test.one_region_with_operands_op"

    def __init__(self, clone_into):
        self.clone_into = clone_into

    def match_and_rewrite(self, op, rw):
        region = op.regions[0]
        captured = make_region_isolated_from_above(rw, region, self.clone_into)
        rw.set_insertion_point(op)
        new = rw.create("test.isolated_one_region_op", list(op.operands) + captured, [],
                        regions=[Region()], loc=op.loc)
        rw.inline_region_before(region, new.regions[0], None)
        rw.erase_op(op)
        return True


_MODES = {"simple": lambda o: False,
          "clone-ops-with-no-operands": lambda o: not o.operands,
          "clone-ops-with-operands": lambda o: True}


@register_pass("test-make-isolated-from-above", "Test making a region isolated from above",
               anchor="func.func",
               options=[PassOption("simple", bool, False,
                                   "Test simple case with no cloning of operations"),
                        PassOption("clone-ops-with-no-operands", bool, False,
                                   "Test case with cloning of operations with no operands"),
                        PassOption("clone-ops-with-operands", bool, False,
                                   "Test case with cloning of operations with no operands")],
               display_name="TestMakeIsolatedFromAbovePass")
def test_make_isolated(op, ctx, options):
    for mode, fn in _MODES.items():
        if options.get(mode):
            apply_patterns_greedily(op, [MakeIsolated(fn)], ctx,
                                    GreedyConfig(region_simplification="aggressive"))
            return
