"""CopyMapping (GPUHeuristics' CopyMappingInfo): threads per dimension and tile sizes, checked
against what mlir-opt-19's transform.structured.gpu.map_copy_to_threads tiles to."""
import pytest

from passes.linalg.gpu_copy_mapping import CopyMapping


@pytest.mark.parametrize("sizes, bits, total, align, status, threads, tiles", [
    ([16, 32], 16, 128, 128, "success", [16, 8], [1, 4]),
    ([8, 5, 64], 32, 64, 128, "success", [4, 1, 16], [2, 5, 4]),
    ([32, 4], 8, 32, 8, "success", [8, 4], [4, 1]),
    ([7, 48], 32, 64, 64, "requires_predication", [1, 24], [7, 2]),
    ([128], 32, 32, 128, "success", [32], [4]),
])
def test_mapping_matches_mlir_opt(sizes, bits, total, align, status, threads, tiles):
    m = CopyMapping(total, align, sizes, bits)
    assert (m.status, m.num_threads, m.tile_sizes) == (status, threads, tiles)


def test_too_few_threads_for_the_minor_dimension():
    # 1024 f16 with 128-bit vectors needs 128 threads on the minor dimension
    assert CopyMapping(32, 128, [1024], 16).status == "invalid"
    # 8-bit alignment forces 1-element vectors: 512 threads needed
    assert CopyMapping(32, 8, [512], 8).status == "invalid"
