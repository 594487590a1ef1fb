"""`test-side-effects`: remarks on the memory effects each op declares (and the test
dialect's parametric effects)."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr
from pyopt.ir.opdef import TERMINATOR
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import (PURE, NO_MEMORY_EFFECT, CONSTANT_LIKE,
                                   RECURSIVE_MEMORY_EFFECTS)
from pyopt.ir.diagnostics import Diagnostic
from pyopt.syntax.printer import attr_to_str
from pyopt.dialects.test.ir_effect_ops import TEST_EFFECT_OPS

_ON = {"operand": " on a op operand,", "result": " on a op result,",
       "argument": " on a block argument,"}


def _instances(op):
    """The op's memory effect instances, or None when it does not declare effects."""
    d = op.opdef
    if d is None:
        return None
    fn = d.extra.get("effect_instances")
    if fn is not None:
        return fn(op)
    tr = d.traits
    if RECURSIVE_MEMORY_EFFECTS in tr:
        return None
    if PURE in tr or NO_MEMORY_EFFECT in tr or CONSTANT_LIKE in tr:
        return []
    kinds = d.extra.get("effects")
    if kinds is None:
        return None
    kinds = kinds(op) if callable(kinds) else kinds
    names = {"alloc": "allocate"}
    return [(names.get(k, k), None, "<Default>") for k in sorted(kinds)]


@register_pass("test-side-effects", "Test side effects interfaces", anchor="builtin.module")
def test_side_effects(module, ctx, options):
    engine = getattr(ctx, "diag_engine", None)

    def remark(op, text):
        if engine is not None:
            engine.emit(Diagnostic("remark", op.loc, text))

    def memory(op):
        inst = _instances(op)
        if inst is None or TERMINATOR in op.opdef.traits:
            return
        if not inst:
            remark(op, "operation has no memory effects")
        for kind, target, resource in inst:
            where = ""
            if target is not None:
                where = _ON.get(target[0]) or f" on a symbol '{attr_to_str(target[1])}',"
            remark(op, f"found an instance of '{kind}'{where} on resource '{resource}'")

    def parametric(op):
        if op.name in TEST_EFFECT_OPS:
            p = op.attributes.get("effect_parameter")
            if type(p) is AffineMapAttr:
                remark(op, f"found a parametric effect with {attr_to_str(p)}")
    module.walk(memory)
    module.walk(parametric)
