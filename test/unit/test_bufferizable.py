"""BufferizableOpInterface queries (pyopt/interfaces/bufferizable.py) and the One-Shot
analysis state (passes/bufferization/one_shot/analysis.py) used from Python."""
from pyopt.dialects import bufferizable_models  # noqa: F401  (attaches the models)
from pyopt.dialects import make_context
from pyopt.interfaces.bufferizable import (EQUIVALENT, UNKNOWN, AnalysisState,
                                           BufferizationOptions, get_buffer_type)
from pyopt.ir.location import SourceBuffer
from pyopt.syntax.printer import type_to_str
from pyopt.tool import parse_module

from passes.bufferization.one_shot.analysis import (OneShotAnalysisState, ValueClasses,
                                                    run_analysis)

SRC = """
func.func @f(%t: tensor<?xf32>, %o: index, %v: f32) -> (tensor<?xf32>, f32) {
  %s = tensor.extract_slice %t[%o] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %t[%o] : tensor<?xf32>
  %r = tensor.insert_slice %f into %t[%o] [4] [1] : tensor<4xf32> into tensor<?xf32>
  return %r, %x : tensor<?xf32>, f32
}
"""


def _func():
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", SRC), ctx)
    f = mod.regions[0].blocks[0].first
    return {o.name: o for o in f.regions[0].blocks[0]}, f


def test_interface_queries_without_analysis():
    ops, _ = _func()
    state = AnalysisState(BufferizationOptions())
    slice_op, fill = ops["tensor.extract_slice"], ops["linalg.fill"]
    src = slice_op.operand_slots[0]
    assert not state.reads(src) and not state.writes(src) and state.alias_only(src)
    [alias] = state.aliasing_values(src)
    assert alias.value is slice_op.results[0] and alias.relation == UNKNOWN
    init = fill.operand_slots[1]
    assert state.writes(init) and not state.reads(init)  # (the fill's payload ignores it)
    [alias] = state.aliasing_values(init)
    assert alias.value is fill.results[0] and alias.relation == EQUIVALENT
    # without an analysis every write is out of place
    assert not state.is_in_place(init) and state.is_in_place(src)


def test_buffer_types_follow_the_options():
    ops, f = _func()
    arg = f.regions[0].blocks[0].args[0]
    options = BufferizationOptions()
    assert type_to_str(get_buffer_type(arg, options)) == \
        "memref<?xf32, strided<[?], offset: ?>>"
    options.unknown_type_layout = "identity-layout-map"
    options._by_name.clear()
    assert type_to_str(get_buffer_type(arg, options)) == "memref<?xf32>"
    slice_result = ops["tensor.extract_slice"].results[0]
    assert type_to_str(get_buffer_type(slice_result, options)) == \
        "memref<4xf32, strided<[1], offset: ?>>"


def test_analysis_decisions():
    ops, f = _func()
    state = OneShotAnalysisState(f, BufferizationOptions())
    run_analysis(f, state)
    # without function boundaries the argument's buffer is not writable: the slice that
    # gets filled and the insertion into the argument go out of place (as mlir-opt-19
    # decides), the fill into the slice's copy in place
    assert not state.is_in_place(ops["tensor.extract_slice"].operand_slots[0])
    assert state.is_in_place(ops["linalg.fill"].operand_slots[1])
    assert state.is_in_place(ops["tensor.insert_slice"].operand_slots[0])
    assert not state.is_in_place(ops["tensor.insert_slice"].operand_slots[1])
    assert not state.is_writable(f.regions[0].blocks[0].args[0])
    assert state.are_aliasing(ops["linalg.fill"].results[0], ops["tensor.extract_slice"].results[0])
    assert state.are_equivalent(ops["linalg.fill"].results[0],
                                ops["tensor.extract_slice"].results[0])


def test_value_classes_keep_union_order():
    vc = ValueClasses()
    a, b, c, d = object(), object(), object(), object()
    for x in (a, b, c, d):
        vc.insert(x)
    vc.union(c, d)
    vc.union(a, c)
    vc.union(b, a)
    # the leader's members first, then the other class's, as llvm::EquivalenceClasses
    assert list(vc.members(d)) == [b, a, c, d]
    assert vc.same(a, d) and vc.leader(c) is b
