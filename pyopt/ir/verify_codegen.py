"""The declared-invariants verifier of one op declaration as generated straight-line code.

verify_declared (verify_invariants.py) interprets a declaration's plan for every op; the
function generated here does the same checks unrolled for one declaration, with the type
constraints' answers memoized per (interned) type. It only decides "all fine" quickly: any
failed check re-runs the full checks in declaration order (FULL), so the error reported is the
first one MLIR reports. Checks that raise directly (traits) come after every FULL fallback.
"""
from __future__ import annotations

import re

from pyopt.ir import opdef as T
from pyopt.ir.constraints import _Wrapped
from pyopt.ir.uniqued import on_types_mutated
from pyopt.ir.verify_invariants import (
    _MAPPABLE, _VerifyPlan, _verify_counts, _verify_declared_full, _verify_elementwise,
    _verify_parent, _verify_symbol, _verify_traits, compatible_shapes, op_error,
    verify_declared)

_SAME_TYPE_MSG = "requires the same type for all operands and results"


class _PredMemo(dict):
    """A type constraint's answers per (interned, hence identity-hashed) type. Types are
    immutable except identified LLVM structs getting a body: uniqued.types_mutated() then
    clears every memo."""
    __slots__ = ("pred",)

    def __init__(self, pred):
        super().__init__()
        self.pred = pred

    def __missing__(self, t):
        v = self[t] = bool(self.pred(t))
        return v


_PRED_MEMOS: dict = {}  # pred -> _PredMemo


def _pred_memo(pred):
    m = _PRED_MEMOS.get(pred)
    if m is None:
        m = _PRED_MEMOS[pred] = _PredMemo(pred)
    return m


def _clear_pred_memos():
    for m in _PRED_MEMOS.values():
        m.clear()


on_types_mutated(_clear_pred_memos)


def _is_mappable(t):
    """Elementwise's "non-scalar" types (vectors and tensors)."""
    return isinstance(t, _MAPPABLE)


def _single_variadic(args, traits, seg_trait):
    """The index of the one variadic group of a declaration without segment sizes (its
    groups' positions follow from the count alone), else None."""
    if seg_trait in traits:
        return None
    var = [i for i, a in enumerate(args) if a.kind]
    return var[0] if len(var) == 1 else None


def _unwrapped_check(c):
    """The check of the constraint a default/optional wrapper delegates to."""
    while type(c) is _Wrapped:
        c = c.inner
    return c.check


def verify_fn_for(d):
    """The declaration's generated verifier, built once (at its first op)."""
    try:
        fn = _Generator(d).build()
    except Exception:  # a declaration the generator did not foresee
        fn = verify_declared
    d._verify_fn = fn
    return fn


class _Generator:
    def __init__(self, d):
        plan = d.__dict__.get("_verify_plan")
        if plan is None:
            plan = d._verify_plan = _VerifyPlan(d)
        self.d, self.plan = d, plan
        self.ns = {"FULL": _verify_declared_full, "_verify_counts": _verify_counts,
                   "_verify_parent": _verify_parent, "_verify_traits": _verify_traits, "T": T,
                   "op_error": op_error, "_verify_symbol": _verify_symbol,
                   "compatible_shapes": compatible_shapes,
                   "_verify_elementwise": _verify_elementwise, "MAPPABLE": _pred_memo(
                       _is_mappable)}
        self.lines = ["def verify(op, d):", "    slots = op.operand_slots",
                      "    results = op.results"]
        # The types of fixed operands (results) are loaded once into locals o<i> (r<i>).
        self.locals = ([f"o{i}" for i in range(plan.nops)] if plan.fixed_operands else []) + \
            ([f"r{i}" for i in range(plan.nres)] if plan.fixed_results else [])
        # Every operand and result type as a local, else None.
        self.types = self.locals if plan.fixed_operands and plan.fixed_results else None
        # SameOperandsAndResultType checked up front: the types are then all `o0`/`r0`.
        self.same_type = (self.types is not None and len(self.types) > 1 and
                          T.SAME_OPERANDS_AND_RESULT_TYPE in d.traits and
                          T.SYMBOL not in d.traits)

    def emit(self, line):
        self.lines.append(line)

    def build(self):
        layout = self._structure()
        self._attrs()
        self._types(layout)
        if self.plan.traits:
            self._traits()
        if self.locals:
            body = "\n".join(self.lines[self.loads_at:])
            self.lines[self.loads_at:self.loads_at] = [
                f"    {t} = " + (f"slots[{t[1:]}].value.type" if t[0] == "o" else
                               f"results[{t[1:]}].type")
                for t in self.locals if re.search(rf"\b{t}\b", body)]
        src = "\n".join(self.lines) + "\n"
        ns = self.ns
        exec(compile(src, f"<verify {self.d.name}>", "exec"), ns)
        return ns["verify"]

    def _structure(self):
        """Region, successor and operand/result counts: one condition falling back to FULL
        (the counts of segment-sized groups are checked by _verify_counts). Returns per kind
        how a group's values are reached: "fixed" by position; ("single", i, n): one
        variadic group i of n, the others by position from either end; None: group_ranges."""
        d, plan = self.d, self.plan
        bad = []
        if plan.nregions is not None:
            bad.append(f"len(op.regions) != {plan.nregions}" if plan.nregions else "op.regions")
        if plan.nsuccessors is not None:
            bad.append(f"len(op.successor_slots) != {plan.nsuccessors}" if plan.nsuccessors
                       else "op.successor_slots")
        layout, counted = {}, []
        for kind, fixed, n, args, seg, var in (
                ("operand", plan.fixed_operands, plan.nops, d.operands, T.ATTR_SIZED_OPERANDS,
                 "slots"),
                ("result", plan.fixed_results, plan.nres, d.results, T.ATTR_SIZED_RESULTS,
                 "results")):
            if fixed:
                layout[kind] = "fixed"
                bad.append(f"len({var}) != {n}")
                continue
            vi = _single_variadic(args, d.traits, seg)
            if vi is None:
                layout[kind] = None
                counted.append(f"    _verify_counts(op, d, d.{kind}s, len({var}), '{kind}', "
                               f"T.{'ATTR_SIZED_OPERANDS' if kind == 'operand' else 'ATTR_SIZED_RESULTS'})")
                continue
            layout[kind] = ("single", vi, len(args))
            nfixed = len(args) - 1
            if args[vi].kind == "?":
                bad.append(f"not {nfixed} <= len({var}) <= {nfixed + 1}")
            elif nfixed:
                bad.append(f"len({var}) < {nfixed}")
        if bad:
            self.emit(f"    if {' or '.join(bad)}:")
            self.emit("        return FULL(op, d)")
        for line in counted:
            self.emit(line)
        if plan.parent:
            self.emit("    _verify_parent(op, d)")
        self.loads_at = len(self.lines)  # (the type locals the checks use go here)
        return layout

    def _attrs(self):
        plan, ns, emit = self.plan, self.ns, self.emit
        if not plan.attrs:
            return
        emit("    props = op.properties")
        emit("    attributes = op.attributes")
        required = [x for x in plan.attrs if x[2]]
        optional = [x for x in plan.attrs if not x[2] and not x[3]]
        for n, (an, c, req, trivial) in enumerate(plan.attrs):
            if not req:
                continue
            emit(f"    a = props.get({an!r})")
            emit("    if a is None:")
            emit(f"        a = attributes.get({an!r})")
            emit("        if a is None:")
            emit("            return FULL(op, d)")
            if not trivial:
                ns[f"C{n}"] = _unwrapped_check(c)
                emit(f"    if not C{n}(a):")
                emit("        return FULL(op, d)")
        if not optional:
            return
        # With only the required attributes present (they are, by now), no optional one can be.
        emit(f"    if len(props) + len(attributes) > {len(required)}:")
        if len(optional) > 2:
            # Many optional attributes (llvm.func, llvm.call): check those present rather
            # than look each declared one up.
            ns["OPT"] = {an: _unwrapped_check(c) for an, c, _, _ in optional}
            emit("        for an, a in props.items():")
            emit("            c = OPT.get(an)")
            emit("            if c is not None and a is not None and not c(a):")
            emit("                return FULL(op, d)")
            emit("        if attributes:")
            emit("            for an, a in attributes.items():")
            emit("                c = OPT.get(an)")
            emit("                if c is not None and a is not None and props.get(an) is None "
                 "and not c(a):")
            emit("                    return FULL(op, d)")
            return
        for n, (an, c, req, trivial) in enumerate(plan.attrs):
            if req or trivial:
                continue
            ns[f"C{n}"] = _unwrapped_check(c)
            emit(f"        a = props.get({an!r})")
            emit("        if a is None:")
            emit(f"            a = attributes.get({an!r})")
            emit(f"        if a is not None and not C{n}(a):")
            emit("            return FULL(op, d)")

    def _types(self, layout):
        """Operand and result type constraints (answers memoized per type)."""
        plan, ns, emit = self.plan, self.ns, self.emit
        fixed_checks = []  # (memo name, local type name)
        for checks, kind, tag, var, access in (
                (plan.operand_checks, "operand", "P", "slots", "slots[{}].value.type"),
                (plan.result_checks, "result", "R", "results", "results[{}].type")):
            if not checks:
                continue
            lay = layout[kind]
            if lay is None:
                emit(f"    ranges = d.group_ranges(op, '{kind}')")
            for gi, pred, _ in checks:
                memo = ns[f"{tag}{gi}"] = _pred_memo(pred)
                if lay == "fixed":
                    fixed_checks.append((memo, f"{tag}{gi}", f"{kind[0]}{gi}"))
                elif lay is not None and gi < lay[1]:
                    emit(f"    if not {tag}{gi}[{access.format(gi)}]:")
                    emit("        return FULL(op, d)")
                elif lay is not None and gi > lay[1]:
                    emit(f"    if not {tag}{gi}[{access.format(f'len({var}) - {lay[2] - gi}')}]:")
                    emit("        return FULL(op, d)")
                else:
                    if lay is None:
                        emit(f"    start, n = ranges[{gi}]")
                        emit("    for i in range(start, start + n):")
                    else:
                        emit(f"    for i in range({gi}, len({var}) - {lay[2] - 1 - gi}):")
                    emit(f"        if not {tag}{gi}[{access.format('i')}]:")
                    emit("            return FULL(op, d)")
        if not self.same_type:
            if fixed_checks:
                emit(f"    if not ({' and '.join(f'{m}[{t}]' for _, m, t in fixed_checks)}):")
                emit("        return FULL(op, d)")
            return
        # All types the same: each distinct constraint is asked once, about o0. Otherwise the
        # constraints decide between FULL and the trait's error.
        t0 = self.types[0]
        emit(f"    if {' or '.join(f'{t} is not {t0}' for t in self.types[1:])}:")
        if fixed_checks:
            emit(f"        if not ({' and '.join(f'{m}[{t}]' for _, m, t in fixed_checks)}):")
            emit("            return FULL(op, d)")
        emit(f"        raise op_error(op, {_SAME_TYPE_MSG!r})")
        distinct = {}
        for memo, m, _ in fixed_checks:
            distinct.setdefault(id(memo), m)
        if distinct:
            emit(f"    if not ({' and '.join(f'{m}[{t0}]' for m in distinct.values())}):")
            emit("        return FULL(op, d)")

    def _traits(self):
        """_verify_traits for the declaration's traits only, in its order."""
        d, plan, emit = self.d, self.plan, self.emit
        traits = d.traits
        types = self.types
        if T.SYMBOL in traits:
            emit("    _verify_symbol(op, d)")
        if T.SAME_OPERANDS_AND_RESULT_TYPE in traits and not self.same_type:
            if types is None:
                emit("    ts = [s.value.type for s in slots] + [r.type for r in results]")
                emit("    if ts and any(t is not ts[0] for t in ts):")
                emit(f"        raise op_error(op, {_SAME_TYPE_MSG!r})")
            elif len(types) > 1:
                emit(f"    if {' or '.join(f'{t} is not {types[0]}' for t in types[1:])}:")
                emit(f"        raise op_error(op, {_SAME_TYPE_MSG!r})")
        if T.SAME_TYPE_OPERANDS in traits:
            emit("    ts = [s.value.type for s in slots]")
            emit("    if ts and any(t is not ts[0] for t in ts):")
            emit("        raise op_error(op, 'requires all operands to have the same type')")
        if T.SAME_OPERANDS_AND_RESULT_SHAPE in traits:
            emit("    ts = [s.value.type for s in slots] + [r.type for r in results]")
            emit("    if ts and not compatible_shapes(ts):")
            emit("        raise op_error(op, 'requires the same shape for all operands and "
                 "results')")
        if T.ELEMENTWISE in traits:
            if types is None:
                emit("    _verify_elementwise(op)")
            elif types:
                # (only a vector or tensor gives it something to check)
                asked = types[:1] if self.same_type else types
                emit(f"    if {' or '.join(f'MAPPABLE[{t}]' for t in asked)}:")
                emit("        _verify_elementwise(op)")
        if T.TERMINATOR in traits:
            emit("    b = op.parent")
            emit("    if b is not None and b.last is not op:")
            emit("        raise op_error(op, 'must be the last operation in the parent block')")
        if T.SINGLE_BLOCK in traits or d.implicit_terminator is not None:
            emit("    for r in op.regions:")
            emit("        if len(r.blocks) > 1:")
            emit("            raise op_error(op, 'expects region #%d to have 0 or 1 blocks' % "
                 "op.regions.index(r))")
            emit(f"        if r.blocks and r.blocks[0].first is None and "
                 f"{T.NO_TERMINATOR not in traits}:")
            emit("            raise op_error(op, 'expects a non-empty block')")
