"""tensor.pack / tensor.unpack (tiled re-layouts) and tensor.gather / tensor.scatter (MLIR 19
TensorOps.td): declarations, verifiers with 19's messages, and the packed-type arithmetic
(inferPackedType) the linalg passes share."""
from __future__ import annotations

from pyopt.ir.constraints import (AnyType, AnyRankedTensor, DenseI64Array, Index, TypeConstraint,
                                  UnitAttrC)
from pyopt.ir.opdef import Op, ATTR_SIZED_OPERANDS, PURE
from pyopt.ir.types import DYNAMIC, IndexType, IntegerType, RankedTensorType
from pyopt.ir.verifier import op_error, plain_error
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import DESTINATION_STYLE, DestinationStyle
from pyopt.dialects.memref.views import DYNAMIC_INDEX_LIST


def _names(name):
    return lambda op: [(0, name)]


# ---------------------------------------------------------------------------- gather / scatter
IndicesTensor = TypeConstraint(
    lambda t: type(t) is RankedTensorType and (
        (type(t.element_type) is IntegerType and t.element_type.signedness == 0) or
        type(t.element_type) is IndexType),
    "ranked tensor of signless integer or index values")


def gather_result_type(source, indices, dims, rank_reduced):
    """GatherOp::inferResultType."""
    shape = list(indices.shape[:-1])
    for i, s in enumerate(source.shape):
        if i in dims:
            if not rank_reduced:
                shape.append(1)
            continue
        shape.append(s)
    return RankedTensorType(shape, source.element_type, source.encoding)


def _verify_dims(op, dims, rank, kind, what):
    if not dims:
        raise op_error(op, f"{kind}_dims must be non-empty")
    if len(dims) > rank:
        raise op_error(op, f"{kind}_dims overflow {what} rank")
    for d in dims:
        if d < 0:
            raise op_error(op, f"{kind}_dims value must be non-negative")
        if d >= rank:
            raise op_error(op, f"{kind}_dims value must be smaller than {what} rank")
    for a, b in zip(dims, dims[1:]):
        if a >= b:
            raise op_error(op, f"{kind}_dims values must be strictly increasing")


def _check_gathered(op, base, indices, dims, actual, what):
    full = gather_result_type(base, indices, dims, False)
    reduced = gather_result_type(base, indices, dims, True)
    if actual is not full and actual is not reduced:
        raise op_error(op, f"{what} type mismatch: expected '{full}' or its rank-reduced "
                           f"variant '{reduced}' (got: '{actual}')")


def _verify_gather(op):
    dims = list(op.gather_dims.values)
    src = op.source.type
    _verify_dims(op, dims, len(src.shape), "gather", "source")
    _check_gathered(op, src, op.indices.type, dims, op.result.type, "result")


def _verify_scatter(op):
    dims = list(op.scatter_dims.values)
    dest = op.dest.type
    _verify_dims(op, dims, len(dest.shape), "scatter", "dest")
    if op.unique is None:
        raise op_error(op, "requires 'unique' attribute to be set")
    _check_gathered(op, dest, op.indices.type, dims, op.source.type, "source")


GATHER = Op("tensor.gather",
            operands=[("source", AnyRankedTensor), ("indices", IndicesTensor)],
            results=[("result", AnyRankedTensor)],
            attrs={"gather_dims": DenseI64Array, "unique": UnitAttrC().opt()}, traits=[PURE],
            format="$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` "
                   "(`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
            verify=_verify_gather, result_names=_names("gather"))

SCATTER = Op("tensor.scatter",
             operands=[("source", AnyRankedTensor), ("dest", AnyRankedTensor),
                       ("indices", IndicesTensor)],
             results=[("result", AnyRankedTensor)],
             attrs={"scatter_dims": DenseI64Array, "unique": UnitAttrC().opt()}, traits=[PURE],
             format="$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` "
                    "(`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
             verify=_verify_scatter, result_names=_names("scatter"))


# ---------------------------------------------------------------------------- pack / unpack
def packed_shape(source_shape, tiles, inner_dims_pos, outer_dims_perm):
    """getPackOpResultTypeShape: outer sizes ceil-divided by the tiles (then permuted),
    followed by the tiles."""
    shape = list(source_shape)
    for i, d in enumerate(inner_dims_pos):
        if shape[d] == DYNAMIC:
            continue
        if tiles[i] == DYNAMIC:
            shape[d] = DYNAMIC
            continue
        shape[d] = -(-shape[d] // tiles[i])
    if outer_dims_perm:
        shape = [shape[p] for p in outer_dims_perm]
    return shape + list(tiles)


def infer_packed_type(source, tiles, inner_dims_pos, outer_dims_perm):
    return RankedTensorType(packed_shape(source.shape, tiles, inner_dims_pos, outer_dims_perm),
                            source.element_type)


def static_tiles(op):
    return list(op.properties["static_inner_tiles"].values)


def outer_perm(op):
    a = op.properties.get("outer_dims_perm")
    return list(a.values) if a is not None else []


def _invalid_positions(dims, rank):
    return len(dims) > rank or len(set(dims)) != len(dims) or \
        any(d < 0 or d >= rank for d in dims)


def _in_bound(shape, limit):
    return all(s == DYNAMIC or m == DYNAMIC or s <= m for s, m in zip(shape, limit))


def _mixed_tiles(op):
    from pyopt.rewrite.matchers import constant_int
    dyn = iter(op.inner_tiles)
    out = []
    for s in static_tiles(op):
        if s == DYNAMIC:
            v = next(dyn)
            c = constant_int(v)
            out.append(c if c is not None else v)
        else:
            out.append(s)
    return out


def _verify_common(op, packing):
    tiles = _mixed_tiles(op)
    if any(t == 0 for t in tiles if isinstance(t, int)):
        raise plain_error(op, "invalid zero tile factor")
    unpacked = (op.source if packing else op.dest).type
    packed = (op.dest if packing else op.source).type
    rank = len(unpacked.shape)
    inner = list(op.properties["inner_dims_pos"].values)
    outer = outer_perm(op)
    if _invalid_positions(inner, rank):
        raise plain_error(op, "invalid inner_dims_pos vector")
    if _invalid_positions(outer, rank):
        raise plain_error(op, "invalid outer_dims_perm vector")
    if outer and len(outer) != rank:
        raise plain_error(op, "outer_dims_perm must be a permutation or empty")
    if len(tiles) > rank:
        raise plain_error(op, "tiling factors must be less than or equal to the input rank "
                              "for pack or output rank for unpack")
    if len(tiles) != len(inner):
        raise plain_error(op, "tiling factors must equal the number of dimensions to tile")
    if rank + len(tiles) != len(packed.shape):
        raise plain_error(op, "packed rank must equal unpacked rank + tiling factors")
    expected = infer_packed_type(unpacked, static_tiles(op), inner, outer)
    if not _in_bound(expected.shape, packed.shape):
        raise plain_error(op, "the shape of output is not large enough to hold the packed "
                              f"data. Expected at least '{expected}', got '{packed}'")
    for s, t in zip(packed.shape[len(packed.shape) - len(tiles):], tiles):
        ok = s == DYNAMIC if not isinstance(t, int) else (s == DYNAMIC or s == t)
        if not ok:
            raise plain_error(op, "mismatch in inner tile sizes specified and shaped of tiled "
                                  "dimension in the packed type")


def require_padding_value(input_shape, inner, output_shape, outer, tiles):
    """PackOp::requirePaddingValue: some tile does not divide its dimension."""
    out_tiles = list(output_shape[:len(input_shape)])
    if outer:
        inv = [0] * len(outer)
        for i, p in enumerate(outer):
            inv[p] = i
        out_tiles = [out_tiles[inv[i]] for i in range(len(outer))]
    for pos, t in zip(inner, tiles):
        if input_shape[pos] == DYNAMIC:
            continue
        if not isinstance(t, int):
            if out_tiles[pos] != DYNAMIC and input_shape[pos] % out_tiles[pos] != 0:
                return True
        elif input_shape[pos] % t != 0:
            return True
    return False


def _verify_pack(op):
    _verify_common(op, True)
    pad = op.padding_value
    et = op.source.type.element_type
    if pad is not None and pad.type is not et:
        raise op_error(op, f"expected padding_value has '{et}' but got: '{pad.type}'")
    if pad is None and require_padding_value(
            op.source.type.shape, list(op.properties["inner_dims_pos"].values),
            op.dest.type.shape, outer_perm(op), _mixed_tiles(op)):
        raise op_error(op, "invalid tile factor or output size provided. Only full tiles are "
                           "supported when padding_value is not set")


def _verify_unpack(op):
    _verify_common(op, False)


PACK = Op("tensor.pack",
          operands=[("source", AnyRankedTensor), ("dest", AnyRankedTensor),
                    ("padding_value", AnyType, "?"), ("inner_tiles", Index, "*")],
          results=[("result", AnyRankedTensor)],
          attrs={"outer_dims_perm": DenseI64Array.opt(), "inner_dims_pos": DenseI64Array,
                 "static_inner_tiles": DenseI64Array},
          traits=[ATTR_SIZED_OPERANDS, "NoMemoryEffect"],
          format="$source (`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? "
                 "(`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` "
                 "$inner_dims_pos `inner_tiles` `=` "
                 "custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) `into` $dest "
                 "attr-dict `:` type($source) `->` type($dest)",
          custom_directives=DYNAMIC_INDEX_LIST, infer={"result": "dest"},
          verify=_verify_pack, result_names=_names("pack"))

UNPACK = Op("tensor.unpack",
            operands=[("source", AnyRankedTensor), ("dest", AnyRankedTensor),
                      ("inner_tiles", Index, "*")],
            results=[("result", AnyRankedTensor)],
            attrs={"outer_dims_perm": DenseI64Array.opt(), "inner_dims_pos": DenseI64Array,
                   "static_inner_tiles": DenseI64Array},
            traits=["NoMemoryEffect"],
            format="$source (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` "
                   "$inner_dims_pos `inner_tiles` `=` "
                   "custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) `into` $dest "
                   "attr-dict `:` type($source) `->` type($dest)",
            custom_directives=DYNAMIC_INDEX_LIST, infer={"result": "dest"},
            verify=_verify_unpack, result_names=_names("unpack"))

_DEST = DestinationStyle(lambda op: [1])
attach([PACK, UNPACK], DESTINATION_STYLE, _DEST)

RELAYOUT_OPS = [GATHER, SCATTER, PACK, UNPACK]
