"""Passes that only need the IR core."""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import register_pass


@register_pass("strip-debuginfo", "Strip debug info from all operations")
def strip_debuginfo(module, ctx, options):
    for op in module.walk_ops():
        op.loc = UNKNOWN_LOC
        for r in op.regions:
            for b in r.blocks:
                for a in b.args:
                    a.loc = UNKNOWN_LOC
