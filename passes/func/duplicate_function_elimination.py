"""`duplicate-function-elimination`: func.func ops equal up to their name (same properties
but sym_name, same discardable attributes, structurally equal bodies ignoring locations) are
merged into the first of them; func.call ops are redirected to it and the others erased."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr
from pyopt.pass_registry import register_pass


def regions_equivalent(lhs, rhs, mapping):
    """OperationEquivalence::isRegionEquivalentTo (locations ignored): `mapping` pairs the
    values and blocks of lhs with those of rhs as they are matched."""
    if len(lhs.blocks) != len(rhs.blocks):
        return False
    for lb, rb in zip(lhs.blocks, rhs.blocks):
        if len(lb.args) != len(rb.args):
            return False
        for la, ra in zip(lb.args, rb.args):
            if la.type != ra.type:
                return False
            mapping[la] = ra
        mapping[lb] = rb
    for lb, rb in zip(lhs.blocks, rhs.blocks):
        lo, ro = lb.first, rb.first
        while lo is not None and ro is not None:
            if not ops_equivalent(lo, ro, mapping):
                return False
            lo, ro = lo.next, ro.next
        if lo is not None or ro is not None:
            return False
    return True


def ops_equivalent(lhs, rhs, mapping):
    if lhs.name != rhs.name or lhs.attributes != rhs.attributes or \
            lhs.properties != rhs.properties or \
            len(lhs.operand_slots) != len(rhs.operand_slots) or \
            len(lhs.results) != len(rhs.results) or len(lhs.regions) != len(rhs.regions) or \
            len(lhs.successor_slots) != len(rhs.successor_slots):
        return False
    for lr, rr in zip(lhs.results, rhs.results):
        if lr.type != rr.type:
            return False
    for ls, rs in zip(lhs.operand_slots, rhs.operand_slots):
        lv, rv = ls.value, rs.value
        if lv is not rv and mapping.get(lv) is not rv:
            return False
    for ls, rs in zip(lhs.successor_slots, rhs.successor_slots):
        if mapping.get(ls.block) is not rs.block:
            return False
    for lr, rr in zip(lhs.regions, rhs.regions):
        if not regions_equivalent(lr, rr, mapping):
            return False
    for lr, rr in zip(lhs.results, rhs.results):
        mapping[lr] = rr
    return True


def _signature(f):
    """A cheap key: equivalent functions share it (a stand-in for upstream's hash)."""
    props = tuple(sorted((k, v) for k, v in f.properties.items() if k != "sym_name"))
    return (props, tuple(sorted(f.attributes.items())),
            tuple(o.name for o in f.walk_ops()))


def _same_function(a, b):
    pa = {k: v for k, v in a.properties.items() if k != "sym_name"}
    pb = {k: v for k, v in b.properties.items() if k != "sym_name"}
    return pa == pb and a.attributes == b.attributes and \
        regions_equivalent(a.regions[0], b.regions[0], {})


@register_pass("duplicate-function-elimination", "Deduplicate functions",
               anchor="builtin.module", display_name="DuplicateFunctionEliminationPass")
def duplicate_function_elimination(module, ctx, options):
    classes = {}  # signature -> [representatives]
    representative = {}  # name -> representative func
    erase = []
    funcs = []
    module.walk(lambda o: funcs.append(o) if o.name == "func.func" else None)
    for f in funcs:
        try:
            key = _signature(f)
        except TypeError:  # an unhashable property value: compare against all
            key = None
        reps = classes.setdefault(key, [])
        rep = next((r for r in reps if _same_function(r, f)), None)
        if rep is None:
            reps.append(f)
            rep = f
        else:
            erase.append(f)
        representative[f.get_attr("sym_name").value] = rep
    calls = []
    module.walk(lambda o: calls.append(o) if o.name == "func.call" else None)
    for call in calls:
        rep = representative.get(call.get_attr("callee").root)
        if rep is not None:
            call.set_attr("callee", FlatSymbolRefAttr(rep.get_attr("sym_name").value))
    for f in erase:
        f.erase()
