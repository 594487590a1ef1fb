"""`test-affine-loop-unswitch`: hoists an affine.if (without results) above the outermost
affine loops its condition does not depend on, duplicating those loops: the then-branch copy
keeps the if's then-body, the else-branch copy its else-body (hoistAffineIfOp). As upstream's
test pass, the walk stops after the first if that was hoisted (or folded away)."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr
from pyopt.ir.core import Region
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.op_list_driver import EXISTING, apply_op_patterns_and_fold
from pyopt.rewrite.pattern import PatternSet, RewritePattern
from pyopt.rewrite.rewriter import PatternRewriter

_MARK = "__mlir_if_hoisting"


def _if_patterns(ctx):
    ps = PatternSet()
    d = ctx.ops.get("affine.if")
    for p in (d.canonicalize or []) if d is not None else []:
        if not isinstance(p, RewritePattern):
            p = RewritePattern("affine.if", getattr(p, "benefit", 1), p)
        elif p.root is None:
            p.root = "affine.if"
        ps.add(p)
    return ps


def _outermost_invariant(if_op):
    operands = list(if_op.operands)
    res = if_op
    while res.parent_op is not None and res.parent_op.name != "func.func":
        p = res.parent_op
        if p.name == "affine.for":
            if any(v is p.regions[0].blocks[0].args[0] for v in operands):
                break
        elif p.name == "affine.parallel":
            if any(v is a for a in p.regions[0].blocks[0].args for v in operands):
                break
        elif p.name != "affine.if":
            break
        res = p
    return res


def _promote(if_op, else_block):
    src = if_op.regions[1 if else_block else 0].blocks[0]
    op = src.first
    while op is not None and op is not src.last:
        nxt = op.next
        op.move_before(if_op)
        op = nxt
    if_op.erase()


def _hoist(rw, if_op, over):
    if over is if_op:
        return if_op
    rw.set_insertion_point(over)
    new = rw.create("affine.if", list(if_op.operands), [],
                    attributes={"condition": if_op.attributes["condition"]},
                    regions=[Region(), Region()], loc=if_op.loc)
    then_b = rw.create_block(new.regions[0])
    else_b = rw.create_block(new.regions[1])
    for b in (then_b, else_b):
        rw.set_insertion_point_to_end(b)
        rw.create("affine.yield", [], [], loc=if_op.loc)
    if_op.attributes[_MARK] = BoolAttr(True)
    rw.set_insertion_point_after(over)
    clone = rw.clone(over, {})
    _promote(if_op, False)
    over.move_before(then_b.first)
    twin = []
    clone.walk(lambda o: twin.append(o) if o.name == "affine.if" and _MARK in o.attributes
               else None)
    t = twin[0]
    if not t.regions[1].blocks:
        t.erase()
    else:
        _promote(t, True)
    clone.move_before(else_b.first)
    return new


def _isolated_parent(op):
    p = op.parent_op
    while p is not None and not (p.opdef is not None and p.opdef.isolated):
        p = p.parent_op
    return p


def hoist_affine_if(ctx, if_op):
    if if_op.results:
        return False
    pats = _if_patterns(ctx)
    out = {}
    apply_op_patterns_and_fold([if_op], pats, ctx, strictness=EXISTING, result=out)
    if out.get("all_erased"):
        return False
    over = _outermost_invariant(if_op)
    rw = PatternRewriter(ctx)
    new = _hoist(rw, if_op, over)
    if new is if_op:
        return False
    parent = _isolated_parent(new)
    if parent is not None:
        apply_patterns_greedily(parent, pats, ctx)
    return True


@register_pass("test-affine-loop-unswitch", "Tests affine loop unswitching / if/else hoisting",
               anchor="func.func", display_name="TestAffineLoopUnswitching")
def test_affine_loop_unswitch(op, ctx, options):
    ifs = []
    op.walk(lambda o: ifs.append(o) if o.name == "affine.if" else None)
    for i in ifs:
        if i.parent is not None and hoist_affine_if(ctx, i):
            break
