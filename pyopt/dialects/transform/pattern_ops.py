"""Transform ops that rewrite the payload with the usual drivers: apply_patterns (its region
holds pattern-descriptor ops such as apply_patterns.canonicalization), apply_cse, apply_dce,
apply_licm, apply_registered_pass. Declared here; their interpreter models live with the
pass library (passes/transform/payload_rewrites.py), which owns CSE, LICM and the pass
manager."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr
from pyopt.ir.constraints import I64Attr, StrAttr, UnitAttrConstraint
from pyopt.ir.opdef import NO_TERMINATOR, SINGLE_BLOCK, Op
from pyopt.ir.types import I64
from pyopt.ir.verify_invariants import op_error
from pyopt.interfaces import model
from pyopt.dialects.transform.extension import (PATTERN_DESCRIPTOR, implement,
                                               pattern_descriptor, register_ops)
from pyopt.dialects.transform.types import OpHandle

_TO = "`to` $target attr-dict `:` type($target)"


def _verify_apply_patterns(op):
    body = op.regions[0]
    if body.blocks:
        for o in body.blocks[0].ops:
            if model(o, PATTERN_DESCRIPTOR) is None:
                raise op_error(op, "expected children ops to implement "
                                   "PatternDescriptorOpInterface", [("op without interface",
                                                                     o.loc)])


APPLY_PATTERNS = register_ops(
    Op("transform.apply_patterns", operands=[("target", OpHandle)],
       attrs={"apply_cse": UnitAttrConstraint.opt(),
              "max_iterations": I64Attr.with_default(IntegerAttr(I64, -1)),
              "max_num_rewrites": I64Attr.with_default(IntegerAttr(I64, -1))},
       regions=["patterns"], traits=[NO_TERMINATOR, SINGLE_BLOCK],
       format="`to` $target $patterns attr-dict `:` type($target)",
       verify=_verify_apply_patterns))


def _canonicalization_patterns(op, ctx):
    from pyopt.rewrite import canonicalization_patterns
    return canonicalization_patterns(ctx)


CANONICALIZATION = pattern_descriptor(
    Op("transform.apply_patterns.canonicalization", format="attr-dict"),
    _canonicalization_patterns)

APPLY_CSE = register_ops(Op("transform.apply_cse", operands=[("target", OpHandle)],
                            format=_TO))
APPLY_DCE = register_ops(Op("transform.apply_dce", operands=[("target", OpHandle)],
                            format=_TO))
APPLY_LICM = register_ops(Op("transform.apply_licm", operands=[("target", OpHandle)],
                             format=_TO))
APPLY_REGISTERED_PASS = register_ops(
    Op("transform.apply_registered_pass", operands=[("target", OpHandle)],
       results=[("result", OpHandle)],
       attrs={"pass_name": StrAttr, "options": StrAttr.with_default(StringAttr(""))},
       format="$pass_name `to` $target attr-dict `:` functional-type(operands, results)"))

# They are transform ops whether or not the pass library (which implements them) is loaded.
for _op in (APPLY_PATTERNS, APPLY_CSE, APPLY_DCE, APPLY_LICM):
    implement(_op)
implement(APPLY_REGISTERED_PASS, consumes=("target",))
