"""The bufferization dialect's buffer-ownership ops (`bufferization.clone`,
`bufferization.dealloc`), used by the buffer-deallocation passes."""
from __future__ import annotations

from pyopt.dialects.memref.common import AnyRankedOrUnrankedMemRef
from pyopt.ir.constraints import I1T
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, Op, segment_sizes
from pyopt.ir.types import I1
from pyopt.ir.verify_invariants import op_error

CLONE = Op("bufferization.clone", operands=[("input", AnyRankedOrUnrankedMemRef)],
           results=[("output", AnyRankedOrUnrankedMemRef)],
           effects=frozenset({"read", "alloc", "write"}),
           format="$input attr-dict `:` type($input) `to` type($output)")


# `bufferization.dealloc (%m : T) if (%c) retain (%r : T)`: both groups optional; one i1
# result per retained memref.
def _parse_dealloc(p, state):
    memrefs, mtypes, conds, retained, rtypes = [], [], [], [], []
    if p.accept("("):
        memrefs = p.parse_operand_list()
        mtypes = p.parse_colon_type_list()
        p.expect(")")
        if not p.accept_keyword("if"):
            raise p.custom_error("expected 'if'", p.start)
        conds = p.parse_operand_list("(")
    if p.accept_keyword("retain"):
        p.expect("(")
        retained = p.parse_operand_list()
        rtypes = p.parse_colon_type_list()
        p.expect(")")
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = (p.resolve_operands(memrefs, mtypes)
                      + [p.resolve_operand(c, I1) for c in conds]
                      + p.resolve_operands(retained, rtypes))
    state.properties["operandSegmentSizes"] = segment_sizes(
        [len(memrefs), len(conds), len(retained)])
    state.result_types = [I1] * len(retained)


def _print_dealloc(pr, op):
    out = pr.out
    memrefs, retained = op.memrefs, op.retained
    if memrefs:
        out.append(f" ({pr.values(memrefs)} : {pr.types([v.type for v in memrefs])}) "
                   f"if ({pr.values(op.conditions)})")
    if retained:
        out.append(f" retain ({pr.values(retained)} : "
                   f"{pr.types([v.type for v in retained])})")
    attrs = dict(op.properties)
    attrs.update(op.attributes)
    out.append(pr.attr_dict_str(attrs, ("operandSegmentSizes",)))


def _verify_dealloc(op):
    if len(op.memrefs) != len(op.conditions):
        raise op_error(op, "must have the same number of conditions as memrefs to deallocate")
    if len(op.retained) != len(op.results):
        raise op_error(op, "must have the same number of updated conditions (results) as "
                       "retained operands")


DEALLOC = Op("bufferization.dealloc",
             operands=[("memrefs", AnyRankedOrUnrankedMemRef, "*"), ("conditions", I1T, "*"),
                       ("retained", AnyRankedOrUnrankedMemRef, "*")],
             results=[("updatedConditions", I1T, "*")], traits=[ATTR_SIZED_OPERANDS],
             parse=_parse_dealloc, print=_print_dealloc, verify=_verify_dealloc)

OPS = [CLONE, DEALLOC]
