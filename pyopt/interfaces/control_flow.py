"""Region control flow and calls: RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
CallOpInterface and CallableOpInterface (MLIR's ControlFlowInterfaces / CallInterfaces).

Analyses (dead code, constants, integer ranges, liveness, buffer aliasing) follow values across
region boundaries and calls through these interfaces only: a dialect attaches models to its ops
(`attach(op, REGION_BRANCH, model)`), and an op without a model is opaque to them.

A *successor* is (region index, inputs) or (None, inputs) for the parent op's results, where
`inputs` are the values that receive the forwarded operands (block arguments or results).
"""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.opdef import RETURN_LIKE

REGION_BRANCH = "RegionBranchOpInterface"
REGION_TERMINATOR = "RegionBranchTerminatorOpInterface"
CALL = "CallOpInterface"
CALLABLE = "CallableOpInterface"


def _model(op, name):
    d = op.opdef
    return None if d is None else d.extra.get(name)


# -- region branches -------------------------------------------------------------------------
class RegionBranch:
    """A model: `successors(op, point, consts)` is getSuccessorRegions from `point` (None: from
    the parent op; else the index of the region being left), refined by constant operands
    (`consts`, one attribute or None per operand) where the op's getEntrySuccessorRegions is;
    `entry_operands(op)` the operands forwarded to the entry successors;
    `invocation_bounds(op)` getRegionInvocationBounds: a (lower, upper) pair per region, upper
    None when unbounded, or None when nothing is known (the default)."""

    def successors(self, op, point, consts=None):
        raise NotImplementedError

    def entry_operands(self, op):
        return []

    def invocation_bounds(self, op):
        return None


class SingleRegion(RegionBranch):
    """Enter the one region, leave it to the results (scf.execute_region,
    memref.alloca_scope)."""

    def successors(self, op, point, consts=None):
        return [(0, [])] if point is None else [(None, list(op.results))]


def region_args(op, i, start=0):
    r = op.regions[i]
    return list(r.blocks[0].args[start:]) if r.blocks else []


def is_region_branch(op):
    return _model(op, REGION_BRANCH) is not None


def region_successors(op, point, consts=None):
    return _model(op, REGION_BRANCH).successors(op, point, consts)


def region_invocation_bounds(op):
    """getRegionInvocationBounds of a region branch op: [(lower, upper)] per region, or None
    when unknown (not a region branch, or its model does not say)."""
    m = _model(op, REGION_BRANCH)
    return None if m is None else m.invocation_bounds(op)


def entry_successor_operands(op):
    """getEntrySuccessorOperands: values the op forwards into its regions (or results)."""
    m = _model(op, REGION_BRANCH)
    return [] if m is None else m.entry_operands(op)


class RegionTerminator:
    """A terminator of a region branch's region. The default model forwards every operand to
    whatever its parent says follows the region (scf.yield, affine.yield, ...)."""

    def forwarded(self, term):
        return term.operands

    def successors(self, term, parent, consts):
        return region_successors(parent, region_index(term))


_DEFAULT_TERMINATOR = RegionTerminator()


def _terminator_model(term):
    m = _model(term, REGION_TERMINATOR)
    if m is None and term.opdef is not None and RETURN_LIKE in term.opdef.traits:
        return _DEFAULT_TERMINATOR
    return m


def terminator_successor_operands(term):
    """RegionBranchTerminatorOpInterface's forwarded operands; None if `term` is not one."""
    m = _terminator_model(term)
    return None if m is None else m.forwarded(term)


def terminator_successors(term, branch, consts):
    """RegionBranchTerminatorOpInterface::getSuccessorRegions with constant operands."""
    m = _terminator_model(term) or _DEFAULT_TERMINATOR
    return m.successors(term, branch, consts)


def verify_region_branch(op):
    """RegionBranchOpInterface's verifier: the types forwarded along every region control-flow
    edge (from the op's entry operands, and from each region's terminators, which must agree
    with each other) match the types of the successor's inputs."""
    from pyopt.ir.verifier import op_error

    def edge(src, dst):
        return ("from " + ("parent operands" if src is None else f"Region #{src}") + " to " +
                ("parent results" if dst is None else f"Region #{dst}"))

    def check(src, types):
        for dst, inputs in region_successors(op, src):
            if len(types) != len(inputs):
                raise op_error(op, f" region control flow edge {edge(src, dst)}: source has "
                               f"{len(types)} operands, but target successor needs "
                               f"{len(inputs)}")
            for i, (s, v) in enumerate(zip(types, inputs)):
                if s is not v.type:
                    raise op_error(op, f" along control flow edge {edge(src, dst)}: source type "
                                   f"#{i} '{s}' should match input type #{i} '{v.type}'")

    check(None, [v.type for v in entry_successor_operands(op)])
    for ri, r in enumerate(op.regions):
        forwarded = [terminator_successor_operands(b.last) for b in r.blocks
                     if b.last is not None]
        forwarded = [[v.type for v in f] for f in forwarded if f is not None]
        if not forwarded:
            continue
        if any(f != forwarded[0] for f in forwarded[1:]):
            dst = region_successors(op, ri)[0][0]
            raise op_error(op, f" along control flow edge{edge(ri, dst)} operands mismatch "
                           f"between return-like terminators")
        check(ri, forwarded[0])


def region_index(op):
    region = op.parent.parent
    for i, r in enumerate(region.parent.regions):
        if r is region:
            return i
    return None


def const_bool(attr):
    """The value of an i1 constant attribute, else None."""
    if type(attr) is IntegerAttr and getattr(attr.type, "width", None) == 1:
        return attr.value != 0
    return None


# -- calls -----------------------------------------------------------------------------------
class Call:
    """CallOpInterface: `args(op)` the arguments passed to the callee; `callee(op)` what is
    called (getCallableForCallee): the symbol reference attribute, or the function value of an
    indirect call."""

    def args(self, op):
        return op.operands

    def callee(self, op):
        return op.get_attr("callee")


class Callable:
    """CallableOpInterface: the region that runs when called (None for a declaration) and the
    types of the results it returns (`function_type` by default)."""

    def region(self, op):
        r = op.regions[0] if op.regions else None
        return r if r is not None and r.blocks else None

    def result_types(self, op):
        return list(op.properties["function_type"].value.results)


def is_call(op):
    return _model(op, CALL) is not None


def is_callable(op):
    return _model(op, CALLABLE) is not None


def call_args(op):
    return _model(op, CALL).args(op)


def call_callee(op):
    return _model(op, CALL).callee(op)


def callable_region(op):
    m = _model(op, CALLABLE)
    return None if m is None else m.region(op)


def callable_results(op):
    return _model(op, CALLABLE).result_types(op)


class IndirectCall(Call):
    """A call through a function value: func.call_indirect (and any op that names its
    operands as it does, `callee` and `callee_operands`)."""

    def args(self, op):
        return op.callee_operands

    def callee(self, op):
        return op.callee


CALL_MODEL, INDIRECT_CALL_MODEL, CALLABLE_MODEL = Call(), IndirectCall(), Callable()
