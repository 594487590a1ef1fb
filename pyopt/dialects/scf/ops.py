"""The scf ops other than forall (forall.py): for, if, while, execute_region, index_switch,
parallel/reduce and the terminators, with their hand-written syntax (as upstream's) and
verifiers; `verify_loop_like` is the LoopLikeOpInterface verifier these loops share."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr
from pyopt.ir.types import FunctionType, INDEX, I1, I64
from pyopt.ir.verifier import op_error
from pyopt.ir.location import SourceLoc
from pyopt.ir.constraints import AnyType, Index, I1T, SignlessIntegerOrIndex, DenseI64Array
from pyopt.syntax.format import ensure_terminator
from pyopt.interfaces.control_flow import verify_region_branch
from pyopt.ir.opdef import (Op, RegionDef, PURE, TERMINATOR, RETURN_LIKE, SINGLE_BLOCK,
                    ATTR_SIZED_OPERANDS,
                    AUTOMATIC_ALLOCATION_SCOPE, CONSTANT_LIKE, segment_sizes)

SignlessIntOrIndex = SignlessIntegerOrIndex


def _sized(name, variadic=False):
    """SizedRegion<1>: exactly one block (checked with the declared constraints)."""
    return RegionDef(name, variadic, single_block=True)


def _check_sized(op):
    """The SizedRegion<1> constraints (ODS region constraints, after operand constraints)."""
    d = op.opdef
    extra = len(op.regions) - len(d.regions)
    i = 0
    for rd in d.regions:
        n = extra + 1 if rd.variadic else 1
        for r in op.regions[i:i + n]:
            if rd.min_blocks_one and len(r.blocks) != 1:
                raise op_error(op, f"region #{i} ('{rd.name}') failed to verify constraint: "
                               f"region with 1 blocks")
            i += 1


# ============================================================================ syntax helpers
def _name_loc(p, state):
    """The offset of the op name (MLIR's getNameLoc / result.location)."""
    return p.custom_ops[-1][1] if p.custom_ops else p.start


def _err(p, message, offset=None):
    """OpAsmParser::emitError: `custom op 'name' message`."""
    return p.custom_error(message, p.start if offset is None else offset)


def _kw(p, kw):
    if not p.accept_keyword(kw):
        raise _err(p, f"expected '{kw}'")


def _resolve(p, ops, types, offset):
    if len(ops) != len(types):
        raise _err(p, f"{len(ops)} operands present, but expected {len(types)}", offset)
    return [p.resolve_operand(o, t) for o, t in zip(ops, types)]


def _arg(p):
    """A region argument name `%x` (no result number)."""
    if p.kind != "percent":
        raise p.error("expected SSA operand")
    return p.parse_operand()


def _parse_assignment_list(p):
    """`(%a = %b, ...)`: region arguments and the operands they are initialised with."""
    args, operands = [], []
    p.expect("(")
    if p.accept(")"):
        return args, operands
    while True:
        args.append(_arg(p))
        p.expect("=")
        operands.append(p.parse_operand())
        if not p.accept(","):
            break
    p.expect(")")
    return args, operands


def _entry(p, args, types):
    return [(a, t, p.loc_at(a[2])) for a, t in zip(args, types)]


def _parse_optional_arrow_types(p):
    if p.accept("->"):
        return p.parse_function_result_types()
    return []


def _arrow_types(pr, types):
    """printOptionalArrowTypeList."""
    if not types:
        return ""
    return " -> " + pr.functional_type([], types).split(" -> ", 1)[1]


def _init_list(pr, args, inits, prefix):
    if not inits:
        return ""
    return prefix + "(" + ", ".join(pr.value(a) + " = " + pr.value(v)
                                    for a, v in zip(args, inits)) + ")"


def _ensure(p, state, region, term):
    ensure_terminator(region, term, p, SourceLoc(p.buffer, _name_loc(p, state)))


def _attr_dict(p, state, keyword=False):
    if keyword:
        if p.accept_keyword("attributes"):
            state.attributes.update(p.parse_attr_dict_body())
    else:
        state.attributes.update(p.parse_optional_attr_dict())
    d = state.opdef
    for n in [n for n in state.attributes if n in d.attr_names]:
        state.properties.setdefault(n, state.attributes.pop(n))


def _print_attrs(pr, op, elided=(), keyword=False):
    """printOptionalAttrDict over op->getAttrs(): inherent and discardable together."""
    attrs = op.attributes
    if op.properties:
        attrs = dict(attrs)
        attrs.update(op.properties)
    pr.out.append(pr.attr_dict_str(attrs, elided, keyword))


def constant_int(v):
    """getConstantIntValue: the integer of a value defined by a ConstantLike op."""
    owner = getattr(v, "owner", None)
    d = getattr(owner, "opdef", None)
    if d is None or CONSTANT_LIKE not in d.traits:
        return None
    a = owner.properties.get("value")
    return a.value if type(a) is IntegerAttr else None


# ============================================================================ scf.condition
CONDITION = Op("scf.condition", operands=[("condition", I1T), ("args", AnyType, "*")],
               traits=[PURE, TERMINATOR], parent=["scf.while"],
               format="`(` $condition `)` attr-dict ($args^ `:` type($args))?")

# ============================================================================ scf.yield
YIELD = Op("scf.yield", operands=[("results", AnyType, "*")],
           traits=[PURE, RETURN_LIKE, TERMINATOR],
           parent=["scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"],
           format="attr-dict ($results^ `:` type($results))?")


# ============================================================================ scf.execute_region
def _parse_execute_region(p, state):
    state.result_types = _parse_optional_arrow_types(p)
    state.regions = [p.parse_region()]
    _attr_dict(p, state)


def _print_execute_region(pr, op):
    pr.out.append(_arrow_types(pr, op.result_types) + " ")
    pr.print_region(op.regions[0], False, True)
    _print_attrs(pr, op)


def _verify_execute_region(op):
    r = op.regions[0]
    if not r.blocks:
        raise op_error(op, "region needs to have at least one block")
    if r.blocks[0].args:
        raise op_error(op, "region cannot have any arguments")


EXECUTE_REGION = Op("scf.execute_region", results=[("results", AnyType, "*")],
                    regions=["region"], parse=_parse_execute_region,
                    print=_print_execute_region, verify=_verify_execute_region,
                    verify_regions=lambda op: verify_region_branch(op))


# ============================================================================ scf.for
def _parse_for(p, state):
    name_off = _name_loc(p, state)
    iv = _arg(p)
    p.expect("=")
    lb = p.parse_operand()
    _kw(p, "to")
    ub = p.parse_operand()
    _kw(p, "step")
    step = p.parse_operand()
    args, inits, types = [], [], []
    if p.accept_keyword("iter_args"):
        args, inits = _parse_assignment_list(p)
        p.expect("->")
        types = p.parse_function_result_types()
    if len(args) != len(types):
        raise _err(p, "mismatch in number of loop-carried values and defined values", name_off)
    t = p.parse_type() if p.accept(":") else INDEX
    operands = [p.resolve_operand(lb, t), p.resolve_operand(ub, t), p.resolve_operand(step, t)]
    for o, rt in zip(inits, types):
        operands.append(p.resolve_operand(o, rt))
    state.operands = operands
    state.result_types = types
    body = p.parse_region(_entry(p, [iv] + args, [t] + types))
    _ensure(p, state, body, "scf.yield")
    state.regions = [body]
    _attr_dict(p, state)


def _print_for(pr, op):
    ops = op.operands
    body = op.regions[0]
    block = body.blocks[0] if body.blocks else None
    bargs = block.args if block is not None else []
    iv = bargs[0] if bargs else None
    out = pr.out
    out.append(" " + (pr.value(iv) if iv is not None else "<<NULL VALUE>>") + " = " +
               pr.value(ops[0]) + " to " + pr.value(ops[1]) + " step " + pr.value(ops[2]))
    inits = ops[3:]
    out.append(_init_list(pr, bargs[1:], inits, " iter_args"))
    if inits:
        out.append(" -> (" + pr.types([v.type for v in inits]) + ")")
    out.append(" ")
    if iv is not None and iv.type is not INDEX:
        out.append(" : " + pr.type_str(iv.type) + " ")
    pr.print_region(body, False, bool(inits))
    _print_attrs(pr, op)


def _verify_for(op):
    ts = [v.type for v in op.operands[:3]]
    if ts[0] is not ts[1] or ts[0] is not ts[2]:
        raise op_error(op, "failed to verify that all of {lowerBound, upperBound, step} have "
                       "same type")
    _check_sized(op)
    if len(op.operand_slots) - 3 != len(op.results):
        raise op_error(op, "mismatch in number of loop-carried values and defined values")


def _yielded(region):
    """Operands of the region's terminator if it is an scf.yield (getYieldedValues)."""
    if not region.blocks:
        return []
    last = region.blocks[0].last
    if last is not None and last.name == "scf.yield":
        return last.operands
    return []


def verify_loop_like(op, inits, iter_args, yielded, results):
    """LoopLikeOpInterface's verifier (messages as upstream, including its `0-th` quirk for
    loop results)."""
    if len(inits) != len(iter_args):
        raise op_error(op, f"different number of inits and region iter_args: {len(inits)} != "
                       f"{len(iter_args)}")
    if yielded and len(iter_args) != len(yielded):
        raise op_error(op, f"different number of region iter_args and yielded values: "
                       f"{len(iter_args)} != {len(yielded)}")
    if results is not None and len(results) != len(iter_args):
        raise op_error(op, f"different number of loop results and region iter_args: "
                       f"{len(results)} != {len(iter_args)}")
    for i, (init, arg) in enumerate(zip(inits, iter_args)):
        if init.type is not arg.type:
            raise op_error(op, f"{i}-th init and {i}-th region iter_arg have different type: "
                           f"'{init.type}' != '{arg.type}'")
        if yielded and arg.type is not yielded[i].type:
            raise op_error(op, f"{i}-th region iter_arg and {i}-th yielded value have "
                           f"different type: '{arg.type}' != '{yielded[i].type}'")
    if results is not None:
        for arg, r in zip(iter_args, results):
            if arg.type is not r.type:
                raise op_error(op, f"0-th region iter_arg and 0-th loop result have different "
                               f"type: '{arg.type}' != '{r.type}'")


def _verify_for_regions(op):
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    inits = op.initArgs
    verify_loop_like(op, inits, args[1:], _yielded(body), op.results)
    verify_region_branch(op)
    if not args or args[0].type is not op.lowerBound.type:
        raise op_error(op, "expected induction variable to be same type as bounds and step")
    if len(args) - 1 != len(op.results):
        raise op_error(op, "mismatch in number of basic block args and defined values")
    for i, (init, arg, r) in enumerate(zip(inits, args[1:], op.results)):
        if init.type is not r.type:
            raise op_error(op, f"types mismatch between {i}th iter operand and defined value")
        if arg.type is not r.type:
            raise op_error(op, f"types mismatch between {i}th iter region arg and defined "
                           f"value")


def _for_speculatability(op):
    """ForOp::getSpeculatability: a unit constant step always terminates."""
    return "recursive" if constant_int(op.step) == 1 else None


FOR = Op("scf.for",
         operands=[("lowerBound", SignlessIntOrIndex), ("upperBound", SignlessIntOrIndex),
                   ("step", SignlessIntOrIndex), ("initArgs", AnyType, "*")],
         results=[("results", AnyType, "*")], regions=[_sized("region")],
         traits=[AUTOMATIC_ALLOCATION_SCOPE, SINGLE_BLOCK, "RecursiveMemoryEffects"],
         implicit_terminator="scf.yield", speculatability=lambda op: _for_speculatability(op),
         parse=_parse_for, print=_print_for, verify=_verify_for,
         verify_regions=_verify_for_regions)


# ============================================================================ scf.if
def _parse_if(p, state):
    cond = p.parse_operand()
    state.operands = [p.resolve_operand(cond, I1)]
    state.result_types = _parse_optional_arrow_types(p)
    then = p.parse_region()
    _ensure(p, state, then, "scf.yield")
    from pyopt.ir.core import Region
    els = Region()
    if p.accept_keyword("else"):
        els = p.parse_region()
        _ensure(p, state, els, "scf.yield")
    state.regions = [then, els]
    _attr_dict(p, state)


def _print_if(pr, op):
    out = pr.out
    out.append(" " + pr.value(op.condition))
    terms = bool(op.results)
    if terms:
        out.append(" -> (" + pr.types(op.result_types) + ")")
    out.append(" ")
    pr.print_region(op.regions[0], False, terms)
    if op.regions[1].blocks:
        out.append(" else ")
        pr.print_region(op.regions[1], False, terms)
    _print_attrs(pr, op)


def _verify_if(op):
    for i, r in enumerate(op.regions):
        if r.blocks and r.blocks[0].args:
            raise op_error(op, f"region #{i} should have no arguments")
    _check_sized(op)
    if len(op.regions[1].blocks) > 1:
        raise op_error(op, "region #1 ('elseRegion') failed to verify constraint: region with at "
                       "most 1 blocks")
    if op.results and not op.regions[1].blocks:
        raise op_error(op, "must have an else block if defining values")


IF = Op("scf.if", operands=[("condition", I1T)], results=[("results", AnyType, "*")],
        regions=[_sized("thenRegion"), "elseRegion"],
        traits=[SINGLE_BLOCK, "RecursiveMemoryEffects"],
        implicit_terminator="scf.yield",
        parse=_parse_if, print=_print_if, verify=_verify_if,
        verify_regions=lambda op: verify_region_branch(op))


# ============================================================================ scf.while
def _parse_while(p, state):
    args, inits = [], []
    if p.peek_is("("):
        args, inits = _parse_assignment_list(p)
    off = p.start
    p.expect(":")
    ft = p.parse_type()
    if type(ft) is not FunctionType:
        raise _err(p, "invalid kind of type specified", off)
    state.result_types = list(ft.results)
    if len(ft.inputs) != len(inits):
        raise _err(p, f"expected as many input types as operands (expected {len(inits)} got "
                   f"{len(ft.inputs)})", off)
    state.operands = _resolve(p, inits, ft.inputs, p.start)
    before = p.parse_region(_entry(p, args, ft.inputs) if args else None)
    _kw(p, "do")
    after = p.parse_region()
    state.regions = [before, after]
    _attr_dict(p, state, keyword=True)


def _print_while(pr, op):
    before = op.regions[0]
    bargs = before.blocks[0].args if before.blocks else []
    out = pr.out
    out.append(_init_list(pr, bargs, op.operands, " "))
    out.append(" : " + pr.functional_type(op.operand_types, op.result_types) + " ")
    pr.print_region(before, False, True)
    out.append(" do ")
    pr.print_region(op.regions[1], True, True)
    _print_attrs(pr, op, keyword=True)


def _terminator_or_error(op, region, name, message):
    """verifyAndGetTerminator: the region's terminator if it is `name`, else an error with a
    'terminator here' note."""
    term = None
    if region.blocks and region.blocks[0].last is not None:
        term = region.blocks[0].last
        if term.name == name:
            return term
    raise op_error(op, message, [("terminator here", term.loc)] if term is not None else [])


def _verify_while(op):
    _check_sized(op)
    _terminator_or_error(op, op.regions[0], "scf.condition",
                         "expects the 'before' region to terminate with 'scf.condition'")
    _terminator_or_error(op, op.regions[1], "scf.yield",
                         "expects the 'after' region to terminate with 'scf.yield'")


def _verify_while_regions(op):
    before = op.regions[0]
    args = before.blocks[0].args if before.blocks else []
    verify_loop_like(op, op.operands, args, _yielded(op.regions[1]), None)
    verify_region_branch(op)


WHILE = Op("scf.while", operands=[("inits", AnyType, "*")], results=[("results", AnyType, "*")],
           regions=[_sized("before"), _sized("after")],
           traits=[SINGLE_BLOCK, "RecursiveMemoryEffects"],
           parse=_parse_while, print=_print_while, verify=_verify_while,
           verify_regions=_verify_while_regions)


# ============================================================================ scf.index_switch
def _parse_index_switch(p, state):
    arg = p.parse_operand()
    state.operands = [p.resolve_operand(arg, INDEX)]
    _attr_dict(p, state)
    if p.accept("->"):
        state.result_types = p.parse_type_list_no_parens()
    cases, regions = [], []
    while p.accept_keyword("case"):
        if p.kind != "int" and not p.peek_is("-"):
            raise _err(p, "expected integer value")
        cases.append(p.parse_integer())
        r = p.parse_region()
        _ensure(p, state, r, "scf.yield")
        regions.append(r)
    _kw(p, "default")
    default = p.parse_region()
    _ensure(p, state, default, "scf.yield")
    state.properties["cases"] = DenseArrayAttr(I64, cases)
    state.regions = [default] + regions


def _print_index_switch(pr, op):
    out = pr.out
    out.append(" " + pr.value(op.arg))
    _print_attrs(pr, op, elided=("cases",))
    if op.results:
        out.append(" -> " + pr.types(op.result_types))
    out.append(" ")
    cases = op.properties.get("cases")
    for v, r in zip(cases.values if cases is not None else (), op.regions[1:]):
        pr.newline()
        out.append(f"case {v} ")
        pr.print_region(r, False, True)
    pr.newline()
    out.append("default ")
    default = op.regions[0]
    term = default.blocks[0].last if default.blocks else None
    pr.print_region(default, True, term is None or bool(term.operand_slots) or
                    bool(term.attributes))


def _verify_index_switch(op):
    _check_sized(op)
    cases = op.properties["cases"].values
    if len(cases) != len(op.regions) - 1:
        raise op_error(op, f"has {len(op.regions) - 1} case regions but {len(cases)} case "
                       f"values")
    seen = set()
    for v in cases:
        if v in seen:
            raise op_error(op, f"has duplicate case value: {v}")
        seen.add(v)

    def check(region, name):
        last = region.blocks[0].last
        if last is None:
            return
        if last.name != "scf.yield":
            raise op_error(op, f"expected region to end with scf.yield, but got {last.name}")
        if len(last.operand_slots) != len(op.results):
            raise op_error(op, f"expected each region to return {len(op.results)} values, but "
                           f"{name} returns {len(last.operand_slots)}",
                           [("see yield operation here", last.loc)])
        for i, (r, v) in enumerate(zip(op.results, last.operands)):
            if r.type is not v.type:
                raise op_error(op, f"expected result #{i} of each region to be '{r.type}'",
                               [(f"{name} returns '{v.type}' here", last.loc)])
    check(op.regions[0], "default region")
    for i, r in enumerate(op.regions[1:]):
        check(r, f"case region #{i}")


INDEX_SWITCH = Op("scf.index_switch", operands=[("arg", Index)],
                  results=[("results", AnyType, "*")], attrs={"cases": DenseI64Array},
                  regions=[_sized("defaultRegion"), _sized("caseRegions", True)],
                  traits=[SINGLE_BLOCK, "RecursiveMemoryEffects"],
                  implicit_terminator="scf.yield", parse=_parse_index_switch,
                  print=_print_index_switch, verify=_verify_index_switch,
                  verify_regions=lambda op: verify_region_branch(op))


# ============================================================================ scf.parallel
def _parse_parallel(p, state):
    name_off = _name_loc(p, state)
    ivs = []
    p.expect("(")
    if not p.accept(")"):
        ivs.append(_arg(p))
        while p.accept(","):
            ivs.append(_arg(p))
        p.expect(")")
    n = len(ivs)
    p.expect("=")
    groups = []
    for kw in (None, "to", "step"):
        if kw is not None:
            _kw(p, kw)
        off = p.start
        ops = p.parse_operand_list("(")
        if len(ops) != n:
            raise _err(p, f"expected {n} operands", off)
        groups.append(p.resolve_operands(ops, [INDEX] * n))
    inits = []
    if p.accept_keyword("init"):
        inits = p.parse_operand_list("(")
    state.result_types = _parse_optional_arrow_types(p)
    body = p.parse_region(_entry(p, ivs, [INDEX] * n) if ivs else None)
    state.properties["operandSegmentSizes"] = segment_sizes([n, n, n, len(inits)])
    _attr_dict(p, state)
    state.operands = groups[0] + groups[1] + groups[2] + \
        _resolve(p, inits, state.result_types, name_off)
    _ensure(p, state, body, "scf.reduce")
    state.regions = [body]


def _print_parallel(pr, op):
    d = op.opdef
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    out = pr.out
    out.append(" (" + pr.values(args) + ") = (" + pr.values(d.get_group(op, "operand", 0)) +
               ") to (" + pr.values(d.get_group(op, "operand", 1)) + ") step (" +
               pr.values(d.get_group(op, "operand", 2)) + ")")
    inits = d.get_group(op, "operand", 3)
    if inits:
        out.append(" init (" + pr.values(inits) + ")")
    out.append(_arrow_types(pr, op.result_types) + " ")
    pr.print_region(body, False, True)
    _print_attrs(pr, op, elided=("operandSegmentSizes",))


def _verify_parallel(op):
    _check_sized(op)
    d = op.opdef
    steps = d.get_group(op, "operand", 2)
    if not steps:
        raise op_error(op, "needs at least one tuple element for lowerBound, upperBound and "
                       "step")
    for s in steps:
        c = constant_int(s)
        if c is not None and c <= 0:
            raise op_error(op, "constant step operand must be positive")
    body = op.regions[0].blocks[0]
    if len(body.args) != len(steps):
        raise op_error(op, f"expects the same number of induction variables: {len(body.args)} "
                       f"as bound and step values: {len(steps)}")
    for a in body.args:
        if a.type is not INDEX:
            raise op_error(op, "expects arguments for the induction variable to be of index "
                           "type")
    reduce = _terminator_or_error(op, op.regions[0], "scf.reduce",
                                  "expects body to terminate with 'scf.reduce'")
    nres, nred = len(op.results), len(reduce.regions)
    inits = d.get_group(op, "operand", 3)
    if nres != nred:
        raise op_error(op, f"expects number of results: {nres} to be the same as number of "
                       f"reductions: {nred}")
    if nres != len(inits):
        raise op_error(op, f"expects number of results: {nres} to be the same as number of "
                       f"initial values: {len(inits)}")
    for i in range(nred):
        rt = op.results[i].type
        ot = reduce.operand(i).type
        if rt is not ot:
            raise op_error(reduce, f"expects type of {i}-th reduction operand: '{ot}' to be the "
                           f"same as the {i}-th result type: '{rt}'")


PARALLEL = Op("scf.parallel",
              operands=[("lowerBound", Index, "*"), ("upperBound", Index, "*"),
                        ("step", Index, "*"), ("initVals", AnyType, "*")],
              results=[("results", AnyType, "*")], regions=[_sized("region")],
              traits=[AUTOMATIC_ALLOCATION_SCOPE, ATTR_SIZED_OPERANDS, SINGLE_BLOCK,
                      "RecursiveMemoryEffects"],
              implicit_terminator="scf.reduce", parse=_parse_parallel, print=_print_parallel,
              verify=_verify_parallel, verify_regions=lambda op: verify_region_branch(op))


def _verify_reduce(op):
    _check_sized(op)


def _verify_reduce_regions(op):
    for i, r in enumerate(op.regions):
        t = op.operand(i).type if i < len(op.operand_slots) else None
        block = r.blocks[0]
        if block.first is None:
            raise op_error(op, f"{i}-th reduction has an empty body")
        if len(block.args) != 2 or any(a.type is not t for a in block.args):
            raise op_error(op, f"expected two block arguments with type '{t}' in the {i}-th "
                           f"reduction region")
        if block.last.name != "scf.reduce.return":
            raise op_error(op, "reduction bodies must be terminated with an "
                           "'scf.reduce.return' op")


REDUCE = Op("scf.reduce", operands=[("operands", AnyType, "*")],
            regions=[_sized("reductions", True)], traits=[TERMINATOR, "RecursiveMemoryEffects"],
            parent=["scf.parallel"],
            parse=lambda p, state: _parse_reduce(p, state), print=lambda pr, op: _print_reduce(pr, op),
            verify=_verify_reduce, verify_regions=_verify_reduce_regions)


def _parse_reduce(p, state):
    # `(` operands `:` types `)`? then a comma-separated (maybe empty) list of regions.
    if p.accept("("):
        off = p.start
        ops = p.parse_operand_list()
        p.expect(":")
        types = p.parse_type_list_no_parens()
        p.expect(")")
        state.operands = _resolve(p, ops, types, off)
    regions = []
    if p.peek_is("{"):
        regions.append(p.parse_region())
        while p.accept(","):
            regions.append(p.parse_region())
    state.regions = regions
    _attr_dict(p, state)


def _print_reduce(pr, op):
    out = pr.out
    if op.operand_slots:
        ops = op.operands
        out.append("(" + pr.values(ops) + " : " + pr.types([v.type for v in ops]) + ")")
    out.append(" ")
    for i, r in enumerate(op.regions):
        if i:
            out.append(", ")
        pr.print_region(r, True, True)
    _print_attrs(pr, op)


def _verify_reduce_return(op):
    block = op.parent
    if block is None or not block.args:
        return
    t = block.args[0].type
    if op.group("result").type is not t:
        raise op_error(op, f"must have type '{t}' (the type of the reduction inputs)")


REDUCE_RETURN = Op("scf.reduce.return", operands=[("result", AnyType)],
                   traits=[PURE, TERMINATOR], parent=["scf.reduce"],
                   format="$result attr-dict `:` type($result)", verify=_verify_reduce_return)

OPS = [CONDITION, YIELD, EXECUTE_REGION, FOR, IF, WHILE, INDEX_SWITCH, PARALLEL, REDUCE,
       REDUCE_RETURN]
