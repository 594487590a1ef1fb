"""The PDL extension of the transform dialect (MLIR 19 PDLExtensionOps): with_pdl_patterns, a
possible top-level op holding `pdl.pattern`s next to the one transform op it runs, and
pdl_match, which collects the payload ops a named pattern of the enclosing
with_pdl_patterns matches."""
from __future__ import annotations

from pyopt.ir.constraints import SymbolRefAttrAny
from pyopt.ir.opdef import NO_TERMINATOR, SINGLE_BLOCK, SYMBOL_TABLE, Op
from pyopt.ir.verify_invariants import op_error
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.failures import definite
from pyopt.dialects.transform.top_level import is_possible_top_level, verify_possible_top_level
from pyopt.dialects.transform.types import OpHandle

PATTERN = "pdl.pattern"


def _verify_with_pdl_patterns(op):
    verify_possible_top_level(op)
    top = None
    for child in op.body.blocks[0].ops:
        if child.name == PATTERN:
            continue
        if not is_possible_top_level(child):
            raise op_error(op, "expects only pattern and top-level transform ops in its body",
                           [("offending op", child.loc)])
        if top is not None:
            raise op_error(op, "expects only one non-pattern op in its body",
                           [("first non-pattern op", top.loc),
                            ("second non-pattern op", child.loc)])
        top = child
    parent = op.parent_op
    while parent is not None and parent.name != op.name:
        parent = parent.parent_op
    if parent is not None:
        raise op_error(op, "cannot be nested", [("parent operation", parent.loc)])
    if top is None:
        raise op_error(op, "expects at least one non-pattern op")


def _apply_with_pdl_patterns(op, state, results):
    from pyopt.dialects.transform.control_ops import map_top_level_arguments
    block = op.body.blocks[0]
    child = next(o for o in block.ops if o.name != PATTERN)
    try:
        map_top_level_arguments(state, op, block)
        state.apply(child)
    finally:
        state.forget_region(op.body)


WITH_PDL_PATTERNS = transform_op(
    Op("transform.with_pdl_patterns", operands=[("root", OpHandle, "?")],
       regions=["body"], traits=[NO_TERMINATOR, SINGLE_BLOCK, SYMBOL_TABLE],
       format="($root^ `:` type($root))? attr-dict-with-keyword regions",
       verify=_verify_with_pdl_patterns, default_dialect="transform",
       possible_top_level=True),
    _apply_with_pdl_patterns)


def _patterns_scope(op):
    p = op.parent_op
    while p is not None and p.name != WITH_PDL_PATTERNS.name:
        p = p.parent_op
    return p


def _find_pattern(scope, name):
    for o in scope.body.blocks[0].ops:
        if o.name == PATTERN:
            a = o.properties.get("sym_name") or o.attributes.get("sym_name")
            if a is not None and a.value == name:
                return o
    return None


def _apply_pdl_match(op, state, results):
    scope = _patterns_scope(op)
    pattern = _find_pattern(scope, op.pattern_name.leaf) if scope is not None else None
    if pattern is None:
        raise definite(op, f"could not find pattern '{op.pattern_name}'")
    from pyopt.dialects.pdl.matcher import UnknownConstraint, match_all
    matched = []
    for root in state.payload_ops(op.root):
        try:
            matched.extend(match_all(pattern, root))
        except UnknownConstraint as e:
            raise definite(op, f"unregistered native constraint '{e}' in pattern "
                               f"'{op.pattern_name}'") from None
    results.set(op.matched, matched)


PDL_MATCH = transform_op(
    Op("transform.pdl_match", operands=[("root", OpHandle)],
       attrs={"pattern_name": SymbolRefAttrAny}, results=[("matched", OpHandle)],
       format="$pattern_name `in` $root attr-dict `:` functional-type(operands, results)"),
    _apply_pdl_match)
