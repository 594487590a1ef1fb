"""The linalg packing API (passes/linalg/packing.py) that -linalg-block-pack-matmul uses and
the transform dialect's pack ops will: the packed IR checked here is what mlir-opt-19's
-linalg-block-pack-matmul / transform.structured.pack build for the same input."""
import pytest

from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.ir.types import DYNAMIC
from pyopt.rewrite.rewriter import PatternRewriter
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

from passes.linalg.packing import (pack_linalg_op, pack_matmul_greedily, pack_transpose,
                                   permutation_to_positions)

MATMUL = """
func.func @f(%A: tensor<10x20xf32>, %B: tensor<20x32xf32>, %C: tensor<10x32xf32>) -> tensor<10x32xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<10x20xf32>, tensor<20x32xf32>) outs(%C : tensor<10x32xf32>) -> tensor<10x32xf32>
  return %0 : tensor<10x32xf32>
}
"""

ELEMENTWISE = """
func.func @g(%a: tensor<16x?xi32>, %out: tensor<16x?xi32>) -> tensor<16x?xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x?xi32>) outs(%out : tensor<16x?xi32>) {
  ^bb0(%x: i32, %y: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<16x?xi32>
  return %0 : tensor<16x?xi32>
}
"""


def _setup(src):
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", src), ctx)
    op = next(o for o in mod.walk_ops() if o.name in ("linalg.matmul", "linalg.generic"))
    rw = PatternRewriter(ctx)
    rw.set_insertion_point(op)
    return mod, op, rw


def _text(mod):
    return print_op(mod)


def test_permutation_to_positions():
    # computePermutationVector: loops 0 (m), 1 (n), 2 (k) of 4 moved to the end as k, m, n
    assert permutation_to_positions(4, [0, 1, 2], [2, 3, 1]) == [3, 2, 0, 1]
    assert permutation_to_positions(3, [0, 1, 2], [0, 1, 2]) == [0, 1, 2]


def test_pack_static_matmul_pads_partial_tiles():
    mod, op, rw = _setup(MATMUL)
    res = pack_linalg_op(rw, op, [8, 16, 0])
    assert res is not None
    assert [tuple(p.results[0].type.shape) for p in res.pack_ops] == [(2, 20, 8), (20, 2, 16),
                                                                    (2, 2, 8, 16)]
    # 10 is not a multiple of 8: the operands reading m are padded with zero
    assert res.pack_ops[0].padding_value is not None
    assert res.pack_ops[1].padding_value is None
    assert res.packed_op.name == "linalg.generic"
    assert [str(t) for t in res.packed_op.get_attr("iterator_types")] == \
        ['#linalg.iterator_type<parallel>', '#linalg.iterator_type<parallel>',
         '#linalg.iterator_type<reduction>', '#linalg.iterator_type<parallel>',
         '#linalg.iterator_type<parallel>']
    assert len(res.unpack_ops) == 1
    text = _text(mod)
    assert "linalg.matmul" not in text
    assert "tensor.unpack %3 inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %arg2" in text


def test_pack_wrong_number_of_sizes():
    mod, op, rw = _setup(MATMUL)
    assert pack_linalg_op(rw, op, [8, 16]) is None
    assert "linalg.matmul" in _text(mod)


def test_pack_dynamic_operand_gets_zero_padding():
    mod, op, rw = _setup(ELEMENTWISE)
    res = pack_linalg_op(rw, op, [0, 4])
    assert [tuple(p.results[0].type.shape) for p in res.pack_ops] == [(16, DYNAMIC, 4)] * 2
    # a dynamic size may not divide: both packs carry a zero padding value
    assert all(p.padding_value is not None for p in res.pack_ops)
    assert "arith.constant 0 : i32" in _text(mod)


def test_pack_transpose_permutes_one_operand():
    mod, op, rw = _setup(MATMUL)
    res = pack_linalg_op(rw, op, [8, 16, 4])
    new_pack, new_op, new_unpack = pack_transpose(rw, res.pack_ops[1], res.packed_op, None,
                                                  [1, 0], [1, 0])
    assert new_unpack is None
    assert list(new_pack.get_attr("outer_dims_perm").values) == [1, 0]
    # B (k x n) was tiled on n then k: inner_dims_pos [1, 0], tiles [16, 4]; both swapped
    assert list(new_pack.get_attr("inner_dims_pos").values) == [0, 1]
    assert tuple(new_pack.results[0].type.shape) == (2, 5, 4, 16)
    assert new_op.operands[1] is new_pack.results[0]


def test_pack_transpose_requires_single_use():
    mod, op, rw = _setup(MATMUL)
    res = pack_linalg_op(rw, op, [8, 16, 4])
    # the init pack is also read by nothing else, but the unpack does not come from it
    other = res.unpack_ops[0]
    assert pack_transpose(rw, res.pack_ops[0], res.packed_op, other, [1, 0], []) is None


@pytest.mark.parametrize("order, iterators", [
    ([0, 1, 2], ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]),
    ([2, 0, 1], ["parallel", "reduction", "parallel", "parallel", "reduction", "parallel"]),
])
def test_pack_matmul_greedily_orders_mnk(order, iterators):
    mod, op, rw = _setup(MATMUL)
    rw.set_insertion_point_after(op)
    res = pack_matmul_greedily(rw, op, [8, 16, 4], [], order)
    got = [str(t).split("<")[1].rstrip(">") for t in res.packed_op.get_attr("iterator_types")]
    assert got == iterators


def test_pack_matmul_greedily_needs_a_contraction():
    mod, op, rw = _setup(ELEMENTWISE)
    assert pack_matmul_greedily(rw, op, [8, 16, 4], [], [0, 1, 2]) is None
