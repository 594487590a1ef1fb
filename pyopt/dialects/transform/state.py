"""The transform interpreter's state (MLIR's TransformState): what each transform value
(handle or parameter) is associated with, which handles a consuming op invalidated, and how
one transform op is applied.

Extension code uses: `payload_ops(h)`, `payload_values(h)`, `params(h)`, `rewriter` (a
PatternRewriter whose listener keeps handles up to date when payload ops are replaced or
erased), `emit(diag)` / `remark(loc, msg)`, `ctx`, `top_level`, and `apply_block(block)` to
run nested transform ops (sequence-like ops).
"""
from __future__ import annotations

from pyopt.ir.core import BlockArgument, OpResult, Operation
from pyopt.ir.diagnostics import Diagnostic
from pyopt.interfaces.payload_replacement import find_replacement_op
from pyopt.rewrite.rewriter import Listener, PatternRewriter
from pyopt.dialects.transform.extension import transform_model
from pyopt.dialects.transform.failures import (TransformFailure, definite, definite_silent,
                                               merge_silenceable, silenceable)
from pyopt.dialects.transform.types import (OpHandleType, ParamHandleType, ValueHandleType)

_INVALIDATED = "op uses a handle invalidated by a previously executed transform op"
_CONSUMES = "invalidated by this transform op that consumes its operand #"
_NESTED = (" and invalidates all handles to payload IR entities associated with this operand "
           "and entities nested in them")


class TransformResults:
    """What an op's `apply` sets for each of its results."""
    __slots__ = ("op", "lists")

    def __init__(self, op):
        self.op = op
        self.lists = [None] * len(op.results)

    def set(self, result, items):
        i = result if isinstance(result, int) else result.index
        self.lists[i] = list(items)

    def set_remaining_to_empty(self):
        self.lists = [[] if x is None else x for x in self.lists]


class _TrackingListener(Listener):
    """Keeps handles current while a transform op rewrites the payload (MLIR's
    ErrorCheckingTrackingListener): a replaced op's handles move to the replacement op (the
    common defining op of the new values, when it has the same name or is a constant), an
    erased op leaves its handles; a replacement that cannot be found (findReplacementOp:
    pyopt/interfaces/payload_replacement.py) while a live handle needs it is recorded as a
    silenceable failure."""

    def __init__(self, state, transform, consumed=()):
        self.state = state
        self.transform = transform
        self.consumed = set(consumed)  # handles the transform op consumes
        self.require_same_name = True
        self.failure = None
        self.errors = 0

    def notify_op_erased(self, op):
        self.state._drop_op(op)
        for r in op.results:
            self.state._drop_value(r)

    def notify_op_replaced(self, op, values):
        st = self.state
        for old, new in zip(op.results, values):
            if st.reverse_values.get(old):
                st._replace_value(old, new)
        handles = st.reverse_ops.get(op)
        if not handles:
            return
        alive = next((h for h in handles if st._is_alive(h, self.transform)), None)
        if alive is None or any(h in self.consumed for h in handles):
            st._drop_op(op)
            return
        repl, notes = find_replacement_op(op, values,
                                          require_matching_name=self.require_same_name)
        if repl is not None:
            st._replace_op(op, repl)
            return
        f = silenceable(self.transform, "tracking listener failed to find replacement op "
                        "during application of this transform op")
        for loc, text in notes:
            f.attach_note(text, loc)
        f.attach_note("replacement is required because this handle must be updated",
                      _value_loc(alive))
        if self.failure is not None:
            f.diags.extend(self.failure.diags)
        f.diags[-1].attach_note(f"[{self.errors}] replaced op", op.loc)
        for i, v in enumerate(values):
            if v is not None:
                f.diags[-1].attach_note(f"[{self.errors}] replacement value {i}", _value_loc(v))
        self.errors += 1
        self.failure = f
        st._drop_op(op)


def _value_loc(v):
    if isinstance(v, OpResult):
        return v.owner.loc
    return v.loc if v.loc is not None else v.owner.parent_op.loc


def _check_kinds(arg, items):
    """mapBlockArgument: what is bound must be of the argument's kind (ops, values or
    attributes)."""
    t = arg.type
    if isinstance(t, OpHandleType):
        ok, what = (lambda x: isinstance(x, Operation)), "top-level operation handle"
    elif isinstance(t, ValueHandleType):
        ok, what = (lambda x: isinstance(x, (OpResult, BlockArgument))), \
            "the top-level value handle"
    else:
        ok, what = (lambda x: not isinstance(x, (Operation, OpResult, BlockArgument))), \
            "top-level parameter"
    if not all(ok(x) for x in items):
        raise definite(_value_loc(arg), f"wrong kind of value provided for {what}")


def _happens_before(a, b):
    """Whether transform op `a` runs before `b` (same or enclosing blocks)."""
    block = a.parent if hasattr(a, "parent_block") else None
    x = b
    while x is not None:
        if x.parent is a.parent:
            return a is not x and a.is_before_in_block(x)
        x = x.parent_op
    return False


class TransformState:
    def __init__(self, ctx, top_level, options=None, emit=None):
        self.ctx = ctx
        self.top_level = top_level
        self.expensive_checks = True if options is None else options.get("expensive", True)
        self.mappings = {}        # transform value -> list of ops / values / attributes
        self.reverse_ops = {}     # payload op -> [op handles]
        self.reverse_values = {}  # payload value -> [value handles]
        self.invalidated = {}     # handle -> fn(loc) -> Diagnostic
        self._emit = emit
        self.rewriter = None
        self.current = None
        self.extra = {}  # scratch space for extensions (per interpreter run)
        self.extra_bindings = []  # payload of the entry point's trailing arguments

    # -- diagnostics ---------------------------------------------------------------------------
    def emit(self, diag):
        if self._emit is not None:
            self._emit(diag)
            return
        engine = getattr(self.ctx, "diag_engine", None)
        if engine is not None:
            engine.emit(diag)

    def remark(self, loc, message):
        d = Diagnostic("remark", loc, message)
        self.emit(d)
        return d

    def rewriter_replace(self, op, new_op):
        """Replaces payload `op` by `new_op` (already inserted), moving handles to it."""
        rw = PatternRewriter(self.ctx, _TrackingListener(self, self.current))
        rw.replace_op(op, new_op.results) if op.results else None
        self._replace_op(op, new_op)
        rw.erase_op(op) if op.parent is not None else None

    # -- reading the mapping -------------------------------------------------------------------
    def payload_ops(self, handle):
        return list(self.mappings.get(handle, ()))

    def payload_values(self, handle):
        return list(self.mappings.get(handle, ()))

    def params(self, handle):
        return list(self.mappings.get(handle, ()))

    def payload(self, handle):
        """Whatever `handle` is associated with (ops, values or attributes)."""
        return list(self.mappings.get(handle, ()))

    def num_handles(self):
        return len(self.mappings)

    # -- writing the mapping -------------------------------------------------------------------
    def set_payload(self, handle, items):
        """Associates `handle` with `items`, checked by its type: raises a definite failure
        (already reported) when they do not fit."""
        t = handle.type
        items = list(items)
        if isinstance(handle, BlockArgument):
            _check_kinds(handle, items)
        if isinstance(t, OpHandleType):
            if any(not isinstance(x, Operation) for x in items):
                raise definite(_value_loc(handle), "attempting to assign a null payload op to "
                               "this transform value")
        elif isinstance(t, ValueHandleType):
            if any(isinstance(x, Operation) or x is None for x in items):
                raise definite(_value_loc(handle), "attempting to assign a null payload value "
                               "to this transform handle")
        elif any(x is None for x in items):
            raise definite(_value_loc(handle), "attempting to assign a null parameter to this "
                           "transform value")
        bad = t.check_payload(items) if hasattr(t, "check_payload") else None
        if bad is not None:
            msg, notes, op = bad
            if "{op}" in msg:  # (an op streamed into an error diagnostic)
                from pyopt.syntax.printer import op_for_diagnostic
                msg = msg.replace("{op}", op_for_diagnostic(op))
            raise definite(_value_loc(handle), msg, notes)
        self._forget(handle)
        self.mappings[handle] = items
        if isinstance(t, OpHandleType):
            for o in items:
                self.reverse_ops.setdefault(o, []).append(handle)
        elif isinstance(t, ValueHandleType):
            for v in items:
                self.reverse_values.setdefault(v, []).append(handle)

    def _forget(self, handle):
        old = self.mappings.pop(handle, None)
        if not old:
            return
        rev = self.reverse_ops if isinstance(handle.type, OpHandleType) else \
            self.reverse_values if isinstance(handle.type, ValueHandleType) else None
        if rev is None:
            return
        for x in old:
            lst = rev.get(x)
            if lst is not None:
                while handle in lst:
                    lst.remove(handle)
                if not lst:
                    del rev[x]

    def forget_region(self, region):
        """Drops the mapping of values defined in `region` (its scope ended)."""
        for b in region.blocks:
            for a in b.args:
                self._forget(a)
                self.invalidated.pop(a, None)
            for o in b.ops:
                for r in o.results:
                    self._forget(r)
                    self.invalidated.pop(r, None)

    def _drop_op(self, op):
        for h in self.reverse_ops.pop(op, ()):
            lst = self.mappings.get(h)
            if lst is not None:
                self.mappings[h] = [x for x in lst if x is not op]

    def _drop_value(self, v):
        for h in self.reverse_values.pop(v, ()):
            lst = self.mappings.get(h)
            if lst is not None:
                self.mappings[h] = [x for x in lst if x is not v]

    def _replace_op(self, op, new):
        handles = self.reverse_ops.pop(op, [])
        for h in handles:
            self.mappings[h] = [new if x is op else x for x in self.mappings.get(h, ())]
            self.reverse_ops.setdefault(new, []).append(h)

    def _replace_value(self, v, new):
        handles = self.reverse_values.pop(v, [])
        for h in handles:
            self.mappings[h] = [new if x is v else x for x in self.mappings.get(h, ())]
            self.reverse_values.setdefault(new, []).append(h)

    def _is_alive(self, handle, current):
        for u in handle.users():
            if u is not current and not _happens_before(u, current):
                return True
        return False

    # -- invalidation --------------------------------------------------------------------------
    def _record_op_invalidation(self, consumer, operand_no, ancestors, new, through=None):
        if not ancestors:
            handle = consumer.operands[operand_no]

            def report(loc, consumer=consumer, operand_no=operand_no):
                d = Diagnostic("error", loc, "op uses a handle associated with empty payload "
                               "and invalidated by a previously executed transform op")
                d.attach_note(f"{_CONSUMES}{operand_no}", consumer.loc)
                return d
            new[handle] = report
            return
        for payload, handles in list(self.reverse_ops.items()):
            for other in handles:
                if other in self.invalidated or other in new:
                    continue
                for anc in ancestors:
                    if not (anc is payload or anc.is_ancestor_of(payload)):
                        continue

                    def report(loc, other=other, anc_loc=anc.loc, op_loc=payload.loc,
                               through=through):
                        d = Diagnostic("error", loc, _INVALIDATED)
                        d.attach_note("handle to invalidated ops", _value_loc(other))
                        d.attach_note(f"{_CONSUMES}{operand_no}{_NESTED}", consumer.loc)
                        d.attach_note("ancestor payload op", anc_loc)
                        d.attach_note("nested payload op", op_loc)
                        if through is not None:
                            d.attach_note("consumed handle points to this payload value",
                                          _value_loc(through))
                        return d
                    new[other] = report
                    break
        for value, handles in list(self.reverse_values.items()):
            if isinstance(value, OpResult):
                def_op, what = value.owner, f"op defining the value as result #{value.index}"
            else:
                blk = value.owner
                def_op = blk.parent_op
                region = blk.parent
                what = (f"op defining the value as block argument #{value.index} of block "
                        f"#{region.blocks.index(blk)} in region "
                        f"#{def_op.regions.index(region)}")
            for other in handles:
                if other in self.invalidated or other in new:
                    continue
                for anc in ancestors:
                    if not (anc is def_op or anc.is_ancestor_of(def_op)):
                        continue

                    def report(loc, other=other, anc_loc=anc.loc, op_loc=def_op.loc,
                               what=what, vloc=_value_loc(value)):
                        d = Diagnostic("error", loc, _INVALIDATED)
                        d.attach_note("invalidated handle", _value_loc(other))
                        d.attach_note(f"{_CONSUMES}{operand_no}{_NESTED}", consumer.loc)
                        d.attach_note("ancestor op associated with the consumed handle",
                                      anc_loc)
                        d.attach_note(what, op_loc)
                        d.attach_note("payload value", vloc)
                        return d
                    new[other] = report
                    break

    def _record_value_invalidation(self, consumer, operand_no, new):
        handle = consumer.operands[operand_no]
        for value in self.payload_values(handle):
            for other in self.reverse_values.get(value, ()):
                def report(loc, other=other, vloc=_value_loc(value)):
                    d = Diagnostic("error", loc, _INVALIDATED)
                    d.attach_note("invalidated handle", _value_loc(other))
                    d.attach_note(f"{_CONSUMES}{operand_no} and invalidates handles to the "
                                  "same values as associated with it", consumer.loc)
                    d.attach_note("payload value", vloc)
                    return d
                new[other] = report
            if isinstance(value, OpResult):
                self._record_op_invalidation(consumer, operand_no, [value.owner], new, value)
            else:
                for o in value.owner.ops:
                    self._record_op_invalidation(consumer, operand_no, [o], new, value)

    def _check_and_record_invalidation(self, op, model, consumed):
        new = {}
        failed = None
        for i, v in enumerate(op.operands):
            if v in self.invalidated:
                failed = self.invalidated[v](op.loc)
                break
            if not model.repeated_ok(op) and v in new:
                failed = new[v](op.loc)
                break
            if i in consumed:
                if isinstance(v.type, OpHandleType):
                    self._record_op_invalidation(op, i, self.payload_ops(v), new)
                elif isinstance(v.type, ValueHandleType):
                    self._record_value_invalidation(op, i, new)
        for k, fn in new.items():
            self.invalidated.setdefault(k, fn)
        if failed is not None:
            self.emit(failed)
            raise definite_silent()

    # -- applying ------------------------------------------------------------------------------
    def apply(self, op):
        """Applies one transform op: raises TransformFailure unless it succeeded (a silenceable
        failure still sets the op's results, to empty lists where unset)."""
        model = transform_model(op)
        if model is None:
            raise definite(op, "expected the op to implement TransformOpInterface")
        consumed = model.consumed_indices(op)
        if self.expensive_checks:
            self._check_and_record_invalidation(op, model, consumed)
            if not model.repeated_ok(op):
                for i in sorted(consumed):
                    v = op.operands[i]
                    if isinstance(v.type, (OpHandleType, ValueHandleType)):
                        seen = set()
                        for p in self.payload(v):
                            if p in seen:
                                what = "op" if isinstance(p, Operation) else "value"
                                raise silenceable(op, f"a handle passed as operand #{i} and "
                                                  "consumed by this operation points to a "
                                                  "payload entity more than once",
                                                  [(f"repeated target {what}",
                                                    p.loc if isinstance(p, Operation)
                                                    else _value_loc(p))])
                            seen.add(p)
        for i in consumed:
            if isinstance(op.operands[i].type, ParamHandleType):
                raise definite(op, f"unexpectedly consumed a value that is not a handle as "
                               f"operand #{i}",
                               [(f"value defined here with type {op.operands[i].type}",
                                 _value_loc(op.operands[i]))])
        listener = _TrackingListener(self, op, [op.operands[i] for i in consumed])
        saved = self.rewriter, self.current
        self.rewriter = PatternRewriter(self.ctx, listener)
        self.current = op
        results = TransformResults(op)
        failure = None
        try:
            if model.each is not None:
                self._apply_each(op, model, results)
            elif model.apply is None:
                raise definite(op, f"'{op.name}' has no interpreter implementation loaded")
            else:
                r = model.apply(op, self, results)
                if isinstance(r, TransformFailure):
                    raise r
        except TransformFailure as f:
            failure = f
        finally:
            self.rewriter, self.current = saved
        if listener.failure is not None and model.reports_tracking and \
                "transform.silence_tracking_failures" not in op.attributes:
            if failure is None:
                failure = listener.failure
            elif failure.silenceable:
                failure.attach_note("tracking listener also failed: "
                                    + listener.failure.message)
        if failure is not None and failure.definite:
            raise failure
        if failure is not None:
            results.set_remaining_to_empty()
        for i in consumed:
            self._forget(op.operands[i])
        for r, items in zip(op.results, results.lists):
            if items is None:
                raise definite(op, f"transform op did not set result #{r.index}")
            self.set_payload(r, items)
        if failure is not None:
            raise failure

    def _apply_each(self, op, model, results):
        """TransformEachOpTrait: `each` per payload op of the single op-handle operand."""
        target = next(v for v in op.operands if isinstance(v.type, OpHandleType))
        n = len(op.results)
        acc = [[] for _ in range(n)]
        failures = []
        for p in self.payload_ops(target):
            if model.each_op is not None and p.name != model.each_op:
                f = silenceable(op, "transform applied to the wrong op kind")
                f.attach_note("when applied to this op", p.loc)
                failures.append(f)
                continue
            try:
                out = model.each(op, p, self)
            except TransformFailure as f:
                if f.definite:
                    raise
                failures.append(f)
                continue
            out = [] if out is None else list(out) if isinstance(out, (list, tuple)) else [out]
            if len(out) != n:
                raise definite(op, f"application of {op.name} expected to produce {n} results "
                               f"(actually produced {len(out)}).",
                               [("if you need variadic results, consider a generic `apply` "
                                 "instead of the specialized `applyToOne`.", op.loc)])
            for i, x in enumerate(out):
                if x is None:
                    continue
                acc[i].extend(x if isinstance(x, list) else [x])
        for i in range(n):
            results.set(i, acc[i])
        if failures:
            raise merge_silenceable(failures)

    def apply_block(self, block, stop_on_silenceable=True):
        """Applies the transform ops of `block` except its terminator, in order. A silenceable
        failure stops the block and is raised (or, with `stop_on_silenceable` False, is
        reported and the block goes on)."""
        ops = list(block.ops)
        if ops and ops[-1].opdef is not None and ops[-1].opdef.is_terminator:
            ops = ops[:-1]
        for o in ops:
            try:
                self.apply(o)
            except TransformFailure as f:
                if f.definite or stop_on_silenceable:
                    raise
                f.report(self.emit)

    def map_block_arguments(self, block, lists):
        for a, items in zip(block.args, lists):
            self.set_payload(a, items)
