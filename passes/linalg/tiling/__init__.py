"""Tiling and fusion drivers over TilingInterface (MLIR 19 SCF/Transforms/TileUsingInterface.cpp
and Linalg/Transforms/Tiling.cpp): `scf_tiling` (tile with an scf.for nest or one scf.forall
from tile sizes), `forall_tiling` (scf.forall from thread counts or tile sizes, as
transform.structured.tile_using_forall), `fusion` (producers fused into the tile loops through
tensor.extract_slice), `reduction_tiling` (reductions tiled into partial results)."""
