"""Interface models of the vector ops: memory effects (the loads, stores, gathers, scatters
and transfers; a transfer only on a memref) and RecursiveMemoryEffects of vector.mask and
warp_execute_on_lane_0, which have the effects of the ops they hold."""
from __future__ import annotations

from pyopt.ir.types import MemRefType
from pyopt.rewrite.folding import RECURSIVE_MEMORY_EFFECTS


def _on_memref(kind):
    """A transfer only touches memory when its source is a memref (tensors are values)."""
    return lambda op: {kind} if type(op.source.type) is MemRefType else set()


EFFECTS = {"vector.load": {"read"}, "vector.maskedload": {"read"}, "vector.gather": {"read"},
           "vector.expandload": {"read"}, "vector.store": {"write"},
           "vector.maskedstore": {"write"}, "vector.scatter": {"write"},
           "vector.compressstore": {"write"},
           "vector.transfer_read": _on_memref("read"),
           "vector.transfer_write": _on_memref("write"), "vector.print": {"write"}}
# vector.mask and warp_execute_on_lane_0 have the effects of the ops they hold.
RECURSIVE = ("vector.mask", "vector.warp_execute_on_lane_0")


def attach(dialect):
    for name, eff in EFFECTS.items():
        d = dialect.ops.get(name)
        if d is not None and "effects" not in d.extra:
            d.extra["effects"] = eff
    for name in RECURSIVE:
        d = dialect.ops.get(name)
        if d is not None:
            d.traits = d.traits | {RECURSIVE_MEMORY_EFFECTS}
