"""Canonicalization pattern of the index ops (MLIR 19 IndexOps.cpp): index.cmp of a difference
against zero compares the difference's operands. Attached by `attach(INDEX_DIALECT)` in
__init__.py; the folders are in folds.py."""
from __future__ import annotations

from pyopt.ir.types import I1
from pyopt.rewrite.matchers import defining, m_constant_int
from pyopt.rewrite.pattern import RewritePattern


def _cmp_of_sub(op, rw):
    """cmp(sub(a, b), 0) -> cmp(a, b); cmp(0, sub(a, b)) -> cmp(b, a)."""
    zero = m_constant_int(0)
    rz, lz = zero(op.rhs), zero(op.lhs)
    if not rz and not lz:
        return False
    sub = defining(op.lhs if rz else op.rhs, "index.sub")
    if sub is None:
        return False
    operands = [sub.lhs, sub.rhs] if rz else [sub.rhs, sub.lhs]
    rw.replace_op_with_new_op(op, "index.cmp", operands, [I1],
                              properties={"pred": op.get_attr("pred")})
    return True


def attach(dialect):
    dialect.attach_rewrites(None, {"index.cmp": [RewritePattern("index.cmp", 1, _cmp_of_sub,
                                                                name="CmpOpCanonicalize")]})
