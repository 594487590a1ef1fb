"""Affine region ops: affine.for, affine.if, affine.parallel and their terminator
affine.yield (implicit in the custom form when it yields nothing)."""
from __future__ import annotations

from pyopt.ir.location import UNKNOWN_LOC

from pyopt.ir.affine import AffineMap, AffineExprKind, dim, symbol, print_affine_expr
from pyopt.ir.attributes import (AffineMapAttr, IntegerSetAttr, IntegerAttr, ArrayAttr,
                              StringAttr, DenseElementsAttr, escape_string)
from pyopt.ir.location import SourceLoc
from pyopt.ir.types import (INDEX, I32, I64, NONE, IntegerType, FloatType, RankedTensorType)
from pyopt.ir.verifier import op_error
from pyopt.ir.constraints import (AnyType, Index, AffineMapAttrC, IndexAttr, ArrayAttrC, IntAttrC,
                           AttrConstraint)
from pyopt.syntax.format import ensure_terminator
from pyopt.interfaces.control_flow import verify_region_branch
from pyopt.ir.opdef import (Op, RegionDef, PURE, TERMINATOR, RETURN_LIKE, ATTR_SIZED_OPERANDS,
                     AUTOMATIC_ALLOCATION_SCOPE, segment_sizes)
from pyopt.dialects.affine.scope import verify_dims_and_symbols
from pyopt.dialects.affine.syntax import (parse_map_of_ssa_ids, parse_expr_of_ssa_ids, ssa_names,
                     map_of_ssa_ids_str, parse_typed_attr, parse_dims_and_symbols,
                     parse_region_arg, dims_and_symbols_str, finish, attr_dict_str, set_attr)

_CONST = AffineExprKind.CONSTANT
_SYM = AffineExprKind.SYMBOL
YIELD_NAME = "affine.yield"


# ------------------------------------------------------------------------------ helpers
def _name_offset(p):
    return p.custom_ops[-1][1] if p.custom_ops else p.start


def _ensure_yield(p, region):
    ensure_terminator(region, YIELD_NAME, p, SourceLoc(p.buffer, _name_offset(p)))


def _entry_args(p, args, types):
    return [(a, t, p.loc_at(a[2])) for a, t in zip(args, types)]


def _arrow_types_str(pr, types):
    """printOptionalArrowTypeList: nothing, ` -> t` or ` -> (t1, t2)`."""
    if not types:
        return ""
    return " -> " + pr.functional_type([], types).split(" -> ", 1)[1]


def check_regions(op):
    """What MLIR checks before the op verifier: the SingleBlock part of
    SingleBlockImplicitTerminator (every region 0 or 1 blocks, none empty), then the
    SizedRegion<1> constraint of region #0."""
    for i, r in enumerate(op.regions):
        if len(r.blocks) > 1:
            raise op_error(op, f"expects region #{i} to have 0 or 1 blocks")
        if r.blocks and r.blocks[0].first is None:
            raise op_error(op, "expects a non-empty block")
    if op.regions and len(op.regions[0].blocks) != 1:
        name = op.opdef.regions[0].name
        raise op_error(op, f"region #0 ('{name}') failed to verify constraint: region with 1 "
                       f"blocks")


def _body(op):
    r = op.regions[0] if op.regions else None
    return r.blocks[0] if r is not None and r.blocks else None


# ------------------------------------------------------------------------------ affine.for
def _parse_bound(p, lower):
    """One loop bound: `%sym`, an integer, or `[max|min] #map(dims)[syms]`."""
    has_prefix = p.accept_keyword("max" if lower else "min")
    if p.kind == "percent":
        opers = p.parse_operand_list()
        if len(opers) > 1:
            raise p.custom_error("expected only one loop bound operand")
        v = p.resolve_operand(opers[0], INDEX)
        return AffineMapAttr(AffineMap(0, 1, [symbol(0)])), [v]
    off = p.start
    a = p.parse_attribute(INDEX)
    if type(a) is AffineMapAttr:
        vals, ndims = parse_dims_and_symbols(p)
        m = a.value
        if m.num_dims != ndims:
            raise p.custom_error("dim operand count and affine map dim count must match")
        if ndims + m.num_symbols != len(vals):
            raise p.custom_error("symbol operand count and affine map symbol count must match")
        if m.num_results > 1 and not has_prefix:
            if lower:
                raise p.custom_error("lower loop bound affine map with multiple results "
                                     "requires 'max' prefix", off)
            raise p.custom_error("upper loop bound affine map with multiple results requires "
                                 "'min' prefix", off)
        return a, vals
    if type(a) is IntegerAttr:
        return AffineMapAttr(AffineMap.get_constant_map(a.value)), []
    raise p.custom_error("expected valid affine map representation for loop bounds")


def _parse_for(p, state):
    iv = parse_region_arg(p)
    iv_loc = p.parse_optional_trailing_loc(p.loc_at(iv[2]))  # parseRegionArgument's `loc(..)`
    p.expect("=")
    lb_map, lb_ops = _parse_bound(p, True)
    if not p.accept_keyword("to"):
        raise p.custom_error("expected 'to' between bounds", p.start)
    ub_map, ub_ops = _parse_bound(p, False)
    if p.accept_keyword("step"):
        off = p.start
        step = parse_typed_attr(p, IntegerAttr, INDEX)
        if step.value < 0:
            raise p.custom_error("expected step to be representable as a positive signed "
                                 "integer", off)
    else:
        step = IntegerAttr(INDEX, 1)
    args, inits, types = [], [], []
    if p.accept_keyword("iter_args"):
        p.expect("(")
        while True:
            args.append(parse_region_arg(p))
            p.expect("=")
            inits.append(p.parse_operand())
            if not p.accept(","):
                break
        p.expect(")")
        p.expect("->")
        types = p.parse_function_result_types()
    init_vals = [p.resolve_operand(o, t) for o, t in zip(inits, types)]
    props = state.properties
    props["lowerBoundMap"] = lb_map
    props["upperBoundMap"] = ub_map
    props["step"] = step
    props["operandSegmentSizes"] = segment_sizes([len(lb_ops), len(ub_ops), len(inits)])
    state.operands = lb_ops + ub_ops + init_vals
    state.result_types = list(types)
    if len(args) != len(types):
        raise p.custom_error("mismatch between the number of loop-carried values and results")
    entry = _entry_args(p, [iv] + args, [INDEX] + types)
    entry[0] = (iv, INDEX, iv_loc)
    region = p.parse_region(entry)
    _ensure_yield(p, region)
    state.regions = [region]
    state.attributes.update(p.parse_optional_attr_dict())
    finish(state)


def _bound_str(pr, attr, operands, prefix):
    m = attr.value
    if m.num_results == 1:
        e = m.results[0]
        if m.num_dims == 0 and m.num_symbols == 0 and e.kind is _CONST:
            return str(e.value)
        if m.num_dims == 0 and m.num_symbols == 1 and e.kind is _SYM and operands:
            return pr.value(operands[0])
        head = ""
    else:
        head = prefix + " "
    return head + pr.attr_str(attr) + dims_and_symbols_str(pr, operands, m.num_dims)


def _for_groups(op):
    d = op.opdef
    return d.get_group(op, "operand", 0), d.get_group(op, "operand", 1), \
        d.get_group(op, "operand", 2)


def _print_for(pr, op):
    body = _body(op)
    lb, ub, inits = _for_groups(op)
    props = op.properties
    s = " " + (pr.value(body.args[0]) if body is not None and body.args else "%<<no iv>>")
    if pr.flags.debuginfo and body is not None and body.args:
        # printRegionArgument: the induction variable's location, written inline
        s += " " + pr.loc_str_arg(body.args[0].loc or UNKNOWN_LOC)
    s += " = " + _bound_str(pr, props["lowerBoundMap"], lb, "max")
    s += " to " + _bound_str(pr, props["upperBoundMap"], ub, "min")
    step = props["step"].value
    if step != 1:
        s += " step " + str(step)
    if inits:
        iter_args = body.args[1:] if body is not None else []
        s += " iter_args(" + ", ".join(pr.value(a) + " = " + pr.value(v)
                                       for a, v in zip(iter_args, inits)) + ")"
        s += " -> (" + pr.types(op.result_types) + ")"
    pr.out.append(s + " ")
    pr.print_region(op.regions[0], False, bool(inits))
    pr.out.append(attr_dict_str(pr, op, ("lowerBoundMap", "upperBoundMap", "step",
                                         "operandSegmentSizes")))


def _verify_loop_like(op, body, inits):
    """LoopLikeOpInterface's verifier for affine.for: counts and types of inits, iter_args
    and yielded values (affine.for exposes no loop results to it). The iter_args count is
    upstream's unsigned `body args - 1`."""
    n_iter = len(body.args) - 1 if body is not None else -1
    shown = n_iter % (1 << 64)
    iter_args = body.args[1:] if body is not None else []
    term = body.last if body is not None else None
    yielded = term.operands if term is not None and term.name == YIELD_NAME else []
    if len(inits) != n_iter:
        raise op_error(op, f"different number of inits and region iter_args: {len(inits)} != "
                       f"{shown}")
    if yielded and n_iter != len(yielded):
        raise op_error(op, f"different number of region iter_args and yielded values: "
                       f"{shown} != {len(yielded)}")
    for i, (v, a) in enumerate(zip(inits, iter_args)):
        if v.type is not a.type:
            raise op_error(op, f"{i}-th init and {i}-th region iter_arg have different type: "
                           f"'{v.type}' != '{a.type}'")
        if yielded and a.type is not yielded[i].type:
            raise op_error(op, f"{i}-th region iter_arg and {i}-th yielded value have "
                           f"different type: '{a.type}' != '{yielded[i].type}'")


def trip_count(op):
    """getTrivialConstantTripCount: known only for constant bounds and a positive step."""
    props = op.properties
    lb, ub = props["lowerBoundMap"].value, props["upperBoundMap"].value
    step = props["step"].value
    if step <= 0 or not (lb.is_single_constant() and ub.is_single_constant()):
        return None
    d = ub.results[0].value - lb.results[0].value
    return 0 if d <= 0 else (d + step - 1) // step


def _verify_for(op):
    check_regions(op)


def _verify_for_regions(op):
    body = _body(op)
    inits = _for_groups(op)[2]
    _verify_loop_like(op, body, inits)
    verify_region_branch(op)
    if body is None or not body.args or body.args[0].type is not INDEX:
        raise op_error(op, "expected body to have a single index argument for the induction "
                       "variable")
    lb, ub, inits = _for_groups(op)
    lb_map = op.properties["lowerBoundMap"].value
    ub_map = op.properties["upperBoundMap"].value
    if lb_map.num_inputs:
        verify_dims_and_symbols(op, lb, lb_map.num_dims)
    if ub_map.num_inputs:
        verify_dims_and_symbols(op, ub, ub_map.num_dims)
    nres = len(op.results)
    if not nres:
        return
    if len(op.operand_slots) - lb_map.num_inputs - ub_map.num_inputs != nres:
        raise op_error(op, "mismatch between the number of loop-carried values and results")
    if len(body.args) - 1 != nres:
        raise op_error(op, "mismatch between the number of basic block args and results")


FOR = Op("affine.for",
         operands=[("lowerBoundOperands", Index, "*"), ("upperBoundOperands", Index, "*"),
                   ("inits", AnyType, "*")],
         results=[("results", AnyType, "*")],
         attrs={"lowerBoundMap": AffineMapAttrC(), "upperBoundMap": AffineMapAttrC(),
                "step": IndexAttr},
         regions=[RegionDef("region", single_block=True)],
         traits=[ATTR_SIZED_OPERANDS, AUTOMATIC_ALLOCATION_SCOPE, "RecursiveMemoryEffects"],
         implicit_terminator=YIELD_NAME,
         speculatability=lambda op: "recursive" if op.properties["step"].value == 1 else None,
         parse=_parse_for, print=_print_for, verify=_verify_for,
         verify_regions=_verify_for_regions)


# ------------------------------------------------------------------------------ affine.if
def _parse_if(p, state):
    cond = parse_typed_attr(p, IntegerSetAttr)
    state.attributes["condition"] = cond
    vals, ndims = parse_dims_and_symbols(p)
    s = cond.value
    if s.num_dims != ndims:
        raise p.custom_error("dim operand count and integer set dim count must match")
    if ndims + s.num_symbols != len(vals):
        raise p.custom_error("symbol operand count and integer set symbol count must match")
    state.operands = vals
    if p.accept("->"):
        state.result_types = p.parse_function_result_types()
    then = p.parse_region()
    _ensure_yield(p, then)
    from pyopt.ir.core import Region
    els = Region()
    if p.accept_keyword("else"):
        els = p.parse_region()
        _ensure_yield(p, els)
    state.regions = [then, els]
    state.attributes.update(p.parse_optional_attr_dict())
    finish(state)


def _print_if(pr, op):
    cond = op.attributes.get("condition")
    s = set_attr(op)
    nd = s.num_dims if s is not None else len(op.operand_slots)
    pr.out.append(" " + (pr.attr_str(cond) if cond is not None else "<<NULL ATTRIBUTE>>") +
                  dims_and_symbols_str(pr, op.operands, nd) +
                  _arrow_types_str(pr, op.result_types) + " ")
    terms = bool(op.results)
    pr.print_region(op.regions[0], False, terms)
    if op.regions[1].blocks:
        pr.out.append(" else ")
        pr.print_region(op.regions[1], False, terms)
    pr.out.append(attr_dict_str(pr, op, ("condition",)))


def _verify_if(op):
    check_regions(op)
    s = set_attr(op)
    if s is None:
        raise op_error(op, "requires an integer set attribute named 'condition'")
    if len(op.operand_slots) != s.num_inputs:
        raise op_error(op, "operand count and condition integer set dimension and symbol "
                       "count must match")
    verify_dims_and_symbols(op, op.operands, s.num_dims)


def _verify_if_regions(op):
    verify_region_branch(op)


IF = Op("affine.if", operands=[("operands", AnyType, "*")],
        results=[("results", AnyType, "*")],
        regions=[RegionDef("thenRegion", single_block=True), "elseRegion"],
        traits=["RecursiveMemoryEffects", "RecursivelySpeculatable"],
        implicit_terminator=YIELD_NAME,
        parse=_parse_if, print=_print_if, verify=_verify_if,
        verify_regions=_verify_if_regions)


# ------------------------------------------------------------------------------ affine.parallel
# arith::AtomicRMWKind, in enum order (the stored value is the index).
REDUCTIONS = ["addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu",
              "mulf", "muli", "ori", "andi", "maxnumf", "minnumf"]
_REDUCTION_VALUE = {k: i for i, k in enumerate(REDUCTIONS)}


def _reduction_matches(kind, t):
    """isResultTypeMatchAtomicRMWKind."""
    is_int = type(t) is IntegerType
    if kind in ("addf", "mulf", "maximumf", "minimumf"):
        return type(t) is FloatType
    if kind in ("addi", "muli", "ori", "andi"):
        return is_int
    if kind == "assign":
        return True
    if kind in ("maxs", "mins"):
        return is_int and t.signedness == IntegerType.SIGNED
    if kind in ("maxu", "minu"):
        return is_int and t.signedness == IntegerType.UNSIGNED
    return False


def _i32_tensor(values):
    return DenseElementsAttr(RankedTensorType([len(values)], I32), values)


def _parse_minmax_bound(p, keyword):
    """`(expr, max(e1, e2), ...)`: a flat map, its group sizes and deduplicated operands."""
    p.expect("(")
    if p.accept(")"):
        return AffineMapAttr(AffineMap(0, 0, [])), _i32_tensor([]), []
    exprs, dim_lists, sym_lists, groups = [], [], [], []
    while True:
        if p.accept_keyword(keyword):
            m, opers = parse_map_of_ssa_ids(p, "(")
            dims, syms = opers[:m.num_dims], opers[m.num_dims:]
            for e in m.results:
                exprs.append(e)
                dim_lists.append(dims)
                sym_lists.append(syms)
            groups.append(m.num_results)
        else:
            e, dims, syms = parse_expr_of_ssa_ids(p)
            exprs.append(e)
            dim_lists.append(dims)
            sym_lists.append(syms)
            groups.append(1)
        if not p.accept(","):
            break
    p.expect(")")
    # Give every expression its own dims/symbols, then merge repeated operands.
    total_d = total_s = 0
    for i, e in enumerate(exprs):
        nd, ns = len(dim_lists[i]), len(sym_lists[i])
        exprs[i] = e.shift_dims(nd, total_d).shift_symbols(ns, total_s)
        total_d += nd
        total_s += ns
    dim_vals, dim_repl = _dedupe(p, dim_lists, dim)
    sym_vals, sym_repl = _dedupe(p, sym_lists, symbol)
    flat = AffineMap(total_d, total_s, exprs).replace_dims_and_symbols(
        dim_repl, sym_repl, len(dim_vals), len(sym_vals))
    return AffineMapAttr(flat), _i32_tensor(groups), dim_vals + sym_vals


def _dedupe(p, lists, make):
    uniq, repl = [], []
    for lst in lists:
        for o in lst:
            v = p.resolve_operand(o, INDEX)
            for i, u in enumerate(uniq):
                if u is v:
                    break
            else:
                i = len(uniq)
                uniq.append(v)
            repl.append(make(i))
    return uniq, repl


def _parse_parallel(p, state):
    ivs = []
    p.expect("(")
    if not p.accept(")"):
        while True:
            ivs.append(parse_region_arg(p))
            if not p.accept(","):
                break
        p.expect(")")
    p.expect("=")
    props = state.properties
    props["lowerBoundsMap"], props["lowerBoundsGroups"], lb_ops = _parse_minmax_bound(p, "max")
    if not p.accept_keyword("to"):
        raise p.custom_error("expected 'to'", p.start)
    props["upperBoundsMap"], props["upperBoundsGroups"], ub_ops = _parse_minmax_bound(p, "min")
    state.operands = lb_ops + ub_ops
    if p.accept_keyword("step"):
        m, _ = parse_map_of_ssa_ids(p, "(")
        steps = []
        for e in m.results:
            if e.kind is not _CONST:
                raise p.custom_error("steps must be constant integers")
            steps.append(e.value)
    else:
        steps = [1] * len(ivs)
    props["steps"] = ArrayAttr([IntegerAttr(I64, s) for s in steps])
    reductions = []
    if p.accept_keyword("reduce"):
        p.expect("(")
        while True:
            off = p.start
            a = parse_typed_attr(p, StringAttr, NONE)
            kind = _REDUCTION_VALUE.get(a.value)
            if kind is None:
                raise p.custom_error(f'invalid reduction value: "{escape_string(a.value)}"',
                                     off)
            reductions.append(IntegerAttr(I64, kind))
            if not p.accept(","):
                break
        p.expect(")")
    props["reductions"] = ArrayAttr(reductions)
    if p.accept("->"):
        state.result_types = p.parse_function_result_types()
    region = p.parse_region(_entry_args(p, ivs, [INDEX] * len(ivs)))
    state.attributes.update(p.parse_optional_attr_dict())
    _ensure_yield(p, region)
    state.regions = [region]
    finish(state)


def _minmax_bound_str(pr, map_attr_, groups, operands, keyword):
    m = map_attr_.value
    dims, syms = ssa_names(pr, operands, m.num_dims)
    parts, start = [], 0
    for size in groups.all_values():
        if size == 1:
            parts.append(print_affine_expr(m.results[start], dims, syms))
            start += 1
        else:
            sub = m.get_slice_map(start, size)
            parts.append(keyword + "(" + map_of_ssa_ids_str(pr, sub, operands) + ")")
            start += size
    return ", ".join(parts)


def _print_parallel(pr, op):
    props = op.properties
    body = _body(op)
    lb_map = props["lowerBoundsMap"]
    n_lb = lb_map.value.num_inputs
    ops = op.operands
    s = " (" + (pr.values(body.args) if body is not None else "") + ") = ("
    s += _minmax_bound_str(pr, lb_map, props["lowerBoundsGroups"], ops[:n_lb], "max")
    s += ") to ("
    s += _minmax_bound_str(pr, props["upperBoundsMap"], props["upperBoundsGroups"],
                           ops[n_lb:], "min") + ")"
    steps = [a.value for a in props["steps"]]
    if any(v != 1 for v in steps):
        s += " step (" + ", ".join(str(v) for v in steps) + ")"
    if op.results:
        names = []
        for a in props["reductions"]:
            k = a.value if type(a) is IntegerAttr else -1
            names.append('"' + (REDUCTIONS[k] if 0 <= k < len(REDUCTIONS) else "") + '"')
        s += " reduce (" + ", ".join(names) + ") -> (" + pr.types(op.result_types) + ")"
    pr.out.append(s + " ")
    pr.print_region(op.regions[0], False, bool(op.results))
    pr.out.append(attr_dict_str(pr, op, ("reductions", "lowerBoundsMap", "lowerBoundsGroups",
                                         "upperBoundsMap", "upperBoundsGroups", "steps")))


def _verify_parallel(op):
    check_regions(op)
    props = op.properties
    steps = props["steps"]
    nd = len(steps)
    lbg = props["lowerBoundsGroups"].all_values()
    ubg = props["upperBoundsGroups"].all_values()
    body = _body(op)
    nargs = len(body.args) if body is not None else 0
    if len(lbg) != nd or len(ubg) != nd or nargs != nd:
        raise op_error(op, f"the number of region arguments ({nargs}) and the number of map "
                       f"groups for lower ({len(lbg)}) and upper bound ({len(ubg)}), and the "
                       f"number of steps ({nd}) must all match")
    lb_map = props["lowerBoundsMap"].value
    ub_map = props["upperBoundsMap"].value
    if sum(lbg) != lb_map.num_results:
        raise op_error(op, f"expected lower bounds map to have {sum(lbg)} results")
    if sum(ubg) != ub_map.num_results:
        raise op_error(op, f"expected upper bounds map to have {sum(ubg)} results")
    reds = props["reductions"]
    if len(reds) != len(op.results):
        raise op_error(op, "a reduction must be specified for each output")
    for a, r in zip(reds, op.results):
        k = a.value if type(a) is IntegerAttr else -1
        if not 0 <= k < len(REDUCTIONS):
            raise op_error(op, "invalid reduction attribute")
        if not _reduction_matches(REDUCTIONS[k], r.type):
            raise op_error(op, "result type cannot match reduction attribute")
    ops = op.operands
    verify_dims_and_symbols(op, ops[:lb_map.num_inputs], lb_map.num_dims)
    verify_dims_and_symbols(op, ops[lb_map.num_inputs:], ub_map.num_dims)


class _ReductionsAttr(ArrayAttrC):
    """TypedArrayAttrBase<AtomicRMWKindAttr>."""

    def check(self, a):
        return type(a) is ArrayAttr and all(
            type(x) is IntegerAttr and x.type is I64 and 0 <= x.value < len(REDUCTIONS)
            for x in a)


class _I32ElementsAttr(AttrConstraint):
    summary = "32-bit signless integer elements attribute"

    def check(self, a):
        return type(a) is DenseElementsAttr and a.element_type is I32


PARALLEL = Op("affine.parallel", operands=[("mapOperands", Index, "*")],
              results=[("results", AnyType, "*")],
              attrs={"reductions": _ReductionsAttr(None, "Reduction ops"),
                     "lowerBoundsMap": AffineMapAttrC(),
                     "lowerBoundsGroups": _I32ElementsAttr(),
                     "upperBoundsMap": AffineMapAttrC(),
                     "upperBoundsGroups": _I32ElementsAttr(),
                     "steps": ArrayAttrC(IntAttrC(I64, "64-bit signless integer attribute"),
                                         "64-bit integer array attribute")},
              regions=[RegionDef("region", single_block=True)],
              traits=[AUTOMATIC_ALLOCATION_SCOPE, "RecursiveMemoryEffects",
                      "RecursivelySpeculatable"], implicit_terminator=YIELD_NAME,
              parse=_parse_parallel, print=_print_parallel, verify=_verify_parallel)


# ------------------------------------------------------------------------------ affine.yield
def _verify_yield(op):
    parent = op.parent_op
    if parent is None or parent.name not in ("affine.parallel", "affine.if", "affine.for"):
        raise op_error(op, "only terminates affine.if/for/parallel regions")
    if len(parent.results) != len(op.operand_slots):
        raise op_error(op, "parent of yield must have same number of results as the yield "
                       "operands")
    for r, v in zip(parent.results, op.operands):
        if r.type is not v.type:
            raise op_error(op, "types mismatch between yield op and its parent")


YIELD = Op(YIELD_NAME, operands=[("operands", AnyType, "*")],
           traits=[PURE, TERMINATOR, RETURN_LIKE],
           format="attr-dict ($operands^ `:` type($operands))?", verify=_verify_yield)

CONTROL_OPS = [FOR, IF, PARALLEL, YIELD]

from pyopt.dialects.affine.interfaces import attach_models as _attach_interface_models  # noqa: E402
_attach_interface_models()
