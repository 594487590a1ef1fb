"""TilingInterface of every linalg structured op, through LinalgStructuredInterface (MLIR 19
Linalg/Transforms/TilingInterfaceImpl.cpp): the iteration domain is the loop ranges read from
the operands' sizes, a tile is the op cloned on slices of its operands (tiled_shapes.py), and
a result tile maps back to the iteration space when the result's indexing map is a projected
permutation. Attached to the ops when this module is imported."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import clone_with, init_indices
from pyopt.interfaces.tiling import TILING, Range, TilingResult, op_failure
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.linalg.structured import (LINALG_STRUCTURED, indexing_maps, iterator_types,
                                              operand_shape, shapes_to_loops_map)
from pyopt.dialects.linalg.tiled_shapes import (compute_slice_parameters, folded_dim,
                                                make_tiled_shapes, offset_indices,
                                                tensor_output_types)


def flat_operand_dims(b, op, loc):
    """createFlatListOfOperandDims: every operand's sizes, in operand order."""
    return [folded_dim(b, v, i, loc) for v in op.operands for i in range(len(operand_shape(v)))]


def _access_indices(b, loc, m, ivs):
    """getIndicesForAccess: one (unfolded) affine.apply per result of `m`."""
    from pyopt.ir.attributes import AffineMapAttr
    from pyopt.ir.types import INDEX
    return [b.create("affine.apply", list(ivs), [INDEX], properties={
        "map": AffineMapAttr(AffineMap(m.num_dims, m.num_symbols, [e]))}, loc=loc).results[0]
        for e in m.results]


class LinalgTiling:
    def iterator_types(self, op):
        return list(iterator_types(op))

    def iteration_domain(self, op, b):
        ip = b.save()
        b.set_insertion_point(op)
        loc = op.loc
        sizes = flat_operand_dims(b, op, loc)
        m = shapes_to_loops_map(op)
        out = [Range(0, composed_folded_apply(b, AffineMap(m.num_dims, 0, [e]), sizes, loc), 1)
               for e in m.results]
        b.restore(ip)
        return out

    def generate_scalar_implementation(self, op, b, loc, ivs):
        """generateScalarImplementation (buffers only, else None): memref.load of the
        operands the payload reads (scalars as they are), the payload inlined with linalg.index
        as the induction variables, memref.store of what it yields."""
        from pyopt.interfaces.destination_style import has_pure_buffer_semantics
        from pyopt.dialects.linalg.analysis import is_scalar, payload_uses
        from pyopt.dialects.linalg.structured import payload
        if not has_pure_buffer_semantics(op):
            return None
        maps = indexing_maps(op)
        block = payload(op)
        mapping = {}
        for i, v in enumerate(op.operands):
            if not payload_uses(op, i):
                continue
            mapping[block.args[i]] = v if is_scalar(v) else b.create(
                "memref.load", [v] + _access_indices(b, loc, maps[i], ivs),
                [v.type.element_type], loc=loc).results[0]
        for o in block:
            if o is block.last:
                break
            if o.name == "linalg.index":
                mapping[o.results[0]] = ivs[o.properties["dim"].value]
                continue
            b.clone(o, mapping)
        term = block.last
        for k, v in zip(init_indices(op), term.operands):
            b.create("memref.store", [mapping.get(v, v), op.operand(k)] +
                     _access_indices(b, term.loc, maps[k], ivs), [], loc=term.loc)
        return True

    def tiled_implementation(self, op, b, offsets, sizes):
        loc = op.loc
        tiled = make_tiled_shapes(b, loc, op, list(op.operands), offsets, sizes, [], True)
        new = clone_with(b, op, tensor_output_types(op, tiled), tiled)
        offset_indices(b, new, offsets)
        return TilingResult([new], list(new.results))

    def result_tile_position(self, op, b, index, offsets, sizes):
        loc = op.loc
        sub = [composed_folded_apply(b, dim(0) - 1, [s], loc) for s in sizes]
        k = init_indices(op)[index]
        sp = compute_slice_parameters(b, loc, op.operand(k), sizes, indexing_maps(op)[k],
                                      offsets, [], sub, True)
        return sp.offsets, sp.sizes

    def _mapped(self, op, b, m, offsets, sizes):
        """getMappedOffsetAndSize: the iteration-space tile whose image through the projected
        permutation `m` is the given tile (the whole domain in the dims `m` drops)."""
        n = len(iterator_types(op))
        offs, szs = [None] * n, [None] * n
        if not m.is_permutation():
            for i, r in enumerate(self.iteration_domain(op, b)):
                offs[i], szs[i] = r.offset, r.size
        for i, e in enumerate(m.results):
            offs[e.position], szs[e.position] = offsets[i], sizes[i]
        return offs, szs

    def iteration_domain_tile_from_result_tile(self, op, b, index, offsets, sizes):
        m = indexing_maps(op)[init_indices(op)[index]]
        if not m.is_projected_permutation():
            raise op_failure(op, "unhandled tiled implementation generation when result is "
                                 "not accessed using a permuted projection")
        return self._mapped(op, b, m, offsets, sizes)

    def iteration_domain_tile_from_operand_tile(self, op, b, operand, offsets, sizes):
        m = indexing_maps(op)[operand]
        if not m.is_projected_permutation():
            raise op_failure(op, "unhandled get iter domain position when operand is not "
                                 "accessed using a permuted projection")
        return self._mapped(op, b, m, offsets, sizes)

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        offs, szs = self.iteration_domain_tile_from_result_tile(op, b, index, offsets, sizes)
        r = self.tiled_implementation(op, b, offs, szs)
        return TilingResult(r.tiled_ops, [r.tiled_values[index]])

    def tiled_implementation_from_operand_tile(self, op, b, operand, offsets, sizes):
        offs, szs = self.iteration_domain_tile_from_operand_tile(op, b, operand, offsets, sizes)
        return self.tiled_implementation(op, b, offs, szs)


def _attach():
    from pyopt.dialects.linalg import LINALG
    attach([o for o in LINALG.ops.values() if LINALG_STRUCTURED in o.extra], TILING,
           LinalgTiling())


_attach()


class SoftmaxTiling:
    """linalg.softmax: its input's dims as loops, the softmax dim a reduction; a tile is the
    op on the matching slices of input and output."""

    def iterator_types(self, op):
        its = ["parallel"] * len(op.input.type.shape)
        its[op.get_attr("dimension").value] = "reduction"
        return its

    def iteration_domain(self, op, b):
        from pyopt.dialects.shaped_models import mixed_size
        from pyopt.dialects.affine.builders import value_of
        loc = op.loc
        zero, one = value_of(b, 0, loc), value_of(b, 1, loc)
        return [Range(zero, mixed_size(b, op.input, d, loc), one)
                for d in range(len(op.input.type.shape))]

    def tiled_implementation(self, op, b, offsets, sizes):
        from pyopt.dialects.linalg.tiled_shapes import SliceParameters, materialize_slice
        sp = SliceParameters()
        sp.offsets, sp.sizes, sp.strides = list(offsets), list(sizes), [1] * len(sizes)
        ins = materialize_slice(b, op.loc, op.input, sp)
        out = materialize_slice(b, op.loc, op.output, sp)
        types = [out.type] if op.results else []
        new = clone_with(b, op, types, [ins, out])
        return TilingResult([new], list(new.results))

    def result_tile_position(self, op, b, index, offsets, sizes):
        return list(offsets), list(sizes)

    def generate_result_tile_value(self, op, b, index, offsets, sizes):
        return None  # (19's SoftmaxOp leaves the interface's default: failure)


def _attach_softmax():
    from pyopt.dialects.linalg import LINALG
    attach(LINALG.ops["linalg.softmax"], TILING, SoftmaxTiling())


_attach_softmax()
