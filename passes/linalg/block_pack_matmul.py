"""`linalg-block-pack-matmul` (MLIR 19 Linalg/Transforms/BlockPackMatmul.cpp): matmul-like ops
(matmul, batch_matmul and their transposed variants, and generics that are plain matmuls) are
packed into a blocked layout - the m, n, k loops split by the block factors, the operands
tensor.pack'ed into major blocks of minor blocks, the result unpacked - then the LHS and RHS
blocks are transposed as the options ask."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.diagnostics import pass_failure
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, has_pure_buffer_semantics
from pyopt.dialects.linalg.analysis import contraction_dims, is_contraction
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types
from passes.linalg.packing import pack_matmul_greedily, pack_transpose
from passes.scf.common import default_greedy_config

MATMUL_OPS = ("linalg.matmul", "linalg.batch_matmul", "linalg.matmul_transpose_a",
              "linalg.batch_matmul_transpose_a", "linalg.matmul_transpose_b",
              "linalg.batch_matmul_transpose_b")


class BlockPackOptions:
    """BlockPackMatmulOptions."""
    __slots__ = ("block_factors", "allow_padding", "padded_multiples", "mnk_order",
                 "lhs_outer", "lhs_inner", "rhs_outer", "rhs_inner")

    def __init__(self, block_factors, allow_padding=True, padded_multiples=(),
                 mnk_order=(0, 1, 2), lhs_outer=False, lhs_inner=False, rhs_outer=True,
                 rhs_inner=True):
        self.block_factors = list(block_factors)
        self.allow_padding = allow_padding
        self.padded_multiples = list(padded_multiples)
        self.mnk_order = list(mnk_order)
        self.lhs_outer, self.lhs_inner = lhs_outer, lhs_inner
        self.rhs_outer, self.rhs_inner = rhs_outer, rhs_inner


def _contraction_dims(op):
    """inferContractionDims: None unless the op has two inputs and one init."""
    if len(dps_inputs(op)) != 2 or len(dps_inits(op)) != 1:
        return None
    return contraction_dims(indexing_maps(op), iterator_types(op))


def _full_tiles(rw, op, tiles, dims):
    """validateFullTilesOnDims: each of `dims` (after the batch dims) has a constant range
    that its tile divides."""
    from pyopt.rewrite.rewriter import Builder
    from pyopt.dialects.linalg.tiling_model import LinalgTiling
    if len(dims) != len(tiles) or not tiles:
        return False
    cd = _contraction_dims(op)
    if cd is None:
        return False
    dims = [d + len(cd[0]) for d in dims]
    # (a builder the rewrite driver does not hear of, as upstream's)
    domain = LinalgTiling().iteration_domain(op, Builder(rw.ctx))
    for d, tile in zip(dims, tiles):
        if d >= len(domain):
            return False
        r = domain[d]
        vals = [x if isinstance(x, int) else constant_int(x) for x in (r.offset, r.size,
                                                                        r.stride)]
        if None in vals or vals[2] != 1 or (vals[1] - vals[0]) % tile != 0:
            return False
    return True


def _transpose_packed(rw, op, pack, m, block_dims, outer_t, inner_t):
    """transposePackedMatmul: the blocks of one packed operand transposed to the layout the
    options ask for."""
    outer_pos = m.num_results - 4
    inner_pos = m.num_results - 2
    outer_transposed = m.results[outer_pos].position != block_dims[-2]
    inner_transposed = m.results[inner_pos].position != block_dims[-1]
    inner_perm = [1, 0] if inner_transposed != inner_t else [0, 1]
    outer_perm = [1, 0] if outer_transposed != outer_t else [0, 1]
    outer_perm = list(range(outer_pos)) + [p + outer_pos for p in outer_perm]
    return pack_transpose(rw, pack, op, None, outer_perm, inner_perm)


def _fail(rw, op, reason):
    rw.notify_match_failure(op, reason)
    return None


def block_pack_matmul(rw, op, control):
    """linalg::blockPackMatmul: the PackResult, or None."""
    if has_pure_buffer_semantics(op):
        return _fail(rw, op, "require tensor semantics")
    options = control(op)
    if options is None:
        return _fail(rw, op, "invalid packing options")
    if len(options.block_factors) != 3:
        return _fail(rw, op, "require 3 tile factors")
    tiles = list(options.block_factors)
    if not options.allow_padding and not _full_tiles(rw, op, tiles, options.mnk_order):
        return _fail(rw, op, "expect packing full tiles only")
    ip = rw.save()
    rw.set_insertion_point_after(op)
    packed = pack_matmul_greedily(rw, op, tiles, options.padded_multiples, options.mnk_order)
    if packed is None:
        rw.restore(ip)
        return None
    cd = _contraction_dims(packed.packed_op)
    maps = indexing_maps(packed.packed_op)
    lhs = _transpose_packed(rw, packed.packed_op, packed.pack_ops[0], maps[0], cd[1],
                            options.lhs_outer, options.lhs_inner)
    if lhs is None:
        rw.restore(ip)
        return None
    packed.pack_ops[0], packed.packed_op = lhs[0], lhs[1]
    rhs = _transpose_packed(rw, packed.packed_op, packed.pack_ops[1], maps[1], cd[3],
                            options.rhs_outer, options.rhs_inner)
    rw.restore(ip)
    if rhs is None:
        return None
    packed.pack_ops[1], packed.packed_op = rhs[0], rhs[1]
    return packed


def _matmul_maps():
    i, j, k = dim(0), dim(1), dim(2)
    return [[AffineMap.get(3, 0, r) for r in rs] for rs in
            ([[i, k], [k, j], [i, j]], [[k, i], [k, j], [i, j]], [[i, k], [j, k], [i, j]])]


class BlockPackMatmul(RewritePattern):
    def __init__(self, root, control):
        super().__init__(root)
        self.control = control

    def match_and_rewrite(self, op, rw):
        if op.name == "linalg.generic":
            if not is_contraction(op):
                return rw.notify_match_failure(op, "not a contraction")
            if list(indexing_maps(op)) not in _matmul_maps():
                return rw.notify_match_failure(op, "not a suitable matmul")
        return block_pack_matmul(rw, op, self.control) is not None


def block_pack_matmul_patterns(control):
    """populateBlockPackMatmulPatterns."""
    return [BlockPackMatmul(r, control) for r in ("linalg.generic",) + MATMUL_OPS]


@register_pass("linalg-block-pack-matmul", "Convert linalg matmul ops to block layout and back",
               options=[
                   PassOption("block-factors", list, [], "Block factors (mb, nb, kb) for relayout",
                              value_desc="long", elem=int),
                   PassOption("allow-padding", bool, True, "Allow packing padding"),
                   PassOption("mnk-padded-multiples", list, [],
                              "Next multiples of the packing sizes", value_desc="long", elem=int),
                   PassOption("mnk-order", list, [],
                              "Permutation of matmul (M, N, K) dimensions order",
                              value_desc="long", elem=int),
                   PassOption("lhs-transpose-outer-blocks", bool, False,
                              "Transpose LHS outer block layout [MB][KB] -> [KB][MB]"),
                   PassOption("lhs-transpose-inner-blocks", bool, False,
                              "Transpose LHS inner block layout [mb][kb] -> [kb][mb]"),
                   PassOption("rhs-transpose-outer-blocks", bool, True,
                              "Transpose RHS outer block layout [KB][NB] -> [NB][KB]"),
                   PassOption("rhs-transpose-inner-blocks", bool, True,
                              "Transpose RHS inner block layout [kb][nb] -> [nb][kb]"),
               ], display_name="LinalgBlockPackMatmul")
def linalg_block_pack_matmul(op, ctx, options):
    order = options["mnk-order"] or [0, 1, 2]
    opts = BlockPackOptions(options["block-factors"], options["allow-padding"],
                            options["mnk-padded-multiples"], order,
                            options["lhs-transpose-outer-blocks"],
                            options["lhs-transpose-inner-blocks"],
                            options["rhs-transpose-outer-blocks"],
                            options["rhs-transpose-inner-blocks"])
    if not apply_patterns_greedily(op, block_pack_matmul_patterns(lambda _op: opts), ctx,
                                   default_greedy_config()):
        raise pass_failure(op.loc)
