"""`lower-vector-mask`: a vector.mask around a transfer_read, transfer_write or gather becomes
that op with the mask as its own mask operand (upstream's LowerVectorMask.cpp patterns for
side-effecting ops), plus vector.mask's canonicalizations (empty masks elided)."""
from __future__ import annotations

from pyopt.dialects.vector.transfer_canonicalize import PATTERNS as _CANON, Transfer
from pyopt.pass_registry import register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.prepare import const
from passes.conversion.vector_to_scf import xfer_ops as X


def _masked_op(mask_op, name):
    b = mask_op.regions[0].blocks[0]
    inner = b.first if b.first is not b.last else None
    return inner if inner is not None and inner.name == name else None


class MaskedTransferRead(RewritePattern):
    root = "vector.mask"

    def match_and_rewrite(self, op, rw):
        inner = _masked_op(op, "vector.transfer_read")
        if inner is None or op.passthru is not None:
            return False  # (a vector pass-through has no transfer_read equivalent)
        t = Transfer(inner)
        new = X.read(rw, inner.loc, t.vtype, t.source, t.indices, t.perm_map, t.padding,
                     op.mask, inner.get_attr("in_bounds"))
        rw.replace_op(op, list(new.results))
        return True


class MaskedTransferWrite(RewritePattern):
    root = "vector.mask"

    def match_and_rewrite(self, op, rw):
        inner = _masked_op(op, "vector.transfer_write")
        if inner is None:
            return False
        t = Transfer(inner)
        new = X.write(rw, inner.loc, t.vector, t.source, t.indices, t.perm_map,
                      op.mask, inner.get_attr("in_bounds"))
        if new.results:
            rw.replace_op(op, list(new.results))
        else:
            rw.erase_op(op)
        return True


class MaskedGather(RewritePattern):
    root = "vector.mask"

    def match_and_rewrite(self, op, rw):
        inner = _masked_op(op, "vector.gather")
        if inner is None:
            return False
        vt = inner.results[0].type
        passthru = op.passthru
        if passthru is None:
            passthru = const(rw, inner.loc, vt)
        new = rw.create("vector.gather", [inner.base] + inner.indices +
                        [inner.index_vec, op.mask, passthru], [vt], loc=inner.loc)
        rw.replace_op(op, list(new.results))
        return True


@register_pass("lower-vector-mask", "Lower 'vector.mask' operations",
               display_name="LowerVectorMaskPass", anchor="func.func")
def lower_vector_mask(op, ctx, options):
    apply_patterns_greedily(op, [MaskedTransferRead(), MaskedTransferWrite(), MaskedGather()]
                            + list(_CANON.get("vector.mask", ())), ctx,
                            GreedyConfig(top_down=False))  # (the upstream driver's default)
