"""The test dialect's inliner hooks (as upstream's test dialect): any test op may be inlined
anywhere and any region into a test op; a call marked `noinline` is not inlined; the body of a
test.functional_region_op is not looked into; test.return hands its operands to the call's
results."""
from pyopt.interfaces.inliner import DialectInlinerModel, register_dialect_inliner


class TestInliner(DialectInlinerModel):
    def is_legal_call(self, call, callable_op, would_be_cloned):
        return "noinline" not in call.attributes

    def is_legal_region(self, dest, src, would_be_cloned, mapping):
        return True

    def is_legal_op(self, op, dest, would_be_cloned, mapping):
        return True

    def should_analyze_recursively(self, op):
        return op.name != "test.functional_region_op"

    def handle_terminator_values(self, op, values):
        if op.name != "test.return":
            return
        for v, r in zip(values, op.operands):
            v.replace_all_uses_with(r)


register_dialect_inliner("test", TestInliner())
