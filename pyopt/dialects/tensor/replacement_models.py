"""FindPayloadReplacementOpInterface models of tensor ops (MLIR 19 TensorTransformOps.cpp):
a cast-like extract_slice or insert_slice, a reshape, expand_shape and collapse_shape stand for
their source when the transform dialect looks for the op replacing a tracked one. Attached
when imported."""
from __future__ import annotations

from pyopt.interfaces import attach
from pyopt.interfaces.payload_replacement import FIND_PAYLOAD_REPLACEMENT
from pyopt.dialects.tensor import TENSOR
from pyopt.dialects.tensor.slice_patterns import (is_cast_like_extract_slice,
                                                  is_cast_like_insert_slice)


class _Source:
    """The operand named `name` stands for the result (when `when(op)` holds)."""

    def __init__(self, name, when=None):
        self.name, self.when = name, when

    def next_operands(self, op):
        if self.when is not None and not self.when(op):
            return []
        return [getattr(op, self.name)]


attach(TENSOR.ops["tensor.extract_slice"], FIND_PAYLOAD_REPLACEMENT,
       _Source("source", is_cast_like_extract_slice))
attach(TENSOR.ops["tensor.insert_slice"], FIND_PAYLOAD_REPLACEMENT,
       _Source("source", is_cast_like_insert_slice))
attach(TENSOR.ops["tensor.reshape"], FIND_PAYLOAD_REPLACEMENT, _Source("source"))
attach([TENSOR.ops["tensor.expand_shape"], TENSOR.ops["tensor.collapse_shape"]],
       FIND_PAYLOAD_REPLACEMENT, _Source("src"))
