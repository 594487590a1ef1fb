"""Vectorizing a tensor.extract inside a linalg op's body (MLIR 19 Vectorization.cpp:
vectorizeTensorExtract): by the indices' dependence on the loops it becomes a broadcast read
of one element (loop-invariant indices), a contiguous vector.transfer_read (the trailing index
steps with the trailing loop), or a vector.gather with linearized offsets."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant
from pyopt.ir.attributes import DenseElementsAttr, IntegerAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import DYNAMIC, I1, I32, INDEX, IndexType, VectorType
from pyopt.dialects.linalg.structured import payload, static_loop_ranges, static_shape

SCALAR_BROADCAST, CONTIGUOUS, GATHER = range(3)


def precondition(op, nd_extract):
    """tensorExtractVectorizationPrecondition."""
    from passes.linalg.vectorization import _valid_element
    idx = list(op.operands[1:])
    if len(idx) != 1 and not nd_extract:
        return False
    if idx and not _valid_element(idx[0].type):
        return False
    return all(_valid_element(r.type) for r in op.results)


def _ancestor_in(block, op):
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op


def _loop_invariant(linalg, v):
    block = payload(linalg)
    if isinstance(v, BlockArgument):
        return v.owner is not block
    d = v.defining_op()
    last = len(static_loop_ranges(linalg)) - 1
    if d.name == "linalg.index":
        return d.properties["dim"].value != last
    anc = _ancestor_in(block, d)
    if anc is None or anc.name == "arith.constant":
        return True
    return all(_loop_invariant(linalg, x) for x in anc.operands)


def _contiguous(linalg, v, found):
    block = payload(linalg)
    if isinstance(v, BlockArgument):
        return v.owner is not block
    d = v.defining_op()
    last = len(static_loop_ranges(linalg)) - 1
    if d.name == "linalg.index":
        found[0] = d.properties["dim"].value == last
        return True
    anc = _ancestor_in(block, d)
    if anc is None or anc.name not in ("arith.addi", "arith.constant", "linalg.index"):
        return False
    result = False
    for x in anc.operands:
        result |= _contiguous(linalg, x, found)
    return result


def access_pattern(extract, linalg):
    """getTensorExtractMemoryAccessPattern."""
    target = static_loop_ranges(linalg)
    shape = list(extract.tensor.type.shape)
    if not shape:
        return SCALAR_BROADCAST
    if DYNAMIC in static_shape(linalg):
        return GATHER
    if sum(1 for s in target if s > 1) != 1 or target[-1] == 1:
        return GATHER
    if shape[-1] == 1:
        return GATHER
    indices = list(extract.operands[1:])
    lead_invariant = all(shape[i] == 1 or _loop_invariant(linalg, v)
                         for i, v in enumerate(indices[:-1]))
    if not lead_invariant:
        return GATHER
    if _loop_invariant(linalg, indices[-1]):
        return SCALAR_BROADCAST
    found = [False]
    if _contiguous(linalg, indices[-1], found) and found[0]:
        return CONTIGUOUS
    return GATHER


def _gather_offset(g, extract):
    """calculateGatherOffset: the indices linearized over the tensor's dims, as vectors."""
    from passes.linalg.vectorization import _const_index, broadcast_if_needed
    b, st, loc = g.b, g.state, extract.loc
    itype = st.vec_type(INDEX)
    idx = list(extract.operands[1:])
    off = broadcast_if_needed(b, g.lookup(idx[0]), itype, g.op.loc)
    for i in range(1, len(idx)):
        c = _const_index(b, i, loc)
        d = b.create("tensor.dim", [extract.tensor, c], [INDEX], loc=loc).results[0]
        size = broadcast_if_needed(b, d, itype, g.op.loc)
        off = b.create("arith.muli", [off, size], [off.type], loc=loc).results[0]
        x = broadcast_if_needed(b, g.lookup(idx[i]), itype, g.op.loc)
        off = b.create("arith.addi", [x, off], [off.type], loc=loc).results[0]
    return off


def vectorize_extract(g, extract):
    """The op standing for the vectorized `extract` (before masking)."""
    from passes.linalg.vectorization import _const_index, bool_array, zero_attr
    from pyopt.ir.attributes import AffineMapAttr
    from pyopt.ir.opdef import segment_sizes
    b, st, loc = g.b, g.state, extract.loc
    et = extract.results[0].type
    rtype = st.vec_type(et)
    mask_t = st.vec_type(I1)
    mask = b.create("arith.constant", [], [mask_t],
                    properties={"value": DenseElementsAttr(mask_t, [1])}, loc=loc).results[0]
    pass_thru = b.create("arith.constant", [], [rtype],
                         properties={"value": DenseElementsAttr(rtype, [0])}, loc=loc).results[0]
    src = extract.tensor
    n = len(extract.operands) - 1
    zero = _const_index(b, 0, loc)
    kind = access_pattern(extract, g.op)
    if kind == GATHER:
        off = _gather_offset(g, extract)
        gather = b.create("vector.gather", [src] + [zero] * n + [off, mask, pass_thru], [rtype],
                          loc=loc)
        return st.mask(gather)
    idxs = []
    trailing = rtype.shape[-1]
    c0 = None
    for v in extract.operands[1:]:
        x = g.lookup(v)
        if isinstance(x.type, IndexType):
            idxs.append(x)
            continue
        if c0 is None:
            c0 = b.create("arith.constant", [], [I32], properties={"value": IntegerAttr(I32, 0)},
                          loc=loc).results[0]
        flat = b.create("vector.shape_cast", [x], [VectorType([trailing], INDEX, None)],
                        loc=loc).results[0]
        idxs.append(b.create("vector.extractelement", [flat, c0], [INDEX], loc=loc).results[0])
    dst_rank, src_rank = len(rtype.shape), len(src.type.shape)
    if kind == SCALAR_BROADCAST:
        perm = AffineMap(src_rank, 0, [constant(0)] * dst_rank)
    else:
        k = min(dst_rank, src_rank)
        perm = AffineMap.get_minor_identity(src_rank, k)
        perm = AffineMap(src_rank, 0, [constant(0)] * (dst_rank - src_rank) + list(perm.results))
    pad = b.create("arith.constant", [], [et], properties={"value": zero_attr(et)},
                   loc=loc).results[0]
    props = {"permutation_map": AffineMapAttr(perm), "in_bounds": bool_array([True] * dst_rank),
             "operandSegmentSizes": segment_sizes([1, len(idxs), 1, 0])}
    return b.create("vector.transfer_read", [src] + idxs + [pad], [rtype], properties=props,
                    loc=loc)
