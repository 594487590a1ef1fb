"""`convert-elementwise-to-linalg`: an elementwise-mappable op (arith, math) on ranked tensors
becomes a linalg.generic applying the op to each element (MLIR 19's ElementwiseToLinalg). An
operand of the result's type is reused as the init, else a tensor.empty of the first
operand's sizes."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.core import Block
from pyopt.ir.types import INDEX, DYNAMIC, RankedTensorType
from pyopt.ir.attributes import IntegerAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.conversion import ConversionTarget, apply_partial_conversion
from pyopt.rewrite.pattern import RewritePattern
from pyopt.rewrite.rewriter import Builder
from pyopt.interfaces.elementwise import is_elementwise_mappable
from pyopt.dialects.linalg.builders import create_generic


def on_ranked_tensors(op):
    return is_elementwise_mappable(op) and \
        all(type(v.type) is RankedTensorType for v in op.operands)


def _inits(rw, op):
    """getOrCreateOperandsMatchingResultTypes."""
    out = []
    for r in op.results:
        same = next((v for v in op.operands if v.type is r.type), None)
        if same is not None:
            out.append(same)
            continue
        src = op.operands[0]
        dyn = []
        for i, s in enumerate(src.type.shape):
            if s == DYNAMIC:
                c = rw.create("arith.constant", [], [INDEX],
                              properties={"value": IntegerAttr(INDEX, i)}, loc=op.loc)
                dyn.append(rw.create("tensor.dim", [src, c.results[0]], [INDEX],
                                     loc=op.loc).results[0])
        t = RankedTensorType(list(src.type.shape), r.type.element_type)
        out.append(rw.create("tensor.empty", dyn, [t], loc=op.loc).results[0])
    return out


class ElementwiseOnTensorsToGeneric(RewritePattern):
    def match_and_rewrite(self, op, rw):
        if not on_ranked_tensors(op):
            return rw.notify_match_failure(op, "requires elementwise op on ranked tensors")
        rank = len(op.results[0].type.shape)
        ident = AffineMap.get_multi_dim_identity(rank)
        n = len(op.results) + len(op.operand_slots)
        outs = _inits(rw, op)
        g = create_generic(rw, list(op.operands), outs, [ident] * n, ["parallel"] * rank,
                           [r.type for r in op.results], op.loc)
        block = Block([v.type.element_type for v in list(op.operands) + outs])
        g.regions[0].append(block)
        b = Builder(rw.ctx)
        b.set_insertion_point_to_end(block)
        scalar = b.create(op.name, block.args[:len(op.operand_slots)],
                          [r.type.element_type for r in op.results],
                          properties=dict(op.properties), attributes=dict(op.attributes),
                          loc=op.loc)
        b.create("linalg.yield", list(scalar.results), [], loc=op.loc)
        rw.replace_op(op, list(g.results))
        return True


@register_pass("convert-elementwise-to-linalg", "Convert ElementwiseMappable ops to linalg",
               display_name="ConvertElementwiseToLinalgPass")
def convert_elementwise_to_linalg(op, ctx, options):
    target = ConversionTarget(ctx)
    target.mark_unknown_op_dynamically_legal(lambda o: not on_ranked_tensors(o))
    apply_partial_conversion(op, target, [ElementwiseOnTensorsToGeneric()], ctx)
