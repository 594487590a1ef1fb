"""linalg.softmax decomposed into structured ops (SoftmaxOp::decomposeOperation of MLIR 19):
along dimension d, m = max(x), z = exp(x - m), l = sum(z), result = z / l - two reductions
into a tensor.empty of the other dimensions (filled with the reduction's finite identity) and
two elementwise generics into the softmax's init."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.interfaces import attach
from pyopt.interfaces.aggregated import AGGREGATED
from pyopt.dialects.arith.neutral import identity_attr
from pyopt.dialects.linalg.aggregate_ops import SOFTMAX
from pyopt.dialects.linalg.builders import create_generic_with_body, create_named
from pyopt.dialects.tensor.empty_folding import create_empty
from pyopt.dialects.tensor.reshapes import mixed_sizes


def _maps(rank, d):
    """(identity, the map dropping dimension d)."""
    return (AffineMap.get_multi_dim_identity(rank),
            AffineMap(rank, 0, [dim(i) for i in range(rank) if i != d]))


def _iterators(rank, d, all_parallel):
    return ["parallel" if all_parallel or i != d else "reduction" for i in range(rank)]


def _binary(b, name, loc):
    def body(args):
        return b.create(name, [args[0], args[1]], [args[0].type], loc=loc).results[0]
    return body


def _reduce(b, name, x, init, d, loc):
    rank = len(x.type.shape)
    return create_generic_with_body(b, [x], [init], list(_maps(rank, d)),
                                    _iterators(rank, d, False), loc,
                                    _binary(b, name, loc)).results[0]


def _broadcasting(b, x, reduced, out, d, loc, body):
    ident, red = _maps(len(x.type.shape), d)
    return create_generic_with_body(b, [x, reduced], [out], [ident, red, ident],
                                    _iterators(len(x.type.shape), d, True), loc,
                                    body).results[0]


def _filled(b, kind, et, empty, loc):
    c = b.create("arith.constant", [], [et], properties={"value": identity_attr(kind, et, True)},
                 loc=loc).results[0]
    return create_named(b, "linalg.fill", [c], [empty], loc).results[0]


def decompose_softmax(op, b):
    from pyopt.ir.types import RankedTensorType
    if not isinstance(op.input.type, RankedTensorType) or \
            not isinstance(op.output.type, RankedTensorType):
        return None
    loc = op.loc
    b.set_insertion_point(op)
    x, out = op.input, op.output
    et = x.type.element_type
    d = op.properties["dimension"].value
    sizes = mixed_sizes(b, x, loc)
    del sizes[d]
    empty = create_empty(b, sizes, et, loc)
    m = _reduce(b, "arith.maxnumf", x, _filled(b, "maximumf", et, empty, loc), d, loc)

    def sub_exp(args):
        diff = b.create("arith.subf", [args[0], args[1]], [et], loc=loc).results[0]
        return b.create("math.exp", [diff], [et], loc=loc).results[0]
    z = _broadcasting(b, x, m, out, d, loc, sub_exp)
    s = _reduce(b, "arith.addf", z, _filled(b, "addf", et, empty, loc), d, loc)
    return [_broadcasting(b, z, s, out, d, loc, _binary(b, "arith.divf", loc))]


attach(SOFTMAX, AGGREGATED, decompose_softmax)
