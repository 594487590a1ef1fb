"""populateExtractAddressComputationsPatterns (MLIR 19 ExtractAddressComputations.cpp): a
memref.load / memref.store / vector.transfer_read / vector.transfer_write at non-zero indices
becomes the same access at index 0 of a memref.subview starting at those indices, so the
address computation is a separate op. The view is 1 per dim for load/store, `dim - index`
per dim (the source's constified sizes) for transfers. Patterns only: the descriptor
transform.apply_patterns.memref.extract_address_computations uses them."""
from __future__ import annotations

from pyopt.ir.affine import symbol
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.types import DYNAMIC, INDEX, MemRefType
from pyopt.rewrite.matchers import constant_int
from pyopt.rewrite.pattern import RewritePattern
from pyopt.dialects.affine.builders import composed_folded_apply
from pyopt.dialects.bufferizable_models.tensor import create_subview
from passes.arith.narrow_type.linearize import constified_metadata


def _ofr(v):
    c = constant_int(v)
    return v if c is None else c


class ExtractAddressComputation(RewritePattern):
    def __init__(self, root, unit_view):
        super().__init__(root)
        self.unit_view = unit_view  # load/store: a 1x..x1 view; transfers: to the end

    def match_and_rewrite(self, op, rw):
        src = op.memref if self.unit_view else op.source
        t = src.type
        if not isinstance(t, MemRefType) or not t.shape:
            return False
        indices = [_ofr(v) for v in op.indices]
        if all(i == 0 for i in indices):
            return False
        loc, rank = op.loc, len(t.shape)
        if self.unit_view:
            sizes = [1] * rank
        else:
            _, src_sizes, _ = constified_metadata(rw, src, loc)
            sizes = [composed_folded_apply(rw, symbol(0) - symbol(1), [s, i], loc)
                     for s, i in zip(src_sizes, indices)]
        view = create_subview(rw, loc, src, [s if isinstance(s, int) else DYNAMIC
                                             for s in sizes], indices, sizes, [1] * rank)
        zero = rw.create("arith.constant", [], [INDEX],
                         properties={"value": IntegerAttr(INDEX, 0)}, loc=loc).results[0]
        ops = list(op.operands)
        k = next(i for i, v in enumerate(ops) if v is src)
        new = ops[:k] + [view] + [zero] * rank + ops[k + 1 + rank:]
        rw.modify_op_in_place(op, lambda: op.set_operands(new))
        return True


def extract_address_computations_patterns():
    return [ExtractAddressComputation("memref.load", True),
            ExtractAddressComputation("memref.store", True),
            ExtractAddressComputation("vector.transfer_read", False),
            ExtractAddressComputation("vector.transfer_write", False)]
