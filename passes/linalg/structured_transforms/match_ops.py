"""transform.structured.match: the ops nested in the single target (itself included, in
post-order) with the given names, interface, attributes and result / operand types."""
from __future__ import annotations

from pyopt.interfaces.loop_like import is_loop_like
from pyopt.interfaces.tiling import tiling_model
from pyopt.dialects.linalg.structured import is_linalg_op
from pyopt.dialects.transform.ext_structured import MATCH, MATCH_INTERFACE
from pyopt.dialects.transform.failures import definite
import pyopt.dialects.linalg.tiling_model  # noqa: F401 (the TilingInterface models)

from passes.linalg.structured_transforms.common import implement

_INTERFACES = {"LinalgOp": is_linalg_op, "TilingInterface": lambda o: tiling_model(o) is not None,
               "LoopLikeInterface": is_loop_like}


def _walk(op, out):
    for r in op.regions:
        for b in r.blocks:
            for o in list(b):
                _walk(o, out)
    out.append(op)


def apply_match(op, state, results):
    names = {a.value for a in op.get_attr("ops")} if op.get_attr("ops") is not None else None
    iface = op.get_attr("interface")
    has = _INTERFACES[MATCH_INTERFACE.keyword(iface)] if iface is not None else None
    attrs = op.get_attr("op_attrs")
    attrs = [(k, v) for k, v in attrs.value if k not in ("interface", "ops")] \
        if attrs is not None else []
    rtype = op.get_attr("filter_result_type")
    otypes = op.get_attr("filter_operand_types")
    otypes = [t.value for t in otypes] if otypes is not None else None
    targets = state.payload_ops(op.target)
    if len(targets) != 1:
        raise definite(op, "requires exactly one target handle")
    bad_count = False
    res = []
    candidates = []
    _walk(targets[0], candidates)
    for p in candidates:
        if names is not None and p.name not in names:
            continue
        if has is not None and not has(p):
            continue
        if any(p.get_attr(k) != v for k, v in attrs):
            continue
        if rtype is not None and (len(p.results) != 1 or p.results[0].type is not rtype.value):
            continue
        if otypes is not None:
            types = [v.type for v in p.operands]
            if len(otypes) == 1:
                if any(t is not otypes[0] for t in types):
                    continue
            elif len(otypes) != len(types):
                bad_count = True
                continue
            elif any(a is not b for a, b in zip(otypes, types)):
                continue
        res.append(p)
    if bad_count:
        raise definite(op, "If filter_operand_types contains more than a type, then it must "
                           "contain as much types as the number of operands in the target ops")
    results.set(0, res)


implement(MATCH, apply_match)
