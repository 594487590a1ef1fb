"""Test ops with side effects described by their `effects` attribute: a list of
{effect = "read"|"write"|"allocate"|"free", test_resource?, on_result? | on_operand? |
on_argument? | on_reference = @sym} dictionaries; and a parametric "test effect" given by
`effect_parameter`. `effect_instances(op)` lists them as (kind, target, resource)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr
from pyopt.ir.opdef import Op, PURE, RETURN_LIKE, TERMINATOR

_KINDS = {"allocate": "alloc", "free": "free", "read": "read", "write": "write"}
# ops of the test dialect answering the parametric test-effect query (upstream: the ops
# below, plus an unregistered op through the dialect's fallback model)
TEST_EFFECT_OPS = {"test.side_effect_op", "test.side_effect_with_region_op",
                   "test.unregistered_side_effect_op"}


def effect_instances(op):
    """[(effect keyword, target, resource)]: target is None, ("result", v),
    ("operand", slot), ("argument", v) or ("symbol", ref)."""
    attr = op.attributes.get("effects")
    if type(attr) is not ArrayAttr:
        return []
    out = []
    for e in attr.value:
        if type(e) is not DictionaryAttr:
            continue
        kind = e.get("effect")
        kind = kind.value if type(kind) is StringAttr else ""
        resource = "<Test>" if e.get("test_resource") is not None else "<Default>"
        target = None
        if e.get("on_result") is not None and op.results:
            target = ("result", op.results[0])
        elif e.get("on_operand") is not None and op.operand_slots:
            target = ("operand", op.operand_slots[0])
        elif e.get("on_argument") is not None and op.regions and op.regions[0].blocks:
            target = ("argument", op.regions[0].blocks[0].args[0])
        elif e.get("on_reference") is not None:
            target = ("symbol", e.get("on_reference"))
        out.append((kind, target, resource))
    return out


def _kinds(op):
    return {_KINDS.get(k, k) for k, _, _ in effect_instances(op)}


OPS = [
    Op("test.side_effect_op", results=["result"], effects=_kinds,
       effect_instances=effect_instances),
    Op("test.side_effect_with_region_op", operands=["operand"], results=["result"],
       regions=["region"], effects=_kinds, effect_instances=effect_instances,
       format="`(` $operand `)` $region attr-dict `:` type($operand) `->` type($result)"),
    Op("test.region_yield", operands=["result"], traits=[PURE, RETURN_LIKE, TERMINATOR],
       format="$result `:` type($result) attr-dict"),
]
