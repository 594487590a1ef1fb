"""`scf-forall-to-for` and `scf-forall-to-parallel`: scf.forall becomes a nest of scf.for
loops, or one scf.parallel (only without shared outputs, i.e. after bufferization)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.ir.diagnostics import pass_failure

from passes.scf.common import create_for, create_parallel, forall_bounds


def forall_to_for(rw, op):
    rw.set_insertion_point(op)
    lbs, ubs, steps = forall_bounds(rw, op)
    loops = []
    for lb, ub, st in zip(lbs, ubs, steps):
        f = create_for(rw, lb, ub, st, [], op.loc, terminate=False)
        loops.append(f)
        rw.set_insertion_point_to_start(f.regions[0].blocks[0])
    for f in loops:
        rw.set_insertion_point_to_end(f.regions[0].blocks[0])
        rw.create("scf.yield", [], [], loc=op.loc)
    inner = loops[-1].regions[0].blocks[0]
    body = op.regions[0].blocks[0]
    rw.erase_op(body.last)
    rw.inline_block_before(body, inner, inner.last,
                           [f.regions[0].blocks[0].args[0] for f in loops])
    rw.erase_op(op)
    return loops


def forall_to_parallel(rw, op):
    if op.opdef.get_group(op, "operand", 3):
        return None
    rw.set_insertion_point(op)
    lbs, ubs, steps = forall_bounds(rw, op)
    par = create_parallel(rw, lbs, ubs, steps, [], op.loc, with_reduce=False)
    block = par.regions[0].blocks[0]
    body = op.regions[0].blocks[0]
    rw.erase_op(body.last)
    rw.inline_block_before(body, block, None, list(block.args))
    rw.set_insertion_point_to_end(block)
    rw.create("scf.reduce", [], [], loc=op.loc)
    mapping = op.get_attr("mapping")
    if mapping is not None:
        par.set_attr("mapping", mapping)
    for k, v in op.attributes.items():
        if k != "mapping":
            par.set_attr(k, v)
    rw.erase_op(op)
    return par


def _foralls(op):
    post = []
    op.walk(lambda o: post.append(o) if o.name == "scf.forall" else None)
    return post


@register_pass("scf-forall-to-for", "Convert SCF forall loops to SCF for loops",
               display_name="SCFForallToForLoop")
def scf_forall_to_for(op, ctx, options):
    rw = PatternRewriter(ctx)
    for f in _foralls(op):
        forall_to_for(rw, f)


@register_pass("scf-forall-to-parallel", "Convert SCF forall loops to SCF parallel loops",
               display_name="SCFForallToParallelLoop")
def scf_forall_to_parallel(op, ctx, options):
    rw = PatternRewriter(ctx)
    for f in _foralls(op):
        if forall_to_parallel(rw, f) is None:
            raise pass_failure(f.loc)
