"""Test ops about regions: counts, sized regions (with their constraint messages), graph
regions without terminators, and a custom-syntax single-block op."""
from __future__ import annotations

from pyopt.ir import verifier
from pyopt.ir.constraints import AnyTensor, I32T
from pyopt.ir.opdef import Op, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION, ISOLATED
from pyopt.ir.verifier import op_error
from pyopt.syntax.diagnostics import Diagnostic


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
    src = op.operand_slots[0].value.owner
    if src is not None and hasattr(src, "operand_slots"):
        _verify_again(src)
    _remark(op, "success run of verifier")


def _verifiers_verify_regions(op):
    for block in op.regions[0].blocks:
        for nested in block:
            _verify_again(nested)
    _remark(op, "success run of region verifier")


_GRAPH_NO_TERM = [NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION]

OPS = [
    Op("test.one_region_op", regions=["region"]),
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
    Op("test.mixed_normal_variadic_result", results=[("output1", AnyTensor, "*"),
                                                       ("output2", AnyTensor),
                                                       ("output3", AnyTensor, "*")]),
]
