"""ReifyRankedShapedTypeOpInterface of linalg structured ops (LinalgOp::reifyResultShapes):
each result has its init's sizes; a dynamic one is computed from the input sizes through the
indexing maps when the maps allow (an affine.apply folded and composed), else read with
tensor.dim from the init."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.types import DYNAMIC
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import dps_inits, init_indices
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.tensor.reshapes import create_or_fold_dim
from pyopt.dialects.linalg.structured import (LINALG_STRUCTURED, concat_maps, indexing_maps,
                                              inverse_permutation, operand_shape)


def _dim(b, v, i, loc):
    """createOrFoldDimOp: a static size as an int, else memref.dim / tensor.dim."""
    s = v.type.shape[i]
    if s != DYNAMIC:
        return s
    return create_or_fold_dim(b, v, i, loc)


def loop_sizes(b, op, loc):
    """LinalgOp::createLoopRanges' sizes (offsets 0, strides 1): each loop's size, an int or an
    index Value, read from the first operand dimension that is that loop's plain index; every
    dynamic operand dimension gets a (folded) dim op on the way (createFlatListOfOperandDims)."""
    from pyopt.ir.affine import AffineDimExpr
    from pyopt.dialects.tensor.reshapes import create_or_fold_dim
    sizes = []
    for v in op.operands:
        for i, s in enumerate(operand_shape(v)):
            sizes.append(create_or_fold_dim(b, v, i, loc) if s == DYNAMIC else s)
    m = concat_maps(indexing_maps(op))
    out = [None] * m.num_dims
    for idx, e in enumerate(m.results):
        if type(e) is AffineDimExpr and out[e.position] is None:
            out[e.position] = sizes[idx]
    return out


def _uses_dims(e, lo, hi):
    return any(e.is_function_of_dim(p) for p in range(lo, hi))


class StructuredShapes:
    def reify(self, op, b):
        loc = op.loc
        maps = indexing_maps(op)
        loops_to_shapes = concat_maps(maps)
        inits = set(init_indices(op))
        in_rank = sum(len(operand_shape(v)) for i, v in enumerate(op.operands) if i not in inits)
        out_rank = sum(len(operand_shape(v)) for i, v in enumerate(op.operands) if i in inits)
        results = loops_to_shapes.results[in_rank:in_rank + out_rank]
        inv = inverse_permutation(loops_to_shapes)
        from_inputs = AffineMap.get(loops_to_shapes.num_dims, 0, results).compose(inv)
        flat = [_dim(b, v, i, loc) for v in op.operands for i in range(len(operand_shape(v)))]
        values = [composed_folded_apply(b, from_inputs.get_sub_map([k]), flat, loc)
                  for k in range(len(results))]
        out, pos = [], 0
        for init in dps_inits(op):
            shapes = []
            for d, s in enumerate(init.type.shape):
                if s != DYNAMIC:
                    shapes.append(s)
                elif _uses_dims(from_inputs.results[pos], in_rank, in_rank + out_rank):
                    shapes.append(value_of(b, _dim(b, init, d, loc), loc))
                else:
                    shapes.append(value_of(b, values[pos], loc))
                pos += 1
            out.append(shapes)
        return out


def attach_models(dialect):
    attach([d for d in dialect.ops.values() if LINALG_STRUCTURED in d.extra],
           REIFY_RANKED_SHAPED_TYPE, StructuredShapes())
    attach(dialect.ops["linalg.softmax"], REIFY_RANKED_SHAPED_TYPE, SoftmaxShapes())


class SoftmaxShapes:
    """SoftmaxOp::reifyResultShapes: the input's sizes where the output's are dynamic."""

    def reify(self, op, b):
        src, out = op.input, op.output
        shapes = []
        for i, s in enumerate(out.type.shape):
            shapes.append(src.type.shape[i] if s != DYNAMIC else
                          value_of(b, _dim(b, src, i, op.loc), op.loc))
        return [shapes]
