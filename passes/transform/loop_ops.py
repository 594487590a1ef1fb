"""Interpreter models of SCF's transform ops (declared in
pyopt/dialects/transform/ext_loop.py) over the loop utilities of passes/scf and
passes/affine."""
from __future__ import annotations

from pyopt.dialects.transform import ext_loop as L
from pyopt.dialects.transform.extension import implement
from pyopt.dialects.transform.failures import definite, silenceable
from passes.affine.loop_coalescing import coalesce_affine_nest, coalesce_scf_nest
from passes.affine.unroll import promote_if_single_iteration as promote_affine
from passes.affine.unroll import unroll_by_factor as unroll_affine
from passes.affine.unroll_jam import unroll_jam_by_factor as unroll_jam_affine
from passes.scf.forall_lowering import forall_to_for, forall_to_parallel
from passes.scf.peeling import peel_first_iteration, peel_last_iteration
from passes.scf.pipelining import pipeline_for_loop
from pyopt.rewrite.matchers import constant_int
from passes.transforms.subset_hoisting import hoist_loop_invariant_subsets
from passes.scf.unroll_jam import unroll_jam_by_factor as unroll_jam_scf
from passes.scf.unrolling import promote_if_single_iteration as promote_scf
from passes.scf.unrolling import unroll_by_factor as unroll_scf


def _single_forall(op, state):
    payload = state.payload_ops(op.target)
    if len(payload) != 1:
        raise silenceable(op, "expected a single payload op")
    target = payload[0]
    if target.name != "scf.forall":
        raise silenceable(op, "expected the payload to be scf.forall",
                          [("payload op", target.loc)])
    if target.group("outputs"):
        raise silenceable(op, "unsupported shared outputs (didn't bufferize?)")
    return target


def _apply_forall_to_for(op, state, results):
    target = _single_forall(op, state)
    rank = len(target.regions[0].blocks[0].args)
    if len(op.results) != rank:
        raise silenceable(op, f"op expects as many results ({len(op.results)}) as payload has "
                          f"induction variables ({rank})", [("payload op", target.loc)])
    loops = forall_to_for(state.rewriter, target)
    for i, loop in enumerate(loops):
        results.set(i, [loop])


def _apply_forall_to_parallel(op, state, results):
    target = _single_forall(op, state)
    if len(op.results) != 1:
        raise silenceable(op, f"op expects one result, given {len(op.results)}",
                          [("payload op", target.loc)])
    par = forall_to_parallel(state.rewriter, target)
    if par is None:
        raise silenceable(op, "failed to convert forall into parallel")
    results.set(0, [par])


def _peel(op, target, state):
    front = op.peel_front is not None and op.peel_front.value
    rw = state.rewriter
    if front:
        first = peel_first_iteration(rw, target)
        if first is None:
            raise silenceable(op, "failed to peel the first iteration")
        return [first, target]
    rest = peel_last_iteration(rw, target)
    if rest is None:
        raise silenceable(op, "failed to peel the last iteration")
    return [target, rest]


def _loop_schedule(loop, interval, read_latency):
    """loopScheduling of SCFTransformOps: each op starts when its operands are ready
    (transfer_reads take `read_latency` cycles, everything else one), stages wrap around the
    iteration interval."""
    def latency(o):
        return read_latency if o.name == "vector.transfer_read" else 1
    ub, lb = constant_int(loop.upperBound), constant_int(loop.lowerBound)
    cycles, wrapped = {}, {}
    body = loop.regions[0].blocks[0]
    for o in list(body.ops)[:-1]:
        early = 0
        for v in o.operands:
            d = v.defining_op() if hasattr(v, "defining_op") else None
            if d is None:
                continue
            lat = latency(d)
            if ub is not None and lb is not None:
                lat = min((ub - lb - 1) % (1 << 32), lat)  # (unsigned, as upstream)
            early = max(early, cycles.get(d, 0) + lat)
        cycles[o] = early
        wrapped.setdefault(early % interval, []).append(o)
    return [(o, cycles[o] // interval) for k in sorted(wrapped) for o in wrapped[k]]


def _pipeline(op, target, state):
    interval = op.iteration_interval.value if op.iteration_interval is not None else 1
    latency = op.read_latency.value if op.read_latency is not None else 10
    opts = {"annotate": False, "dynamic": False, "peel": True, "predicate": False,
            "schedule": lambda loop: _loop_schedule(loop, interval, latency)}
    rw = state.rewriter
    rw.set_insertion_point(target)
    before = target.parent
    marker = target.prev
    if not pipeline_for_loop(rw, state.ctx, target, opts):
        raise silenceable(op, "transform.loop.pipeline failed to apply",
                          [("when applied to this op", target.loc)])
    # the new kernel loop: the scf.for the pipeliner put where the loop was
    o = marker.next if marker is not None else before.first
    while o is not None and o.name != "scf.for":
        o = o.next
    return [o]


def _promote(op, target, state):
    if target.name == "scf.for":
        promote_scf(state.rewriter, target)
    elif target.name == "affine.for":
        promote_affine(state.ctx, target)
    return None


def _unroll(op, target, state):
    factor = op.factor.value
    if target.name == "scf.for":
        ok = unroll_scf(state.rewriter, target, factor)
    elif target.name == "affine.for":
        ok = unroll_affine(state.ctx, target, factor)
    else:
        raise silenceable(op, "failed to unroll, incorrect type of payload")
    if ok is False:
        raise silenceable(op, "failed to unroll")
    return None


def _unroll_and_jam(op, target, state):
    if target.name == "affine.for":
        if not unroll_jam_affine(state.ctx, target, op.factor.value):
            raise silenceable(op, "failed to unroll and jam")
        return None
    if target.name == "scf.for":
        if not unroll_jam_scf(state.rewriter, target, op.factor.value):
            raise silenceable(op, "failed to unroll and jam")
        return None
    raise silenceable(op, "failed to unroll and jam, incorrect type of payload")


def _coalesce(op, target, state):
    # (the utilities report nothing: a nest that is no longer a loop less deep coalesced)
    def depth():
        return sum(1 for o in target.walk_ops() if o.name == target.name)
    before = depth()
    if target.name == "scf.for":
        coalesce_scf_nest(state.ctx, target)
    elif target.name == "affine.for":
        coalesce_affine_nest(state.ctx, target)
    if target.name not in ("scf.for", "affine.for") or depth() == before:
        raise silenceable(op, "failed to coalesce")
    return [target]


def _take_assumed_branch(op, target, state):
    else_ = op.take_else_branch is not None
    region = target.regions[1 if else_ else 0]
    if len(region.blocks) != 1:
        which = "`else`" if else_ else "`then`"
        raise definite(op, f"requires an scf.if op with a single-block {which} region")
    rw = state.rewriter
    block = region.blocks[0]
    term = block.last
    values = list(term.operands)
    rw.inline_block_before(block, target.parent, target, [])
    rw.replace_op(target, values) if target.results else rw.erase_op(target)
    rw.erase_op(term)
    return None


def _hoist_subsets(op, target, state):
    from pyopt.interfaces.loop_like import is_loop_like
    if not is_loop_like(target):
        f = silenceable(op, "transform applied to the wrong op kind")
        f.attach_note("when applied to this op", target.loc)
        raise f
    hoist_loop_invariant_subsets(state.rewriter, target)
    return None


_FUNCTIONAL = dict(consumes=("target",), modifies_payload=True)
implement(L.FORALL_TO_FOR, _apply_forall_to_for, **_FUNCTIONAL)
implement(L.FORALL_TO_PARALLEL, _apply_forall_to_parallel, **_FUNCTIONAL)
implement(L.PEEL, each=_peel, each_op="scf.for", **_FUNCTIONAL)
implement(L.PIPELINE, each=_pipeline, each_op="scf.for", **_FUNCTIONAL)
implement(L.PROMOTE_IF_ONE_ITERATION, each=_promote, **_FUNCTIONAL)
implement(L.UNROLL, each=_unroll, **_FUNCTIONAL)
implement(L.UNROLL_AND_JAM, each=_unroll_and_jam, **_FUNCTIONAL)
implement(L.COALESCE, each=_coalesce, **_FUNCTIONAL)
implement(L.TAKE_ASSUMED_BRANCH, each=_take_assumed_branch, each_op="scf.if",
          modifies_payload=True)
implement(L.HOIST_LOOP_INVARIANT_SUBSETS, each=_hoist_subsets, modifies_payload=True,
          reports_tracking=True)
