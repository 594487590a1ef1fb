"""`test-diagnostic-filter`: reports "test diagnostic" at every `test.loc` location of a
symbol op through a handler that hides file locations whose name contains a filter: the
shown location is the first visible one, a call site adds its visible callers as notes."""
from __future__ import annotations

import sys

from pyopt.ir.attributes import LocationAttr
from pyopt.ir.location import (FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc, OpaqueLoc,
                               UnknownLoc)
from pyopt.pass_registry import PassOption, register_pass


def _shown(loc, visible):
    """findLocToShow: the location to print for `loc`, or None."""
    if isinstance(loc, FileLineColLoc):
        return loc if visible(loc) else None
    if isinstance(loc, NameLoc):
        return _shown(loc.child, visible) if loc.child is not None else None
    if isinstance(loc, CallSiteLoc):
        return _shown(loc.callee, visible)
    if isinstance(loc, FusedLoc):
        for sub in loc.locations:
            s = _shown(sub, visible)
            if s is not None:
                return s
        return None
    if isinstance(loc, OpaqueLoc):
        return _shown(loc.fallback, visible)
    return None


def _call_site(loc):
    while isinstance(loc, NameLoc) and loc.child is not None:
        loc = loc.child
    return loc if isinstance(loc, CallSiteLoc) else None


def _text(loc):
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename}:{loc.line}:{loc.col}"
    return "loc(unknown)" if isinstance(loc, UnknownLoc) else str(loc)


def emit_filtered(loc, message, visible, write):
    stack = []

    def add(l, context):
        s = _shown(l, visible)
        if s is not None:
            stack.append((s, context))
    add(loc, None)
    call = _call_site(loc)
    while call is not None:
        add(call.caller, "called from")
        call = _call_site(call.caller)
    if not stack:
        write(f"{_text(loc)}: error: {message}\n")
        return
    write(f"{_text(stack[0][0])}: error: {message}\n")
    for l, context in stack[1:]:
        write(f"{_text(l)}: note: {context}\n")


@register_pass("test-diagnostic-filter", "Test diagnostic filtering support.",
               options=[PassOption("filters", list, [],
                                   "Specifies the diagnostic file name filters.")])
def test_diagnostic_filter(op, ctx, options):
    sym = op.properties.get("sym_name") or op.attributes.get("sym_name")
    if sym is None:
        return  # (an interface pass: symbol ops only)
    sys.stderr.write(f"Test '{sym.value}'\n")
    filters = [str(f) for f in options.get("filters") or []]

    def visible(loc):
        return not any(f in loc.filename for f in filters)

    def visit(o):
        a = o.attributes.get("test.loc")
        if type(a) is LocationAttr:
            emit_filtered(a.loc, "test diagnostic", visible, sys.stderr.write)
    op.walk(visit)
