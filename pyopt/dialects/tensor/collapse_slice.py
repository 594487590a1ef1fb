"""An extract_slice of a collapse_shape as slices of the collapse's source (MLIR 19
Tensor/Transforms/ExtractSliceFromReshapeUtils.cpp and the SliceFromCollapseHelper of
Dialect/Utils/ReshapeOpsUtils.cpp):

- `simplify_collapse_with_rank_reducing_slice(op, rw)`: a collapse_shape whose groups hold at
  most one non-unit dim (at least one such group) becomes a rank-reducing extract_slice
  (and a smaller collapse when groups remain);
- `ExtractSliceFromCollapseHelper`: for a slice of a collapse, the loop iteration space (one
  loop per sliced collapsed dim) and, per iteration, the source slice (offsets delinearized
  with affine.delinearize_index) collapsed into the tile and where it goes."""
from __future__ import annotations

from pyopt.ir.affine import dim, symbol
from pyopt.ir.types import INDEX, RankedTensorType
from pyopt.rewrite.matchers import constant_int, defining, equal_constant_or_value
from pyopt.dialects.affine.builders import composed_apply, value_of
from pyopt.dialects.memref.common import reassociation_indices
from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.reshapes import collapsed_tensor_type, reassociation_attr
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice, static_of


# ---------------------------------------------------------------------------- simplification
def simplify_info(src_type, groups):
    """getSimplifyCollapseShapeWithRankReducingSliceInfo: (slice type, new groups or None),
    or None when no group collapses a single non-unit dim."""
    shape = src_type.shape
    trivial = [_unique_non_unit(g, shape) for g in groups]
    if all(t is None for t in trivial):
        return None
    slice_shape = []
    for t, g in zip(trivial, groups):
        if t is not None:
            slice_shape.append(shape[t])
        else:
            slice_shape += [shape[i] for i in g]
    t = RankedTensorType(slice_shape, src_type.element_type)
    if len(slice_shape) == len(groups):
        return t, None
    new_groups, cur, k = [], [], 0
    for d in range(len(slice_shape)):
        cur.append(d)
        if trivial[k] is not None or len(cur) == len(groups[k]):
            new_groups.append(cur)
            cur = []
            k += 1
    return t, new_groups


def _unique_non_unit(g, shape):
    """getUniqueNonUnitDim: the only non-unit dim of a group of 2 or more dims, else None."""
    non_unit = [i for i in g if shape[i] != 1]
    return non_unit[0] if len(g) >= 2 and len(non_unit) == 1 else None


def simplify_collapse_with_rank_reducing_slice(op, rw):
    """simplifyCollapseShapeWithRankReducingExtractSlice: the new op (the slice, or the new
    collapse), or None when the collapse cannot be simplified."""
    groups = reassociation_indices(op.reassociation)
    info = simplify_info(op.src.type, groups)
    if info is None:
        return None
    t, new_groups = info
    rank = len(op.src.type.shape)
    s = create_extract_slice(rw, t, op.src, [0] * rank, mixed_sizes(rw, op.src, op.loc),
                             [1] * rank, op.loc)
    if new_groups is None:
        rw.replace_op(op, [s])
        return s.owner
    new = rw.replace_op_with_new_op(op, "tensor.collapse_shape", [s],
                                    [collapsed_tensor_type(t, new_groups)],
                                    properties={"reassociation": reassociation_attr(new_groups)})
    return new


# ---------------------------------------------------------------------------- helper
class ExtractSliceFromCollapseHelper:
    def __init__(self, collapse, input_shape, output_shape, params, linearized, sliced,
                 tile_sizes):
        self.collapse = collapse
        self.input_shape = input_shape
        self.output_shape = output_shape
        self.params = params  # [(offset, size, stride)] per collapsed dim
        self.linearized = linearized
        self.sliced = sliced
        self.tile_sizes = tile_sizes  # the iteration space sizes (Values)

    @classmethod
    def create(cls, rw, collapse, extract):
        """ExtractSliceFromCollapseHelper::create, or None."""
        from pyopt.interfaces.shaped import reify_model
        if defining(extract.source, "tensor.collapse_shape") is not collapse:
            return None
        params = list(zip(extract.mixed_offsets, extract.mixed_sizes, extract.mixed_strides))
        groups = reassociation_indices(collapse.reassociation)
        if simplify_info(collapse.src.type, groups) is not None:
            return None
        output_shape = reify_model(collapse).reify(collapse, rw)[0]
        linearized = [len(g) > 1 for g in groups]
        sliced = [not equal_constant_or_value(size, output_shape[i]) or constant_int(stride) != 1 or
                  constant_int(off) != 0 for i, (off, size, stride) in enumerate(params)]
        input_shape = mixed_sizes(rw, collapse.src, collapse.loc)
        tiles = [value_of(rw, params[i][1], collapse.loc) for i in range(len(params))
                 if sliced[i] and linearized[i]]
        return cls(collapse, input_shape, output_shape, params, linearized, sliced, tiles)

    def emit_loop_nest_body(self, b, loc, ivs):
        """(the collapsed tile, its insert offsets/sizes/strides) at induction vars `ivs`."""
        groups = reassociation_indices(self.collapse.reassociation)
        multi, k = [], 0
        for i in range(len(self.linearized)):
            if not (self.linearized[i] and self.sliced[i]):
                continue
            off, _, stride = self.params[i]
            idx = composed_apply(b, symbol(0) + dim(0) * symbol(1), [ivs[k], off, stride], loc)
            k += 1
            basis = [value_of(b, self.input_shape[j], loc) for j in groups[i]]
            d = b.create("affine.delinearize_index", [idx] + basis, [INDEX] * len(basis),
                         loc=loc)
            multi.append(list(d.results))
        offs, sizes, strides = [], [], []
        k = 0
        for i, g in enumerate(groups):
            if self.sliced[i] and self.linearized[i]:
                for v in multi[k]:
                    c = constant_int(v)
                    offs.append(v if c is None else c)
                    sizes.append(1)
                    strides.append(1)
                k += 1
            elif self.linearized[i]:
                for j in g:
                    offs.append(0)
                    sizes.append(self.input_shape[j])
                    strides.append(1)
            else:
                o, s, st = self.params[i]
                offs.append(o)
                sizes.append(s)
                strides.append(st)
        src = self.collapse.src
        st_type = src.type
        t = RankedTensorType(static_of(sizes), st_type.element_type, st_type.encoding) \
            if st_type.encoding is not None else \
            RankedTensorType(static_of(sizes), st_type.element_type)
        tile = create_extract_slice(b, t, src, offs, sizes, strides, loc)
        ins, k = [], 0
        for i in range(len(self.linearized)):
            if self.linearized[i] and self.sliced[i]:
                ins.append((ivs[k], 1, 1))
                k += 1
            else:
                ins.append((0, self.params[i][1], 1))
        collapsed = b.create("tensor.collapse_shape", [tile],
                             [collapsed_tensor_type(t, groups)],
                             properties={"reassociation": reassociation_attr(groups)},
                             loc=loc).results[0]
        return collapsed, ins

