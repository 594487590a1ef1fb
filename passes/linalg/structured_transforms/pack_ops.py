"""transform.structured.pack / pack_greedily / pack_transpose over passes/linalg/packing.py."""
from __future__ import annotations

from pyopt.dialects.linalg.structured import is_linalg_op, num_loops
from pyopt.dialects.transform.ext_structured_pack import (LOWER_PACK, LOWER_UNPACK, PACK,
                                                          PACK_GREEDILY, PACK_TRANSPOSE)
from pyopt.dialects.transform.failures import definite, silenceable

from passes.linalg.packing import pack_linalg_op, pack_matmul_greedily, pack_transpose
from passes.linalg.structured_transforms.common import (implement, mixed_sizes,
                                                        unpack_single_index_results)


def _values(op, name):
    a = op.get_attr(name)
    return list(a.values) if a is not None else []


def apply_pack(op, state, results):
    targets = state.payload_ops(op.target)
    if not targets:
        results.set(0, [])
        return
    if len(targets) != 1 or not is_linalg_op(targets[0]):
        raise silenceable(op, "requires target to map to exactly 1 LinalgOp (got "
                              f"{len(targets)})")
    target = targets[0]
    mixed = mixed_sizes(op, _values(op, "static_packed_sizes"), op.packed_sizes)
    if len(mixed) != num_loops(target):
        raise silenceable(op, "requires number of packed sizes match the number of loops ("
                              f"{len(mixed)} vs {num_loops(target)})")
    sizes = unpack_single_index_results(state, op, mixed)
    rw = state.rewriter
    rw.set_insertion_point(target)
    r = pack_linalg_op(rw, target, sizes)
    if r is None:
        raise definite(op, "data tiling failed")
    results.set(0, [r.packed_op])


def apply_pack_greedily(op, state, results):
    out = []
    sizes = mixed_sizes(op, _values(op, "static_matmul_packed_sizes"), op.matmul_packed_sizes)
    rw = state.rewriter
    for target in state.payload_ops(op.target):
        if not is_linalg_op(target):
            continue
        rw.set_insertion_point_after(target)
        r = pack_matmul_greedily(rw, target, sizes,
                                 _values(op, "matmul_padded_sizes_next_multiple_of"),
                                 _values(op, "matmul_inner_dims_order"))
        out.append(r.packed_op if r is not None else target)
    results.set(0, out)


def _valid_perm(relayout, perm, inner):
    if relayout is None or not perm:
        return True
    if inner:
        n = len(relayout.get_attr("inner_dims_pos").values)
    elif relayout.name == "tensor.pack":
        n = len(relayout.source.type.shape)
    else:
        n = len(relayout.results[0].type.shape)
    return len(perm) == n and sorted(perm) == list(range(n))


def apply_pack_transpose(op, state, results):
    from pyopt.syntax.printer import print_op
    relayouts = state.payload_ops(op.target_pack_or_un_pack_op)
    linalgs = state.payload_ops(op.target_linalg_op)
    if not relayouts:
        for i in range(3):
            results.set(i, [])
        return
    if len(relayouts) != 1 or len(linalgs) != 1:
        raise silenceable(op, "requires target to map to exactly 1 packing op and 1 packed op "
                              f"(got {len(relayouts)} and {len(linalgs)})")
    r = relayouts[0]
    pack = r if r.name == "tensor.pack" else None
    unpack = r if r.name == "tensor.unpack" else None
    if pack is None and unpack is None:
        raise silenceable(op, "requires target to map to a tensor.pack or tensor.unpack")
    target = linalgs[0]
    if not is_linalg_op(target):
        raise silenceable(op, "requires a LinalgOp target")
    linalg = None
    if pack is not None and pack.results[0].has_one_use():
        user = next(pack.results[0].uses()).owner
        linalg = user if is_linalg_op(user) else None
    elif unpack is not None:
        d = unpack.source.defining_op()
        linalg = d if d is not None and is_linalg_op(d) else None
    if linalg is not target:
        raise silenceable(op, "not a single use by the LinalgOp target" if pack is not None
                          else "not produced by the LinalgOp target")
    if unpack is not None:
        from pyopt.interfaces.destination_style import init_indices
        k = unpack.source.index
        init = target.operand(init_indices(target)[k])
        pack = init.defining_op()
        if pack is None or pack.name != "tensor.pack" or not pack.results[0].has_one_use():
            raise silenceable(op, "could not find matching pack op")
    outer, inner = _values(op, "outer_perm"), _values(op, "inner_perm")
    for perm, is_inner, msg in ((outer, False, "invalid outer_perm"),
                                (inner, True, "invalid inner_perm")):
        if not _valid_perm(pack, perm, is_inner) or not _valid_perm(unpack, perm, is_inner):
            shown = unpack if unpack is not None else pack
            raise silenceable(op, f"{msg}: {print_op(shown).rstrip()}")
    res = pack_transpose(state.rewriter, pack, target, unpack, outer, inner)
    if res is None:
        raise definite(op, "failed to apply")
    new_pack, new_op, new_unpack = res
    results.set(1, [new_pack])
    results.set(0, [new_op])
    results.set(2, [new_unpack] if new_unpack is not None else [])


implement(PACK, apply_pack)
implement(PACK_GREEDILY, apply_pack_greedily)
implement(PACK_TRANSPOSE, apply_pack_transpose)


def each_lower_pack(op, target, state):
    from passes.linalg.lower_pack import lower_pack
    r = lower_pack(state.rewriter, target)
    if r is None:
        raise silenceable(target, "cannot lower to pad + expand + transpose")
    return list(r)


def each_lower_unpack(op, target, state):
    from passes.linalg.lower_pack import lower_unpack
    r = lower_unpack(state.rewriter, target)
    if r is None:
        raise silenceable(target, "cannot lower to transpose + collapse + extract")
    return list(r)


implement(LOWER_PACK, each_lower_pack)
implement(LOWER_UNPACK, each_lower_unpack)
