"""Rewriting an affine access of one memref into an access of another (the per-op part of
upstream's replaceAllMemRefUsesWith), shared by normalize-memrefs, data copy generation,
pipelining's double buffering and loop fusion's private memrefs."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import (canonicalize_map_and_operands,
                                                compose_map_and_operands, simplify_map)
from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.types import INDEX
from pyopt.rewrite.rewriter import Builder

# affine access op -> position of its memref operand
ACCESS_MEMREF_POS = {"affine.load": 0, "affine.vector_load": 0, "affine.store": 1,
                     "affine.vector_store": 1, "affine.prefetch": 0}


def _apply(b, m, operands, loc):
    return b.create("affine.apply", operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def _one_result_maps(m):
    return [AffineMap.get(m.num_dims, m.num_symbols, [e]) for e in m.results]


def replace_memref_access(ctx, op, new, remap=None, extra_indices=(), extra_operands=(),
                          symbol_operands=(), slot=None):
    """Replaces the affine access `op` by the same access of `new`: its subscripts are
    `extra_indices` followed by `remap` applied to (`extra_operands`, the old subscripts,
    `symbol_operands`), composed into one map. Dead affine.apply ops it made are erased.
    `slot` is (memref operand position, map attribute name) for ops with several memrefs
    (affine.dma_start/wait); loads, stores and prefetches have one."""
    pos, key = slot or (ACCESS_MEMREF_POS[op.name], "map")
    old_map = (op.properties.get(key) or op.attributes.get(key)).value
    idx = list(op.operands[pos + 1:pos + 1 + old_map.num_inputs])
    b = Builder(ctx)
    b.set_insertion_point(op)
    applies = []
    if old_map != AffineMap.get_multi_dim_identity(old_map.num_dims):
        coords = [_apply(b, m, idx, op.loc) for m in _one_result_maps(old_map)]
        applies += coords
    else:
        coords = idx
    remap_operands = list(extra_operands) + coords + list(symbol_operands)
    if remap is not None and remap != AffineMap.get_multi_dim_identity(remap.num_dims):
        outs = [_apply(b, m, remap_operands, op.loc) for m in _one_result_maps(remap)]
        applies += outs
    else:
        outs = remap_operands
    operands = list(extra_indices) + outs
    m = AffineMap.get_multi_dim_identity(len(operands))
    while True:  # (fullyComposeAffineMapAndOperands)
        m, operands = compose_map_and_operands(m, operands)
        if not any(v.defining_op() is not None and v.defining_op().name == "affine.apply"
                   for v in operands):
            break
    m = simplify_map(m)
    m, operands = canonicalize_map_and_operands(m, operands)
    for v in applies:  # (in creation order: the first ones may stay, dead, as upstream's)
        if not v.has_uses():
            v.owner.erase()
    props, attrs = dict(op.properties), dict(op.attributes)
    (props if key in props else attrs)[key] = AffineMapAttr(m)
    repl = b.create(op.name, list(op.operands[:pos]) + [new] + list(operands) +
                    list(op.operands[pos + 1 + old_map.num_inputs:]),
                    [r.type for r in op.results], properties=props, attributes=attrs,
                    loc=op.loc)
    for r, n in zip(op.results, repl.results):
        r.replace_all_uses_with(n)
    op.erase()
    return repl
