"""transform.structured.hoist_redundant_vector_transfers / _broadcasts over
passes/linalg/hoisting.py."""
from __future__ import annotations

from pyopt.dialects.transform.ext_structured import (HOIST_VECTOR_BROADCASTS,
                                                     HOIST_VECTOR_TRANSFERS)

from passes.linalg.hoisting import (hoist_redundant_vector_broadcasts,
                                    hoist_redundant_vector_transfers)
from passes.linalg.structured_transforms.common import implement


def each_hoist_transfers(op, target, state):
    hoist_redundant_vector_transfers(target, state.ctx)
    return [target]


implement(HOIST_VECTOR_TRANSFERS, each_hoist_transfers)


def each_hoist_broadcasts(op, target, state):
    hoist_redundant_vector_broadcasts(target, state.ctx)
    return [target]


implement(HOIST_VECTOR_BROADCASTS, each_hoist_broadcasts)
