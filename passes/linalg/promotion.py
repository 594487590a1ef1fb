"""Promoting the subview operands of a linalg op on buffers into new local buffers (MLIR 19
Linalg Promotion.cpp: promoteSubViews with the default allocation, copy and deallocation).

Each promoted subview gets an i8 buffer (memref.alloc, or memref.alloca) viewed as a dense
memref whose sizes are constant upper bounds of the subview's sizes when they exist (the
"full tile"); a subview of that view with the subview's actual sizes is the "partial" local
view. With full tiles the buffer is first filled with zero. Inputs (and the outputs whose
values the payload reads) are copied in with linalg.copy, the op then works on the local
views, outputs are copied back after it and the buffers deallocated."""
from __future__ import annotations

from pyopt.analysis.value_bounds import compute_bound
from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import DYNAMIC, I8, I64, INDEX, ComplexType, FloatType, IntegerType, \
    MemRefType
from pyopt.rewrite.folding import create_or_fold
from pyopt.rewrite.matchers import constant_int
from pyopt.interfaces.data_layout import DataLayout
from pyopt.interfaces.destination_style import dps_inputs, has_pure_buffer_semantics
from pyopt.dialects import value_bounds_models as _value_bounds_models  # noqa: F401
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.analysis import payload_uses
from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.memref.views import subview_result_type
from pyopt.dialects.shaped_models import dropped_dims
from pyopt.dialects.tensor.canonicalize import mixed
from pyopt.dialects.tensor.reshapes import create_or_fold_dim, index_constant
from pyopt.dialects.tensor.slice_canonicalize import slice_properties


class PromotionOptions:
    """LinalgPromotionOptions: operands to promote (None: all), full-tile flags per operand
    and their default, alloca, alignment, memory space."""

    def __init__(self, operands=None, full_tiles=(), full_tiles_default=False,
                 use_alloca=False, alignment=None, memory_space=None):
        self.operands = None if operands is None else set(operands)
        self.full_tiles = list(full_tiles)
        self.full_tiles_default = full_tiles_default
        self.use_alloca = use_alloca
        self.alignment = alignment
        self.memory_space = memory_space


def _subview_of(v):
    d = v.defining_op()
    return d if d is not None and d.name == "memref.subview" else None


def promote_precondition(op, options):
    """promoteSubviewsPrecondition: a linalg op on buffers with a subview operand to
    promote."""
    if not is_linalg_op(op) or not has_pure_buffer_semantics(op):
        return False
    return any(_subview_of(v) is not None and (options.operands is None or i in options.operands)
               for i, v in enumerate(op.operands))


def _constant(b, t, value, loc):
    return b.create("arith.constant", [], [t], properties={"value": value},
                    loc=loc).results[0]


def _mul(b, x, y, loc):
    return create_or_fold(b, "arith.muli", [x, y], [INDEX], loc)[0]


def _alloc(b, options, et, size, layout, loc):
    """allocBuffer: an i8 buffer of size * sizeof(et) bytes."""
    width = layout.size(et)
    props = {}
    if options.alignment is not None:
        props["alignment"] = IntegerAttr(I64, options.alignment)
    name = "memref.alloca" if options.use_alloca else "memref.alloc"
    n = constant_int(size)
    if n is not None:
        t = MemRefType([width * n], I8, None, options.memory_space)
        dyn = []
    else:
        t = MemRefType([DYNAMIC], I8, None, options.memory_space)
        dyn = [_mul(b, index_constant(b, width, loc), size, loc)]
    from pyopt.ir.opdef import segment_sizes
    props["operandSegmentSizes"] = segment_sizes([len(dyn), 0])
    return b.create(name, dyn, [t], properties=props, loc=loc).results[0]


def _full_local_view(b, options, subview, sizes, layout):
    """defaultAllocBufferCallBack: the buffer viewed as memref<?x..x?xelt>."""
    loc = subview.loc
    et = subview.results[0].type.element_type
    zero = index_constant(b, 0, loc)
    alloc_size = index_constant(b, 1, loc)
    for s in sizes:
        alloc_size = _mul(b, alloc_size, s, loc)
    buf = _alloc(b, options, et, alloc_size, layout, loc)
    t = MemRefType([DYNAMIC] * len(sizes), et, None, options.memory_space)
    return create_or_fold(b, "memref.view", [buf, zero] + list(sizes), [t], loc)[0]


def _ranges(b, op, loc):
    """getOrCreateRanges: (offset, size, stride) Values per dimension, constants created for
    the static entries."""
    groups = [mixed(op, g, "static_" + g) for g in ("offsets", "sizes", "strides")]
    return [[x if not isinstance(x, int) else index_constant(b, x, loc) for x in r]
            for r in zip(*groups)]


def _promote_subview(b, options, subview, layout, loc):
    """promoteSubviewAsNewBuffer: (full local view, partial local view)."""
    t = subview.results[0].type
    drop = dropped_dims(t.shape, mixed(subview, "sizes", "static_sizes"))
    full, partial, k = [], [], 0
    for i, (_, size, _) in enumerate(_ranges(b, subview, loc)):
        if i in drop:
            continue
        # a constant upper bound of the size (the full tile) when there is one
        found = compute_bound(size, None, lambda v, d: False, upper=True, closed=True)
        bound = found[0] if found is not None and found[0].is_single_constant() else None
        full.append(size if bound is None
                    else index_constant(b, bound.get_single_constant_result(), loc))
        partial.append(create_or_fold_dim(b, subview.results[0], k, loc))
        k += 1
    view = _full_local_view(b, options, subview, full, layout)
    n = len(full)
    offsets, strides = [0] * n, [1] * n
    props, dyn = slice_properties(offsets, partial, strides, 1)
    rt = subview_result_type(view.type, offsets, [DYNAMIC] * n, strides)
    local = create_or_fold(b, "memref.subview", [view] + dyn, [rt], loc, props)[0]
    return view, local


def _zero(b, et, loc):
    if isinstance(et, FloatType):
        return _constant(b, et, FloatAttr.from_float(et, 0.0), loc)
    if isinstance(et, IntegerType):
        return _constant(b, et, IntegerAttr(et, 0), loc)
    if isinstance(et, ComplexType):
        inner = et.element_type
        z = _constant(b, inner, FloatAttr.from_float(inner, 0.0) if isinstance(inner, FloatType)
                      else IntegerAttr(inner, 0), loc)
        return b.create("complex.create", [z, z], [et], loc=loc).results[0]
    return None


def promote_subviews(b, op, options):
    """promoteSubViews: the op (now on the local views), or None."""
    if not promote_precondition(op, options):
        return None
    loc = op.loc
    n_inputs = len(dps_inputs(op))
    layout = DataLayout.closest(op)
    subviews, copy_in, full_tiles = {}, set(), {}
    for i, v in enumerate(op.operands):
        if options.operands is not None and i not in options.operands:
            continue
        sv = _subview_of(v)
        if sv is None:
            continue
        subviews[i] = sv
        if op.name != "linalg.generic" or payload_uses(op, i):
            copy_in.add(i)
        full_tiles[i] = options.full_tiles[i] if i < len(options.full_tiles) \
            else options.full_tiles_default
    b.set_insertion_point(op)
    infos = {}
    for i, sv in subviews.items():
        infos[i] = _promote_subview(b, options, sv, layout, loc)
        if not full_tiles[i]:
            continue
        fill = _zero(b, sv.results[0].type.element_type, loc)
        if fill is None:
            return None
        create_named(b, "linalg.fill", [fill], [infos[i][0]], loc)
    for i, sv in subviews.items():
        if i in copy_in:
            create_named(b, "linalg.copy", [sv.results[0]], [infos[i][1]], loc)
    new_operands, writeback = [], []
    for i, v in enumerate(op.operands):
        if i not in subviews:
            new_operands.append(v)
            continue
        full, partial = infos[i]
        new_operands.append(full if full_tiles[i] else partial)
        if i >= n_inputs:
            writeback.append((v, partial))
    b.modify_op_in_place(op, lambda: op.set_operands(new_operands))
    b.set_insertion_point_after(op)
    for orig, partial in writeback:
        create_named(b, "linalg.copy", [partial], [orig], loc)
    if not options.use_alloca:
        for full, _ in infos.values():
            buf = full.defining_op().source  # (of the memref.view)
            b.create("memref.dealloc", [buf], [], loc=buf.defining_op().loc)
    return op
