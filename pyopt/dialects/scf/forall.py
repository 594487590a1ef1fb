"""scf.forall (a parallel loop over tensors or memrefs with a static or dynamic
iteration space, its results written by scf.forall.in_parallel's tensor.parallel_insert_slice
ops) and scf.forall.in_parallel: syntax and verifiers."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, DenseArrayAttr
from pyopt.ir.types import I64, INDEX, DYNAMIC, RankedTensorType, UnrankedTensorType, BaseMemRefType
from pyopt.ir.verifier import op_error
from pyopt.ir.location import SourceLoc
from pyopt.ir.constraints import AnyType, Index, AnyRankedTensor, DenseI64Array, ArrayAttrC
from pyopt.interfaces.control_flow import verify_region_branch
from pyopt.ir.opdef import (Op, PURE, TERMINATOR, SINGLE_BLOCK, ATTR_SIZED_OPERANDS,
                            AUTOMATIC_ALLOCATION_SCOPE, GRAPH_REGION, NO_TERMINATOR,
                            segment_sizes)
# the shared syntax helpers of the scf ops (defined before scf/__init__ imports this module)
from pyopt.dialects.scf.ops import (_arg, _attr_dict, _check_sized, _entry, _init_list, _kw,
                                _name_loc, _parse_assignment_list, _parse_optional_arrow_types,
                                _print_attrs, _resolve, _sized, constant_int)

# ============================================================================ scf.forall
def _parse_index_list(p):
    """parseDynamicIndexList with parens: `(%a, 4, %b)` -> (operands, static values)."""
    dyn, static = [], []
    p.expect("(")
    if p.accept(")"):
        return dyn, static
    while True:
        if p.kind == "percent":
            dyn.append(p.parse_operand())
            static.append(DYNAMIC)
        else:
            static.append(p.parse_integer())
        if not p.accept(","):
            break
    p.expect(")")
    return dyn, static


def _index_list_str(pr, dyn, static):
    it = iter(dyn)
    return "(" + ", ".join(pr.value(next(it)) if s == DYNAMIC else str(s)
                           for s in static) + ")"


def _parse_forall(p, state):
    ivs = []
    p.expect("(")
    if not p.accept(")"):
        ivs.append(_arg(p))
        while p.accept(","):
            ivs.append(_arg(p))
        p.expect(")")
    n = len(ivs)
    dlb, dub, dstep = [], [], []
    if p.accept_keyword("in"):
        ub, sub = _parse_index_list(p)
        dub = p.resolve_operands(ub, [INDEX] * len(ub))
        slb, sstep = [0] * n, [1] * n
    else:
        p.expect("=")
        lb, slb = _parse_index_list(p)
        dlb = p.resolve_operands(lb, [INDEX] * len(lb))
        _kw(p, "to")
        ub, sub = _parse_index_list(p)
        dub = p.resolve_operands(ub, [INDEX] * len(ub))
        _kw(p, "step")
        st, sstep = _parse_index_list(p)
        dstep = p.resolve_operands(st, [INDEX] * len(st))
    out_args, outs, types = [], [], []
    out_off = p.start
    if p.accept_keyword("shared_outs"):
        out_args, outs = _parse_assignment_list(p)
        types = _parse_optional_arrow_types(p)
        outs = _resolve(p, outs, types, out_off)
    state.result_types = types
    body = p.parse_region(_entry(p, ivs + out_args, [INDEX] * n + types)
                          if ivs or out_args else None)
    _ensure_in_parallel(p, state, body)
    state.regions = [body]
    _attr_dict(p, state)
    props = state.properties
    props["staticLowerBound"] = DenseArrayAttr(I64, slb)
    props["staticUpperBound"] = DenseArrayAttr(I64, sub)
    props["staticStep"] = DenseArrayAttr(I64, sstep)
    props["operandSegmentSizes"] = segment_sizes([len(dlb), len(dub), len(dstep), len(outs)])
    state.operands = dlb + dub + dstep + outs


def _ensure_in_parallel(p, state, region):
    """The implicit scf.forall.in_parallel carries an (empty) region of its own."""
    from pyopt.ir.core import Block, Region, Operation
    if not region.blocks:
        region.append(Block())
    b = region.blocks[0]
    if b.last is not None and b.last.opdef is not None and b.last.opdef.is_terminator:
        return
    r = Region()
    r.append(Block())
    b.append(Operation("scf.forall.in_parallel", IN_PARALLEL, regions=[r],
                       loc=SourceLoc(p.buffer, _name_loc(p, state))))


def _mixed(op, group, static_name):
    dyn = op.opdef.get_group(op, "operand", group)
    static = op.properties.get(static_name)
    return dyn, (static.values if static is not None else ())


def _all_const(op, group, static_name, value):
    dyn, static = _mixed(op, group, static_name)
    it = iter(dyn)
    for s in static:
        v = s if s != DYNAMIC else constant_int(next(it, None))
        if v != value:
            return False
    return True


def _print_forall(pr, op):
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    rank = len(op.properties["staticLowerBound"].values)
    out = pr.out
    out.append(" (" + pr.values(args[:rank]))
    if _all_const(op, 0, "staticLowerBound", 0) and _all_const(op, 2, "staticStep", 1):
        out.append(") in " + _index_list_str(pr, *_mixed(op, 1, "staticUpperBound")))
    else:
        out.append(") = " + _index_list_str(pr, *_mixed(op, 0, "staticLowerBound")) + " to " +
                   _index_list_str(pr, *_mixed(op, 1, "staticUpperBound")) + " step " +
                   _index_list_str(pr, *_mixed(op, 2, "staticStep")))
    outs = op.opdef.get_group(op, "operand", 3)
    out.append(_init_list(pr, args[rank:], outs, " shared_outs") + " ")
    if args[rank:]:
        out.append("-> (" + pr.types(op.result_types) + ") ")
    pr.print_region(body, False, bool(op.results))
    _print_attrs(pr, op, elided=("operandSegmentSizes", "staticLowerBound",
                                 "staticUpperBound", "staticStep"))


def _is_tensor(t):
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def _verify_forall(op):
    _check_sized(op)
    d = op.opdef
    outs = d.get_group(op, "operand", 3)
    # DestinationStyleOpInterface
    start = len(op.operand_slots) - len(outs)
    for i, v in enumerate(outs):
        if not _is_tensor(v.type) and not isinstance(v.type, BaseMemRefType):
            raise op_error(op, f"expected that operand #{start + i} is a tensor or a memref")
    ntensor_res = sum(1 for r in op.results if _is_tensor(r.type))
    nt_outs = [(start + i, v) for i, v in enumerate(outs) if _is_tensor(v.type)]
    if ntensor_res != len(nt_outs):
        raise op_error(op, f"expected the number of tensor results ({ntensor_res}) to be equal "
                       f"to the number of output tensors ({len(nt_outs)})")
    for k, (idx, v) in enumerate(nt_outs):
        r = op.results[k] if k < len(op.results) else None
        if r is not None and r.type is not v.type:
            raise op_error(op, f"expected type of operand #{idx} ('{v.type}') to match type of "
                           f"corresponding result ('{r.type}')")
    rank = len(op.properties["staticLowerBound"].values)
    if len(op.results) != len(outs):
        raise op_error(op, f"produces {len(op.results)} results, but has only {len(outs)} "
                       f"outputs")
    body = op.regions[0].blocks[0]
    if len(body.args) != rank + len(outs):
        raise op_error(op, f"region expects {rank} arguments")
    for i in range(rank):
        if body.args[i].type is not INDEX:
            raise op_error(op, f"expects {i}-th block argument to be an index")
    for i, v in enumerate(outs):
        if body.args[i + rank].type is not v.type:
            raise op_error(op, f"type mismatch between {i}-th output and corresponding block "
                           f"argument")
    mapping = op.properties.get("mapping")
    if mapping is not None and len(mapping):
        if len(mapping) != rank:
            raise op_error(op, "mapping attribute size must match op rank")
        for m in mapping:
            if not getattr(m, "is_device_mapping", False):
                raise op_error(op, "mapping is not device mapping attribute")
    from pyopt.ir.verifier import plain_error
    for gi, (name, what) in enumerate((("staticLowerBound", "lower bound"),
                                        ("staticUpperBound", "upper bound"),
                                        ("staticStep", "step"))):
        static = op.properties[name].values
        if len(static) != rank:
            raise plain_error(op, f"expected {rank} {what} values, got {len(static)}")
        ndyn = sum(1 for s in static if s == DYNAMIC)
        if len(d.get_group(op, "operand", gi)) != ndyn:
            raise plain_error(op, f"expected {ndyn} dynamic {what} values")


class _DeviceMappingArray(ArrayAttrC):
    """Elements implement DeviceMappingAttrInterface (attribute classes that set
    `is_device_mapping`, e.g. the gpu dialect's mapping attributes)."""

    def __init__(self):
        super().__init__(None, "Device Mapping array attribute")

    def check(self, a):
        return type(a) is ArrayAttr and all(getattr(x, "is_device_mapping", False) for x in a)


FORALL = Op("scf.forall",
            operands=[("dynamicLowerBound", Index, "*"), ("dynamicUpperBound", Index, "*"),
                      ("dynamicStep", Index, "*"), ("outputs", AnyRankedTensor, "*")],
            results=[("results", AnyType, "*")],
            attrs={"staticLowerBound": DenseI64Array, "staticUpperBound": DenseI64Array,
                   "staticStep": DenseI64Array,
                   "mapping": _DeviceMappingArray().opt()},
            regions=[_sized("region")],
            traits=[ATTR_SIZED_OPERANDS, AUTOMATIC_ALLOCATION_SCOPE, SINGLE_BLOCK,
                    "RecursiveMemoryEffects"],
            implicit_terminator="scf.forall.in_parallel", parse=_parse_forall,
            print=_print_forall, verify=_verify_forall,
            verify_regions=lambda op: verify_region_branch(op))


def _parse_in_parallel(p, state):
    from pyopt.ir.core import Block
    r = p.parse_region()
    if not r.blocks:
        r.append(Block())
    state.regions = [r]
    _attr_dict(p, state)


def _print_in_parallel(pr, op):
    pr.out.append(" ")
    pr.print_region(op.regions[0], False, False)
    _print_attrs(pr, op)


def _verify_in_parallel(op):
    _check_sized(op)
    forall = op.parent_op
    if forall is None or forall.name != "scf.forall":
        raise op_error(op, "expected forall op parent")
    body = forall.regions[0].blocks[0]
    rank = len(forall.properties["staticLowerBound"].values)
    outs = body.args[rank:]
    o = op.regions[0].blocks[0].first
    while o is not None:
        if o.name != "tensor.parallel_insert_slice":
            raise op_error(op, "expected only tensor.parallel_insert_slice ops")
        if len(o.operand_slots) < 2 or o.dest not in outs:
            raise op_error(o, "may only insert into an output block argument")
        o = o.next


IN_PARALLEL = Op("scf.forall.in_parallel", regions=[_sized("region")],
                 traits=[PURE, TERMINATOR, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION],
                 parent=["scf.forall"], parse=_parse_in_parallel, print=_print_in_parallel,
                 verify=_verify_in_parallel)
