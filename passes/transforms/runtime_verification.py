"""`generate-runtime-verification`: ops with runtime-checkable preconditions get `cf.assert`
checks in front of (or, for views, behind) them: memref.load/store indices in bounds,
memref.cast sizes/offset/strides matching, subview and reinterpret_cast results inside their
base buffer, expand_shape groups dividing the source dims. The assert message names the op in
generic local-scope form and its location, as mlir-opt 19 prints them.

Each op kind has one generator `fn(op, builder, loc)` (the RuntimeVerifiableOpInterface models
of MLIR's memref dialect), looked up by op name."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr, StridedLayoutAttr
from pyopt.ir.types import DYNAMIC, I1, I64, INDEX, MemRefType
from pyopt.ir.memref_layout import strides_and_offset
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.rewriter import Builder
from pyopt.syntax.printer import PrintFlags, Printer, print_op
from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.ir.affine import constant, symbol
from passes.memref.common import base_buffer_type

EQ, SLT, SLE, SGE = 0, 2, 3, 5


def message_flags(cli_flags):
    """The flags the op is printed with: generic, local scope, no regions, large elements
    elided, on top of the command line's (e.g. --mlir-print-debuginfo shows its location)."""
    f = PrintFlags(generic=True, local_scope=True, elide_limit=16, skip_regions=True)
    if cli_flags is not None:
        f.debuginfo, f.pretty_debuginfo = cli_flags.debuginfo, cli_flags.pretty_debuginfo
    return f


def error_message(op, msg, flags):
    """The assert text: a header, the op, what failed, where."""
    loc = Printer(PrintFlags(local_scope=True,
                             pretty_debuginfo=flags.pretty_debuginfo)).loc_str(op.loc)
    return (f"ERROR: Runtime op verification failed\n{print_op(op, flags)}\n^ {msg}\n"
            f"Location: {loc}")


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
    return b.create("memref.extract_strided_metadata", [source],
                    [base_buffer_type(t)] + [INDEX] * (1 + 2 * n), loc=loc)


# -- the checks ----------------------------------------------------------------------------------
def verify_load_store(op, b, loc):
    """0 <= index#i < dim#i for every index."""
    is_store = op.name == "memref.store"
    memref = op.operand(1 if is_store else 0)
    indices = op.operands[2 if is_store else 1:]
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
    source = op.operand(0)
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
        base = op.operand(0)
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
        src_dim = _dim(b, op.operand(0), i, loc)
        size = 1
        for d in group.value:
            if res_t.shape[d.value] != DYNAMIC:
                size *= res_t.shape[d.value]
        k = _const(b, size, loc)
        rem = b.create("arith.remsi", [src_dim, k], [INDEX], loc=loc).results[0]
        ok = _cmpi(b, EQ, rem, _const(b, 0, loc), loc)
        _assert(b, ok, op, "static result dims in reassoc group do not divide src dim evenly",
                loc)


VERIFIERS = {
    "memref.load": verify_load_store,
    "memref.store": verify_load_store,
    "memref.cast": verify_cast,
    "memref.expand_shape": verify_expand_shape,
    "memref.subview": _verify_view_in_base("subview is out-of-bounds of the base memref"),
    "memref.reinterpret_cast": _verify_view_in_base(
        "result of reinterpret_cast is out-of-bounds of the base memref"),
}


def _post_order(op, out):
    for r in op.regions:
        for blk in r.blocks:
            o = blk.first
            while o is not None:
                _post_order(o, out)
                o = o.next
    if op.name in VERIFIERS:
        out.append(op)


@register_pass("generate-runtime-verification", "Generate additional runtime op verification "
               "checks", display_name="GenerateRuntimeVerification")
def generate_runtime_verification(module, ctx, options):
    ops = []
    _post_order(module, ops)  # (only the ops there before: checks are not checked again)
    flags = message_flags(getattr(ctx, "print_flags", None))
    for op in ops:
        b = Builder(ctx)
        b.msg_flags = flags
        b.set_insertion_point(op)
        VERIFIERS[op.name](op, b, op.loc)
