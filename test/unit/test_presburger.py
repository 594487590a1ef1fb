"""Unit tests of the Presburger library (pyopt.analysis.presburger)."""
from pyopt.analysis.presburger import IntegerPolyhedron, IntegerRelation, BoundType, flatten_exprs
from pyopt.analysis.presburger.divisions import remove_duplicate_divs, local_reprs
from pyopt.analysis.presburger.redundancy import remove_redundant_inequalities
from pyopt.ir.affine import dim, symbol, constant


def box(n, lo, hi):
    p = IntegerPolyhedron(n)
    for i in range(n):
        r = [0] * (n + 1)
        r[i], r[-1] = 1, -lo
        p.add_ineq(r)
        r = [0] * (n + 1)
        r[i], r[-1] = -1, hi
        p.add_ineq(r)
    return p


def test_gcd_test_proves_emptiness():
    p = box(2, 0, 9)
    p.add_eq([2, -2, 1])  # 2x - 2y + 1 == 0 has no integer solution
    assert p.is_empty_by_gcd_test()
    assert p.is_empty()


def test_fm_emptiness_and_nonemptiness():
    p = box(2, 0, 9)
    p.add_ineq([1, 1, -18])  # x + y >= 18: only (9, 9)
    assert not p.is_empty()
    p.add_ineq([-1, -1, 17])
    assert p.is_empty()


def test_exact_integer_emptiness_beyond_fm():
    # a small triangle without lattice points that FM's rational shadow cannot refute
    p = IntegerPolyhedron(2)
    for r in ([-4, -5, -2], [6, -1, -4], [-1, 6, 7]):
        p.add_ineq(r)
    assert not p.is_empty()
    assert p.is_integer_empty()
    q = box(2, 0, 10)
    q.add_ineq([3, -3, -3])
    sample = q.find_integer_sample()
    assert sample is not None and q.contains_point(sample)


def test_constant_bounds_through_projection():
    # y = x + 3, 0 <= x <= 9  =>  3 <= y <= 12
    p = IntegerPolyhedron(2)
    p.add_ineq([1, 0, 0])
    p.add_ineq([-1, 0, 9])
    p.add_eq([1, -1, 3])
    assert p.constant_bound(BoundType.LB, 1) == 3
    assert p.constant_bound(BoundType.UB, 1) == 12
    assert p.constant_bound(BoundType.EQ, 1) is None


def test_gcd_tightening_in_projection():
    # 4y == x, 1 <= x <= 9 -> y in [1, 2] only after tightening
    p = IntegerPolyhedron(2)
    p.add_ineq([1, 0, -1])
    p.add_ineq([-1, 0, 9])
    p.add_eq([1, -4, 0])
    assert p.constant_bound(BoundType.LB, 1) == 1
    assert p.constant_bound(BoundType.UB, 1) == 2


def test_project_out_keeps_kinds():
    r = IntegerRelation(1, 1, 1, 1)
    r.add_ineq([1, -1, 0, 0, 0])
    r.project_out(3, 1)
    assert r.counts == [1, 1, 1, 0]
    r.project_out(0, 1)
    assert r.counts == [0, 1, 1, 0]


def test_trivial_redundancy():
    p = box(1, 0, 5)
    p.add_ineq([1, 3])     # x >= -3: implied by x >= 0, same coefficients
    p.add_ineq([2, 0])     # 2x >= 0: normalises to a duplicate
    p.add_ineq([0, 4])     # 4 >= 0
    p.remove_trivial_redundancy()
    assert sorted(map(tuple, p.ineqs)) == [(-1, 5), (1, 0)]


def test_redundant_inequalities():
    p = box(2, 0, 5)
    p.add_ineq([-1, -1, 20])  # x + y <= 20 implied by the box
    remove_redundant_inequalities(p)
    assert len(p.ineqs) == 4


def test_flatten_mod_and_div_share_locals():
    rows, loc = flatten_exprs([dim(0) % 4, dim(0).floordiv(constant(4))], 1, 0)
    assert rows == [[1, -4, 0], [0, 1, 0]]
    assert loc.num_locals == 1 and len(loc.ineqs) == 2


def test_flatten_rejects_semi_affine():
    assert flatten_exprs([dim(0) * symbol(0)], 1, 1) is None


def test_duplicate_divisions_merge():
    p = IntegerPolyhedron(1)
    p.add_local_floor_div([1, 0], 2)
    p.add_local_floor_div([1, 0, 0], 2)
    assert len([r for r in local_reprs(p) if r]) == 2
    assert remove_duplicate_divs(p) == 1
    assert p.num_locals == 1
