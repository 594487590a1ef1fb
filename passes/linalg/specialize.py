"""`linalg-specialize-generic-ops`: a linalg.generic that computes what a named op computes
becomes that op (MLIR 19's specializeGenericOp): copy, fill, exp, add/sub/mul/div, and the
matmul / batch_matmul contractions with their transposed-operand variants."""
from __future__ import annotations

from pyopt.ir.affine import AffineDimExpr
from pyopt.pass_registry import register_pass
from pyopt.rewrite import apply_patterns_greedily
from pyopt.rewrite.pattern import RewritePattern
from pyopt.interfaces.destination_style import dps_inits, dps_inputs
from pyopt.dialects.linalg.analysis import (contraction_dims, is_contraction,
                                            is_contraction_body, is_copy,
                                            is_elementwise_binary, is_elementwise_unary,
                                            is_fill)
from pyopt.dialects.linalg.builders import create_named
from pyopt.dialects.linalg.structured import indexing_maps, iterator_types, payload

_UNARY = {"math.exp": "linalg.exp"}
_BINARY = {"arith.addf": "linalg.add", "arith.subf": "linalg.sub", "arith.mulf": "linalg.mul",
           "arith.divf": "linalg.div"}
_MATMUL_PAIRS = {("arith.mulf", "arith.addf"), ("arith.muli", "arith.addi"),
                 ("complex.mul", "complex.add")}


def _replace(rw, op, name, ins, outs):
    rw.set_insertion_point(op)
    new = create_named(rw, name, ins, outs, op.loc)
    rw.replace_op(op, list(new.results))
    return new


def _match_operand_map(m, row, exp_row, exp_col):
    """matchOperandMap: "match", "transposed" or None."""
    r, c = m.results[row], m.results[row + 1]
    if type(r) is not AffineDimExpr or type(c) is not AffineDimExpr:
        return None
    if (r.position, c.position) == (exp_row, exp_col):
        return "match"
    if (r.position, c.position) == (exp_col, exp_row):
        return "transposed"
    return None


def _specialize_contraction(rw, op):
    ins, outs = dps_inputs(op), dps_inits(op)
    if len(ins) != 2 or len(outs) != 1:
        return None
    maps = indexing_maps(op)
    if any(not m.is_projected_permutation() for m in maps):
        return None
    batch, ms, ns, ks = contraction_dims(maps, iterator_types(op))
    if len(ms) != 1 or len(ns) != 1 or len(ks) != 1:
        return None
    if not is_contraction_body(payload(op), _MATMUL_PAIRS):
        return None
    nb = len(batch)
    if any(m.num_results != nb + 2 for m in maps) or maps[0].num_dims != nb + 3:
        return None
    for m in maps:
        for i in range(nb):
            e = m.results[i]
            if type(e) is not AffineDimExpr or e.position != i:
                return None
    a = _match_operand_map(maps[0], nb, ms[0], ks[0])
    b = _match_operand_map(maps[1], nb, ks[0], ns[0])
    c = _match_operand_map(maps[2], nb, ms[0], ns[0])
    if None in (a, b, c) or c != "match" or (a == b == "transposed"):
        return None
    base = "linalg.batch_matmul" if nb else "linalg.matmul"
    suffix = "_transpose_a" if a == "transposed" else "_transpose_b" if b == "transposed" \
        else ""
    return _replace(rw, op, base + suffix, ins, outs)


def specialize_generic(rw, op):
    """specializeGenericOp: the named op that replaced `op`, or None."""
    ins, outs = dps_inputs(op), dps_inits(op)
    if is_copy(op):
        return _replace(rw, op, "linalg.copy", ins[:1], outs[:1])
    if is_fill(op) is not None:
        return _replace(rw, op, "linalg.fill", ins[:1], outs[:1])
    first = payload(op).first
    if is_elementwise_unary(op) and first.name in _UNARY:
        return _replace(rw, op, _UNARY[first.name], ins[:1], outs[:1])
    if is_elementwise_binary(op) and first.name in _BINARY:
        swapped = first.operands[0] is not payload(op).args[0]
        pair = [ins[1], ins[0]] if swapped else ins[:2]
        return _replace(rw, op, _BINARY[first.name], pair, outs[:1])
    if is_contraction(op):
        return _specialize_contraction(rw, op)
    return None


class SpecializeGeneric(RewritePattern):
    root = "linalg.generic"

    def match_and_rewrite(self, op, rw):
        return specialize_generic(rw, op) is not None


@register_pass("linalg-specialize-generic-ops", "Convert generic ops back to named ops",
               display_name="LinalgSpecializeGenericOpsPass")
def linalg_specialize_generic_ops(op, ctx, options):
    apply_patterns_greedily(op, [SpecializeGeneric()], ctx)
