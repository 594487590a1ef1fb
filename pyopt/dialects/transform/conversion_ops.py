"""transform.apply_conversion_patterns (a dialect conversion of the payload) and the
conversion-pattern descriptors and type-converter builders its regions hold. Declared here;
the pass library implements them (passes/transform/conversion_apply.py), since the patterns
and type converters are its own."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, IntegerAttr
from pyopt.ir.constraints import (ArrayAttrAny, BoolAttrConstraint, I64Attr, StrAttr,
                                  UnitAttrConstraint)
from pyopt.ir.opdef import NO_TERMINATOR, SINGLE_BLOCK, Op
from pyopt.ir.types import I64
from pyopt.ir.verify_invariants import op_error
from pyopt.interfaces import attach, model
from pyopt.dialects.transform.extension import (CONVERSION_DESCRIPTOR, TYPE_CONVERTER_BUILDER,
                                               implement, register_ops)
from pyopt.dialects.transform.types import OpHandle


def _verify_apply_conversion(op):
    if op.regions[0].blocks:
        for o in op.regions[0].blocks[0].ops:
            if model(o, CONVERSION_DESCRIPTOR) is None:
                raise op_error(op, "expected pattern children ops to implement "
                                   "ConversionPatternDescriptorOpInterface",
                               [("pattern op", o.loc)])
    if len(op.regions) > 1 and op.regions[1].blocks:
        ops = list(op.regions[1].blocks[0].ops)
        if len(ops) != 1:
            raise op_error(op, "expected exactly one op in default type converter region")
        if model(ops[0], TYPE_CONVERTER_BUILDER) is None:
            raise op_error(op, "expected default converter child op to implement "
                               "TypeConverterBuilderOpInterface",
                           [("op without interface", ops[0].loc)])


APPLY_CONVERSION_PATTERNS = register_ops(
    Op("transform.apply_conversion_patterns", operands=[("target", OpHandle)],
       attrs={"legal_ops": ArrayAttrAny.opt(), "illegal_ops": ArrayAttrAny.opt(),
              "legal_dialects": ArrayAttrAny.opt(), "illegal_dialects": ArrayAttrAny.opt(),
              "partial_conversion": UnitAttrConstraint.opt(),
              "preserve_handles": UnitAttrConstraint.opt()},
       regions=["patterns", "default_type_converter_region*"],
       traits=[NO_TERMINATOR],
       format="`to` $target $patterns (`with` `type_converter` "
              "$default_type_converter_region^)? attr-dict `:` type($target)",
       verify=_verify_apply_conversion))


def _verify_dialect_to_llvm(op):
    from pyopt.ir import verifier
    name = op.dialect_name.value
    ctx = verifier.current_ctx
    if ctx is not None and name not in ctx.dialects:
        raise op_error(op, f"unknown dialect or dialect not loaded: {name}")


DIALECT_TO_LLVM = register_ops(
    Op("transform.apply_conversion_patterns.dialect_to_llvm", attrs={"dialect_name": StrAttr},
       format="$dialect_name attr-dict", verify=_verify_dialect_to_llvm))
FUNC_TO_LLVM = register_ops(
    Op("transform.apply_conversion_patterns.func.func_to_llvm", format="attr-dict"))
VECTOR_TO_LLVM = register_ops(
    Op("transform.apply_conversion_patterns.vector.vector_to_llvm",
       attrs={"reassociate_fp_reductions": BoolAttrConstraint.with_default(BoolAttr(False)),
              "force_32bit_vector_indices": BoolAttrConstraint.with_default(BoolAttr(True))},
       format="attr-dict"))
MEMREF_TO_LLVM_TYPE_CONVERTER = register_ops(
    Op("transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter",
       attrs={"use_aligned_alloc": BoolAttrConstraint.with_default(BoolAttr(False)).opt(),
              "index_bitwidth": I64Attr.with_default(IntegerAttr(I64, 64)).opt(),
              "use_generic_functions": BoolAttrConstraint.with_default(BoolAttr(False)).opt(),
              "use_bare_ptr_call_conv": BoolAttrConstraint.with_default(BoolAttr(False)).opt(),
              "data_layout": StrAttr.opt()},
       format="attr-dict"))

# Marked now (the verifier asks); the pass library attaches the populate functions.
for _d in (DIALECT_TO_LLVM, FUNC_TO_LLVM, VECTOR_TO_LLVM):
    attach(_d, CONVERSION_DESCRIPTOR, True)
attach(MEMREF_TO_LLVM_TYPE_CONVERTER, TYPE_CONVERTER_BUILDER, True)
implement(APPLY_CONVERSION_PATTERNS,
          consumes=lambda op: set() if "preserve_handles" in op.properties else {0})
