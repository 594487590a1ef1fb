"""Elementwise fusion of linalg ops on tensors (MLIR 19 ElementwiseOpFusion.cpp) and the
`linalg-fuse-elementwise-ops` pass.

- FuseElementwiseOps: a linalg.generic whose input is produced by an all-parallel generic on
  tensors (with an invertible result map) absorbs the producer: the producer's inputs become
  the fused op's (their maps composed through the producer's result map), its payload is
  cloned before the consumer's, and its results still used elsewhere (or whose init the
  payload reads, or that fix a loop bound) stay results of the fused op;
- FoldScalarOrSplatConstant: a scalar or splat constant input becomes an arith.constant
  inside the payload;
- FoldFillWithGenericOp: an input produced by linalg.fill is read as the fill value;
- RemoveOutsDependency: an init the payload never reads becomes a tensor.empty;
- plus the erase-unused-operands patterns (erase_unused.py).

The reshape fusions are in reshape_fusion.py, the constant folding of transposes in
constant_fold.py. Control functions take the fused OpOperand and say whether to fuse."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.ir.attributes import (AffineMapAttr, DenseElementsAttr, FloatAttr, IntegerAttr)
from pyopt.ir.core import Block
from pyopt.ir.location import UNKNOWN_LOC, FusedLoc
from pyopt.ir.types import FloatType, I64, INDEX, IndexType, IntegerType, MemRefType, \
    RankedTensorType
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.greedy import GreedyConfig
from pyopt.rewrite.matchers import constant_attr, defining
from pyopt.rewrite.pattern import RewritePattern, canonicalization_patterns
from pyopt.interfaces.destination_style import has_pure_tensor_semantics, init_indices
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import (concat_maps, indexing_maps, inverse_permutation,
                                              iterator_types, payload)
from passes.linalg.erase_unused import (can_operands_be_dropped, payload_uses,
                                        populate_erase_unused_operands_and_results)
from passes.linalg.reshape_fusion import (create_or_fold_dim, has_index_semantics,
                                          input_indices, linalg_op_names,
                                          populate_fold_reshape_ops_by_expansion)


# ---------------------------------------------------------------------------- fusion
def _producer_operand_map(producer, i, producer_result_map, consumer_map):
    """getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp: producer operand i's map in
    the consumer's loops."""
    inv = inverse_permutation(producer_result_map)
    arg_map = indexing_maps(producer)[i]
    return arg_map.compose(inv).compose(consumer_map)


def are_elementwise_ops_fusable(slot):
    """areElementwiseOpsFusable for the consumer operand `slot`."""
    if slot is None:
        return False
    producer = defining(slot.value, "linalg.generic")
    consumer = slot.owner
    if producer is None or consumer.name != "linalg.generic":
        return False
    if not has_pure_tensor_semantics(producer) or type(slot.value.type) is not RankedTensorType:
        return False
    p_iters = iterator_types(producer)
    if any(t != "parallel" for t in p_iters):
        return False
    if slot.index in init_indices(consumer):
        return False
    c_maps = indexing_maps(consumer)
    consumer_map = c_maps[slot.index]
    if consumer_map.num_results != len(p_iters):
        return False
    p_maps = indexing_maps(producer)
    result_map = p_maps[init_indices(producer)[0]]
    if not result_map.is_permutation():
        return False
    c_iters = iterator_types(consumer)
    if "reduction" in c_iters:
        covered = [False] * len(c_iters)

        def cover(m):
            for e in m.results:
                if isinstance(e, AffineDimExpr):
                    covered[e.position] = True
        for v, m in zip(consumer.operands, c_maps):
            if v is slot.value:
                continue
            cover(m)
        for i in input_indices(producer):
            cover(_producer_operand_map(producer, i, result_map, consumer_map))
        if not all(covered):
            return False
    return True


def preserved_producer_results(producer, consumer):
    """getPreservedProducerResults: the producer results the fused op must still produce."""
    out = set()
    for k, r in enumerate(producer.results):
        init = init_indices(producer)[k]
        if payload_uses(producer, init) or not can_operands_be_dropped(producer, [init]) or \
                any(u.owner is not consumer for u in r.uses()):
            out.add(k)
    return out


def _fused_region(rw, fused, producer, consumer, slot, consumer_to_producer, preserved):
    """generateFusedElementwiseOpRegion."""
    p_block, c_block = payload(producer), payload(consumer)
    ip = rw.save()
    block = rw.create_block(fused.regions[0])
    mapping = {}
    if has_index_semantics(producer):
        n = max(len(iterator_types(producer)), len(iterator_types(consumer)))
        indices = [rw.create("linalg.index", [], [INDEX],
                             properties={"dim": IntegerAttr(I64, d)},
                             loc=producer.loc).results[0] for d in range(n)]
        for o in [o for o in p_block if o.name == "linalg.index"]:
            m = consumer_to_producer.get_sub_map([o.properties["dim"].value])
            mapping[o.results[0]] = rw.create("affine.apply", indices, [INDEX],
                                              properties={"map": AffineMapAttr(m)},
                                              loc=producer.loc).results[0]
    p_inits = init_indices(producer)
    c_inits = init_indices(consumer)
    p_nin = len(p_block.args) - len(p_inits)
    c_nin = len(c_block.args) - len(c_inits)

    def add(a):
        mapping[a] = block.add_argument(a.type, a.loc)
    for a in c_block.args[:slot.index]:
        add(a)
    for a in p_block.args[:p_nin]:
        add(a)
    for a in c_block.args[slot.index + 1:c_nin]:
        add(a)
    for k, a in enumerate(p_block.args[p_nin:]):
        if k in preserved:
            add(a)
    for a in c_block.args[c_nin:]:
        add(a)
    for o in list(p_block)[:-1]:
        if o.name != "linalg.index":
            rw.clone(o, mapping)
    p_yield = p_block.last
    result_no = slot.value.index
    y = p_yield.operand(result_no)
    mapping[c_block.args[slot.index]] = mapping.get(y, y)
    for o in list(c_block)[:-1]:
        rw.clone(o, mapping)
    c_yield = c_block.last
    vals = [mapping.get(v, v) for k, v in enumerate(p_yield.operands) if k in preserved]
    vals += [mapping.get(v, v) for v in c_yield.operands]
    rw.create("linalg.yield", vals, [], loc=fused.loc)
    rw.restore(ip)


def fuse_elementwise_ops(rw, slot):
    """fuseElementwiseOps: (fused op, [(original value, replacement)]), or None."""
    producer = slot.value.defining_op()
    consumer = slot.owner
    preserved = preserved_producer_results(producer, consumer)
    p_maps, c_maps = indexing_maps(producer), indexing_maps(consumer)
    p_inits, c_inits = init_indices(producer), init_indices(consumer)
    result_map = p_maps[p_inits[slot.value.index]]
    consumer_map = c_maps[slot.index]
    ins, outs, maps, result_types = [], [], [], []
    c_ins = input_indices(consumer)
    pos = c_ins.index(slot.index)
    for i in c_ins[:pos]:
        ins.append(consumer.operand(i))
        maps.append(c_maps[i])
    for i in input_indices(producer):
        ins.append(producer.operand(i))
        maps.append(_producer_operand_map(producer, i, result_map, consumer_map))
    for i in c_ins[pos + 1:]:
        ins.append(consumer.operand(i))
        maps.append(c_maps[i])
    for k, i in enumerate(p_inits):
        if k not in preserved:
            continue
        v = producer.operand(i)
        outs.append(v)
        maps.append(_producer_operand_map(producer, i, result_map, consumer_map))
        result_types.append(v.type)
    for i in c_inits:
        v = consumer.operand(i)
        outs.append(v)
        maps.append(c_maps[i])
        if not isinstance(v.type, MemRefType):
            result_types.append(v.type)
    fused = create_generic(rw, ins, outs, maps, iterator_types(consumer), result_types,
                           consumer.loc)
    if inverse_permutation(concat_maps(maps)) is None:
        rw.erase_op(fused)
        return rw.notify_match_failure(fused, "fused op failed loop bound computation check") \
            or None
    consumer_to_producer = inverse_permutation(result_map).compose(consumer_map)
    _fused_region(rw, fused, producer, consumer, slot, consumer_to_producer, preserved)
    replacements = []
    n = 0
    for k, r in enumerate(producer.results):
        if k in preserved:
            replacements.append((r, fused.results[n]))
            n += 1
    for r in consumer.results:
        replacements.append((r, fused.results[n]))
        n += 1
    return fused, replacements


class FuseElementwiseOps(RewritePattern):
    root = "linalg.generic"

    def __init__(self, control):
        super().__init__()
        self.control = control

    def match_and_rewrite(self, op, rw):
        for slot in op.operand_slots:
            if not are_elementwise_ops_fusable(slot) or not self.control(slot):
                continue
            producer = slot.value.defining_op()
            r = fuse_elementwise_ops(rw, slot)
            if r is None:
                return rw.notify_match_failure(op, "fusion failed")
            for orig, new in r[1]:
                # only the consumer's uses (the producer's results keep their producer)
                rw.replace_uses_if(orig, new,
                                   lambda u: u.value.defining_op() is not producer)
            rw.erase_op(op)
            return True
        return False


# ---------------------------------------------------------------------------- constants
def _scalar_constant(v):
    """The scalar attribute a splat int/float dense constant, or an integer or float
    constant, gives v (isScalarOrSplatConstantOp), else None."""
    a = constant_attr(v)
    if a is None:
        return None
    if type(a) is DenseElementsAttr:
        et = a.type.element_type
        if not a.is_splat or not isinstance(et, (IntegerType, FloatType)):  # isIntOrFloat
            return None
        x = a.splat_value()
        return FloatAttr(et, x) if isinstance(et, FloatType) else IntegerAttr(et, x)
    if type(a) in (IntegerAttr, FloatAttr):
        return a
    return None


def _value_loc(v):
    d = v.defining_op()
    return d.loc if d is not None else v.loc


def fused_loc(locs):
    """Builder::getFusedLoc (FusedLoc::get without metadata): nested fused locations
    flattened, unknown ones dropped, duplicates removed; one left stands alone."""
    from pyopt.ir.location import UnknownLoc
    uniq = []
    for loc in locs:
        parts = list(loc.locations) if isinstance(loc, FusedLoc) and loc.metadata is None \
            else [loc]
        for c in parts:
            if not isinstance(c, UnknownLoc) and c not in uniq:
                uniq.append(c)
    if not uniq:
        return UNKNOWN_LOC
    return uniq[0] if len(uniq) == 1 else FusedLoc(uniq)


class FoldScalarOrSplatConstant(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        maps = indexing_maps(op)
        ins = input_indices(op)
        for i in ins:
            v = op.operand(i)
            d = v.defining_op()
            if d is None:
                continue
            attr = _scalar_constant(v)
            if attr is None:
                continue
            new_maps, operands, locs = [], [], [op.loc]
            for j in ins:
                if j == i:
                    continue
                new_maps.append(maps[j])
                operands.append(op.operand(j))
                locs.append(_value_loc(op.operand(j)))
            inits = init_indices(op)
            new_maps += [maps[j] for j in inits]
            if inverse_permutation(concat_maps(new_maps)) is None:
                return rw.notify_match_failure(op, "fused op loop bound computation failed")
            c = rw.create("arith.constant", [], [attr.type], properties={"value": attr},
                          loc=d.loc).results[0]
            fused = create_generic(rw, operands, [op.operand(j) for j in inits], new_maps,
                                   iterator_types(op), [r.type for r in op.results],
                                   fused_loc(locs))
            mapping = {payload(op).args[i]: c}
            _clone_region_with(rw, op.regions[0], fused.regions[0], mapping)
            rw.replace_op(op, list(fused.results))
            return True
        return False


def _clone_region_with(rw, region, dest, mapping):
    """cloneRegionBefore with a value mapping (of a single-block region): block arguments
    already mapped get no argument in the clone."""
    old = region.blocks[0]
    keep = [a for a in old.args if a not in mapping]
    new = Block([a.type for a in keep], [a.loc for a in keep])
    for a, na in zip(keep, new.args):
        mapping[a] = na
    dest.append(new)
    if rw.listener is not None:
        rw.listener.notify_block_inserted(new, None)
    ip = rw.save()
    rw.set_insertion_point_to_end(new)
    for o in old:
        rw.clone(o, mapping)
    rw.restore(ip)


# ---------------------------------------------------------------------------- cleanups
class RemoveOutsDependency(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        changed = False
        loc = op.loc
        for i in init_indices(op):
            if payload_uses(op, i):
                continue
            v = op.operand(i)
            t = v.type
            if type(t) is not RankedTensorType:
                continue
            if getattr(t, "encoding", None) is not None and \
                    "sparse" in str(t.encoding):
                continue
            if defining(v, "tensor.empty") is not None:
                continue
            changed = True
            sizes = [create_or_fold_dim(rw, v, k, loc) if s < 0 else s
                     for k, s in enumerate(t.shape)]
            dyn = [s for s in sizes if not isinstance(s, int)]
            et = RankedTensorType([s if isinstance(s, int) else t.shape[k]
                                   for k, s in enumerate(sizes)], t.element_type)
            empty = rw.create("tensor.empty", dyn, [et], loc=loc).results[0]
            op.set_operand(i, empty)
        if changed:
            rw.modify_op_in_place(op)
        return changed


def convert_scalar_to_dtype(rw, loc, v, to):
    """convertScalarToDtype with signed casts (a value it cannot cast is kept)."""
    frm = v.type
    if frm is to:
        return v
    name = None
    if isinstance(to, IntegerType):
        if isinstance(frm, FloatType):
            name = "arith.fptosi"
        elif isinstance(frm, IndexType):
            name = "arith.index_cast"
        elif isinstance(frm, IntegerType):
            if to.width == frm.width:
                return v
            name = "arith.extsi" if to.width > frm.width else "arith.trunci"
    elif isinstance(to, FloatType):
        if isinstance(frm, IntegerType):
            name = "arith.sitofp"
        elif isinstance(frm, FloatType):
            name = "arith.extf" if to.width > frm.width else \
                "arith.truncf" if to.width < frm.width else "arith.bitcast"
    if name is None:
        return v
    return rw.create(name, [v], [to], loc=loc).results[0]


class FoldFillWithGenericOp(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        found = False
        block = payload(op)
        for i in input_indices(op):
            if not payload_uses(op, i):
                continue
            fill = defining(op.operand(i), "linalg.fill")
            if fill is None:
                continue
            found = True
            value = fill.inputs[0]
            et = fill.results[0].type.element_type
            conv = convert_scalar_to_dtype(rw, fill.loc, value, et)
            rw.replace_all_uses_with(block.args[i], conv)
        return found


def populate_elementwise_ops_fusion(control):
    """populateElementwiseOpsFusionPatterns."""
    return [FuseElementwiseOps(control), FoldFillWithGenericOp(), FoldScalarOrSplatConstant(),
            RemoveOutsDependency()] + populate_erase_unused_operands_and_results()


def default_control(slot):
    """The pass's control: the producer has exactly one use."""
    producer = slot.value.defining_op()
    if producer is None:
        return False
    n = 0
    for r in producer.results:
        for _ in r.uses():
            n += 1
    return n == 1


def _fusion_pass_patterns(ctx):
    from pyopt.dialects.linalg import canonicalize as lc
    from passes.linalg.constant_fold import populate_constant_fold_linalg_operations
    from pyopt.dialects.tensor.reshapes import expand_shape_patterns
    names = linalg_op_names(ctx)
    pats = populate_elementwise_ops_fusion(default_control)
    pats += populate_fold_reshape_ops_by_expansion(ctx, default_control)
    # AffineApplyOp's, GenericOp's, ExpandShapeOp's and CollapseShapeOp's canonicalization
    # patterns (not FillOp's, which the linalg dialect attaches to the reshapes too)
    pats += list(_patterns_of(ctx, ["affine.apply"]))
    pats.append(lc.EraseIdentityLinalgOp("linalg.generic"))
    pats += [p for p in _patterns_of(ctx, ["tensor.expand_shape", "tensor.collapse_shape"])
             if not isinstance(p, lc.FoldFillWithTensorReshape)]
    pats += expand_shape_patterns()["tensor.dim"]  # (FoldDimOfExpandShape/CollapseShape)
    # the linalg dialect's: EraseDeadLinalgOp, FoldTensorCastConsumerOp,
    # InferStaticShapeOfOperands
    pats += [lc.EraseDeadLinalgOp(n) for n in names]
    pats.append(lc.FoldTensorCastConsumerOp())
    pats += [lc.InferStaticShapeOfOperands(n) for n in names]
    pats += populate_constant_fold_linalg_operations(ctx, default_control)
    return pats


def _patterns_of(ctx, names):
    ps = canonicalization_patterns(ctx, names)
    out = []
    for n in names:
        out += list(ps.by_root.get(n, ()))
    return out


@register_pass("linalg-fuse-elementwise-ops", "Fuse elementwise operations on tensors",
               display_name="LinalgElementwiseOpFusionPass")
def linalg_fuse_elementwise_ops(op, ctx, options):
    config = GreedyConfig(top_down=True, region_simplification="aggressive")
    apply_patterns_greedily(op, _fusion_pass_patterns(ctx), ctx, config)
