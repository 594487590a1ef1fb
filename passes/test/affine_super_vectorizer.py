"""`affine-super-vectorizer-test`: exercises the vectorizer's utilities one at a time and
reports through a remark: shape ratios of super-vector ops, affine map composition, and
vectorizing the outermost loop of a nest by 4."""
from __future__ import annotations

from pyopt.dialects.affine.canonicalize import simplify_map
from pyopt.ir.types import VectorType
from pyopt.pass_registry import PassOption, register_pass
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.syntax.printer import NameState, Printer, PrintFlags

from passes.affine.super_vectorize import matcher
from passes.affine.super_vectorize.analysis import is_loop_parallel, report_error
from passes.affine.super_vectorize.slicing import (backward_slice, forward_slice,
                                                              full_slice)
from passes.affine.super_vectorize.vectorizer import Strategy, vectorize_loop_nest


def shape_ratio(shape, sub):
    """computeShapeRatio: how many `sub` tiles fit `shape` per dim (None if not evenly)."""
    if len(shape) < len(sub):
        return None
    lead = len(shape) - len(sub)
    out = list(shape[:lead])
    for a, b in zip(shape[lead:], sub):
        if b <= 0 or a % b:
            return None
        out.append(a // b)
    return out


_TRANSFERS = ("vector.transfer_read", "vector.transfer_write")


def _super_vector_type(op):
    if op.name in _TRANSFERS:
        return op.vector.type  # (the read's result, the written operand)
    if len(op.results) != 1:
        return None
    t = op.results[0].type
    return t if isinstance(t, VectorType) else None


def _test_shape_ratio(func, sub, out, ctx):
    def filt(op):
        if not op.results and op.name not in _TRANSFERS:
            if op.name != "func.return":
                report_error(ctx, op, "NYI: assuming only return operations can have 0  "
                             "results at this point")
            return False
        if len(op.results) > 1 and op.name not in _TRANSFERS:
            report_error(ctx, op, "NYI: operation has more than 1 result")
            return False
        t = _super_vector_type(op)
        return t is not None and len(op.results) == 1 and \
            shape_ratio(t.shape, sub) is not None
    for m in matcher.op_pattern(filt).match(func):
        r = shape_ratio(m.op.results[0].type.shape, sub)
        out.append(f"\nmatched: {_op_str(m.op)} with shape ratio: " + ", ".join(map(str, r)))


def _test_compose(func, out):
    ms = matcher.op_pattern(lambda op: op.name == "test_affine_map").match(func)
    maps = [m.op.get_attr("affine_map").value for m in reversed(ms)]
    if not maps:
        return
    res = maps[0]
    for m in maps[1:]:
        res = res.compose(m)
    out.append("\nComposed map: " + str(simplify_map(res)))


def _op_str(op):
    """An op as Operation::print streams a nested op: names numbered from the top-level op,
    attributes spelled out (no alias definitions)."""
    p = Printer(PrintFlags(local_scope=True))
    root = op
    while root.parent_op is not None:
        root = root.parent_op
    p.ns = NameState(root, False, False, False)
    p.print_op(op)
    return p.finish()


def _test_slices(func, out, what, fn):
    out.append("\n" + func.get_attr("sym_name").value)
    for m in matcher.op_pattern(lambda op: op.name == "slicing-test-op").match(func):
        out.append(f"\nmatched: {_op_str(m.op)} {what}: ")
        for o in fn(m.op):
            out.append("\n" + _op_str(o))


def _outermost_loops(func):
    """gatherLoops' depth 0: the affine.for ops directly in the function's blocks."""
    return [o for b in func.regions[0].blocks for o in b.ops if o.name == "affine.for"]


def _test_vectorize_nest(func, ctx, out):
    loops = _outermost_loops(func)
    if len(loops) != 1:
        return
    loop = loops[0]
    strategy = Strategy([4])
    strategy.loop_to_dim[loop] = 0
    if not is_loop_parallel(loop, []):
        out.append("Outermost loop cannot be parallel\n")
        return
    vectorize_loop_nest(loop, strategy, ctx)


@register_pass("affine-super-vectorizer-test", "Tests vectorizer standalone functionality.",
               options=[PassOption("vector-shape-ratio", list, [],
                                   "Specify the HW vector size for vectorization"),
                        PassOption("forward-slicing", bool, False,
                                   "Enable testing forward static slicing and topological "
                                   "sort functionalities"),
                        PassOption("backward-slicing", bool, False,
                                   "Enable testing backward static slicing and topological "
                                   "sort functionalities"),
                        PassOption("slicing", bool, False,
                                   "Enable testing static slicing and topological sort "
                                   "functionalities"),
                        PassOption("compose-maps", bool, False,
                                   "Enable testing the composition of AffineMap where each "
                                   "AffineMap in the composition is specified as the "
                                   "affine_map attribute in a constant op."),
                        PassOption("vectorize-affine-loop-nest", bool, False,
                                   "Enable testing for the 'vectorizeAffineLoopNest' utility "
                                   "by vectorizing the outermost loops found")],
               anchor="func.func", display_name="VectorizerTestPass")
def vectorizer_test(func, ctx, options):
    r = func.regions[0] if func.regions else None
    if r is None or len(r.blocks) != 1:
        return
    out = []
    ratio = options.get("vector-shape-ratio") or []
    if ratio:
        try:
            sub = [int(x, 0) for x in ratio]
        except ValueError:
            raise MLIRError(Diagnostic("error", None, "Invalid argument for vector-shape-ratio"))
        _test_shape_ratio(func, sub, out, ctx)
    if options.get("forward-slicing"):
        _test_slices(func, out, "forward static slice", forward_slice)
    if options.get("backward-slicing"):
        _test_slices(func, out, "backward static slice", backward_slice)
    if options.get("slicing"):
        _test_slices(func, out, "static slice", full_slice)
    if options.get("compose-maps"):
        _test_compose(func, out)
    if options.get("vectorize-affine-loop-nest"):
        _test_vectorize_nest(func, ctx, out)
    if out:
        d = Diagnostic("remark", None, "".join(out))
        engine = getattr(ctx, "diag_engine", None)
        if engine is None:
            raise MLIRError(d)
        engine.emit(d)
