"""Conversion patterns and the driver: partial, full and analysis conversion (MLIR's
applyPartialConversion / applyFullConversion / applyAnalysisConversion).

The ops to convert are collected once, pre-order (the insides of recursively legal ops are
skipped). Each is legalized: legal ops are left alone; otherwise it is folded or the matching
patterns are tried, highest benefit first. A pattern succeeds only if every op it created (and
every op it modified in place) can be legalized in turn, recursively; if not, all its changes
are rolled back and the next pattern is tried. After all ops, the conversion commits: uses are
rewired to the replacements, replaced ops erased and casts left between mismatched types
resolved by the type converters' materializations. A failed conversion undoes everything.
"""
from __future__ import annotations

from pyopt.ir.core import Value
from pyopt.ir.gc_policy import collector_paused
from pyopt.ir.opdef import CONSTANT_LIKE
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.rewrite.folding import fold_op, materialize_constant
from pyopt.rewrite.pattern import PatternSet, RewritePattern
from pyopt.rewrite.conversion.rewriter import ARGUMENT, CAST, SOURCE, TARGET, ConversionPatternRewriter, OpAdaptor


class ConversionPattern(RewritePattern):
    """Subclass and implement `match_and_rewrite(op, adaptor, rewriter) -> bool`; `adaptor`
    holds op's operands as already converted (of the converted types when the pattern has a
    `type_converter`). `root` is an op name (None: any op)."""
    type_converter = None

    def __init__(self, type_converter=None, root=None, benefit=None, fn=None, name=None):
        super().__init__(root, benefit, fn, name)
        if type_converter is not None:
            self.type_converter = type_converter

    def match_and_rewrite(self, op, adaptor, rewriter) -> bool:
        return bool(self._fn(op, adaptor, rewriter))


class OpConversionPattern(ConversionPattern):
    """A ConversionPattern for one op: set the class attribute `root = "dialect.op"`."""


def conversion_pattern(root=None, benefit=1, type_converter=None):
    """Decorator: `@conversion_pattern("poly.add")\ndef lower(op, adaptor, rewriter): ...`."""
    def deco(fn):
        return ConversionPattern(type_converter, root, benefit, fn)
    return deco


class ConversionConfig:
    def __init__(self, fold=True, include_root=False):
        self.fold = fold
        # convert the root op too (MLIR always does; a function pass converting its function's
        # signature needs it, module-level passes keep the module out of the patterns' reach)
        self.include_root = include_root
        self.unlegalized_ops = None   # partial: a set receiving the ops left unconverted
        # Told of every change when the conversion commits: an object with any of the
        # methods notify_op_inserted(op, previous), notify_op_modified(op),
        # notify_op_replaced(op, values), notify_op_erased(op), notify_block_inserted(block,
        # was_linked), notify_block_erased(block). `previous` is None for a new op, else
        # where it came from.
        self.listener = None
        self.legalizable_ops = None   # analysis: a set receiving the legalizable ops


class _Legalizer:
    def __init__(self, target, patterns, rewriter, config):
        self.target = target
        self.patterns = patterns
        self.rewriter = rewriter
        self.config = config
        self.active = set()  # patterns on the current legalization stack (no self-recursion)

    def is_illegal(self, op):
        return self.target.is_legal(op) is False

    def legalize(self, op):
        rw = self.rewriter
        target = self.target
        if target.is_legal(op):
            if op.regions and target.is_recursively_legal(op):
                rw._ignore_nested(op, include_op=False)
            return True
        if op in rw.ignored:
            return True
        if self.config.fold:
            d = op.opdef  # (a constant folds to itself)
            if d is not None and d.fold is not None and CONSTANT_LIKE not in d.traits and \
                    self._fold(op):
                return True
        return self._apply_patterns(op)

    def _fold(self, op):
        rw = self.rewriter
        # A fold may change op in place (operands, attributes): what it was, to undo that.
        before = ([s.value for s in op.operand_slots], dict(op.properties),
                  dict(op.attributes))
        try:
            r = fold_op(op)
        except Exception:
            r = None
        if r is None:
            return False
        state = rw.state()  # (fold_op creates nothing: the state before it)
        if not r:  # folded in place: the changed op is legalized anew, and its change stays
            # even when that fails (MLIR's legalizeWithFold), e.g. a commutative op whose
            # constant moved last is then lowered with its operands in the new order
            if ([s.value for s in op.operand_slots], op.properties, op.attributes) == before:
                return False  # (a fold hook that reported an in-place change but made none)
            rw._log(lambda: _restore_folded(op, before))
            rw.modified.append(op)
            return self.legalize(op)
        rw.set_insertion_point(op)
        values = []
        for res, x in zip(op.results, r):
            if isinstance(x, Value):
                values.append(x)
                continue
            c = materialize_constant(rw, rw.ctx, op.name.split(".", 1)[0], x, res.type, op.loc)
            if c is None:
                rw.rollback(state)
                return False
            values.append(c.results[0] if hasattr(c, "results") else c)
        rw.replace_op(op, values)
        for new in rw.created[state[1]:]:
            if new not in rw.ignored and not self.legalize(new):
                rw.rollback(state)
                return False
        return True

    def _apply_patterns(self, op):
        rw = self.rewriter
        active = self.active
        for p in self.patterns.for_op(op.name):
            if p in active and not p.bounded_recursion:
                continue
            state = rw.state()
            nb = state[-1]  # (of moved_blocks)
            is_conversion = isinstance(p, ConversionPattern)
            conv = p.type_converter if is_conversion else None
            saved_conv = rw.converter
            rw.converter = conv
            rw.block, rw.anchor = op.parent, op  # (set_insertion_point)
            rw.current_op = op
            try:
                if is_conversion:
                    operands = []
                    remap = rw.remap_operand
                    for s in op.operand_slots:
                        v = remap(op, s.value, conv)
                        if v is None:
                            break
                        operands.append(v)
                    else:
                        ok = p.match_and_rewrite(op, OpAdaptor(op, operands), rw)
                        if not ok:
                            rw.rollback(state)
                            continue
                    if len(operands) != len(op.operand_slots):
                        rw.notify_match_failure(op, "failed to remap operands")
                        rw.rollback(state)
                        continue
                else:
                    if not p.match_and_rewrite(op, rw):
                        rw.rollback(state)
                        continue
            finally:
                rw.converter = saved_conv
            self.active.add(p)
            try:
                ok = self._legalize_new_ops(state, op, nb)
            finally:
                self.active.discard(p)
            if ok:
                return True
            rw.rollback(state)
        return False

    def _legalize_new_ops(self, state, op, nb):
        rw = self.rewriter
        nc, nm = state[1], state[2]
        created, ignored, replaced = rw.created, rw.ignored, rw.replaced
        if len(rw.moved_blocks) > nb and not self._legalize_moved_blocks(op, nb, nc):
            return False
        i = nc
        while i < len(created):  # (legalizing may create more; those are handled inside)
            new = created[i]
            i += 1
            if new.parent is None and new not in replaced:
                continue  # erased again by the pattern
            if new not in ignored and not self.legalize(new):
                return False
        if len(rw.modified) > nm:
            for op in rw.modified[nm:]:
                if op not in ignored and not self.legalize(op):
                    return False
        return True


    def _legalize_moved_blocks(self, op, nb, nc):
        """Blocks with arguments the pattern created or moved into another op: converted by
        the converter of their region if it has one, else that op is legalized anew (it may
        be illegal now, e.g. a function whose body got blocks of illegal types)."""
        rw = self.rewriter
        seen = None
        for block in list(rw.moved_blocks[nb:]):
            region = block.parent
            parent = region.parent if region is not None else None
            if parent is None or parent is op or not block.args:
                continue
            conv = rw.region_converters.get(region)
            if conv is not None:
                sig = conv.convert_block_signature(block)
                if sig is None:
                    return False
                rw.apply_signature_conversion(block, sig, conv)
                continue
            if seen is None:
                seen = set(rw.created[nc:])
            if parent not in seen:
                seen.add(parent)
                # (an op the target says nothing about may stay as it is: MLIR fails the
                # pattern then, but pyopt's partial conversions leave unknown ops unmarked)
                if not self.legalize(parent) and self.target.is_legal(parent) is not None:
                    return False
        return True


def _restore_folded(op, before):
    operands, props, attrs = before
    if [s.value for s in op.operand_slots] != operands:
        op.set_operands(operands)
    op.properties.clear()
    op.properties.update(props)
    op.attributes.clear()
    op.attributes.update(attrs)


def _collect(root, target, include_root=False):
    """Ops to convert, pre-order; insides of recursively legal ops are skipped."""
    out = []
    stack = []
    if include_root:
        stack.append(root)
    else:
        for r in root.regions:
            for b in reversed(r.blocks):
                stack.extend(reversed(b.ops))
    while stack:
        op = stack.pop()
        out.append(op)
        if op.regions and not (target.is_legal(op) and target.is_recursively_legal(op)):
            for r in reversed(op.regions):
                for b in reversed(r.blocks):
                    stack.extend(reversed(b.ops))
    return out


def _as_pattern_set(patterns):
    return patterns if isinstance(patterns, PatternSet) else PatternSet(patterns)


def _run(roots, target, patterns, ctx, mode, config):
    # (the journal keeps everything the conversion creates alive until it commits)
    with collector_paused():
        return _run_conversion(roots, target, patterns, ctx, mode, config)


def _run_conversion(roots, target, patterns, ctx, mode, config):
    config = config or ConversionConfig()
    patterns = _as_pattern_set(patterns)
    roots = roots if isinstance(roots, (list, tuple)) else [roots]
    rw = ConversionPatternRewriter(ctx)
    if config.listener is not None and mode != "analysis":
        rw.events = []
    legalizer = _Legalizer(target, patterns, rw, config)
    for root in roots:
        for op in _collect(root, target, config.include_root):
            if op in rw.ignored:
                continue
            if legalizer.legalize(op):
                if mode == "analysis" and config.legalizable_ops is not None:
                    config.legalizable_ops.add(op)
                continue
            if mode == "full":
                _fail(rw, op, f"failed to legalize operation '{op.name}'")
            if mode == "partial":
                if legalizer.is_illegal(op):
                    _fail(rw, op, f"failed to legalize operation '{op.name}' that was "
                                  f"explicitly marked illegal")
                if config.unlegalized_ops is not None:
                    config.unlegalized_ops.add(op)
    if mode == "analysis":  # (only the ops that were there: MLIR 19 reports no others)
        rw.rollback_all()
        return False
    # Every change a pattern or fold makes is journaled or grows a tracked list: all empty,
    # the IR is as it was.
    changed = any(rw.state())
    _commit(rw, config)  # (a failure here leaves the IR half converted: the pass fails anyway)
    return changed


def _fail(rw, op, message):
    rw.rollback_all()
    err = MLIRError(Diagnostic("error", op.loc, message))
    err.op = op  # (mlir-opt shows the op in a "see current operation" note)
    raise err


def apply_partial_conversion(op, target, patterns, ctx=None, config=None):
    """Converts what the patterns can; ops explicitly illegal must be converted. Raises
    MLIRError (with the IR unchanged) on failure; returns whether the IR changed."""
    return _run(op, target, patterns, ctx, "partial", config)


def apply_full_conversion(op, target, patterns, ctx=None, config=None):
    """Every op must end up legal; returns whether the IR changed."""
    return _run(op, target, patterns, ctx, "full", config)


def apply_analysis_conversion(op, target, patterns, ctx=None, config=None):
    """Returns the set of ops that the conversion could legalize; the IR is left unchanged."""
    config = config or ConversionConfig()
    if config.legalizable_ops is None:
        config.legalizable_ops = set()
    _run(op, target, patterns, ctx, "analysis", config)
    return config.legalizable_ops


# -- commit ---------------------------------------------------------------------------------------
def _live_user(value, ignored):
    u = value.first_use
    while u is not None:
        if u.owner not in ignored:
            return u.owner
        u = u.next_use
    return None


def _commit(rw, config):
    ignored = rw.ignored
    mats = rw.materializations
    if config.unlegalized_ops:  # (ops replaced by a later pattern are gone)
        config.unlegalized_ops.difference_update(rw.replaced)
    events = rw.events
    if events:
        _notify_listener(events, config.listener, rw, ignored)
        del events[:]
    # replaced value -> the value its live users now use; first the converted block arguments
    # whose users get the cast held for them at the block's start (apply_signature_conversion)
    rewired = {}
    for old, _, cast in rw.converted_args:
        if cast is not None and cast.parent is not None and \
                rw.lookup(old) is cast.inputs[0]:
            rewired[old] = cast.results[0]
    # 1. Rewire live uses of replaced results, materializing back to the original type.
    for op, conv in list(rw.replaced.items()):
        for r in op.results:
            user = _live_user(r, ignored)
            if user is None:
                continue
            new = _user_value(rw, r, op, conv, rewired)
            if new is None:
                d = Diagnostic("error", op.loc, f"failed to legalize operation '{op.name}' "
                                                f"marked as erased")
                d.attach_note(f"found live user of result #{r.index}: {_op_str(user)}", user.loc)
                raise MLIRError(d)
            _rewire(r, new, ignored)
    # 2. The same for arguments of blocks whose signature was converted.
    for old, conv, _ in rw.converted_args:
        if _live_user(old, ignored) is None:
            continue
        new = rewired.get(old)  # (its held cast; results are the only other keys)
        if new is not None:
            _rewire(old, new, ignored)
            continue
        new = rw.lookup(old)
        if new is not None and new.type is old.type:
            if conv is not None and new.defining_op() in mats:
                _target_cast_of_argument(rw, new, old, conv)
        else:
            ip = rw.save()
            blk = old.owner
            if new is not None and new.defining_op() is not None:
                rw.set_insertion_point_after(new.defining_op())
            elif new is not None:
                rw.set_insertion_point_to_start(new.owner)
            else:
                rw.set_insertion_point_to_start(blk)
            new = rw._unresolved(SOURCE, [] if new is None else [new], old.type, old.loc or
                                 blk.parent_op.loc, conv)
            rw.restore(ip)
        _rewire(old, new, ignored)
    # 3. Erase replaced ops and dropped blocks.
    for op in rw.replaced:
        op.drop_all_references()
    for b in rw.dead_blocks:
        for op in b:
            op.drop_all_references()
    for op in reversed(list(rw.replaced)):
        if op.parent is not None:
            op.parent._unlink(op)
    for b in rw.dead_blocks:
        for u in list(b.pred_uses):
            u.drop()
    # The replaced ops are garbage now: cutting their cycles lets reference counting free them
    # (see Operation.destroy).
    for op in rw.replaced:
        if op.parent is None or op in ignored:
            op.destroy()
    # 4. Resolve the casts: fold away no-ops and round trips, else ask the converter.
    for cast in reversed(list(mats)):
        if cast.parent is None or cast in ignored:
            continue
        _resolve(rw, cast, mats, ignored)
    if events:  # the ops the materializations built
        _notify_listener(events, config.listener, rw, ignored)


def _user_value(rw, r, op, conv, rewired):
    """What the live users of replaced result `r` use: its newest replacement, cast back to
    its type where that differs. A result replaced by another replaced result of the same type
    (a fold to an existing value) shares that value's cast, placed at that value's definition,
    as MLIR's mapping chain does; one replaced by a converted block argument shares the
    argument's held cast."""
    if r in rewired:
        return rewired[r]
    direct = rw.mapping.get(r)
    if direct is not None and direct.type is r.type and direct in rewired:
        new = rewired[direct]  # (e.g. a fold to a converted block argument: its cast)
        rewired[r] = new
        return new
    d = direct.defining_op() if direct is not None and hasattr(direct, "defining_op") else None
    if direct is not None and direct.type is r.type and d is not None and d in rw.replaced \
            and direct in rw.mapping:
        new = _user_value(rw, direct, d, rw.replaced[d], rewired)
    else:
        new = rw.lookup(r)
        if new is not None and new.type is not r.type:
            new = _source_cast(rw, new, r.type, op, conv, r.index)
    rewired[r] = new
    return new


def _rewire(value, new, ignored):
    u = value.first_use
    while u is not None:
        nxt = u.next_use
        if u.owner not in ignored:
            u.set(new)
        u = nxt


def _source_cast(rw, value, type_, op, conv, index):
    """The cast back to a replaced result's type goes where the replaced op stood (MLIR's
    legalizeChangedResultType), else right after the new value's definition."""
    ip = rw.save()
    d = value.defining_op()
    if op.parent is not None:
        rw.set_insertion_point(op)
    elif d is not None and d.parent is not None:
        rw.set_insertion_point_after(d)
    else:
        rw.set_insertion_point_to_start(value.owner if d is None else d.parent)
    v = rw._unresolved(SOURCE, [value], type_, op.loc, conv)
    rw.result_casts[v.defining_op()] = (op, index)
    rw.restore(ip)
    return v


def _target_cast_of_argument(rw, value, old, conv):
    """MLIR 19 follows each argument materialization with a target materialization to the
    converted type, which stays while the argument is live (see _resolve) unless it would
    just give back a new argument of that type: `value`'s, for live block argument `old`."""
    mat = value.defining_op()
    if rw.materializations[mat][0] != ARGUMENT:
        return
    want = conv.convert_type(old.type)
    if want is None or want is old.type:
        return
    ins = mat.operands
    if len(ins) == 1 and ins[0].type is want:
        return
    key = (value, want)
    if key not in rw.target_casts:
        ip = rw.save()
        rw.set_insertion_point_after(mat)
        rw.target_casts[key] = rw._unresolved(TARGET, [value], want, old.loc, conv)
        rw.restore(ip)


def _has_live_user(value, cast, mats, ignored):
    """Does `value` have a user other than `cast` that stays: an op the conversion keeps, or
    a materialization that is used?"""
    u = value.first_use
    while u is not None:
        o = u.owner
        if o is not cast and o not in ignored and \
                (o not in mats or o.results[0].first_use is not None):
            return True
        u = u.next_use
    return False


def _resolve(rw, cast, mats, ignored):
    res = cast.results[0]
    # An unused cast goes, but for a target cast of a value that keeps live users: MLIR 19
    # materializes those, used or not (its liveness test follows the replaced values).
    if res.first_use is None and (mats[cast][0] != TARGET or not _has_live_user(
            cast.inputs[0], cast, mats, ignored)):
        cast.erase()
        return
    ins = cast.operands
    if len(ins) == 1 and ins[0].type is res.type:
        res.replace_all_uses_with(ins[0])
        cast.erase()
        return
    # a cast of a cast that undoes it: use the original value
    if len(ins) == 1:
        d = ins[0].defining_op()
        if d is not None and d.name == CAST and len(d.operands) == 1 and \
                d.operands[0].type is res.type:
            res.replace_all_uses_with(d.operands[0])
            cast.erase()
            if not d.results[0].has_uses() and d in mats:
                d.erase()
            return
    kind, conv = mats[cast]
    if conv is None and kind != ARGUMENT:
        return  # a pattern without a type converter: the cast stays (MLIR does the same)
    rw.set_insertion_point(cast)
    if conv is None:
        v = None
    elif kind == SOURCE:
        v = conv.materialize_source(rw, res.type, ins, cast.loc)
    elif kind == ARGUMENT:
        v = conv.materialize_argument(rw, res.type, ins, cast.loc)
        if v is None:
            v = conv.materialize_source(rw, res.type, ins, cast.loc)
    else:
        v = conv.materialize_target(rw, res.type, ins, cast.loc)
    if v is None:
        user = next(iter(res.users()), None)
        origin = rw.result_casts.get(cast)
        if origin is not None:  # the cast back to a replaced result's type
            op, index = origin
            d = Diagnostic("error", op.loc, f"failed to materialize conversion for result "
                                            f"#{index} of operation '{op.name}' that remained "
                                            f"live after conversion")
        else:
            tys = ", ".join(f"'{str_type(x.type)}'" for x in ins)
            d = Diagnostic("error", cast.loc, f"failed to legalize unresolved materialization "
                                              f"from ({tys}) to '{str_type(res.type)}' that "
                                              f"remained live after conversion")
        # (the users of an argument or source cast are the original ops, rewired only when
        # the conversion commits: MLIR finds no live user of the cast itself then)
        if user is not None and (origin is not None or kind == TARGET):
            d.attach_note(f"see existing live user here: {_op_str(user)}", user.loc)
        raise MLIRError(d)
    if v is res:
        return  # the materialization is the unrealized cast itself
    res.replace_all_uses_with(v)
    cast.erase()


def str_type(t):
    from pyopt.syntax.printer import type_to_str
    return type_to_str(t)


def _op_str(op):
    """An op streamed into a diagnostic (MLIR's `<< *op`): its custom form, local scope; the
    generic form when it does not verify."""
    from pyopt.syntax.printer import PrintFlags, op_for_diagnostic, print_op
    from pyopt.ir.verifier import verify
    try:
        verify(op, None)
        s = print_op(op, PrintFlags(local_scope=True, elide_limit=16))
    except Exception:
        return op_for_diagnostic(op)
    return "\n" + s if "\n" in s else s


def _notify_listener(events, listener, rw, ignored):
    """Reports the conversion's changes in the order they were made, as MLIR's rewrites
    commit: a replaced (or erased) op is replaced, its users modified, then it and its nested
    ops erased; a block argument's replacement modifies its users."""
    def call(name, *args):
        fn = getattr(listener, name, None)
        if fn is not None:
            fn(*args)
    for ev in events:
        kind = ev[0]
        if kind == "inserted":
            call("notify_op_inserted", ev[1], ev[2])
        elif kind == "modified":
            call("notify_op_modified", ev[1])
        elif kind == "replaced":  # (users are rewired to a replacement of the same type)
            op = ev[1]
            call("notify_op_replaced", op, None)
            for r in op.results:
                if rw.lookup_of_type(rw.mapping.get(r), r.type) is not None:
                    for u in list(r.uses()):
                        call("notify_op_modified", u.owner)
            for nested in _post_order(op):
                call("notify_op_erased", nested)
        elif kind == "arg_replaced":  # (rewired when live or replaced by its own type)
            new = rw.lookup(ev[1])
            if new is not None and new.type is ev[1].type or \
                    _live_user(ev[1], ignored) is not None:
                for u in list(ev[1].uses()):
                    call("notify_op_modified", u.owner)
        elif kind == "block_inserted":
            for b in ev[1]:
                call("notify_block_inserted", b, ev[2])
        elif kind == "block_users":
            for u in list(ev[1].pred_uses):
                call("notify_op_modified", u.owner)
        elif kind == "block_erased":
            call("notify_block_erased", ev[1])


def _post_order(op):
    for r in op.regions:
        for b in r.blocks:
            for o in b:
                yield from _post_order(o)
    yield op
