"""`int-range-optimizations`: runs the integer range analysis, then (greedily, with folding)
replaces every value whose range is a single integer by a constant and applies the rewrites
ops offer through their INT_RANGE_REWRITES models (arith: remainders whose dividend is known
to lie in [0, modulus) already)."""
from __future__ import annotations

from pyopt.interfaces.int_range import int_range_rewrite_patterns
from pyopt.ir.core import value_loc
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value, materialize_constant, \
    would_be_trivially_dead
from pyopt.rewrite.greedy import GreedyConfig, apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
# The rewrites arith offers attach themselves when imported.
from pyopt.dialects.arith import int_range_patterns as _arith_int_range  # noqa: F401


def _known_constant(solver, value):
    from pyopt.analysis.int_range_analysis import constant_attr
    r = solver.lat.get(value)
    return constant_attr(value, r) if r is not None else None


def _owner_dialect(value):
    owner = value.owner
    if not hasattr(owner, "opdef"):  # a block argument: the op owning its region
        owner = owner.parent.parent
    return owner.opdef.dialect_name if owner.opdef is not None else owner.name.split(".")[0]


def _replace_with_constant(solver, rw, value):
    if value.first_use is None:
        return False
    attr = _known_constant(solver, value)
    if attr is None:
        return False
    loc = value_loc(value) or UNKNOWN_LOC
    c = materialize_constant(rw, rw.ctx, _owner_dialect(value), attr, value.type, loc)
    if c is None:  # the owner's dialect cannot build an integer constant: arith can
        c = materialize_constant(rw, rw.ctx, "arith", attr, value.type, loc)
    if c is None:
        return False
    rw.replace_all_uses_with(value, c.results[0])
    return True


class MaterializeKnownConstants(RewritePattern):
    """Results (and block arguments of the op's regions) with a one-value range become
    constants; the op goes if nothing else needs it."""

    def __init__(self, solver):
        super().__init__(None, 1, name="MaterializeKnownConstantValues")
        self.solver = solver

    def _needs(self, v):
        return v.first_use is not None and _known_constant(self.solver, v) is not None

    def match_and_rewrite(self, op, rw):
        if constant_value(op) is not None:
            return False
        hit = any(self._needs(v) for v in op.results)
        if not hit:
            hit = any(self._needs(a) for r in op.regions for b in r.blocks for a in b.args)
        if not hit:
            return False
        replaced_all = bool(op.results)
        for v in op.results:
            replaced_all &= _replace_with_constant(self.solver, rw, v) or v.first_use is None
        if replaced_all and would_be_trivially_dead(op):
            rw.erase_op(op)
            return True
        ip = rw.save()
        for r in op.regions:
            for b in r.blocks:
                rw.set_insertion_point_to_start(b)
                for a in b.args:
                    _replace_with_constant(self.solver, rw, a)
        rw.restore(ip)
        return True


def int_range_patterns(solver, ctx):
    """The constant materialization, then the rewrites the ops offer (INT_RANGE_REWRITES
    models: arith's trivial remainders)."""
    return [MaterializeKnownConstants(solver)] + int_range_rewrite_patterns(ctx, solver)


@register_pass("int-range-optimizations", "Do optimizations based on integer range analysis",
               display_name="IntRangeOptimizationsPass")
def int_range_optimizations(op, ctx, options):
    from pyopt.analysis.int_range_analysis import IntRangeSolver  # (loaded on use)
    solver = IntRangeSolver(op).run()
    apply_patterns_greedily(op, int_range_patterns(solver, ctx), ctx,
                            GreedyConfig(top_down=False, region_simplification="aggressive"))
