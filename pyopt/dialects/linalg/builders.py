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


def add_entry_block(rw, g):
    """The generic's body block as GenericOp's builder makes it: one argument per operand,
    of its element type, at the operand's location."""
    from pyopt.ir.core import Block, value_loc
    from pyopt.dialects.linalg.structured import element_type_or_self
    types = [element_type_or_self(v.type) for v in g.operands]
    block = Block(types, [value_loc(v) for v in g.operands])
    g.regions[0].append(block)
    if rw.listener is not None:
        rw.listener.notify_block_inserted(block, None)
    return block


def create_generic_with_body(b, inputs, outputs, maps, iterators, loc, body):
    """A linalg.generic on tensor outputs whose payload is `body(block_args)` -> the value it
    yields (built at the end of the new block; the insertion point is kept)."""
    g = create_generic(b, inputs, outputs, maps, iterators, [v.type for v in outputs], loc)
    block = add_entry_block(b, g)
    ip = b.save()
    b.set_insertion_point_to_end(block)
    b.create("linalg.yield", [body(list(block.args))], [], loc=loc)
    b.restore(ip)
    return g


def create_transpose_generic(b, source, init, perm, loc):
    """makeTransposeOp: a linalg.generic copying `source` into `init` (tensor) whose dim i is
    source dim perm[i]."""
    from pyopt.ir.affine import AffineMap, dim
    from pyopt.dialects.linalg.structured import inverse_permutation
    n = len(perm)
    maps = [inverse_permutation(AffineMap(n, 0, [dim(i) for i in perm])),
            AffineMap.get_multi_dim_identity(n)]
    return create_generic_with_body(b, [source], [init], maps, ["parallel"] * n, loc,
                                    lambda args: args[0])


def create_named(b, name, inputs, outputs, loc=None, attributes=None):
    """A named structured op (linalg.fill, linalg.matmul, ...) with its body built from the
    op table; tensor inits give the result types."""
    from pyopt.ir.core import Block
    from pyopt.ir.types import RankedTensorType
    from pyopt.dialects.linalg.named import fill_region
    from pyopt.dialects.linalg.structured import element_type_or_self
    operands = list(inputs) + list(outputs)
    props = {"operandSegmentSizes": segment_sizes([len(inputs), len(outputs)])}
    if attributes:  # (the op's own attributes, e.g. strides, are properties)
        declared = b.ctx.lookup_op(name).attr_names
        props.update({k: v for k, v in attributes.items() if k in declared})
        attributes = {k: v for k, v in attributes.items() if k not in declared}
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
