"""Nested op patterns (upstream's NestedMatcher): a pattern is a filter on one op plus
patterns that must each match somewhere strictly inside it. Matching walks the IR in post
order, so inner matches come before the loops enclosing them."""
from __future__ import annotations


class Match:
    """One matched op and, per nested pattern, the matches found inside it."""
    __slots__ = ("op", "children")

    def __init__(self, op, children):
        self.op = op
        self.children = children


class Pattern:
    __slots__ = ("filter", "nested")

    def __init__(self, filter_, nested=()):
        self.filter = filter_
        self.nested = list(nested)

    def depth(self):
        return 1 + max((p.depth() for p in self.nested), default=0)

    def match(self, root, skip=None):
        """All matches of this pattern in `root` (root included unless it is `skip`)."""
        out = []
        root.walk(lambda op: self._match_one(op, skip, out))
        return out

    def _match_one(self, op, skip, out):
        if op is skip or not self.filter(op):
            return
        if not self.nested:
            out.append(Match(op, []))
            return
        # (as upstream: one match record per nested pattern that matched)
        for p in self.nested:
            inner = p.match(op, skip=op)
            if not inner:
                return
            out.append(Match(op, inner))


def op_pattern(filter_):
    return Pattern(filter_)


def for_pattern(filter_=None, *nested):
    if filter_ is None:
        return Pattern(lambda op: op.name == "affine.for", nested)
    return Pattern(lambda op: op.name == "affine.for" and filter_(op), nested)


def if_pattern(*nested):
    return Pattern(lambda op: op.name == "affine.if", nested)


def is_load_or_store(op):
    return op.name in ("affine.load", "affine.store")
