"""Building linalg ops from passes: linalg.generic from maps and iterators (GenericOp::build)."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, ArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.dialects.linalg.attrs import IteratorTypeAttr


def create_generic(b, inputs, outputs, maps, iterators, result_types=(), loc=None,
                   attributes=None):
    """A linalg.generic with an empty region (the caller fills or inlines its body)."""
    props = {"indexing_maps": ArrayAttr([AffineMapAttr(m) for m in maps]),
             "iterator_types": ArrayAttr([IteratorTypeAttr.get(t) for t in iterators]),
             "operandSegmentSizes": segment_sizes([len(inputs), len(outputs)])}
    return b.create("linalg.generic", list(inputs) + list(outputs), list(result_types),
                    properties=props, attributes=attributes, regions=1, loc=loc)
