"""tensor.from_elements / generate / pad rewritten in destination-passing style (MLIR 19
linalg::rewriteInDestinationPassingStyle, ConvertToDestinationStyle.cpp): tensor.insert chains
into a tensor.empty, a linalg.generic over linalg.index, and a fill (or generic) of the padding
with the source inserted."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Block, BlockArgument, OpResult
from pyopt.ir.types import DYNAMIC, I64, INDEX
from pyopt.interfaces import model
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.rewrite.matchers import constant_attr, constant_int
from pyopt.dialects.affine.builders import value_of
from pyopt.dialects.linalg.builders import create_generic, create_named
from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.canonicalize import mixed
from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice


def _index(rw, v, loc):
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                     loc=loc).results[0]


def from_elements_in_dps(rw, op):
    loc, t = op.loc, op.results[0].type
    shape = list(t.shape)
    empty = rw.create("tensor.empty", [], [t], loc=loc).results[0]
    elements = list(op.operands)
    if not shape:
        new = rw.create("tensor.insert", [elements[0], empty], [t], loc=loc)
        rw.replace_op(op, list(new.results))
        return new
    consts = [_index(rw, i, loc) for i in range(max(shape))]
    it = iter(elements)
    indices = [consts[0]] * len(shape)

    def inserts(d, dest):
        if d == len(shape) - 1:
            for i in range(shape[-1]):
                indices[-1] = consts[i]
                dest = rw.create("tensor.insert", [next(it), dest] + list(indices), [t],
                                 loc=loc).results[0]
            return dest
        for i in range(shape[d]):
            indices[d] = consts[i]
            dest = inserts(d + 1, dest)
        return dest
    result = inserts(0, empty)
    rw.replace_op(op, [result])
    return result.defining_op()


def _generic_from_body(rw, loc, t, dest, region):
    """A linalg.generic writing `dest` whose body is `region`'s block with its index
    arguments replaced by linalg.index ops and its tensor.yield by linalg.yield."""
    rank = len(t.shape)
    g = create_generic(rw, [], [dest], [AffineMap.get_multi_dim_identity(rank)],
                       ["parallel"] * rank, [t], loc)
    body = Block([t.element_type], [loc])
    g.regions[0].append(body)
    rw.set_insertion_point_to_start(body)
    idx = [rw.create("linalg.index", [], [INDEX], properties={"dim": IntegerAttr(I64, i)},
                     loc=loc).results[0] for i in range(rank)]
    rw.merge_blocks(region.blocks[0], body, idx)
    y = body.last
    rw.replace_op_with_new_op(y, "linalg.yield", [y.value], [])
    return g


def generate_in_dps(rw, op):
    if len(op.regions[0].blocks) != 1:
        return None
    loc, t = op.loc, op.results[0].type
    empty = rw.create("tensor.empty", list(op.operands), [t], loc=loc).results[0]
    g = _generic_from_body(rw, loc, t, empty, op.regions[0])
    rw.replace_op(op, [g.results[0]])
    return g


def _padding_to_fill_or_generic(rw, loc, pad, dest):
    """movePaddingToFillOrGenericOp."""
    ip = rw.save()
    t = pad.results[0].type
    yielded = pad.regions[0].blocks[0].last.value
    c = constant_attr(yielded)
    if c is not None:
        from pyopt.rewrite.folding import materialize_constant
        value = materialize_constant(rw, rw.ctx, "arith", c, yielded.type,
                                     yielded.owner.loc).results[0]
        out = create_named(rw, "linalg.fill", [value], [dest], loc=loc)
    elif (isinstance(yielded, BlockArgument) and yielded.owner.parent_op is not pad) or \
            (isinstance(yielded, OpResult) and yielded.owner.parent_op is not pad):
        out = create_named(rw, "linalg.fill", [yielded], [dest], loc=loc)
    else:
        out = _generic_from_body(rw, loc, t, dest, pad.regions[0])
    rw.restore(ip)
    return out


def pad_in_dps(rw, op):
    if len(op.regions[0].blocks) != 1:
        return None
    loc, t = op.loc, op.results[0].type
    shape = model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, rw)[0]
    dyn = [value_of(rw, s, loc) for s, st in zip(shape, t.shape) if st == DYNAMIC]
    low = mixed(op, "low", "static_low")
    high = mixed(op, "high", "static_high")
    if op.get_attr("nofold") is not None and all(constant_int(x) == 0 for x in low + high):
        from pyopt.ir.opdef import segment_sizes
        alloc = rw.create("bufferization.alloc_tensor", dyn, [t],
                          properties={"operandSegmentSizes": segment_sizes([len(dyn), 0, 0])},
                          loc=loc).results[0]
        rw.set_insertion_point(op)
        copy = create_named(rw, "linalg.copy", [op.source], [alloc], loc=loc)
        rw.replace_op(op, list(copy.results))
        return copy
    empty = rw.create("tensor.empty", dyn, [t], loc=loc).results[0]
    fill = _padding_to_fill_or_generic(rw, loc, op, empty)
    rw.set_insertion_point_after(fill)
    sizes = mixed_sizes(rw, op.source, loc)
    ins = create_insert_slice(rw, "tensor.insert_slice", op.source, fill.results[0], low, sizes,
                              [1] * len(t.shape), loc)
    rw.replace_op(op, list(ins.results))
    return ins


REWRITES = {"tensor.from_elements": from_elements_in_dps, "tensor.generate": generate_in_dps,
            "tensor.pad": pad_in_dps}
