"""Tensor's transform extension (MLIR 19 TensorTransformOps): pattern descriptors for
transform.apply_patterns, their patterns attached by the pass library (passes/transform/
tensor_patterns.py), and transform.tensor.make_loop_independent (implemented by
passes/tensor/loop_independence.py)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr
from pyopt.ir.constraints import BoolAttrConstraint, I64Attr
from pyopt.ir.opdef import Op
from pyopt.interfaces import attach
from pyopt.ir.constraints import UnitAttrConstraint
from pyopt.dialects.transform.extension import (TYPE_CONVERTER_BUILDER, implement,
                                               pattern_descriptor, register_ops)
from pyopt.dialects.transform.types import OpHandle


def _simple(name, **attrs):
    return pattern_descriptor(Op("transform.apply_patterns.tensor." + name, attrs=attrs,
                                 format="attr-dict"))


DECOMPOSE_CONCAT = _simple("decompose_concat")
DROP_REDUNDANT_RANK_EXPANSION = _simple("drop_redundant_insert_slice_rank_expansion")
FOLD_TENSOR_EMPTY = _simple("fold_tensor_empty", fold_single_use_only=
                            BoolAttrConstraint.with_default(BoolAttr(False)))
FOLD_INTO_PACK_AND_UNPACK = _simple("fold_into_pack_and_unpack")
FOLD_TENSOR_SUBSET_OPS = _simple("fold_tensor_subset_ops")
FOLD_SUBSET_INTO_VECTOR_TRANSFERS = _simple("fold_tensor_subset_ops_into_vector_transfers")
MERGE_CONSECUTIVE_INSERT_EXTRACT_SLICE = _simple("merge_consecutive_insert_extract_slice")
REASSOCIATIVE_RESHAPE_FOLDING = _simple("reassociative_reshape_folding")

MAKE_LOOP_INDEPENDENT = register_ops(
    Op("transform.tensor.make_loop_independent", operands=[("target", OpHandle)],
       attrs={"num_loops": I64Attr}, results=[("transformed", OpHandle)],
       format="$target attr-dict `:` functional-type($target, $transformed)"))
implement(MAKE_LOOP_INDEPENDENT, consumes=("target",), modifies_payload=True)


# -- type_conversion.tensor.cast_shape_dynamic_dims -------------------------------------------
def _is_tensor(t):
    from pyopt.ir.types import RankedTensorType, UnrankedTensorType
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def _cast_materializations(op):
    """A type converter whose materializations are tensor.casts between cast-compatible
    types (the source ones only towards more static types unless `ignore_dynamic_info`)."""
    from pyopt.rewrite.conversion import TypeConverter
    from pyopt.dialects.tensor.canonicalize import preserves_static_information
    from pyopt.dialects.tensor.ops import cast_compatible
    ignore = op.ignore_dynamic_info is not None

    def make(check_static):
        def materialize(b, result_type, inputs, loc):
            if len(inputs) != 1:
                return None
            v = inputs[0]
            if not (_is_tensor(v.type) and _is_tensor(result_type)):
                return None
            if check_static and not ignore and \
                    not preserves_static_information(result_type, v.type):
                return None
            if not cast_compatible(v.type, result_type):
                return None
            return b.create("tensor.cast", [v], [result_type], loc=loc).results[0]
        return materialize
    tc = TypeConverter()
    tc.add_source_materialization(make(True))
    tc.add_target_materialization(make(False))
    return tc


CAST_SHAPE_DYNAMIC_DIMS = register_ops(
    Op("transform.type_conversion.tensor.cast_shape_dynamic_dims",
       attrs={"ignore_dynamic_info": UnitAttrConstraint.opt()},
       format="(`ignore_dynamic_info` $ignore_dynamic_info^)? attr-dict"))
attach(CAST_SHAPE_DYNAMIC_DIMS, TYPE_CONVERTER_BUILDER, _cast_materializations)
