"""Constant folding of linalg ops on constant tensors (MLIR 19 ConstantFold.cpp): a
structured op on tensors with one static-shaped init its payload does not read, permutation
indexing maps, int or float elements of one type, and constant (dense) inputs becomes an
arith.constant holding its result.

FoldConstantBase does the data movement (each output element read from the inputs through
the permutation maps) for a payload given as a function of the input elements;
FoldConstantTranspose is the one instance upstream has: one input, a payload yielding it."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr
from pyopt.ir.core import BlockArgument
from pyopt.ir.types import FloatType, IntegerType, ShapedType
from pyopt.rewrite.matchers import constant_attr
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import has_pure_tensor_semantics, init_indices
from pyopt.dialects.linalg.structured import indexing_maps, payload, static_loop_ranges
from passes.linalg.erase_unused import payload_uses


class FoldConstantBase(RewritePattern):
    """Subclasses give match_maps(op) and compute_fn(op) (a function of the list of input
    element values, or None when the payload is not understood)."""

    def __init__(self, root, control):
        super().__init__(root)
        self.control = control

    def match_maps(self, op):
        raise NotImplementedError

    def compute_fn(self, op):
        raise NotImplementedError

    def match_and_rewrite(self, op, rw):
        if not has_pure_tensor_semantics(op):
            return False
        inits = init_indices(op)
        if len(inits) != 1 or not op.results:
            return False
        out_t = op.results[0].type
        if not isinstance(out_t, ShapedType) or any(s < 0 for s in out_t.shape):
            return False
        ins = [i for i in range(len(op.operand_slots)) if i not in set(inits)]
        if not all(isinstance(op.operand(i).type, ShapedType) for i in ins):
            return False
        if len({v.type.element_type for v in op.operands}) != 1:
            return False
        et = out_t.element_type
        if not isinstance(et, (IntegerType, FloatType)):  # isIntOrFloat
            return False
        maps = indexing_maps(op)
        if not all(m.is_permutation() for m in maps):
            return False
        if any(payload_uses(op, i) for i in inits):
            return False
        if not self.match_maps(op):
            return False
        fn = self.compute_fn(op)
        if fn is None:
            return False
        values = []
        for i in ins:
            a = constant_attr(op.operand(i))
            if type(a) is not DenseElementsAttr:
                return False
            values.append(a)
        for i in ins:
            if not self.control(op.operand_slots[i]):
                return False
        bounds = static_loop_ranges(op)
        n = 1
        for s in out_t.shape:
            n *= s
        in_dims = [[e.position for e in maps[i].results] for i in ins]
        out_dims = [e.position for e in maps[inits[0]].results]
        in_shapes = [op.operand(i).type.shape for i in ins]
        out_shape = out_t.shape
        elems = [a.all_values() for a in values]
        out = [None] * n
        rank = len(bounds)
        for linear in range(n):
            idx = [0] * rank
            rest = linear
            for d in range(rank - 1, -1, -1):
                idx[d] = rest % bounds[d]
                rest //= bounds[d]
            src = []
            for k in range(len(ins)):
                pos = 0
                for d in range(rank):
                    pos = pos * in_shapes[k][d] + idx[in_dims[k][d]]
                src.append(elems[k][pos])
            dst = 0
            for d in range(rank):
                dst = dst * out_shape[d] + idx[out_dims[d]]
            out[dst] = fn(src)
        attr = DenseElementsAttr(out_t, out)
        rw.replace_op_with_new_op(op, "arith.constant", [], [out_t],
                                  properties={"value": attr})
        return True


class FoldConstantTranspose(FoldConstantBase):
    """linalg.transpose, and generics that only move their one input."""

    def match_maps(self, op):
        return len(indexing_maps(op)) == 2

    def compute_fn(self, op):
        body = payload(op)
        if body.first is not body.last:
            return None
        y = body.last
        if y.name != "linalg.yield":
            return None
        for v in y.operands:
            if not isinstance(v, BlockArgument) or v.owner is not body or v.index != 0:
                return None
        return lambda inputs: inputs[0]


def populate_constant_fold_linalg_operations(ctx, control):
    """populateConstantFoldLinalgOperations (an interface pattern upstream: one instance per
    structured op name)."""
    from passes.linalg.reshape_fusion import linalg_op_names
    return [FoldConstantTranspose(n, control) for n in linalg_op_names(ctx)]
