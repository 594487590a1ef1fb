"""`linalg-inline-scalar-operands`: an input of a linalg.generic on tensors read at one
constant index (a constant indexing map) becomes a tensor.extract inside the body (MLIR 19's
InlineScalarOperands)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import INDEX
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, has_pure_tensor_semantics, \
    init_indices
from pyopt.dialects.linalg.builders import create_generic
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types


class InlineScalarOperands(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        maps = indexing_maps(op)
        inits = set(init_indices(op))
        scalars, new_maps, new_ins = [], [], []
        for i, v in enumerate(op.operands):
            if i in inits:
                continue
            if maps[i].is_constant():
                scalars.append(i)
            else:
                new_maps.append(maps[i])
                new_ins.append(v)
        if not scalars:
            return False
        new_maps += [maps[i] for i in sorted(inits)]
        loc = op.loc
        g = create_generic(rw, new_ins, dps_inits(op), new_maps, iterator_types(op),
                           [r.type for r in op.results], loc)
        rw.clone_region_before(op.regions[0], g.regions[0])
        body = g.regions[0].blocks[0]
        ip = rw.save()
        rw.set_insertion_point_to_start(body)
        for i in reversed(scalars):
            idx = [rw.create("arith.constant", [], [INDEX],
                             properties={"value": IntegerAttr(INDEX, c)}, loc=loc).results[0]
                   for c in maps[i].get_constant_results()]
            x = rw.create("tensor.extract", [op.operand(i)] + idx,
                          [op.operand(i).type.element_type], loc=loc).results[0]
            arg = body.args[i]
            rw.replace_all_uses_with(arg, x)
            body.erase_argument(i)
        rw.restore(ip)
        rw.replace_op(op, list(g.results))
        return True


@register_pass("linalg-inline-scalar-operands", "Inline scalar operands into linalg generic ops",
               display_name="LinalgInlineScalarOperandsPass")
def linalg_inline_scalar_operands(op, ctx, options):
    apply_patterns_greedily(op, [InlineScalarOperands()], ctx)
