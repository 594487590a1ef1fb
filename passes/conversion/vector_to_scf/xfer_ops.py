"""Building transfer ops and the small IR pieces the VectorToSCF rewrites share (index
arithmetic through composed affine.apply ops, dims, in-bounds / mask checks)."""
from __future__ import annotations

from pyopt.dialects.affine.builders import map_of
from pyopt.dialects.affine.canonicalize import compose_map_and_operands
from pyopt.ir.affine import AffineDimExpr, AffineMap, dim as adim
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr, UNIT
from pyopt.ir.core import Block
from pyopt.ir.types import I1, I64, INDEX, RankedTensorType, VectorType
from pyopt.dialects.vector.builders import bool_array, transfer_read as read  # noqa: F401
from pyopt.dialects.vector.builders import transfer_write as write  # noqa: F401
from passes.conversion.vector_to_llvm.transfer import (create_or_fold_dim, index_const,
                                                       is_broadcast_dim, is_dim_in_bounds)

LABEL = "__vector_to_scf_lowering__"
_SGT = IntegerAttr(I64, 4)
_DYN_POS = -9223372036854775808  # ShapedType::kDynamic in a static position list


def is_tensor(t):
    return type(t.source.type) is RankedTensorType


def label(op):
    op.attributes[LABEL] = UNIT


def composed_apply(rw, loc, expr, operands):
    """makeComposedAffineApply (composed with producer applies, not folded)."""
    m, values = compose_map_and_operands(map_of(expr), list(operands))
    return rw.create("affine.apply", values, [INDEX], properties={"map": AffineMapAttr(m)},
                     loc=loc).results[0]


def add_iv(rw, loc, base, iv):
    return composed_apply(rw, loc, adim(0) + adim(1), [base, iv])


def unpacked_dim(t):
    e = t.perm_map.results[0]
    return e.position if type(e) is AffineDimExpr else None


def unpacked_perm_map(t):
    m = t.perm_map
    return AffineMap(m.num_dims, 0, list(m.results[1:]))


def xfer_indices(rw, t, iv):
    """The transfer's indices with iv added to the one of the unpacked dimension."""
    indices = t.indices
    d = unpacked_dim(t)
    if d is not None:
        indices[d] = add_iv(rw, t.op.loc, indices[d], iv)
    return indices


def drop_front(t):
    return VectorType(t.shape[1:], t.element_type, t.scalable_dims[1:])


def dropped_in_bounds(t):
    ib = t.op.get_attr("in_bounds")
    return ArrayAttr(list(ib)[1:]) if ib is not None else bool_array([False] * (
        len(t.vtype.shape) - 1))


def extract(rw, loc, v, positions):
    """vector.extract at static (int) / dynamic (Value) positions."""
    static, dyn = _mixed(positions)
    t = v.type
    n = len(positions)
    rt = VectorType(t.shape[n:], t.element_type, t.scalable_dims[n:]) if n < len(t.shape) \
        else t.element_type
    return rw.create("vector.extract", [v] + dyn, [rt], loc=loc,
                     properties={"static_position": DenseArrayAttr(I64, static)}).results[0]


def insert(rw, loc, v, dest, positions):
    static, dyn = _mixed(positions)
    return rw.create("vector.insert", [v, dest] + dyn, [dest.type], loc=loc,
                     properties={"static_position": DenseArrayAttr(I64, static)}).results[0]


def _mixed(positions):
    static, dyn = [], []
    for p in positions:
        if isinstance(p, int):
            static.append(p)
        else:
            static.append(_DYN_POS)
            dyn.append(p)
    return static, dyn


def mixed_position(op):
    """getMixedPosition of a vector.insert / vector.extract."""
    dyn = iter(op.dynamic_position)
    return [next(dyn) if p == _DYN_POS else p for p in op.properties["static_position"]]


def splat(rw, loc, value, t):
    return rw.create("vector.splat", [value], [t], loc=loc).results[0]


def build_block(rw, arg_types, loc, fn):
    """A detached block filled by fn(block) at its end (the builder's position restored)."""
    blk = Block(list(arg_types), [loc] * len(arg_types))
    ip = rw.save()
    rw.set_insertion_point_to_end(blk)
    fn(blk)
    rw.restore(ip)
    return blk


def yield_(rw, loc, values):
    rw.create("scf.yield", [v for v in values if v is not None], [], loc=loc)


def in_bounds_check(rw, t, iv, d, result_types, in_case, out_case=None):
    """generateInBoundsCheck: `in_case` under an scf.if on (dim > index + iv) and the mask
    bit of iv, when either is needed; `out_case` in the else branch."""
    loc = t.op.loc
    cond = None
    if not is_dim_in_bounds(t, 0) and d is not None:
        size = create_or_fold_dim(rw, loc, t.source, d)
        idx = add_iv(rw, loc, t.indices[d], iv)
        cond = rw.create("arith.cmpi", [size, idx], [I1], properties={"predicate": _SGT},
                         loc=loc).results[0]
    mask = t.mask
    if mask is not None and len(mask.type.shape) == 1 and not is_broadcast_dim(t.perm_map, 0):
        bit = rw.create("vector.extractelement", [mask, iv], [I1], loc=loc).results[0]
        cond = bit if cond is None else \
            rw.create("arith.andi", [cond, bit], [I1], loc=loc).results[0]
    if cond is None:
        return in_case()
    then = build_block(rw, [], loc, lambda b: yield_(rw, loc, [in_case()]))
    els = build_block(rw, [], loc, lambda b: yield_(
        rw, loc, [out_case() if out_case is not None else None]))
    op = with_blocks(rw.create("scf.if", [cond], list(result_types), regions=2, loc=loc),
                     [then, els])
    return op.results[0] if result_types else None


def for_loop(rw, loc, ub, init, body):
    """scf.for 0..ub step 1 (iter_args `init` when not None); body(iv, state) -> yielded."""
    lb = index_const(rw, loc, 0)
    ub = index_const(rw, loc, ub) if isinstance(ub, int) else ub
    step = index_const(rw, loc, 1)
    return for_loop_bounds(rw, loc, lb, ub, step, init, body)


def for_loop_bounds(rw, loc, lb, ub, step, init, body):
    state_types = [init.type] if init is not None else []

    def fill(blk):
        res = body(blk.args[0], list(blk.args[1:]))
        yield_(rw, loc, [res] if init is not None else [])
    blk = build_block(rw, [INDEX] + state_types, loc, fill)
    return with_blocks(rw.create("scf.for", [lb, ub, step] + ([init] if init is not None
                                                             else []),
                                 state_types, regions=1, loc=loc), [blk])


def with_blocks(op, blocks):
    """Attaches pre-built bodies after the op is inserted: as upstream's body builders, the
    nested ops are not announced to the rewrite driver (only later walks find them)."""
    for r, b in zip(op.regions, blocks):
        r.append(b)
    return op
