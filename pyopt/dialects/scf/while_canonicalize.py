"""scf.while's canonicalization patterns (MLIR 19 SCF.cpp): loop-invariant iteration
arguments and forwarded values removed, unused/duplicated results and unused arguments
dropped, the condition's truth propagated into the `after` region, and condition arguments
aligned with the `before` block's arguments. Each rewrite builds a new scf.while and moves
the old blocks into it, as upstream does (no discardable attribute is carried over)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.int_predicates import INVERSE
from pyopt.ir.types import I1
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern

PATTERNS = []  # (in MLIR's order of registration)


def _pattern(fn):
    PATTERNS.append(RewritePattern("scf.while", 1, fn, fn.__name__))
    return fn


def _blocks(op):
    """(before block, after block, scf.condition, scf.yield)."""
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    return before, after, before.last, after.last


def _new_while(rw, op, result_types, inits, with_blocks=False):
    """WhileOp::build: empty regions, or (with_blocks) one block each with the inits' and the
    results' types as arguments, located at the op."""
    rw.set_insertion_point(op)
    new = rw.create("scf.while", list(inits), list(result_types), regions=2, loc=op.loc)
    if with_blocks:
        rw.create_block(new.regions[0], [v.type for v in inits], [op.loc] * len(inits))
        rw.create_block(new.regions[1], list(result_types), [op.loc] * len(result_types))
    return new


def _replace_condition(rw, cond, args):
    rw.replace_op_with_new_op(cond, "scf.condition", [cond.condition] + list(args), [])


def _replace_yield(rw, y, args):
    rw.replace_op_with_new_op(y, "scf.yield", list(args), [])


def _merge(rw, source, dest, values):
    """mergeBlocks, tolerating None for arguments that have no use."""
    for a, v in zip(source.args, values):
        if v is not None:
            rw.replace_all_uses_with(a, v)
    rw.merge_blocks(source, dest, [])


@_pattern
def RemoveLoopInvariantArgsFromBeforeBlock(op, rw):
    """A `before` argument is invariant when the value yielded back to it is its init, or is
    an `after` argument fed by the condition with that same argument or its init; its uses
    take the init and it leaves the loop."""
    before, after, cond, y = _blocks(op)
    cond_args = list(cond.args)
    invariant = {}
    for i, (init, yv) in enumerate(zip(op.inits, y.operands)):
        if yv is init:
            invariant[i] = init
        elif type(yv) is BlockArgument and yv.owner is after:
            c = cond_args[yv.index]
            if c is before.args[i] or c is init:
                invariant[i] = init
    if not invariant:
        return False
    kept = [i for i in range(len(before.args)) if i not in invariant]
    new_yields = [y.operand(i) for i in kept]
    _replace_yield(rw, y, new_yields)
    new = _new_while(rw, op, [r.type for r in op.results], [op.inits[i] for i in kept])
    nb = rw.create_block(new.regions[0], [v.type for v in new_yields],
                         [before.args[i].loc for i in kept])
    args = iter(nb.args)
    _merge(rw, before, nb, [invariant[i] if i in invariant else next(args)
                            for i in range(len(before.args))])
    rw.inline_region_before(op.regions[1], new.regions[1])
    rw.replace_op(op, list(new.results))
    return True


@_pattern
def RemoveLoopInvariantValueYielded(op, rw):
    """A condition argument defined outside the `before` block is the same on every trip:
    the `after` argument and the result it feeds are replaced by it."""
    before, after, cond, y = _blocks(op)
    cond_args = list(cond.args)
    outside = [a.parent_block is not before for a in cond_args]
    if not any(outside):
        return False
    kept = [a for a, o in zip(cond_args, outside) if not o]
    _replace_condition(rw, cond, kept)
    types = [a.type for a in kept]
    new = _new_while(rw, op, types, op.inits)
    na = rw.create_block(new.regions[1], types,
                         [arg.loc for arg, o in zip(after.args, outside) if not o])
    args, results = [], []
    k = 0
    for a, o in zip(cond_args, outside):
        if o:
            args.append(a)
            results.append(a)
        else:
            args.append(na.args[k])
            results.append(new.results[k])
            k += 1
    _merge(rw, after, na, args)
    rw.inline_region_before(op.regions[0], new.regions[0])
    rw.replace_op(op, results)
    return True


@_pattern
def WhileConditionTruth(op, rw):
    """In the `after` region, an argument that carries the loop condition is true."""
    before, after, cond, y = _blocks(op)
    true = None
    changed = False
    for a, arg in zip(cond.args, after.args):
        if a is cond.condition and arg.first_use is not None:
            if true is None:
                rw.set_insertion_point(op)
                true = rw.create("arith.constant", [], [a.type],
                                 properties={"value": IntegerAttr(a.type, 1)},
                                 loc=op.loc).results[0]
            rw.replace_all_uses_with(arg, true)
            changed = True
    return changed


@_pattern
def WhileCmpCond(op, rw):
    """The condition is `cmpi p, x, y` and x (or y) is passed on: in the `after` region the
    same comparison (or its inverse) of that argument against the same other side is a
    constant."""
    before, after, cond, y = _blocks(op)
    cmp = defining(cond.condition, "arith.cmpi")
    if cmp is None:
        return False
    pred = cmp.get_attr("predicate").value
    sides = (cmp.lhs, cmp.rhs)
    changed = False
    for a, arg in zip(cond.args, after.args):
        for i in (0, 1):
            if a is not sides[i]:
                continue
            u = arg.first_use
            while u is not None:
                nxt = u.next_use
                user = u.owner
                if user.name == "arith.cmpi" and \
                        user.operand(1 - i) is sides[1 - i]:
                    p2 = user.get_attr("predicate").value
                    if p2 == pred or p2 == INVERSE[pred]:
                        rw.replace_op_with_new_op(
                            user, "arith.constant", [], [I1],
                            properties={"value": IntegerAttr(I1, int(p2 == pred))})
                        changed = True
                u = nxt
    return changed


@_pattern
def WhileUnusedResult(op, rw):
    """A result that is unused, with its `after` argument unused too, is dropped."""
    before, after, cond, y = _blocks(op)
    cond_args = list(cond.args)
    keep = [r.first_use is not None or a.first_use is not None
            for r, a in zip(op.results, after.args)]
    if all(keep):
        return False
    _replace_condition(rw, cond, [c for c, k in zip(cond_args, keep) if k])
    types = [r.type for r, k in zip(op.results, keep) if k]
    new = _new_while(rw, op, types, op.inits)
    na = rw.create_block(new.regions[1], types,
                         [op.loc] * len(types))  # (a result's location is its op's)
    results, args = [None] * len(keep), [None] * len(keep)
    k = 0
    for i, kept in enumerate(keep):
        if kept:
            results[i], args[i] = new.results[k], na.args[k]
            k += 1
    rw.inline_region_before(op.regions[0], new.regions[0])
    _merge(rw, after, na, args)
    rw.replace_op(op, results)
    return True


@_pattern
def WhileRemoveDuplicatedResults(op, rw):
    """A value passed twice by the condition becomes one result and one `after` argument."""
    before, after, cond, y = _blocks(op)
    cond_args = list(cond.args)
    pos = {}
    for a in cond_args:
        pos.setdefault(a, len(pos))
    if len(pos) == len(cond_args):
        return False
    unique = list(pos)
    new = _new_while(rw, op, [a.type for a in unique], op.inits, with_blocks=True)
    nb, na = new.regions[0].blocks[0], new.regions[1].blocks[0]
    _replace_condition(rw, cond, unique)
    _merge(rw, before, nb, list(nb.args))
    _merge(rw, after, na, [na.args[pos[a]] for a in cond_args])
    rw.replace_op(op, [new.results[pos[a]] for a in cond_args])
    return True


@_pattern
def WhileRemoveUnusedArgs(op, rw):
    """A `before` argument without uses leaves the loop with its init and yielded value."""
    before, after, cond, y = _blocks(op)
    used = [a.first_use is not None for a in before.args]
    if all(used):
        return False
    inits = [v for v, u in zip(op.inits, used) if u]
    new = _new_while(rw, op, [r.type for r in op.results], inits, with_blocks=True)
    nb, na = new.regions[0].blocks[0], new.regions[1].blocks[0]
    _replace_yield(rw, y, [v for v, u in zip(y.operands, used) if u])
    args = iter(nb.args)
    _merge(rw, before, nb, [next(args) if u else None for u in used])
    _merge(rw, after, na, list(na.args))
    rw.replace_op(op, list(new.results))
    return True


@_pattern
def WhileOpAlignBeforeArgs(op, rw):
    """The condition passes on exactly the `before` arguments, in another order: reorder the
    results and `after` arguments so that the i-th result is the i-th argument."""
    before, after, cond, y = _blocks(op)
    bargs, cargs = list(before.args), list(cond.args)
    if bargs == cargs or len(set(cargs)) != len(cargs) or len(bargs) != len(cargs):
        return False
    where = {a: j for j, a in enumerate(cargs)}
    if any(a not in where for a in bargs):
        return False
    mapping = [0] * len(bargs)  # position in the condition -> position in the before block
    for i, a in enumerate(bargs):
        mapping[where[a]] = i
    _replace_condition(rw, cond, bargs)
    types = [None] * len(bargs)
    for i, j in enumerate(mapping):
        types[j] = op.results[i].type
    new = _new_while(rw, op, types, op.inits, with_blocks=True)
    nb, na = new.regions[0].blocks[0], new.regions[1].blocks[0]
    _merge(rw, before, nb, list(nb.args))
    _merge(rw, after, na, [na.args[j] for j in mapping])
    rw.replace_op(op, [new.results[j] for j in mapping])
    return True
