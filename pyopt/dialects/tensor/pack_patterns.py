"""tensor.pack / tensor.unpack rewrite patterns (MLIR 19 Tensor/Transforms/
PackAndUnpackPatterns.cpp), for the passes and test passes that ask for them:

- `simplify_pack_unpack_patterns()` (populateSimplifyPackAndUnpackPatterns): a pack that only
  splits its innermost (or only non-unit) dim, or that is pad-like, is a tensor.expand_shape;
  the matching unpacks are tensor.collapse_shape;
- `fold_into_pack_unpack_patterns()` (populateFoldIntoPackAndUnpackPatterns): a zero-low
  tensor.pad folded into the pack using it, a zero-offset unit-stride extract_slice of an unpack
  folded into the unpack, and transposes (linalg.transpose or a transposing linalg.generic)
  before or after a pack/unpack folded into its outer_dims_perm / inner_dims_pos."""
from __future__ import annotations

from pyopt.ir.affine import dim, symbol
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.tensor.relayout import outer_perm, static_tiles
from pyopt.dialects.tensor.reshapes import (create_collapse_shape, create_expand_shape,
                                            reassociation_for_collapse)


# ---------------------------------------------------------------------------- helpers
def mixed_tiles(op):
    """getMixedTiles: static tile sizes as ints, the dynamic ones as their Values."""
    dyn = iter(op.inner_tiles)
    return [next(dyn) if s == DYNAMIC else s for s in static_tiles(op)]


def inner_dims_pos(op):
    return list(op.get_attr("inner_dims_pos").values)


def _const(x):
    return x if isinstance(x, int) else constant_int(x)


def _gt_one_dims(shape):
    return sum(1 for s in shape if s == DYNAMIC or s > 1)


def _on_1d(rw, op, shape, tiles):
    """isPackOn1D."""
    if _gt_one_dims(shape) > 1:
        return rw.notify_match_failure(op, "expects non-packed domain to have at most one "
                                           "non-unit dims")
    if _gt_one_dims(tiles) > 1:
        return rw.notify_match_failure(op, "expects at most one non-unit inner tiles")
    return True


def _identity_perm(perm):
    return all(p == i for i, p in enumerate(perm))


def is_like_pad_unpad(op, packed_type):
    """isLikePadUnPad: tiles in dim order and every outer dim of the packed type is 1."""
    inner = inner_dims_pos(op)
    if inner != list(range(len(inner))):
        return False
    shape = packed_type.shape
    return all(shape[i] == 1 for i in range(len(shape) - len(inner)))


def reassociation_for_reshape(src, dst):
    """getReassociationIndicesForReshape."""
    if len(src.shape) > len(dst.shape):
        return reassociation_for_collapse(list(src.shape), list(dst.shape))
    if len(src.shape) < len(dst.shape):
        return reassociation_for_collapse(list(dst.shape), list(src.shape))
    return None


def _split(mixed):
    return ([x if isinstance(x, int) else DYNAMIC for x in mixed],
            [x for x in mixed if not isinstance(x, int)])


def create_pack(rw, source, dest, inner, tiles, padding, outer, loc, replace=None):
    """PackOp's builder from mixed tiles (result type: dest's); with `replace`, replaces that
    op."""
    st, dt = _split(tiles)
    props = {"inner_dims_pos": DenseArrayAttr(I64, list(inner)),
             "static_inner_tiles": DenseArrayAttr(I64, st),
             "operandSegmentSizes": segment_sizes([1, 1, 1 if padding is not None else 0,
                                                   len(dt)])}
    if outer:
        props["outer_dims_perm"] = DenseArrayAttr(I64, list(outer))
    operands = [source, dest] + ([padding] if padding is not None else []) + dt
    if replace is not None:
        return rw.replace_op_with_new_op(replace, "tensor.pack", operands, [dest.type],
                                         properties=props)
    return rw.create("tensor.pack", operands, [dest.type], properties=props, loc=loc)


def create_unpack(rw, source, dest, inner, tiles, outer, replace=None, loc=None):
    """UnPackOp's builder from mixed tiles; with `replace`, replaces that op."""
    st, dt = _split(tiles)
    props = {"inner_dims_pos": DenseArrayAttr(I64, list(inner)),
             "static_inner_tiles": DenseArrayAttr(I64, st)}
    if outer:
        props["outer_dims_perm"] = DenseArrayAttr(I64, list(outer))
    if replace is None:
        return rw.create("tensor.unpack", [source, dest] + dt, [dest.type], properties=props,
                         loc=loc)
    return rw.replace_op_with_new_op(replace, "tensor.unpack", [source, dest] + dt, [dest.type],
                                     properties=props)


def _index(rw, i, loc):
    from pyopt.dialects.affine.builders import value_of
    return value_of(rw, i, loc)


def _empty(rw, mixed, elem, loc):
    from pyopt.dialects.tensor.empty_folding import create_empty
    return create_empty(rw, mixed, elem, loc)


def pack_destination(rw, loc, source, tiles, inner, outer):
    """PackOp::createDestinationTensor: a tensor.empty of the packed sizes."""
    from pyopt.dialects.affine.builders import composed_folded_apply
    t = source.type
    sizes = [s if s != DYNAMIC else rw.create("tensor.dim", [source, _index(rw, i, loc)],
                                               [INDEX], loc=loc).results[0]
             for i, s in enumerate(t.shape)]
    for d, tile in zip(inner, tiles):
        sizes[d] = composed_folded_apply(rw, dim(0).ceildiv(dim(1)), [sizes[d], tile], loc)
    if outer:
        sizes = [sizes[p] for p in outer]
    return _empty(rw, sizes + list(tiles), t.element_type, loc)


def unpack_destination(rw, loc, source, tiles, inner, outer):
    """UnPackOp::createDestinationTensor."""
    from pyopt.dialects.affine.builders import composed_folded_apply
    t = source.type
    n = len(t.shape) - len(tiles)
    sizes = [t.shape[i] if t.shape[i] != DYNAMIC else
             rw.create("tensor.dim", [source, _index(rw, i, loc)], [INDEX], loc=loc).results[0]
             for i in range(n)]
    if outer:
        inv = _invert(outer)
        sizes = [sizes[p] for p in inv]
    for d, tile in zip(inner, tiles):
        sizes[d] = composed_folded_apply(rw, symbol(0) * symbol(1), [sizes[d], tile], loc)
    return _empty(rw, sizes, t.element_type, loc)


def _invert(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def transpose_permutation(op):
    """getTransposeOpPermutation of a linalg op: linalg.transpose's permutation, or that of
    an all-parallel generic with one input and one init whose two (different) permutation
    maps are all its body does; else None."""
    from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op,
                                                  iterator_types, payload)
    from pyopt.interfaces.destination_style import dps_inits, dps_inputs
    if op is None or not is_linalg_op(op):
        return None
    if op.name == "linalg.transpose":
        return list(op.get_attr("permutation").values)
    if any(t != "parallel" for t in iterator_types(op)):
        return None
    if len(dps_inputs(op)) != 1 or len(dps_inits(op)) != 1:
        return None
    maps = indexing_maps(op)
    inm, outm = maps[0], maps[-1]
    if not inm.is_permutation() or not outm.is_permutation() or inm == outm:
        return None
    body = payload(op)
    if len(list(body)) != 1:
        return None
    return [list(inm.results).index(e) for e in outm.results]


def _check_and_permute(perm, vec, rank):
    out = []
    for i in range(rank):
        p = perm[i]
        if p >= rank:
            return None
        out.append(vec[p] if vec else p)
    return out


# ---------------------------------------------------------------------------- simplify
class SimplifyPackToExpandShape(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pack")

    def _innermost(self, rw, op):
        perm = outer_perm(op)
        if perm and not _identity_perm(perm):
            return rw.notify_match_failure(op, "expects outer_dims_perm is empty or an "
                                               "identity permutation")
        pos = inner_dims_pos(op)
        if len(pos) != 1 or pos[0] + 1 != len(op.source.type.shape):
            return rw.notify_match_failure(op, "expects packing at the innermost dimension")
        return True

    def match_and_rewrite(self, op, rw):
        if op.padding_value is not None:
            return rw.notify_match_failure(op, "expects no padding value")
        st, dt = op.source.type, op.dest.type
        if self._innermost(rw, op) is not True and \
                _on_1d(rw, op, st.shape, static_tiles(op)) is not True and \
                not is_like_pad_unpad(op, dt):
            return False
        groups = reassociation_for_reshape(st, dt)
        if groups is None:
            return False
        if st is dt:
            rw.replace_op(op, [op.source])
            return True
        rw.set_insertion_point(op)
        rw.replace_op(op, [create_expand_shape(rw, dt, op.source, groups, op.loc)])
        return True


class SimplifyUnPackToCollapseShape(RewritePattern):
    def __init__(self):
        super().__init__("tensor.unpack")

    def _innermost(self, rw, op):
        perm = outer_perm(op)
        if perm and not _identity_perm(perm):
            return rw.notify_match_failure(op, "expects outer_dims_perm is empty or an "
                                               "identity permutation")
        st, dt = op.source.type, op.dest.type
        if DYNAMIC in st.shape or DYNAMIC in dt.shape:
            return rw.notify_match_failure(op, "expects static shapes")
        pos = inner_dims_pos(op)
        if len(pos) != 1 or pos[0] + 1 != len(dt.shape):
            return rw.notify_match_failure(op, "expects unpacking on the innermost dimension")
        return True

    def match_and_rewrite(self, op, rw):
        st, dt = op.source.type, op.dest.type
        if self._innermost(rw, op) is not True and \
                _on_1d(rw, op, dt.shape, static_tiles(op)) is not True and \
                not is_like_pad_unpad(op, st):
            return False
        groups = reassociation_for_reshape(st, dt)
        if groups is None:
            return False
        if st is dt:
            rw.replace_op(op, [op.source])
            return True
        rw.set_insertion_point(op)
        rw.replace_op(op, [create_collapse_shape(rw, op.source, groups, op.loc, dt)])
        return True


# ---------------------------------------------------------------------------- fold into
class FoldPadWithPackOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pack")

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value, zero_low_pad
        pad = defining(op.source, "tensor.pad")
        if pad is None or pad.get_attr("nofold") is not None or not zero_low_pad(pad):
            return False
        value = constant_padding_value(pad)
        if value is None:
            return False
        pv = op.padding_value
        if pv is not None and pv is not value:
            a, b = _const_attr(pv), _const_attr(value)
            if a is None or a != b:
                return False
        create_pack(rw, pad.source, op.dest, inner_dims_pos(op), mixed_tiles(op), value,
                    outer_perm(op), op.loc, replace=op)
        return True


def _const_attr(v):
    from pyopt.rewrite.matchers import constant_attr
    return constant_attr(v)


class FoldUnpackWithExtractSliceOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.extract_slice")

    def match_and_rewrite(self, op, rw):
        un = defining(op.source, "tensor.unpack")
        if un is None:
            return False
        if len(op.result.type.shape) != len(un.dest.type.shape):
            return rw.notify_match_failure(op, "rank-reduced folding is not supported")
        if any(_const(x) != 0 for x in op.mixed_offsets) or \
                any(_const(x) != 1 for x in op.mixed_strides):
            return rw.notify_match_failure(op, "expects offsets to be 0s and strides to be 1s")
        rw.set_insertion_point(op)
        out = _empty(rw, op.mixed_sizes, un.dest.type.element_type, op.loc)
        create_unpack(rw, un.source, out, inner_dims_pos(un), mixed_tiles(un), outer_perm(un),
                      replace=op)
        return True


class FoldProducerPackWithConsumerLinalgTransposeOp(RewritePattern):
    """A transpose of a pack's result -> one pack with the permutation folded in."""

    def match_and_rewrite(self, op, rw):
        if not op.operands:
            return False
        pack = defining(op.operand(0), "tensor.pack")
        if pack is None:
            return False
        perm = transpose_permutation(op)
        if perm is None:
            return False
        inner, tiles, outer = inner_dims_pos(pack), mixed_tiles(pack), outer_perm(pack)
        rank = len(pack.source.type.shape)
        new_outer = _check_and_permute(perm, outer, rank)
        if new_outer is None:
            return rw.notify_match_failure(op, "Cannot fold in tensor.pack if a tile dimension "
                                               "was transposed with a non-tile dimension in "
                                               "linalg.transpose.")
        new_tiles, new_inner = [], []
        for i in range(rank, len(perm)):
            r = perm[i] - rank
            new_tiles.append(tiles[r])
            new_inner.append(inner[r])
        rw.set_insertion_point(op)
        out = pack_destination(rw, op.loc, pack.source, new_tiles, new_inner, new_outer)
        create_pack(rw, pack.source, out, new_inner, new_tiles, pack.padding_value, new_outer,
                    op.loc, replace=op)
        return True


class FoldConsumerPackWithProducerLinalgTransposeOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.pack")

    def match_and_rewrite(self, op, rw):
        src = op.source.defining_op()
        perm = transpose_permutation(src)
        if perm is None:
            return False
        outer, inner = outer_perm(op), inner_dims_pos(op)
        new_outer = list(perm)
        if outer:
            new_outer = [new_outer[p] for p in outer]
        new_inner = [perm[d] for d in inner]
        rw.set_insertion_point(op)
        x = src.operand(0)
        out = pack_destination(rw, op.loc, x, mixed_tiles(op), new_inner, new_outer)
        create_pack(rw, x, out, new_inner, mixed_tiles(op), op.padding_value, new_outer,
                    op.loc, replace=op)
        return True


class FoldProducerUnPackWithConsumerLinalgTransposeOp(RewritePattern):
    def match_and_rewrite(self, op, rw):
        from pyopt.interfaces.destination_style import dps_inits
        if not op.operands:
            return False
        un = defining(op.operand(0), "tensor.unpack")
        if un is None:
            return False
        perm = transpose_permutation(op)
        if perm is None:
            return False
        outer, inner = outer_perm(un), inner_dims_pos(un)
        new_outer = _invert(perm)
        new_inner = [new_outer[d] for d in inner]
        if outer:
            new_outer = [new_outer[p] for p in outer]
        create_unpack(rw, un.source, dps_inits(op)[0], new_inner, mixed_tiles(un), new_outer,
                      replace=op)
        return True


class FoldConsumerUnPackWithProducerLinalgTransposeOp(RewritePattern):
    def __init__(self):
        super().__init__("tensor.unpack")

    def match_and_rewrite(self, op, rw):
        src = op.source.defining_op()
        perm = transpose_permutation(src)
        if perm is None:
            return False
        inv = _invert(perm)
        outer, inner = outer_perm(op), inner_dims_pos(op)
        dest_rank = len(op.source.type.shape) - len(inner)
        tiles = mixed_tiles(op)
        new_outer = _check_and_permute(inv, outer, dest_rank)
        if new_outer is None:
            return rw.notify_match_failure(op, "Cannot fold in tensor.unpack if a tile "
                                               "dimension was transposed with a non-tile "
                                               "dimension in linalg.transpose.")
        new_tiles, new_inner = [], []
        for i in range(dest_rank, len(inv)):
            r = inv[i] - dest_rank
            new_tiles.append(tiles[r])
            new_inner.append(inner[r])
        rw.set_insertion_point(op)
        x = src.operand(0)
        out = unpack_destination(rw, op.loc, x, new_tiles, new_inner, new_outer)
        create_unpack(rw, x, out, new_inner, new_tiles, new_outer, replace=op)
        return True


def _linalg_roots():
    """The linalg ops (LinalgOp interface patterns are registered per op here)."""
    from pyopt.dialects.linalg import LINALG
    from pyopt.dialects.linalg.structured import LINALG_STRUCTURED
    return [n for n, d in LINALG.ops.items() if LINALG_STRUCTURED in d.extra]


def simplify_pack_unpack_patterns():
    return [SimplifyPackToExpandShape(), SimplifyUnPackToCollapseShape()]


def fold_into_pack_unpack_patterns():
    pats = [FoldUnpackWithExtractSliceOp(), FoldPadWithPackOp()]
    roots = _linalg_roots()
    pats += [FoldProducerPackWithConsumerLinalgTransposeOp(r) for r in roots]
    pats += [FoldConsumerPackWithProducerLinalgTransposeOp(),
             FoldConsumerUnPackWithProducerLinalgTransposeOp()]
    pats += [FoldProducerUnPackWithConsumerLinalgTransposeOp(r) for r in roots]
    return pats
