"""Test ops with hand-written syntax: `test.pretty_printed_region` (a region holding one
binary op prints as `start <op name> end`, any other in the generic region form) and
`test.block_names` (its blocks print as ^foo0, ^foo1, ...)."""
from __future__ import annotations

from pyopt.ir.core import Block, Operation, Region
from pyopt.ir.opdef import Op, SINGLE_BLOCK_IMPLICIT_TERMINATOR
from pyopt.ir.types import FunctionType

_SPECIAL = "test.special.op"


def _parse_pretty_region(p, state):
    off = p.start
    operands = p.parse_operand_list()
    if not (p.kind == "bare" and p.tok == "start"):
        # the generic form after the op name: `({...}) {attrs} : (ins) -> outs`
        p.expect("(", "expected '(' to start region list")
        state.regions.append(p.parse_region())
        while p.accept(","):
            state.regions.append(p.parse_region())
        p.expect(")", "expected ')' to end region list")
        if p.peek_is("{"):
            state.attributes.update(p.parse_attr_dict_body())
        p.expect(":", "expected ':' followed by operation type")
        ftype = p.parse_type()
        state.operands = p.resolve_operands(operands, ftype.inputs, off)
        state.result_types = list(ftype.results)
        return
    p._next()
    name_off = p.start
    inner = p.parse_keyword("expected operation name") if p.kind == "bare" else None
    if inner is None:
        raise p.error("expected operation name", name_off)
    if not (p.kind == "bare" and p.tok == "end"):
        raise p.error("expected 'end'")
    p._next()
    p.expect(":")
    t_off = p.start
    ftype = p.parse_type()
    if not isinstance(ftype, FunctionType):
        raise p.error("invalid kind of type specified", t_off)
    loc = p.parse_optional_trailing_loc(None)
    if loc is None:
        from pyopt.ir.location import SourceLoc
        loc = SourceLoc(p.buffer, off)
    state.operands = p.resolve_operands(operands, ftype.inputs, off)
    t = ftype.inputs[0]
    block = Block([t, t], [loc, loc])
    op = Operation(inner, p.ctx.lookup_op(inner), list(block.args), [t], loc=loc)
    block.append(op)
    block.append(Operation("test.return", p.ctx.lookup_op("test.return"), list(op.results),
                           loc=loc))
    region = Region()
    region.append(block)
    state.regions = [region]
    state.result_types = list(ftype.results)
    state.loc = loc


def _print_pretty_region(pr, op):
    pr.out.append(" " + pr.values(op.operands))
    body = op.regions[0].blocks[0] if op.regions[0].blocks else None
    if body is not None and body.first is not None and body.first.name == _SPECIAL:
        pr.out.append(" start " + _SPECIAL + " end")
    else:
        pr.out.append(" (")
        pr.print_region(op.regions[0])
        pr.out.append(")")
    pr.out.append(" : " + pr.functional_type(op.operand_types, op.result_types))


OPS = [
    Op("test.pretty_printed_region", operands=["input1", "input2"], results=["result"],
       regions=["region"], traits=[SINGLE_BLOCK_IMPLICIT_TERMINATOR],
       implicit_terminator="test.return", parse=_parse_pretty_region,
       print=_print_pretty_region),
    Op("test.block_names", regions=["body"], format="regions attr-dict-with-keyword",
       block_names=lambda op, region: [f"foo{i}" for i in range(len(region.blocks))]),
]
