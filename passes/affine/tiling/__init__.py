"""Affine loop tiling: `affine-loop-tile` (constant tile sizes, given or derived from a cache
size; optionally separating full tiles from partial ones) and `test-affine-parametric-tile`
(tile sizes taken from the enclosing function's leading index arguments)."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.printer import PrintFlags, op_for_diagnostic, print_op
from passes.affine.tiling.loops import constant_trip_count, tileable_bands
from passes.affine.tiling.tile import (tile_perfectly_nested,
                                                  tile_perfectly_nested_parametric)

DEFAULT_TILE_SIZE = 4


def emit(ctx, severity, op, message):
    """A diagnostic on `op` that does not fail the pass (with mlir-opt's note showing the op,
    unless diagnostics are being verified)."""
    engine = getattr(ctx, "diag_engine", None)
    diag = Diagnostic(severity, op.loc, message)
    if engine is not None and engine.collector is None:
        if severity == "error":
            text = op_for_diagnostic(op)
        else:  # (MLIR prints the generic form for errors only)
            text = print_op(op, PrintFlags(local_scope=True, elide_limit=16))
            text = "\n" + text if "\n" in text else text
        diag.attach_note("see current operation: " + text, op.loc)
    if engine is None:
        if severity == "error":
            raise MLIRError(diag)
        return
    engine.emit(diag)


def _adjust_to_trip_count_divisors(band, sizes):
    """Shrink each size to a divisor of its loop's constant trip count (no partial tiles)."""
    for i, o in enumerate(band):
        n = constant_trip_count(o)
        if n is None:
            continue
        if n > 1 and sizes[i] > n // 2:
            sizes[i] = n // 2
        while sizes[i] and n % sizes[i] != 0:
            sizes[i] -= 1


def _tile_sizes(band, options):
    if options["tile-size"]:
        return [options["tile-size"]] * len(band)
    given = [int(x) for x in options["tile-sizes"]]
    if given:
        return (given + [DEFAULT_TILE_SIZE] * len(band))[:len(band)]
    from passes.affine.tiling.footprint import memory_footprint_bytes
    fp = memory_footprint_bytes(band[0])
    if fp is None:
        sizes = [DEFAULT_TILE_SIZE] * len(band)
        _adjust_to_trip_count_divisors(band, sizes)
        return sizes
    cache = options["cache-size"] * 1024
    excess = -(-fp // cache)
    if excess <= 1:
        return [1] * len(band)
    t = _int_root(excess, len(band))
    sizes, product = [], 1
    for i in range(len(band)):
        s = t if i < len(band) - 1 else max(1, excess // product)
        sizes.append(s)
        product *= s
    _adjust_to_trip_count_divisors(band, sizes)
    return sizes


def _int_root(n, k):
    """floor(n ** (1/k)) as upstream computes it in long double."""
    r = int(n ** (1.0 / k))
    while (r + 1) ** k <= n:
        r += 1
    while r > 0 and r ** k > n:
        r -= 1
    return r


@register_pass("affine-loop-tile", "Tile affine loop nests", anchor="func.func",
               display_name="LoopTiling",
               options=[PassOption("cache-size", int, 512,
                                   "Set size of cache to tile for in KiB (default: 512)"),
                        PassOption("separate", bool, False,
                                   "Separate full and partial tiles (default: false)"),
                        PassOption("tile-size", int, 0, "Use this tile size for all loops"),
                        PassOption("tile-sizes", list, [],
                                   "List of tile sizes for each perfect nest (overridden by "
                                   "-tile-size)")])
def affine_loop_tile(op, ctx, options):
    from passes.affine.tiling.validity import tiling_valid
    for band in tileable_bands(op):
        if not tiling_valid(band):
            emit(ctx, "remark", band[0], "tiling nest is invalid due to dependences")
            continue
        nest = tile_perfectly_nested(ctx, band, _tile_sizes(band, options))
        if nest is not None and options["separate"]:
            from passes.affine.tiling.separate import separate_full_tiles
            separate_full_tiles(ctx, nest[len(band):])


@register_pass("test-affine-parametric-tile", "Tile affine loops using SSA values as tile sizes",
               anchor="func.func", display_name="TestAffineLoopParametricTiling")
def test_affine_parametric_tile(op, ctx, options):
    for band in tileable_bands(op):
        top = band[0]
        parent = top.parent_op
        args = parent.regions[0].blocks[0].args
        if parent.name == "func.func" and len(args) < len(band):
            emit(ctx, "error", top, "too few tile sizes provided in the argument list of "
                 "the function which contains the current band")
            return
        params = list(top.parent.parent.blocks[0].args[:len(band)])
        if any(str(p.type) != "index" for p in params):
            emit(ctx, "error", top, "expected tiling parameters to be of index type")
            return
        tile_perfectly_nested_parametric(ctx, band, params)
