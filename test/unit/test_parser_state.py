"""RecordingParser (pyopt/syntax/parser_state.py): the source ranges it records, also when
the parse fails; and that the plain Parser's output is the same with or without it."""
from __future__ import annotations

import pytest

from pyopt.dialects import make_context
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.location import SourceBuffer
from pyopt.syntax.parser_state import RecordingParser, token_end
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module

SRC = """\
#here = loc("here.mlir":1:1)
#one = 1 : i32
!i = i32
func.func private @ext(!i) -> !i
func.func @f(%a: !i) -> !i {  // trailing comment
  %r:2 = "test.pair"(%a) {v = #one} : (i32) -> (i32, i32)
  %c = func.call @ext(%r#1) : (i32) -> i32  // another
  cf.br ^next(%c : i32)
^next(%x: i32):
  return %x : i32 loc(#place)
} loc(fused[#here, "x.mlir":2:2])
#place = loc("elsewhere.mlir":7:3)
"""


def parse(text):
    holder = []

    def make(buffer, ctx):
        holder.append(RecordingParser(buffer, ctx))
        return holder[-1]
    try:
        module, _ = parse_module(SourceBuffer("t.mlir", text), make_context(True),
                                 parser_class=make)
    except MLIRError:
        module = None
    state = holder[0].state
    state.finish()
    return module, state


def text_of(rng, src=SRC):
    return src[rng[0]:rng[1]]


def test_ops_names_and_extents():
    _, state = parse(SRC)
    names = [text_of(r.name_range) for r in state.ops]
    assert names == ["func.func", "func.func", '"test.pair"', "func.call", "cf.br", "return"]
    f = state.ops[1]
    assert text_of(f.scope).startswith("func.func @f") and text_of(f.scope).endswith(":2:2])")
    call = state.ops[3]
    # the op ends at its last token, before the comment
    assert text_of(call.scope) == "%c = func.call @ext(%r#1) : (i32) -> i32"
    assert call.parent is f and f.parent is None
    assert text_of(state.ops[5].scope) == "return %x : i32 loc(#place)"


def test_values_blocks_and_uses():
    module, state = parse(SRC)
    defs = {d.name: d for d in state.values.values()}
    pair = defs["%r"]
    assert pair.kind == "result" and text_of(pair.range) == "%r"
    assert [text_of(u) for u in pair.uses] == ["%r"]  # (the `#1` follows the range)
    assert SRC[pair.uses[0][1]:pair.uses[0][1] + 2] == "#1"
    op, first = pair.obj
    assert op.name == "test.pair" and first == 0
    assert state.values[op.results[1]] is pair  # one Definition for the group
    a = defs["%a"]
    assert a.kind == "arg" and a.obj.index == 0 and len(a.uses) == 1
    x = defs["%x"]
    assert text_of(x.range) == "%x" and [text_of(u) for u in x.uses] == ["%x"]
    block = next(b for b in state.blocks.values() if b.name == "^next")
    assert text_of(block.range) == "^next" and [text_of(u) for u in block.uses] == ["^next"]


def test_symbols_and_aliases():
    _, state = parse(SRC)
    ext, f, _, call = state.ops[:4]
    assert text_of(ext.symbol_def) == "@ext" and text_of(f.symbol_def) == "@f"
    assert call.symbol_def is None
    [(rng, ref)] = call.symbol_refs
    assert text_of(rng) == "@ext" and ref.root == "ext"
    one = state.attr_aliases["#one"]
    assert text_of(one.range) == "#one" and [text_of(u) for u in one.uses] == ["#one"]
    place = state.attr_aliases["#place"]  # a location alias used before its definition
    assert text_of(place.range) == "#place" and len(place.uses) == 1
    here = state.attr_aliases["#here"]  # used inside a fused location
    assert [text_of(u) for u in here.uses] == ["#here"]
    ty = state.type_aliases["!i"]
    assert len(ty.uses) == 4 and str(ty.obj) == "i32"


def test_forward_references_resolve():
    src = ('"test.graph"() ({\n  "test.use"(%later) : (i32) -> ()\n'
           '  %later = "test.def"() : () -> i32\n}) : () -> ()\n')
    _, state = parse(src)
    [d] = [d for d in state.values.values() if d.name == "%later"]
    assert [text_of(u, src) for u in d.uses] == ["%later"]
    assert d.uses[0][0] < d.range[0]


def test_failed_parse_keeps_what_was_read():
    src = "func.func @f(%a: i32) {\n  %b = arith.addi %a, %a : i32\n  %c = arith.\n}\n"
    module, state = parse(src)
    assert module is None
    assert [d.name for d in state.values.values()] == ["%a", "%b"]
    assert [r.op is None for r in state.open_ops] == [True, True]  # func.func, the bad op


def test_token_end_skips_comments():
    src = "a = b // x\n// whole line\n  \nnext"
    assert token_end(src, src.index("next")) == src.index(" //")
    assert token_end('"s // not a comment"\nz', 21) == 20


@pytest.mark.parametrize("text", [SRC, "func.func @g() {\n  return\n}\n"])
def test_same_ir_as_the_plain_parser(text):
    ctx = make_context(True)
    plain, _ = parse_module(SourceBuffer("t.mlir", text), ctx)
    recorded, _ = parse(text)
    assert print_op(recorded) == print_op(plain)
