"""DiagnosedSilenceableFailure: how a transform op says it did not apply.

A *silenceable* failure carries diagnostics that an enclosing op may discard (a sequence in
`suppress` mode, `alternatives`, a matcher in `foreach_match`) or report as errors; a
*definite* failure is reported and stops the interpreter. Python transform code raises them
(`raise silenceable(op, "...")`) or returns them from `apply`; success is `None`.
"""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic


class TransformFailure(Exception):
    """A failure of a transform op: `definite` or silenceable, with its diagnostics (the first
    is the main one; a silenceable failure may merge several)."""

    def __init__(self, diags, definite=False):
        super().__init__(diags[0].message if diags and diags[0].message else "")
        self.diags = list(diags)
        self.definite = definite

    @property
    def silenceable(self):
        return not self.definite

    def attach_note(self, message, loc=None):
        """A note on the main diagnostic (MLIR's DiagnosedSilenceableFailure::attachNote)."""
        if self.diags:
            return self.diags[0].attach_note(message, loc)
        return None

    @property
    def message(self):
        return self.diags[0].message if self.diags else ""

    def report(self, emit):
        """Hands every diagnostic to `emit` (a silenceable failure reported is an error)."""
        for d in self.diags:
            if d.message is not None:
                emit(d)


def _loc(where):
    return getattr(where, "loc", where)


def silenceable(where, message, notes=()):
    """A silenceable failure at `where` (an op or a location), with (message, loc) notes."""
    d = Diagnostic("error", _loc(where), message)
    for text, loc in notes:
        d.attach_note(text, loc)
    return TransformFailure([d])


def definite(where, message, notes=()):
    d = Diagnostic("error", _loc(where), message)
    for text, loc in notes:
        d.attach_note(text, loc)
    return TransformFailure([d], definite=True)


def definite_silent():
    """A definite failure whose diagnostic was already emitted."""
    return TransformFailure([], definite=True)


def merge_silenceable(failures):
    """Several silenceable failures as one (applyToEach keeps every payload op's)."""
    diags = []
    for f in failures:
        diags.extend(f.diags)
    return TransformFailure(diags)
