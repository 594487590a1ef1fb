"""Per-op storage shared to save memory and time: the one empty operand/result/region/successor
list, and the parser's reuse of numeric literal attributes."""
import pytest

from pyopt.dialects import make_context
from pyopt.ir.core import Operation, Region, Block, NO_ELEMENTS
from pyopt.ir.location import SourceBuffer
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module


def _parse(text):
    ctx = make_context()
    module, _ = parse_module(SourceBuffer("t.mlir", text), ctx)
    return module, ctx


def test_empty_lists_are_shared_and_refuse_mutation():
    a = Operation("test.a", None)
    b = Operation("test.b", None)
    for name in ("operand_slots", "results", "regions", "successor_slots"):
        assert getattr(a, name) is getattr(b, name) is NO_ELEMENTS
        assert getattr(a, name) == []
    with pytest.raises(TypeError):
        a.regions.append(Region())
    with pytest.raises(TypeError):
        a.results += [1]
    assert NO_ELEMENTS == []  # nothing leaked into the shared list


def test_operands_added_to_an_op_without_operands():
    module, _ = _parse("func.func @f(%x: i32) {\n  return\n}\n")
    func = module.regions[0].blocks[0].first
    ret = func.regions[0].blocks[0].last
    x = func.regions[0].blocks[0].args[0]
    ret.insert_operands(0, [x])
    assert ret.operands == [x] and x.has_one_use()
    assert NO_ELEMENTS == []
    ret.set_operands([])
    assert ret.operand_slots is NO_ELEMENTS and not x.has_uses()


def test_clone_of_ops_with_and_without_regions():
    module, _ = _parse("func.func @f() -> i32 {\n  %c = arith.constant 1 : i32\n"
                       "  return %c : i32\n}\n")
    func = module.regions[0].blocks[0].first
    copy = func.clone()
    assert copy.regions is not func.regions and len(copy.regions) == 1
    const = copy.regions[0].blocks[0].first
    assert const.regions is NO_ELEMENTS
    assert print_op(copy) == print_op(func)


def test_repeated_literals_share_attributes():
    module, _ = _parse("func.func @f() {\n"
                       "  %a = arith.constant 7 : i32\n  %b = arith.constant 7 : i32\n"
                       "  %c = arith.constant 7 : i64\n  %d = arith.constant -7 : i32\n"
                       "  %e = arith.constant 1.5 : f32\n  %f = arith.constant 1.5 : f32\n"
                       "  %g = arith.constant 0x3FC00000 : f32\n  return\n}\n")
    ops = module.regions[0].blocks[0].first.regions[0].blocks[0].ops
    v = [o.properties["value"] for o in ops[:-1]]
    assert v[0] is v[1] and v[0] is not v[2] and v[0] is not v[3]
    assert v[2].value == 7 and v[3].value == -7
    assert v[4] is v[5] and v[4].bits == 0x3FC00000
    assert v[6].bits == 0x3FC00000  # a hex integer literal is the bit pattern of the float


def test_repeated_builtin_type_texts():
    # the parser reuses a memref/vector/tensor type whose exact text it has seen; texts that
    # only share a prefix, or name an alias, are parsed on their own
    text = ("#l = affine_map<(d0) -> (d0 + 1)>\n"
            "func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 1>, %c: memref<4xf32, #l>,\n"
            "             %d: memref<4xf32>, %e: vector<4xf32>, %g: tensor<4xvector<4xf32>>)\n"
            "    -> memref<4xf32, strided<[1], offset: 2>> {\n"
            "  %r = memref.reinterpret_cast %a to offset: [2], sizes: [4], strides: [1]"
            " : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>\n"
            "  return %r : memref<4xf32, strided<[1], offset: 2>>\n}\n")
    module, _ = _parse(text)
    args = module.regions[0].blocks[0].first.regions[0].blocks[0].args
    t = [a.type for a in args]
    assert t[0] is t[3] and len({id(x) for x in t[:3]}) == 3
    assert str(t[1]) == "memref<4xf32, 1>" and str(t[4]) == "vector<4xf32>"
    assert t[5].element_type is t[4]
