"""`test-scf-for-utils{test-replace-with-new-yields}`: every scf.for with iter_args is
rebuilt with its init values passed a second time as extra iter_args, each extra one yielding
the double (arith.addf x, x) of the corresponding original yielded value
(scf::ForOp::replaceWithAdditionalYields)."""
from __future__ import annotations

from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.rewriter import PatternRewriter
from passes.scf.common import create_for


def replace_with_additional_yields(rw, loop, new_inits, new_yields_fn, replace_init_uses=True):
    """A copy of scf.for `loop` carrying `new_inits` as extra iter_args; `new_yields_fn(rw,
    loc, new_args)` builds the extra yielded values before the yield. Returns the new loop."""
    rw.set_insertion_point(loop)
    lb, ub, st = loop.operands[:3]
    inits = list(loop.operands[3:])
    new = create_for(rw, lb, ub, st, inits + list(new_inits), loop.loc, terminate=False)
    for k, v in loop.attributes.items():
        new.attributes[k] = v
    nb = new.regions[0].blocks[0]
    old = loop.regions[0].blocks[0]
    new_args = list(nb.args[len(old.args):])
    y = old.last
    rw.set_insertion_point(y)
    extra = new_yields_fn(rw, loop.loc, new_args)
    y.set_operands(list(y.operands) + list(extra))
    rw.merge_blocks(old, nb, list(nb.args[:len(old.args)]))
    if replace_init_uses:
        for v, a in zip(new_inits, new_args):
            v.replace_uses_if(a, lambda use: new.is_ancestor_of(use.owner) and use.owner is not new)
    rw.replace_op(loop, list(new.results[:len(loop.results)]))
    return new


@register_pass("test-scf-for-utils", "test scf.for utils", anchor="func.func",
               options=[PassOption("test-replace-with-new-yields", bool, False,
                                   "Test replacing a loop with a new loop that returns new "
                                   "additional yield values")],
               display_name="TestSCFForUtilsPass")
def test_scf_for_utils(op, ctx, options):
    if not options.get("test-replace-with-new-yields"):
        return
    loops = []
    op.walk(lambda o: loops.append(o) if o.name == "scf.for" else None)
    rw = PatternRewriter(ctx)
    for loop in loops:
        if not loop.results or len(loop.operands) == 3:
            continue
        old_yields = list(loop.regions[0].blocks[0].last.operands)

        def double(b, loc, args, vals=old_yields):
            return [b.create("arith.addf", [v, v], [v.type], loc=loc).results[0] for v in vals]
        replace_with_additional_yields(rw, loop, list(loop.operands[3:]), double)
