"""TilingInterface models of linalg ops and the tiling drivers (passes/linalg/tiling/):
the IR they build is compared with what mlir-opt-19's transform.structured.tile_using_for /
tile_using_forall print for the same input."""
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.interfaces.tiling import tiling_model
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

from passes.linalg.tiling.forall_tiling import tile_to_forall, tile_to_forall_using_tile_sizes
from passes.linalg.tiling.scf_tiling import tile_using_scf

MATMUL = """
func.func @f(%A: tensor<10x20xf32>, %B: tensor<20x30xf32>, %C: tensor<10x30xf32>) -> tensor<10x30xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<10x20xf32>, tensor<20x30xf32>) outs(%C : tensor<10x30xf32>) -> tensor<10x30xf32>
  return %0 : tensor<10x30xf32>
}
"""

DYN_REDUCTION = """
func.func @g(%a: tensor<?x50xf32>, %out: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x50xf32>) outs(%out : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i32
    %f = arith.sitofp %c : i32 to f32
    %m = arith.mulf %x, %f : f32
    %r = arith.addf %m, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""


def _setup(src):
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", src), ctx)
    op = next(o for o in mod.walk_ops() if o.name in ("linalg.matmul", "linalg.generic"))
    return mod, op, PatternRewriter(ctx)


def _lines(mod):
    return [ln.strip() for ln in print_op(mod).splitlines()]


def test_linalg_iteration_domain_and_iterators():
    mod, op, rw = _setup(DYN_REDUCTION)
    m = tiling_model(op)
    assert m.iterator_types(op) == ["parallel", "reduction"]
    rng = m.iteration_domain(op, rw)
    assert rng[0].offset == 0 and rng[0].stride == 1
    assert rng[0].size.defining_op().name == "tensor.dim"  # the dynamic extent
    assert rng[1].size == 50


def test_tile_using_for_static_matmul():
    mod, op, rw = _setup(MATMUL)
    r = tile_using_scf(rw, op, [4, 0, 5])
    rw.replace_op(op, r.replacements)
    assert [f.name for f in r.loops] == ["scf.for", "scf.for"]
    lines = _lines(mod)
    # a boundary tile (4 does not divide 10) is bounded with affine.min, 5 divides 20
    assert "%2 = affine.min #map(%arg3)" in lines
    assert ("%extracted_slice = tensor.extract_slice %arg0[%arg3, %arg5] [%2, 5] [1, 1] : "
            "tensor<10x20xf32> to tensor<?x5xf32>") in lines
    assert ("%extracted_slice_2 = tensor.extract_slice %arg1[%arg5, 0] [5, 30] [1, 1] : "
            "tensor<20x30xf32> to tensor<5x30xf32>") in lines
    assert ("%inserted_slice = tensor.insert_slice %6 into %arg6[%arg3, 0] [%2, 30] [1, 1] : "
            "tensor<?x30xf32> into tensor<10x30xf32>") in lines
    assert "return %0 : tensor<10x30xf32>" in lines
    assert r.tiled_ops[0].name == "linalg.matmul"


def test_tile_using_forall_tile_sizes():
    mod, op, rw = _setup(MATMUL)
    rw.set_insertion_point(op)
    r = tile_to_forall_using_tile_sizes(rw, op, [4, 10])
    rw.replace_op(op, list(r.forall.results))
    lines = _lines(mod)
    assert ("%0 = scf.forall (%arg3, %arg4) in (3, 3) shared_outs(%arg5 = %arg2) -> "
            "(tensor<10x30xf32>) {") in lines
    assert "%3 = affine.min #map2(%arg3)" in lines
    assert ("tensor.parallel_insert_slice %12 into %arg5[%14, %16] [%3, 10] [1, 1] : "
            "tensor<?x10xf32> into tensor<10x30xf32>") in lines


def test_tile_to_forall_num_threads_warns_on_reduction():
    mod, op, rw = _setup(MATMUL)
    rw.set_insertion_point(op)
    warnings = []
    tile_to_forall(rw, op, [2, 0, 2], warn=lambda o, m: warnings.append(m))
    assert warnings == ["tiling is not thread safe at axis #2"]


def test_tiled_linalg_index_is_offset():
    mod, op, rw = _setup(DYN_REDUCTION)
    r = tile_using_scf(rw, op, [0, 8])
    rw.replace_op(op, r.replacements)
    body = list(r.tiled_ops[0].regions[0].blocks[0])
    # linalg.index 1 + the tile's offset (the loop iv) feeds the index_cast
    assert [o.name for o in body[:3]] == ["linalg.index", "affine.apply", "arith.index_cast"]
    assert body[1].operands[1] is r.loops[0].regions[0].blocks[0].args[0]


def test_all_zero_tile_sizes_clone_the_op():
    mod, op, rw = _setup(MATMUL)
    r = tile_using_scf(rw, op, [0, 0, 0])
    assert r.loops == [] and r.tiled_ops[0] is not op
    assert r.tiled_ops[0].name == "linalg.matmul"


PAD = """
func.func @p(%a: tensor<?x?xf32>, %cst: f32, %h: index) -> tensor<?x?xf32> {
  %0 = tensor.pad %a low[0, 2] high[%h, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
"""


def _op(src, name):
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", src), ctx)
    return mod, next(o for o in mod.walk_ops() if o.name == name), PatternRewriter(ctx)


def test_pad_tiling_bubbles_the_pad_into_the_loops():
    mod, op, rw = _op(PAD, "tensor.pad")
    r = tile_using_scf(rw, op, [4, 4])
    rw.replace_op(op, r.replacements)
    names = [o.name for o in mod.walk_ops()]
    assert names.count("scf.for") == 2
    # each tile pads a slice of the source (or generates the padding when it is empty)
    assert "scf.if" in names and "tensor.generate" in names
    assert r.tiled_ops and r.tiled_ops[0].name in ("scf.if", "tensor.pad")


def test_reduction_tiled_into_partial_results():
    from passes.linalg.tiling.reduction_tiling import tile_reduction_using_scf
    mod, op, rw = _setup(DYN_REDUCTION)
    rw.set_insertion_point(op)
    r = tile_reduction_using_scf(rw, op, [0, 8])
    fill = r.initial_values[0].defining_op()
    assert fill.name == "linalg.fill"
    # the partial tensor has a column per position of the reduction tile
    assert list(fill.results[0].type.shape)[1] == 8
    assert [o.name for o in r.merge_ops] == ["linalg.reduce"]
    assert r.parallel_tiled_ops[0].name == "linalg.generic"
    from pyopt.dialects.linalg.structured import iterator_types
    assert iterator_types(r.parallel_tiled_ops[0]) == ["parallel", "parallel"]


def test_vectorize_static_elementwise():
    from passes.linalg.vectorization import vectorize
    src = """
func.func @v(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
"""
    mod, op, rw = _op(src, "linalg.add")
    assert vectorize(rw, op)
    names = [o.name for o in mod.walk_ops()]
    assert names.count("vector.transfer_read") == 3
    assert "arith.addf" in names and "vector.transfer_write" in names
    assert "linalg.add" not in names


def test_vectorize_refuses_dynamic_shapes_without_sizes():
    from passes.linalg.vectorization import vectorize
    mod, op, rw = _setup(DYN_REDUCTION)
    assert not vectorize(rw, op)
    assert op.parent is not None  # untouched
