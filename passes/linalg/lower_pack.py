"""Lowering tensor.pack / tensor.unpack to pad + expand_shape + linalg.transpose and to
empty + linalg.transpose + collapse_shape + extract_slice + linalg.copy (MLIR 19
linalg::lowerPack / lowerUnPack, what transform.structured.lower_pack / lower_unpack run)."""
from __future__ import annotations

from pyopt.ir.affine import dim, symbol, AffineMap
from pyopt.ir.types import RankedTensorType
from pyopt.rewrite.matchers import constant_int
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.linalg.builders import create_named, create_with_identity_region
from pyopt.dialects.shaped_models import mixed_size, mixed_sizes
from pyopt.dialects.tensor.empty_folding import create_empty
from pyopt.dialects.tensor.pack_patterns import inner_dims_pos, is_like_pad_unpad, mixed_tiles
from pyopt.dialects.tensor.pad_canonicalize import create_pad_with_value
from pyopt.dialects.tensor.relayout import outer_perm
from pyopt.dialects.tensor.reshapes import (collapsed_tensor_type, create_collapse_shape,
                                            create_expand_shape)
from pyopt.dialects.tensor.slice_canonicalize import (create_extract_slice,
                                                      create_insert_slice,
                                                      is_rank_reduced_type)

from passes.linalg.packing import permutation_to_positions


def packing_metadata(rank, inner):
    """computePackingMetadata: (insert positions, outer positions, reassociations)."""
    inserts = [p + sum(1 for q in inner if p > q) + 1 for p in inner]
    outer, groups = [], []
    i = 1
    while i <= rank:
        outer.append(i - 1)
        if i not in inserts:
            groups.append([i - 1])
        else:
            groups.append([i - 1, i])
            i += 1
        i += 1
    return inserts, outer, groups


def pack_unpack_perm(rank, inner, outer_dims_perm):
    """computePackUnPackPerm: the packed layout -> strip-mined layout permutation, with the
    packing metadata's reassociations."""
    n = len(inner)
    inserts, outer, groups = packing_metadata(rank, inner)
    inner_perm = permutation_to_positions(rank, list(range(rank - n, rank)), inserts)
    outer_pos = [outer[p] for p in outer_dims_perm] if outer_dims_perm else list(outer)
    outer_perm_ = permutation_to_positions(rank, outer, outer_pos)
    return [inner_perm[p] for p in outer_perm_], outer, groups


def _invert(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def lower_pack(rw, pack):
    """(pad, expand_shape or None, transpose or None), or None when a tile is dynamic."""
    tiles = mixed_tiles(pack)
    if any(constant_int(t) is None for t in tiles):
        rw.notify_match_failure(pack, "non-static shape NYI, needs a more powerful "
                                      "tensor.expand_shape op")
        return None
    loc = pack.loc
    rw.set_insertion_point(pack)
    packed_t = pack.results[0].type
    inner = inner_dims_pos(pack)
    perm, outer, groups = pack_unpack_perm(len(packed_t.shape), inner, outer_perm(pack))
    strip_mined = [packed_t.shape[p] for p in perm]
    source, dest = pack.source, pack.dest
    rank = len(source.type.shape)
    highs = [0] * rank
    for pos, tile in zip(inner, tiles):
        outer_pos = perm[outer[pos]]
        orig = mixed_size(rw, source, pos, loc)
        outer_size = mixed_size(rw, dest, outer_pos, loc)
        highs[pos] = composed_folded_apply(rw, AffineMap(2, 1, [dim(0) * symbol(0) - dim(1)]),
                                           [outer_size, orig, tile], loc)
    collapsed = collapsed_tensor_type(RankedTensorType(strip_mined, packed_t.element_type),
                                      groups)
    pv = pack.padding_value
    if pv is None:
        from passes.linalg.vectorization import zero_attr
        et = collapsed.element_type
        pv = rw.create("arith.constant", [], [et], properties={"value": zero_attr(et)},
                       loc=loc).results[0]
    pad = create_pad_with_value(rw, collapsed, source, [0] * rank, highs, pv, loc=loc)
    if is_like_pad_unpad(pack, packed_t) and is_rank_reduced_type(packed_t, pad.results[0].type):
        empty = create_empty(rw, list(packed_t.shape), packed_t.element_type, loc)
        n = len(packed_t.shape)
        ins = create_insert_slice(rw, "tensor.insert_slice", pad.results[0], empty, [0] * n,
                                  mixed_sizes(rw, dest, loc), [1] * n, loc)
        rw.replace_op(pack, list(ins.results))
        return pad, None, None
    expand_t = RankedTensorType(strip_mined, packed_t.element_type, packed_t.encoding)
    expanded = create_expand_shape(rw, expand_t, pad.results[0], groups, loc)
    transpose = create_with_identity_region(rw, "linalg.transpose", expanded, dest,
                                            "permutation", _invert(perm), loc)
    rw.replace_op(pack, list(transpose.results))
    return pad, expanded.defining_op(), transpose


def lower_unpack(rw, unpack):
    """(empty or None, transpose or None, collapse_shape or None, extract_slice)."""
    loc = unpack.loc
    rw.set_insertion_point(unpack)
    source, dest = unpack.source, unpack.dest
    packed_t = source.type
    rank = len(packed_t.shape)
    dest_t = dest.type
    if is_like_pad_unpad(unpack, packed_t):
        sizes = [1] * (rank - len(dest_t.shape)) + mixed_sizes(rw, dest, loc)
        s = create_extract_slice(rw, dest_t, source, [0] * rank, sizes, [1] * rank, loc)
        rw.replace_op(unpack, [s])
        return None, None, None, s.defining_op()
    perm, _, groups = pack_unpack_perm(rank, inner_dims_pos(unpack), outer_perm(unpack))
    strip_mined = RankedTensorType([packed_t.shape[p] for p in perm], packed_t.element_type,
                                   packed_t.encoding)
    collapsed_t = collapsed_tensor_type(strip_mined, groups)
    dims = mixed_sizes(rw, source, loc)
    empty = create_empty(rw, [dims[p] for p in perm], strip_mined.element_type, loc)
    transpose = create_with_identity_region(rw, "linalg.transpose", source, empty,
                                            "permutation", perm, loc)
    collapsed = create_collapse_shape(rw, transpose.results[0], groups, loc, collapsed_t)
    n = len(dest_t.shape)
    s = create_extract_slice(rw, dest_t, collapsed, [0] * n, mixed_sizes(rw, dest, loc),
                             [1] * n, loc)
    copy = create_named(rw, "linalg.copy", [s], [dest], loc=loc)
    rw.replace_op(unpack, list(copy.results))
    return empty.defining_op(), transpose, collapsed.defining_op(), s.defining_op()
