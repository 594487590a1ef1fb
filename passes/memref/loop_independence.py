"""Making memref.alloca independent of loop induction variables (MLIR 19's
memref::replaceWithIndependentOp) and transform.memref.make_loop_independent over it: an
alloca of upper-bound sizes (pyopt/analysis/value_bounds.py) and a subview of the original
sizes standing for it. The subview's strided type differs from the alloca's, so the uses
are moved over as 19 does: through an unrealized_conversion_cast pushed down past subviews
(recreated on the new source) and dropped at users that take any memref operand."""
from __future__ import annotations

from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, MemRefType
from pyopt.dialects.memref.views import subview_result_type
from pyopt.dialects.tensor.slice_canonicalize import slice_properties
from pyopt.dialects.transform import ext_memref as M
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import silenceable
from pyopt.interfaces.bufferizable_rewrite import rank_reduced_subview_type
from passes.tensor.loop_independence import all_independent, enclosing_loop_ivs, same_mixed

_CAST = "builtin.unrealized_conversion_cast"


def _subview(rw, source, offsets, sizes, strides, result_type, loc):
    props, dyn = slice_properties(offsets, sizes, strides, 1)
    return rw.create("memref.subview", [source] + dyn, [result_type], properties=props,
                     loc=loc).results[0]


def _static(mixed):
    return [x if isinstance(x, int) else DYNAMIC for x in mixed]


def independent_alloca(rw, alloca, independencies):
    """The subview replacing `alloca`, the alloca itself when nothing depends on the loops,
    or None."""
    rw.set_insertion_point(alloca)
    loc, t = alloca.loc, alloca.results[0].type
    dyn = iter(alloca.dynamicSizes)
    sizes = [next(dyn) if s == DYNAMIC else s for s in t.shape]
    new_sizes = all_independent(rw, loc, sizes, independencies)
    if new_sizes is None:
        return None
    if same_mixed(sizes, new_sizes):
        return alloca.results[0]
    nt = MemRefType(_static(new_sizes), t.element_type)
    values = [s for s in new_sizes if not isinstance(s, int)]
    new = rw.create("memref.alloca", values, [nt],
                    properties={"operandSegmentSizes": segment_sizes([len(values), 0])},
                    loc=loc).results[0]
    n = len(sizes)
    rt = subview_result_type(nt, [0] * n, _static(sizes), [1] * n)
    return _subview(rw, new, [0] * n, sizes, [1] * n, rt, loc)


def _has_memref_result_or_arg(op):
    return any(type(r.type) is MemRefType for r in op.results) or \
        any(type(a.type) is MemRefType for r in op.regions for b in r.blocks for a in b.args)


def replace_and_propagate_memref_type(rw, old, new):
    """replaceAndPropagateMemRefType: uses of `old`'s results move to `new`'s."""
    rw.set_insertion_point_after(new)
    casts = []
    for a, b in zip(old.results, new.results):
        c = rw.create(_CAST, [b], [a.type], loc=new.loc)
        rw.replace_all_uses_with(a, c.results[0])
        casts.append(c)
    i = 0
    while i < len(casts):
        cast = casts[i]
        i += 1
        for user in list(u.owner for u in cast.results[0].uses()):
            if user.name == "memref.subview":
                rw.set_insertion_point(user)
                src = cast.operands[0]
                rt = rank_reduced_subview_type(
                    user.results[0].type.shape, src.type, _static(user.mixed_offsets),
                    _static(user.mixed_sizes), _static(user.mixed_strides))
                sub = _subview(rw, src, user.mixed_offsets, user.mixed_sizes,
                               user.mixed_strides, rt, user.loc)
                c = rw.create(_CAST, [sub], [user.results[0].type], loc=user.loc)
                rw.replace_all_uses_with(user.results[0], c.results[0])
                casts.append(c)
                continue
            if _has_memref_result_or_arg(user):
                continue
            for idx, v in enumerate(list(user.operands)):
                d = v.defining_op()
                if d is not None and d.name == _CAST:
                    rw.modify_op_in_place(user, lambda u=user, k=idx, s=d.operands[0]:
                                          u.set_operand(k, s))
    for c in casts:
        if not c.results[0].has_uses():
            rw.erase_op(c)


def _make_loop_independent(op, target, state):
    ivs = enclosing_loop_ivs(op, target)
    if target.name != "memref.alloca":
        raise silenceable(op, "unsupported target op", [("target op", target.loc)])
    rw = state.rewriter
    repl = independent_alloca(rw, target, ivs)
    if repl is None:
        raise silenceable(op, "could not make target op loop-independent",
                          [("target op", target.loc)])
    if repl is target.results[0]:
        return [target]
    replace_and_propagate_memref_type(rw, target, repl.defining_op())
    return [repl.defining_op()]


implement(M.MAKE_LOOP_INDEPENDENT, each=_make_loop_independent, consumes=("target",),
          modifies_payload=True)
