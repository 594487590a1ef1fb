"""`scf-for-to-while`: scf.for becomes an scf.while that carries the induction variable
first (`iv < ub` in the before region, `iv + step` yielded from the after region)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import value_loc
from pyopt.ir.types import I1, I64
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern

_SLT = 2  # arith.cmpi predicate


class ForToWhile(RewritePattern):
    root = "scf.for"

    def match_and_rewrite(self, for_op, rw):
        lb, ub, step, *inits = for_op.operands
        body = for_op.regions[0].blocks[0]
        iv = body.args[0]
        types = [iv.type] + [v.type for v in inits]
        locs = [iv.loc] + [value_loc(v) for v in inits]
        loc = for_op.loc
        rw.set_insertion_point(for_op)
        while_op = rw.create("scf.while", [lb] + inits, types,
                             attributes=dict(for_op.attributes), regions=2, loc=loc)
        before = rw.create_block(while_op.regions[0], types, locs)
        cond = rw.create("arith.cmpi", [before.args[0], ub], [I1],
                         {"predicate": IntegerAttr(I64, _SLT)}, loc=loc)
        rw.create("scf.condition", [cond.results[0]] + list(before.args), loc=loc)
        after = rw.create_block(while_op.regions[1], types, locs)
        next_iv = rw.create("arith.addi", [after.args[0], step], [iv.type], loc=loc)
        for old, new in zip(body.args, after.args):
            rw.replace_all_uses_with(old, new)
        for op in list(body.ops):
            op.detach()
            after.append(op)
        for op in list(after.ops):
            if op.name == "scf.yield":
                rw.modify_op_in_place(op, lambda o=op: o.set_operands(
                    [next_iv.results[0]] + list(o.operands)))
        for old, new in zip(for_op.results, while_op.results[1:]):
            rw.replace_all_uses_with(old, new)
        rw.erase_op(for_op)
        return True


@register_pass("scf-for-to-while", "Convert SCF for loops to SCF while loops",
               display_name="SCFForToWhileLoop")
def scf_for_to_while(op, ctx, options):
    apply_patterns_greedily(op, [ForToWhile()], ctx)
