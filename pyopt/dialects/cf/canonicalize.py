"""Canonicalization patterns of cf.br and cf.cond_br (MLIR 19 ControlFlowOps.cpp): merging a
branch into its single-predecessor destination, skipping pass-through blocks, constant and
repeated conditions, identical successors, and condition truth propagation.
Attached by `attach(CF)` at the end of cf.py."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import I1
from pyopt.rewrite.folding import constant_value
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.opdef import segment_sizes


def _const_bool(v):
    d = v.defining_op()
    a = constant_value(d) if d is not None else None
    return a.value if type(a) is IntegerAttr else None


def _single_predecessor(block):
    """getSinglePredecessor: the predecessor when there is exactly one incoming edge."""
    return block.pred_uses[0].owner.parent if len(block.pred_uses) == 1 else None


def _unique_predecessor(block):
    preds = {id(u.owner.parent): u.owner.parent for u in block.pred_uses}
    return next(iter(preds.values())) if len(preds) == 1 else None


def _cond_parts(op):
    return (op.condition, op.trueDest, op.trueDestOperands, op.falseDest,
            op.falseDestOperands)


def _br(rw, op, dest, operands):
    rw.set_insertion_point(op)
    new = rw.create("cf.br", list(operands), [], successors=[dest], loc=op.loc)
    rw.replace_op(op, new)
    return new


def _cond_br(rw, op, cond, t, t_ops, f, f_ops):
    rw.set_insertion_point(op)
    new = rw.create("cf.cond_br", [cond] + list(t_ops) + list(f_ops), [],
                    properties={"operandSegmentSizes": segment_sizes([1, len(t_ops),
                                                                       len(f_ops)])},
                    successors=[t, f], attributes=dict(op.attributes), loc=op.loc)
    rw.replace_op(op, new)
    return new


def collapse_branch(successor, operands):
    """(new successor, new operands) when `successor` only branches on, else None."""
    if successor.first is not successor.last:
        return None
    br = successor.last
    if br is None or br.name != "cf.br":
        return None
    for a in successor.args:
        u = a.first_use
        while u is not None:
            if u.owner is not br:
                return None
            u = u.next_use
    dest = br.dest
    if dest is successor:
        return None
    ops = list(br.operands)
    if not successor.args:
        return dest, ops
    out = []
    for v in ops:
        if isinstance(v, BlockArgument) and v.owner is successor:
            out.append(operands[v.index])
        else:
            out.append(v)
    return dest, out


def _used_in(values, block):
    """Is one of `values` used in `block` (or in a region nested in it)?"""
    for v in values:
        u = v.first_use
        while u is not None:
            o = u.owner
            while o is not None:
                if o.parent is block:
                    return True
                o = o.parent_op
            u = u.next_use
    return False


def _defines_values_used_in(succ, block):
    """Does `succ` define a value used in `block`? Only when `succ` dominates `block`: a cycle
    cut off from the entry (merging there would put uses before their definitions)."""
    if _used_in(succ.args, block):
        return True
    return any(_used_in(op.results, block) for op in succ.ops)


def _br_canonicalize(op, rw):
    succ, parent = op.dest, op.parent
    # simplifyBrToBlockWithSinglePred (not in a cycle of blocks cut off from the entry,
    # where the branching block uses the successor's arguments: merging would make ops use
    # their own results, which patterns such as addi(addi(x, c1), c2) then rewrite forever;
    # region simplification erases such blocks instead)
    if succ is not parent and len(succ.pred_uses) == 1 and \
            not _defines_values_used_in(succ, parent):
        operands = list(op.operands)
        rw.erase_op(op)
        rw.merge_blocks(succ, parent, operands)
        return True
    # simplifyPassThroughBr
    if succ is parent:
        return False
    r = collapse_branch(succ, list(op.operands))
    if r is None:
        return False
    _br(rw, op, r[0], r[1])
    return True


def SimplifyConstCondBranchPred(op, rw):
    c = _const_bool(op.condition)
    if c is None:
        return False
    cond, t, t_ops, f, f_ops = _cond_parts(op)
    if c:
        _br(rw, op, t, t_ops)
    else:
        _br(rw, op, f, f_ops)
    return True


def SimplifyPassThroughCondBranch(op, rw):
    cond, t, t_ops, f, f_ops = _cond_parts(op)
    rt, rf = collapse_branch(t, t_ops), collapse_branch(f, f_ops)
    if rt is None and rf is None:
        return False
    if rt is not None:
        t, t_ops = rt
    if rf is not None:
        f, f_ops = rf
    _cond_br(rw, op, cond, t, t_ops, f, f_ops)
    return True


def SimplifyCondBranchIdenticalSuccessors(op, rw):
    cond, t, t_ops, f, f_ops = _cond_parts(op)
    if t is not f:
        return False
    if len(t_ops) == len(f_ops) and all(a is b for a, b in zip(t_ops, f_ops)):
        _br(rw, op, t, t_ops)
        return True
    if _unique_predecessor(t) is not op.parent:
        return False
    merged = []
    rw.set_insertion_point(op)
    for a, b in zip(t_ops, f_ops):
        if a is b:
            merged.append(a)
        else:
            merged.append(rw.create("arith.select", [cond, a, b], [a.type],
                                    loc=op.loc).results[0])
    _br(rw, op, t, merged)
    return True


def SimplifyCondBranchFromCondBranchOnSameCondition(op, rw):
    block = op.parent
    pred = _single_predecessor(block)
    if pred is None:
        return False
    pb = pred.last
    if pb is None or pb.name != "cf.cond_br" or pb.condition is not op.condition:
        return False
    cond, t, t_ops, f, f_ops = _cond_parts(op)
    if block is pb.trueDest:
        _br(rw, op, t, t_ops)
    else:
        _br(rw, op, f, f_ops)
    return True


def CondBranchTruthPropagation(op, rw):
    cond, t, t_ops, f, f_ops = _cond_parts(op)
    replaced = False
    for dest, val in ((t, 1), (f, 0)):
        if _single_predecessor(dest) is None:
            continue
        c = None
        for u in list(cond.uses()):
            if u.owner.parent is dest:
                replaced = True
                if c is None:
                    rw.set_insertion_point(op)
                    c = rw.create("arith.constant", [], [I1],
                                  properties={"value": IntegerAttr(I1, -val)},
                                  loc=op.loc).results[0]
                rw.modify_op_in_place(u.owner, lambda u=u, c=c: u.set(c))
    return replaced


def _patterns(table):
    return {name: [RewritePattern(name, 1, fn, name=fn.__name__) for fn in fns]
            for name, fns in table.items()}


def attach(dialect):
    attach_more(dialect)
    dialect.attach_rewrites(None, _patterns({
        "cf.br": [_br_canonicalize],
        "cf.cond_br": [SimplifyConstCondBranchPred, SimplifyPassThroughCondBranch,
                       SimplifyCondBranchIdenticalSuccessors,
                       SimplifyCondBranchFromCondBranchOnSameCondition,
                       CondBranchTruthPropagation],
    }))


# -- cf.assert / cf.switch ----------------------------------------------------------------------
def _assert_canonicalize(op, rw):
    c = _const_bool(op.arg)
    if c is None or not c:
        return False
    rw.erase_op(op)
    return True


def _switch_parts(op):
    from pyopt.dialects.cf import _case_groups
    cv = op.properties.get("case_values")
    values = list(cv.all_values()) if cv is not None else []
    return (op.flag, op.defaultDestination, op.defaultOperands, values,
            op.caseDestinations, [list(g) for g in _case_groups(op)])


def _new_switch(rw, op, flag, default, default_ops, values, dests, case_ops):
    from pyopt.dialects.cf.builders import create_switch
    rw.set_insertion_point(op)
    new = create_switch(rw, op.loc, flag, default, default_ops, values, dests, case_ops)
    rw.replace_op(op, new)
    return True


def _same(a, b):
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def simplifySwitchWithOnlyDefault(op, rw):
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    if dests:
        return False
    _br(rw, op, d, d_ops)
    return True


def dropSwitchCasesThatMatchDefault(op, rw):
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    keep = [i for i in range(len(vals)) if not (dests[i] is d and _same(c_ops[i], d_ops))]
    if len(keep) == len(vals):
        return False
    return _new_switch(rw, op, flag, d, d_ops, [vals[i] for i in keep],
                       [dests[i] for i in keep], [c_ops[i] for i in keep])


def _fold_switch(rw, op, value):
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    for i, v in enumerate(vals):
        if v == value:
            _br(rw, op, dests[i], c_ops[i])
            return
    _br(rw, op, d, d_ops)


def simplifyConstSwitchValue(op, rw):
    c = _const_bool(op.flag)
    if c is None:
        return False
    _fold_switch(rw, op, c)
    return True


def simplifyPassThroughSwitch(op, rw):
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    changed = False
    for i in range(len(dests)):
        r = collapse_branch(dests[i], c_ops[i])
        if r is not None:
            dests[i], c_ops[i] = r
            changed = True
    r = collapse_branch(d, d_ops)
    if r is not None:
        d, d_ops = r
        changed = True
    if not changed:
        return False
    return _new_switch(rw, op, flag, d, d_ops, vals, dests, c_ops)


def _pred_switch(op):
    pred = _single_predecessor(op.parent)
    if pred is None:
        return None
    ps = pred.last
    if ps is None or ps.name != "cf.switch" or ps.flag is not op.flag:
        return None
    return ps


def simplifySwitchFromSwitchOnSameCondition(op, rw):
    ps = _pred_switch(op)
    block = op.parent
    if ps is None or ps.defaultDestination is block:
        return False
    _, _, _, pvals, pdests, _ = _switch_parts(ps)
    for i, b in enumerate(pdests):
        if b is block:
            _fold_switch(rw, op, pvals[i])
            return True
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    _br(rw, op, d, d_ops)
    return True


def simplifySwitchFromDefaultSwitchOnSameCondition(op, rw):
    ps = _pred_switch(op)
    block = op.parent
    if ps is None or ps.defaultDestination is not block:
        return False
    _, _, _, pvals, pdests, _ = _switch_parts(ps)
    remove = {pvals[i] for i in range(len(pvals)) if pdests[i] is not block}
    flag, d, d_ops, vals, dests, c_ops = _switch_parts(op)
    keep = [i for i in range(len(vals)) if vals[i] not in remove]
    if len(keep) == len(vals):
        return False
    return _new_switch(rw, op, flag, d, d_ops, [vals[i] for i in keep],
                       [dests[i] for i in keep], [c_ops[i] for i in keep])


def attach_more(dialect):
    dialect.attach_rewrites(None, _patterns({
        "cf.assert": [_assert_canonicalize],
        "cf.switch": [simplifySwitchWithOnlyDefault, dropSwitchCasesThatMatchDefault,
                      simplifyConstSwitchValue, simplifyPassThroughSwitch,
                      simplifySwitchFromSwitchOnSameCondition,
                      simplifySwitchFromDefaultSwitchOnSameCondition],
    }))
