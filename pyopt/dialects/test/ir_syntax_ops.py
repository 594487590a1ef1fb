"""Test ops with hand-written syntax: `test.pretty_printed_region` (a region holding one
binary op prints as `start <op name> end`, any other in the generic region form),
`test.wrapping_region` (wraps one op written in generic form), `test.custom_result_name` (results named by
`names`), `test.polyfor` (region arguments named by its `arg_names`) and `test.block_names` (its
blocks print as ^foo0, ^foo1, ...)."""
from __future__ import annotations

from pyopt.ir.core import Block, Operation, Region
from pyopt.ir.constraints import AnyInteger, ArrayAttrC, StrAttr
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


def _parse_polyfor(p, state):
    """`%i, %j {body}`: index induction variables named in place."""
    args = []
    if p.kind == "percent":
        args.append(p.parse_operand())
        while p.accept(","):
            args.append(p.parse_operand())
    from pyopt.ir.types import INDEX
    state.regions = [p.parse_region([(a, INDEX, None) for a in args])]


def _print_polyfor(pr, op):
    body = op.regions[0].blocks[0] if op.regions[0].blocks else None
    pr.out.append(" " + ", ".join(pr.value(a) for a in (body.args if body else ())) + " ")
    pr.print_region(op.regions[0], False)  # (attributes are not printed, as upstream)


def _polyfor_names(op, region):
    names = op.attributes.get("arg_names")
    if names is None or region is not op.regions[0] or not region.blocks:
        return []
    return [(a, n.value) for a, n in zip(region.blocks[0].args, names.value)
            if hasattr(n, "value") and isinstance(n.value, str)]


def _parse_wrapping(p, state):
    """`wraps <generic op>`: the op goes into the region, returned by a test.return."""
    if not (p.kind == "bare" and p.tok == "wraps"):
        raise p.error("expected 'wraps'")
    p._next()
    inner = p.parse_generic_operation()
    block = Block()
    block.append(inner)
    block.append(Operation("test.return", p.ctx.lookup_op("test.return"), list(inner.results),
                           loc=inner.loc))
    region = Region()
    region.append(block)
    state.regions = [region]
    state.result_types = [r.type for r in inner.results]
    state.loc = inner.loc


def _print_wrapping(pr, op):
    pr.out.append(" wraps ")
    pr.print_generic(op.regions[0].blocks[0].first)


def _custom_result_names(op):
    names = op.get_attr("names")
    if names is None:
        return []
    return [(i, n.value) for i, n in enumerate(names.value[:len(op.results)])
            if isinstance(getattr(n, "value", None), str) and n.value]


OPS = [
    Op("test.pretty_printed_region", operands=["input1", "input2"], results=["result"],
       regions=["region"], traits=[SINGLE_BLOCK_IMPLICIT_TERMINATOR],
       implicit_terminator="test.return", parse=_parse_pretty_region,
       print=_print_pretty_region),
    Op("test.wrapping_region", results=["results*"], regions=["region"],
       traits=[SINGLE_BLOCK_IMPLICIT_TERMINATOR], implicit_terminator="test.return",
       parse=_parse_wrapping, print=_print_wrapping),
    Op("test.polyfor", regions=["region"], parse=_parse_polyfor, print=_print_polyfor,
       block_arg_names=_polyfor_names),
    Op("test.custom_result_name", operands=[("optional", AnyInteger, "*")],
       attrs={"names": ArrayAttrC(StrAttr, "string array attribute")},
       results=[("r", AnyInteger, "*")], result_names=_custom_result_names),
    Op("test.block_names", regions=["body"], format="regions attr-dict-with-keyword",
       block_names=lambda op, region: [f"foo{i}" for i in range(len(region.blocks))]),
]
