"""Block liveness (pyopt/analysis/block_liveness.py) and buffer origins
(pyopt/analysis/buffer_origin.py) on a small function with branches, a region op, views and
a select."""
from pyopt.analysis.block_liveness import BlockLiveness
from pyopt.analysis.buffer_origin import BufferOrigins
from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.tool import parse_module

import passes.bufferization.dealloc_models  # noqa: F401  (arith.select's view-flow model)

SRC = """
func.func @f(%arg: memref<8xf32>, %c: i1, %n: index) -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %s = arith.select %c, %a, %b : memref<8xf32>
  cf.cond_br %c, ^bb1(%a : memref<8xf32>), ^bb1(%arg : memref<8xf32>)
^bb1(%m: memref<8xf32>):
  %r = scf.if %c -> memref<8xf32> {
    scf.yield %m : memref<8xf32>
  } else {
    scf.yield %b : memref<8xf32>
  }
  "test.use"(%v, %s) : (memref<4xf32, strided<[1]>>, memref<8xf32>) -> ()
  return %r : memref<8xf32>
}
"""


def _setup():
    ctx = make_context(allow_unregistered=True)
    mod, _ = parse_module(SourceBuffer("t", SRC), ctx)
    func = next(o for o in mod.walk_ops() if o.name == "func.func")
    entry, bb1 = func.regions[0].blocks
    arg, c, n = entry.args
    a, b, v, s = (entry.ops[i].results[0] for i in range(4))
    r = bb1.ops[0].results[0]
    return func, entry, bb1, dict(arg=arg, c=c, a=a, b=b, v=v, s=s, m=bb1.args[0], r=r)


def test_liveness_across_blocks_and_regions():
    func, entry, bb1, x = _setup()
    lv = BlockLiveness(func)
    # used in bb1 (directly, in the scf.if region, by test.use): live out of the entry block
    assert {x["b"], x["v"], x["s"], x["c"]} <= lv.live_out(entry)
    assert x["a"] not in lv.live_out(entry)  # only forwarded as a branch operand
    assert lv.live_in(bb1) == {x["b"], x["v"], x["s"], x["c"]}
    then_block = bb1.ops[0].regions[0].blocks[0]
    assert lv.live_in(then_block) == {x["m"]}
    assert lv.live_out(then_block) == set()


def test_same_allocation():
    func, _, _, x = _setup()
    o = BufferOrigins(func)
    assert o.is_same_allocation(x["v"], x["a"]) is True  # a view of it
    assert o.is_same_allocation(x["a"], x["b"]) is False  # two allocations
    assert o.is_same_allocation(x["s"], x["a"]) is None  # may be it, may be %b
    assert o.is_same_allocation(x["m"], x["b"]) is False  # %a or the argument, never %b
    assert o.is_same_allocation(x["r"], x["arg"]) is None
    assert set(o.resolve(x["a"])) >= {x["a"], x["v"], x["s"], x["m"], x["r"]}
