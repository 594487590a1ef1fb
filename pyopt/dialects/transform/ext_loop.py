"""SCF's transform ops (MLIR 19 SCFTransformOps): transform.loop.* (forall_to_for,
forall_to_parallel, outline, peel, pipeline, promote_if_one_iteration, unroll, unroll_and_jam,
coalesce) and transform.scf.take_assumed_branch, and the transform dialect's loop extension
(loop.hoist_loop_invariant_subsets). Declared here with their handle effects;
what they do is attached by the pass library (passes/transform/loop_ops.py), which owns the
loop utilities."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, IntegerAttr
from pyopt.ir.constraints import BoolAttrConstraint, I64Attr, StrAttr, UnitAttrConstraint
from pyopt.ir.opdef import Op
from pyopt.ir.types import I64
from pyopt.dialects.transform.extension import implement, register_ops
from pyopt.dialects.transform.types import OpHandle, PositiveI64Attr, concrete_op

_FT = "$target attr-dict `:` functional-type(operands, results)"
_TT = "$target attr-dict `:` type($target)"


def _decl(name, *, results=(), attrs=None, format=_FT, verify=None, target=OpHandle):
    return register_ops(Op(name, operands=[("target", target)], results=list(results),
                           attrs=attrs or {}, format=format, verify=verify))


FORALL_TO_FOR = _decl("transform.loop.forall_to_for",
                      results=[("transformed", OpHandle, "*")])
FORALL_TO_PARALLEL = _decl("transform.loop.forall_to_parallel",
                           results=[("transformed", OpHandle, "*")])
PEEL = _decl("transform.loop.peel", target=concrete_op("scf.for"),
             results=[("peeled_loop", OpHandle), ("remainder_loop", OpHandle)],
             attrs={"peel_front": BoolAttrConstraint.with_default(BoolAttr(False)),
                    "fail_if_already_divisible":
                        BoolAttrConstraint.with_default(BoolAttr(False))})
PIPELINE = _decl("transform.loop.pipeline", target=concrete_op("scf.for"), results=[("transformed", OpHandle)],
                 attrs={"iteration_interval": I64Attr.with_default(IntegerAttr(I64, 1)),
                        "read_latency": I64Attr.with_default(IntegerAttr(I64, 10))})
PROMOTE_IF_ONE_ITERATION = _decl("transform.loop.promote_if_one_iteration", format=_TT)
UNROLL = _decl("transform.loop.unroll", attrs={"factor": PositiveI64Attr}, format=_TT)
UNROLL_AND_JAM = _decl("transform.loop.unroll_and_jam", attrs={"factor": PositiveI64Attr},
                       format=_TT)
COALESCE = _decl("transform.loop.coalesce", results=[("transformed", OpHandle)],
                 format="$target attr-dict `:` functional-type($target, $transformed)")
TAKE_ASSUMED_BRANCH = _decl(
    "transform.scf.take_assumed_branch", attrs={"take_else_branch": UnitAttrConstraint.opt()},
    format="$target (`take_else_branch` $take_else_branch^)? attr-dict `:` "
           "functional-type(operands, results)")

OUTLINE = register_ops(Op("transform.loop.outline", operands=[("target", OpHandle)],
                          results=[("function", OpHandle), ("call", OpHandle)],
                          attrs={"func_name": StrAttr}, format=_FT))

# (the transform dialect's own loop extension)
HOIST_LOOP_INVARIANT_SUBSETS = _decl("transform.loop.hoist_loop_invariant_subsets", format=_TT)

# Handle effects (the pass library adds the implementations): functional-style ops consume
# their target; take_assumed_branch only reads it.
for _op in (FORALL_TO_FOR, FORALL_TO_PARALLEL, OUTLINE, PEEL, PIPELINE, PROMOTE_IF_ONE_ITERATION,
            UNROLL, UNROLL_AND_JAM, COALESCE):
    implement(_op, consumes=("target",), modifies_payload=True)
implement(TAKE_ASSUMED_BRANCH, modifies_payload=True)
implement(HOIST_LOOP_INVARIANT_SUBSETS, modifies_payload=True, reports_tracking=True)
