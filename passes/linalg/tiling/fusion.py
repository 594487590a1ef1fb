"""Fusing a producer into a loop that consumes slices of its results (MLIR 19
transform.structured.fuse_into_containing_op): the producer's tile is computed in place of
the first tensor.extract_slice of its result inside the loop (through the loop's shared
output when the producer writes the loop's destination), or, failing that, the producer is
cloned at its first use inside the loop. Each step returns None and adds a note to `notes`
when it does not apply."""
from __future__ import annotations

from pyopt.ir.types import RankedTensorType
from pyopt.interfaces.tiling import TilingFailure, tiling_model
from pyopt.dialects.shaped_models import mixed_sizes
from pyopt.dialects.tensor.canonicalize import mixed

from passes.linalg.tiling.scf_tiling import create_forall, destinations, insert_results


def _op_text(op):
    from pyopt.syntax.printer import print_op
    return print_op(op).rstrip("\n")


def rank_reduce_if_needed(b, loc, value, shape):
    """ExtractSliceOp::rankReduceIfNeeded: `value` itself when it has `shape`, else its
    canonical rank-reducing slice (None when `shape` is no rank reduction of it)."""
    from pyopt.dialects.tensor.slice_canonicalize import create_extract_slice
    src = list(value.type.shape)
    if src == list(shape):
        return value
    it = iter(enumerate(src))
    for s in shape:
        for _, x in it:
            if x == s:
                break
            if x != 1:
                return None
        else:
            return None
    if any(x != 1 for _, x in it):
        return None
    t = RankedTensorType(list(shape), value.type.element_type, value.type.encoding)
    sizes = mixed_sizes(b, value, loc)
    return create_extract_slice(b, t, value, [0] * len(src), sizes, [1] * len(src), loc)


def _slice_mixed(op):
    return (mixed(op, "offsets", "static_offsets"), mixed(op, "sizes", "static_sizes"))


def _dominates(dom, a, b):
    """Whether op `a` dominates op `b` (is it or comes before it on every path)."""
    x = b
    while x is not None and x.parent_region is not a.parent_region:
        x = x.parent_op
    if x is None:
        return False
    if x.parent is a.parent:
        return x is a or a.is_before_in_block(x)
    return dom.block_dominates(a.parent, x.parent)


def _generate_tile(b, producer, result_number, offsets, sizes, notes):
    try:
        r = tiling_model(producer).generate_result_tile_value(producer, b, result_number,
                                                              offsets, sizes)
    except TilingFailure:
        r = None
    if r is None:
        notes.append((f"failed to tile producer op: {_op_text(producer)}", producer.loc))
    return r


def _replace_forall_with_new_signature(rw, producer, forall, tile, result_number, offsets,
                                       sizes):
    """Adds an output to the scf.forall for the producer's result when users after the loop
    read it: they then read the loop's new result, built from the fused tile."""
    from pyopt.ir.dominance import DominanceInfo
    dom = DominanceInfo()
    users = []
    for u in producer.results[result_number].uses():
        if not forall.is_ancestor_of(u.owner) and _dominates(dom, forall, u.owner) and \
                u.owner not in users:
            users.append(u.owner)
    if not users or producer.name != "linalg.generic":
        return None
    from passes.linalg.tiling.forall_tiling import forall_mixed_bounds
    from pyopt.interfaces.destination_style import dps_inits
    lbs, ubs, steps = forall_mixed_bounds(forall)
    outs = list(forall.opdef.get_group(forall, "operand", 3)) + \
        [dps_inits(producer)[result_number]]
    ip = rw.save()
    rw.set_insertion_point(forall)
    mapping = forall.get_attr("mapping")
    new = create_forall(rw, forall.loc, lbs, ubs, steps, outs,
                        list(mapping) if mapping is not None else None)
    for blk in list(new.regions[0].blocks):
        blk.erase()
    new.regions[0].take_body(forall.regions[0])
    body = new.regions[0].blocks[0]
    arg = body.add_argument(outs[-1].type, outs[-1].loc if hasattr(outs[-1], "loc") else None)
    outs[-1].replace_uses_if(arg, lambda use: new.is_ancestor_of(use.owner) and
                             use.owner is not new)
    term = body.last
    first_yield = term.regions[0].blocks[0].first
    rw.set_insertion_point(first_yield)
    insert_results(rw, first_yield.loc, "tensor.parallel_insert_slice", [tile], [arg],
                   [offsets], [sizes])
    for old, nv in zip(forall.results, new.results):
        rw.replace_all_uses_with(old, nv)
    rw.replace_uses_if(producer.results[result_number], new.results[-1],
                       lambda use: use.owner in users)
    rw.restore(ip)
    return new


def fuse_first_extract_use(rw, producer, containing, notes):
    """tileAndFuseFirstExtractUse: (tiled ops, new containing op or None), or None."""
    if tiling_model(producer) is None:
        notes.append((f"producer is not a TileableInterface: {_op_text(producer)}",
                      producer.loc))
        return None
    slice_op = None
    for r in producer.results:
        for u in r.uses():
            o = u.owner
            if o.name == "tensor.extract_slice" and containing.is_ancestor_of(o) and \
                    o is not containing:
                slice_op = o
                break
        if slice_op is not None:
            break
    if slice_op is None:
        notes.append((f"could not find fusion opportunity for: {_op_text(producer)}",
                      producer.loc))
        return None
    ip = rw.save()
    rw.set_insertion_point(slice_op)
    result_number = slice_op.source.index
    offsets, sizes = _slice_mixed(slice_op)
    r = _generate_tile(rw, producer, result_number, offsets, sizes, notes)
    if r is None:
        rw.restore(ip)
        return None
    value = rank_reduce_if_needed(rw, slice_op.loc, r.tiled_values[0],
                                  slice_op.results[0].type.shape)
    if value is None:
        notes.append(("shape types don't match (missing canonicalization?)", producer.loc))
        rw.restore(ip)
        return None
    rw.replace_op(slice_op, [value])
    new_containing = None
    if containing.name == "scf.forall":
        new_containing = _replace_forall_with_new_signature(rw, producer, containing,
                                                            r.tiled_values[0], result_number,
                                                            offsets, sizes)
    rw.restore(ip)
    return r.tiled_ops, new_containing


def fuse_through_block_argument(rw, producer, containing, notes):
    """tileAndFuseFirstExtractUseThroughContainingOpBlockArgument: the producer writes the
    scf.forall's shared output; its tile is computed on the output's block argument."""
    if tiling_model(producer) is None:
        notes.append((f"producer is not a TileableInterface: {_op_text(producer)}",
                      producer.loc))
        return None
    use = None
    for r in producer.results:
        for u in r.uses():
            if u.owner.name == "scf.forall":
                use = u
                break
        if use is not None:
            break
    if use is None or use.owner is not containing:
        notes.append((f"could not find a use by the containing op: {_op_text(producer)}",
                      producer.loc))
        return None
    forall = containing
    n_ivs = len(forall.properties["staticUpperBound"].values)
    first_out = len(forall.operands) - len(forall.results)
    arg = forall.regions[0].blocks[0].args[n_ivs + use.index - first_out]
    slice_op = next((u.owner for u in arg.uses() if u.owner.name == "tensor.extract_slice"
                     and containing.is_ancestor_of(u.owner) and u.owner is not containing),
                    None)
    if slice_op is None:
        notes.append(("could not find fusion opportunity for bbArg: "
                      f"<block argument> of type '{arg.type}' at index: {arg.index}",
                      containing.loc))
        return None
    ip = rw.save()
    rw.set_insertion_point(slice_op)
    result_number = use.value.index
    dests = destinations(rw, producer)
    mapping = {dests[result_number]: arg}
    clone = rw.clone(producer, mapping)
    offsets, sizes = _slice_mixed(slice_op)
    r = _generate_tile(rw, clone, result_number, offsets, sizes, notes)
    if r is None:
        rw.erase_op(clone)
        rw.restore(ip)
        return None
    value = rank_reduce_if_needed(rw, slice_op.loc, r.tiled_values[0],
                                  slice_op.results[0].type.shape)
    rw.replace_op(slice_op, [value])
    rw.modify_op_in_place(containing, lambda: containing.set_operand(use.index, dests[0]))
    rw.erase_op(clone)
    rw.restore(ip)
    return r.tiled_ops


def clone_and_fuse_first_use(rw, producer, containing, notes):
    """cloneAndFuseFirstUse: the producer cloned before its first use inside the loop."""
    uses = []
    for r in producer.results:
        for u in r.uses():
            if containing.is_ancestor_of(u.owner) and u.owner is not containing:
                uses.append(u)
                continue
            if u.owner is containing:
                notes.append(("producer op use by containing op cannot be fused by cloning",
                              producer.loc))
                return None
    if not uses:
        notes.append(("no fusion opportunity by cloning", producer.loc))
        return None
    use = uses[0]
    ip = rw.save()
    rw.set_insertion_point(use.owner)
    fused = rw.clone(producer)
    n = use.value.index
    rw.modify_op_in_place(use.owner, lambda: use.owner.set_operand(use.index,
                                                                   fused.results[n]))
    rw.restore(ip)
    return fused
