"""Keeping long-lived IR off Python's cycle collector.

The pyopt command parses a module, runs passes and prints it: the IR lives until then, and the
collector's full passes over it would cost time and find little. So the command freezes it
(`gc.freeze`) and sets `ir_frozen`; code that makes much new long-lived IR (the dialect
conversion) freezes that too when `ir_frozen` is set. (`gc.get_freeze_count()` would say the
same, but it walks every frozen object.) Garbage left in the frozen heap is freed when the
command unfreezes it."""
from __future__ import annotations

import contextlib
import gc

ir_frozen = False


def freeze_ir():
    """Moves everything alive onto the frozen heap and notes that the IR is kept there."""
    global ir_frozen
    gc.freeze()
    ir_frozen = True


def unfreeze_ir():
    global ir_frozen
    gc.unfreeze()
    ir_frozen = False


def freeze_new_ir():
    """Called after making much new IR: it joins the frozen IR when the caller keeps its IR
    frozen (else nothing happens)."""
    if ir_frozen:
        gc.freeze()


@contextlib.contextmanager
def collector_paused():
    """Around a rewrite that makes much new IR (dialect conversion, greedy rewriting): the
    collector's passes over the growing heap find little (erased ops are destroyed, see
    Operation.destroy) and would make the rewrite superlinear. Afterwards the new IR joins
    the frozen IR when the caller keeps its IR frozen, instead of sitting in the youngest
    generation where each collection would walk it again."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            freeze_new_ir()  # (first: enabled, the collector's first pass would walk it all)
            gc.enable()
