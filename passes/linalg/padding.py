"""Padding a linalg op's operands to static shapes (MLIR 19 Linalg/Transforms/Padding.cpp,
rewriteAsPaddedOp, what transform.structured.pad runs): each operand indexed by a padded loop
is padded high to the constant upper bound of its sizes (rounded up to a multiple), the op is
recomputed on the padded operands and its results sliced back to the original sizes, then
optionally copied back into the original destinations."""
from __future__ import annotations

from pyopt.ir.affine import constant, dim
from pyopt.ir.attributes import UNIT
from pyopt.ir.types import DYNAMIC, RankedTensorType
from pyopt.interfaces import model
from pyopt.interfaces.destination_style import clone_with, dps_inits, init_indices
from pyopt.interfaces.shaped import REIFY_RANKED_SHAPED_TYPE
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.structured import indexing_maps, is_linalg_op
from pyopt.dialects.shaped_models import mixed_size
from pyopt.dialects.tensor.pad_canonicalize import create_pad_with_value
from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
from pyopt.dialects.tensor.tiling_model import _constant_upper_bound


def dim_upper_bound(v, d):
    """A constant closed upper bound of dim `d` of tensor `v` (a static size, or the bound of
    the size that made it: a slice's size, an empty tensor's or a destination-style result's
    init), or None."""
    s = v.type.shape[d]
    if s != DYNAMIC:
        return s
    op = v.defining_op() if hasattr(v, "defining_op") else None
    if op is None:
        return None
    if op.name == "tensor.extract_slice":
        from pyopt.dialects.tensor.canonicalize import mixed
        sizes = [x for x in mixed(op, "sizes", "static_sizes")]
        if len(sizes) == len(v.type.shape):
            return _constant_upper_bound(sizes[d])
        return None
    if op.name == "tensor.empty":
        k = sum(1 for x in v.type.shape[:d] if x == DYNAMIC)
        return _constant_upper_bound(op.operands[k])
    if is_linalg_op(op):
        return dim_upper_bound(op.operand(init_indices(op)[v.index]), d)
    return None


def _padded_shape(op, i, padding_dims, multiples):
    """computePaddedShape: (padded shape, already of the requested shape), or None."""
    m = indexing_maps(op)[i]
    shape = list(op.operand(i).type.shape)
    multiple_of = {}
    already = True
    for k, pd in enumerate(padding_dims):
        for r, e in enumerate(m.results):
            if e.is_function_of_dim(pd):
                multiple_of[r] = multiples[k] if multiples is not None else 1
                if shape[r] == DYNAMIC or shape[r] % multiple_of[r] != 0:
                    already = False
    padded = list(shape)
    for r in range(len(shape)):
        if r not in multiple_of:
            continue
        ub = dim_upper_bound(op.operand(i), r)
        if ub is None:
            return None
        mul = multiple_of[r]
        padded[r] = ((ub + mul - 1) // mul) * mul
    return padded, already


def pad_high(b, loc, t, source, pad_value, nofold):
    """tensor::createPadHighOp."""
    high = [0] * len(t.shape)
    for i, s in enumerate(t.shape):
        if s == DYNAMIC:
            continue
        size = mixed_size(b, source, i, loc)
        high[i] = composed_folded_apply(b, constant(s) - dim(0), [size], loc)
    return create_pad_with_value(b, t, source, [0] * len(t.shape), high, pad_value,
                                 nofold=UNIT if nofold else None, loc=loc)


def _composed_pad_high(b, loc, t, source, pad_value, nofold):
    """makeComposedPadHighOp: when `source` slices the result of linalg ops computed on a
    pad with the same sizes and padding value, that pad's result is reused."""
    from pyopt.rewrite.matchers import constant_attr, constant_int
    from pyopt.dialects.tensor.canonicalize import mixed
    from pyopt.dialects.tensor.pad_canonicalize import constant_padding_value

    def new():
        return pad_high(b, loc, t, source, pad_value, nofold).results[0]
    sl = source.defining_op() if hasattr(source, "defining_op") else None
    if sl is None or sl.name != "tensor.extract_slice":
        return new()
    cur = sl.source
    while True:
        d = cur.defining_op() if hasattr(cur, "defining_op") else None
        if d is None or not is_linalg_op(d):
            break
        cur = d.operand(init_indices(d)[cur.index])
    pad = cur.defining_op() if hasattr(cur, "defining_op") else None
    if pad is None or pad.name != "tensor.pad" or sl.source.type is not t:
        return new()
    if any(constant_int(x) != 0 for x in mixed(pad, "low", "static_low")):
        return new()
    inner = pad.source.defining_op() if hasattr(pad.source, "defining_op") else None
    if inner is None or inner.name != "tensor.extract_slice":
        return new()
    a, c = mixed(sl, "sizes", "static_sizes"), mixed(inner, "sizes", "static_sizes")
    if len(a) != len(c) or any(not (x is y or (constant_int(x) is not None and
                                               constant_int(x) == constant_int(y)))
                               for x, y in zip(a, c)):
        return new()
    pv = constant_padding_value(pad)
    if pv is None or constant_attr(pv) is None or constant_attr(pv) != constant_attr(pad_value):
        return new()
    return sl.source


def rewrite_as_padded_op(b, op, padding_dims, multiples, padding_values, pack_paddings,
                         copy_back="bufferization.materialize_in_destination"):
    """(padded op, replacement values, new pads), or None."""
    from passes.linalg.vectorization import zero_attr
    loc = op.loc
    if not padding_values:
        types = [v.type for v in op.operands] + [r.type for r in op.results]
        padding_values = [zero_attr(getattr(t, "element_type", t)) for t in types]
    if any(not isinstance(v.type, RankedTensorType) for v in op.operands
           if hasattr(v.type, "shape")):
        return None
    b.set_insertion_point_after(op)
    new_operands, pads = [], []
    for i, v in enumerate(op.operands):
        if not isinstance(v.type, RankedTensorType):
            new_operands.append(v)
            continue
        r = _padded_shape(op, i, padding_dims, multiples)
        if r is None:
            return None
        shape, already = r
        nofold = bool(pack_paddings[i]) if i < len(pack_paddings) else False
        if not nofold and already:
            new_operands.append(v)
            continue
        if i >= len(padding_values):
            return None
        attr = padding_values[i]
        pv = b.create("arith.constant", [], [attr.type], properties={"value": attr},
                      loc=loc).results[0]
        t = RankedTensorType(shape, v.type.element_type)
        padded = _composed_pad_high(b, loc, t, v, pv, nofold)
        new_operands.append(padded)
        d = padded.defining_op()
        if d is not None and d.name == "tensor.pad":
            pads.append(d)
    import pyopt.dialects.linalg.shapes  # noqa: F401 (reify models)
    shapes = model(op, REIFY_RANKED_SHAPED_TYPE).reify(op, b)
    inits = init_indices(op)
    padded_op = clone_with(b, op, [new_operands[i].type for i in inits], new_operands)
    sliced = []
    for k, r in enumerate(padded_op.results):
        rank = len(r.type.shape)
        sizes = shapes[k]
        rt = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in sizes],
                              r.type.element_type)
        sliced.append(create_extract_slice(b, rt, r, [0] * rank, sizes, [1] * rank, loc))
    if copy_back == "none":
        return padded_op, sliced, pads
    out = []
    for v, init in zip(sliced, dps_inits(op)):
        if copy_back == "linalg.copy":
            out.append(create_named(b, "linalg.copy", [v], [init], loc=loc).results[0])
        else:
            out.append(b.create("bufferization.materialize_in_destination", [v, init],
                                [init.type], loc=loc).results[0])
    return padded_op, out, pads
