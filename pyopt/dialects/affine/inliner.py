"""Inliner model of the affine dialect.

Affine ops may be inlined into an affine scope or into affine.for/parallel/if. A callee may be
inlined *into* an affine.for/parallel/if only if it is one block of effect-free ops, affine.apply
and affine loads/stores whose dims and symbols stay valid once the callee's arguments are
replaced by the caller's values (a value defined at the callee's top level stops being top
level after inlining, so only constants and dim ops keep their status).
"""
from __future__ import annotations

from pyopt.ir.opdef import AFFINE_SCOPE, CONSTANT_LIKE
from pyopt.interfaces.inliner import DialectInlinerModel, register_dialect_inliner
from pyopt.ir.core import BlockArgument
from pyopt.rewrite.folding import NO_MEMORY_EFFECT, PURE, RECURSIVE_MEMORY_EFFECTS
from pyopt.dialects.affine.scope import is_valid_dim, is_valid_symbol

_STRUCTURED = ("affine.for", "affine.parallel", "affine.if")
_READS = {"affine.load": 1, "affine.vector_load": 1}     # op -> index of first map operand
_WRITES = {"affine.store": 2, "affine.vector_store": 2}
_DIM_OPS = ("memref.dim", "tensor.dim")


def _has_no_effect(op):
    """MemoryEffectOpInterface::hasNoEffect (ops with recursive effects lack the interface)."""
    d = op.opdef
    if d is None or RECURSIVE_MEMORY_EFFECTS in d.traits:
        return False
    if PURE in d.traits or NO_MEMORY_EFFECT in d.traits:
        return True
    return d.extra.get("effects") == ()


def _top_level_in(value, region):
    if type(value) is BlockArgument:
        return value.owner.parent is region
    return value.owner.parent_region is region


def _stays_legal(value, src, dest, mapping, check):
    if not _top_level_in(value, src):
        return True
    if type(value) is BlockArgument:
        return check(mapping.get(value, value), dest)
    d = value.owner.opdef
    return (d is not None and CONSTANT_LIKE in d.traits) or value.owner.name in _DIM_OPS


def _access_stays_legal(op, first, src, dest, mapping):
    amap = op.properties["map"].value
    operands = op.operands[first:]
    dims = operands[:amap.num_dims]
    syms = operands[len(operands) - amap.num_symbols:] if amap.num_symbols else []
    return all(_stays_legal(v, src, dest, mapping, is_valid_dim) for v in dims) and \
        all(_stays_legal(v, src, dest, mapping, is_valid_symbol) for v in syms)


class AffineInliner(DialectInlinerModel):
    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        if dest.parent.name not in _STRUCTURED or len(src.blocks) != 1:
            return False
        for op in src.blocks[0]:
            if _has_no_effect(op):
                continue
            first = _READS.get(op.name, _WRITES.get(op.name))
            if first is None or not _access_stays_legal(op, first, src, dest, mapping):
                return False
        return True

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        parent = dest.parent
        return parent.has_trait(AFFINE_SCOPE) or parent.name in _STRUCTURED


register_dialect_inliner("affine", AffineInliner())
