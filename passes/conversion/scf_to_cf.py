"""`convert-scf-to-cf`: structured control flow (scf.for/if/while/execute_region/index_switch/
parallel) to blocks and branches, by the dialect conversion driver. scf.parallel becomes nested
scf.for loops, which are then lowered in turn (recursive legalization of created ops).
"""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, DenseElementsAttr, IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.types import DYNAMIC, INDEX, I32, I64, VectorType
from pyopt.ir.opdef import segment_sizes
from pyopt.pass_registry import register_pass, unchanged_unless
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern

SLT = IntegerAttr(I64, 2)  # arith.cmpi predicate "slt"
ILLEGAL = ("scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch",
           "scf.parallel", "scf.forall")


def _br(rw, dest, operands=(), loc=None):
    return rw.create("cf.br", list(operands), [], successors=[dest], loc=loc)


def _cond_br(rw, cond, t, t_ops, f, f_ops, loc):
    return rw.create("cf.cond_br", [cond] + list(t_ops) + list(f_ops), [],
                     properties={"operandSegmentSizes":
                                 segment_sizes([1, len(t_ops), len(f_ops)])},
                     successors=[t, f], loc=loc)


def lower_for(op, rw):
    loc = op.loc
    init_block = op.parent
    end_block = rw.split_block(init_block, op)
    cond_block = op.regions[0].blocks[0]
    first_body = rw.split_block(cond_block, cond_block.first)
    last_body = op.regions[0].blocks[-1]
    rw.inline_region_before(op.regions[0], end_block.parent, end_block)
    iv = cond_block.args[0]
    term = last_body.last
    rw.set_insertion_point_to_end(last_body)
    step = op.step
    stepped = rw.create("arith.addi", [iv, step], [iv.type], loc=loc).results[0]
    _br(rw, cond_block, [stepped] + term.operands, loc)
    rw.erase_op(term)
    rw.set_insertion_point_to_end(init_block)
    _br(rw, cond_block, [op.lowerBound] + op.initArgs, loc)
    rw.set_insertion_point_to_end(cond_block)
    cmp = rw.create("arith.cmpi", [iv, op.upperBound], [_i1()],
                    properties={"predicate": SLT}, loc=loc).results[0]
    _cond_br(rw, cmp, first_body, [], end_block, [], loc)
    rw.replace_op(op, cond_block.args[1:])
    return True


def _i1():
    from pyopt.ir.types import I1
    return I1


def lower_if(op, rw):
    loc = op.loc
    cond_block = op.parent
    remaining = rw.split_block(cond_block, op)
    if not op.results:
        cont = remaining
    else:
        cont = rw.create_block(remaining.parent, op.result_types, [loc] * len(op.results),
                               before=remaining)
        _br(rw, remaining, [], loc)
    then_r = op.regions[0]
    then_block = then_r.blocks[0]
    term = then_r.blocks[-1].last
    rw.set_insertion_point_to_end(then_r.blocks[-1])
    _br(rw, cont, term.operands, loc)
    rw.erase_op(term)
    rw.inline_region_before(then_r, cont.parent, cont)
    else_block = cont
    else_r = op.regions[1]
    if else_r.blocks:
        else_block = else_r.blocks[0]
        term = else_r.blocks[-1].last
        rw.set_insertion_point_to_end(else_r.blocks[-1])
        _br(rw, cont, term.operands, loc)
        rw.erase_op(term)
        rw.inline_region_before(else_r, cont.parent, cont)
    rw.set_insertion_point_to_end(cond_block)
    _cond_br(rw, op.condition, then_block, [], else_block, [], loc)
    rw.replace_op(op, cont.args)
    return True


def lower_execute_region(op, rw):
    loc = op.loc
    cond_block = op.parent
    remaining = rw.split_block(cond_block, op)
    region = op.regions[0]
    rw.set_insertion_point_to_end(cond_block)
    _br(rw, region.blocks[0], [], loc)
    for b in region.blocks:
        t = b.last
        if t is not None and t.name == "scf.yield":
            rw.set_insertion_point_to_end(b)
            _br(rw, remaining, t.operands, loc)
            rw.erase_op(t)
    rw.inline_region_before(region, remaining.parent, remaining)
    vals = [_add_block_arg(rw, remaining, t, loc) for t in op.result_types]
    rw.replace_op(op, vals)
    return True


def _add_block_arg(rw, block, type_, loc):
    a = block.add_argument(type_, loc)

    def undo():
        block.erase_argument(a.index)
    rw._log(undo)
    return a


def lower_while(op, rw):
    loc = op.loc
    current = op.parent
    cont = rw.split_block(current, op)
    before_r, after_r = op.regions
    after = after_r.blocks[0]
    before = before_r.blocks[0]
    rw.inline_region_before(after_r, cont.parent, cont)
    rw.inline_region_before(before_r, cont.parent, after)
    rw.set_insertion_point_to_end(current)
    _br(rw, before, op.operands, loc)
    cond = before.last
    rw.set_insertion_point_to_end(before)
    args = cond.args
    _cond_br(rw, cond.condition, after, args, cont, [], loc)
    rw.erase_op(cond)
    # the yield terminates the last block of the (inlined) after region
    blocks = cont.parent.blocks
    idx = blocks.index(cont)
    yield_op = blocks[idx - 1].last
    rw.set_insertion_point_to_end(yield_op.parent)
    _br(rw, before, yield_op.operands, loc)
    rw.erase_op(yield_op)
    rw.replace_op(op, args)
    return True


def lower_do_while(op, rw):
    after = op.regions[1].blocks[0]
    first = after.first
    if first is None or first.next is not None or first.name != "scf.yield" or \
            first.operands != after.args:
        return rw.notify_match_failure(op, "do-while simplification applicable only to "
                                           "forwarding 'after' regions")
    loc = op.loc
    current = op.parent
    cont = rw.split_block(current, op)
    before = op.regions[0].blocks[0]
    rw.inline_region_before(op.regions[0], cont.parent, cont)
    rw.set_insertion_point_to_end(current)
    _br(rw, before, op.operands, loc)
    cond = before.last
    rw.set_insertion_point_to_end(before)
    args = cond.args
    _cond_br(rw, cond.condition, before, args, cont, [], loc)
    rw.erase_op(cond)
    rw.replace_op(op, args)
    return True


def lower_index_switch(op, rw):
    loc = op.loc
    cond_block = op.parent
    cont = rw.split_block(cond_block, op)
    results = [_add_block_arg(rw, cont, t, loc) for t in op.result_types]

    def convert(region):
        block = region.blocks[0]
        y = block.last
        rw.set_insertion_point(y)
        _br(rw, cont, y.operands, y.loc)
        rw.erase_op(y)
        rw.inline_region_before(region, cont.parent, cont)
        return block

    default_r, *case_rs = op.regions
    cases = list(op.get_attr("cases").values)
    succs = [convert(r) for r in case_rs]
    default = convert(default_r)
    rw.set_insertion_point_to_end(cond_block)
    flag = rw.create("arith.index_cast", [op.arg], [I32], loc=loc).results[0]
    props = {"case_operand_segments": DenseArrayAttr(I32, [0] * len(succs)),
             "operandSegmentSizes": segment_sizes([1, 0, 0])}
    if cases:
        props["case_values"] = DenseElementsAttr(VectorType([len(cases)], I32), cases)
    rw.create("cf.switch", [flag], [], properties=props, successors=[default] + succs, loc=loc)
    rw.replace_op(op, results)
    return True


def lower_parallel(op, rw):
    loc = op.loc
    n = len(op.regions[0].blocks[0].args)
    ops = op.operands
    lbs, ubs, steps, inits = ops[:n], ops[n:2 * n], ops[2 * n:3 * n], ops[3 * n:]
    body = op.regions[0].blocks[0]
    reduce = body.last
    iter_args = list(inits)
    ivs = []
    results = list(iter_args)
    first = True
    rw.set_insertion_point(op)
    for lb, ub, st in zip(lbs, ubs, steps):
        f = _create_for(rw, lb, ub, st, iter_args, loc)
        fb = f.regions[0].blocks[0]
        ivs.append(fb.args[0])
        iter_args = list(fb.args[1:])
        if first:
            results = list(f.results)
            first = False
        elif f.results:
            rw.set_insertion_point_to_end(rw.block)
            rw.create("scf.yield", f.results, [], loc=loc)
        rw.set_insertion_point_to_start(fb)
    yields = []
    for i, red_region in enumerate(reduce.regions):
        rb = red_region.blocks[0]
        ret = rb.last
        arg = iter_args[len(yields)]
        yields.append(ret.group("result"))  # (scf.reduce.return)
        rw.erase_op(ret)
        rw.inline_block_before(rb, reduce.parent, reduce, [arg, reduce.operand(i)])
    rw.erase_op(reduce)
    new_body = rw.block
    if new_body.first is None:
        rw.inline_block_before(body, new_body, None, ivs)
    else:
        rw.inline_block_before(body, new_body, new_body.last, ivs)
    if yields:
        rw.set_insertion_point_to_end(new_body)
        rw.create("scf.yield", yields, [], loc=loc)
    rw.replace_op(op, results)
    return True


def _create_for(rw, lb, ub, step, inits, loc):
    b = Block([lb.type] + [v.type for v in inits], [loc] * (1 + len(inits)))
    f = rw.create("scf.for", [lb, ub, step] + list(inits), [v.type for v in inits],
                  regions=[Region([b])], loc=loc)
    if not inits:
        ip = rw.save()
        rw.set_insertion_point_to_end(b)
        rw.create("scf.yield", [], [], loc=loc)
        rw.restore(ip)
    return f


def lower_forall(op, rw):
    """scf.forall without shared outputs -> scf.parallel (lowered next, recursively)."""
    d = op.opdef
    if d.get_group(op, "operand", 3):
        return rw.notify_match_failure(op, "only fully bufferized scf.forall ops can be "
                                           "lowered to scf.parallel")
    loc = op.loc
    rw.set_insertion_point(op)
    bounds = []
    for gi, name in enumerate(("staticLowerBound", "staticUpperBound", "staticStep")):
        dyn = iter(d.get_group(op, "operand", gi))
        vals = []
        for s in op.properties[name].values:
            if s == DYNAMIC:
                vals.append(next(dyn))
            else:
                vals.append(rw.create("arith.constant", [], [INDEX],
                                      properties={"value": IntegerAttr(INDEX, s)},
                                      loc=loc).results[0])
        bounds.append(vals)
    lbs, ubs, steps = bounds
    par = rw.create("scf.parallel", lbs + ubs + steps, [], regions=1,
                    properties={"operandSegmentSizes":
                                segment_sizes([len(lbs), len(ubs), len(steps), 0])}, loc=loc)
    rw.inline_region_before(op.regions[0], par.regions[0], None)
    body = par.regions[0].blocks[0]
    term = body.last
    rw.set_insertion_point_to_end(body)
    rw.create("scf.reduce", [], [], loc=term.loc)
    rw.erase_op(term)
    mapping = op.get_attr("mapping")
    if mapping is not None:
        par.attributes["mapping"] = mapping
    rw.replace_op(op, par.results)
    return True


def scf_to_cf_patterns():
    return [RewritePattern("scf.forall", 1, lower_forall, "ForallLowering"),
            RewritePattern("scf.for", 1, lower_for, "ForLowering"),
            RewritePattern("scf.if", 1, lower_if, "IfLowering"),
            RewritePattern("scf.parallel", 1, lower_parallel, "ParallelLowering"),
            RewritePattern("scf.while", 1, lower_while, "WhileLowering"),
            RewritePattern("scf.execute_region", 1, lower_execute_region,
                           "ExecuteRegionLowering"),
            RewritePattern("scf.index_switch", 1, lower_index_switch, "IndexSwitchLowering"),
            RewritePattern("scf.while", 2, lower_do_while, "DoWhileLowering")]


@register_pass("convert-scf-to-cf", "Convert SCF dialect to ControlFlow dialect, replacing "
               "structured control flow with a CFG", display_name="SCFToControlFlow")
def convert_scf_to_cf(op, ctx, options):
    target = ConversionTarget(ctx)
    target.add_illegal_op(*ILLEGAL)
    target.mark_unknown_op_dynamically_legal(lambda o: True)
    return unchanged_unless(apply_partial_conversion(op, target, scf_to_cf_patterns(), ctx))
