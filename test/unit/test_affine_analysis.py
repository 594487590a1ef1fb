"""Unit tests of the affine analyses (pyopt.dialects.affine.analysis) on parsed IR."""
from pyopt.analysis.presburger import BoundType
from pyopt.dialects.affine.analysis.dependence import (check_dependence, op_index_set,
                                                       HAS_DEPENDENCE, NO_DEPENDENCE)
from pyopt.dialects.affine.analysis.memref_access import MemRefAccess
from pyopt.dialects.affine.analysis.parallelism import is_loop_parallel
from pyopt.dialects.affine.analysis.region import MemRefRegion
from pyopt.ir.location import SourceBuffer
from pyopt.tool import parse_module
from pyopt.dialects import make_context

SRC = """
func.func @f(%A: memref<64xf32>, %n: index) {
  %v = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 step 2 {
    affine.store %v, %A[%i + 3] : memref<64xf32>
    %x = affine.load %A[%i] : memref<64xf32>
  }
  affine.for %j = 0 to %n {
    %y = affine.load %A[%j floordiv 4] : memref<64xf32>
  }
  affine.for %k = 0 to 8 {
    %z = affine.load %A[%k + 1] : memref<64xf32>
    affine.store %z, %A[%k] : memref<64xf32>
  }
  return
}
"""


def _accesses():
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", SRC), ctx)
    return [op for op in module.walk_ops()
            if op.name in ("affine.load", "affine.store")][:3]


def test_iteration_domain_has_stride_and_symbol_bounds():
    store, _, load2 = _accesses()
    dom = op_index_set(store)
    assert dom.num_dims == 1 and dom.num_locals == 1  # the stride quotient
    assert dom.constant_bound(BoundType.LB, 0) == 0
    # the projection of the stride quotient is rational: 31, though only even values
    # occur; asking for i >= 31 explicitly is refuted (the stride equality is used first)
    assert dom.constant_bound(BoundType.UB, 0) == 31
    past = dom.copy()
    past.add_bound(BoundType.LB, 0, 31)
    assert past.is_empty() and past.is_integer_empty()
    dom2 = op_index_set(load2)
    assert dom2.num_symbols == 1 and dom2.constant_bound(BoundType.UB, 0) is None


def test_odd_distance_on_even_iterations_is_no_dependence():
    store, load, _ = _accesses()
    # store A[i + 3] then load A[i'] with i' > i: i' = i + 3 is odd, i' even -> none
    result, _ = check_dependence(MemRefAccess(store), MemRefAccess(load), 1)
    assert result == NO_DEPENDENCE
    # same iteration (depth 2): i + 3 == i is impossible too
    result, _ = check_dependence(MemRefAccess(store), MemRefAccess(load), 2)
    assert result == NO_DEPENDENCE


def test_dependence_across_nests():
    store, _, load2 = _accesses()
    result, comps = check_dependence(MemRefAccess(store), MemRefAccess(load2), 1)
    assert result == HAS_DEPENDENCE and comps == []  # no common loop


def test_region_of_a_divided_subscript():
    _, _, load2 = _accesses()
    region = MemRefRegion()
    assert region.compute(load2, 0)
    assert region.cst.num_dims == 1
    assert region.cst.constant_bound(BoundType.LB, 0) == 0
    assert region.cst.constant_bound(BoundType.UB, 0) == 63  # clipped to the shape


def test_region_bounding_shape_per_iteration():
    store, _, _ = _accesses()
    region = MemRefRegion()
    # symbolic in the enclosing IV: one element per iteration, at i + 3
    assert region.compute(store, 1)
    count, shape, lbs, divisors = region.constant_bounding_shape()
    assert (count, shape, lbs, divisors) == (1, [1], [[1, 3]], [1])
    # over the whole loop: elements 3 .. 33
    assert region.compute(store, 0)
    assert region.constant_bounding_shape()[:2] == (31, [31])


def test_loop_parallelism():
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t", SRC), ctx)
    fors = [op for op in module.walk_ops() if op.name == "affine.for"]
    # odd and even elements never meet; the read-only loop is parallel; the last loop
    # reads the element the next iteration overwrites
    assert [is_loop_parallel(f) for f in fors] == [True, True, False]
