"""The cf ops: cf.br, cf.cond_br, cf.switch (hand-written syntax) and cf.assert, with their
verifiers; `verify_successor_operands` is the BranchOpInterface verifier."""
from __future__ import annotations

from pyopt.ir.attributes import DenseElementsAttr, DenseArrayAttr, normalize_int
from pyopt.ir.types import IntegerType, VectorType, I32
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.constraints import (AnyType, AnyInteger, I1T, StrAttr, ElementsAttrC, DenseI32Array)
from pyopt.ir.opdef import Op, PURE, TERMINATOR, ATTR_SIZED_OPERANDS, segment_sizes


def verify_successor_operands(op, operand_groups):
    """BranchOpInterface: operands forwarded to each successor match its block arguments."""
    for i, (block, vals) in enumerate(zip(op.successors, operand_groups)):
        args = block.args
        if len(vals) != len(args):
            raise plain_error(op, f"branch has {len(vals)} operands for successor #{i}, but "
                              f"target block has {len(args)}")
        for j, (v, a) in enumerate(zip(vals, args)):
            if v.type is not a.type:
                raise plain_error(op, f"type mismatch for bb argument #{j} of successor #{i}")


def _verify_br(op):
    verify_successor_operands(op, [op.operands])


def _verify_cond_br(op):
    d = op.opdef
    verify_successor_operands(op, [d.get_group(op, "operand", 1), d.get_group(op, "operand", 2)])


ASSERT = Op("cf.assert", operands=[("arg", I1T)], attrs={"msg": StrAttr},
            format="$arg `,` $msg attr-dict")

BR = Op("cf.br", operands=[("destOperands", AnyType, "*")], successors=[("dest", AnyType)],
        traits=[PURE, TERMINATOR], verify=_verify_br,
        format="$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")

COND_BR = Op("cf.cond_br",
             operands=[("condition", I1T), ("trueDestOperands", AnyType, "*"),
                       ("falseDestOperands", AnyType, "*")],
             successors=[("trueDest", AnyType), ("falseDest", AnyType)],
             traits=[ATTR_SIZED_OPERANDS, PURE, TERMINATOR], verify=_verify_cond_br,
             format="$condition `,` $trueDest (`(` $trueDestOperands^ `:` "
                    "type($trueDestOperands) `)`)? `,` $falseDest (`(` $falseDestOperands^ `:` "
                    "type($falseDestOperands) `)`)? attr-dict")


# --------------------------------------------------------------------------- cf.switch
def _int_elements(a):
    return type(a) is DenseElementsAttr and type(a.type.element_type) is IntegerType


def _successor_and_uses(p):
    """`^bb` or `^bb(%a, %b : t1, t2)`: (block, unresolved operands, types)."""
    block = p.parse_successor()
    ops, types = [], []
    if p.accept("("):
        ops = p.parse_operand_list()
        p.expect(":")
        types = p.parse_type_list_no_parens()
        p.expect(")")
        if len(ops) != len(types):
            raise p.custom_error(f"{len(ops)} operands present, but expected {len(types)}",
                                 p.start)
    return block, ops, types


def _parse_switch(p, state):
    flag = p.parse_operand()
    p.expect(":")
    flag_type = p.parse_type()
    p.expect(",")
    p.expect("[")
    if not p.accept_keyword("default"):
        raise p.custom_error("expected 'default'", p.start)
    p.expect(":")
    default, dops, dtypes = _successor_and_uses(p)
    values, dests, cops, ctypes = [], [], [], []
    while p.accept(","):
        off = p.start
        if p.kind != "int" and not p.peek_is("-"):
            raise p.custom_error("expected integer value", off)
        values.append(p.parse_integer())
        p.expect(":")
        b, o, t = _successor_and_uses(p)
        dests.append(b)
        cops.append(o)
        ctypes.append(t)
    p.expect("]")
    state.attributes.update(p.parse_optional_attr_dict())
    operands = [p.resolve_operand(flag, flag_type)]
    operands += p.resolve_operands(dops, dtypes)
    for o, t in zip(cops, ctypes):
        operands += p.resolve_operands(o, t)
    state.operands = operands
    state.successors = [default] + dests
    props = state.properties
    if values:
        et = flag_type if type(flag_type) is IntegerType else IntegerType(64)
        props["case_values"] = DenseElementsAttr(
            VectorType([len(values)], et), [normalize_int(v, et) for v in values])
    props["case_operand_segments"] = DenseArrayAttr(I32, [len(o) for o in cops])
    props["operandSegmentSizes"] = segment_sizes([1, len(dops), sum(len(o) for o in cops)])
    for n in [n for n in state.attributes if n in SWITCH.attr_names]:
        props.setdefault(n, state.attributes.pop(n))


def _case_groups(op):
    d = op.opdef
    flat = d.get_group(op, "operand", 2)
    seg = op.properties.get("case_operand_segments")
    out, pos = [], 0
    for n in (seg.values if seg is not None else ()):
        out.append(flat[pos:pos + n])
        pos += n
    return out


def _succ_str(pr, block, vals):
    s = pr.block_name(block)
    if vals:
        s += "(" + pr.values(vals) + " : " + pr.types([v.type for v in vals]) + ")"
    return s


def _print_switch(pr, op):
    d = op.opdef
    flag = op.flag
    out = pr.out
    out.append(" " + pr.value(flag) + " : " + pr.type_str(flag.type) + ", [")
    nl = "\n" + "  " * pr.indent
    out.append(nl + "  default: " + _succ_str(pr, op.successors[0],
                                                d.get_group(op, "operand", 1)))
    cv = op.properties.get("case_values")
    if cv is not None:
        groups = _case_groups(op)
        et = cv.type.element_type
        mask = (1 << et.width) - 1 if type(et) is IntegerType else (1 << 64) - 1
        for i, v in enumerate(cv.all_values()):
            vals = groups[i] if i < len(groups) else []
            out.append("," + nl + "  " + str(v & mask) + ": " +
                       _succ_str(pr, op.successors[i + 1], vals))
        out.append(nl)
    out.append("]")
    pr.print_optional_attr_dict(op, elided=SWITCH.attr_names)


def _verify_switch(op):
    seg = op.properties["case_operand_segments"]
    if any(n < 0 for n in seg.values):
        raise op_error(op, "'case_operand_segments' attribute cannot have negative elements")
    ncase = len(op.opdef.get_group(op, "operand", 2))
    if sum(seg.values) != ncase:
        raise op_error(op, f"caseOperands count ({ncase}) does not match with the total size "
                       f"({sum(seg.values)}) specified in attribute 'case_operand_segments'")
    cv = op.properties.get("case_values")
    ndest = len(op.successors) - 1
    if cv is not None or ndest:
        if cv is None:
            # MLIR dereferences the missing attribute here; report the count mismatch.
            raise op_error(op, f"number of case values (0) should match number of case "
                           f"destinations ({ndest})")
        flag_t = op.flag.type
        et = cv.type.element_type
        if et is not flag_t:
            raise op_error(op, f"'flag' type ('{flag_t}') should match case value type "
                           f"('{et}')")
        if cv.type.num_elements != ndest:
            raise op_error(op, f"number of case values ({cv.type.num_elements}) should match "
                           f"number of case destinations ({ndest})")
    groups = [op.opdef.get_group(op, "operand", 1)] + _case_groups(op)
    verify_successor_operands(op, groups)


class _IntElementsC(ElementsAttrC):
    summary = "integer elements attribute"

    def check(self, a):
        return _int_elements(a)


SWITCH = Op("cf.switch",
            operands=[("flag", AnyInteger), ("defaultOperands", AnyType, "*"),
                      ("caseOperands", AnyType, "*")],
            attrs={"case_values": _IntElementsC().opt(),
                   "case_operand_segments": DenseI32Array},
            successors=[("defaultDestination", AnyType), ("caseDestinations", AnyType, "*")],
            traits=[ATTR_SIZED_OPERANDS, PURE, TERMINATOR],
            parse=_parse_switch, print=_print_switch, verify=_verify_switch)

OPS = [ASSERT, BR, COND_BR, SWITCH]
