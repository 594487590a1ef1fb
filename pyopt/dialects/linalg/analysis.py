"""What a linalg op computes, read from its maps and payload (MLIR 19 LinalgInterfaces.cpp):
copy / fill / single elementwise op recognisers, the contraction body matcher and the
batch/m/n/k dimensions of a contraction."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import BaseMemRefType, RankedTensorType, UnrankedTensorType
from pyopt.rewrite.folding import is_memory_effect_free
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, init_indices
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types, payload


def is_scalar(v):
    return not isinstance(v.type, (BaseMemRefType, RankedTensorType, UnrankedTensorType))


def payload_uses(op, operand_index):
    """payloadUsesValueFromOperand."""
    args = payload(op).args
    return operand_index < len(args) and args[operand_index].first_use is not None


def _all_parallel(op):
    return all(t == "parallel" for t in iterator_types(op))


def _body_ops(op):
    return list(payload(op))


def is_copy(op):
    """isaCopyOpInterface."""
    if not _all_parallel(op) or len(dps_inputs(op)) != 1 or len(dps_inits(op)) != 1:
        return False
    maps = indexing_maps(op)
    if len(maps) != 2 or not maps[0].is_identity() or not maps[1].is_identity():
        return False
    return len(_body_ops(op)) == 1


def is_fill(op):
    """isaFillOpInterface: the filled value, or None."""
    ins, inits = dps_inputs(op), dps_inits(op)
    if not _all_parallel(op) or len(ins) != 1 or len(inits) != 1:
        return None
    if not payload_uses(op, 0) or payload_uses(op, init_indices(op)[0]):
        return None
    if not is_scalar(ins[0]):
        return None
    body = _body_ops(op)
    if len(body) != 1:
        return None
    y = body[0]
    if y.name != "linalg.yield" or len(y.operands) != 1 or y.values[0] is not payload(op).args[0]:
        return None
    return ins[0]


def _single_elementwise(op, arity):
    loops = iterator_types(op)
    if not _all_parallel(op) or len(loops) < 1:
        return False
    if len(dps_inputs(op)) != arity or len(dps_inits(op)) != 1 or \
            not all(m.is_identity() for m in indexing_maps(op)):
        return False
    if payload_uses(op, init_indices(op)[0]):
        return False
    body = _body_ops(op)
    if len(body) != 2:
        return False
    first, y = body
    if len(first.operands) != arity or len(first.results) != 1:
        return False
    return y.name == "linalg.yield" and len(y.operands) == 1 and \
        y.values[0] is first.results[0]


def is_elementwise_unary(op):
    return _single_elementwise(op, 1) and payload_uses(op, 0)


def is_elementwise_binary(op):
    return _single_elementwise(op, 2) and payload_uses(op, 0) and payload_uses(op, 1)


# ---------------------------------------------------------------------------- contractions
def _skip_unary(v):
    """getSourceSkipUnary: through single-operand ops without memory effects."""
    d = v.defining_op()
    while d is not None and len(d.operand_slots) == 1 and is_memory_effect_free(d):
        v = d.operands[0]
        d = v.defining_op()
    return v


CONTRACTION_PAIRS = {("arith.mulf", "arith.addf"), ("arith.muli", "arith.addi"),
                     ("complex.mul", "complex.add"), ("arith.andi", "arith.ori")}


def is_contraction_body(block, pairs=CONTRACTION_PAIRS):
    """isContractionBody: yield(add(arg2, mul(arg0, arg1))) up to unary casts and order."""
    last = block.last
    if last is None or last.opdef is None or not last.opdef.is_terminator:
        return False
    if len(block.args) != 3 or len(last.operands) != 1:
        return False
    red = _skip_unary(last.operands[0]).defining_op()
    if red is None or len(red.results) != 1 or len(red.operand_slots) != 2:
        return False
    lhs, rhs = _skip_unary(red.operands[0]), _skip_unary(red.operands[1])
    acc = block.args[2]
    if lhs is not acc and rhs is not acc:
        return False
    contributed = _skip_unary(rhs if isinstance(lhs, BlockArgument) else lhs)
    ew = contributed.defining_op()
    if ew is None or len(ew.results) != 1 or len(ew.operand_slots) != 2:
        return False
    if (ew.name, red.name) not in pairs:
        return False
    a, b = _skip_unary(ew.operands[0]), _skip_unary(ew.operands[1])
    x, y = block.args[0], block.args[1]
    return (a is x and b is y) or (a is y and b is x)


def _indexing_dims(m, iterators, kind):
    """findPermutationsIndexingOperand: dims of `kind` appearing alone as a result."""
    out = set()
    for e in m.results:
        if type(e) is AffineDimExpr and iterators[e.position] == kind and \
                sum(1 for r in m.results if r.is_function_of_dim(e.position)) == 1:
            out.add(e.position)
    return out


def contraction_dims(maps, iterators):
    """inferContractionDims: (batch, m, n, k) dimension lists."""
    a = _indexing_dims(maps[0], iterators, "parallel")
    b = _indexing_dims(maps[1], iterators, "parallel")
    c = _indexing_dims(maps[2], iterators, "parallel")
    ra = _indexing_dims(maps[0], iterators, "reduction")
    rb = _indexing_dims(maps[1], iterators, "reduction")
    return (sorted(a & b & c), sorted((a & c) - b), sorted((b & c) - a), sorted(ra & rb))


def is_contraction(op):
    """isaContractionOpInterface (the structural check)."""
    if len(dps_inputs(op)) != 2 or len(dps_inits(op)) != 1:
        return False
    if not any(t == "reduction" for t in iterator_types(op)):
        return False
    if any(not m.is_projected_permutation() for m in indexing_maps(op)):
        return False
    return is_contraction_body(payload(op))
