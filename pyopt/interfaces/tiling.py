"""TilingInterface and PartialReductionOpInterface: what the tiling and fusion drivers ask an
op (MLIR 19 TilingInterface.td), with no op names.

Offsets and sizes are "int or index Value" lists (MLIR's OpFoldResult). A TilingInterface
model has:

- `iterator_types(op)`: "parallel" / "reduction" per loop;
- `iteration_domain(op, b)`: a `Range` per loop (ops built at `b`'s insertion point);
- `tiled_implementation(op, b, offsets, sizes)`: a `TilingResult` computing the tile of the
  iteration space, or None;
- `result_tile_position(op, b, i, offsets, sizes)`: (offsets, sizes) of result `i`'s tile;
- `generate_result_tile_value(op, b, i, offsets, sizes)`: a `TilingResult` whose single value
  is the given tile of result `i`, or None (what producer fusion asks);
- optionally `tiled_implementation_from_operand_tile(op, b, i, offsets, sizes)` and
  `iteration_domain_tile_from_operand_tile` (consumer fusion).

A PartialReductionOpInterface model (reductions tiled into partial results) has
`initial_tensors(op, b, loc, sizes, reduction_dims)`, `tile_to_partial_reduction(op, b, loc,
inits, offsets, sizes, reduction_dims)` and `merge_reductions(op, b, loc, partials,
reduction_dims)` -> (merge ops, replacement values).

Models: linalg structured ops in pyopt/dialects/linalg/tiling_model.py (attached when a
client imports it, as the tiling drivers in passes/tiling/ do)."""
from __future__ import annotations

from pyopt.interfaces import model

TILING = "TilingInterface"
PARTIAL_REDUCTION = "PartialReductionOpInterface"


class Range:
    """A loop's range: offset, size and stride (each an int or an index Value)."""
    __slots__ = ("offset", "size", "stride")

    def __init__(self, offset, size, stride=1):
        self.offset, self.size, self.stride = offset, size, stride

    def __repr__(self):
        return f"Range({self.offset}, {self.size}, {self.stride})"


class TilingResult:
    """The ops a tiling made and the values standing for the tiled results."""
    __slots__ = ("tiled_ops", "tiled_values")

    def __init__(self, tiled_ops, tiled_values):
        self.tiled_ops, self.tiled_values = list(tiled_ops), list(tiled_values)


def tiling_model(op):
    """The op's TilingInterface model, or None."""
    return model(op, TILING)


def partial_reduction_model(op):
    """The op's PartialReductionOpInterface model, or None."""
    return model(op, PARTIAL_REDUCTION)


class TilingFailure(Exception):
    """A tiling that did not apply. `emitted`: the message is an error the op reports
    (emitOpError, already prefixed with the op name) rather than a quiet match failure."""

    def __init__(self, op, message, emitted=True):
        super().__init__(message)
        self.op, self.message, self.emitted = op, message, emitted


def op_failure(op, message):
    """emitOpError's text: `'name' op message`."""
    return TilingFailure(op, f"'{op.name}' op {message}")
