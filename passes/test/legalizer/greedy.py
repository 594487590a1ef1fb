"""Greedy-driver test passes: selective replacement, and the op-list driver under each
strictness (AnyOp / ExistingAndNewOps / ExistingOps) with a listener printing every change."""
from __future__ import annotations

from pyopt.ir.attributes import BoolAttr, UnitAttr
from pyopt.ir.opdef import TERMINATOR
from pyopt.pass_registry import PassOption, register_pass
from passes.test.legalizer.common import DumpNotifications, FnPattern


def _selective_replace(op, rw):
    if len(op.operands) != 2:
        return False
    a, b = op.operands
    rw.replace_uses_if(op.results[0], a, lambda u: u.owner.opdef is not None and
                       TERMINATOR in u.owner.opdef.traits)
    rw.replace_op(op, [b])
    return True


@register_pass("test-pattern-selective-replacement",
               "Test selective replacement in the PatternRewriter")
def test_pattern_selective_replacement(top, ctx, options):
    from pyopt.rewrite.greedy import apply_patterns_greedily
    apply_patterns_greedily(top, [FnPattern("test.cast", _selective_replace)], ctx)


# Patterns for the op-list greedy driver: which ops a change may bring onto the worklist under
# each strictness, as the listener hears it.
def _insert_same_op(op, rw):
    if op.get_attr("skip") is not None:
        return False
    new = rw.create(op.name, op.operands, op.result_types, loc=op.loc)
    rw.modify_op_in_place(op, lambda: op.attributes.__setitem__("skip", BoolAttr(True)))
    new.attributes["skip"] = BoolAttr(True)
    return True


def _replace_with_new_op(op, rw):
    if op.get_attr("create_erase_op") is not None:
        new = rw.create("test.erase_op", loc=op.loc)
    else:
        new = rw.create("test.new_op", op.operands, op.result_types, loc=op.loc)
    rw.replace_all_op_uses_with(op, new.results)
    rw.erase_op(op)
    return True


def _erase(op, rw):
    rw.erase_op(op)
    return True


def _change_block(op, rw):
    succ = op.successors
    if len(succ) < 2 or succ[0] is succ[1]:
        return False
    rw.replace_all_block_uses_with(succ[0], succ[1])
    return True


def _implicit_change(op, rw):
    if not op.successors or op.successors[0] is op.parent:
        return False
    rw.modify_op_in_place(op, lambda: op.set_successor(0, op.parent))
    return True


def _move_before_parent(op, rw):
    parent = op.parent_op
    if parent is None or parent.name == "func.func":  # (not past a function)
        return False
    rw.move_op_before(op, parent)
    return True


def _inline_blocks_into_parent(op, rw):
    changed = False
    for r in op.regions:
        while r.blocks:
            rw.inline_block_before(r.blocks[0], op.parent, op)
            changed = True
    return changed


def _split_block_here(op, rw):
    rw.split_block(op.parent, op)
    new = rw.create("test.new_op", op.operands, op.result_types, loc=op.loc)
    rw.replace_op(op, new)
    return True


def _clone_me(op, rw):
    if op.get_attr("was_cloned") is not None:
        return False
    new = rw.clone(op)
    new.attributes["was_cloned"] = UnitAttr()
    return True


def _clone_region_before(op, rw):
    if op.get_attr("was_cloned") is not None:
        return False
    for r in op.regions:
        rw.clone_region_before(r, op.parent.parent, op.parent)
    op.attributes["was_cloned"] = UnitAttr()
    return True


_STRICT_PATTERNS = {
    "test.change_block_op": _change_block, "test.clone_me": _clone_me,
    "test.clone_region_before": _clone_region_before, "test.erase_op": _erase,
    "test.implicit_change_op": _implicit_change,
    "test.inline_blocks_into_parent": _inline_blocks_into_parent,
    "test.insert_same_op": _insert_same_op, "test.move_before_parent_op": _move_before_parent,
    "test.replace_with_new_op": _replace_with_new_op, "test.split_block_here": _split_block_here,
}


_STRICT_ROOTS = set(_STRICT_PATTERNS) - {"test.implicit_change_op"}


@register_pass("test-strict-pattern-driver", "Test strict mode of pattern driver",
               options=[PassOption("strictness", ("AnyOp", "ExistingAndNewOps", "ExistingOps"),
                                   "AnyOp", "Can be {AnyOp, ExistingAndNewOps, ExistingOps}")],
               anchor="func.func")
def test_strict_pattern_driver(func, ctx, options):
    from pyopt.rewrite.op_list_driver import apply_op_patterns_and_fold
    ops = [o for o in func.walk_ops() if o.name in _STRICT_ROOTS]
    patterns = [FnPattern(root, fn) for root, fn in _STRICT_PATTERNS.items()]
    result = {}
    changed = apply_op_patterns_and_fold(ops, patterns, ctx, strictness=options["strictness"],
                                         listener=DumpNotifications(ctx), result=result)
    func.attributes["pattern_driver_changed"] = BoolAttr(bool(changed))
    func.attributes["pattern_driver_all_erased"] = BoolAttr(result["all_erased"])
