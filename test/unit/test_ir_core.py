"""The IR core API: use-lists, op lists, cloning, walking, symbols and dominance."""
from pyopt.dialects import make_context
from pyopt.ir.core import Operation, Block, Region
from pyopt.ir.dominance import DominanceInfo
from pyopt.ir.location import SourceBuffer
from pyopt.ir.symbols import SymbolTableCollection
from pyopt.ir.types import I32, I64, IntegerType, FunctionType
from pyopt.ir.attributes import SymbolRefAttr
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module


def parse(text):
    ctx = make_context(allow_unregistered=True)
    return parse_module(SourceBuffer("t.mlir", text), ctx)[0]


def test_types_are_interned():
    assert IntegerType(32) is I32
    assert FunctionType([I32], [I64]) is FunctionType((I32,), (I64,))


def test_use_lists_and_replace_all_uses():
    a = Operation("t.def", None, result_types=[I32])
    b = Operation("t.def", None, result_types=[I32])
    u1 = Operation("t.use", None, operands=[a.result, a.result])
    u2 = Operation("t.use", None, operands=[a.result])
    assert sorted(id(o) for o in a.result.users()) == sorted([id(u1), id(u1), id(u2)])
    a.result.replace_all_uses_with(b.result)
    assert not a.result.has_uses()
    assert u1.operands == [b.result, b.result] and u2.operands == [b.result]
    u2.erase()
    assert len(list(b.result.uses())) == 2


def test_block_op_list_insert_and_erase():
    blk = Block()
    ops = [blk.append(Operation(f"t.op{i}", None)) for i in range(3)]
    mid = Operation("t.mid", None)
    blk.insert_before(ops[1], mid)
    assert [o.name for o in blk] == ["t.op0", "t.mid", "t.op1", "t.op2"]
    assert ops[0].is_before_in_block(ops[2]) and not ops[2].is_before_in_block(mid)
    mid.erase()
    ops[2].move_before(ops[0])
    assert [o.name for o in blk] == ["t.op2", "t.op0", "t.op1"]


def test_clone_remaps_operands_and_regions():
    m = parse('func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}')
    f = m.regions[0].blocks[0].first
    g = f.clone()
    ret = g.regions[0].blocks[0].last
    assert ret.operand(0) is g.regions[0].blocks[0].args[0]
    assert "return %arg0 : i32" in print_op(g)


def test_walk_is_post_order_by_default():
    m = parse('"t.a"() ({\n  "t.b"() : () -> ()\n}) : () -> ()')
    seen = []
    m.walk(lambda op: seen.append(op.name))
    assert seen == ["t.b", "t.a", "builtin.module"]


def test_symbol_lookup_nested():
    m = parse('module @outer {\n  module @inner {\n    func.func private @f()\n  }\n}')
    st = SymbolTableCollection()
    f = st.lookup_in(m, SymbolRefAttr("inner", ("f",)))
    assert f is not None and f.name == "func.func"
    assert st.lookup_in(m, SymbolRefAttr("missing")) is None


def test_dominance_across_blocks():
    m = parse('func.func @f(%c: i1) {\n  cf.cond_br %c, ^a, ^b\n^a:\n  cf.br ^b\n^b:\n  return\n}')
    f = m.regions[0].blocks[0].first
    entry, a, b = f.regions[0].blocks
    dom = DominanceInfo()
    assert dom.block_dominates(entry, b) and not dom.block_dominates(a, b)


def test_builder_insertion_points_and_printing():
    from pyopt.rewrite.rewriter import Builder
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import I32
    m = parse('func.func @f() -> i32 {\n  %c = arith.constant 1 : i32\n  return %c : i32\n}')
    ctx = make_context()
    f = m.regions[0].blocks[0].first
    body = f.regions[0].blocks[0]
    ret = body.last
    b = Builder(ctx)
    b.set_insertion_point(ret)
    two = b.create("arith.constant", result_types=[I32],
                   properties={"value": IntegerAttr(I32, 2)}).result
    s = b.create("arith.addi", [body.first.result, two], [I32]).result
    ret.set_operand(0, s)
    b.set_insertion_point_to_start(body)
    b.create("arith.constant", result_types=[I32], properties={"value": IntegerAttr(I32, 0)})
    text = print_op(m)
    assert [o.name for o in body] == ["arith.constant", "arith.constant", "arith.constant",
                                      "arith.addi", "func.return"]
    assert "%0 = arith.addi %c1_i32, %c2_i32 : i32" in text and "return %0 : i32" in text


def test_diagnostics_are_plain_text_off_a_terminal_and_coloured_on_one():
    import io
    from pyopt.ir.diagnostics import Diagnostic, DiagnosticEngine
    from pyopt.ir.location import SourceBuffer, SourceLoc
    buf = SourceBuffer("t.mlir", "func.func @f() {\n  bogus\n}\n")
    diag = Diagnostic("error", SourceLoc(buf, 19), "custom op 'bogus' is unknown")
    plain = io.StringIO()
    DiagnosticEngine(plain).emit(diag)
    assert plain.getvalue() == "t.mlir:2:3: error: custom op 'bogus' is unknown\n  bogus\n  ^\n"

    class Tty(io.StringIO):
        def isatty(self):
            return True
    tty = Tty()
    DiagnosticEngine(tty).emit(diag)
    assert "\x1b[" in tty.getvalue() and "custom op 'bogus' is unknown" in tty.getvalue()


def test_ops_moved_by_append_are_renumbered():
    """An op appended to a block whose numbering is stale must not keep the number it had
    in its old block: "is before" would compare numbers from two blocks (canonicalize once
    merged a block and the verifier then saw a use before its definition)."""
    a, b = Block(), Block()
    a_ops = [a.append(Operation("test.a", None)) for _ in range(5)]
    b_ops = [b.append(Operation("test.b", None)) for _ in range(3)]
    a_ops[0].is_before_in_block(a_ops[1])  # number both blocks
    b_ops[0].is_before_in_block(b_ops[1])
    a.insert_before(a_ops[2], Operation("test.new", None))  # a's numbering is stale now
    for op in b_ops:
        b._unlink(op)
        a.append(op)
    assert a_ops[4].is_before_in_block(b_ops[0])
    assert not b_ops[0].is_before_in_block(a_ops[4])
    assert b_ops[0].is_before_in_block(b_ops[2])
