"""Linalg's match extension (MLIR 19 LinalgMatchOps): `transform.match.structured` runs the
match ops of its body on one linalg op, whose predicates (`match.structured.body`, `.dim`,
`.input`, `.init`, `.result`, `.rank`, `.num_inputs`, `.num_inits`,
`.classify_contraction_dims`, `.elemental_bitwidth`) check it and capture parameters or
handles that `match.structured.yield` returns."""
from __future__ import annotations

from pyopt.ir.attributes import AffineMapAttr, IntegerAttr
from pyopt.ir.constraints import (ArrayAttrAny, DenseI64Array, I64Attr, UnitAttrConstraint)
from pyopt.ir.core import OpResult
from pyopt.ir.opdef import ELEMENTWISE, SINGLE_BLOCK, TERMINATOR, Op
from pyopt.ir.types import FloatType, I64, IntegerType, ShapedType, INDEX
from pyopt.ir.verify_invariants import op_error
from pyopt.interfaces.destination_style import dps_inits, dps_inputs, init_indices, \
    tied_result
from pyopt.dialects.linalg.analysis import contraction_dims, is_contraction_body
from pyopt.dialects.linalg.structured import (indexing_maps, is_linalg_op, iterator_types,
                                              payload, static_loop_ranges)
from pyopt.dialects.transform.extension import is_match_op, register_ops, transform_op
from pyopt.dialects.transform.failures import TransformFailure, definite, silenceable
from pyopt.dialects.transform.handle_ops import (_parse_match_dims, _print_match_dims,
                                                 expand_positions)
from pyopt.dialects.transform.types import (AffineMapParamType, AnyHandle, AnyHandleOrParam,
                                            FailurePropagationModeC, OpHandle, OpHandleType,
                                            Param, SUPPRESS, ValueHandle, ValueHandleType)
from pyopt.dialects.transform.verifiers import verify_match_dims


def _i64(v):
    return IntegerAttr(I64, v)


# -- custom<SemiFunctionType> -----------------------------------------------------------------
def _parse_semi_function(p, ctx, arg_t, res_t, optional=False):
    paren = p.accept("(")
    ctx.set(arg_t, p.parse_type())
    if not paren:
        ctx.set(res_t, [])
        return
    p.expect(")")
    p.expect("->")
    if p.accept("("):
        ts = [p.parse_type()]
        while p.accept(","):
            ts.append(p.parse_type())
        p.expect(")")
    else:
        ts = [p.parse_type()]
    ctx.set(res_t, ts)


def _print_semi_function(pr, op, arg_t, res_t):
    results = [r.type for r in op.results]
    arg = pr.type_str(arg_t)
    if not results:
        pr.out.append(arg)
        return
    res = ", ".join(pr.type_str(t) for t in results)
    pr.out.append(f"({arg}) -> " + (f"({res})" if len(results) > 1 else res))


_SEMI = {"SemiFunctionType": (_parse_semi_function, _print_semi_function)}


# -- match.structured -------------------------------------------------------------------------
def _apply_structured(op, state, results):
    payload_ops = state.payload_ops(op.current)
    if len(payload_ops) != 1:
        raise definite(op, "SingleOpMatchOpTrait requires the operand handle to point to a "
                       "single payload op")
    current = payload_ops[0]
    mode = op.failure_propagation_mode
    suppress = mode is not None and mode.value == SUPPRESS
    if not is_linalg_op(current):
        if not suppress:
            raise silenceable(op, "expected a Linalg op")
        results.set_remaining_to_empty()
        return None
    block = op.body_region.blocks[0]
    term = block.terminator
    try:
        state.set_payload(block.args[0], [current])
        for nested in list(block.ops)[:-1]:
            try:
                state.apply(nested)
            except TransformFailure as f:
                if f.definite or not suppress:
                    raise
                # (suppressed: the results defined so far are kept, the others empty)
                for i, v in enumerate(term.operands):
                    d = v.owner if isinstance(v, OpResult) else None
                    if d is not None and d.parent is block and not d.is_before_in_block(nested):
                        continue
                    results.set(i, state.payload(v))
                results.set_remaining_to_empty()
                return None
        for i, v in enumerate(term.operands):
            results.set(i, state.payload(v))
    finally:
        state.forget_region(op.body_region)


def _verify_structured(op):
    block = op.body_region.blocks[0] if op.body_region.blocks else None
    if block is None or len(block.args) != 1:
        raise op_error(op, "expected one body argument")
    if not isinstance(block.args[0].type, OpHandleType):
        raise op_error(op, "expected body argument to implement TransformHandleTypeInterface")
    for nested in list(block.ops)[:-1]:
        if not is_match_op(nested):
            raise op_error(op, "expects nested operations to implement MatchOpInterface",
                           [("offending operation", nested.loc)])


STRUCTURED = transform_op(
    Op("transform.match.structured", operands=[("current", OpHandle)],
       results=[("outputs", AnyHandleOrParam, "*")],
       attrs={"failure_propagation_mode": FailurePropagationModeC.opt()},
       regions=["body_region"], traits=[SINGLE_BLOCK],
       format="(`failures` `(` $failure_propagation_mode^ `)`)? $current `:` "
              "custom<SemiFunctionType>(type($current), type($outputs)) "
              "attr-dict-with-keyword regions",
       custom_directives=_SEMI, verify=_verify_structured,
       implicit_terminator="transform.match.structured.yield"),
    _apply_structured, match=True)

YIELD = register_ops(Op("transform.match.structured.yield",
                        operands=[("handles", AnyHandleOrParam, "*")], traits=[TERMINATOR],
                        format="$handles attr-dict (`:` type($handles)^)?"))


# -- predicates on the structured op ----------------------------------------------------------
def _predicate(match):
    """StructuredPredicate + SingleOpMatcher: `match(op, current, results)` on the single
    linalg op bound to the operand handle."""
    def apply(op, state, results):
        payload_ops = state.payload_ops(op.operand_handle)
        if len(payload_ops) != 1:
            raise definite(op, "SingleOpMatchOpTrait requires the operand handle to point to "
                           "a single payload op")
        return match(op, payload_ops[0], results)
    return apply


def _verify_predicate(extra=None):
    def verify(op):
        parent = op.parent_op
        if parent is None or parent.name != "transform.match.structured":
            raise op_error(op, "expects parent op to be 'transform.match.structured'")
        blocks = parent.regions[0].blocks if parent.regions else []
        if blocks and blocks[0].args and op.operand_handle is not blocks[0].args[0]:
            raise op_error(op, "expected predicate to apply to the surrounding structured op")
        if extra is not None:
            extra(op)
    return verify


def _def_predicate(name, match, results=(), attrs=None, format=None, extra_verify=None,
                   custom=None):
    return transform_op(
        Op(name, operands=[("operand_handle", OpHandle)], results=list(results),
           attrs=attrs or {}, format=format or "$operand_handle attr-dict `:` "
                                              "functional-type(operands, results)",
           custom_directives=custom or {}, verify=_verify_predicate(extra_verify)),
        _predicate(match), match=True)


def _match_reduction(block, num_inputs, pos):
    """matchReduction: the ops combining output argument `pos` into its yielded value."""
    acc = block.args[num_inputs + pos]
    term = block.terminator
    if term is None or pos >= len(term.operands):
        return None
    target = term.operands[pos]
    chain, v = [], acc
    while v is not target:
        users = [u.owner for u in v.uses()]
        if len(users) != 1 or len(users[0].results) != 1:
            return None
        chain.append(users[0])
        v = users[0].results[0]
    return chain


def _is_elementwise(op):
    its = iterator_types(op)
    if any(t != "parallel" for t in its):
        return False
    maps = indexing_maps(op)
    if any(not m.is_projected_permutation() for m in maps):
        return False
    for i in init_indices(op):
        if not maps[i].is_permutation():
            return False
    for o in list(payload(op).ops)[:-1]:
        if o.name == "linalg.index":
            continue
        if not o.has_trait(ELEMENTWISE) or any(
                not (type(r.type) in (IntegerType, FloatType) or r.type is INDEX)
                for r in o.results):
            return False
    return True


def _match_body(op, current, results):
    props = op.properties
    block = payload(current)
    if "reduction_position" in props:
        chain = _match_reduction(block, len(dps_inputs(current)),
                                 props["reduction_position"].value)
        if not chain:
            raise silenceable(op, "could not match reduction")
        if len(chain) != 1:
            raise silenceable(op, "reduction combiner is not a single op")
        return None
    if "passthrough" in props:
        ins = block.args[:len(dps_inputs(current))]
        if list(block.terminator.operands) != list(ins):
            raise silenceable(op, "not a passthrough")
        return None
    if "elementwise" in props:
        if not _is_elementwise(current):
            raise silenceable(op, "not elementwise")
        return None
    if "contraction" in props:
        elem, red = [a.value for a in props["contraction"]]
        if not is_contraction_body(block, {(elem, red)}):
            raise silenceable(op, "contraction: could not match the contraction body")
        return None
    raise definite(op, "unknown body condition")


def _verify_body(op):
    names = ("reduction_position", "passthrough", "elementwise", "contraction")
    if sum(1 for n in names if n in op.properties) > 1:
        raise op_error(op, "only one of {" + ", ".join(f'"{n}"' for n in names) +
                       "} is allowed")
    c = op.properties.get("contraction")
    if c is not None and len(c) != 2:
        raise op_error(op, 'expects "contraction" to contain two elements')


_def_predicate("transform.match.structured.body", _match_body,
               attrs={"reduction_position": I64Attr.opt(),
                      "passthrough": UnitAttrConstraint.opt(),
                      "elementwise": UnitAttrConstraint.opt(),
                      "contraction": ArrayAttrAny.opt()},
               format="$operand_handle attr-dict `:` type($operand_handle)",
               extra_verify=_verify_body)


def _classify_contraction(op, current, results):
    if len(dps_inputs(current)) != 2 or len(dps_inits(current)) != 1:
        raise silenceable(op, "could not infer contraction dimensions")
    for i, dims in enumerate(contraction_dims(indexing_maps(current),
                                              iterator_types(current))):
        results.set(i, [_i64(d) for d in dims])


_def_predicate("transform.match.structured.classify_contraction_dims", _classify_contraction,
               results=[("batch", Param), ("m", Param), ("n", Param), ("k", Param)])

_CONV_RESULTS = ("batch", "output_image", "output_channel", "filter_loop", "input_channel",
                 "depth", "strides", "dilations")


def _classify_convolution(op, current, results):
    from pyopt.dialects.linalg.conv_dims import convolution_dims
    dims = convolution_dims(current)
    if dims is None:
        raise silenceable(op, "could not infer convolution dimensions")
    for i, name in enumerate(_CONV_RESULTS):
        results.set(i, [_i64(d) for d in dims[name]])


_def_predicate("transform.match.structured.classify_convolution_dims", _classify_convolution,
               results=[(n, Param) for n in _CONV_RESULTS])


def _match_dim(op, current, results):
    its = iterator_types(current)
    try:
        dims = expand_positions(op, "is_all" in op.properties,
                                "is_inverted" in op.properties,
                                op.raw_dim_list.values, len(its))
    except TransformFailure as f:
        f.attach_note("while considering dimensions of this payload operation", current.loc)
        raise
    for kind in ("parallel", "reduction"):
        if kind in op.properties:
            for d in dims:
                if its[d] != kind:
                    raise silenceable(op, f"expects dimension #{d} to be {kind}")
    if op.results:
        ranges = static_loop_ranges(current)
        results.set(0, [_i64(ranges[d]) for d in dims])


def _verify_dim(op):
    if "parallel" in op.properties and "reduction" in op.properties:
        raise op_error(op, "cannot request the same dimension to be both parallel and "
                           "reduction")
    props = op.properties
    raw = props["raw_dim_list"].values
    # (the position-list checks of get_operand/get_result, on raw_dim_list)
    if "is_all" in props and (raw or "is_inverted" in props) or \
            ("is_all" not in props and not raw) or any(a == b for a, b in zip(raw, raw[1:])):
        props["raw_position_list"] = props["raw_dim_list"]
        try:
            verify_match_dims(op)
        finally:
            del props["raw_position_list"]


_DIMS_FMT = ("$operand_handle `[` custom<TransformMatchDims>({list}, $is_inverted, $is_all) "
             "`]` attr-dict `:` custom<SemiFunctionType>(type($operand_handle), "
             "type($result))")
_DIRECTIVES = dict(_SEMI, TransformMatchDims=(_parse_match_dims, _print_match_dims))

_def_predicate("transform.match.structured.dim", _match_dim,
               results=[("result", Param, "?")],
               attrs={"raw_dim_list": DenseI64Array, "is_inverted": UnitAttrConstraint.opt(),
                      "is_all": UnitAttrConstraint.opt(), "parallel": UnitAttrConstraint.opt(),
                      "reduction": UnitAttrConstraint.opt()},
               format=_DIMS_FMT.format(list="$raw_dim_list"), custom=_DIRECTIVES,
               extra_verify=_verify_dim)


def _operand_matcher(kind):
    """match.structured.input / .init: checks and captures DPS inputs or inits."""
    what = "input" if kind == "input" else "output(init)"
    note = ("while considering DPS inputs of this payload operation" if kind == "input" else
            "while considering DPS inits (outputs) of this payload operation")

    def match(op, current, results):
        operands = dps_inputs(current) if kind == "input" else dps_inits(current)
        idx = ([i for i in range(len(current.operands)) if i not in set(init_indices(current))]
               if kind == "input" else init_indices(current))
        try:
            positions = expand_positions(op, "is_all" in op.properties,
                                         "is_inverted" in op.properties,
                                         op.raw_position_list.values, len(operands))
        except TransformFailure as f:
            f.attach_note(note, current.loc)
            raise
        maps = indexing_maps(current)
        out = []
        for pos in positions:
            m = maps[idx[pos]]
            if "permutation" in op.properties and not m.is_permutation():
                raise silenceable(op, f"the indexing map for {what} #{pos} is not a "
                                  "permutation")
            if "projected_permutation" in op.properties and not m.is_projected_permutation():
                raise silenceable(op, f"the indexing map for {what} #{pos} is "
                                  f"{'not a projected permutation' if kind == 'input' else 'not a permutation'}")
            if not op.results:
                continue
            rt = op.results[0].type
            if isinstance(rt, AffineMapParamType):
                out.append(AffineMapAttr(m))
            elif isinstance(rt, ValueHandleType):
                out.append(operands[pos])
            else:
                d = operands[pos].defining_op()
                if d is None:
                    raise silenceable(op, f"{what} #{pos} is not produced by an operation")
                out.append(d)
        if op.results:
            results.set(0, out)
    return match


def _verify_operand_matcher(op):
    if "permutation" in op.properties and "projected_permutation" in op.properties:
        raise op_error(op, '"permutation" and "projected_permutation" are mutually exclusive')
    if len(op.raw_position_list.values) > 1 and op.results:
        raise op_error(op, "cannot bind multiple inputs/inits to the same value")
    verify_match_dims(op)


for _kind in ("input", "init"):
    _def_predicate(f"transform.match.structured.{_kind}", _operand_matcher(_kind),
                   results=[("result", AnyHandleOrParam, "?")],
                   attrs={"raw_position_list": DenseI64Array,
                          "is_inverted": UnitAttrConstraint.opt(),
                          "is_all": UnitAttrConstraint.opt(),
                          "permutation": UnitAttrConstraint.opt(),
                          "projected_permutation": UnitAttrConstraint.opt()},
                   format=_DIMS_FMT.format(list="$raw_position_list"), custom=_DIRECTIVES,
                   extra_verify=_verify_operand_matcher)

_def_predicate("transform.match.structured.num_inputs",
               lambda op, c, results: results.set(0, [_i64(len(dps_inputs(c)))]),
               results=[("result", Param)])
_def_predicate("transform.match.structured.num_inits",
               lambda op, c, results: results.set(0, [_i64(len(dps_inits(c)))]),
               results=[("result", Param)])
_def_predicate("transform.match.structured.rank",
               lambda op, c, results: results.set(0, [_i64(len(iterator_types(c)))]),
               results=[("rank", Param)],
               format="$operand_handle attr-dict `:` "
                      "custom<SemiFunctionType>(type($operand_handle), type($rank))",
               custom=_SEMI)


def _match_result(op, current, results):
    inits = init_indices(current)
    raw = op.position.value
    pos = len(inits) + raw if raw < 0 else raw
    if not 0 <= pos < len(inits):
        raise silenceable(op, f"position {raw} overflows the number of results(ints) of the "
                          "payload operation")
    value = tied_result(current, inits[pos])
    if isinstance(op.results[0].type, ValueHandleType):
        results.set(0, [value])
        return None
    users = [u.owner for u in value.uses()] if value is not None else []
    if not users:
        raise silenceable(op, f"no users of the result #{raw}")
    if "any" in op.properties:
        results.set(0, [users[0]])
        return None
    if "single" in op.properties:
        if len(users) != 1:
            raise silenceable(op, "more than one result user with single user requested")
        results.set(0, [users[0]])
        return None
    raise definite(op, "unknown sub-predicate")


def _verify_result(op):
    keyword = "any" in op.properties or "single" in op.properties
    if keyword == (not isinstance(op.results[0].type, OpHandleType)):
        raise op_error(op, "expects either the any/single keyword or the type value handle "
                           "result type")
    if "any" in op.properties and "single" in op.properties:
        raise op_error(op, "'any' and 'single' are mutually exclusive")


_def_predicate("transform.match.structured.result", _match_result,
               results=[("result", AnyHandle)],
               attrs={"position": I64Attr, "any": UnitAttrConstraint.opt(),
                      "single": UnitAttrConstraint.opt()},
               format="$operand_handle `[` $position `]` (`any` $any^)? (`single` $single^)? "
                      "attr-dict `:` functional-type(operands, results)",
               extra_verify=_verify_result)


# -- a value matcher --------------------------------------------------------------------------
def _apply_bitwidth(op, state, results):
    values = state.payload_values(op.operand_handle)
    if len(values) != 1:
        raise definite(op, "SingleValueMatchOpTrait requires the operand handle to point to "
                       "a single payload value")
    t = values[0].type
    et = t.element_type if isinstance(t, ShapedType) else t
    if type(et) is IntegerType:
        results.set(0, [_i64(et.width)])
    elif type(et) is FloatType:
        results.set(0, [_i64(et.width)])
    else:
        raise silenceable(op, f"unsupported type for bitwidth extraction: {t}")


transform_op(
    Op("transform.match.structured.elemental_bitwidth",
       operands=[("operand_handle", ValueHandle)], results=[("result", Param)],
       format="$operand_handle attr-dict `:` functional-type(operands, results)"),
    _apply_bitwidth, match=True)
