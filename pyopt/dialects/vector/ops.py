"""vector ops declared with an assembly format (VectorOps.td); the ops with hand-written
syntax (contract, outerproduct, transfers, mask, print, warp) are in syntax.py."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr
from pyopt.ir.types import VectorType, IntegerType, IndexType, FloatType, MemRefType, I1, INDEX
from pyopt.ir.constraints import (TypeConstraint, AnyType, Index, AnyMemRef, AnyShaped,
                           SignlessIntegerOrIndex, I64Attr, I32Attr, DenseI64Array,
                           BoolAttrConstraint)
from pyopt.ir.opdef import (Op, PURE, TERMINATOR, RETURN_LIKE, ATTR_SIZED_OPERANDS, ELEMENTWISE)
from pyopt.dialects.arith import FastMathC, FASTMATH_NONE
from pyopt.dialects.memref.views import DYNAMIC_INDEX_LIST
from pyopt.dialects.vector.attrs import CombiningKindC, I64ArrayAttrC
from pyopt.dialects.vector import verifiers as V


# ---------------------------------------------------------------------------- type constraints
def _is_vec(t):
    return type(t) is VectorType


def vector_of(elem_pred, elem_summary, any_rank=False):
    """VectorOf<[...]> / VectorOfAnyRankOf<[...]>: "vector of X values"."""
    if any_rank:
        pred = lambda t: type(t) is VectorType and elem_pred(t.element_type)  # noqa: E731
    else:
        pred = lambda t: type(t) is VectorType and bool(t.shape) and \
            elem_pred(t.element_type)  # noqa: E731
    return TypeConstraint(pred, f"vector of {elem_summary} values", type_class=VectorType)


def vector_rank1(elem_pred=None, elem_summary=None, scalable=False):
    """VectorOfRank<[1]> (summary " of ranks 1"), optionally VectorOfRankAndType."""
    def pred(t):
        return type(t) is VectorType and len(t.shape) == 1 and \
            (not scalable or t.is_scalable) and (elem_pred is None or elem_pred(t.element_type))
    summary = " of ranks 1" if elem_pred is None else f"vector of {elem_summary} values of ranks 1"
    return TypeConstraint(pred, summary, type_class=VectorType)


def _any(t):
    return True


def _int(t):
    return type(t) is IntegerType


def _signless(t):
    return type(t) is IntegerType and t.signedness == 0


def _float(t):
    return type(t) is FloatType


def _matrix_elem(t):
    return (type(t) is IntegerType and t.signedness != 2) or type(t) is IndexType or \
        type(t) is FloatType


VecAnyRank = vector_of(_any, "any type", any_rank=True)
Vec = vector_of(_any, "any type")
FixedVec = TypeConstraint(lambda t: type(t) is VectorType and not t.is_scalable,
                          "fixed-length vector of any type values", type_class=VectorType)
VecFloatAnyRank = vector_of(_float, "floating-point", any_rank=True)
VecI1AnyRank = vector_of(lambda t: t is I1, "1-bit signless integer", any_rank=True)
VecI1 = vector_of(lambda t: t is I1, "1-bit signless integer")
VecIntOrIndex = vector_of(lambda t: _int(t) or t is INDEX, "integer or index")
VecRank1 = vector_rank1()
ScalableVecRank1 = vector_rank1(scalable=True)
VecRank1I1 = vector_rank1(lambda t: t is I1, "1-bit signless integer")
VecRank1IntOrIndex = vector_rank1(lambda t: _int(t) or t is INDEX, "integer or index")
VecRank1Index = vector_rank1(lambda t: t is INDEX, "index")
MatrixVec = vector_rank1(_matrix_elem, "signless integer or signed integer or index or "
                                       "floating-point")
ScalarOrIndex = TypeConstraint(lambda t: _signless(t) or t is INDEX or _float(t),
                               "integer/index/float type")
StaticShapeMemRef = TypeConstraint(lambda t: type(t) is MemRefType and t.has_static_shape(),
                                   "statically shaped memref of any type values",
                                   type_class=MemRefType)

FALSE = BoolAttr(False)
NonTemporal = BoolAttrConstraint.with_default(FALSE).opt()


def _elem_of(name):
    """Infers a group's type as the element type of the vector `name`."""
    return lambda known, attrs: known[name].element_type


OPS = []


def _op(name, **kw):
    d = Op("vector." + name, **kw)
    OPS.append(d)
    return d


# ---------------------------------------------------------------------------- ops
_op("vscale", results=[("res", Index)], traits=[PURE], format="attr-dict",
    result_names=lambda op: [(0, "vscale")])

_op("bitcast", operands=[("source", VecAnyRank)], results=[("result", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($result)",
    verify=V.verify_bitcast)

_op("broadcast", operands=[("source", AnyType)], results=[("vector", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($vector)",
    verify=V.verify_broadcast)

_op("shuffle", operands=[("v1", FixedVec), ("v2", FixedVec)], results=[("vector", Vec)],
    attrs={"mask": I64ArrayAttrC}, traits=[PURE],
    format="operands $mask attr-dict `:` type(operands)",
    infer={"vector": lambda known, attrs: V.shuffle_result_type(
        known["v1"], [x.value for x in attrs["mask"]])},
    verify=V.verify_shuffle)

_op("interleave", operands=[("lhs", VecAnyRank), ("rhs", VecAnyRank)],
    results=[("result", Vec)], traits=[PURE],
    format="$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)",
    infer={"rhs": "lhs"}, verify=V.verify_interleave)

_op("deinterleave", operands=[("source", Vec)], results=[("res1", Vec), ("res2", Vec)],
    traits=[PURE], format="$source attr-dict `:` type($source) `->` type($res1)",
    infer={"res2": "res1"}, verify=V.verify_deinterleave)

_op("extractelement", operands=[("vector", VecAnyRank), ("position", SignlessIntegerOrIndex, "?")],
    results=[("result", AnyType)], traits=[PURE],
    format="$vector `[` ($position^ `:` type($position))? `]` attr-dict `:` type($vector)",
    infer={"result": _elem_of("vector")}, verify=V.verify_extractelement)

_op("extract", operands=[("vector", VecAnyRank), ("dynamic_position", Index, "*")],
    results=[("result", AnyType)], attrs={"static_position": DenseI64Array}, traits=[PURE],
    format="$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) "
           "attr-dict `:` type($result) `from` type($vector)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=V.verify_extract)

_op("fma", operands=[("lhs", VecFloatAnyRank), ("rhs", VecFloatAnyRank),
                     ("acc", VecFloatAnyRank)],
    results=[("result", VecFloatAnyRank)], traits=[PURE, ELEMENTWISE],
    format="$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
    infer={"rhs": "lhs", "acc": "lhs", "result": "lhs"}, verify=V.verify_fma)

_op("insertelement", operands=[("source", AnyType), ("dest", VecAnyRank),
                               ("position", SignlessIntegerOrIndex, "?")],
    results=[("result", VecAnyRank)], traits=[PURE],
    format="$source `,` $dest `[` ($position^ `:` type($position))? `]` attr-dict `:` "
           "type($result)",
    infer={"source": _elem_of("result"), "dest": "result"}, verify=V.verify_insertelement)

_op("insert", operands=[("source", AnyType), ("dest", VecAnyRank),
                        ("dynamic_position", Index, "*")],
    results=[("result", VecAnyRank)], attrs={"static_position": DenseI64Array}, traits=[PURE],
    format="$source `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) "
           "attr-dict `:` type($source) `into` type($dest)",
    custom_directives=DYNAMIC_INDEX_LIST, infer={"result": "dest"}, verify=V.verify_insert)

_op("scalable.insert", operands=[("source", VecRank1), ("dest", ScalableVecRank1)],
    results=[("res", ScalableVecRank1)], attrs={"pos": I64Attr}, traits=[PURE],
    format="$source `,` $dest `[` $pos `]` attr-dict `:` type($source) `into` type($dest)",
    infer={"res": "dest"}, verify=V.verify_scalable_insert)

_op("scalable.extract", operands=[("source", ScalableVecRank1)], results=[("res", VecRank1)],
    attrs={"pos": I64Attr}, traits=[PURE],
    format="$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)",
    verify=V.verify_scalable_extract)

_op("insert_strided_slice", operands=[("source", Vec), ("dest", Vec)], results=[("res", Vec)],
    attrs={"offsets": I64ArrayAttrC, "strides": I64ArrayAttrC}, traits=[PURE],
    format="$source `,` $dest attr-dict `:` type($source) `into` type($dest)",
    infer={"res": "dest"}, verify=V.verify_insert_strided_slice)

_op("extract_strided_slice", operands=[("vector", Vec)], results=[("result", Vec)],
    attrs={"offsets": I64ArrayAttrC, "sizes": I64ArrayAttrC, "strides": I64ArrayAttrC},
    traits=[PURE], format="$vector attr-dict `:` type($vector) `to` type(results)",
    verify=V.verify_extract_strided_slice)

_op("reshape", operands=[("vector", Vec), ("input_shape", Index, "*"),
                         ("output_shape", Index, "*")],
    results=[("result", Vec)], attrs={"fixed_vector_sizes": I64ArrayAttrC},
    traits=[PURE, ATTR_SIZED_OPERANDS],
    format="$vector `,` `[` $input_shape `]` `,` `[` $output_shape `]` `,` "
           "$fixed_vector_sizes attr-dict `:` type($vector) `to` type($result)",
    verify=V.verify_reshape)

_op("reduction", operands=[("vector", VecAnyRank), ("acc", AnyType, "?")],
    results=[("dest", AnyType)],
    attrs={"kind": CombiningKindC, "fastmath": FastMathC.with_default(FASTMATH_NONE)},
    traits=[PURE],
    format="$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` "
           "type($vector) `into` type($dest)",
    infer={"acc": "dest"}, verify=V.verify_reduction)

_op("multi_reduction", operands=[("source", Vec), ("acc", AnyType)],
    results=[("dest", AnyType)],
    attrs={"kind": CombiningKindC, "reduction_dims": I64ArrayAttrC}, traits=[PURE],
    format="$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` "
           "type($dest)",
    infer={"acc": "dest"}, verify=V.verify_multi_reduction)

_op("scan", operands=[("source", Vec), ("initial_value", VecAnyRank)],
    results=[("dest", Vec), ("accumulated_value", VecAnyRank)],
    attrs={"kind": CombiningKindC, "reduction_dim": I64Attr,
           "inclusive": BoolAttrConstraint},
    traits=[PURE],
    format="$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` "
           "type($initial_value)",
    infer={"dest": "source", "accumulated_value": "initial_value"}, verify=V.verify_scan)

# -- memory --------------------------------------------------------------------------------
_op("load", operands=[("base", AnyMemRef), ("indices", Index, "*")],
    results=[("result", VecAnyRank)], attrs={"nontemporal": NonTemporal},
    format="$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
    verify=V.verify_load)

_op("store", operands=[("valueToStore", VecAnyRank), ("base", AnyMemRef),
                       ("indices", Index, "*")],
    attrs={"nontemporal": NonTemporal},
    format="$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` "
           "type($valueToStore)",
    verify=V.verify_store)

_op("maskedload", operands=[("base", AnyMemRef), ("indices", Index, "*"), ("mask", VecRank1I1),
                            ("pass_thru", VecRank1)],
    results=[("result", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
           "type($mask) `,` type($pass_thru) `into` type($result)",
    verify=V.verify_maskedload)

_op("maskedstore", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                             ("mask", VecRank1I1), ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
           "type($mask) `,` type($valueToStore)",
    verify=V.verify_maskedstore)

_op("gather", operands=[("base", AnyShaped), ("indices", Index, "*"),
                        ("index_vec", VecIntOrIndex), ("mask", VecI1), ("pass_thru", Vec)],
    results=[("result", Vec)],
    format="$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` "
           "type($base) `,` type($index_vec) `,` type($mask) `,` type($pass_thru) `into` "
           "type($result)",
    verify=V.verify_gather)

_op("scatter", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                         ("index_vec", VecRank1IntOrIndex), ("mask", VecRank1I1),
                         ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $valueToStore attr-dict "
           "`:` type($base) `,` type($index_vec) `,` type($mask) `,` type($valueToStore)",
    verify=V.verify_scatter)

_op("expandload", operands=[("base", AnyMemRef), ("indices", Index, "*"), ("mask", VecRank1I1),
                            ("pass_thru", VecRank1)],
    results=[("result", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
           "type($mask) `,` type($pass_thru) `into` type($result)",
    verify=V.verify_expandload)

_op("compressstore", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                               ("mask", VecRank1I1), ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
           "type($mask) `,` type($valueToStore)",
    verify=V.verify_compressstore)

# -- casts and shapes ------------------------------------------------------------------------
_op("shape_cast", operands=[("source", VecAnyRank)], results=[("result", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($result)",
    verify=V.verify_shape_cast)

_op("type_cast", operands=[("memref", StaticShapeMemRef)], results=[("result", AnyMemRef)],
    traits=[PURE], format="$memref attr-dict `:` type($memref) `to` type($result)",
    verify=V.verify_type_cast)

_op("constant_mask", results=[("result", VecI1AnyRank)],
    attrs={"mask_dim_sizes": I64ArrayAttrC}, traits=[PURE],
    format="$mask_dim_sizes attr-dict `:` type(results)", verify=V.verify_constant_mask)

_op("create_mask", operands=[("operands", Index, "*")], results=[("result", VecI1AnyRank)],
    traits=[PURE], format="$operands attr-dict `:` type(results)",
    verify=V.verify_create_mask)

_op("transpose", operands=[("vector", VecAnyRank)], results=[("result", VecAnyRank)],
    attrs={"permutation": DenseI64Array}, traits=[PURE],
    format="$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)",
    verify=V.verify_transpose)

_op("matrix_multiply", operands=[("lhs", MatrixVec), ("rhs", MatrixVec)],
    results=[("res", MatrixVec)],
    attrs={"lhs_rows": I32Attr, "lhs_columns": I32Attr, "rhs_columns": I32Attr},
    traits=[PURE],
    format="$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)",
    verify=V.verify_matmul)

_op("flat_transpose", operands=[("matrix", MatrixVec)], results=[("res", MatrixVec)],
    attrs={"rows": I32Attr, "columns": I32Attr}, traits=[PURE],
    format="$matrix attr-dict `:` type($matrix) `->` type($res)",
    verify=V.verify_flat_transpose)

_op("splat", operands=[("input", ScalarOrIndex)], results=[("aggregate", VecAnyRank)],
    traits=[PURE], format="$input attr-dict `:` type($aggregate)",
    infer={"input": _elem_of("aggregate")}, verify=V.verify_splat)

_op("step", results=[("result", VecRank1Index)], traits=[PURE],
    format="attr-dict `:` type($result)")

_op("yield", operands=[("operands", AnyType, "*")], traits=[PURE, RETURN_LIKE, TERMINATOR],
    format="attr-dict ($operands^ `:` type($operands))?")
