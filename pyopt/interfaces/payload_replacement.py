"""FindPayloadReplacementOpInterface and the transform dialect's search for the op replacing
a tracked payload op (MLIR 19 TrackingListener::findReplacementOp).

When a pattern replaces a tracked op by values, the replacement op is their common defining
op, looking through cast ops and through ops whose model says which of their operands stand
for their results (`next_operands(op)`: a cast-like tensor.extract_slice / insert_slice, a
reshape), until an op of the replaced op's name (or a constant) is found. Tensor models:
pyopt/dialects/tensor/replacement_models.py (attached when imported)."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.ir.opdef import CONSTANT_LIKE
from pyopt.interfaces import model
from pyopt.interfaces.cast_op import is_cast_op

FIND_PAYLOAD_REPLACEMENT = "FindPayloadReplacementOpInterface"


def _common_defining_op(values):
    d = None
    for v in values:
        if type(v) is not OpResult:
            return None
        if d is None:
            d = v.owner
        elif v.owner is not d:
            return None
    return d


def find_replacement_op(op, values, skip_cast_ops=True, require_matching_name=True):
    """(replacement op or None, notes): the notes ([(loc or None, text)]) explain a failure
    as upstream's diagnostic does."""
    values = list(values)
    notes = []
    while True:
        d = _common_defining_op(values)
        if d is None:
            notes.append((None, "replacement values belong to different ops"))
            return None, notes
        if skip_cast_ops and is_cast_op(d):
            values = list(d.operands)
            notes.append((d.loc, "using output of 'CastOpInterface' op"))
            continue
        if not require_matching_name or d.name == op.name:
            return d, notes
        if d.has_trait(CONSTANT_LIKE):
            return d, notes
        m = model(d, FIND_PAYLOAD_REPLACEMENT)
        values = list(m.next_operands(d)) if m is not None else []
        if m is not None:
            notes.append((d.loc, "using operands provided by 'FindPayloadReplacementOpInterface'"))
        if not values:
            notes.append((None, "ran out of suitable replacement values"))
            return None, notes
