"""create_mask / constant_mask."""
from __future__ import annotations


def patterns(tc, force32):
    return []
