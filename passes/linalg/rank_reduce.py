"""`test-linalg-rank-reduce-contraction-ops`: named contractions with a unit dimension
become the named op of one rank less (MLIR 19's populateContractionOpRankReducingPatterns in
DropUnitDims.cpp): a batch of one unbatches (batch_matmul -> matmul, batch_matvec -> matvec,
...), a unit m or n dimension turns a matmul into a vecmat or matvec (also batched and
transposed forms) and a matvec or vecmat into a dot. The operands are collapsed at the unit
dimension with collapse_shape and a tensor result expanded back with expand_shape; one
dimension goes per rewrite, the greedy driver repeats."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.linalg.analysis import contraction_dims
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.structured import MEMOIZED_MAPS, indexing_maps, iterator_types
from passes.linalg.drop_unit_dims import RESHAPE, _expand_inferred, collapse_value


def reassociation_at(rank, pos):
    """getReassociationForReshapeAtDim: groups of a rank-`rank` shape with dim `pos` merged
    into its neighbour (the next one, or the previous one for the last dim)."""
    if rank <= 2:
        return [[0, 1]] * (rank - 1)
    last = pos == rank - 1
    out = []
    for i in range(rank - 1):
        if i == pos or (last and i == pos - 1):
            out.append([i, i + 1])
        elif i < pos:
            out.append([i])
        else:
            out.append([i + 1])
    return out


def _collapse_at(rw, v, pos, loc):
    if pos < 0:
        return v
    shape = list(v.type.shape)
    del shape[pos]
    return collapse_value(rw, v, shape, reassociation_at(len(v.type.shape), pos), RESHAPE, loc)


def _operand_dims(op, d):
    """mapIterationSpaceDimToAllOperandDims: (operand, position) reading loop `d`."""
    out = []
    for v, m in zip(op.operands, indexing_maps(op)):
        for i, e in enumerate(m.results):
            if type(e) is AffineDimExpr and e.position == d:
                out.append((v, i))
    return out


def _is_unit(pair):
    v, i = pair
    return v.type.shape[i] == 1


class RankReduceContraction(RewritePattern):
    """RankReduceContractionOps: `unit_dims(op)` gives the dim to collapse per operand
    (lhs, rhs, init; negative: kept) or None."""

    def __init__(self, src, dst):
        super().__init__(src)
        self.dst = dst

    def match_and_rewrite(self, op, rw):
        ins, inits = dps_inputs(op), dps_inits(op)
        if len(ins) != 2 or len(inits) != 1:
            return rw.notify_match_failure(op, "expected 2 inputs and 1 init")
        dims = self.unit_dims(op)
        if dims is None:
            return rw.notify_match_failure(op, "no reducable dims found")
        loc = op.loc
        rw.set_insertion_point(op)
        lhs, rhs, init = (_collapse_at(rw, v, p, loc)
                          for v, p in zip((ins[0], ins[1], inits[0]), dims))
        attrs = {k: v for k, v in op.attributes.items() if k != MEMOIZED_MAPS}
        new = create_named(rw, self.dst, [lhs, rhs], [init], loc, attributes=attrs)
        if not op.results:
            rw.replace_op(op, list(new.results))
            return True
        rt = op.results[0].type
        groups = reassociation_at(len(rt.shape), dims[2])
        rw.replace_op(op, [_expand_inferred(rw, new.results[0], rt, groups, loc)])
        return True

    def contraction_dims(self, op):
        if len(dps_inputs(op)) != 2 or len(dps_inits(op)) != 1:
            return None
        return contraction_dims(indexing_maps(op), iterator_types(op))


class RankReduceToUnBatched(RankReduceContraction):
    def unit_dims(self, op):
        cd = self.contraction_dims(op)
        if cd is None or len(cd[0]) != 1:
            return None
        pairs = _operand_dims(op, cd[0][0])
        if len(pairs) != 3 or not all(_is_unit(p) for p in pairs):
            return None
        return [p[1] for p in pairs]


LEFT = {("linalg.batch_matmul", "linalg.batch_vecmat"),
        ("linalg.batch_matmul_transpose_a", "linalg.batch_vecmat"),
        ("linalg.matmul", "linalg.vecmat"), ("linalg.matmul_transpose_a", "linalg.vecmat"),
        ("linalg.matvec", "linalg.dot")}


class RankReduceMatmul(RankReduceContraction):
    def unit_dims(self, op):
        cd = self.contraction_dims(op)
        if cd is None:
            return None
        left = (self.root, self.dst) in LEFT
        ds = cd[1] if left else cd[2]
        if not ds:
            return None
        pairs = _operand_dims(op, ds[0])
        if len(pairs) != 2 or not all(_is_unit(p) for p in pairs):
            return None
        return [pairs[0][1], -1, pairs[1][1]] if left else [-1, pairs[0][1], pairs[1][1]]


def contraction_rank_reducing_patterns():
    """populateContractionOpRankReducingPatterns."""
    L = "linalg."
    unbatch = [("batch_matmul", "matmul"), ("batch_matmul_transpose_a", "matmul_transpose_a"),
               ("batch_matmul_transpose_b", "matmul_transpose_b"),
               ("batch_matvec", "matvec"), ("batch_vecmat", "vecmat")]
    reduce = [("matmul", "vecmat"), ("matmul", "matvec"), ("matmul_transpose_a", "vecmat"),
              ("matmul_transpose_b", "matvec"), ("batch_matmul", "batch_vecmat"),
              ("batch_matmul", "batch_matvec"), ("batch_matmul_transpose_a", "batch_vecmat"),
              ("batch_matmul_transpose_b", "batch_matvec"), ("matvec", "dot"),
              ("vecmat", "dot")]
    return ([RankReduceToUnBatched(L + a, L + b) for a, b in unbatch] +
            [RankReduceMatmul(L + a, L + b) for a, b in reduce])


@register_pass("test-linalg-rank-reduce-contraction-ops",
               "Test Linalg rank reduce contraction ops with unit dims", anchor="func.func",
               display_name="TestLinalgRankReduceContractionOps")
def test_linalg_rank_reduce_contraction_ops(op, ctx, options):
    apply_patterns_greedily(op.regions[0], contraction_rank_reducing_patterns(), ctx)
