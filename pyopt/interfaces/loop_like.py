"""LoopLikeOpInterface: ops whose regions run repeatedly (scf.for/while/parallel/forall,
affine.for/parallel). Loop-invariant code motion hoists out of their loop regions; the
integer-range analysis bounds their single induction variable.

A model is a `LoopLike(regions=(0,), single=None, iter_args=None)`: `regions` are the
indices of the loop regions, `single(op)` returns (induction variable, lower bound, upper
bound, step) for a loop with one induction variable (each bound an int, a Value, or None when
unknown), else None. `iter_args`, for a loop with loop-carried values that can grow
(scf.for), is an object with
    region_iter_args(op)          getRegionIterArgs
    tied_iter_arg(op, use)        getTiedLoopRegionIterArg of an operand use (None: no init)
    tied_result(op, use)          getTiedLoopResult of an init operand use
    tied_init(op, i)              the init Value of iter_arg i
    replace_with_additional_yields(rw, op, init, yielded)
                                  a new loop with one more iter_arg (initialized by `init`,
                                  which the body then sees as that iter_arg) yielding
                                  `yielded`; replaces op, returns the new loop.
"""
from __future__ import annotations

LOOP_LIKE = "LoopLikeOpInterface"


class LoopLike:
    __slots__ = ("regions", "single", "iter_args")

    def __init__(self, regions=(0,), single=None, iter_args=None):
        self.regions = tuple(regions)
        self.single = single
        self.iter_args = iter_args


def _model(op):
    d = op.opdef
    return None if d is None else d.extra.get(LOOP_LIKE)


def is_loop_like(op):
    return _model(op) is not None


def loop_regions(op):
    """getLoopRegions (empty for an op that is no loop)."""
    m = _model(op)
    return [] if m is None else [op.regions[i] for i in m.regions]


def iter_args_model(op):
    """The loop's `iter_args` model (loops whose iter_args can grow), or None."""
    m = _model(op)
    return None if m is None else m.iter_args


def single_induction(op):
    """(iv, lb, ub, step) of a loop with a single induction variable, else None."""
    m = _model(op)
    if m is None or m.single is None or not op.regions or not op.regions[0].blocks:
        return None
    return m.single(op)
