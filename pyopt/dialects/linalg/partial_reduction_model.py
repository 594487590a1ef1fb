"""PartialReductionOpInterface of linalg structured ops (MLIR 19 TilingInterfaceImpl.cpp,
LinalgOpPartialReductionInterface): a reduction tiled into partial results keeps one partial
value per reduction tile position - its inits gain the tiled reduction dims (filled with the
combiner's neutral element), each tile is the op made parallel along them, and a linalg.reduce
with the combiner merges the partials. Attached when this module is imported."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.core import Block
from pyopt.ir.types import DYNAMIC, I64, INDEX, RankedTensorType
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, init_indices
from pyopt.interfaces.tiling import PARTIAL_REDUCTION, TilingResult, op_failure
from pyopt.analysis.reduction import match_reduction
from pyopt.dialects.arith.neutral import neutral_element
from pyopt.dialects.linalg.builders import create_generic, create_named
from pyopt.dialects.linalg.structured import (LINALG_STRUCTURED, element_type_or_self,
                                              indexing_maps, iterator_types, payload)
from pyopt.dialects.linalg.tiled_shapes import make_tiled_shapes


def _out_args(op):
    block = payload(op)
    n_in = len(op.operands) - len(init_indices(op))
    return list(block.args[n_in:])


def _combiner(op, k):
    _, combiners = match_reduction(_out_args(op), k)
    return combiners[0] if len(combiners) == 1 else None


class LinalgPartialReduction:
    def initial_tensors(self, op, b, loc, sizes, reduction_dims):
        if not any(isinstance(v.type, RankedTensorType) for v in op.operands):
            raise op_failure(op, "expected operation to have tensor semantics")
        out = []
        red = set(reduction_dims)
        for k, init in enumerate(dps_inits(op)):
            comb = _combiner(op, k)
            if comb is None:
                raise op_failure(op, "Failed to anaysis the reduction operation.")
            identity = neutral_element(comb)
            if identity is None:
                raise op_failure(op, "Failed to get an identity value for the reduction "
                                     "operation.")
            old = list(init.type.shape)
            shape, dyn, seen = [], [], 0
            for idx in range(len(old) + len(reduction_dims)):
                if idx in red:
                    s = sizes[idx]
                    if isinstance(s, int):
                        shape.append(s)
                    else:
                        shape.append(DYNAMIC)
                        dyn.append(s)
                    seen += 1
                    continue
                d = old[idx - seen]
                shape.append(d)
                if d == DYNAMIC:
                    c = b.create("arith.constant", [], [INDEX],
                                 properties={"value": _index_attr(idx - seen)}, loc=loc)
                    dyn.append(b.create("tensor.dim", [init, c.results[0]], [INDEX],
                                        loc=loc).results[0])
            et = _out_args(op)[k].type
            empty = b.create("tensor.empty", dyn, [RankedTensorType(shape, et)],
                             loc=loc).results[0]
            cst = b.create("arith.constant", [], [identity.type],
                           properties={"value": identity}, loc=loc).results[0]
            out.append(create_named(b, "linalg.fill", [cst], [empty], loc=loc).results[0])
        return out

    def tile_to_partial_reduction(self, op, b, loc, inits, offsets, sizes, reduction_dims):
        maps = list(indexing_maps(op))
        its = list(iterator_types(op))
        inits_idx = init_indices(op)
        new_init_maps = []
        for i in inits_idx:
            m = maps[i]
            new_init_maps.append(AffineMap(m.num_dims, m.num_symbols,
                                           list(m.results) + [dim(r) for r in reduction_dims]))
        ins = dps_inputs(op)
        tiled_ins = make_tiled_shapes(b, loc, op, ins, offsets, sizes, [], True)
        from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
        tiled_inits = []
        for m, v in zip(new_init_maps, inits):
            n = m.num_results
            szs = [sizes[e.position] for e in m.results]
            t = RankedTensorType([s if isinstance(s, int) else DYNAMIC for s in szs],
                                 v.type.element_type, v.type.encoding)
            tiled_inits.append(create_extract_slice(b, t, v, [0] * n, szs, [1] * n, loc))
        for i, m in zip(inits_idx, new_init_maps):
            maps[i] = m
        for r in reduction_dims:
            its[r] = "parallel"
        g = create_generic(b, tiled_ins, tiled_inits, maps, its,
                           [v.type for v in tiled_inits], loc)
        op.regions[0].clone_into(g.regions[0], {})
        return TilingResult([g], list(g.results))

    def merge_reductions(self, op, b, loc, partials, reduction_dims):
        inits = dps_inits(op)
        red = b.create("linalg.reduce", list(partials) + inits,
                       [v.type for v in inits if isinstance(v.type, RankedTensorType)],
                       properties={"dimensions": DenseArrayAttr(I64, list(reduction_dims))},
                       regions=1, loc=loc)
        block = Block([element_type_or_self(v.type) for v in list(partials) + inits],
                      [loc] * (len(partials) + len(inits)))
        red.regions[0].append(block)
        ip = b.save()
        b.set_insertion_point_to_end(block)
        n = len(inits)
        ys = []
        for k in range(n):
            comb = b.clone(_combiner(op, k))
            comb.set_operand(0, block.args[k])
            comb.set_operand(1, block.args[n + k])
            ys.append(comb.results[0])
        b.create("linalg.yield", ys, [], loc=loc)
        b.restore(ip)
        return [red], list(red.results)


def _index_attr(v):
    from pyopt.ir.attributes import IntegerAttr
    return IntegerAttr(INDEX, v)


def _attach():
    from pyopt.dialects.linalg import LINALG
    attach([o for o in LINALG.ops.values() if LINALG_STRUCTURED in o.extra], PARTIAL_REDUCTION,
           LinalgPartialReduction())


_attach()
