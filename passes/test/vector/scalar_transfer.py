"""`-test-scalar-vector-transfer-lowering`: a scalar extracted from an in-bounds, unmasked,
minor-identity transfer_read becomes a memref.load (tensor.extract of a tensor) at the shifted
indices, and a transfer_write of an all-unit vector becomes extract + memref.store (tensor.insert
into a tensor): upstream's populateScalarVectorTransferLoweringPatterns."""
from __future__ import annotations

from pyopt.dialects.affine.builders import composed_folded_apply, value_of
from pyopt.dialects.vector.transfer_canonicalize import Transfer
from pyopt.ir.affine import AffineMap, constant, symbol
from pyopt.ir.types import MemRefType, RankedTensorType, VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern
from passes.conversion.vector_to_llvm.transfer import has_out_of_bounds_dim
from passes.conversion.vector_to_scf import xfer_ops as X

_EXTRACTS = ("vector.extract", "vector.extractelement")


def _source_read(op, multi):
    """The transfer_read `op` extracts a scalar from, when it can become a load."""
    d = defining(op.vector, "vector.transfer_read")  # (both extracts name it `vector`)
    if d is None or type(op.results[0].type) is VectorType:
        return None
    r = d.results[0]
    if not multi and not r.has_one_use():
        return None
    if multi and any(u.owner.name not in _EXTRACTS for u in r.uses()):
        return None
    t = Transfer(d)
    if t.mask is not None or not t.perm_map.is_minor_identity() or has_out_of_bounds_dim(t):
        return None
    if type(t.source.type) not in (MemRefType, RankedTensorType):
        return None
    return t


def _load(t):
    return "memref.load" if type(t.source.type) is MemRefType else "tensor.extract"


def _shifted(rw, loc, index, expr, operands):
    r = composed_folded_apply(rw, AffineMap(0, len(operands), [expr]), operands, loc)
    return value_of(rw, r, loc)


class _ScalarExtract(RewritePattern):
    def __init__(self, multi):
        super().__init__()
        self.multi = multi


class ExtractElementOfRead(_ScalarExtract):
    root = "vector.extractelement"

    def match_and_rewrite(self, op, rw):
        t = _source_read(op, self.multi)
        if t is None:
            return False
        idx = t.indices
        pos = op.position
        if pos is not None:
            idx[-1] = _shifted(rw, op.loc, idx[-1], symbol(0) + symbol(1), [idx[-1], pos])
        rw.replace_op_with_new_op(op, _load(t), [t.source] + idx, [op.results[0].type])
        return True


class ExtractOfRead(_ScalarExtract):
    root = "vector.extract"

    def match_and_rewrite(self, op, rw):
        t = _source_read(op, self.multi)
        if t is None:
            return False
        pos = X.mixed_position(op)
        if not all(isinstance(p, int) for p in pos):
            return False
        idx = t.indices
        for i, p in enumerate(pos):
            k = len(idx) - len(pos) + i
            idx[k] = _shifted(rw, op.loc, idx[k], symbol(0) + constant(p), [idx[k]])
        rw.replace_op_with_new_op(op, _load(t), [t.source] + idx, [op.results[0].type])
        return True


class ScalarWrite(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        t = Transfer(op)
        vt = t.vector.type
        if any(s != 1 for s in vt.shape) or t.mask is not None:
            return False
        if not t.perm_map.is_minor_identity() or \
                type(t.source.type) not in (MemRefType, RankedTensorType):
            return False
        loc = op.loc
        if not vt.shape:
            e = rw.create("vector.extractelement", [t.vector], [vt.element_type],
                          loc=loc).results[0]
        else:
            e = X.extract(rw, loc, t.vector, [0] * len(vt.shape))
        if type(t.source.type) is MemRefType:
            rw.replace_op_with_new_op(op, "memref.store", [e, t.source] + t.indices, [])
        else:
            rw.replace_op_with_new_op(op, "tensor.insert", [e, t.source] + t.indices,
                                      [t.source.type])
        return True


@register_pass("test-scalar-vector-transfer-lowering",
               "Test lowering of scalar vector transfers to memref loads/stores.",
               options=[PassOption("allow-multiple-uses", bool, False,
                                   "Fold transfer operations with multiple uses")],
               anchor="func.func")
def test_scalar_transfer(op, ctx, options):
    multi = options["allow-multiple-uses"]
    apply_patterns_greedily(op, [ExtractElementOfRead(multi), ExtractOfRead(multi),
                                 ScalarWrite()], ctx, GreedyConfig(top_down=False))
