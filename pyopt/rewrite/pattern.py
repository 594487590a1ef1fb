"""Rewrite patterns: a root op name (None: any op), a benefit, and match_and_rewrite."""
from __future__ import annotations


class RewritePattern:
    """Subclass and override `match_and_rewrite(op, rewriter) -> bool` (True: the IR was
    rewritten), or build one from a function with `pattern(root)(fn)`."""
    root = None
    benefit = 1
    name = None
    # May the conversion driver apply it to the ops its own rewrite created (MLIR's
    # setHasBoundedRewriteRecursion)? Otherwise it is skipped while legalizing them.
    bounded_recursion = False

    def __init__(self, root=None, benefit=None, fn=None, name=None):
        if root is not None:
            self.root = root
        if benefit is not None:
            self.benefit = benefit
        if fn is not None:
            self._fn = fn
        self.name = name or (fn.__name__ if fn is not None else type(self).__name__)

    def match_and_rewrite(self, op, rewriter) -> bool:
        return bool(self._fn(op, rewriter))

    def __repr__(self):
        return f"<Pattern {self.name} on {self.root or '*'} benefit={self.benefit}>"


def pattern(root=None, benefit=1):
    """Decorator: `@pattern("arith.addi")\ndef fold_x(op, rewriter): ...`."""
    def deco(fn):
        return RewritePattern(root, benefit, fn)
    return deco


class PatternSet:
    """A frozen set of patterns indexed by root name, highest benefit first (stable)."""

    def __init__(self, patterns=()):
        self.by_root = {}
        self.generic = []
        for p in patterns:
            self.add(p)

    def add(self, p):
        if not isinstance(p, RewritePattern):
            p = RewritePattern(getattr(p, "root", None), getattr(p, "benefit", 1), p)
        lst = self.generic if p.root is None else self.by_root.setdefault(p.root, [])
        lst.append(p)
        lst.sort(key=lambda x: -x.benefit)
        return p

    def for_op(self, name):
        specific = self.by_root.get(name)
        if not self.generic:
            return specific or ()
        if not specific:
            return self.generic
        return sorted(specific + self.generic, key=lambda x: -x.benefit)

    def __len__(self):
        return sum(len(v) for v in self.by_root.values()) + len(self.generic)


def canonicalization_patterns(ctx, names=None):
    """Every registered op's `canonicalize=` patterns (MLIR's getCanonicalizationPatterns), or
    those of the ops in `names` only."""
    ps = PatternSet()
    # every dialect's patterns, as if all were loaded (as if every dialect declared all the
    # others dependent; MLIR collects the loaded dialects' patterns)
    ctx.load_all()
    for name, opdef in ctx.ops.items():
        if names is not None and name not in names:
            continue
        pats = opdef.canonicalize
        if not pats:
            continue
        for p in (pats if isinstance(pats, (list, tuple)) else [pats]):
            if not isinstance(p, RewritePattern):
                p = RewritePattern(name, getattr(p, "benefit", 1), p)
            elif p.root is None:
                p.root = name
            ps.add(p)
    return ps
