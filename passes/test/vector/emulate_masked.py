"""`-test-vector-emulate-masked-load-store`: a 1-D vector.maskedload / maskedstore becomes,
per lane, an scf.if on the mask bit around a scalar memref.load + vector.insert (or
vector.extract + memref.store), the innermost index advancing by one per lane (upstream's
populateVectorMaskedLoadStoreEmulationPatterns)."""
from __future__ import annotations

from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import index_const
from passes.conversion.vector_to_scf import xfer_ops as X


def _parts(op, value_first):
    """(base, indices, mask, value) of a maskedload (base, idx.., mask, passthru) or
    maskedstore (base, idx.., mask, value)."""
    ops = list(op.operands)
    return ops[0], ops[1:-2], ops[-2], ops[-1]


class EmulateMaskedLoad(RewritePattern):
    root = "vector.maskedload"

    def match_and_rewrite(self, op, rw):
        base, idx, mask, acc = _parts(op, False)
        if len(mask.type.shape) != 1:
            return False
        loc = op.loc
        elem = op.results[0].type.element_type
        one = index_const(rw, loc, 1)
        for i in range(mask.type.shape[0]):
            bit = X.extract(rw, loc, mask, [i])
            cur, at = acc, list(idx)

            def then(b, cur=cur, at=at, i=i):
                v = rw.create("memref.load", [base] + at, [elem], loc=loc).results[0]
                X.yield_(rw, loc, [X.insert(rw, loc, v, cur, [i])])
            blocks = [X.build_block(rw, [], loc, then),
                      X.build_block(rw, [], loc, lambda b, cur=cur: X.yield_(rw, loc, [cur]))]
            acc = X.with_blocks(rw.create("scf.if", [bit], [acc.type], regions=2, loc=loc),
                                blocks).results[0]
            idx[-1] = rw.create("arith.addi", [idx[-1], one], [idx[-1].type],
                                loc=loc).results[0]
        rw.replace_op(op, [acc])
        return True


class EmulateMaskedStore(RewritePattern):
    root = "vector.maskedstore"

    def match_and_rewrite(self, op, rw):
        base, idx, mask, value = _parts(op, True)
        if len(mask.type.shape) != 1:
            return False
        loc = op.loc
        one = index_const(rw, loc, 1)
        for i in range(mask.type.shape[0]):
            bit = X.extract(rw, loc, mask, [i])
            at = list(idx)

            def then(b, at=at, i=i):
                e = X.extract(rw, loc, value, [i])
                rw.create("memref.store", [e, base] + at, [], loc=loc)
                X.yield_(rw, loc, [])
            blocks = [X.build_block(rw, [], loc, then)]
            X.with_blocks(rw.create("scf.if", [bit], [], regions=2, loc=loc), blocks)
            idx[-1] = rw.create("arith.addi", [idx[-1], one], [idx[-1].type],
                                loc=loc).results[0]
        rw.erase_op(op)
        return True


@register_pass("test-vector-emulate-masked-load-store",
               "Test patterns that emulate the maskedload/maskedstore op by  memref.load/store "
               "and scf.if", anchor="func.func")
def test_emulate_masked(op, ctx, options):
    apply_patterns_greedily(op, [EmulateMaskedLoad(), EmulateMaskedStore()], ctx,
                            GreedyConfig(top_down=False))
