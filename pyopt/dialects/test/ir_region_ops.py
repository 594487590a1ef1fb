"""Test ops about regions: counts, sized regions (with their constraint messages), graph
regions without terminators, and a custom-syntax single-block op."""
from __future__ import annotations

from pyopt.ir import verifier
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.constraints import AnyTensor, I32T, F32T, Index, DenseI64Array
from pyopt.ir.types import I64
from pyopt.ir.opdef import (Op, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION, ISOLATED,
                             TERMINATOR, PURE)
from pyopt.ir.verifier import op_error
from pyopt.rewrite.folding import MATERIALIZE_CONSTANTS_HERE
from pyopt.ir.diagnostics import Diagnostic


def sized_regions(*sizes, names=()):
    """A verifier for SizedRegion<n> constraints: region i must have sizes[i] blocks (None:
    any; the last size applies to any further regions of a variadic list)."""
    def verify(op):
        for i, r in enumerate(op.regions):
            n = sizes[min(i, len(sizes) - 1)]
            if n is not None and len(r.blocks) != n:
                name = names[i] if i < len(names) and names[i] else None
                label = f"region #{i} ('{name}')" if name else f"region #{i}"
                raise op_error(op, f"{label} failed to verify constraint: region with {n} "
                               f"blocks")
    return verify


def _parse_custom_asm(parser, state):
    state.regions = [parser.parse_region()]


def _print_custom_asm(p, op):
    p.print_region(op.regions[0], False, False)


def _remark(op, message):
    engine = getattr(verifier.current_ctx, "diag_engine", None)
    if engine is not None:
        engine.emit(Diagnostic("remark", op.loc, message))


def _verify_again(op):
    verifier.Verifier(verifier.current_ctx).verify(op)


_one_block = sized_regions(1, names=("region",))


def _verifiers_verify(op):
    """test.verifiers: by the time its verifier runs, its own traits and its operand's
    definition have been verified; it says so with a remark."""
    _one_block(op)
    src = op.input.owner
    if src is not None and hasattr(src, "operand_slots"):
        _verify_again(src)
    _remark(op, "success run of verifier")


def _verifiers_verify_regions(op):
    for block in op.regions[0].blocks:
        for nested in block:
            _verify_again(nested)
    _remark(op, "success run of region verifier")


def _parse_switch_cases(p, ctx, cases_el, regions_el, optional=False):
    """`case <int> {region}` repeated."""
    values, regions = [], []
    while p.kind == "bare" and p.tok == "case":
        p._next()
        values.append(p.parse_integer())
        regions.append(p.parse_region())
    ctx.set(cases_el, DenseArrayAttr(I64, values))
    ctx.set(regions_el, regions)


def _print_switch_cases(pr, op, cases, regions):
    for v, r in zip(cases.values if cases is not None else (), regions):
        pr.newline()
        pr.out.append(f"case {v} ")
        pr.print_region(r, False)


_GRAPH_NO_TERM = [NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION]

OPS = [
    Op("test.one_region_op", regions=["region"], traits=[MATERIALIZE_CONSTANTS_HERE]),
    Op("test.two_region_op", regions=["a", "b"]),
    Op("test.sized_region_op", regions=["my_region", "region1"],
       verify=sized_regions(2, 1, names=("my_region",))),
    Op("test.single_no_terminator_op", regions=["my_region"], traits=_GRAPH_NO_TERM,
       format="attr-dict `:` $my_region", verify=sized_regions(1, names=("my_region",))),
    Op("test.variadic_no_terminator_op", regions=["my_regions*"], traits=_GRAPH_NO_TERM,
       format="attr-dict `:` $my_regions", verify=sized_regions(1, names=("my_regions",))),
    Op("test.single_no_terminator_custom_asm_op", regions=["region"],
       traits=[SINGLE_BLOCK, NO_TERMINATOR], parse=_parse_custom_asm, print=_print_custom_asm,
       verify=sized_regions(1)),
    Op("test.verifiers", operands=[("input", I32T)], regions=["region"],
       traits=[SINGLE_BLOCK, NO_TERMINATOR, ISOLATED], verify=_verifiers_verify,
       verify_regions=_verifiers_verify_regions),
    Op("test.loop_block", operands=[("init", I32T)], results=[("floatResult", F32T)],
       regions=["body"], verify=sized_regions(1, names=("body",)),
       format="$init `:` functional-type($init, $floatResult) $body attr-dict-with-keyword"),
    Op("test.loop_block_term", operands=[("nextIterArg", I32T), ("exitArg", F32T)],
       traits=[TERMINATOR, PURE], format="`iter` $nextIterArg `exit` $exitArg attr-dict"),
    Op("test.switch_with_no_break", operands=[("arg", Index)], attrs={"cases": DenseI64Array},
       regions=["caseRegions*"], traits=[NO_TERMINATOR],
       verify=sized_regions(1, names=("caseRegions",)),
       format="$arg attr-dict custom<SwitchCases>($cases, $caseRegions)",
       custom_directives={"SwitchCases": (_parse_switch_cases, _print_switch_cases)}),
    Op("test.mixed_normal_variadic_result", results=[("output1", AnyTensor, "*"),
                                                       ("output2", AnyTensor),
                                                       ("output3", AnyTensor, "*")]),
]
