"""The dialect inliner interface (MLIR's DialectInlinerInterface).

In MLIR this interface belongs to a dialect, not to an op: the inliner asks the dialect of the
call, of the region being inlined into, of each op being inlined and of each inlined terminator.
So models are kept here per dialect name (`register_dialect_inliner`), and `dialect_inliner(op)`
finds the model of an op's dialect (None: the dialect cannot be inlined at all).

A model subclasses `DialectInlinerModel`; every hook has MLIR's conservative default.
"""
from __future__ import annotations

DIALECT_INLINER_INTERFACE = "DialectInlinerInterface"

_MODELS: dict = {}  # dialect name -> model


class DialectInlinerModel:
    """Hooks of one dialect. `mapping` is the value map of the inlining (callee argument ->
    caller value)."""

    # -- legality ------------------------------------------------------------------------
    def is_legal_call(self, call, callable_op, would_be_cloned):
        """May `callable_op` be inlined at `call` (an op of this dialect)?"""
        return False

    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        """May region `src` be inlined into `dest` (whose parent op is of this dialect)?"""
        return False

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        """May `op` (of this dialect) be inlined into region `dest`?"""
        return False

    def should_analyze_recursively(self, op):
        return True

    # -- transformation ------------------------------------------------------------------
    def handle_terminator_branch(self, op, dest, builder):
        """Several blocks were inlined: rewrite terminator `op` to branch to `dest`."""

    def handle_terminator_values(self, op, values):
        """One block was inlined: replace the uses of `values` (the call results) by the
        operands of terminator `op`."""

    def handle_argument(self, builder, call, callable_op, argument, arg_attrs):
        return argument

    def handle_result(self, builder, call, callable_op, result, res_attrs):
        return result

    def process_inlined_call_blocks(self, call, blocks, builder):
        """`blocks` were just inlined for `call` (terminators not yet handled)."""


class AlwaysLegal(DialectInlinerModel):
    """Dialects whose ops may all be inlined anywhere (arith, math, complex, ub, ...)."""

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        return True


def register_dialect_inliner(dialect_name, model):
    _MODELS[dialect_name] = model


def dialect_inliner(op):
    """The inliner model of `op`'s dialect, or None."""
    d = op.opdef
    if d is None:
        return None
    name = getattr(d, "dialect_name", None) or op.name.split(".", 1)[0]
    return _MODELS.get(name)
