"""`test-operations-equality`: compares the module's two top-level ops with
OperationEquivalence (locations ignored unless the first carries `strict_loc_check`)."""
from __future__ import annotations

from pyopt.ir.equivalence import ops_equivalent
from pyopt.ir.verifier import op_error
from pyopt.pass_registry import register_pass
from pyopt.syntax.printer import Printer
from passes.test.ir.common import out, top_ops


@register_pass("test-operations-equality", "Test operations equality.", anchor="builtin.module")
def test_operations_equality(module, ctx, options):
    ops = top_ops(module)
    if len(ops) != 2:
        raise op_error(module, f"expected 2 top-level ops in the module, got {len(ops)}")
    first = ops[0]
    attrs = Printer().attr_str(_dict(first.attributes))
    same = ops_equivalent(first, ops[1], ignore_locations="strict_loc_check" not in
                          first.attributes)
    out(ctx, f"{first.name} with attr {attrs}" +
        (" compares equals.\n" if same else " compares NOT equals!\n"))


def _dict(attrs):
    from pyopt.ir.attributes import DictionaryAttr
    return DictionaryAttr(attrs)
