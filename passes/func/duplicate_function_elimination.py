"""`duplicate-function-elimination`: func.func ops equal up to their name (same properties
but sym_name, same discardable attributes, structurally equal bodies ignoring locations) are
merged into the first of them; func.call ops are redirected to it and the others erased."""
from __future__ import annotations

from pyopt.ir.attributes import FlatSymbolRefAttr
from pyopt.ir.equivalence import regions_equivalent
from pyopt.pass_registry import register_pass


def _signature(f):
    """A cheap key: equivalent functions share it (a stand-in for upstream's hash)."""
    props = tuple(sorted((k, v) for k, v in f.properties.items() if k != "sym_name"))
    return (props, tuple(sorted(f.attributes.items())),
            tuple(o.name for o in f.walk_ops()))


def _same_function(a, b):
    pa = {k: v for k, v in a.properties.items() if k != "sym_name"}
    pb = {k: v for k, v in b.properties.items() if k != "sym_name"}
    return pa == pb and a.attributes == b.attributes and \
        regions_equivalent(a.regions[0], b.regions[0])


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
