"""Inliner models of the dialects with no inlining restriction of their own.

arith, math, complex, ub, vector: their ops may be inlined anywhere. memref, tensor, linalg,
ml_program: also any region may be inlined into their ops' regions. scf: likewise, and an inlined single-block `scf.yield`
forwards its operands. cf: ops and calls may be inlined; its terminators need no rewriting.
(index, builtin and dlti have no inliner interface upstream: their ops block inlining.)
"""
from __future__ import annotations

from pyopt.interfaces.inliner import AlwaysLegal, register_dialect_inliner


class _RegionsToo(AlwaysLegal):
    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        return True


class SCFInliner(_RegionsToo):
    def handle_terminator_values(self, op, values):
        if op.name != "scf.yield":
            return
        for v, new in zip(values, op.operands):
            v.replace_all_uses_with(new)


class CFInliner(AlwaysLegal):
    def is_legal_call(self, call, callable_op, would_be_cloned):
        return True


for _name in ("arith", "math", "complex", "ub", "vector"):
    register_dialect_inliner(_name, AlwaysLegal())
for _name in ("memref", "tensor", "linalg", "ml_program"):
    register_dialect_inliner(_name, _RegionsToo())
register_dialect_inliner("scf", SCFInliner())
register_dialect_inliner("cf", CFInliner())
