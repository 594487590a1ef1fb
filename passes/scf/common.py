"""Small helpers shared by the SCF transformation passes."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import AUTOMATIC_ALLOCATION_SCOPE, CONSTANT_LIKE, segment_sizes
from pyopt.ir.core import Region
from pyopt.ir.types import IndexType
from pyopt.interfaces.view_like import view_source
from pyopt.rewrite.matchers import defining  # noqa: F401 (the scf passes import it from here)

# View-like ops whose result addresses (part of) their first operand.
_VIEWS = frozenset({"memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.view",
                    "memref.expand_shape", "memref.collapse_shape", "memref.transpose",
                    "memref.memory_space_cast"})
_ALLOCS = frozenset({"memref.alloc", "memref.alloca"})


def const_int(v):
    """The integer value of an arith.constant / index-typed constant, else None."""
    op = defining(v)
    if op is None or op.name != "arith.constant":
        return None
    a = op.get_attr("value")
    return a.value if isinstance(a, IntegerAttr) else None


def parent_op_of_value(v):
    o = v.owner
    block = o.parent if hasattr(o, "opdef") else o
    region = block.parent if block is not None else None
    return region.parent if region is not None else None


def _underlying(v, out, depth=0):
    op = defining(v)
    if op is not None and op.name in _VIEWS and depth < 32:
        _underlying(view_source(op), out, depth + 1)
    else:
        out.append(v)


def _alloc_scope(v):
    """(True, scope op) when `v` is the result of an allocation, else (False, None)."""
    op = defining(v)
    if op is None or op.name not in _ALLOCS:
        return False, None
    p = op.parent_op
    if op.name == "memref.alloca":
        while p is not None and not p.has_trait(AUTOMATIC_ALLOCATION_SCOPE):
            p = p.parent_op
        return True, p
    while p is not None and not _is_function(p):
        p = p.parent_op
    return True, p


def _is_function(op):
    return op.name in ("func.func", "llvm.func", "gpu.func")


def _is_const(v):
    op = defining(v)
    return op is not None and op.opdef is not None and CONSTANT_LIKE in op.opdef.traits


def _alias_one(a, b):
    """"no" or "may" (or "must") for two underlying addresses, as a local alias analysis."""
    if a is b:
        return "must"
    if _is_const(a) or _is_const(b):
        if _is_const(a) and _is_const(b):
            return "may"
        other = b if _is_const(a) else a
        return "no" if _alloc_scope(other)[0] else "may"
    ha, sa = _alloc_scope(a)
    hb, sb = _alloc_scope(b)
    if ha == hb:
        return "no" if ha else "may"
    if hb:
        a, b, sa = b, a, sb
    if sa is not None:
        p = parent_op_of_value(b)
        if p is not None and p is not sa and p.is_ancestor_of(sa):
            return "no"
        if p is sa and not hasattr(b.owner, "opdef") and b.owner.is_entry_block():
            return "no"
    return "may"


def may_alias(a, b):
    if a is b:
        return True
    la, lb = [], []
    _underlying(a, la)
    _underlying(b, lb)
    return any(_alias_one(x, y) != "no" for x in la for y in lb)


def parallel_groups(op):
    g = op.opdef.get_group
    return [list(g(op, "operand", i)) for i in range(4)]


def create_parallel(rw, lbs, ubs, steps, inits, loc, attributes=None, with_reduce=True):
    """scf.parallel with an entry block of index arguments; an empty scf.reduce terminator is
    added when there are no reductions (and `with_reduce`)."""
    p = rw.create("scf.parallel", list(lbs) + list(ubs) + list(steps) + list(inits),
                  [v.type for v in inits],
                  properties={"operandSegmentSizes": segment_sizes(
                      [len(lbs), len(ubs), len(steps), len(inits)])},
                  attributes=dict(attributes or {}), regions=[Region()], loc=loc)
    ip = rw.save()
    block = rw.create_block(p.regions[0], [IndexType()] * len(lbs), [loc] * len(lbs))
    if with_reduce and not inits:
        rw.set_insertion_point_to_end(block)
        rw.create("scf.reduce", [], [], loc=loc)
    rw.restore(ip)
    return p


def const_index(rw, value, loc):
    from pyopt.ir.types import INDEX
    return rw.create("arith.constant", [], [INDEX],
                     properties={"value": IntegerAttr(INDEX, value)}, loc=loc).results[0]


def create_for(rw, lb, ub, step, inits, loc, terminate=True):
    """scf.for with its body block; an empty scf.yield is added when it has no iter_args
    (and `terminate`)."""
    from pyopt.ir.core import value_loc
    f = rw.create("scf.for", [lb, ub, step] + list(inits), [v.type for v in inits],
                  regions=[Region()], loc=loc)
    ip = rw.save()
    block = rw.create_block(f.regions[0], [lb.type] + [v.type for v in inits],
                            [loc] + [value_loc(v) for v in inits])
    if terminate and not inits:
        rw.set_insertion_point_to_end(block)
        rw.create("scf.yield", [], [], loc=loc)
    rw.restore(ip)
    return f


def forall_bounds(rw, op):
    """The lower bounds, upper bounds and steps of scf.forall as values; static entries
    become fresh arith.constant ops (all lower bounds first, then upper bounds, then steps)."""
    from pyopt.ir.types import DYNAMIC
    out = []
    for gi, name in enumerate(("staticLowerBound", "staticUpperBound", "staticStep")):
        dyn = iter(op.opdef.get_group(op, "operand", gi))
        vals = []
        for s in op.properties[name].values:
            vals.append(next(dyn) if s == DYNAMIC else const_index(rw, s, op.loc))
        out.append(vals)
    return out


def default_greedy_config():  # noqa: N802
    """applyPatternsAndFoldGreedily's default configuration: bottom-up, aggressive region
    simplification."""
    from pyopt.rewrite.greedy import GreedyConfig
    return GreedyConfig(top_down=False, region_simplification="aggressive")
