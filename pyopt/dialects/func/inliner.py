"""Inliner model of the func dialect: every func op may be inlined; an inlined `func.return`
becomes a `cf.br` to the block after the call (or forwards its operands directly)."""
from __future__ import annotations

from pyopt.interfaces.inliner import DialectInlinerModel, register_dialect_inliner


class FuncInliner(DialectInlinerModel):
    def is_legal_call(self, call, callable_op, would_be_cloned):
        return True

    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        return True

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        return True

    def handle_terminator_branch(self, op, dest, builder):
        if op.name != "func.return":
            return
        builder.create("cf.br", op.operands, successors=[dest], loc=op.loc)
        op.erase()

    def handle_terminator_values(self, op, values):
        for v, new in zip(values, op.operands):
            v.replace_all_uses_with(new)


register_dialect_inliner("func", FuncInliner())
