"""Packing linalg ops (MLIR 19 Linalg/Transforms/Transforms.cpp): the building blocks that
-linalg-block-pack-matmul and the transform dialect's structured.pack / pack_greedily /
pack_transpose share.

- `pack_linalg_op(rw, op, sizes)` (linalg::pack): every loop with a non-zero size is split in
  an outer and an inner (point) loop; each operand is tensor.pack'ed along the dims those
  loops index, the op becomes a linalg.generic on the packed operands and its results are
  tensor.unpack'ed back;
- `pack_transpose(rw, pack, op, unpack, outer, inner)` (linalg::packTranspose): permutes the
  outer and/or inner dims of one packed operand of a packed op;
- `pack_matmul_greedily(rw, op, sizes, padded_multiples, mnk_order)`
  (linalg::packMatmulGreedily): finds the op's m, n, k loops, generalizes and interchanges it
  so they are innermost and packs them."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr, AffineMap, dim, symbol
from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import DYNAMIC, FloatType
from pyopt.rewrite.matchers import constant_int
from pyopt.interfaces.destination_style import init_indices
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types
from pyopt.dialects.tensor.pack_patterns import (create_pack, create_unpack, inner_dims_pos,
                                                 mixed_tiles, pack_destination)
from pyopt.dialects.tensor.relayout import outer_perm, require_padding_value


class PackResult:
    __slots__ = ("pack_ops", "packed_op", "unpack_ops")

    def __init__(self, pack_ops, packed_op, unpack_ops):
        self.pack_ops = pack_ops
        self.packed_op = packed_op
        self.unpack_ops = unpack_ops


def _const(x):
    return x if isinstance(x, int) else constant_int(x)


def _permute(vec, perm):
    return [vec[p] for p in perm]


def zero_constant(rw, t, loc):
    """arith.constant of getZeroAttr(t) for a scalar int or float type."""
    attr = FloatAttr.from_float(t, 0.0) if isinstance(t, FloatType) else IntegerAttr(t, 0)
    return rw.create("arith.constant", [], [t], properties={"value": attr}, loc=loc).results[0]


def _pack_metadata_once(maps, iters, d):
    """packLinalgMetadataOnce: adds a point loop for loop `d` (appended last) to the maps and
    iterators; returns the operand dim it packs per map (None where `d` is not indexed), or
    None when such a dim is not a plain loop index."""
    new = len(iters)
    iters.append(iters[d])
    packed = []
    for k, m in enumerate(maps):
        m = AffineMap.get(new + 1, m.num_symbols, list(m.results))
        pos = next((i for i, e in enumerate(m.results) if e.is_function_of_dim(d)), None)
        if pos is None:
            maps[k] = m
            packed.append(None)
            continue
        if not isinstance(m.results[pos], AffineDimExpr):
            return None
        maps[k] = AffineMap.get(new + 1, m.num_symbols, list(m.results) + [dim(new)])
        packed.append(pos)
    return packed


def pack_linalg_op(rw, op, sizes):
    """linalg::pack: a PackResult, or None (with a match-failure note) when `op` cannot be
    packed by `sizes` (one per loop; 0 leaves a loop alone)."""
    maps = list(indexing_maps(op))
    iters = list(iterator_types(op))
    if len(sizes) != len(iters):
        rw.notify_match_failure(op, "incorrect number of pack sizes")
        return None
    loc = op.loc
    specs = []
    for i, size in enumerate(sizes):
        if _const(size) == 0:
            continue
        per_operand = _pack_metadata_once(maps, iters, i)
        if per_operand is None:
            return None
        specs.append((size, per_operand))
    inits = init_indices(op)
    order = [i for i in range(len(op.operands)) if i not in inits] + list(inits)
    values = {}
    packs = []
    for pos in order:
        v = op.operands[pos]
        inner = [po[pos] for _, po in specs if po[pos] is not None]
        tiles = [s for s, po in specs if po[pos] is not None]
        if not tiles:
            values[pos] = v
            continue
        dest = pack_destination(rw, loc, v, tiles, inner, [])
        static = all(_const(t) is not None for t in tiles) and DYNAMIC not in v.type.shape
        if static and not require_padding_value(v.type.shape, inner, dest.type.shape, [],
                                                [_const(t) for t in tiles]):
            pack = create_pack(rw, v, dest, inner, tiles, None, [], loc)
        else:
            # (the padding value should come from the consumers; zero as 19 does)
            zero = zero_constant(rw, v.type.element_type, loc)
            pack = create_pack(rw, v, dest, inner, tiles, zero, [], loc)
        packs.append(pack)
        values[pos] = pack.results[0]
    ins = [values[i] for i in order[:len(order) - len(inits)]]
    outs = [values[i] for i in inits]
    g = create_generic(rw, ins, outs, maps, iters, [v.type for v in outs], op.loc)
    g.regions[0].take_body(op.regions[0])
    results, unpacks = [], []
    for r, init in zip(g.results, outs):
        p = init.defining_op()
        if p is None or p.name != "tensor.pack" or p not in packs:
            results.append(r)
            continue
        un = create_unpack(rw, r, p.source, inner_dims_pos(p), mixed_tiles(p), [], loc=g.loc)
        unpacks.append(un)
        results.append(un.results[0])
    rw.replace_op(op, results)
    return PackResult(packs, g, unpacks)


def _transposed_metadata(op, inner_perm, outer_perm_, n_outer):
    """commonPermutationOfPackAndUnPackOp: (inner_dims_pos, tiles, outer_dims_perm)."""
    inner, tiles = inner_dims_pos(op), mixed_tiles(op)
    outer = outer_perm(op) or list(range(n_outer))
    if inner_perm:
        inner, tiles = _permute(inner, inner_perm), _permute(tiles, inner_perm)
    if outer_perm_:
        outer = _permute(outer, outer_perm_)
    return inner, tiles, outer


def transposed_pack_clone(rw, pack, inner_perm, outer_perm_, loc):
    """PackOp::createTransposedClone."""
    inner, tiles, outer = _transposed_metadata(pack, inner_perm, outer_perm_,
                                               len(pack.source.type.shape))
    dest = pack_destination(rw, loc, pack.source, tiles, inner, outer)
    return create_pack(rw, pack.source, dest, inner, tiles, pack.padding_value, outer, loc)


def transposed_unpack_clone(rw, unpack, source, inner_perm, outer_perm_, loc):
    """UnPackOp::createTransposedClone."""
    inner, tiles, outer = _transposed_metadata(unpack, inner_perm, outer_perm_,
                                               len(unpack.dest.type.shape))
    return create_unpack(rw, source, unpack.dest, inner, tiles, outer, loc=loc)


def _transpose_operand(rw, op, index, perm, value):
    """transposeOneLinalgOperandAndReplace: `op` as a generic reading `value` (operand
    `index` transposed by `perm`) through the transposed map."""
    maps = list(indexing_maps(op))
    maps[index] = AffineMap.get_permutation_map(perm).compose(maps[index])
    operands = list(op.operands)
    operands[index] = value
    inits = init_indices(op)
    ins = [v for i, v in enumerate(operands) if i not in inits]
    outs = [operands[i] for i in inits]
    g = create_generic(rw, ins, outs, maps, iterator_types(op), [v.type for v in outs], op.loc)
    g.regions[0].take_body(op.regions[0])
    rw.replace_op(op, list(g.results))
    return g


def pack_transpose(rw, pack, op, unpack, outer, inner):
    """linalg::packTranspose: (transposed pack, transposed op, transposed unpack or None), or
    None (with a match-failure note)."""
    loc = op.loc
    rw.set_insertion_point(pack)
    new_pack = transposed_pack_clone(rw, pack, inner, outer, loc)
    if not pack.results[0].has_one_use():
        rw.notify_match_failure(op, "expect single pack use")
        return None
    use = next(pack.results[0].uses())
    if use.owner is not op:
        rw.notify_match_failure(op, "not a single use by the LinalgOp target")
        return None
    inits = init_indices(op)
    if unpack is not None and (use.index not in inits or
                               unpack.source is not op.results[inits.index(use.index)]):
        rw.notify_match_failure(op, "not produced by the LinalgOp target")
        return None
    n_lead = len(pack.source.type.shape)
    n_trail = len(inner_dims_pos(pack))
    perm = list(outer) if outer else list(range(n_lead))
    perm += [n_lead + p for p in inner] if inner else list(range(n_lead, n_lead + n_trail))
    if sorted(perm) != list(range(len(perm))):
        rw.notify_match_failure(op, "invalid permutation")
        return None
    index = use.index
    rw.set_insertion_point(op)
    new_op = _transpose_operand(rw, op, index, perm, new_pack.results[0])
    new_unpack = None
    if unpack is not None:
        result = new_op.results[init_indices(new_op).index(index)]
        rw.set_insertion_point(unpack)
        new_unpack = transposed_unpack_clone(rw, unpack, result, inner, outer, loc)
        rw.replace_op(unpack, [new_unpack.results[0]])
    rw.replace_op(pack, [new_pack.results[0]])
    return new_pack, new_op, new_unpack


def permutation_to_positions(n, positions, desired):
    """computePermutationVector: the permutation of n moving positions[i] to desired[i], the
    others in order."""
    res = [-1] * n
    for p, d in zip(positions, desired):
        res[d] = p
    seen = set(positions)
    nxt = 0
    for i in range(n):
        if res[i] != -1:
            continue
        while nxt in seen:
            nxt += 1
        res[i] = nxt
        nxt += 1
    return res


def pack_matmul_greedily(rw, op, mnk_sizes, padded_multiples, mnk_order):
    """linalg::packMatmulGreedily: a PackResult, or None (with a match-failure note)."""
    from pyopt.dialects.linalg.analysis import contraction_dims
    from passes.linalg.generalize import generalize_named_op
    from passes.linalg.interchange import interchange_generic
    from pyopt.dialects.linalg.shapes import loop_sizes
    n = len(iterator_types(op))
    if n <= 2:
        rw.notify_match_failure(op, "need 3+ loops to find a matmul to pack")
        return None
    mmnnkk = [n - 3 + o for o in mnk_order]
    sizes = [None] * 3
    multiples = [0] * 3
    for i, o in enumerate(mnk_order):
        sizes[o] = mnk_sizes[i]
        multiples[o] = padded_multiples[i] if padded_multiples else 0
    _, ms, ns, ks = contraction_dims(indexing_maps(op), iterator_types(op))
    if not ms or not ns or not ks:
        rw.notify_match_failure(op, "couldn't infer matmul iterators")
        return None
    m, nn, k = ms[-1], ns[-1], ks[-1]
    if op.name != "linalg.generic":
        op = generalize_named_op(op, rw)
    interchange_generic(rw, op, permutation_to_positions(n, [m, nn, k], mmnnkk))
    ranges = loop_sizes(rw, op, op.loc)
    adjusted = [0] * (n - 3)
    for i in range(3):
        if multiples[i] == 0:
            adjusted.append(sizes[i])
            continue
        adjusted.append(_folded_apply(rw, ranges[len(adjusted)], multiples[i], op.loc))
    return pack_linalg_op(rw, op, adjusted)


def _folded_apply(rw, size, multiple, loc):
    """size rounded up to a multiple, folded (makeComposedFoldedAffineApply)."""
    from pyopt.dialects.affine.builders import composed_folded_apply
    return composed_folded_apply(rw, dim(0).ceildiv(symbol(0)) * symbol(0), [size, multiple],
                                 loc)
