"""mlir-opt's affine analysis test passes: `test-memref-dependence-check` remarks the
dependence (and its direction vector) between every ordered pair of affine loads/stores at
every loop depth; `test-memref-bound-check` reports accesses that may fall outside their
memref's static shape."""
from __future__ import annotations

from pyopt.dialects.affine.analysis import loops
from pyopt.dialects.affine.analysis.dependence import check_dependence, FAILURE, NO_DEPENDENCE
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess, is_access
from pyopt.dialects.affine.analysis.region import bound_check
from pyopt.pass_registry import register_pass
from pyopt.syntax.op_diagnostics import emit_on_op

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def _vector_str(components, n_common, depth):
    if not components or depth > n_common:
        return "true"
    out = []
    for c in components:
        lb = "-inf" if c.lb is None or c.lb == _INT64_MIN else str(c.lb)
        ub = "+inf" if c.ub is None or c.ub == _INT64_MAX else str(c.ub)
        out.append(f"[{lb}, {ub}]")
    return "".join(out)


@register_pass("test-memref-dependence-check",
               "Checks dependences between all pairs of memref accesses.")
def test_memref_dependence_check(root, ctx, options):
    accesses = [op for op in root.walk_ops() if op.name in ("affine.load", "affine.store")]
    infos = [MemRefAccess(op) for op in accesses]
    for i, src in enumerate(infos):
        for j, dst in enumerate(infos):
            n_common = loops.num_common_surrounding_loops(src.op, dst.op)
            for d in range(1, n_common + 2):
                result, comps = check_dependence(src, dst, d)
                if result == FAILURE:
                    emit_on_op(ctx, "error", src.op, "dependence check failed")
                    continue
                text = "false" if result == NO_DEPENDENCE else _vector_str(comps, n_common, d)
                emit_on_op(ctx, "remark", src.op,
                      f"dependence from {i} to {j} at depth {d} = {text}")


@register_pass("test-memref-bound-check", "Check memref access bounds")
def test_memref_bound_check(root, ctx, options):
    for op in root.walk_ops():
        if is_access(op):
            error, messages = bound_check(op)
            if error:
                emit_on_op(ctx, "error", op, error)
            for msg in messages:
                emit_on_op(ctx, "error", op, f"'{op.name}' op {msg}")
