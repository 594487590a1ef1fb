"""`test-loop-fusion`: mlir-opt's test of the loop fusion utilities on every ordered pair of
sibling affine.for nests at each nesting depth. With `test-loop-fusion-dependence-check` it
remarks the pairs whose fusion a dependent op between them forbids."""
from __future__ import annotations

from pyopt.dialects.affine.analysis.fusion import (can_fuse_loops, gather_loops,
                                                   FAIL_BLOCK_DEPENDENCE, FAIL_INCORRECT_SLICE,
                                                   SUCCESS)
from pyopt.pass_registry import PassOption, register_pass
from pyopt.syntax.op_diagnostics import emit_on_op


def _remark(ctx, op, message):
    emit_on_op(ctx, "remark", op, message)


def _slice_str(state):
    block = state.insert_block
    ops = list(block)
    at = ops[state.insert_index]
    depth = sum(1 for p in at.ancestors() if p.name == "affine.for")
    out = f"insert point: ({depth}, {state.insert_index}) loop bounds: "
    for lb, ub in zip(state.lbs, state.ubs):
        out += f"[{_map_str(lb)}, {_map_str(ub)}] "
    return out


def _map_str(m):
    return "<<NULL AFFINE MAP>>" if m is None else str(m)


def _iterate(depth_to_loops, fn, return_on_change=False):
    n_depths = len(depth_to_loops)
    changed = False
    for depth, nests in enumerate(depth_to_loops):
        for i, a in enumerate(nests):
            for j, b in enumerate(nests):
                if i != j:
                    changed |= bool(fn(a, b, i, j, depth, n_depths))
                if changed and return_on_change:
                    return True
    return changed


@register_pass("test-loop-fusion", "Tests loop fusion utility functions.",
               anchor="func.func",
               options=[PassOption("test-loop-fusion-dependence-check", bool, False,
                                   "Enable testing of loop fusion dependence check"),
                        PassOption("test-loop-fusion-slice-computation", bool, False,
                                   "Enable testing of loop fusion slice computation"),
                        PassOption("test-loop-fusion-transformation", bool, False,
                                   "Enable testing of loop fusion transformation")])
def test_loop_fusion(func, ctx, options):
    if options["test-loop-fusion-transformation"]:
        from passes.affine.fuse_loops import fuse_loops

        def transform(a, b, i, j, depth, max_depth):
            for d in range(depth + 1, max_depth + 1):
                status, state = can_fuse_loops(a, b, d, with_slice=True)
                if status == SUCCESS:
                    fuse_loops(ctx, a, state)
                    # the source nest goes, as upstream's test does, to simplify the output
                    a.erase()
                    return True
            return False
        while _iterate(gather_loops(func), transform, return_on_change=True):
            pass
        return
    if options["test-loop-fusion-dependence-check"]:
        def check(src, dst, i, j, depth, max_depth):
            for d in range(depth + 1, max_depth + 1):
                if can_fuse_loops(src, dst, d) == FAIL_BLOCK_DEPENDENCE:
                    _remark(ctx, src, "block-level dependence preventing fusion of loop nest "
                                      f"{i} into loop nest {j} at depth {depth}")
        _iterate(gather_loops(func), check)
    if options["test-loop-fusion-slice-computation"]:
        def slices(a, b, i, j, depth, max_depth):
            for d in range(depth + 1, max_depth + 1):
                status, state = can_fuse_loops(a, b, d, with_slice=True)
                if status == SUCCESS:
                    head = "slice ("
                elif status == FAIL_INCORRECT_SLICE:
                    head = "Incorrect slice ("
                else:
                    continue
                _remark(ctx, b, f"{head} src loop: {i}, dst loop: {j}, depth: {d} : "
                                f"{_slice_str(state)})")
        _iterate(gather_loops(func), slices)
