"""The op-local half of the IR verifier (verifier.py): declared operand/result/attribute/region
constraints (verify_codegen.py compiles them per op declaration), traits, symbols, elementwise
shapes, and the errors every verifier raises (op_error, plain_error). verifier.py re-exports
these names."""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir import opdef as T
from pyopt.ir.constraints import AnyType, AttrConstraint, _Wrapped
from pyopt.ir.core import OpResult
from pyopt.ir.types import ShapedType, VectorType, RankedTensorType, UnrankedTensorType, DYNAMIC


class VerifyError(MLIRError):
    pass


def op_error(op, message, notes=()):
    """`'name' op message` at the op's location (Operation::emitOpError)."""
    d = Diagnostic("error", op.loc, f"'{op.name}' op {message}")
    for n in notes:
        if isinstance(n, tuple):
            d.attach_note(n[0], n[1])
        else:
            d.attach_note(n)
    err = VerifyError(d)
    err.op = op
    return err


def plain_error(op, message, *notes):
    """An error at the op's location without the `'name' op` prefix (Operation::emitError);
    notes are (message, location) pairs."""
    d = Diagnostic("error", op.loc, message)
    for msg, loc in notes:
        d.attach_note(msg, loc)
    err = VerifyError(d)
    err.op = op
    return err


def loc_error(loc, message):
    """An error at a location, not emitted by an op (mlir::emitError(loc)): no "see current
    operation" note follows it."""
    return VerifyError(Diagnostic("error", loc, message))


# ------------------------------------------------------------------------- invariants
def _ordinal(i):
    return f"#{i}"


class _VerifyPlan:
    """What verify_declared has to check for one op declaration, worked out once: constraints
    that accept anything, counts of fixed-arity ops and absent traits cost nothing per op."""
    __slots__ = ("fixed_operands", "nops", "fixed_results", "nres", "parent", "attrs",
                 "operand_checks", "result_checks", "nregions", "nsuccessors", "traits")

    def __init__(self, d):
        traits = d.traits
        self.fixed_operands = d._simple_operands and T.ATTR_SIZED_OPERANDS not in traits
        self.nops = len(d.operands)
        self.fixed_results = d._simple_results and T.ATTR_SIZED_RESULTS not in traits
        self.nres = len(d.results)
        self.parent = bool(d.extra.get("parent"))
        self.attrs = [(n, c, not c.optional and c.default is None and not c.is_unit,
                       type(c).check is AttrConstraint.check) for n, c in d.attrs.items()]
        self.operand_checks = [(gi, a.constraint.pred, a) for gi, a in enumerate(d.operands)
                               if a.constraint.pred is not _ANY]
        self.result_checks = [(gi, a.constraint.pred, a) for gi, a in enumerate(d.results)
                              if a.constraint.pred is not _ANY]
        self.nregions = None if any(r.variadic for r in d.regions) else len(d.regions)
        self.nsuccessors = None if any(s.variadic for s in d.successors) else \
            len(d.successors)
        self.traits = bool(traits & _CHECKED_TRAITS) or d.implicit_terminator is not None


def verify_declared(op, d):
    """Counts, type and attribute constraints from the declaration, then traits. The common
    checks run from the declaration's plan; any failure re-runs the full checks in order, so
    the first error is the one MLIR reports."""
    plan = d.__dict__.get("_verify_plan")
    if plan is None:
        plan = d._verify_plan = _VerifyPlan(d)
    slots = op.operand_slots
    results = op.results
    if plan.fixed_operands:
        if len(slots) != plan.nops:
            return _verify_declared_full(op, d)
    else:
        _verify_counts(op, d, d.operands, len(slots), "operand", T.ATTR_SIZED_OPERANDS)
    if plan.fixed_results:
        if len(results) != plan.nres:
            return _verify_declared_full(op, d)
    else:
        _verify_counts(op, d, d.results, len(results), "result", T.ATTR_SIZED_RESULTS)
    if plan.parent:
        _verify_parent(op, d)
    if plan.attrs:
        props, attributes = op.properties, op.attributes
        for an, c, required, trivial in plan.attrs:
            a = props.get(an)
            if a is None:
                a = attributes.get(an)
            if a is None:
                if required:
                    return _verify_declared_full(op, d)
                continue
            if not trivial and not c.check(a):
                return _verify_declared_full(op, d)
    if plan.operand_checks:
        if plan.fixed_operands:
            for gi, pred, _ in plan.operand_checks:
                if not pred(slots[gi].value.type):
                    return _verify_declared_full(op, d)
        else:
            ranges = d.group_ranges(op, "operand")
            for gi, pred, _ in plan.operand_checks:
                start, n = ranges[gi]
                for i in range(start, start + n):
                    if not pred(slots[i].value.type):
                        return _verify_declared_full(op, d)
    if plan.result_checks:
        if plan.fixed_results:
            for gi, pred, _ in plan.result_checks:
                if not pred(results[gi].type):
                    return _verify_declared_full(op, d)
        else:
            ranges = d.group_ranges(op, "result")
            for gi, pred, _ in plan.result_checks:
                start, n = ranges[gi]
                for i in range(start, start + n):
                    if not pred(results[i].type):
                        return _verify_declared_full(op, d)
    if plan.nregions is not None and len(op.regions) != plan.nregions:
        return _verify_declared_full(op, d)
    if plan.nsuccessors is not None and len(op.successor_slots) != plan.nsuccessors:
        return _verify_declared_full(op, d)
    if plan.traits:
        _verify_traits(op, d)


def _verify_declared_full(op, d):
    name = op.name
    # The region count (ODS's ZeroRegions/OneRegion/NRegions trait comes first).
    nreg = len(op.regions)
    if nreg != len(d.regions) and not any(r.variadic for r in d.regions):
        if len(d.regions) == 0:
            raise op_error(op, "requires zero regions")
        if len(d.regions) == 1:
            raise op_error(op, "requires one region")
        raise op_error(op, f"expected {len(d.regions)} regions")
    # Operand and result counts.
    nops = len(op.operand_slots)
    _verify_counts(op, d, d.operands, nops, "operand", T.ATTR_SIZED_OPERANDS)
    _verify_counts(op, d, d.results, len(op.results), "result", T.ATTR_SIZED_RESULTS)
    _verify_parent(op, d)
    # Attributes.
    props = op.properties
    for an, c in d.attrs.items():
        a = props.get(an)
        if a is None:
            a = op.attributes.get(an)
        if a is None:
            if not c.optional and c.default is None and not c.is_unit:
                raise op_error(op, f"requires attribute '{an}'")
            continue
        if not c.check(a):
            raise op_error(op, f"attribute '{an}' failed to satisfy constraint: {c.summary}")
    # Operand and result types.
    if d.operands:
        for gi, (start, n) in enumerate(d.group_ranges(op, "operand")):
            c = d.operands[gi].constraint
            if c.pred is _ANY:
                continue
            for i in range(start, start + n):
                t = op.operand_slots[i].value.type
                if not c.pred(t):
                    raise op_error(op, f"operand #{i} must be {_varsummary(d.operands[gi], c)}, "
                                   f"but got '{t}'")
    if d.results:
        for gi, (start, n) in enumerate(d.group_ranges(op, "result")):
            c = d.results[gi].constraint
            if c.pred is _ANY:
                continue
            for i in range(start, start + n):
                t = op.results[i].type
                if not c.pred(t):
                    raise op_error(op, f"result #{i} must be {_varsummary(d.results[gi], c)}, "
                                   f"but got '{t}'")
    # Successors.
    nsucc = len(op.successor_slots)
    if nsucc != len(d.successors) and not any(s.variadic for s in d.successors):
        if len(d.successors) == 1:
            raise op_error(op, f"requires 1 successor but found {nsucc}")
        raise op_error(op, f"requires {len(d.successors)} successors but found {nsucc}")
    _verify_traits(op, d)


def _varsummary(arg, c):
    if arg.kind == "*":
        return f"variadic of {c.summary}"
    return c.summary


def _verify_counts(op, d, args, n, what, seg_trait):
    if seg_trait in d.traits:
        seg_name = "operandSegmentSizes" if what == "operand" else "resultSegmentSizes"
        seg = op.properties.get(seg_name)
        if seg is None:
            # A segment-sizes property left out of a generic op is zero-initialised.
            if n:
                raise op_error(op, f"{what} count ({n}) does not match with the total size "
                               f"(0) specified in attribute '{seg_name}'")
            return
        if len(seg.values) != len(args):
            raise op_error(op, f"'{seg_name}' attribute for specifying {what} segments must "
                           f"have {len(args)} elements, but got {len(seg.values)}")
        if sum(seg.values) != n:
            raise op_error(op, f"{what} count ({n}) does not match with the total size "
                           f"({sum(seg.values)}) specified in attribute '{seg_name}'")
        return
    if n == len(args) and (d._simple_operands if what == "operand" else d._simple_results):
        return  # fixed groups only, and the count matches
    nfixed = sum(1 for a in args if not a.kind)
    variadic = len(args) != nfixed
    if not variadic:
        if n != nfixed:
            if nfixed == 0:
                raise op_error(op, f"requires zero {what}s")
            if nfixed == 1:
                raise op_error(op, "requires a single operand" if what == "operand"
                               else "requires one result")
            raise op_error(op, f"expected {nfixed} {what}s, but found {n}")
    elif n < nfixed:
        raise op_error(op, f"expected {nfixed} or more {what}s, but found {n}")
    elif len(args) - nfixed == 1 and any(a.kind == "?" for a in args) and n > nfixed + 1:
        raise op_error(op, f"expected between {nfixed} and {nfixed + 1} {what}s, but found {n}")


def _verify_parent(op, d):
    """HasParent / ParentOneOf: a structural trait, checked before the operand constraints."""
    parent_req = d.extra.get("parent")
    if parent_req:
        p = op.parent_op
        if p is None or p.name not in parent_req:
            if len(parent_req) == 1:
                raise op_error(op, f"expects parent op '{parent_req[0]}'")
            raise op_error(op, f"expects parent op to be one of '{', '.join(parent_req)}'")


def _verify_symbol_visibility(op):
    """SymbolOpInterface: `sym_visibility` must be a known visibility string."""
    from pyopt.ir.attributes import StringAttr
    vis = op.get_attr("sym_visibility")
    if vis is None:
        return
    if type(vis) is not StringAttr:
        raise op_error(op, f"requires visibility attribute 'sym_visibility' to be a string "
                       f"attribute, but got {vis}")
    if vis.value not in ("public", "private", "nested"):
        raise op_error(op, f'visibility expected to be one of ["public", "private", "nested"], '
                       f"but got {vis}")


def _verify_symbol(op, d):
    """SymbolOpInterface's verifier."""
    name = op.get_attr("sym_name")
    if name is None:
        c = d.attrs.get("sym_name")
        if c is not None and c.optional:  # an optional symbol (e.g. an unnamed module)
            return
        raise op_error(op, "requires string attribute 'sym_name'")
    _verify_symbol_visibility(op)
    vis = op.get_attr("sym_visibility")
    if (vis is None or vis.value == "public") and _is_declaration(op):
        raise op_error(op, "symbol declaration cannot have public visibility")
    parent = op.parent_op
    if parent is not None and parent.opdef is not None and \
            T.SYMBOL_TABLE not in parent.opdef.traits:
        raise op_error(op, "symbol's parent must have the SymbolTable trait")


def _is_declaration(op):
    # SymbolOpInterface::isDeclaration: an op may define it (`is_declaration=fn` in Op(...));
    # otherwise FunctionOpInterface's: a function-like op without a body.
    fn = op.opdef.extra.get("is_declaration") if op.opdef is not None else None
    if fn is not None:
        return fn(op)
    return ("function_type" in op.properties and len(op.regions) == 1
            and not op.regions[0].blocks)


def verify_isolated_from_above(iso):
    """IsolatedFromAbove (a region trait): operands used anywhere inside the op's regions,
    except inside nested isolated ops, must be defined inside that region."""
    for region in iso.regions:
        pending = [region]
        inside = {region}  # regions known to be nested in `region`
        while pending:
            for b in pending.pop().blocks:
                o = b.first
                while o is not None:
                    for slot in o.operand_slots:
                        v = slot.value
                        vb = v.owner.parent if type(v) is OpResult else v.owner
                        vr = vb.parent if vb is not None else None
                        if vr in inside:
                            continue
                        if vr is not None and region.is_ancestor_of_region(vr):
                            inside.add(vr)
                        else:
                            raise op_error(o, "using value defined outside the region",
                                           [("required by region isolation constraints",
                                             iso.loc)])
                    if o.regions and not (o.opdef is not None and o.opdef.isolated):
                        pending.extend(o.regions)
                    o = o.next


def verify_symbol_table(op):
    """The SymbolTable trait (a region trait: runs after the nested ops verified)."""
    if len(op.regions) != 1:
        raise op_error(op, "Operations with a 'SymbolTable' must have exactly one region")
    if len(op.regions[0].blocks) != 1:
        raise op_error(op, "Operations with a 'SymbolTable' must have exactly one block")
    seen = {}
    for o in op.regions[0].blocks[0]:
        n = o.get_attr("sym_name")
        if n is None or type(n).__name__ != "StringAttr":
            continue
        first = seen.get(n.value)
        if first is not None:
            raise plain_error(o, f"redefinition of symbol named '{n.value}'",
                              ("see existing symbol definition here", first.loc))
        seen[n.value] = o


def _verify_traits(op, d):
    traits = d.traits
    if not traits:
        return
    if T.SYMBOL in traits:
        _verify_symbol(op, d)
    if T.SAME_OPERANDS_AND_RESULT_TYPE in traits:
        ts = [s.value.type for s in op.operand_slots] + [r.type for r in op.results]
        if ts and any(t is not ts[0] for t in ts):
            raise op_error(op, "requires the same type for all operands and results")
    if T.SAME_TYPE_OPERANDS in traits:
        ts = [s.value.type for s in op.operand_slots]
        if ts and any(t is not ts[0] for t in ts):
            raise op_error(op, "requires all operands to have the same type")
    if T.SAME_OPERANDS_AND_RESULT_SHAPE in traits:
        ts = [s.value.type for s in op.operand_slots] + [r.type for r in op.results]
        if ts and not compatible_shapes(ts):
            raise op_error(op, "requires the same shape for all operands and results")
    if T.ELEMENTWISE in traits:
        _verify_elementwise(op)
    if T.TERMINATOR in traits:
        b = op.parent
        if b is not None and b.last is not op:
            raise op_error(op, "must be the last operation in the parent block")
    if T.SINGLE_BLOCK in traits or d.implicit_terminator is not None:
        for r in op.regions:
            if len(r.blocks) > 1:
                raise op_error(op, "expects region #%d to have 0 or 1 blocks" % op.regions.index(r))
            if r.blocks and r.blocks[0].first is None and T.NO_TERMINATOR not in traits:
                raise op_error(op, "expects a non-empty block")


_ANY = AnyType.pred
# The traits _verify_traits looks at (an op with none of them skips the call).
_CHECKED_TRAITS = frozenset((T.SYMBOL, T.SAME_OPERANDS_AND_RESULT_TYPE, T.SAME_TYPE_OPERANDS,
                             T.SAME_OPERANDS_AND_RESULT_SHAPE, T.ELEMENTWISE, T.TERMINATOR,
                             T.SINGLE_BLOCK))


def _verify_implicit_terminator(op, name):
    """SingleBlockImplicitTerminator is a region trait: checked once nested ops verified."""
    for r in op.regions:
        if not r.blocks:
            continue
        last = r.blocks[0].last
        if last is None or last.name != name:
            raise op_error(op, f"expects regions to end with '{name}', "
                           f"found '{last.name if last else ''}'",
                           [("in custom textual format, the absence of terminator "
                             "implies '" + name + "'", None)])


def compatible_shapes(types) -> bool:
    """MLIR's verifyCompatibleShapes: all scalars, or all shaped with equal ranks and equal
    static dims (unranked and dynamic sizes match anything; scalable and fixed vectors don't
    mix)."""
    shaped = [isinstance(t, ShapedType) for t in types]
    if not any(shaped):
        return True
    if not all(shaped):
        return False
    scal = {type(t) is VectorType and t.is_scalable for t in types}
    if len(scal) > 1:
        return False
    ranked = [t.shape for t in types if t.has_rank]
    if not ranked:
        return True
    if any(len(s) != len(ranked[0]) for s in ranked):
        return False
    for dims in zip(*ranked):
        static = {d for d in dims if d != DYNAMIC}
        if len(static) > 1:
            return False
    return True


_MAPPABLE = (VectorType, RankedTensorType, UnrankedTensorType)


def _verify_elementwise(op):
    mappable = _MAPPABLE
    res = [r.type for r in op.results if isinstance(r.type, mappable)]
    opd = [s.value.type for s in op.operand_slots if isinstance(s.value.type, mappable)]
    if not res and not opd:
        return
    if res and not opd:
        raise op_error(op, "if a result is non-scalar, then at least one operand must be "
                       "non-scalar")
    if not res:
        raise op_error(op, "if an operand is non-scalar, then there must be at least one "
                       "non-scalar result")
    if len(res) != len(op.results):
        raise op_error(op, "if an operand is non-scalar, then all results must be non-scalar")
    ts = opd + res
    base = type(ts[0])  # the TypeID: ranked and unranked tensors differ
    if any(type(t) is not base for t in ts) or not compatible_shapes(ts):
        raise op_error(op, "all non-scalar operands/results must have the same shape and base "
                       "type")
