"""Folders and canonicalization patterns of the scf ops (a subset of MLIR 19 SCF.cpp):
scf.if (static conditions, select conversion, unused results, empty else, negated
conditions), scf.for (forwarded iter_args, trivial loops) and scf.index_switch on a constant.
Attached by `attach(SCF)` at the end of scf.py."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.types import I1
from pyopt.rewrite.pattern import RewritePattern
from pyopt.ir.opdef import SYMBOL
from pyopt.rewrite.matchers import defining as _def, constant_attr as _cst, constant_int as _int_cst  # noqa: F401,E501


def _parent_region(v):
    b = v.parent_block
    return b.parent if b is not None else None


def replace_op_with_region(rw, op, region, block_args=()):
    """Inlines the single block of `region` before op, replacing op by its terminator's
    operands."""
    block = region.blocks[0]
    term = block.last
    rw.inline_block_before(block, op.parent, op, list(block_args))
    results = list(term.operands)  # (read after inlining: they may be the block's arguments)
    rw.replace_op(op, results)
    rw.erase_op(term)


_PATTERNS = {}


def pat(root, benefit=1):
    def deco(fn):
        _PATTERNS.setdefault("scf." + root, []).append(RewritePattern("scf." + root, benefit, fn))
        return fn
    return deco


# -- scf.if -------------------------------------------------------------------------------------
def _fold_if(op, consts):
    """if (xor(c, true)) A else B -> if (c) B else A."""
    then_r, else_r = op.regions
    if not else_r.blocks:
        return None
    x = _def(op.condition, "arith.xori")
    if x is None or _int_cst(x.rhs) is None or _int_cst(x.rhs) & 1 != 1:
        return None
    op.condition = x.lhs
    tb, eb = then_r.blocks, else_r.blocks
    then_r.blocks, else_r.blocks = eb, tb
    for b in eb:
        b.parent = then_r
    for b in tb:
        b.parent = else_r
    return []  # folded in place


def _yield(region):
    return region.blocks[-1].last


def _new_if(rw, op, result_types, cond):
    return rw.create("scf.if", [cond], result_types, regions=[Region(), Region()], loc=op.loc)


# Registration order of IfOp::getCanonicalizationPatterns (equal benefits: first wins).
def _region_contains(region, op):
    """region.isAncestor(op's parent region)."""
    r = op.parent.parent if op.parent is not None else None
    while r is not None:
        if r is region:
            return True
        p = r.parent
        if p is None or p.parent is None:
            return False
        r = p.parent.parent
    return False


def _combine_ifs(op, rw):
    from pyopt.dialects.scf.if_combine import combine_ifs
    return combine_ifs(op, rw)


pat("if")(_combine_ifs)  # CombineIfs (pyopt/dialects/scf/if_combine.py)


@pat("if")
def CombineNestedIfs(op, rw):
    then_b = op.regions[0].blocks[0]
    first = then_b.first
    if first is None or first.next is not then_b.last:
        return False
    else_b = op.regions[1].blocks[0] if op.regions[1].blocks else None
    if else_b is not None and else_b.first is not else_b.last:
        return False
    nested = first
    if nested.name != "scf.if":
        return False
    n_else = nested.regions[1].blocks[0] if nested.regions[1].blocks else None
    if n_else is not None and n_else.first is not n_else.last:
        return False
    then_y = list(then_b.last.operands)
    else_y = list(else_b.last.operands) if else_b is not None else []
    to_select = []
    for i, v in enumerate(then_y):
        if v.defining_op() is nested:
            k = v.index
            if n_else is None or n_else.last.operand(k) is not else_y[i]:
                return False
            then_y[i] = nested.regions[0].blocks[0].last.operand(k)
            continue
        if _parent_region(v) is op.regions[0]:
            return False
        to_select.append(i)
    cond = rw.create("arith.andi", [op.condition, nested.condition], [I1],
                     loc=op.loc).results[0]
    new = _new_if(rw, op, [r.type for r in op.results], cond)
    nb = Block()
    new.regions[0].append(nb)
    results = list(new.results)
    rw.set_insertion_point(new)
    for i in to_select:
        results[i] = rw.create("arith.select", [op.condition, then_y[i], else_y[i]],
                               [then_y[i].type], loc=op.loc).results[0]
    rw.merge_blocks(nested.regions[0].blocks[0], nb)
    y = nb.last
    rw.set_insertion_point(y)
    rw.replace_op_with_new_op(y, "scf.yield", then_y, [])
    if else_y:
        eb = Block()
        new.regions[1].append(eb)
        rw.set_insertion_point_to_end(eb)
        rw.create("scf.yield", else_y, [], loc=op.loc)
    rw.replace_op(op, results)
    return True


@pat("if")
def ConditionPropagation(op, rw):
    cond = op.condition
    if _cst(cond) is not None:
        return False
    changed = False
    consts = {}
    for u in list(cond.uses()):
        for idx, region in enumerate(op.regions):
            if _region_contains(region, u.owner):
                v = 1 - idx
                if v not in consts:
                    consts[v] = rw.create("arith.constant", [], [I1],
                                          properties={"value": IntegerAttr(I1, -v)},
                                          loc=op.loc).results[0]
                rw.modify_op_in_place(u.owner, lambda u=u, c=consts[v]: u.set(c))
                changed = True
                break
    return changed


@pat("if")
def ConvertTrivialIfToSelect(op, rw):
    if not op.results:
        return False
    then_r, else_r = op.regions
    if not else_r.blocks:
        return False
    cond = op.condition
    ty, ey = list(_yield(then_r).operands), list(_yield(else_r).operands)
    non_hoistable = [t.type for t, f in zip(ty, ey)
                     if _parent_region(t) is then_r or _parent_region(f) is else_r]
    if len(non_hoistable) == len(op.results):
        return False
    rep = _new_if(rw, op, non_hoistable, cond)
    rep.regions[0].blocks, rep.regions[1].blocks = then_r.blocks, else_r.blocks
    then_r.blocks, else_r.blocks = [], []
    for r in rep.regions:
        for b in r.blocks:
            b.parent = r
    results = [None] * len(op.results)
    ty_keep, ey_keep = [], []
    rw.set_insertion_point(rep)
    for i, (t, f) in enumerate(zip(ty, ey)):
        if _parent_region(t) is rep.regions[0] or _parent_region(f) is rep.regions[1]:
            results[i] = rep.results[len(ty_keep)]
            ty_keep.append(t)
            ey_keep.append(f)
        elif t is f:
            results[i] = t
        else:
            results[i] = rw.create("arith.select", [cond, t, f], [t.type],
                                   loc=op.loc).results[0]
    for region, vals in ((rep.regions[0], ty_keep), (rep.regions[1], ey_keep)):
        y = _yield(region)
        rw.set_insertion_point(y)
        rw.replace_op_with_new_op(y, "scf.yield", vals, [])
    rw.replace_op(op, results)
    return True


@pat("if")
def RemoveEmptyElseBranch(op, rw):
    if op.results:
        return False
    else_r = op.regions[1]
    if not else_r.blocks or else_r.blocks[0].first is not else_r.blocks[0].last:
        return False
    new = _new_if(rw, op, [], op.condition)
    new.attributes.update(op.attributes)
    rw.inline_region_before(op.regions[0], new.regions[0])
    rw.erase_op(op)
    return True


@pat("if")
def RemoveStaticCondition(op, rw):
    c = _cst(op.condition)
    if type(c) is not IntegerAttr or c.type is not I1:
        return False
    if c.value:
        replace_op_with_region(rw, op, op.regions[0])
    elif op.regions[1].blocks:
        replace_op_with_region(rw, op, op.regions[1])
    else:
        rw.erase_op(op)
    return True


@pat("if")
def RemoveUnusedResults(op, rw):
    used = [r for r in op.results if r.first_use is not None]
    if len(used) == len(op.results):
        return False
    new = _new_if(rw, op, [r.type for r in used], op.condition)
    for i in (0, 1):
        src = op.regions[i].blocks[0]
        dest = Block()
        new.regions[i].append(dest)
        rw.merge_blocks(src, dest)
        y = dest.last
        vals = [y.operand(r.index) for r in used]
        rw.modify_op_in_place(y, lambda y=y, vals=vals: y.set_operands(vals))
    rep = [None] * len(op.results)
    for k, r in enumerate(used):
        rep[r.index] = new.results[k]
    rw.replace_op(op, rep)
    return True


@pat("if")
def ReplaceIfYieldWithConditionOrValue(op, rw):
    if not op.results or not op.regions[1].blocks:
        return False
    ty, fy = _yield(op.regions[0]), _yield(op.regions[1])
    rw.set_insertion_point(op)
    changed = False
    for t, f, r in zip(list(ty.operands), list(fy.operands), op.results):
        if t is f:
            if r.first_use is not None:
                rw.replace_all_uses_with(r, t)
                changed = True
            continue
        a, b = _cst(t), _cst(f)
        if type(a) is not IntegerAttr or type(b) is not IntegerAttr or a.type is not I1 or \
                b.type is not I1:
            continue
        tv, fv = bool(a.value), bool(b.value)
        if not tv and fv and r.first_use is not None:
            one = rw.create("arith.constant", [], [I1], properties={"value": IntegerAttr(I1, -1)},
                            loc=op.loc).results[0]
            x = rw.create("arith.xori", [op.condition, one], [I1], loc=op.loc).results[0]
            rw.replace_all_uses_with(r, x)
            changed = True
        if tv and not fv and r.first_use is not None:
            rw.replace_all_uses_with(r, op.condition)
            changed = True
    return changed


# -- scf.for ------------------------------------------------------------------------------------
def _for_parts(op):
    """(lb, ub, step, inits, body block, yield op)."""
    body = op.regions[0].blocks[0]
    return op.lowerBound, op.upperBound, op.step, op.initArgs, body, body.last


@pat("for")
def ForOpIterArgsFolder(op, rw):
    lb, ub, step, inits, body, y = _for_parts(op)
    iter_args = body.args[1:]
    yielded = list(y.operands)
    keep, transfer, new_inits, new_results = [], [None], [], []
    changed = False
    for init, arg, res, yv in zip(inits, iter_args, op.results, yielded):
        forwarded = arg is yv or (arg.first_use is None and (init is yv or res.first_use is None))
        keep.append(not forwarded)
        if forwarded:
            changed = True
            transfer.append(init)
            new_results.append(init)
            continue
        new_inits.append(init)
        transfer.append(None)
        new_results.append(None)
    if not changed:
        return False
    nb = Block([body.args[0].type] + [v.type for v in new_inits],
               [body.args[0].loc] + [a.loc for a, k in zip(iter_args, keep) if k])
    new = rw.create("scf.for", [lb, ub, step] + new_inits, [v.type for v in new_inits],
                    properties=dict(op.properties), attributes=dict(op.attributes),
                    regions=[Region([nb])], loc=op.loc)
    transfer[0] = nb.args[0]
    k = 0
    for i in range(len(new_results)):
        if transfer[1 + i] is None:
            transfer[1 + i] = nb.args[1 + k]
            new_results[i] = new.results[k]
            k += 1
    rw.merge_blocks(body, nb, transfer)
    merged = nb.last
    rw.set_insertion_point(merged)
    rw.create("scf.yield", [merged.operand(i) for i in range(len(keep)) if keep[i]], [],
              loc=merged.loc)
    rw.erase_op(merged)
    rw.replace_op(op, new_results)
    return True


@pat("for")
def ForOpTensorCastFolder(op, rw):
    """An iter_arg initialised by a tensor.cast that only erases static information, whose
    result has one use, is carried with the cast's source type: casts back to the old type
    at the top of the body and after the loop, and forward to the new one before the yield."""
    lb, ub, step, inits, body, y = _for_parts(op)
    for i, (init, res) in enumerate(zip(inits, op.results)):
        cast = _def(init, "tensor.cast")
        if cast is None:
            continue
        from pyopt.dialects.tensor.canonicalize import preserves_static_information
        if cast.source.type is cast.dest.type or \
                not preserves_static_information(cast.dest.type, cast.source.type) or \
                not res.has_one_use():
            continue
        src, old_type = cast.source, init.type
        new_inits = list(inits)
        new_inits[i] = src
        rw.set_insertion_point(op)
        nb = Block([body.args[0].type] + [v.type for v in new_inits],
                   [a.loc for a in body.args])
        new = rw.create("scf.for", [lb, ub, step] + new_inits, [v.type for v in new_inits],
                        properties=dict(op.properties), attributes=dict(op.attributes),
                        regions=[Region([nb])], loc=op.loc)
        rw.set_insertion_point_to_start(nb)
        cast_in = rw.create("tensor.cast", [nb.args[1 + i]], [old_type], loc=op.loc).results[0]
        rw.merge_blocks(body, nb, [nb.args[0]] + [cast_in if k == i else a
                                                  for k, a in enumerate(nb.args[1:])])
        old_yield = nb.last
        rw.set_insertion_point(old_yield)
        yielded = list(old_yield.operands)
        yielded[i] = rw.create("tensor.cast", [yielded[i]], [src.type],
                               loc=op.loc).results[0]
        rw.create("scf.yield", yielded, [], loc=op.loc)
        rw.erase_op(old_yield)
        rw.set_insertion_point_after(new)
        results = list(new.results)
        results[i] = rw.create("tensor.cast", [results[i]], [old_type], loc=op.loc).results[0]
        rw.replace_op(op, results)
        return True
    return False


def _const_diff(l, u):
    a, b = _int_cst(l), _int_cst(u)
    if a is not None and b is not None:
        return b - a
    add = _def(u, "arith.addi")
    if add is not None:
        if add.lhs is l and _int_cst(add.rhs) is not None:
            return _int_cst(add.rhs)
        if add.rhs is l and _int_cst(add.lhs) is not None:
            return _int_cst(add.lhs)
    return None


@pat("for")
def SimplifyTrivialLoops(op, rw):
    lb, ub, step, inits, body, y = _for_parts(op)
    if lb is ub:
        rw.replace_op(op, inits)
        return True
    diff = _const_diff(lb, ub)
    if diff is None:
        return False
    if diff <= 0:
        rw.replace_op(op, inits)
        return True
    s = _int_cst(step)
    if s is None:
        return False
    if s >= diff:
        replace_op_with_region(rw, op, op.regions[0], [lb] + inits)
        return True
    if body.first is not body.last:
        return False
    vals = list(y.operands)
    if any(not _defined_outside(op, v) for v in vals):
        return False
    rw.replace_op(op, vals)
    return True


def _defined_outside(op, v):
    b = v.parent_block
    r = b.parent if b is not None else None
    while r is not None:
        p = r.parent
        if p is op:
            return False
        if p is None or p.parent is None:
            return True
        r = p.parent.parent
    return True


# -- scf.parallel ---------------------------------------------------------------------------------
def _trip_count(lb, ub, step):
    """constantTripCount."""
    if lb is ub:
        return 0
    a, b, c = _int_cst(lb), _int_cst(ub), _int_cst(step)
    if a is None or b is None or c is None or c == 0:
        return None
    n, d = b - a, c
    q = -((-n) // d) if (n >= 0) == (d > 0) else -(abs(n) // abs(d))
    return q


def _clone_region_into(rw, src, dest, mapping):
    """Region::cloneInto: block arguments already in `mapping` are not recreated."""
    pairs = []
    for b in src.blocks:
        args = [a for a in b.args if a not in mapping]
        nb = Block([a.type for a in args], [a.loc for a in args])
        for a, na in zip(args, nb.args):
            mapping[a] = na
        mapping[b] = nb
        pairs.append((b, nb))
    for b, nb in pairs:
        for o in b:
            nb.append(o.clone(mapping))
        dest.append(nb)
    if rw.listener is not None:
        for _, nb in pairs:
            for o in nb:
                for x in o.walk_ops():
                    rw.listener.notify_op_inserted(x)


def _parallel_groups(op):
    g = op.opdef.get_group
    return [list(g(op, "operand", i)) for i in range(4)]


def _new_parallel(rw, op, lbs, ubs, steps, inits):
    from pyopt.ir.opdef import segment_sizes
    return rw.create("scf.parallel", lbs + ubs + steps + inits, [v.type for v in inits],
                     properties={"operandSegmentSizes": segment_sizes(
                         [len(lbs), len(ubs), len(steps), len(inits)])},
                     attributes=dict(op.attributes), regions=[Region()], loc=op.loc)


@pat("parallel")
def ParallelOpSingleOrZeroIterationDimsFolder(op, rw):
    lbs, ubs, steps, inits = _parallel_groups(op)
    body = op.regions[0].blocks[0]
    mapping = {}
    nl, nu, ns = [], [], []
    for lb, ub, st, iv in zip(lbs, ubs, steps, body.args):
        n = _trip_count(lb, ub, st)
        if n is not None:
            if n == 0:
                rw.replace_op(op, inits)
                return True
            if n == 1:
                mapping[iv] = lb
                continue
        nl.append(lb)
        nu.append(ub)
        ns.append(st)
    if len(nl) == len(lbs):
        return False
    if not nl:
        for o in body.ops[:-1]:
            rw.clone(o, mapping)
        red = body.last
        results = []
        for i, region in enumerate(red.regions):
            rb = region.blocks[0]
            mapping[rb.args[0]] = inits[len(results)]
            mapping[rb.args[1]] = mapping.get(red.operand(i), red.operand(i))
            for o in rb.ops[:-1]:
                rw.clone(o, mapping)
            v = rb.last.group("result")  # (its scf.reduce.return)
            results.append(mapping.get(v, v))
        rw.replace_op(op, results)
        return True
    new = _new_parallel(rw, op, nl, nu, ns, inits)
    _clone_region_into(rw, op.regions[0], new.regions[0], mapping)
    rw.replace_op(op, new.results)
    return True


@pat("parallel")
def MergeNestedParallelLoops(op, rw):
    body = op.regions[0].blocks[0]
    inner = body.first
    if inner is None or inner.next is not body.last or inner.name != "scf.parallel":
        return False
    ilbs, iubs, isteps, iinits = _parallel_groups(inner)
    for a in body.args:
        if any(v is a for v in ilbs + iubs + isteps):
            return False
    lbs, ubs, steps, inits = _parallel_groups(op)
    if inits or iinits:
        return False
    ibody = inner.regions[0].blocks[0]
    new = _new_parallel(rw, op, lbs + ilbs, ubs + iubs, steps + isteps, [])
    nb = Block([a.type for a in body.args] + [a.type for a in ibody.args],
               [a.loc for a in body.args] + [a.loc for a in ibody.args])
    new.regions[0].append(nb)
    mapping = dict(zip(list(body.args) + list(ibody.args), nb.args))
    rw.set_insertion_point_to_end(nb)
    for o in ibody.ops[:-1]:
        rw.clone(o, mapping)
    rw.create("scf.reduce", [], [], properties={}, regions=0, loc=op.loc)
    rw.replace_op(op, new.results)
    return True


# -- scf.index_switch ---------------------------------------------------------------------------
@pat("index_switch")
def FoldConstantCase(op, rw):
    c = _int_cst(op.arg)
    if c is None:
        return False
    cases = list(op.get_attr("cases").values)
    region = op.regions[1 + cases.index(c)] if c in cases else op.regions[0]
    block = region.blocks[0]
    term = block.last
    results = list(term.operands)
    rw.inline_block_before(block, op.parent, op)
    rw.erase_op(term)
    rw.replace_op(op, results)
    return True


# -- scf.execute_region -------------------------------------------------------------------------
@pat("execute_region")
def SingleBlockExecuteInliner(op, rw):
    if len(op.regions[0].blocks) != 1:
        return False
    replace_op_with_region(rw, op, op.regions[0])
    return True


def _is_function_like(op):
    d = op.opdef if op is not None else None
    return d is not None and SYMBOL in d.traits and "function_type" in d.attrs


@pat("execute_region")
def MultiBlockExecuteInliner(op, rw):
    """In a function (or another execute_region) the blocks move into the parent region:
    branch into the entry block, each yield branches to the block after the op, whose
    arguments replace the results."""
    parent = op.parent_op
    if not (_is_function_like(parent) or (parent is not None and parent.name == op.name)):
        return False
    prev = op.parent
    post = rw.split_block(prev, op)
    region = op.regions[0]
    rw.set_insertion_point_to_end(prev)
    rw.create("cf.br", successors=[region.blocks[0]], loc=op.loc)
    for blk in region.blocks:
        term = blk.last
        if term is not None and term.name == "scf.yield":
            rw.set_insertion_point(term)
            rw.create("cf.br", list(term.operands), successors=[post], loc=term.loc)
            rw.erase_op(term)
    rw.inline_region_before(region, prev.parent, post)
    args = [post.add_argument(r.type, op.loc) for r in op.results]
    rw.replace_op(op, args)
    return True


FOLDS = {"scf.if": _fold_if}


def attach(dialect):
    from pyopt.dialects.scf.forall_canonicalize import PATTERNS as FORALL_PATTERNS
    from pyopt.dialects.scf.while_canonicalize import PATTERNS as WHILE_PATTERNS
    dialect.attach_rewrites(FOLDS, _PATTERNS)
    dialect.attach_rewrites(patterns={"scf.forall": FORALL_PATTERNS,
                                      "scf.while": WHILE_PATTERNS})
