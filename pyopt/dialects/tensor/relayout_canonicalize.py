"""Folders and canonicalization patterns of tensor.pack / tensor.unpack (MLIR 19
TensorOps.cpp), and FoldTensorCastProducerOp: the tensor dialect's pattern folding a
`tensor.cast` that only loses static information into any destination-style consumer (linalg
ops included). Attached by `attach(dialect)`."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, DenseArrayAttr, FloatAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, MemRefType, RankedTensorType
from pyopt.rewrite.matchers import constant_int, defining
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import (clone_with, dps_inits, init_indices,
                                                is_destination_style)
from pyopt.interfaces.loop_like import is_loop_like
from pyopt.dialects.tensor.relayout import outer_perm, require_padding_value, static_tiles


# ---------------------------------------------------------------------------- helpers
def preserves_static(a, b):
    """preservesStaticInformation(source=a, target=b): `b` keeps every static size of `a`."""
    if type(a) is not RankedTensorType:
        return True
    if type(b) is not RankedTensorType or len(a.shape) != len(b.shape):
        return False
    return all(x == DYNAMIC or x == y for x, y in zip(a.shape, b.shape))


def can_fold_cast_into_consumer(cast):
    """canFoldIntoConsumerOp: the cast source is ranked and at least as static."""
    return cast is not None and type(cast.source.type) is RankedTensorType and \
        preserves_static(cast.dest.type, cast.source.type)


def _mixed_tiles(op):
    dyn = iter(op.inner_tiles)
    return [next(dyn) if s == DYNAMIC else s for s in static_tiles(op)]


def _same_tiles(a, b):
    ta, tb = _mixed_tiles(a), _mixed_tiles(b)
    if len(ta) != len(tb):
        return False
    for x, y in zip(ta, tb):
        cx = x if isinstance(x, int) else constant_int(x)
        cy = y if isinstance(y, int) else constant_int(y)
        if cx is not None and cy is not None:
            if cx != cy:
                return False
        elif x is not y:
            return False
    return True


def _same_inner_outer(pack, unpack):
    if list(pack.inner_dims_pos.values) != list(unpack.inner_dims_pos.values):
        return False
    pa, ua = outer_perm(pack), outer_perm(unpack)
    if pa == ua:
        return True
    return pa == list(range(len(pa))) and ua == list(range(len(ua)))


def _invert(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _infer_static(op, unpacked, packed, packing):
    """inferStaticShape: untiled dimensions static on one side become static on both."""
    src, dst = list(op.source.type.shape), list(op.dest.type.shape)
    inner = set(op.inner_dims_pos.values)
    perm = outer_perm(op)
    inv = _invert(perm) if perm else None
    changed = False
    for i in range(unpacked):
        if i in inner:
            continue
        if packing:
            sp, dp = i, (inv[i] if inv else i)
        else:
            dp, sp = i, (inv[i] if inv else i)
        if (src[sp] == DYNAMIC) == (dst[dp] == DYNAMIC):
            continue
        size = src[sp] if src[sp] != DYNAMIC else dst[dp]
        src[sp] = dst[dp] = size
        changed = True
    return changed, src, dst


def _cast(rw, v, shape, loc):
    t = v.type
    if list(t.shape) == shape:
        return v
    return rw.create("tensor.cast", [v], [RankedTensorType(shape, t.element_type, t.encoding)],
                     loc=loc).results[0]


def _rebuild(rw, op, source, dest, padding=None):
    """The same pack/unpack on new source/dest values."""
    tiles = list(op.inner_tiles)
    if op.name == "tensor.pack":
        pad = [padding] if padding is not None else []
        operands = [source, dest] + pad + tiles
        props = dict(op.properties)
        props["operandSegmentSizes"] = segment_sizes([1, 1, len(pad), len(tiles)])
    else:
        operands = [source, dest] + tiles
        props = dict(op.properties)
    return rw.create(op.name, operands, [dest.type], properties=props,
                     attributes=dict(op.attributes), loc=op.loc)


# ---------------------------------------------------------------------------- patterns
def _static_shape_cast(rw, op, packing):
    unpacked = len((op.source if packing else op.dest).type.shape)
    changed, src, dst = _infer_static(op, unpacked, None, packing)
    if not changed:
        return False
    rw.set_insertion_point(op)
    source = _cast(rw, op.source, src, op.loc)
    dest = _cast(rw, op.dest, dst, op.loc)
    new = _rebuild(rw, op, source, dest, op.padding_value if packing else None)
    back = rw.create("tensor.cast", [new.results[0]], [op.results[0].type], loc=op.loc)
    rw.replace_op(op, list(back.results))
    return True


class CanonicalizePack(RewritePattern):
    root = "tensor.pack"

    def match_and_rewrite(self, op, rw):
        unpack = defining(op.source, "tensor.unpack")
        if unpack is not None:  # pack(unpack(x)) -> x
            if unpack.source.type is not op.dest.type or op.padding_value is not None or \
                    not _same_inner_outer(op, unpack) or not _same_tiles(op, unpack):
                return False
            rw.replace_op(op, [unpack.source])
            return True
        if op.padding_value is not None and self._padding_not_needed(op):
            def drop():
                props = op.properties
                tiles = list(op.inner_tiles)
                op.set_operands([op.source, op.dest] + tiles)
                props["operandSegmentSizes"] = segment_sizes([1, 1, 0, len(tiles)])
            rw.modify_op_in_place(op, drop)
            return True
        return _static_shape_cast(rw, op, True)

    @staticmethod
    def _padding_not_needed(op):
        src = op.source.type
        inner = list(op.inner_dims_pos.values)
        if any(src.shape[p] == DYNAMIC for p in inner) or DYNAMIC in static_tiles(op):
            return False
        return not require_padding_value(src.shape, inner, op.dest.type.shape, outer_perm(op),
                                         static_tiles(op))


class CanonicalizeUnpack(RewritePattern):
    root = "tensor.unpack"

    def match_and_rewrite(self, op, rw):
        pack = defining(op.source, "tensor.pack")
        if pack is not None:  # unpack(pack(x)) -> x
            if pack.dest.type is not op.source.type or pack.padding_value is not None or \
                    not _same_inner_outer(pack, op) or not _same_tiles(pack, op):
                return False
            rw.replace_op(op, [pack.source])
            return True
        d = op.dest.defining_op()
        if d is not None and is_destination_style(d):  # unpack into a DPS op's init
            init = dps_inits(d)[d.results.index(op.dest)]
            rw.modify_op_in_place(op, lambda: op.set_operand(1, init))
            return True
        return _static_shape_cast(rw, op, False)


def _fold_resized_splat(op, consts, cst=None):
    """reshapeConstantSource: a splat source becomes a splat of the result type."""
    src = consts[0]
    t = op.results[0].type
    if type(src) is DenseElementsAttr and src.is_splat and DYNAMIC not in t.shape:
        if cst is None or src.values[0] == _raw_scalar(cst):
            return DenseElementsAttr(t, list(src.values))
    return None


def _raw_scalar(a):
    """A scalar attribute as a DenseElementsAttr stores it (a float's bits)."""
    return a.bits if type(a) is FloatAttr else getattr(a, "value", a)


def _fold_pack(op, consts):
    pad = consts[2] if op.padding_value is not None and len(consts) > 2 else None
    if op.padding_value is not None and pad is None:
        return None
    return _fold_resized_splat(op, consts, pad)


def _fold_unpack(op, consts):
    return _fold_resized_splat(op, consts)


class FoldTensorCastProducerOp(RewritePattern):
    """A destination-style op using a tensor.cast that only loses static information uses
    the cast's source (its tied results take the more static type, cast back for users)."""

    def match_and_rewrite(self, op, rw):
        if op.name == "tensor.insert_slice" or is_loop_like(op):
            return False
        casts = [defining(v, "tensor.cast") for v in op.operands]
        if not any(can_fold_cast_into_consumer(c) for c in casts):
            return False
        inits = set(init_indices(op))
        operands, types, k = [], [r.type for r in op.results], 0
        for i, (v, c) in enumerate(zip(op.operands, casts)):
            operands.append(c.source if can_fold_cast_into_consumer(c) else v)
            if i in inits and type(operands[-1].type) is not MemRefType:
                types[k] = operands[-1].type
                k += 1
        rw.set_insertion_point(op)
        new = clone_with(rw, op, types, operands)
        out = []
        for old, nr in zip(op.results, new.results):
            out.append(nr if nr.type is old.type else
                       rw.create("tensor.cast", [nr], [old.type], loc=op.loc).results[0])
        rw.replace_op(op, out)
        return True


def attach(dialect):
    dialect.attach_rewrites(
        folds={"tensor.pack": _fold_pack, "tensor.unpack": _fold_unpack},
        patterns={"tensor.pack": [CanonicalizePack(), FoldTensorCastProducerOp("tensor.pack")],
                  "tensor.unpack": [CanonicalizeUnpack(),
                                    FoldTensorCastProducerOp("tensor.unpack")]})
