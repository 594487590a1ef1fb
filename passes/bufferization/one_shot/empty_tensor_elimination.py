"""`-eliminate-empty-tensors`: a tensor.empty whose only purpose is to be filled and then
inserted into a subset of another tensor (insert_slice, parallel_insert_slice,
materialize_in_destination) is replaced by an extraction of that very subset, so that the
computation writes into the destination directly instead of a new buffer. Decided on a
One-Shot analysis of the IR (the insertion must be in place)."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import BufferizationOptions, TraversalConfig
from pyopt.ir.core import OpResult
from pyopt.ir.dominance import DominanceInfo
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder

from .analysis import OneShotAnalysisState, _properly_dominates, run_analysis


def _block_contains(block, op):
    while op is not None:
        if op.parent is block:
            return True
        op = op.parent_op
    return False


def _needed_values_dominate(dom, point, values):
    for v in values:
        if type(v) is OpResult:
            if not _properly_dominates(dom, v.owner, point):
                return False
        elif not _block_contains(v.owner, point):
            return False
    return True


def _dominates_uses(dom, point, empty):
    return all(u.owner is point or _properly_dominates(dom, point, u.owner)
               for u in empty.results[0].uses())


def _insertion_point(dom, empty, values):
    candidates = [empty]
    for v in values:
        candidates.append(v.owner.next if type(v) is OpResult else v.owner.first)
    for c in candidates:
        if c is None:
            continue
        if _needed_values_dominate(dom, c, values) and _dominates_uses(dom, c, empty):
            return c
    return None


def eliminate_empty_tensors(op, state, ctx):
    dom = DominanceInfo()
    b = Builder(ctx)
    cfg = TraversalConfig(always_include_leaves=False, follow_equivalent_only=True,
                          follow_same_type_or_casts_only=True)
    ops = []
    op.walk(ops.append)
    for o in ops:
        if o.parent is None and o is not op:
            continue  # (erased meanwhile)
        m = state.options.bufferizable(o)
        if m is None or m.subset_insertion is None:
            continue
        source, _ = m.subset_insertion(o)
        if not state.is_in_place(source):
            continue
        values = m.subset_extraction_values(o)

        def is_empty(v):
            return type(v) is OpResult and v.owner.name == "tensor.empty"
        for v in state.find_value_in_reverse_use_def_chain(source.value, is_empty, cfg):
            empty = v.owner
            point = _insertion_point(dom, empty, values)
            if point is None:
                continue
            b.set_insertion_point(point)
            repl = m.build_subset_extraction(o, b, empty.loc)
            if repl is None or (type(repl) is OpResult and repl.owner is empty):
                continue
            if repl.type is not v.type:
                if repl.type.element_type is not v.type.element_type:
                    continue
                if type(repl) is OpResult:
                    b.set_insertion_point_after(repl.owner)
                else:
                    b.set_insertion_point_to_start(repl.owner)
                repl = b.create("tensor.cast", [repl], [v.type], loc=empty.loc).results[0]
            v.replace_all_uses_with(repl)
            empty.erase()
            state.reset_cache()


@register_pass("eliminate-empty-tensors", "Try to eliminate all tensor.empty ops.",
               display_name="EmptyTensorElimination")
def empty_tensor_elimination(op, ctx, options):
    from pyopt.dialects import bufferizable_models  # noqa: F401  (attaches the models)
    o = BufferizationOptions()
    o.allow_return_allocs_from_loops = True
    is_module = op.name == "builtin.module"
    o.bufferize_function_boundaries = is_module
    state = OneShotAnalysisState(op, o)
    if is_module:
        from .module import analyze_module
        analyze_module(op, state)
    else:
        run_analysis(op, state)
    eliminate_empty_tensors(op, state, ctx)
