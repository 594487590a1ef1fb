"""`scf-for-loop-range-folding`: when the induction variable's only use is an arith.addi /
arith.muli with a loop-invariant value, that arithmetic moves into the loop bounds (the
lower and upper bound for addi, the upper bound and step for muli; as upstream, the lower
bound is left alone for muli)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass

from passes.scf.common import parent_op_of_value


def _fold_ranges(loop):
    iv = loop.regions[0].blocks[0].args[0]

    def foldable(v):
        if v is iv:
            return True
        p = parent_op_of_value(v)
        return p is None or not loop.is_ancestor_of(p)

    while iv.has_one_use():
        user = next(iter(iv.users()))
        if user.name not in ("arith.addi", "arith.muli") or \
                not all(foldable(v) for v in user.operands):
            break
        slots = (0, 1) if user.name == "arith.addi" else (1, 2)
        clones = []
        for s in slots:
            c = user.clone({iv: loop.operand(s)})
            loop.parent.insert_before(loop, c)
            clones.append(c)
        for s, c in zip(slots, clones):
            loop.set_operand(s, c.results[0])
        user.results[0].replace_all_uses_with(iv)
        user.erase()


@register_pass("scf-for-loop-range-folding", "Fold add/mul ops into loop range",
               display_name="SCFForLoopRangeFolding")
def scf_for_loop_range_folding(op, ctx, options):
    loops = []
    op.walk(lambda o: loops.append(o) if o.name == "scf.for" else None)
    for loop in loops:
        _fold_ranges(loop)
