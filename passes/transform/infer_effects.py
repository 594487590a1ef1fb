"""`-transform-infer-effects`: annotates each argument of a named sequence with
`transform.consumed` or `transform.readonly`, as its body uses it."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, UNIT
from pyopt.pass_registry import pass_failure, register_pass
from pyopt.dialects.transform.extension import transform_model
from pyopt.dialects.transform.verifiers import consumed_block_arguments


def _infer(op):
    if transform_model(op) is None or "function_type" not in op.properties:
        return
    body = op.regions[0]
    if not body.blocks:
        return
    if len(body.blocks) != 1:
        raise pass_failure(op, "only single-block operations are currently supported")
    consumed = consumed_block_arguments(body.blocks[0])
    n = len(op.properties["function_type"].value.inputs)
    old = op.properties.get("arg_attrs")
    dicts = []
    for i in range(n):
        entries = dict(old[i].value) if old is not None and i < len(old) else {}
        entries["transform.consumed" if i in consumed else "transform.readonly"] = UNIT
        dicts.append(DictionaryAttr(entries))
    if dicts:
        op.properties["arg_attrs"] = ArrayAttr(dicts)


@register_pass("transform-infer-effects", "infer transform side effects for symbols",
               display_name="InferEffectsPass")
def infer_effects(root, ctx, options):
    for op in list(root.walk_ops()):
        _infer(op)
