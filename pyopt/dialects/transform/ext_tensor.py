"""Tensor's transform extension (MLIR 19 TensorTransformOps): pattern descriptors for
transform.apply_patterns, their patterns attached by the pass library (passes/transform/
tensor_patterns.py), and transform.tensor.make_loop_independent (implemented by
passes/tensor/loop_independence.py)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr
from pyopt.ir.constraints import BoolAttrConstraint, I64Attr
from pyopt.ir.opdef import Op
from pyopt.dialects.transform.extension import implement, pattern_descriptor, register_ops
from pyopt.dialects.transform.failures import definite
from pyopt.dialects.transform.types import OpHandle


def _not_loaded(op, ctx):
    raise definite(op, f"'{op.name}': the pass library providing its patterns is not loaded")


def _simple(name, **attrs):
    return pattern_descriptor(Op("transform.apply_patterns.tensor." + name, attrs=attrs,
                                 format="attr-dict"), _not_loaded)


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
