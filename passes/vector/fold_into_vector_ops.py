"""Arith ops folded into richer vector ops (19's populateFoldArithExtensionPatterns and
populateElementwiseToVectorOpsPatterns; apply_patterns.vector.fold_arith_extension /
elementwise_to_vector, and -test-fold-arith-extf-into-vector-contract-patterns):
- a vector.contract whose lhs and rhs are both arith.extf (or both arith.extsi) results
  contracts the narrow sources directly (the contract's kind becomes add, 19's builder
  default);
- arith.mulf / muli of transpose(broadcast(a)) and broadcast(b), both 1-D to 2-D without
  stretching unit dims, is vector.outerproduct(a, b)."""
from __future__ import annotations

from pyopt.dialects.vector.attrs import KIND_ADD
from pyopt.ir.types import VectorType
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


class FoldExtIntoContract(RewritePattern):
    root = "vector.contract"

    def __init__(self, ext):
        super().__init__()
        self.ext = ext

    def match_and_rewrite(self, op, rw):
        lhs, rhs = defining(op.lhs, self.ext), defining(op.rhs, self.ext)
        if lhs is None or rhs is None:
            return False
        props = {"indexing_maps": op.properties["indexing_maps"],
                 "iterator_types": op.properties["iterator_types"], "kind": KIND_ADD}
        rw.replace_op_with_new_op(op, "vector.contract", [lhs.in_, rhs.in_, op.acc],
                                  [op.results[0].type], properties=props)
        return True


def fold_ext_patterns():
    return [FoldExtIntoContract("arith.extf"), FoldExtIntoContract("arith.extsi")]


def _outer_operand(bcast):
    """The source of a 1-D -> 2-D broadcast that stretches no unit dim, else None."""
    if bcast is None:
        return None
    src = bcast.source
    st, dt = src.type, bcast.results[0].type
    if type(st) is not VectorType or len(st.shape) == 2:
        return None
    lead = len(dt.shape) - len(st.shape)
    if any(s != d for s, d in zip(st.shape, dt.shape[lead:])):
        return None
    return src


class MulToOuterProduct(RewritePattern):
    def match_and_rewrite(self, op, rw):
        rt = op.results[0].type
        if type(rt) is not VectorType or len(rt.shape) != 2:
            return False
        for a, b in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            t = defining(a, "vector.transpose")
            if t is None or list(t.properties["permutation"].values) != [1, 0]:
                continue
            x = _outer_operand(defining(t.vector, "vector.broadcast"))
            y = _outer_operand(defining(b, "vector.broadcast"))
            if x is None or y is None:
                continue
            rw.replace_op_with_new_op(op, "vector.outerproduct", [x, y], [rt],
                                      properties={"kind": KIND_ADD})
            return True
        return False


def elementwise_to_vector_patterns():
    return [MulToOuterProduct("arith.mulf"), MulToOuterProduct("arith.muli")]
