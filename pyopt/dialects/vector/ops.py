"""The vector ops (MLIR 19 VectorOps.td), declared with their full names: first the ops with an
assembly format, then those with hand-written syntax (contract, outerproduct, the transfers,
mask, print, warp_execute_on_lane_0, from_elements), whose parsers and printers are in
syntax.py. Type constraints are in constraints.py, verifiers in verifiers.py. The dialect is
assembled in __init__.py; folders in folds.py (the memory ops' in transfer_canonicalize.py),
canonicalization patterns in canonicalize.py, interface models in interfaces.py."""
from __future__ import annotations

from pyopt.ir.constraints import (AnyType, Index, AnyMemRef, AnyShaped, AnyRankedTensor,
                                  SignlessIntegerOrIndex, I64Attr, I32Attr, DenseI64Array,
                                  BoolAttrConstraint, AffineMapAttrC, ArrayAttrAny, StrAttr)
from pyopt.ir.opdef import (Op, PURE, TERMINATOR, RETURN_LIKE, ATTR_SIZED_OPERANDS, ELEMENTWISE)
from pyopt.dialects.arith import FastMathC, FASTMATH_NONE
from pyopt.dialects.memref.views import DYNAMIC_INDEX_LIST
from pyopt.dialects.vector.attrs import (CombiningKindC, I64ArrayAttrC, KIND_ADD,
                                         IteratorTypeArrayC, PunctuationC, PUNCT_NEWLINE)
from pyopt.dialects.vector.constraints import (  # noqa: F401  (importable from here as before)
    vector_of, vector_rank1, VecAnyRank, Vec, FixedVec, VecFloatAnyRank, VecI1AnyRank, VecI1,
    VecIntOrIndex, VecRank1, ScalableVecRank1, VecRank1I1, VecRank1IntOrIndex, VecRank1Index,
    MatrixVec, ScalarOrIndex, StaticShapeMemRef, FALSE, NonTemporal, BoolArrayAttr,
    PrintSource)
from pyopt.dialects.vector import syntax as S, verifiers as V


def _elem_of(name):
    """Infers a group's type as the element type of the vector `name`."""
    return lambda known, attrs: known[name].element_type


OPS = []


def _op(name, **kw):
    d = Op(name, **kw)
    OPS.append(d)
    return d


# ---------------------------------------------------------------------------- ops
_op("vector.vscale", results=[("res", Index)], traits=[PURE], format="attr-dict",
    result_names=lambda op: [(0, "vscale")])

_op("vector.bitcast", operands=[("source", VecAnyRank)], results=[("result", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($result)",
    verify=V.verify_bitcast)

_op("vector.broadcast", operands=[("source", AnyType)], results=[("vector", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($vector)",
    verify=V.verify_broadcast)

_op("vector.shuffle", operands=[("v1", FixedVec), ("v2", FixedVec)], results=[("vector", Vec)],
    attrs={"mask": I64ArrayAttrC}, traits=[PURE],
    format="operands $mask attr-dict `:` type(operands)",
    infer={"vector": lambda known, attrs: V.shuffle_result_type(
        known["v1"], [x.value for x in attrs["mask"]])},
    verify=V.verify_shuffle)

_op("vector.interleave", operands=[("lhs", VecAnyRank), ("rhs", VecAnyRank)],
    results=[("result", Vec)], traits=[PURE],
    format="$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)",
    infer={"rhs": "lhs"}, verify=V.verify_interleave)

_op("vector.deinterleave", operands=[("source", Vec)], results=[("res1", Vec), ("res2", Vec)],
    traits=[PURE], format="$source attr-dict `:` type($source) `->` type($res1)",
    infer={"res2": "res1"}, verify=V.verify_deinterleave)

_op("vector.extractelement",
    operands=[("vector", VecAnyRank), ("position", SignlessIntegerOrIndex, "?")],
    results=[("result", AnyType)], traits=[PURE],
    format="$vector `[` ($position^ `:` type($position))? `]` attr-dict `:` type($vector)",
    infer={"result": _elem_of("vector")}, verify=V.verify_extractelement)

_op("vector.extract", operands=[("vector", VecAnyRank), ("dynamic_position", Index, "*")],
    results=[("result", AnyType)], attrs={"static_position": DenseI64Array}, traits=[PURE],
    format="$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) "
           "attr-dict `:` type($result) `from` type($vector)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=V.verify_extract)

_op("vector.fma", operands=[("lhs", VecFloatAnyRank), ("rhs", VecFloatAnyRank),
                            ("acc", VecFloatAnyRank)],
    results=[("result", VecFloatAnyRank)], traits=[PURE, ELEMENTWISE],
    format="$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
    infer={"rhs": "lhs", "acc": "lhs", "result": "lhs"}, verify=V.verify_fma)

_op("vector.insertelement", operands=[("source", AnyType), ("dest", VecAnyRank),
                                      ("position", SignlessIntegerOrIndex, "?")],
    results=[("result", VecAnyRank)], traits=[PURE],
    format="$source `,` $dest `[` ($position^ `:` type($position))? `]` attr-dict `:` "
           "type($result)",
    infer={"source": _elem_of("result"), "dest": "result"}, verify=V.verify_insertelement)

_op("vector.insert", operands=[("source", AnyType), ("dest", VecAnyRank),
                               ("dynamic_position", Index, "*")],
    results=[("result", VecAnyRank)], attrs={"static_position": DenseI64Array}, traits=[PURE],
    format="$source `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) "
           "attr-dict `:` type($source) `into` type($dest)",
    custom_directives=DYNAMIC_INDEX_LIST, infer={"result": "dest"}, verify=V.verify_insert)

_op("vector.scalable.insert", operands=[("source", VecRank1), ("dest", ScalableVecRank1)],
    results=[("res", ScalableVecRank1)], attrs={"pos": I64Attr}, traits=[PURE],
    format="$source `,` $dest `[` $pos `]` attr-dict `:` type($source) `into` type($dest)",
    infer={"res": "dest"}, verify=V.verify_scalable_insert)

_op("vector.scalable.extract", operands=[("source", ScalableVecRank1)], results=[("res", VecRank1)],
    attrs={"pos": I64Attr}, traits=[PURE],
    format="$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)",
    verify=V.verify_scalable_extract)

_op("vector.insert_strided_slice", operands=[("source", Vec), ("dest", Vec)],
    results=[("res", Vec)],
    attrs={"offsets": I64ArrayAttrC, "strides": I64ArrayAttrC}, traits=[PURE],
    format="$source `,` $dest attr-dict `:` type($source) `into` type($dest)",
    infer={"res": "dest"}, verify=V.verify_insert_strided_slice)

_op("vector.extract_strided_slice", operands=[("vector", Vec)], results=[("result", Vec)],
    attrs={"offsets": I64ArrayAttrC, "sizes": I64ArrayAttrC, "strides": I64ArrayAttrC},
    traits=[PURE], format="$vector attr-dict `:` type($vector) `to` type(results)",
    verify=V.verify_extract_strided_slice)

_op("vector.reshape", operands=[("vector", Vec), ("input_shape", Index, "*"),
                                ("output_shape", Index, "*")],
    results=[("result", Vec)], attrs={"fixed_vector_sizes": I64ArrayAttrC},
    traits=[PURE, ATTR_SIZED_OPERANDS],
    format="$vector `,` `[` $input_shape `]` `,` `[` $output_shape `]` `,` "
           "$fixed_vector_sizes attr-dict `:` type($vector) `to` type($result)",
    verify=V.verify_reshape)

_op("vector.reduction", operands=[("vector", VecAnyRank), ("acc", AnyType, "?")],
    results=[("dest", AnyType)],
    attrs={"kind": CombiningKindC, "fastmath": FastMathC.with_default(FASTMATH_NONE)},
    traits=[PURE],
    format="$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` "
           "type($vector) `into` type($dest)",
    infer={"acc": "dest"}, verify=V.verify_reduction)

_op("vector.multi_reduction", operands=[("source", Vec), ("acc", AnyType)],
    results=[("dest", AnyType)],
    attrs={"kind": CombiningKindC, "reduction_dims": I64ArrayAttrC}, traits=[PURE],
    format="$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` "
           "type($dest)",
    infer={"acc": "dest"}, verify=V.verify_multi_reduction)

_op("vector.scan", operands=[("source", Vec), ("initial_value", VecAnyRank)],
    results=[("dest", Vec), ("accumulated_value", VecAnyRank)],
    attrs={"kind": CombiningKindC, "reduction_dim": I64Attr,
           "inclusive": BoolAttrConstraint},
    traits=[PURE],
    format="$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` "
           "type($initial_value)",
    infer={"dest": "source", "accumulated_value": "initial_value"}, verify=V.verify_scan)

# -- memory --------------------------------------------------------------------------------
_op("vector.load", operands=[("base", AnyMemRef), ("indices", Index, "*")],
    results=[("result", VecAnyRank)], attrs={"nontemporal": NonTemporal},
    format="$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
    verify=V.verify_load)

_op("vector.store", operands=[("valueToStore", VecAnyRank), ("base", AnyMemRef),
                              ("indices", Index, "*")],
    attrs={"nontemporal": NonTemporal},
    format="$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` "
           "type($valueToStore)",
    verify=V.verify_store)

_op("vector.maskedload", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                                   ("mask", VecRank1I1), ("pass_thru", VecRank1)],
    results=[("result", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
           "type($mask) `,` type($pass_thru) `into` type($result)",
    verify=V.verify_maskedload)

_op("vector.maskedstore", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                                    ("mask", VecRank1I1), ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
           "type($mask) `,` type($valueToStore)",
    verify=V.verify_maskedstore)

_op("vector.gather", operands=[("base", AnyShaped), ("indices", Index, "*"),
                               ("index_vec", VecIntOrIndex), ("mask", VecI1), ("pass_thru", Vec)],
    results=[("result", Vec)],
    format="$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` "
           "type($base) `,` type($index_vec) `,` type($mask) `,` type($pass_thru) `into` "
           "type($result)",
    verify=V.verify_gather)

_op("vector.scatter", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                                ("index_vec", VecRank1IntOrIndex), ("mask", VecRank1I1),
                                ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $valueToStore attr-dict "
           "`:` type($base) `,` type($index_vec) `,` type($mask) `,` type($valueToStore)",
    verify=V.verify_scatter)

_op("vector.expandload", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                                   ("mask", VecRank1I1), ("pass_thru", VecRank1)],
    results=[("result", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
           "type($mask) `,` type($pass_thru) `into` type($result)",
    verify=V.verify_expandload)

_op("vector.compressstore", operands=[("base", AnyMemRef), ("indices", Index, "*"),
                                      ("mask", VecRank1I1), ("valueToStore", VecRank1)],
    format="$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
           "type($mask) `,` type($valueToStore)",
    verify=V.verify_compressstore)

# -- casts and shapes ------------------------------------------------------------------------
_op("vector.shape_cast", operands=[("source", VecAnyRank)], results=[("result", VecAnyRank)],
    traits=[PURE], format="$source attr-dict `:` type($source) `to` type($result)",
    verify=V.verify_shape_cast)

_op("vector.type_cast", operands=[("memref", StaticShapeMemRef)], results=[("result", AnyMemRef)],
    traits=[PURE], format="$memref attr-dict `:` type($memref) `to` type($result)",
    verify=V.verify_type_cast)

_op("vector.constant_mask", results=[("result", VecI1AnyRank)],
    attrs={"mask_dim_sizes": I64ArrayAttrC}, traits=[PURE],
    format="$mask_dim_sizes attr-dict `:` type(results)", verify=V.verify_constant_mask)

_op("vector.create_mask", operands=[("operands", Index, "*")], results=[("result", VecI1AnyRank)],
    traits=[PURE], format="$operands attr-dict `:` type(results)",
    verify=V.verify_create_mask)

_op("vector.transpose", operands=[("vector", VecAnyRank)], results=[("result", VecAnyRank)],
    attrs={"permutation": DenseI64Array}, traits=[PURE],
    format="$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)",
    verify=V.verify_transpose)

_op("vector.matrix_multiply", operands=[("lhs", MatrixVec), ("rhs", MatrixVec)],
    results=[("res", MatrixVec)],
    attrs={"lhs_rows": I32Attr, "lhs_columns": I32Attr, "rhs_columns": I32Attr},
    traits=[PURE],
    format="$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)",
    verify=V.verify_matmul)

_op("vector.flat_transpose", operands=[("matrix", MatrixVec)], results=[("res", MatrixVec)],
    attrs={"rows": I32Attr, "columns": I32Attr}, traits=[PURE],
    format="$matrix attr-dict `:` type($matrix) `->` type($res)",
    verify=V.verify_flat_transpose)

_op("vector.splat", operands=[("input", ScalarOrIndex)], results=[("aggregate", VecAnyRank)],
    traits=[PURE], format="$input attr-dict `:` type($aggregate)",
    infer={"input": _elem_of("aggregate")}, verify=V.verify_splat)

_op("vector.step", results=[("result", VecRank1Index)], traits=[PURE],
    format="attr-dict `:` type($result)")

_op("vector.yield", operands=[("operands", AnyType, "*")], traits=[PURE, RETURN_LIKE, TERMINATOR],
    format="attr-dict ($operands^ `:` type($operands))?")


# ---------------------------------------------------------------------------- hand-written syntax
CONTRACT = _op("vector.contract",
               operands=[("lhs", Vec), ("rhs", Vec), ("acc", AnyType), ("masks", VecI1, "*")],
               results=[("result", AnyType)],
               attrs={"indexing_maps": ArrayAttrAny, "iterator_types": IteratorTypeArrayC,
                      "kind": CombiningKindC.with_default(KIND_ADD)},
               traits=[PURE], parse=S._parse_contract, print=S._print_contract,
               verify=V.verify_contract)

OUTERPRODUCT = _op("vector.outerproduct",
                   operands=[("lhs", Vec), ("rhs", AnyType), ("acc", Vec, "?")],
                   results=[("result", Vec)],
                   attrs={"kind": CombiningKindC.with_default(KIND_ADD)},
                   traits=[PURE], parse=S._parse_outerproduct, print=S._print_outerproduct,
                   verify=V.verify_outerproduct)

# -- transfers ---------------------------------------------------------------------------------
TRANSFER_READ = _op("vector.transfer_read",
                    operands=[("source", AnyShaped), ("indices", Index, "*"),
                              ("padding", AnyType), ("mask", VecI1, "?")],
                    results=[("vector", VecAnyRank)],
                    attrs={"permutation_map": AffineMapAttrC(), "in_bounds": BoolArrayAttr},
                    traits=[ATTR_SIZED_OPERANDS], parse=S._parse_transfer_read,
                    print=S._print_transfer_read, verify=V.verify_transfer_read)

TRANSFER_WRITE = _op("vector.transfer_write",
                     operands=[("vector", VecAnyRank), ("source", AnyShaped),
                               ("indices", Index, "*"), ("mask", VecI1, "?")],
                     results=[("result", AnyRankedTensor, "?")],
                     attrs={"permutation_map": AffineMapAttrC(), "in_bounds": BoolArrayAttr},
                     traits=[ATTR_SIZED_OPERANDS], parse=S._parse_transfer_write,
                     print=S._print_transfer_write, verify=V.verify_transfer_write)

MASK = _op("vector.mask", operands=[("mask", VecI1), ("passthru", AnyType, "?")],
           results=[("results", AnyType, "*")], regions=["maskRegion"],
           implicit_terminator="vector.yield", parse=S._parse_mask, print=S._print_mask,
           verify=V.verify_mask_structure)

PRINT = _op("vector.print", operands=[("source", PrintSource, "?")],
            attrs={"punctuation": PunctuationC.with_default(PUNCT_NEWLINE),
                   "stringLiteral": StrAttr.opt()},
            parse=S._parse_print, print=S._print_print, verify=V.verify_print)

WARP = _op("vector.warp_execute_on_lane_0",
           operands=[("laneid", Index), ("args", AnyType, "*")],
           results=[("results", AnyType, "*")], attrs={"warp_size": I64Attr},
           regions=["warpRegion"], implicit_terminator="vector.yield",
           parse=S._parse_warp, print=S._print_warp, verify=V.verify_warp)

FROM_ELEMENTS = _op("vector.from_elements", operands=[("elements", AnyType, "*")],
                    results=[("result", VecAnyRank)], traits=[PURE],
                    parse=S._parse_from_elements, print=S._print_from_elements,
                    verify=V.verify_from_elements)
