"""`memref-expand`: memref ops the LLVM lowering cannot take directly, rewritten in simpler
memref/arith ops (MLIR 19's ExpandOps): a floating-point min/max atomic_rmw becomes a
generic_atomic_rmw computing the min/max in its body, and a reshape whose shape operand has a
static size becomes a reinterpret_cast with sizes loaded from the shape and row-major strides."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import INDEX, DYNAMIC
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.memref.common import ATOMIC_RMW_KIND
from passes.memref.common import create_reinterpret_cast

# atomic_rmw kinds with no LLVM atomicrmw counterpart -> the arith op computing them
_EXPANDED_KINDS = {"maximumf": "arith.maximumf", "minimumf": "arith.minimumf",
                   "maxnumf": "arith.maxnumf", "minnumf": "arith.minnumf"}


def _kind(op):
    return ATOMIC_RMW_KIND.keyword(op.get_attr("kind"))


def _atomic_rmw_to_generic(op, rw):
    arith_op = _EXPANDED_KINDS.get(_kind(op))
    if arith_op is None:
        return False
    loc = op.loc
    value, memref, indices = op.value, op.memref, op.indices
    t = value.type
    generic = rw.create("memref.generic_atomic_rmw", [memref] + list(indices),
                        [op.results[0].type], regions=[Region()], loc=loc)
    ip = rw.save()
    block = rw.create_block(generic.regions[0], [t], [loc])
    res = rw.create(arith_op, [block.args[0], value], [t], loc=loc)
    rw.create("memref.atomic_yield", [res.results[0]], [], loc=loc)
    rw.restore(ip)
    rw.replace_op(op, generic.results)
    return True


def _const_index(rw, v, loc):
    return rw.create("arith.constant", [], [INDEX],
                     properties={"value": IntegerAttr(INDEX, v)}, loc=loc).results[0]


def _static_shape(t):
    return DYNAMIC not in t.shape


def _reshape_to_reinterpret_cast(op, rw):
    shape = op.shape
    if not _static_shape(shape.type):
        return False
    loc = op.loc
    rt = op.results[0].type
    rank = shape.type.shape[0]
    sizes, strides = [None] * rank, [None] * rank
    stride = _const_index(rw, 1, loc)
    for i in range(rank - 1, -1, -1):
        if rt.shape[i] == DYNAMIC:
            idx = _const_index(rw, i, loc)
            size = rw.create("memref.load", [shape, idx], [shape.type.element_type],
                             loc=loc).results[0]
            if size.type is not INDEX:
                size = rw.create("arith.index_cast", [size], [INDEX], loc=loc).results[0]
            sizes[i] = size
        else:
            size = _const_index(rw, rt.shape[i], loc)
            sizes[i] = rt.shape[i]
        strides[i] = stride
        if i > 0:
            stride = rw.create("arith.muli", [stride, size], [INDEX], loc=loc).results[0]
    new = create_reinterpret_cast(rw, rt, op.source, 0, sizes, strides, loc)
    rw.replace_op(op, new.results)
    return True


PATTERNS = [RewritePattern("memref.atomic_rmw", 1, _atomic_rmw_to_generic,
                           "AtomicRMWOpConverter"),
            RewritePattern("memref.reshape", 1, _reshape_to_reinterpret_cast,
                           "MemRefReshapeOpConverter")]


@register_pass("memref-expand", "Legalize memref operations to be convertible to LLVM.",
               display_name="ExpandOps")
def memref_expand(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_legal_dialect("arith", "memref")
    target.add_dynamically_legal_op(["memref.atomic_rmw"],
                                    lambda o: _kind(o) not in _EXPANDED_KINDS)
    target.add_dynamically_legal_op(["memref.reshape"],
                                    lambda o: not _static_shape(o.shape.type))
    apply_partial_conversion(op, target, PATTERNS, ctx)
