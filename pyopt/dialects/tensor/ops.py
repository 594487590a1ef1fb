"""The tensor dialect's ops (MLIR 19 TensorOps.td): declarations, formats and verifiers.

Offsets/sizes/strides lists and reassociations are written as memref's are (the same
custom<DynamicIndexList> directive and reassociation attribute)."""
from __future__ import annotations

from pyopt.ir.types import (RankedTensorType, UnrankedTensorType, IntegerType, IndexType,
                            FloatType, INDEX, DYNAMIC)
from pyopt.ir.constraints import (TypeConstraint, AnyType, Index, AnyTensor, AnyRankedTensor,
                                  DenseI64Array, I64Attr, UnitAttrC)
from pyopt.ir.opdef import (Op, PURE, TERMINATOR, ATTR_SIZED_OPERANDS,
                            SINGLE_BLOCK_IMPLICIT_TERMINATOR)
from pyopt.ir.verifier import op_error, plain_error
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import DESTINATION_STYLE, DestinationStyle
from pyopt.syntax.format import InferredGroup
from pyopt.dialects.memref.common import IndexListArrayAttr, reassociation_indices
from pyopt.dialects.memref.views import (DYNAMIC_INDEX_LIST, _verify_offsets_sizes_strides,
                                         rank_reduction_mask)

RECURSIVE_MEMORY_EFFECTS = "RecursiveMemoryEffects"

Non0RankedOrUnrankedTensor = TypeConstraint(
    lambda t: type(t) is UnrankedTensorType or (type(t) is RankedTensorType and t.shape),
    "non-0-ranked or unranked tensor")
ShapeTensor = TypeConstraint(
    lambda t: type(t) is RankedTensorType and len(t.shape) == 1 and
    ((type(t.element_type) is IntegerType and t.element_type.signedness == 0) or
     type(t.element_type) is IndexType),
    "1D tensor of signless integer or index values")
SplatElement = TypeConstraint(
    lambda t: (type(t) is IntegerType and t.signedness == 0) or type(t) in (IndexType,
                                                                              FloatType),
    "integer/index/float type")


def _elem(t):
    return t.element_type


def _static(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def _names(name):
    return lambda op: [(0, name)]


# ---------------------------------------------------------------------------- casts
def _shapes_compatible(a, b):
    if type(a) is UnrankedTensorType or type(b) is UnrankedTensorType:
        return True
    return len(a.shape) == len(b.shape) and all(
        x == y or x == DYNAMIC or y == DYNAMIC for x, y in zip(a.shape, b.shape))


def cast_compatible(a, b):
    """CastOp::areCastCompatible: same element type, compatible shapes."""
    return a.element_type is b.element_type and _shapes_compatible(a, b)


def _bitcast_compatible(a, b):
    ea, eb = a.element_type, b.element_type
    wa = getattr(ea, "width", None)
    return _shapes_compatible(a, b) and wa is not None and wa == getattr(eb, "width", None)


def _cast_verifier(compatible):
    def verify(op):
        a, b = op.source.type, op.dest.type
        if not compatible(a, b):
            raise op_error(op, f"operand type '{a}' and result type '{b}' are cast incompatible")
    return verify


BITCAST = Op("tensor.bitcast", operands=[("source", AnyTensor)], results=[("dest", AnyTensor)],
             traits=[PURE], format="$source attr-dict `:` type($source) `to` type($dest)",
             verify=_cast_verifier(_bitcast_compatible))

CAST = Op("tensor.cast", operands=[("source", AnyTensor)], results=[("dest", AnyTensor)],
          traits=[PURE], format="$source attr-dict `:` type($source) `to` type($dest)",
          verify=_cast_verifier(cast_compatible), result_names=_names("cast"))


# ---------------------------------------------------------------------------- concat
def concat_result_type(dim, types):
    """ConcatOp::inferResultType: sizes add up along `dim`, the others meet."""
    shape = list(types[0].shape)
    for i in range(len(shape)):
        if i == dim:
            n = 0
            for t in types:
                if t.shape[i] == DYNAMIC or n == DYNAMIC:
                    n = DYNAMIC
                else:
                    n += t.shape[i]
            shape[i] = n
        else:
            known = [t.shape[i] for t in types if t.shape[i] != DYNAMIC]
            shape[i] = known[0] if known else DYNAMIC
    return RankedTensorType(shape, types[0].element_type)


def _verify_concat(op):
    types = [v.type for v in op.operands]
    if not types:
        raise op_error(op, "requires at least one input")
    res = op.results[0].type
    rank = len(res.shape)
    for i, t in enumerate(types):
        if len(t.shape) != rank:
            raise op_error(op, f"rank of concatenated inputs must match result rank, found "
                           f"{len(t.shape)} vs {rank}")
        if t.element_type is not res.element_type:
            raise op_error(op, "inputs and result element type must match")
    dim = op.get_attr("dim").value
    if dim >= rank:
        raise op_error(op, "concatenation dim must be less than the tensor rank")
    for i in range(rank):
        if i == dim:
            continue
        known = {t.shape[i] for t in types if t.shape[i] != DYNAMIC}
        if len(known) > 1:
            raise op_error(op, f"static concatenation size mismatch along non-concatenated "
                           f"dimension {i}")
    inferred = concat_result_type(dim, types)
    for a, b in zip(res.shape, inferred.shape):
        if a != b and a != DYNAMIC and b != DYNAMIC:
            raise op_error(op, f"result type {res}does not match inferred shape "
                           f"{inferred} static sizes")


CONCAT = Op("tensor.concat", operands=[("inputs", AnyRankedTensor, "*")],
            results=[("result", AnyRankedTensor)], attrs={"dim": I64Attr},
            traits=[PURE],
            format="`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)",
            verify=_verify_concat, result_names=_names("concat"))


# ---------------------------------------------------------------------------- dim / rank
DIM = Op("tensor.dim", operands=[("source", Non0RankedOrUnrankedTensor), ("index", Index)],
         results=[("result", Index)], traits=["NoMemoryEffect"],
         format="attr-dict $source `,` $index `:` type($source)", result_names=_names("dim"))

RANK = Op("tensor.rank", operands=[("tensor", AnyTensor)], results=[("result", Index)],
          traits=[PURE], format="$tensor attr-dict `:` type($tensor)",
          result_names=_names("rank"))


# ---------------------------------------------------------------------------- empty
def _verify_empty(op):
    t = op.results[0].type
    n = t.shape.count(DYNAMIC)
    if len(op.operands) != n:
        raise op_error(op, f"incorrect number of dynamic sizes, has {len(op.operands)}, "
                       f"expected {n}")


EMPTY = Op("tensor.empty", operands=[("dynamicSizes", Index, "*")],
           results=[("result", AnyRankedTensor)], traits=[PURE],
           format="`(`$dynamicSizes`)` attr-dict `:` type($result)", verify=_verify_empty)


# ---------------------------------------------------------------------------- extract / insert
def _verify_extract(op):
    t = op.tensor.type
    if len(op.indices) != len(t.shape):
        raise op_error(op, "incorrect number of indices for extract_element")


EXTRACT = Op("tensor.extract", operands=[("tensor", AnyRankedTensor), ("indices", Index, "*")],
             results=[("result", AnyType)], traits=[PURE],
             format="$tensor `[` $indices `]` attr-dict `:` type($tensor)",
             infer={"result": lambda known, attrs: _elem(known["tensor"])},
             verify=_verify_extract, result_names=_names("extracted"))


def _verify_insert(op):
    t = op.dest.type
    if len(op.indices) != len(t.shape):
        raise op_error(op, "incorrect number of indices")


INSERT = Op("tensor.insert",
            operands=[("scalar", AnyType), ("dest", AnyRankedTensor), ("indices", Index, "*")],
            results=[("result", AnyRankedTensor)], traits=[PURE],
            format="$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
            infer={"result": "dest", "scalar": lambda known, attrs: _elem(known["dest"])},
            verify=_verify_insert, result_names=_names("inserted"))


# ---------------------------------------------------------------------------- slices
def slice_result_type(src, sizes):
    """ExtractSliceOp::inferResultType: the static sizes, the source's element type."""
    return RankedTensorType(list(sizes), src.element_type, src.encoding)


def check_rank_reduced(op, expected, actual):
    """produceSliceErrorMsg's checks: `actual` is `expected` or a rank-reduced version."""
    if expected is actual:
        return
    if len(actual.shape) > len(expected.shape):
        raise plain_error(op, "expected rank to be smaller or equal to the other rank. ")
    if rank_reduction_mask(expected.shape, actual.shape) is None:
        raise plain_error(op, f"expected type to be '{expected}' or a rank-reduced version. "
                          f"(size mismatch) ")
    if expected.element_type is not actual.element_type:
        raise plain_error(op, f"expected element type to be '{expected.element_type}'")


def _verify_extract_slice(op):
    src = op.source.type
    rank = len(src.shape)
    _verify_offsets_sizes_strides(op, (rank, rank, rank))
    expected = slice_result_type(src, _static(op, "static_sizes"))
    check_rank_reduced(op, expected, op.results[0].type)


_OSS_OPERANDS = [("offsets", Index, "*"), ("sizes", Index, "*"), ("strides", Index, "*")]
_OSS_ATTRS = {"static_offsets": DenseI64Array, "static_sizes": DenseI64Array,
              "static_strides": DenseI64Array}
_OSS_FORMAT = ("custom<DynamicIndexList>($offsets, $static_offsets) "
               "custom<DynamicIndexList>($sizes, $static_sizes) "
               "custom<DynamicIndexList>($strides, $static_strides) ")

EXTRACT_SLICE = Op(
    "tensor.extract_slice", operands=[("source", AnyRankedTensor)] + _OSS_OPERANDS,
    results=[("result", AnyRankedTensor)], attrs=dict(_OSS_ATTRS),
    traits=[ATTR_SIZED_OPERANDS, PURE],
    format="$source `` " + _OSS_FORMAT + "attr-dict `:` type($source) `to` type($result)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_extract_slice,
    result_names=_names("extracted_slice"))


def _verify_insert_slice_like(op):
    src, dest = op.source.type, op.dest.type
    rank = len(dest.shape)
    _verify_offsets_sizes_strides(op, (rank, rank, rank), group_base=2)
    expected = slice_result_type(dest, _static(op, "static_sizes"))
    check_rank_reduced(op, expected, src)


INSERT_SLICE = Op(
    "tensor.insert_slice",
    operands=[("source", AnyRankedTensor), ("dest", AnyRankedTensor)] + _OSS_OPERANDS,
    results=[("result", AnyRankedTensor)], attrs=dict(_OSS_ATTRS),
    traits=[ATTR_SIZED_OPERANDS, PURE],
    format="$source `into` $dest `` " + _OSS_FORMAT +
           "attr-dict `:` type($source) `into` type($dest)",
    infer={"result": "dest"}, custom_directives=DYNAMIC_INDEX_LIST,
    verify=_verify_insert_slice_like, result_names=_names("inserted_slice"))

PARALLEL_INSERT_SLICE = Op(
    "tensor.parallel_insert_slice",
    operands=[("source", AnyRankedTensor), ("dest", AnyRankedTensor)] + _OSS_OPERANDS,
    attrs=dict(_OSS_ATTRS), traits=[ATTR_SIZED_OPERANDS],
    format="$source `into` $dest `` " + _OSS_FORMAT +
           "attr-dict `:` type($source) `into` type($dest)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_insert_slice_like,
    parent=("scf.forall.in_parallel",))


# ---------------------------------------------------------------------------- from_elements
def _verify_from_elements(op):
    t = op.results[0].type
    n = 1
    for s in t.shape:
        n *= s
    if len(op.operands) != n:
        raise op_error(op, f"number of operands and types do not match: got "
                       f"{len(op.operands)} operands and {n} types")
    for v in op.operands:
        if v.type is not t.element_type:
            raise op_error(op, "operand types match result element type")


StaticTensor = TypeConstraint(lambda t: type(t) is RankedTensorType and DYNAMIC not in t.shape,
                              "statically shaped tensor of any type values")

FROM_ELEMENTS = Op("tensor.from_elements", operands=[("elements", AnyType, "*")],
                   results=[("result", StaticTensor)], traits=[PURE],
                   format="$elements attr-dict `:` type($result)",
                   infer={"elements": lambda known, attrs: InferredGroup(
                       [_elem(known["result"])] * known["result"].num_elements)},
                   verify=_verify_from_elements, result_names=_names("from_elements"))


# ---------------------------------------------------------------------------- generate / pad
def _verify_generate(op):
    t = op.results[0].type
    if t.shape.count(DYNAMIC) != len(op.operands):
        raise op_error(op, "must have as many index operands as dynamic extents in the result "
                       "type")
    body = op.regions[0].blocks[0]
    if len(body.args) != len(t.shape) or any(a.type is not INDEX
                                                  for a in body.args):
        raise op_error(op, "must have one body argument per input dimension")
    term = body.last
    if term is not None and term.name == "tensor.yield" and \
            term.value.type is not t.element_type:
        raise op_error(op, "body must be terminated with a `yield` operation of the tensor "
                       "element type")


GENERATE = Op("tensor.generate", operands=[("dynamicExtents", Index, "*")],
              results=[("result", AnyRankedTensor)], regions=["body"],
              traits=[RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR],
              format="$dynamicExtents $body attr-dict `:` type($result)",
              implicit_terminator="tensor.yield", verify=_verify_generate,
              result_names=_names("generated"))


def pad_result_type(src, low, high):
    shape = []
    for s, lo, hi in zip(src.shape, low, high):
        if DYNAMIC in (s, lo, hi):
            shape.append(DYNAMIC)
        else:
            shape.append(s + lo + hi)
    return RankedTensorType(shape, src.element_type)


def _verify_pad(op):
    src, res = op.source.type, op.result.type
    low, high = _static(op, "static_low"), _static(op, "static_high")
    if len(low) != len(src.shape) or len(high) != len(src.shape):
        raise plain_error(op, f"failed to infer expectedType from sourceType '{src}', "
                              f"specified resultType is '{res}'")
    expected = pad_result_type(src, low, high)
    if len(res.shape) != len(expected.shape) or any(
            a != b and b != DYNAMIC for a, b in zip(res.shape, expected.shape)):
        raise plain_error(op, f"specified type '{res}' does not match the inferred type "
                              f"'{expected}'")
    body = op.regions[0].blocks[0] if op.regions[0].blocks else None
    if body is not None:
        if len(body.args) != len(res.shape):
            raise plain_error(op, f"expected the block to have {len(res.shape)} arguments")
        for i, a in enumerate(body.args):
            if a.type is not INDEX:
                raise op_error(op, f"expected block argument {i + 1} to be an index")
        term = body.last
        if term is not None and term.name == "tensor.yield" and \
                term.value.type is not res.element_type:
            raise op_error(op, "expected yield type to match shape element type")


PAD = Op("tensor.pad",
         operands=[("source", AnyRankedTensor), ("low", Index, "*"), ("high", Index, "*")],
         results=[("result", AnyRankedTensor)], regions=["region"],
         attrs={"static_low": DenseI64Array, "static_high": DenseI64Array,
                "nofold": UnitAttrC().opt()},
         traits=[ATTR_SIZED_OPERANDS, RECURSIVE_MEMORY_EFFECTS,
                 SINGLE_BLOCK_IMPLICIT_TERMINATOR],
         format="$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, "
                "$static_low) `high` `` custom<DynamicIndexList>($high, $static_high) "
                "$region attr-dict `:` type($source) `to` type($result)",
         custom_directives=DYNAMIC_INDEX_LIST, implicit_terminator="tensor.yield",
         verify=_verify_pad, result_names=_names("padded"))

YIELD = Op("tensor.yield", operands=[("value", AnyType)],
           traits=[PURE, TERMINATOR, "ReturnLike"], format="$value attr-dict `:` type($value)",
           parent=("tensor.generate", "tensor.pad"))


# ---------------------------------------------------------------------------- reshapes
def _verify_reshape(op):
    src, shape, res = op.source.type, op.shape.type, op.result.type
    if src.element_type is not res.element_type:
        raise op_error(op, "element types of source and destination tensor types should be "
                       "the same")
    n = shape.shape[0]
    if type(res) is RankedTensorType:
        if type(src) is RankedTensorType and DYNAMIC not in src.shape and \
                DYNAMIC not in res.shape:
            a = b = 1
            for s in src.shape:
                a *= s
            for s in res.shape:
                b *= s
            if a != b:
                raise op_error(op, "source and destination tensor should have the same number "
                               "of elements")
        if n == DYNAMIC:
            raise op_error(op, "cannot use shape operand with dynamic length to reshape to "
                           "statically-ranked tensor type")
        if n != len(res.shape):
            raise op_error(op, "length of shape operand differs from the result's tensor rank")


RESHAPE = Op("tensor.reshape", operands=[("source", AnyTensor), ("shape", ShapeTensor)],
             results=[("result", AnyTensor)], traits=[PURE],
             format="$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
             verify=_verify_reshape, result_names=_names("reshape"))


def _verify_reshape_like(op, expanded, collapsed):
    """verifyTensorReshapeOp (verifyReshapeLikeTypes, then the collapsed type it implies)."""
    er, cr = len(expanded.shape), len(collapsed.shape)
    if er < cr:
        raise op_error(op, f"expected the expanded type, {expanded} to have a higher (or same) "
                       f"rank than the collapsed type, {collapsed}.")
    groups = reassociation_indices(op.get_attr("reassociation"))
    if cr != len(groups):
        raise op_error(op, f"expected collapsed rank ({cr}) to equal the number of "
                       f"reassociation maps ({len(groups)}).")
    nxt = 0
    for k, g in enumerate(groups):  # valid: contiguous and in order, covering every dim
        if any(d != nxt + j for j, d in enumerate(g)) or (not g and er):
            raise op_error(op, f"expected reassociation map #{k} to be valid and contiguous.")
        nxt += len(g)
    if nxt != er and groups:  # (no map at all is valid: isReassociationValid)
        raise op_error(op, f"expected reassociation map #{len(groups) - 1} to be valid and "
                       f"contiguous.")
    for k, g in enumerate(groups):
        dims = [expanded.shape[d] for d in g]
        if DYNAMIC in dims:
            if collapsed.shape[k] != DYNAMIC:
                raise op_error(op, f"expected dimension {k} of collapsed type to be dynamic "
                               f"since one or more of the corresponding dimensions in the "
                               f"expanded type is dynamic")
        else:
            n = 1
            for d in dims:
                n *= d
            if collapsed.shape[k] != n:
                raise op_error(op, f"expected dimension {k} of collapsed type to be static "
                               f"value of {n}")


def _verify_expand_shape(op):
    src, res = op.src.type, op.result.type
    static = _static(op, "static_output_shape")
    if len(static) != len(res.shape):
        raise op_error(op, f"expected number of static shape dims to be equal to the output "
                       f"rank ({len(res.shape)}) but found {len(static)} inputs instead")
    ndyn = static.count(DYNAMIC)
    if len(op.operands) - 1 != ndyn:
        raise op_error(op, f"mismatch in dynamic dims in output_shape and static_output_shape:"
                       f" static_output_shape has {ndyn} dynamic dims while output_shape has "
                       f"{len(op.operands) - 1} values")
    _verify_reshape_like(op, res, src)


def _verify_collapse_shape(op):
    _verify_reshape_like(op, op.src.type, op.result.type)


EXPAND_SHAPE = Op(
    "tensor.expand_shape", operands=[("src", AnyTensor), ("output_shape", Index, "*")],
    results=[("result", AnyTensor)],
    attrs={"reassociation": IndexListArrayAttr, "static_output_shape": DenseI64Array},
    traits=[PURE],
    format="$src $reassociation `output_shape` "
           "custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` "
           "type($src) `into` type($result)",
    custom_directives=DYNAMIC_INDEX_LIST, verify=_verify_expand_shape,
    result_names=_names("expanded"))

COLLAPSE_SHAPE = Op(
    "tensor.collapse_shape", operands=[("src", AnyTensor)], results=[("result", AnyTensor)],
    attrs={"reassociation": IndexListArrayAttr}, traits=[PURE],
    format="$src $reassociation attr-dict `:` type($src) `into` type($result)",
    verify=_verify_collapse_shape, result_names=_names("collapsed"))


# ---------------------------------------------------------------------------- splat
def _verify_splat(op):
    t = op.results[0].type
    if t.shape.count(DYNAMIC) != len(op.operands) - 1:
        raise op_error(op, f"incorrect number of dynamic sizes, has {len(op.operands) - 1}, "
                       f"expected {t.shape.count(DYNAMIC)}")


SPLAT = Op("tensor.splat", operands=[("input", SplatElement), ("dynamicSizes", Index, "*")],
           results=[("aggregate", AnyRankedTensor)], traits=[PURE],
           format="$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)",
           infer={"input": lambda known, attrs: _elem(known["aggregate"])},
           verify=_verify_splat, result_names=_names("splat"))


# tensor.insert / insert_slice write into their `dest` (operand 1): DestinationStyleOpInterface.
attach([INSERT, INSERT_SLICE], DESTINATION_STYLE, DestinationStyle(lambda op: [1]))

OPS = [BITCAST, CAST, CONCAT, DIM, RANK, EMPTY, EXTRACT, INSERT, EXTRACT_SLICE, INSERT_SLICE,
       PARALLEL_INSERT_SLICE, FROM_ELEMENTS, GENERATE, PAD, YIELD, RESHAPE, EXPAND_SHAPE,
       COLLAPSE_SHAPE, SPLAT]
