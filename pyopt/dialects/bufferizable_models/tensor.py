"""BufferizableOpInterface models of the tensor dialect: views (cast, extract_slice,
expand/collapse_shape, reshape: aliases of their source), element access (extract, insert,
dim, rank), destination-style writes (insert, insert_slice, parallel_insert_slice) and
allocating ops (empty, from_elements, generate, splat, pad). tensor.concat, pack and unpack
have no model in 19 (they are unknown ops to one-shot bufferization)."""
from __future__ import annotations

from pyopt.dialects.memref.views import collapsed_layout, expanded_type
from pyopt.dialects.tensor import TENSOR
from pyopt.dialects.tensor.reshapes import (create_collapse_shape, create_expand_shape,
                                            reassociation_of)
from pyopt.dialects.tensor.slice_canonicalize import slice_properties
from pyopt.interfaces import attach
from pyopt.interfaces.bufferizable import (BUFFERIZABLE, EQUIVALENT, UNKNOWN, AliasingValue,
                                           BufferizableModel, fully_dynamic_layout_type,
                                           get_buffer_type, identity_layout_type,
                                           operand_slot, plain_error)
from pyopt.interfaces.bufferizable_rewrite import (allocate_tensor_for_shaped_value,
                                                   get_buffer, index_constant,
                                                   rank_reduced_subview_type,
                                                   replace_op_with_bufferized_values,
                                                   replace_op_with_new_bufferized_op)
from pyopt.ir.attributes import StridedLayoutAttr
from pyopt.ir.memref_layout import layout_is_identity, strides_and_offset
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType, UnrankedTensorType
from pyopt.rewrite.matchers import equal_constant_or_value

from .destination_style import DestinationStyleModel


def _static(mixed):
    return [x if isinstance(x, int) else DYNAMIC for x in mixed]


def create_subview(b, loc, src, result_shape, offsets, sizes, strides):
    rt = rank_reduced_subview_type(result_shape, src.type, _static(offsets), _static(sizes),
                                   _static(strides))
    props, dyn = slice_properties(offsets, sizes, strides, 1)
    return b.create("memref.subview", [src] + dyn, [rt], properties=props, loc=loc).results[0]


class _View(BufferizableModel):
    """An op whose result is a view of its source (no read, no write)."""
    relation = EQUIVALENT

    def reads(self, op, operand, state):
        return False

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], self.relation)]


class CastModel(_View):
    is_cast = True

    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.source, options, stack)
        ms = src.memory_space
        if isinstance(op.source.type, UnrankedTensorType) or \
                isinstance(value.type, UnrankedTensorType):
            return fully_dynamic_layout_type(value.type, ms)
        t = value.type
        return MemRefType(t.shape, t.element_type, src.layout, ms)

    def bufferize(self, op, b, options):
        buf = get_buffer(b, op.source, options)
        t = get_buffer_type(op.results[0], options)
        if buf.type is t:
            replace_op_with_bufferized_values(b, op, [buf])
        else:
            replace_op_with_new_bufferized_op(b, op, "memref.cast", [buf], [t])


def _collapsible(t, groups):
    """CollapseShapeOp::isGuaranteedCollapsible (identity layouts always are)."""
    return layout_is_identity(t) or collapsed_layout(t, groups, strict=True) is not None


class CollapseShapeModel(_View):
    def reads(self, op, operand, state):
        return True

    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.src, options, stack)
        groups = reassociation_of(op)
        if not _collapsible(src, groups):
            return identity_layout_type(value.type, src.memory_space)
        from pyopt.dialects.memref.canonicalize import collapsed_type
        return collapsed_type(src, groups)

    def bufferize(self, op, b, options):
        rt = op.results[0].type
        buf = get_buffer(b, op.src, options)
        bt = buf.type
        groups = reassociation_of(op)
        if not rt.shape:
            if layout_is_identity(bt):
                t = MemRefType([], rt.element_type, None, bt.memory_space)
            else:
                so = strides_and_offset(bt)
                if so is None:
                    raise plain_error(op, "failed to bufferize op")
                t = MemRefType([], rt.element_type, StridedLayoutAttr(so[1], []),
                               bt.memory_space)
            b.set_insertion_point(op)
            new = create_collapse_shape(b, buf, groups, op.loc, t)
            replace_op_with_bufferized_values(b, op, [new])
            return
        if not _collapsible(bt, groups):
            alloc = allocate_tensor_for_shaped_value(b, op.loc, op.src, options, True)
            st = op.src.type
            mt = MemRefType(st.shape, st.element_type, None, bt.memory_space)
            buf = b.create("bufferization.to_memref", [alloc], [mt], loc=op.loc).results[0]
        b.set_insertion_point(op)
        new = create_collapse_shape(b, buf, groups, op.loc)
        replace_op_with_bufferized_values(b, op, [new])


class ExpandShapeModel(_View):
    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.src, options, stack)
        t = expanded_type(src, value.type.shape, reassociation_of(op))
        if t is None:
            raise plain_error(op, "failed to bufferize op")
        return t

    def bufferize(self, op, b, options):
        buf = get_buffer(b, op.src, options)
        groups = reassociation_of(op)
        t = expanded_type(buf.type, op.results[0].type.shape, groups)
        b.set_insertion_point(op)
        new = create_expand_shape(b, t, buf, groups, op.loc)
        replace_op_with_bufferized_values(b, op, [new])


class ExtractSliceModel(_View):
    relation = UNKNOWN

    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.source, options, stack)
        return rank_reduced_subview_type(value.type.shape, src, _static(op.mixed_offsets),
                                         _static(op.mixed_sizes), _static(op.mixed_strides))

    def bufferize(self, op, b, options):
        src = get_buffer(b, op.source, options)
        t = get_buffer_type(op.results[0], options)
        b.set_insertion_point(op)
        props, dyn = slice_properties(op.mixed_offsets, op.mixed_sizes, op.mixed_strides, 1)
        sv = b.create("memref.subview", [src] + dyn, [t], properties=props,
                      loc=op.loc).results[0]
        replace_op_with_bufferized_values(b, op, [sv])


class _NoAlias(BufferizableModel):
    """Reads its tensor operand (or only its shape), returns no alias."""
    read = True

    def reads(self, op, operand, state):
        return self.read

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []


class DimModel(_NoAlias):
    read = False

    def bufferize(self, op, b, options):
        v = get_buffer(b, op.source, options)
        replace_op_with_new_bufferized_op(b, op, "memref.dim", [v, op.index], [INDEX])


class RankModel(_NoAlias):
    read = False

    def bufferize(self, op, b, options):
        v = get_buffer(b, op.tensor, options)
        replace_op_with_new_bufferized_op(b, op, "memref.rank", [v], [op.results[0].type])


class ExtractModel(_NoAlias):
    def bufferize(self, op, b, options):
        v = get_buffer(b, op.tensor, options)
        replace_op_with_new_bufferized_op(b, op, "memref.load", [v] + list(op.indices),
                                          [op.results[0].type])


class EmptyModel(BufferizableModel):
    def bufferizes_to_allocation(self, op, value):
        return True

    def result_writes(self, op, result, state):
        return False

    def bufferize(self, op, b, options):
        if not op.results[0].has_uses():
            from pyopt.interfaces.bufferizable_rewrite import erase_op
            erase_op(b, op)
            return
        alloc = allocate_tensor_for_shaped_value(b, op.loc, op.results[0], options, False)
        op.results[0].replace_all_uses_with(alloc)
        from pyopt.interfaces.bufferizable_rewrite import erase_op
        erase_op(b, op)


def _store_all(b, loc, buf, shape, elements):
    """The stores of from_elements, row-major, indices from shared constants."""
    consts = [index_constant(b, loc, i) for i in range(max(shape))]
    it = iter(elements)

    def rec(dim, idx):
        for i in range(shape[dim]):
            cur = idx + [consts[i]]
            if dim == len(shape) - 1:
                b.create("memref.store", [next(it), buf] + cur, [], loc=loc)
            else:
                rec(dim + 1, cur)
    rec(0, [])


class FromElementsModel(BufferizableModel):
    def bufferizes_to_allocation(self, op, value):
        return True

    def bufferize(self, op, b, options):
        t = op.results[0].type
        if options.default_memory_space(t) is not None:
            raise plain_error(op, "memory space not implemented yet")
        alloc = allocate_tensor_for_shaped_value(b, op.loc, op.results[0], options, False)
        mt = MemRefType(t.shape, t.element_type, None, None)
        buf = b.create("bufferization.to_memref", [alloc], [mt], loc=op.loc).results[0]
        elements = list(op.elements)
        if elements:
            if not t.shape:
                b.create("memref.store", [elements[0], buf], [], loc=op.loc)
            else:
                _store_all(b, op.loc, buf, list(t.shape), elements)
        replace_op_with_bufferized_values(b, op, [buf])


def lower_generate_like_body(b, loc, dest, body):
    """A linalg.map over `dest` whose payload is `body` (a tensor.generate / pad region)
    with linalg.index values for its index arguments."""
    from pyopt.ir.core import Region
    t = dest.type
    region = Region()
    m = b.create("linalg.map", [dest], [t], regions=[region], loc=loc)
    ip = b.save()  # (create_block moves the insertion point into the new block)
    blk = b.create_block(region)
    b.set_insertion_point_to_start(blk)
    idx = [b.create("linalg.index", [], [INDEX], properties={"dim": _i64(d)},
                    loc=loc).results[0] for d in range(len(t.shape))]
    src_block = body.blocks[0]
    for a, v in zip(src_block.args, idx):
        a.replace_all_uses_with(v)
    for o in list(src_block):
        o.detach()
        blk.append(o)
    term = blk.last
    b.set_insertion_point(term)
    b.create("linalg.yield", [term.operand(0)], [], loc=term.loc)
    term.erase()
    b.restore(ip)
    return m.results[0]


def _i64(v):
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import IntegerType
    return IntegerAttr(IntegerType(64), v)


class GenerateModel(BufferizableModel):
    def bufferizes_to_allocation(self, op, value):
        return True

    def bufferize(self, op, b, options):
        t = op.results[0].type
        if options.default_memory_space(t) is not None:
            raise plain_error(op, "memory space not implemented yet")
        alloc = allocate_tensor_for_shaped_value(b, op.loc, op.results[0], options, False)
        res = lower_generate_like_body(b, op.loc, alloc, op.regions[0])
        op.results[0].replace_all_uses_with(res)
        from pyopt.interfaces.bufferizable_rewrite import erase_op
        erase_op(b, op)


class SplatModel(BufferizableModel):
    def bufferizes_to_allocation(self, op, value):
        return True

    def bufferize(self, op, b, options):
        from pyopt.ir.core import Region
        alloc = allocate_tensor_for_shaped_value(b, op.loc, op.results[0], options, False)
        t = alloc.type
        if options.default_memory_space(t) is not None:
            raise plain_error(op, "memory space not implemented yet")
        region = Region()
        m = b.create("linalg.map", [alloc], [t], regions=[region], loc=op.loc)
        ip = b.save()  # (create_block moves the insertion point into the new block)
        blk = b.create_block(region)
        b.set_insertion_point_to_start(blk)
        b.create("linalg.yield", [op.input], [], loc=op.loc)
        b.restore(ip)
        op.results[0].replace_all_uses_with(m.results[0])
        from pyopt.interfaces.bufferizable_rewrite import erase_op
        erase_op(b, op)


class PadModel(BufferizableModel):
    """A new buffer filled with the padding value (a linalg.map over the pad's body), the
    source then copied in with a tensor.insert_slice at the low padding."""

    def bufferizes_to_allocation(self, op, value):
        return True

    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return []

    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.source, options, stack)
        return identity_layout_type(value.type, src.memory_space)

    def bufferize(self, op, b, options):
        from pyopt.dialects.affine.builders import value_of
        from pyopt.dialects.tensor.reshapes import mixed_sizes
        from pyopt.ir.affine import AffineMap, symbol
        from pyopt.ir.attributes import AffineMapAttr
        loc, rt = op.loc, op.results[0].type
        low, high = op.mixed_low, op.mixed_high
        total = AffineMap(0, 3, [symbol(0) + symbol(1) + symbol(2)])
        for i, d in enumerate(rt.shape):
            if d != DYNAMIC:
                continue  # (the sums upstream builds here are not used: the reified
            # shapes of the result size the allocation; they are built all the same)
            dim = b.create("tensor.dim", [op.source, index_constant(b, loc, i)], [INDEX],
                           loc=loc).results[0]
            lo, hi = value_of(b, low[i], loc), value_of(b, high[i], loc)
            b.create("affine.apply", [dim, lo, hi], [INDEX],
                     properties={"map": AffineMapAttr(total)}, loc=loc)
        alloc = allocate_tensor_for_shaped_value(b, loc, op.results[0], options, False)
        filled = lower_generate_like_body(b, loc, alloc, op.regions[0])
        sizes = mixed_sizes(b, op.source, loc)
        props, dyn = slice_properties(low, sizes, [1] * len(sizes), 2)
        b.set_insertion_point(op)
        new = b.create("tensor.insert_slice", [op.source, filled] + dyn, [rt],
                       properties=props, loc=loc)
        op.results[0].replace_all_uses_with(new.results[0])
        from pyopt.interfaces.bufferizable_rewrite import erase_op
        erase_op(b, op)


class InsertModel(DestinationStyleModel):
    def bufferize(self, op, b, options):
        dest = get_buffer(b, op.dest, options)
        b.set_insertion_point(op)
        b.create("memref.store", [op.scalar, dest] + list(op.indices), [], loc=op.loc)
        replace_op_with_bufferized_values(b, op, [dest])


def _equivalent_slice(a, b):
    """sameOffsetsSizesAndStrides with isEqualConstantIntOrValue."""
    pa, pb = a.properties, b.properties
    if all(pa.get(k) is pb.get(k) for k in ("static_offsets", "static_sizes",
                                            "static_strides")) and \
            list(a.offsets) == list(b.offsets) and list(a.sizes) == list(b.sizes) and \
            list(a.strides) == list(b.strides):
        return True  # (the same entries: no constant to compare)
    for xs, ys in ((a.mixed_offsets, b.mixed_offsets), (a.mixed_sizes, b.mixed_sizes),
                   (a.mixed_strides, b.mixed_strides)):
        if len(xs) != len(ys) or not all(map(equal_constant_or_value, xs, ys)):
            return False
    return True


class _InsertSliceLike(BufferizableModel):
    def subset_insertion(self, op):
        return operand_slot(op, "source"), operand_slot(op, "dest")

    def is_equivalent_subset(self, op, candidate, equivalent):
        d = candidate.owner
        if d.name != "tensor.extract_slice" or not equivalent(d.source, op.dest):
            return False
        return _equivalent_slice(d, op)

    def subset_extraction_values(self, op):
        return [op.dest] + list(op.offsets) + list(op.sizes) + list(op.strides)

    def build_subset_extraction(self, op, b, loc):
        props, dyn = slice_properties(op.mixed_offsets, op.mixed_sizes, op.mixed_strides, 1)
        return b.create("tensor.extract_slice", [op.dest] + dyn, [op.source.type],
                        properties=props, loc=loc).results[0]


class InsertSliceModel(_InsertSliceLike, DestinationStyleModel):
    def reads(self, op, operand, state):
        if operand.index == 0:
            return True
        dest_shape = op.dest.type.shape
        full = all(x == 0 for x in op.mixed_offsets) and \
            all(x == 1 for x in op.mixed_strides) and \
            all(isinstance(s, int) and s == d for s, d in zip(op.mixed_sizes, dest_shape))
        return not full

    def bufferize(self, op, b, options):
        dest = get_buffer(b, op.dest, options)
        b.set_insertion_point(op)
        sv = create_subview(b, op.loc, dest, op.source.type.shape, op.mixed_offsets,
                            op.mixed_sizes, op.mixed_strides)
        src = get_buffer(b, op.source, options)
        options.create_memcpy(b, op.loc, src, sv)
        replace_op_with_bufferized_values(b, op, [dest])


class ParallelInsertSliceModel(_InsertSliceLike):
    def aliasing_values(self, op, operand, state):
        return []

    def reads(self, op, operand, state):
        return True

    def writes(self, op, operand, state):
        return operand.index == 1

    def resolve_conflicts(self, op, rewriter, state):
        pass

    def bufferize(self, op, b, options):
        parent = op.parent_op
        b.set_insertion_point(parent)
        dest = get_buffer(b, op.dest, options)
        src = get_buffer(b, op.source, options)
        sv = create_subview(b, op.loc, dest, op.source.type.shape, op.mixed_offsets,
                            op.mixed_sizes, op.mixed_strides)
        options.create_memcpy(b, op.loc, src, sv)
        for u in src.uses():
            if u.owner.name in ("memref.dealloc",):
                if u.owner.parent is parent.parent:
                    u.owner.move_before(u.owner.parent.last)
                break
        from pyopt.interfaces.bufferizable_rewrite import erase_op
        erase_op(b, op)


class ReshapeModel(BufferizableModel):
    def reads(self, op, operand, state):
        return operand.index == 1

    def writes(self, op, operand, state):
        return False

    def aliasing_values(self, op, operand, state):
        return [AliasingValue(op.results[0], EQUIVALENT)]

    def buffer_type(self, op, value, options, stack):
        src = get_buffer_type(op.source, options, stack)
        return identity_layout_type(value.type, src.memory_space)

    def bufferize(self, op, b, options):
        src = get_buffer(b, op.source, options)
        shape = get_buffer(b, op.shape, options)
        rt = get_buffer_type(op.results[0], options)
        st = src.type
        if isinstance(st, MemRefType) and not layout_is_identity(st):
            alloc = allocate_tensor_for_shaped_value(b, op.loc, op.source, options, True)
            mt = MemRefType(st.shape, st.element_type, None, st.memory_space)
            src = b.create("bufferization.to_memref", [alloc], [mt], loc=op.loc).results[0]
        replace_op_with_new_bufferized_op(b, op, "memref.reshape", [src, shape], [rt])


_ops = TENSOR.ops
for _name, _m in (("tensor.cast", CastModel()), ("tensor.collapse_shape", CollapseShapeModel()),
                  ("tensor.dim", DimModel()), ("tensor.empty", EmptyModel()),
                  ("tensor.expand_shape", ExpandShapeModel()),
                  ("tensor.extract_slice", ExtractSliceModel()),
                  ("tensor.extract", ExtractModel()),
                  ("tensor.from_elements", FromElementsModel()),
                  ("tensor.generate", GenerateModel()), ("tensor.insert", InsertModel()),
                  ("tensor.insert_slice", InsertSliceModel()), ("tensor.pad", PadModel()),
                  ("tensor.parallel_insert_slice", ParallelInsertSliceModel()),
                  ("tensor.rank", RankModel()), ("tensor.reshape", ReshapeModel()),
                  ("tensor.splat", SplatModel())):
    attach(_ops[_name], BUFFERIZABLE, _m)
