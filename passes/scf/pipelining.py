"""`test-scf-pipelining`: software pipelining of scf.for loops whose body ops carry a test
schedule (`__test_pipelining_stage__` / `__test_pipelining_op_order__` on a loop marked
`__test_pipelining_loop__`). The loop becomes a prologue (the first `maxStage` iterations of
the early stages), a kernel whose iteration i runs stage s of iteration i + maxStage - s
(values crossing stages ride in extra iter_args), and an epilogue finishing the last
iterations; with `no-epilogue-peeling` the kernel runs to the end and predicates (scf.if)
stand in for the epilogue and the short-trip prologue."""
from __future__ import annotations

from pyopt.ir.attributes import FloatAttr, IntegerAttr, StringAttr
from pyopt.ir.core import Region
from pyopt.ir.types import FloatType, I1, I32, I64, IndexType, IntegerType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.diagnostics import Diagnostic, MLIRError

from passes.scf.common import create_for, default_greedy_config, defining, \
    parent_op_of_value

_LOOP = "__test_pipelining_loop__"
_STAGE = "__test_pipelining_stage__"
_ORDER = "__test_pipelining_op_order__"
_SLT = 2


def _emit_error(ctx, op, message):
    """A non-fatal error at `op` (the pattern then leaves the loop alone)."""
    from pyopt.syntax.printer import op_for_diagnostic
    d = Diagnostic("error", op.loc, message)
    engine = getattr(ctx, "diag_engine", None)
    if engine is None:
        raise MLIRError(d)
    if engine.collector is None:
        d.attach_note("see current operation: " + op_for_diagnostic(op), op.loc)
    engine.emit(d)


def _cst(rw, t, v, loc):
    return rw.create("arith.constant", [], [t], properties={"value": IntegerAttr(t, v)},
                     loc=loc).results[0]


def _bin(rw, name, a, b, loc):
    return rw.create(name, [a, b], [a.type], loc=loc).results[0]


def _cmp_slt(rw, a, b, loc):
    return rw.create("arith.cmpi", [a, b], [I1],
                     properties={"predicate": IntegerAttr(I64, _SLT)}, loc=loc).results[0]


def _nested_pairs(a, b):
    return list(zip(a.walk_ops(), b.walk_ops()))


def _const_int(v):
    op = defining(v)
    if op is None or op.name != "arith.constant":
        return None
    a = op.get_attr("value")
    return a.value if isinstance(a, IntegerAttr) else None


class _Pipeliner:
    def __init__(self, ctx, options):
        self.ctx = ctx
        self.opts = options
        self.values = {}

    # -- setup ----------------------------------------------------------------------------
    def init(self, loop):
        o = self.opts
        self.loop = loop
        self.lb, self.ub, self.step = loop.lowerBound, loop.upperBound, loop.step
        self.body = loop.regions[0].blocks[0]
        self.dynamic = True
        ubc, lbc, stc = _const_int(self.ub), _const_int(self.lb), _const_int(self.step)
        self.max_stage = 0
        # a caller's scheduling function (transform.loop.pipeline), else the test attributes
        fn = o.get("schedule")
        schedule = fn(loop) if fn is not None else self._schedule()
        if None in (ubc, lbc, stc):
            if not o["dynamic"]:
                return False
        else:
            n = -((lbc - ubc) // stc) if stc else 0
            # (the stage count is still 0 here, as upstream computes it later)
            if n > self.max_stage:
                self.dynamic = False
            elif not o["dynamic"]:
                return False
        self.peel = o["peel"]
        if (not self.peel or self.dynamic) and not o["predicate"]:
            return False
        if self.dynamic and self.peel:
            return False
        if not schedule:
            return False
        self.stages, self.order = {}, []
        for op, st in schedule:
            self.max_stage = max(self.max_stage, st)
            self.stages[op] = st
            self.order.append(op)
        for op in self.body:
            if op is self.body.last:
                break
            if op not in self.stages:
                _emit_error(self.ctx, op, f"'{op.name}' op not assigned a pipeline stage")
                return False
        if not self._verify_schedule():
            return False
        term = self.body.last
        for op in self.stages:
            if op is term:
                _emit_error(self.ctx, op, "terminator should not be assigned a stage")
                return False
            if op.parent is not self.body:
                _emit_error(self.ctx, op, f"'{op.name}' op the owning Block of all operations "
                            "assigned a stage should be the loop body block")
                return False
        for v in term.operands:
            d = defining(v)
            if d is None or (d not in self.stages and loop.is_ancestor_of(d)):
                return False
        return True

    def _schedule(self):
        if _LOOP not in self.loop.attributes:
            return []
        n = sum(1 for _ in self.body) - 1
        sched = [None] * n
        for op in self.loop.walk_ops():
            st, cy = op.attributes.get(_STAGE), op.attributes.get(_ORDER)
            if isinstance(st, IntegerAttr) and isinstance(cy, IntegerAttr):
                sched[cy.value] = (op, st.value)
        return [s for s in sched if s is not None] if None in sched else sched

    def def_and_distance(self, v):
        dist = 0
        if not hasattr(v.owner, "opdef"):
            if v.owner is not self.body or v.index == 0:
                return None, 0
            dist = 1
            v = self.body.last.operand(v.index - 1)
        return defining(v), dist

    def _verify_schedule(self):
        n = len(self.order)
        cycles = {op: c + self.stages[op] * n for c, op in enumerate(self.order)}
        for consumer in self.order:
            cc = cycles[consumer]
            seen = set()
            for nested in consumer.walk_ops():
                for v in nested.operands:
                    if v in seen:
                        continue
                    seen.add(v)
                    prod, dist = self.def_and_distance(v)
                    if prod is None or prod not in cycles:
                        continue
                    if cc < cycles[prod] - n * dist:
                        _emit_error(self.ctx, consumer, "operation scheduled before its operands")
                        return False
        return True

    def set_value(self, key, v, idx):
        lst = self.values.get(key)
        if lst is None:
            lst = self.values[key] = [None] * (self.max_stage + 1)
        lst[idx] = v

    def _clone_update(self, rw, op, fn):
        clone = rw.clone(op, {})
        for nested in clone.walk_ops():
            for slot in nested.operand_slots:
                v = slot.value
                d = defining(v)
                if (d is not None and not clone.is_ancestor_of(d)) or d is None:
                    fn(nested, slot.index, v)
        return clone

    # -- parts ----------------------------------------------------------------------------
    def prologue(self, rw):
        loop, body = self.loop, self.body
        iter_args = body.args[1:]
        for a, init in zip(iter_args, loop.operands[3:]):
            self.set_value(a, init, 0)
        yld = body.last
        loc = loop.loc
        preds = [None] * self.max_stage
        for i in range(self.max_stage):
            if self.dynamic:
                t = self.ub.type
                c = _cst(rw, t, i, loc)
                iv = _bin(rw, "arith.addi", self.lb, _bin(rw, "arith.muli", self.step, c, loc), loc)
                preds[i] = _cmp_slt(rw, iv, self.ub, loc)
            t = self.lb.type
            c = _cst(rw, t, i, loc)
            iv = _bin(rw, "arith.addi", self.lb, _bin(rw, "arith.muli", self.step, c, loc), loc)
            self.set_value(body.args[0], iv, i)
            for op in self.order:
                st = self.stages[op]
                if st > i:
                    continue

                def upd(nested, idx, v, i=i, st=st):
                    lst = self.values.get(v)
                    if lst is not None and lst[i - st] is not None:
                        nested.set_operand(idx, lst[i - st])
                new = self._clone_update(rw, op, upd)
                if preds[i - st] is not None:
                    new = _predicate(rw, new, preds[i - st])
                rw.set_insertion_point_after(new)
                if self.opts["annotate"]:
                    _annotate(new, "prologue", i)
                for k, r in enumerate(op.results):
                    self.set_value(r, new.results[k], i - st)
                    for j, yv in enumerate(yld.operands):
                        if yv is r:
                            self.set_value(iter_args[j], new.results[k], i - st + 1)

    def cross_stage_values(self):
        out = {}
        for op in self.order:
            stage = self.stages[op]

            def analyze(v, stage=stage):
                d, dist = self.def_and_distance(v)
                if d is None:
                    return
                ds = self.stages.get(d)
                if ds is None or ds == stage or ds == stage + dist:
                    return
                info = out.setdefault(v, [0, 0])  # [lastUseStage, defStage]
                info[1] = ds
                info[0] = max(info[0], stage)
            for v in op.operands:
                analyze(v)
            for r in op.regions:
                post = []
                for b in r.blocks:
                    for o in b:
                        o.walk(post.append)
                for o in post:
                    for v in o.operands:
                        owner = parent_op_of_value(v)
                        if owner is None or not op.is_ancestor_of(owner):
                            analyze(v)
        return out

    def kernel_loop(self, rw, cross, arg_map):
        body, ms = self.body, self.max_stage
        args = []
        for j, rv in enumerate(body.last.operands):
            d = defining(rv)
            ds = self.stages.get(d)
            if ds is not None:
                args.append(self.values[body.args[1 + j]][ms - ds])
            else:
                args.append(self.loop.operand(3 + j))
        for v, (last, dst) in cross.items():
            for k in range(last - dst):
                args.append(self.values[v][ms - last + k])
                arg_map[(v, last - dst - k)] = len(args) - 1
        new_ub = self.ub
        loc = self.loop.loc
        if self.peel:
            c = _cst(rw, self.ub.type, ms, loc)
            new_ub = _bin(rw, "arith.subi", self.ub, _bin(rw, "arith.muli", self.step, c, loc), loc)
        return create_for(rw, self.lb, new_ub, self.step, args, loc, terminate=False)

    def kernel(self, rw, new, cross, arg_map):
        self.values = {}
        loop, body, ms = self.loop, self.body, self.max_stage
        nbody = new.regions[0].blocks[0]
        niv = nbody.args[0]
        rw.set_insertion_point_to_start(nbody)
        mapping = {body.args[0]: niv}
        for a, na in zip(body.args[1:], nbody.args[1:]):
            mapping[a] = na
        preds = [None] * (ms + 1)
        loc = new.loc
        if not self.peel:
            for i in range(ms):
                c = _cst(rw, self.ub.type, ms - i, loc)
                cv = _bin(rw, "arith.subi", self.ub, _bin(rw, "arith.muli", self.step, c, loc), loc)
                preds[i] = _cmp_slt(rw, niv, cv, loc)
        term = body.last
        for op in self.order:
            use = self.stages[op]
            new_op = rw.clone(op, mapping)
            pairs = dict(_nested_pairs(op, new_op))
            slots = []
            post = []
            op.walk(post.append)
            for o in post:
                for s in o.operand_slots:
                    slots.append((o, s.index, s.value))
            for owner, idx, val in slots:
                nested_new = pairs[owner]
                if val is body.args[0]:
                    rw.set_insertion_point(new_op)
                    t = self.step.type
                    c = _cst(rw, t, ms - use, loop.loc)
                    off = _bin(rw, "arith.muli", self.step, c, loop.loc)
                    iv = _bin(rw, "arith.addi", niv, off, loop.loc)
                    nested_new.set_operand(idx, iv)
                    rw.set_insertion_point_after(new_op)
                    continue
                source = val
                if not hasattr(val.owner, "opdef") and val.owner is body:
                    ret = term.operand(val.index - 1)
                    dep = defining(ret)
                    if dep is None:
                        continue
                    sd = self.stages.get(dep)
                    if sd is None or sd == use:
                        continue
                    if sd == use + 1:
                        nested_new.set_operand(idx, mapping.get(ret, ret))
                        continue
                    source = ret
                d = defining(source)
                if d is None:
                    continue
                sd = self.stages.get(d)
                if sd is None or sd == use:
                    continue
                k = arg_map.get((val, use - sd))
                if k is None:
                    return False
                nested_new.set_operand(idx, nbody.args[1 + k])
            if preds[use] is not None:
                new_op = _predicate(rw, new_op, preds[use])
                for r, nr in zip(op.results, new_op.results):
                    mapping[r] = nr
            rw.set_insertion_point_after(new_op)
            if self.opts["annotate"]:
                _annotate(new_op, "kernel", 0)
        yields = []
        for j, yv in enumerate(term.operands):
            source = mapping.get(yv, yv)
            if not self.peel and loop.results[j].has_uses():
                d = self.def_and_distance(yv)[0]
                if d is not None:
                    ds = self.stages.get(d)
                    if ds is not None and ds < ms:
                        p = preds[ds]
                        source = rw.create("arith.select", [p, source, nbody.args[j + 1]],
                                           [source.type], loc=defining(p).loc).results[0]
            yields.append(source)
        for v, (last, dst) in cross.items():
            version = ms - last + 1
            for _ in range(1, last - dst):
                self.set_value(v, new.results[len(yields)], version)
                version += 1
                yields.append(nbody.args[len(yields) + 2])
            self.set_value(v, new.results[len(yields)], version)
            version += 1
            yields.append(mapping.get(v, v))
        for j, rv in enumerate(term.operands):
            ds = self.stages.get(defining(rv))
            if ds is None:
                for st in range(1, ms + 1):
                    self.set_value(body.args[1 + j], rv, st)
            elif ds > 0:
                self.set_value(body.args[1 + j], new.results[j], ms - ds + 1)
        rw.create("scf.yield", yields, [], loc=loop.loc)
        return True

    def epilogue(self, rw, returns):
        loop, body, ms = self.loop, self.body, self.max_stage
        loc = loop.loc
        t = self.lb.type
        for i in range(ms):
            m1 = _cst(rw, t, -1, loc)
            total = _bin(rw, "arith.divui", _bin(rw, "arith.subi", _bin(
                rw, "arith.addi", self.ub, m1, loc), self.lb, loc), self.step, loc)
            mi = _cst(rw, t, -i, loc)
            last = _bin(rw, "arith.addi", self.lb, _bin(rw, "arith.muli", self.step, _bin(
                rw, "arith.addi", total, mi, loc), loc), loc)
            self.set_value(body.args[0], last, ms - i)
        term = body.last
        for i in range(1, ms + 1):
            for op in self.order:
                st = self.stages[op]
                if st < i:
                    continue

                def upd(nested, idx, v, i=i, st=st):
                    lst = self.values.get(v)
                    if lst is not None and lst[ms - st + i] is not None:
                        nested.set_operand(idx, lst[ms - st + i])
                new = self._clone_update(rw, op, upd)
                if self.opts["annotate"]:
                    _annotate(new, "epilogue", i - 1)
                for k, r in enumerate(op.results):
                    self.set_value(r, new.results[k], ms - st + i)
                    for j, yv in enumerate(term.operands):
                        if yv is not r:
                            continue
                        version = ms - st + i + 1
                        if version > ms:
                            returns[j] = new.results[k]
                            continue
                        self.set_value(body.args[1 + j], new.results[k], version)


def _annotate(op, part, it):
    op.set_attr("__test_pipelining_part", StringAttr(part))
    op.set_attr("__test_pipelining_iteration", IntegerAttr(I32, it))


def _zero(t):
    if isinstance(t, (IntegerType, IndexType)):
        return IntegerAttr(t, 0)
    if isinstance(t, FloatType):
        return FloatAttr.from_float(t, 0.0)
    from pyopt.dialects.llvm.folds import zero_attr
    return zero_attr(t)


def _predicate(rw, op, pred):
    """The test's predication: the op moves into `scf.if pred`, the else branch yields
    zeros (a copy of the op for memref.subview)."""
    loc = op.loc
    types = [r.type for r in op.results]
    if_op = rw.create("scf.if", [pred], types, regions=[Region(), Region()], loc=loc)
    then = rw.create_block(if_op.regions[0])
    els = rw.create_block(if_op.regions[1])
    if not types:
        rw.set_insertion_point_to_end(then)
        rw.create("scf.yield", [], [], loc=loc)
        rw.set_insertion_point_to_end(els)
        rw.create("scf.yield", [], [], loc=loc)
    op.detach()
    then.prepend(op)
    if rw.listener is not None:
        rw.listener.notify_op_inserted(op)
    rw.set_insertion_point_after(op)
    if types:
        rw.create("scf.yield", list(op.results), [], loc=loc)
    rw.set_insertion_point_to_start(els)
    if op.name == "memref.subview":
        vals = list(rw.clone(op, {}).results)
    else:
        vals = [rw.create("arith.constant", [], [t], properties={"value": _zero(t)},
                          loc=loc).results[0] for t in types]
    if types:
        rw.create("scf.yield", vals, [], loc=loc)
    return if_op


def pipeline_for_loop(rw, ctx, loop, options):
    p = _Pipeliner(ctx, options)
    if not p.init(loop):
        return False
    p.prologue(rw)
    cross = p.cross_stage_values()
    arg_map = {}
    new = p.kernel_loop(rw, cross, arg_map)
    if not p.kernel(rw, new, cross, arg_map):
        return False
    returns = list(new.results[:len(loop.results)])
    if p.peel:
        rw.set_insertion_point_after(new)
        p.epilogue(rw, returns)
    if loop.results:
        rw.replace_op(loop, returns)
    else:
        rw.erase_op(loop)
    return True


class _Pipelining(RewritePattern):
    root = "scf.for"

    def __init__(self, ctx, options):
        super().__init__()
        self.ctx, self.options = ctx, options

    def match_and_rewrite(self, op, rw):
        return pipeline_for_loop(rw, self.ctx, op, self.options)


@register_pass("test-scf-pipelining", "test scf.forOp pipelining",
               options=[PassOption("annotate", bool, False,
                                   "Annote operations during loop pipelining transformation"),
                        PassOption("no-epilogue-peeling", bool, False,
                                   "Use predicates instead of peeling the epilogue.")])
def test_scf_pipelining(op, ctx, options):
    no_peel = options["no-epilogue-peeling"]
    opts = {"annotate": options["annotate"], "dynamic": no_peel, "peel": not no_peel,
            "predicate": no_peel}
    apply_patterns_greedily(op, [_Pipelining(ctx, opts)], ctx, default_greedy_config())
    for o in op.walk_ops():
        if o.attributes:
            o.remove_attr(_STAGE)
            o.remove_attr(_ORDER)
