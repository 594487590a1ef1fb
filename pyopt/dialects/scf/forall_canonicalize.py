"""scf.forall canonicalization (MLIR 19 SCF.cpp, ForallOp::getCanonicalizationPatterns, and
scf::promote): constant bound operands folded into the static lists, dimensions with zero or
one iteration dropped (the whole loop replaced by its outputs, or its body inlined with
tensor.insert_slice for the in_parallel writes when no dimension is left), shared outputs
that are unused or never written dropped, tensor.cast producers of shared outputs folded in,
and tensor.dim of a result read from the tied shared output. Attached by
scf/canonicalize.attach."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern

_BOUNDS = (("dynamicLowerBound", "staticLowerBound"), ("dynamicUpperBound", "staticUpperBound"),
           ("dynamicStep", "staticStep"))


def mixed_bounds(op):
    """(lower bounds, upper bounds, steps): ints and index Values (getMixed*)."""
    out = []
    for group, static in _BOUNDS:
        dyn = iter(getattr(op, group))
        out.append([next(dyn) if s == DYNAMIC else s for s in op.get_attr(static).values])
    return out


def _bound_properties(lbs, ubs, steps, n_outputs):
    props, dyn, counts = {}, [], []
    for (_, static), mixed in zip(_BOUNDS, (lbs, ubs, steps)):
        props[static] = DenseArrayAttr(I64, [x if isinstance(x, int) else DYNAMIC
                                             for x in mixed])
        vals = [x for x in mixed if not isinstance(x, int)]
        counts.append(len(vals))
        dyn += vals
    props["operandSegmentSizes"] = segment_sizes(counts + [n_outputs])
    return props, dyn


def create_forall(b, loc, lbs, ubs, steps, outs, mapping=None, body=True, terminator=True):
    """scf.forall over mixed bounds; with `body`, an entry block (ivs, shared outputs), ending
    in an empty scf.forall.in_parallel unless `terminator` is False."""
    n = len(ubs)
    lbs = [0] * n if lbs is None else lbs
    steps = [1] * n if steps is None else steps
    props, dyn = _bound_properties(lbs, ubs, steps, len(outs))
    if mapping:
        props["mapping"] = ArrayAttr(list(mapping))
    f = b.create("scf.forall", dyn + list(outs), [v.type for v in outs], properties=props,
                 regions=[Region()], loc=loc)
    if body:
        block = Block([INDEX] * n + [v.type for v in outs], [loc] * (n + len(outs)))
        f.regions[0].append(block)
        if not terminator:
            return f
        ip = b.save()
        b.set_insertion_point_to_end(block)
        region = Region()
        region.append(Block())
        b.create("scf.forall.in_parallel", [], [], regions=[region], loc=loc)
        b.restore(ip)
    return f


class ControlOperandsFolder(RewritePattern):
    """ForallOpControlOperandsFolder: constant bound operands become static entries."""
    root = "scf.forall"

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.slice_canonicalize import fold_dynamic_index_list
        folded = [fold_dynamic_index_list(m) for m in mixed_bounds(op)]
        if not any(changed for _, changed in folded):
            return False
        props, dyn = _bound_properties(*(m for m, _ in folded), len(op.outputs))

        def change():
            op.set_operands(dyn + list(op.outputs))
            op.properties.update(props)
        rw.modify_op_in_place(op, change)
        return True


def _trip_count(lb, ub, step):
    from pyopt.dialects.scf.canonicalize import _trip_count as count
    return count(lb, ub, step)


def _index_value(rw, x, loc):
    if not isinstance(x, int):
        return x
    return rw.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, x)},
                     loc=loc).results[0]


def promote(rw, op):
    """scf::promote: the single-iteration body inlined before the loop (ivs = lower bounds,
    shared outputs = the outputs), its parallel_insert_slice writes as insert_slice ops."""
    from pyopt.dialects.tensor.slice_canonicalize import create_insert_slice
    body = op.regions[0].blocks[0]
    term = body.last
    lbs = [_index_value(rw, x, op.loc) for x in mixed_bounds(op)[0]]
    rw.inline_block_before(body, op.parent, op, lbs + list(op.outputs))
    rw.set_insertion_point_after(op)
    results = []
    for y in list(term.regions[0].blocks[0]):
        results.append(create_insert_slice(rw, "tensor.insert_slice", y.source, y.dest,
                                           y.mixed_offsets, y.mixed_sizes, y.mixed_strides,
                                           op.loc).results[0])
    for r, v in zip(op.results, results):
        rw.replace_all_uses_with(r, v)
    rw.erase_op(term)
    rw.erase_op(op)


class SingleOrZeroIterationDimsFolder(RewritePattern):
    """ForallOpSingleOrZeroIterationDimsFolder (loops not mapped to processing units)."""
    root = "scf.forall"

    def match_and_rewrite(self, op, rw):
        if op.get_attr("mapping") is not None:
            return False
        loc = op.loc
        new_lbs, new_ubs, new_steps, mapping = [], [], [], {}
        ivs = op.regions[0].blocks[0].args[:len(op.get_attr("staticUpperBound").values)]
        for lb, ub, step, iv in zip(*mixed_bounds(op), ivs):
            n = _trip_count(lb, ub, step)
            if n == 0:
                rw.replace_op(op, list(op.outputs))
                return True
            if n == 1:
                mapping[iv] = _index_value(rw, lb, loc)
                continue
            new_lbs.append(lb)
            new_ubs.append(ub)
            new_steps.append(step)
        if len(new_lbs) == len(ivs):
            return rw.notify_match_failure(op, "no dimensions have 0 or 1 iterations")
        if not new_lbs:
            promote(rw, op)
            return True
        new = create_forall(rw, loc, new_lbs, new_ubs, new_steps, list(op.outputs), body=False)
        for k, v in op.attributes.items():
            new.attributes[k] = v
        from pyopt.dialects.scf.canonicalize import _clone_region_into
        _clone_region_into(rw, op.regions[0], new.regions[0], mapping)
        rw.replace_op(op, list(new.results))
        return True


def _combining_ops(op, arg):
    """getCombiningOps: the in_parallel ops writing into shared output argument `arg`."""
    term = op.regions[0].blocks[0].last
    return [y for y in term.regions[0].blocks[0] if y.dest is arg]


class IterArgsFolder(RewritePattern):
    """ForallOpIterArgsFolder: a shared output whose result is unused or that nothing writes
    is dropped (its writes erased, its uses inside and outside the loop given the init)."""
    root = "scf.forall"

    def match_and_rewrite(self, op, rw):
        block = op.regions[0].blocks[0]
        rank = len(op.get_attr("staticUpperBound").values)
        out_args = block.args[rank:]
        outs = list(op.outputs)
        dropped, kept = [], []
        for r, arg, init in zip(op.results, out_args, outs):
            if r.first_use is None or not _combining_ops(op, arg):
                dropped.append((r, arg, init))
            else:
                kept.append((r, arg, init))
        if not dropped:
            return False
        for _, arg, _ in dropped:
            for y in _combining_ops(op, arg):
                rw.erase_op(y)
        mapping = op.get_attr("mapping")
        new = create_forall(rw, op.loc, *mixed_bounds(op), [init for _, _, init in kept],
                            list(mapping) if mapping is not None else None,
                            terminator=False)
        new_block = new.regions[0].blocks[0]
        new_outs = iter(new_block.args[rank:])
        args = list(new_block.args[:rank])
        for r, arg, init in zip(op.results, out_args, outs):
            args.append(init if any(r is d[0] for d in dropped) else next(new_outs))
        rw.merge_blocks(block, new_block, args)
        for (r, _, _), nr in zip(kept, new.results):
            rw.replace_all_uses_with(r, nr)
        for r, _, init in dropped:
            rw.replace_all_uses_with(r, init)
        return True


class FoldTensorCastOfOutput(RewritePattern):
    """FoldTensorCastOfOutputIntoForallOp: a shared output made by a tensor.cast that loses
    static information takes the cast's source; the body sees a cast of the new argument and
    the results are cast back."""
    root = "scf.forall"

    def match_and_rewrite(self, op, rw):
        from pyopt.dialects.tensor.canonicalize import preserves_static_information
        outs = list(op.outputs)
        casts = {}
        for i, v in enumerate(outs):
            c = defining(v, "tensor.cast")
            if c is None or not preserves_static_information(c.dest.type, c.source.type):
                continue
            casts[i] = c.dest.type
            outs[i] = c.source
        if not casts:
            return False
        loc = op.loc
        mapping = op.get_attr("mapping")
        new = create_forall(rw, loc, *mixed_bounds(op), outs,
                            list(mapping) if mapping is not None else None, terminator=False)
        block = new.regions[0].blocks[0]
        rank = len(op.get_attr("staticUpperBound").values)
        args = list(block.args)
        ip = rw.save()
        rw.set_insertion_point_to_end(block)
        for i, t in casts.items():
            args[rank + i] = rw.create("tensor.cast", [args[rank + i]], [t],
                                       loc=loc).results[0]
        rw.restore(ip)
        rw.merge_blocks(op.regions[0].blocks[0], block, args)
        term = block.last
        for y, arg in zip(list(term.regions[0].blocks[0]), block.args[rank:]):
            def change(y=y, arg=arg):
                y.dest = arg
            rw.modify_op_in_place(y, change)
        rw.set_insertion_point_after(new)
        results = list(new.results)
        for i, t in casts.items():
            results[i] = rw.create("tensor.cast", [results[i]], [t], loc=loc).results[0]
        rw.replace_op(op, results)
        return True


class DimOfForall(RewritePattern):
    """tensor.dim of a forall result reads the tied shared output instead."""
    root = "tensor.dim"

    def match_and_rewrite(self, op, rw):
        f = defining(op.source, "scf.forall")
        if f is None:
            return False
        out = f.outputs[op.source.index]
        def change():
            op.source = out
        rw.modify_op_in_place(op, change)
        return True


# (DimOfForall is one of the forall's canonicalization patterns, rooted at tensor.dim)
PATTERNS = [DimOfForall(), FoldTensorCastOfOutput(), ControlOperandsFolder(), IterArgsFolder(),
            SingleOrZeroIterationDimsFolder()]
