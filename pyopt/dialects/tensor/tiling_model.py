"""TilingInterface of tensor.pad (MLIR 19 TensorTilingInterfaceImpl.cpp): one parallel loop
per result dimension over the reified result shape; a tile is the pad of the matching slice of
the source (tensor/pad_slice.py, bubbleUpPadSlice) and lands at the tile's own offsets.
Attached when this module is imported (the tiling drivers do)."""
from __future__ import annotations

from pyopt.interfaces import attach, model
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.interfaces.tiling import TILING, Range, TilingResult
from pyopt.dialects.tensor.pad_slice import bubble_up_pad_slice


class PadTiling:
    def iterator_types(self, op):
        return ["parallel"] * len(op.results[0].type.shape)

    def iteration_domain(self, op, b):
        import pyopt.dialects.shaped_models  # noqa: F401 (the pad's reify model)
        shapes = model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, b)[0]
        return [Range(0, s, 1) for s in shapes]

    def tiled_implementation(self, op, b, offsets, sizes):
        r = bubble_up_pad_slice(b, op, list(offsets), list(sizes))
        if r is None:
            return None
        ops, values = r
        return TilingResult(ops, values)

    def result_tile_position(self, op, b, index, offsets, sizes):
        return list(offsets), list(sizes)

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        return None  # (19's PadOp model leaves the interface's default: failure)


def _attach():
    from pyopt.dialects.tensor import TENSOR
    attach(TENSOR.ops["tensor.pad"], TILING, PadTiling())


_attach()
