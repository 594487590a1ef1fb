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


def create_named(b, name, inputs, outputs, loc=None, attributes=None):
    """A named structured op (linalg.fill, linalg.matmul, ...) with its body built from the
    op table; tensor inits give the result types."""
    from pyopt.ir.core import Block
    from pyopt.ir.types import RankedTensorType
    from pyopt.dialects.linalg.named import fill_region
    from pyopt.dialects.linalg.structured import element_type_or_self
    operands = list(inputs) + list(outputs)
    props = {"operandSegmentSizes": segment_sizes([len(inputs), len(outputs)])}
    op = b.create(name, operands, [v.type for v in outputs if type(v.type) is RankedTensorType],
                  properties=props, attributes=attributes, regions=1, loc=loc)
    block = Block([element_type_or_self(v.type) for v in operands])
    op.regions[0].append(block)
    fill_region(op.opdef.extra["named_spec"], b.ctx, block,
                {**op.properties, **op.attributes})
    return op


def create_with_identity_region(b, name, source, init, attr_name, values, loc=None):
    """linalg.transpose / linalg.broadcast: `attr_name` = values, a body yielding the input."""
    from pyopt.ir.attributes import DenseArrayAttr
    from pyopt.ir.core import Block
    from pyopt.ir.types import I64, RankedTensorType
    from pyopt.rewrite.rewriter import Builder
    op = b.create(name, [source, init], [init.type] if type(init.type) is RankedTensorType
                  else [], properties={attr_name: DenseArrayAttr(I64, list(values))},
                  regions=1, loc=loc)
    block = Block([source.type.element_type, init.type.element_type])
    op.regions[0].append(block)
    inner = Builder(b.ctx)
    inner.set_insertion_point_to_end(block)
    inner.create("linalg.yield", [block.args[0]], [], loc=loc)
    return op
