"""Interpreter models of the transform ops that rewrite the payload with the usual drivers
(declared in pyopt/dialects/transform/pattern_ops.py): apply_patterns with its descriptors
(the greedy driver, reporting replacements to the handles), apply_cse, apply_dce, apply_licm,
apply_registered_pass."""
from __future__ import annotations

from pyopt.interfaces import model
from pyopt.interfaces.loop_like import is_loop_like
from pyopt.ir.diagnostics import MLIRError
from pyopt.pass_registry import lookup_pass, parse_options
from pyopt.rewrite import GreedyConfig, PatternSet
from pyopt.rewrite.folding import is_trivially_dead
from pyopt.rewrite.greedy import GreedyDriver
from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
from pyopt.dialects.transform import pattern_ops as P
from pyopt.dialects.transform.extension import PATTERN_DESCRIPTOR, implement
from pyopt.dialects.transform.failures import definite, silenceable
from passes.transforms.cse import _CSE
from passes.transforms.licm import move_loop_invariant_code


def ensure_separate(op, payload):
    """Transforming the transform IR that is running is unsafe (ensurePayloadIsSeparate...)."""
    t = op
    while t is not None:
        if t is payload:
            raise definite(op, "cannot apply transform to itself (or one of its ancestors)",
                           [("target payload op", payload.loc)])
        t = t.parent_op


class _TrackedGreedyDriver(GreedyDriver):
    """The greedy driver, also telling the interpreter's tracking listener what it replaces
    and erases."""

    def __init__(self, ctx, patterns, config, region, tracking):
        super().__init__(ctx, patterns, config, region)
        self.tracking = tracking

    def notify_op_replaced(self, op, values):
        self.tracking.notify_op_replaced(op, values)
        return super().notify_op_replaced(op, values)

    def notify_op_erased(self, op):
        self.tracking.notify_op_erased(op)
        return super().notify_op_erased(op)


def _config(op):
    it = op.max_iterations.value if op.max_iterations is not None else -1
    nr = op.max_num_rewrites.value if op.max_num_rewrites is not None else -1
    # (19's GreedyRewriteConfig defaults: bottom-up, unlike the canonicalizer's top-down)
    return GreedyConfig(top_down=False, max_iterations=it if it >= 0 else 1 << 30,
                        max_num_rewrites=nr)


def _apply_patterns_each(op, target, state):
    ensure_separate(op, target)
    pats = []
    body = op.patterns
    if body.blocks:
        for d in body.blocks[0].ops:
            got = model(d, PATTERN_DESCRIPTOR)(d, state.ctx)
            if isinstance(got, PatternSet):  # (flattened: one set for all descriptors)
                got = [p for lst in got.by_root.values() for p in lst] + list(got.generic)
            pats.extend(got)
    patterns = PatternSet(pats)
    config = _config(op)
    tracking = state.rewriter.listener
    for _ in range(50):
        if target.has_trait("IsolatedFromAbove"):
            converged = True
            for r in target.regions:
                converged &= _TrackedGreedyDriver(state.ctx, patterns, config, r,
                                                  tracking).simplify()
        else:
            ops = []  # (in 19's walk order: post-order)
            target.walk(lambda o: ops.append(o) if o is not target else None)
            apply_op_patterns_and_fold(ops, patterns, state.ctx, config, listener=tracking)
            converged = True
        if not converged and config.max_iterations < (1 << 30):
            raise silenceable(target, "greedy pattern application failed")
        if op.apply_cse is None or not _cse(target, state):
            return None
    raise definite(op, "fixpoint iteration did not converge")


def _cse(target, state):
    """CSE in `target`; replaced ops hand their handles to the op they duplicate."""
    drv = _RecordingCSE()
    for r in target.regions:
        drv.simplify_region([], r)
    for old, new in drv.replaced:
        state._replace_op(old, new)
    for dead in drv.to_erase:
        state._drop_op(dead)
        dead.erase()
    return bool(drv.to_erase)


class _RecordingCSE(_CSE):
    def __init__(self):
        super().__init__()
        self.replaced = []

    def replace(self, op, existing):
        self.replaced.append((op, existing))
        return super().replace(op, existing)


def _apply_cse_each(op, target, state):
    ensure_separate(op, target)
    _cse(target, state)


def _apply_dce_each(op, target, state):
    ensure_separate(op, target)
    rw = state.rewriter
    worklist = []

    def add_defs(o):
        for n in o.walk_ops():
            for v in n.operands:
                d = v.defining_op() if hasattr(v, "defining_op") else None
                if d is not None and d is not target and target.is_ancestor_of(d) \
                        and d not in worklist:
                    worklist.append(d)

    def erase(o):
        for n in o.walk_ops():
            if n in worklist:
                worklist.remove(n)
        rw.erase_op(o)
    order = []
    target.walk(order.append)  # post-order
    for o in order:
        if o is not target and o.parent is not None and is_trivially_dead(o):
            add_defs(o)
            erase(o)
    while worklist:
        o = worklist.pop()
        if is_trivially_dead(o):
            add_defs(o)
            erase(o)


def _apply_licm_each(op, target, state):
    if not is_loop_like(target):
        f = silenceable(op, "transform applied to the wrong op kind")
        f.attach_note("when applied to this op", target.loc)
        raise f
    move_loop_invariant_code(target)


def _apply_registered_pass_each(op, target, state):
    ensure_separate(op, target)
    name = op.pass_name.value
    info = lookup_pass(name)
    if info is None:
        raise definite(op, f"unknown pass or pass pipeline: {name}")
    try:
        values = parse_options(info, op.options.value if op.options is not None else "")
    except ValueError:
        raise definite(op, f"failed to add pass or pass pipeline to pipeline: {name}")
    try:
        info.run(target, state.ctx, values)
    except MLIRError as e:
        if e.diag.message is not None:
            state.emit(e.diag)
        raise silenceable(op, "pass pipeline failed", [("target op", target.loc)])
    return [target]


implement(P.APPLY_PATTERNS, each=_apply_patterns_each, modifies_payload=True,
          reports_tracking=True)
implement(P.APPLY_CSE, each=_apply_cse_each, modifies_payload=True, reports_tracking=True)
implement(P.APPLY_DCE, each=_apply_dce_each, modifies_payload=True)
implement(P.APPLY_LICM, each=_apply_licm_each, modifies_payload=True)
implement(P.APPLY_REGISTERED_PASS, each=_apply_registered_pass_each, consumes=("target",),
          modifies_payload=True)
