"""The transform dialect's extension mechanism (pyopt/dialects/transform/extension.py): an op
declared outside the dialect joins it and runs in the interpreter, with handles, silenceable
failures and consumption."""
import pytest

from pyopt.dialects import make_context
from pyopt.ir.attributes import StringAttr
from pyopt.ir.constraints import StrAttr
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.location import SourceBuffer
from pyopt.ir.opdef import Op
from pyopt.syntax.printer import print_op
from pyopt.tool import parse_module
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.failures import silenceable
from pyopt.dialects.transform.types import OpHandle

import passes.transform.interpreter as interp


@transform_op(Op("transform.unit_test.rename", operands=[("target", OpHandle)],
                 results=[("renamed", OpHandle)], attrs={"suffix": StrAttr},
                 format="$target $suffix attr-dict `:` functional-type(operands, results)"),
              each=True, consumes=("target",), modifies_payload=True)
def _rename(op, payload, state):
    name = payload.properties.get("sym_name")
    if name is None:
        raise silenceable(op, "payload op has no symbol name")
    payload.properties["sym_name"] = StringAttr(name.value + op.suffix.value)
    return [payload]


SRC = """
module attributes {transform.with_named_sequence} {
  func.func @f() { return }
  func.func @g() { return }
  transform.named_sequence @is_func(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["func.func"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fs = transform.collect_matching @is_func in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.unit_test.rename %fs "_x" : (!transform.any_op) -> !transform.any_op
    BODY
    transform.yield
  }
}
"""


class _Collect:
    collector = None

    def __init__(self):
        self.diags = []
        self.had_error = False

    def emit(self, d):
        self.diags.append(d)


def _run(body):
    ctx = make_context()
    ctx.diag_engine = _Collect()
    mod, _ = parse_module(SourceBuffer("t.mlir", SRC.replace("BODY", body)), ctx)
    entry = interp.find_entry_point(mod, None, "__transform_main")
    error = None
    try:
        interp.run_named_sequence(ctx, mod, entry, [])
    except MLIRError as e:
        error = e
    return mod, ctx.diag_engine.diags, error


def test_extension_op_joins_the_dialect_and_runs():
    mod, diags, error = _run("transform.debug.emit_remark_at %r, \"renamed\" : !transform.any_op")
    assert error is None
    text = print_op(mod)
    assert "func.func @f_x()" in text and "func.func @g_x()" in text
    assert [d.message for d in diags] == ["renamed", "renamed"]


def test_consumed_handle_is_invalidated():
    mod, diags, error = _run("transform.debug.emit_remark_at %fs, \"again\" : !transform.any_op")
    assert error is not None
    assert diags[0].message == ("op uses a handle invalidated by a previously executed "
                                "transform op")
    assert any("consumes its operand #0" in n.message for n in diags[0].notes)


def test_silenceable_failure_is_reported_unless_suppressed():
    body = ("%m = transform.get_parent_op %r {deduplicate} : (!transform.any_op) -> !transform.any_op\n"
            "    %x = transform.unit_test.rename %m \"_y\" : (!transform.any_op) -> "
            "!transform.any_op")
    mod, diags, error = _run(body)
    assert error is not None
    assert [d.message for d in diags] == ["payload op has no symbol name"]
    suppressed = ("transform.sequence %r : !transform.any_op failures(suppress) {\n"
                  "    ^bb0(%a: !transform.any_op):\n"
                  "      %m = transform.get_parent_op %a {deduplicate} : (!transform.any_op) -> "
                  "!transform.any_op\n"
                  "      %x = transform.unit_test.rename %m \"_y\" : (!transform.any_op) -> "
                  "!transform.any_op\n"
                  "    }")
    mod, diags, error = _run(suppressed)
    assert error is None and diags == []
