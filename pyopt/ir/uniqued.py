"""Interning for immutable types and attributes: equal parameters give the identical object.

Identity equality and the default identity hash make type comparisons and dict lookups as cheap
as pointer compares, which matters on every verifier and pattern-matching path.
"""
from __future__ import annotations

_CACHE: dict = {}


def _freeze(a):
    t = type(a)
    if t is list:
        return tuple(_freeze(x) for x in a)
    if t is dict:
        return tuple(sorted(a.items()))
    return a


class Uniqued(type):
    """Metaclass: `Cls(*args)` returns the one instance for `(Cls, normalized args)`."""

    def __call__(cls, *args):
        norm = cls.__dict__.get("_norm")
        if norm is not None:
            args = norm.__func__(*args)
        try:
            key = (cls, args)
            return _CACHE[key]
        except TypeError:
            args = tuple(_freeze(a) for a in args)
            key = (cls, args)
            obj = _CACHE.get(key)
            if obj is not None:
                return obj
        except KeyError:
            pass
        obj = super().__call__(*args)
        _CACHE[key] = obj
        return obj


# Caches keyed by type identity that hold answers about a type's contents (the verifier's
# constraint memos) register here; a type that changes after creation (an identified LLVM
# struct getting its body) calls types_mutated().
_MUTATION_HOOKS: list = []


def on_types_mutated(fn):
    _MUTATION_HOOKS.append(fn)


def types_mutated():
    for fn in _MUTATION_HOOKS:
        fn()


def instances(cls):
    """Every interned object of exactly `cls` (all of them: the table keeps them alive)."""
    return [obj for (c, _), obj in _CACHE.items() if c is cls]
