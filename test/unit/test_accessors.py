"""Named accessors and builders generated from op declarations (pyopt/ir/accessors.py)."""
from pyopt.dialects import make_context
from pyopt.ir.accessors import DYNAMIC
from pyopt.ir.core import Block
from pyopt.ir.location import SourceBuffer
from pyopt.rewrite.rewriter import Builder
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

SRC = """
func.func @f(%m: memref<8x8xf32>, %i: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %sv = memref.subview %m[%i, 2] [4, %i] [1, 1] : memref<8x8xf32> to memref<4x?xf32, strided<[8, 1], offset: ?>>
  %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %a : index
  }
  cf.cond_br %c, ^b1(%i : index), ^b1(%c0 : index)
^b1(%x: index):
  %v = memref.load %sv[%c0, %r] : memref<4x?xf32, strided<[8, 1], offset: ?>>
  return %v : f32
}
"""


def _ops():
    ctx = make_context()
    mod, _ = parse_module(SourceBuffer("t", SRC), ctx)
    first = {}
    for o in mod.walk_ops():
        first.setdefault(o.name, o)
    return ctx, mod, first


def test_operand_groups_by_name():
    _, mod, ops = _ops()
    f = ops["func.func"]
    m, i, c = f.regions[0].blocks[0].args
    sv = ops["memref.subview"]
    assert sv.source is m and sv.offsets == [i] and sv.sizes == [i] and sv.strides == []
    assert list(sv.static_offsets.values) == [DYNAMIC, 2]
    assert sv.mixed_offsets == [i, 2] and sv.mixed_sizes == [4, i] and sv.mixed_strides == [1, 1]
    assert sv.result is sv.results[0]
    loop = ops["scf.for"]
    c0, c8, c1 = (o.results[0] for o in list(f.regions[0].blocks[0])[:3])
    assert (loop.lowerBound, loop.upperBound, loop.step) == (c0, c8, c1)
    assert loop.initArgs == [c0] and loop.region is loop.regions[0]
    br = ops["cf.cond_br"]
    assert br.condition is c and br.trueDestOperands == [i] and br.falseDestOperands == [c0]
    assert type(br.trueDest) is Block and br.trueDest is br.falseDest
    load = ops["memref.load"]
    assert load.memref is sv.result and load.indices == [c0, loop.results[0]]
    assert ops["arith.constant"].value.value == 0


def test_setters_and_group():
    _, mod, ops = _ops()
    load, sv = ops["memref.load"], ops["memref.subview"]
    i = ops["func.func"].regions[0].blocks[0].args[1]
    assert load.group("indices") == load.indices
    sv.source, before = sv.source, sv.source
    assert sv.source is before


def test_builder_fills_segments_and_infers_types():
    ctx, mod, ops = _ops()
    b = Builder(ctx)
    ret = ops["func.return"]
    b.set_insertion_point(ret)
    c0 = ops["arith.constant"].results[0]
    add = ctx.ops["arith.addi"].build(b, lhs=c0, rhs=c0)
    assert add.result.type is c0.type and add.lhs is c0
    i = ops["func.func"].regions[0].blocks[0].args[1]
    m = ops["func.func"].regions[0].blocks[0].args[0]
    from pyopt.ir.attributes import DenseArrayAttr
    from pyopt.ir.types import I64
    sv2 = ctx.ops["memref.subview"].build(
        b, result_types=[ops["memref.subview"].result.type], source=m, offsets=[i], sizes=[i],
        static_offsets=DenseArrayAttr(I64, [DYNAMIC, 0]), static_sizes=DenseArrayAttr(I64, [4, DYNAMIC]),
        static_strides=DenseArrayAttr(I64, [1, 1]))
    assert list(sv2.properties["operandSegmentSizes"].values) == [1, 1, 1, 0]
    assert sv2.mixed_offsets == [i, 0]
    text = print_op(mod)
    assert "arith.addi %c0, %c0 : index" in text and "memref.subview %arg0[%arg1, 0] [4, %arg1]" in text


def test_keyword_names_have_trailing_underscore_alias():
    ctx, mod, ops = _ops()
    b = Builder(ctx)
    b.set_insertion_point(ops["func.return"])
    i = ops["func.func"].regions[0].blocks[0].args[1]
    from pyopt.ir.types import I64
    cast = ctx.ops["arith.index_cast"].build(b, result_types=[I64], **{"in": i})
    assert cast.in_ is i and getattr(cast, "in") is i and cast.group("in") is i
    cast.in_ = ops["arith.constant"].result  # the alias is the same property: settable too
    assert cast.operand_slots[0].value is ops["arith.constant"].result
    assert cast.out is cast.results[0]


def test_names_operation_has_get_trailing_underscore_alias():
    ctx, mod, ops = _ops()
    b = Builder(ctx)
    b.set_insertion_point(ops["func.return"])
    v = ops["memref.load"].result
    neg = ctx.ops["arith.negf"].build(b, operand=v)
    assert neg.operand_ is v and neg.group("operand") is v
    assert neg.operand(0) is v  # Operation's own method is untouched
    assert neg.result_ is neg.results[0] and neg.result is neg.results[0]
    sq = ctx.ops["math.sqrt"].build(b, operand=neg.result)
    assert sq.operand_ is neg.result
