"""Unrolling of an elementwise op on vectors into one scalar op per element, shared by the
math conversions whose targets (outlined functions, libm calls) only take scalars.

The result starts as a zero splat; each element is computed by extracting the operands'
elements, applying the scalar op and inserting the result, in row-major order.
"""
from __future__ import annotations

from itertools import product

from pyopt.ir.attributes import DenseArrayAttr, DenseElementsAttr, FloatAttr
from pyopt.ir.types import I64, FloatType, VectorType


def zero_splat(vtype):
    et = vtype.element_type
    zero = FloatAttr.from_float(et, 0.0).bits if type(et) is FloatType else 0
    return DenseElementsAttr(vtype, [zero])


def unroll_vector_op(op, rw):
    """Rewrites `op` (one vector result) element by element; False when it is not on vectors.
    The scalar ops get no attributes, as upstream rebuilds them from operands and type only."""
    vtype = op.result_types[0] if len(op.results) == 1 else None
    if type(vtype) is not VectorType:
        return rw.notify_match_failure(op, "not a vector operation")
    loc = op.loc
    et = vtype.element_type
    result = rw.create("arith.constant", [], [vtype], properties={"value": zero_splat(vtype)},
                       loc=loc).results[0]
    for pos in product(*(range(d) for d in vtype.shape)):
        position = DenseArrayAttr(I64, pos)
        elems = [rw.create("vector.extract", [v], [v.type.element_type], loc=loc,
                           properties={"static_position": position}).results[0]
                 for v in op.operands]
        scalar = rw.create(op.name, elems, [et], loc=loc).results[0]
        result = rw.create("vector.insert", [scalar, result], [vtype], loc=loc,
                           properties={"static_position": position}).results[0]
    rw.replace_op(op, [result])
    return True
