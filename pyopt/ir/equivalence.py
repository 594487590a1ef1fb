"""Structural equivalence of operations (MLIR's OperationEquivalence::isEquivalentTo):
same name, attributes, properties, counts and result types; operands equal or already
paired; regions equivalent block by block, with blocks and values paired as they are met."""
from __future__ import annotations


def ops_equivalent(lhs, rhs, ignore_locations=True, values=None):
    """`values` maps lhs values (and blocks) to the rhs ones found equivalent so far."""
    return _ops(lhs, rhs, ignore_locations, {} if values is None else values)


def _ops(lhs, rhs, ignore_locs, m):
    if lhs is rhs:
        return True
    if lhs.name != rhs.name or lhs.attributes != rhs.attributes or \
            len(lhs.regions) != len(rhs.regions) or \
            len(lhs.successor_slots) != len(rhs.successor_slots) or \
            len(lhs.operand_slots) != len(rhs.operand_slots) or \
            len(lhs.results) != len(rhs.results) or lhs.properties != rhs.properties:
        return False
    if not ignore_locs and lhs.loc != rhs.loc:
        return False
    for ls, rs in zip(lhs.operand_slots, rhs.operand_slots):
        lv, rv = ls.value, rs.value
        if lv is rv:
            continue
        if lv.type != rv.type or m.get(lv) is not rv:
            return False
    for lr, rr in zip(lhs.results, rhs.results):
        if lr.type != rr.type:
            return False
        m[lr] = rr
    for lr, rr in zip(lhs.regions, rhs.regions):
        if not _regions(lr, rr, ignore_locs, m):
            return False
    return True


def regions_equivalent(lhs, rhs, ignore_locations=True, values=None):
    """OperationEquivalence::isRegionEquivalentTo, pairing blocks and values in `values`."""
    return _regions(lhs, rhs, ignore_locations, {} if values is None else values)


def _regions(lhs, rhs, ignore_locs, m):
    if len(lhs.blocks) != len(rhs.blocks):
        return False
    # blocks and their arguments are paired first: branches and uses may refer to blocks
    # later in the list
    for lb, rb in zip(lhs.blocks, rhs.blocks):
        if len(lb.args) != len(rb.args) or m.setdefault(lb, rb) is not rb:
            return False
        for la, ra in zip(lb.args, rb.args):
            if la.type != ra.type or (not ignore_locs and la.loc != ra.loc):
                return False
            m[la] = ra
    for lb, rb in zip(lhs.blocks, rhs.blocks):
        lo, ro = lb.first, rb.first
        while lo is not None and ro is not None:
            if not _ops(lo, ro, ignore_locs, m):
                return False
            for ls, rs in zip(lo.successor_slots, ro.successor_slots):
                if m.get(ls.block) is not rs.block:
                    return False
            lo, ro = lo.next, ro.next
        if lo is not None or ro is not None:
            return False
    return True


def same_op_kind(lhs, rhs):
    """isEquivalentTo with ignoreValueEquivalence: same name, attributes, properties, counts,
    operand and result types; which values are used does not matter."""
    if lhs is rhs:
        return True
    if lhs.name != rhs.name or lhs.attributes != rhs.attributes or \
            lhs.properties != rhs.properties or len(lhs.regions) != len(rhs.regions) or \
            len(lhs.successor_slots) != len(rhs.successor_slots) or \
            len(lhs.operand_slots) != len(rhs.operand_slots) or \
            len(lhs.results) != len(rhs.results):
        return False
    return all(a.value.type == b.value.type for a, b in zip(lhs.operand_slots, rhs.operand_slots)) \
        and all(a.type == b.type for a, b in zip(lhs.results, rhs.results))
