"""How a copy of a static shape spreads over GPU threads (MLIR 19 Linalg GPUHeuristics.cpp,
CopyMappingInfo): the widest vector each thread moves along the most minor dimension (the
desired alignment, the size of that dimension and 128-bit loads bound it), then the number
of threads per dimension maximizing their product within the total, halving the vector size
while the threads cannot all be used."""
from __future__ import annotations

from math import gcd

MAX_VECTOR_LOAD_BITS = 128


class CopyMapping:
    __slots__ = ("status", "vector_size", "num_threads", "tile_sizes")

    def __init__(self, total_threads, bit_alignment, sizes, element_bits,
                 favor_predication=False):
        self.status, self.vector_size, self.num_threads = "invalid", 0, []
        vector = gcd(gcd(bit_alignment // element_bits, sizes[-1]),
                     MAX_VECTOR_LOAD_BITS // element_bits)
        self.status = self._infer(total_threads, sizes, vector, favor_predication)
        self.tile_sizes = [-(-s // n) for s, n in zip(sizes, self.num_threads)] \
            if self.status != "invalid" else []

    def _infer(self, total, sizes, vector, favor_predication):
        if not favor_predication:
            v = vector
            while v >= 1:
                status = self._infer_with(total, sizes, v)
                if status in ("success", "invalid"):
                    return status
                v //= 2
        return self._infer_with(total, sizes, vector)

    def _infer_with(self, total, sizes, vector):
        scaled = list(sizes)
        scaled[-1] //= vector
        if scaled[-1] > total:
            return "invalid"
        threads = _maximize_threads(scaled, 0, total)
        used = 1
        for t in threads:
            used *= t
        if used == 0 or used > total:
            return "invalid"
        self.vector_size, self.num_threads = vector, threads
        return "success" if used == total else "requires_predication"


def _maximize_threads(sizes, i, limit):
    """Threads per dimension from i on: the most-minor dimension takes its whole size; each
    outer one the factor of its size maximizing the product within `limit`."""
    if i == len(sizes) - 1:
        return [sizes[i]]
    best, out = 0, []
    s = sizes[i]
    for factor in [f for f in range(1, s + 1) if s % f == 0] + [s]:
        nested = _maximize_threads(sizes, i + 1, limit // factor)
        local = factor
        for t in nested:
            local *= t
        if best < local <= limit:
            best, out = local, [factor] + nested
    return out
