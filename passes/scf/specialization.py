"""`scf-for-loop-specialization` and `scf-parallel-loop-specialization`: a loop whose upper
bound is an affine.min with a constant result is versioned under
`scf.if (ub == that constant)`, the then-copy using the constant bound (so it can be
unrolled later) and the else-copy left as it was."""
from __future__ import annotations

from pyopt.ir.affine import AffineConstantExpr
from pyopt.ir.attributes import IntegerAttr
from pyopt.ir.core import Region
from pyopt.ir.types import I1, I64
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import PatternRewriter

from passes.scf.common import const_index, defining, parallel_groups

_EQ = 0  # arith.cmpi predicate


def _min_constant(bound):
    d = defining(bound)
    if d is None or d.name != "affine.min":
        return None
    consts = [e.value for e in d.properties["map"].value.results
              if isinstance(e, AffineConstantExpr)]
    return min(consts) if consts else None


def _version(rw, op, bounds):
    consts = [_min_constant(b) for b in bounds]
    if any(c is None for c in consts):
        return
    rw.set_insertion_point(op)
    cond, mapping = None, {}
    for b, c in zip(bounds, consts):
        cv = const_index(rw, c, op.loc)
        cmp = rw.create("arith.cmpi", [b, cv], [I1],
                        properties={"predicate": IntegerAttr(I64, _EQ)}, loc=op.loc).results[0]
        cond = cmp if cond is None else rw.create("arith.andi", [cond, cmp], [I1],
                                                  loc=op.loc).results[0]
        mapping[b] = cv
    if_op = rw.create("scf.if", [cond], [], regions=[Region(), Region()], loc=op.loc)
    for region, m in ((if_op.regions[0], mapping), (if_op.regions[1], {})):
        block = rw.create_block(region)
        rw.set_insertion_point_to_end(block)
        y = rw.create("scf.yield", [], [], loc=op.loc)
        rw.set_insertion_point(y)
        rw.insert(op.clone(dict(m)))
    rw.erase_op(op)


def _run(op, ctx, name, bounds_of):
    rw = PatternRewriter(ctx)
    loops = []
    op.walk(lambda o: loops.append(o) if o.name == name else None)
    for loop in loops:
        _version(rw, loop, bounds_of(loop))


@register_pass("scf-for-loop-specialization",
               "Specialize `for` loops for vectorization",
               display_name="SCFForLoopSpecialization")
def scf_for_loop_specialization(op, ctx, options):
    _run(op, ctx, "scf.for", lambda f: [f.upperBound])


@register_pass("scf-parallel-loop-specialization",
               "Specialize parallel loops for vectorization",
               display_name="SCFParallelLoopSpecialization")
def scf_parallel_loop_specialization(op, ctx, options):
    _run(op, ctx, "scf.parallel", lambda p: parallel_groups(p)[1])
