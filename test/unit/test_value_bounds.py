"""pyopt/analysis/value_bounds.py: bounds of index values in terms of other values."""
from pyopt.analysis.value_bounds import compute_bound, compute_independent_bound
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.tool import parse_module
import pyopt.dialects.value_bounds_models  # noqa: F401

SRC = """
func.func @f(%lb: index, %ub: index, %step: index, %t: tensor<?x8xf32>) {
  scf.for %i = %lb to %ub step %step {
    scf.for %j = %lb to %ub step %step {
      %c0 = arith.constant 0 : index
      %d = tensor.dim %t, %c0 : tensor<?x8xf32>
      %a = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 * 2 + s0)>(%i, %j)[%d]
      %m = affine.min affine_map<(d0)[s0] -> (s0 - d0, 16)>(%i)[%ub]
      %sq = arith.muli %i, %j : index
      "test.use"(%a, %m, %sq) : (index, index, index) -> ()
    }
  }
  return
}
"""


def _setup():
    ctx = make_context()
    ctx.allow_unregistered = True
    mod, _ = parse_module(SourceBuffer("t.mlir", SRC), ctx)
    use = next(o for o in mod.walk_ops() if o.name == "test.use")
    loops = [o for o in mod.walk_ops() if o.name == "scf.for"]
    ivs = [lp.regions[0].blocks[0].args[0] for lp in loops]
    return use, ivs


def test_upper_bound_independent_of_both_loops():
    use, ivs = _setup()
    bound, operands = compute_independent_bound(use.operands[0], None, ivs)
    # i, j <= ub - 1: (ub - 1) + 2 * (ub - 1) + dim = 3 * ub + dim - 3
    assert str(bound) == "()[s0, s1] -> (s0 + s1 * 3 - 3)"
    names = [v.defining_op().name if v.defining_op() else "arg" for v, _ in operands]
    assert names == ["tensor.dim", "arg"]


def test_open_upper_bound_and_lower_bound():
    use, ivs = _setup()
    ub, _ = compute_independent_bound(use.operands[0], None, ivs, closed=False)
    assert str(ub) == "()[s0, s1] -> (s0 + s1 * 3 - 2)"
    lb, operands = compute_independent_bound(use.operands[0], None, ivs, upper=False)
    assert str(lb) == "()[s0, s1] -> (s0 + s1 * 3)"


def test_min_is_bounded_by_its_constant():
    use, ivs = _setup()
    bound, operands = compute_independent_bound(use.operands[1], None, ivs)
    assert str(bound) == "() -> (16)" and operands == []


def test_no_bound_for_a_product_of_ivs():
    use, ivs = _setup()
    assert compute_independent_bound(use.operands[2], None, ivs) is None


def test_stop_at_the_value_itself():
    use, ivs = _setup()
    v = use.operands[0]
    bound, operands = compute_bound(v, None, lambda x, d: x is v)
    assert str(bound) == "()[s0] -> (s0)" and operands == [(v, None)]
