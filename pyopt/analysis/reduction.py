"""matchReduction (MLIR 19 SliceAnalysis.cpp): is a loop- or op-carried block argument reduced
by a chain of pure single-use combiner ops ending in the region's terminator?"""
from __future__ import annotations

from pyopt.ir.opdef import TERMINATOR
from pyopt.rewrite.folding import is_memory_effect_free


def _might_be_terminator(op):
    d = op.opdef
    return d is None or TERMINATOR in d.traits


def match_reduction(args, pos):
    """(reduced value, combiner ops) of carried argument `pos` among `args` (all the carried
    arguments of the region), or (None, []). Only single-combiner chains match. The reduced
    value must not be a carried argument itself (upstream's backward slice stops at the
    region, so only the value itself is checked)."""
    carried = args[pos]
    if not carried.has_one_use():
        return None, []
    comb = next(iter(carried.users()))
    if len(comb.operand_slots) != 2:
        return None, []
    lhs, rhs = comb.operands  # (any binary combiner: positional by nature)
    reduced = rhs if lhs is carried else lhs
    region_op = carried.owner.parent_op
    if reduced in set(args):
        return None, []
    combiners = []
    while not _might_be_terminator(comb):
        if not is_memory_effect_free(comb) or len(comb.results) != 1 or \
                not comb.results[0].has_one_use() or comb.parent_op is not region_op:
            return None, []
        combiners.append(comb)
        comb = next(iter(comb.results[0].users()))
    if len(combiners) != 1 or pos >= len(comb.operand_slots) or \
            comb.operand(pos) is not combiners[-1].results[0]:
        return None, []
    return reduced, combiners
