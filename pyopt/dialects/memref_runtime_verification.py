"""RuntimeVerifiableOpInterface models (pyopt/interfaces/runtime_verification.py) of the
memref ops (MLIR's MemRef/Transforms/RuntimeOpVerification.cpp): memref.load/store indices in
bounds, memref.cast sizes/offset/strides matching, subview and reinterpret_cast results inside
their base buffer, expand_shape groups dividing the source dims. Attached when this module
is imported (by generate-runtime-verification)."""
from __future__ import annotations

from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.memref import MEMREF
from pyopt.interfaces import attach
from pyopt.interfaces.runtime_verification import RUNTIME_VERIFIABLE, error_message
from pyopt.ir.affine import symbol
from pyopt.ir.attributes import IntegerAttr, StringAttr, StridedLayoutAttr
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.ir.types import DYNAMIC, I1, I64, INDEX, MemRefType
from pyopt.rewrite.folding import create_or_fold

EQ, SLT, SLE, SGE = 0, 2, 3, 5


# -- building -------------------------------------------------------------------------------------
def _const(b, v, loc):
    return b.create("arith.constant", [], [INDEX],
                    properties={"value": IntegerAttr(INDEX, v)}, loc=loc).results[0]


def _cmpi(b, pred, x, y, loc, fold=False):
    props = {"predicate": IntegerAttr(I64, pred)}
    if fold:
        return create_or_fold(b, "arith.cmpi", [x, y], [I1], loc, props)[0]
    return b.create("arith.cmpi", [x, y], [I1], properties=props, loc=loc).results[0]


def _andi(b, x, y, loc):
    return create_or_fold(b, "arith.andi", [x, y], [I1], loc)[0]


def _dim(b, source, i, loc, fold=False):
    """memref.dim with a constant index (built first, as DimOp's builder does)."""
    c = _const(b, i, loc)
    if fold:
        return create_or_fold(b, "memref.dim", [source, c], [INDEX], loc)[0]
    return b.create("memref.dim", [source, c], [INDEX], loc=loc).results[0]


def _assert(b, cond, op, msg, loc):
    text = error_message(op, msg, b.msg_flags)
    b.create("cf.assert", [cond], [], properties={"msg": StringAttr(text)}, loc=loc)


def _metadata(b, source, loc):
    t = source.type
    n = len(t.shape)
    base_t = MemRefType((), t.element_type, None, t.memory_space)  # (the base buffer)
    return b.create("memref.extract_strided_metadata", [source],
                    [base_t] + [INDEX] * (1 + 2 * n), loc=loc)


# -- the checks ----------------------------------------------------------------------------------
def verify_load_store(op, b, loc):
    """0 <= index#i < dim#i for every index (memref.load, memref.store)."""
    memref = op.memref
    indices = op.indices
    rank = len(memref.type.shape)
    if rank == 0:
        return
    zero = _const(b, 0, loc)
    cond = None
    for i in range(rank):
        d = _dim(b, memref, i, loc, fold=True)
        ge = _cmpi(b, SGE, indices[i], zero, loc, fold=True)
        lt = _cmpi(b, SLT, indices[i], d, loc, fold=True)
        both = _andi(b, ge, lt, loc)
        cond = both if cond is None else _andi(b, cond, both, loc)
    _assert(b, cond, op, "out-of-bounds access", loc)


def verify_cast(op, b, loc):
    """Casting to a ranked type: rank (from unranked), static sizes, offset and strides."""
    source = op.source
    src_t, res_t = source.type, op.result_types[0]
    if type(res_t) is not MemRefType:
        return
    ranked_src = type(src_t) is MemRefType
    rank = len(res_t.shape)
    if not ranked_src:
        r = b.create("memref.rank", [source], [INDEX], loc=loc).results[0]
        _assert(b, _cmpi(b, EQ, r, _const(b, rank, loc), loc), op, "rank mismatch", loc)
    # a fully dynamic view of the source, to read its offset and strides
    dyn_t = MemRefType([DYNAMIC] * rank, res_t.element_type,
                       StridedLayoutAttr(DYNAMIC, [DYNAMIC] * rank), res_t.memory_space)
    helper = b.create("memref.cast", [source], [dyn_t], loc=loc).results[0]
    md = _metadata(b, helper, loc)
    for i, size in enumerate(res_t.shape):
        if ranked_src and src_t.shape[i] != DYNAMIC:
            continue
        if size == DYNAMIC:
            continue
        same = _cmpi(b, EQ, _dim(b, source, i, loc), _const(b, size, loc), loc)
        _assert(b, same, op, f"size mismatch of dim {i}", loc)
    so = strides_and_offset(res_t)
    if so is None:
        return
    strides, offset = so
    if offset != DYNAMIC:
        same = _cmpi(b, EQ, md.results[1], _const(b, offset, loc), loc)
        _assert(b, same, op, "offset mismatch", loc)
    for i, s in enumerate(strides):
        if s == DYNAMIC:
            continue
        same = _cmpi(b, EQ, md.results[2 + rank + i], _const(b, s, loc), loc)
        _assert(b, same, op, f"stride mismatch of dim {i}", loc)


def _linear_index(b, offset, strides, indices, loc):
    """offset + sum(index#i * stride#i), composed and folded (computeLinearIndex)."""
    expr = symbol(0)
    values = [offset]
    for i, (idx, st) in enumerate(zip(indices, strides)):
        expr = expr + symbol(1 + 2 * i) * symbol(2 + 2 * i)
        values += [idx, st]
    return value_of(b, composed_folded_apply(b, expr, values, loc), loc)


def _linear_bounds(b, memref, loc):
    """[low, high) of the buffer positions `memref` can address."""
    md = _metadata(b, memref, loc)
    res = md.results
    rank = (len(res) - 2) // 2
    t = memref.type
    so = strides_and_offset(t)
    c_strides, c_offset = so if so is not None else ([DYNAMIC] * rank, DYNAMIC)
    offset = res[1] if c_offset == DYNAMIC else c_offset
    sizes = [res[2 + i] if t.shape[i] == DYNAMIC else t.shape[i] for i in range(rank)]
    strides = [res[2 + rank + i] if c_strides[i] == DYNAMIC else c_strides[i]
               for i in range(rank)]
    low = _linear_index(b, offset, strides, [0] * rank, loc)
    high = _linear_index(b, offset, strides, sizes, loc)
    return low, high


def _verify_view_in_base(msg):
    def verify(op, b, loc):
        base = op.source
        if type(base.type) is not MemRefType:
            return  # (no metadata to read from an unranked base)
        b.set_insertion_point_after(op)
        base_low, base_high = _linear_bounds(b, base, loc)
        low, high = _linear_bounds(b, op.results[0], loc)
        ge = _cmpi(b, SGE, low, base_low, loc, fold=True)
        le = _cmpi(b, SLE, high, base_high, loc, fold=True)
        _assert(b, _andi(b, ge, le, loc), op, msg, loc)
    return verify


def verify_expand_shape(op, b, loc):
    """The static sizes of each group divide the source dim they come from."""
    res_t = op.result_types[0]
    for i, group in enumerate(op.get_attr("reassociation").value):
        src_dim = _dim(b, op.src, i, loc)
        size = 1
        for d in group.value:
            if res_t.shape[d.value] != DYNAMIC:
                size *= res_t.shape[d.value]
        k = _const(b, size, loc)
        rem = b.create("arith.remsi", [src_dim, k], [INDEX], loc=loc).results[0]
        ok = _cmpi(b, EQ, rem, _const(b, 0, loc), loc)
        _assert(b, ok, op, "static result dims in reassoc group do not divide src dim evenly",
                loc)


class _Check:
    def __init__(self, generate):
        self.generate = generate


for _name, _fn in (
        ("memref.load", verify_load_store),
        ("memref.store", verify_load_store),
        ("memref.cast", verify_cast),
        ("memref.expand_shape", verify_expand_shape),
        ("memref.subview", _verify_view_in_base("subview is out-of-bounds of the base memref")),
        ("memref.reinterpret_cast", _verify_view_in_base(
            "result of reinterpret_cast is out-of-bounds of the base memref"))):
    attach(MEMREF.ops[_name], RUNTIME_VERIFIABLE, _Check(_fn))
