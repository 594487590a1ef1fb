"""Transform ops that navigate the payload and reshape handles: get_parent_op,
get_producer_of_operand, get_consumers_of_result, get_defining_op, get_operand, get_result,
get_type, merge_handles, split_handle, cast, select, num_associations, param.constant,
annotate, print, verify (MLIR 19 TransformOps)."""
from __future__ import annotations


from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr, TRUE, TypeAttr, UNIT
from pyopt.ir.constraints import (AnyAttr, BoolAttrConstraint, DenseI64Array, I64Attr,
                                  StrAttr, UnitAttrConstraint)
from pyopt.ir.opdef import Op
from pyopt.ir.types import I64, ShapedType
from pyopt.dialects.transform.extension import transform_op
from pyopt.dialects.transform.failures import definite, silenceable
from pyopt.dialects.transform.types import (AnyHandleOrParam, OpHandle, OpHandleType, Param,
                                            ParamHandleType, PositiveI64Attr, ValueHandle)
from pyopt.dialects.transform import verifiers as V

_FT = "attr-dict `:` functional-type(operands, results)"


def _op_text(op):
    """An op streamed into an error diagnostic (generic form, local scope)."""
    from pyopt.syntax.printer import op_for_diagnostic
    return op_for_diagnostic(op)


# -- navigation -------------------------------------------------------------------------------
def _apply_get_parent(op, state, results):
    parents, seen = [], set()
    n = op.nth_parent.value if op.nth_parent is not None else 1
    name = op.op_name.value if op.op_name is not None else None
    for target in state.payload_ops(op.target):
        parent = target
        for _ in range(n):
            parent = parent.parent_op
            while parent is not None:
                if (op.isolated_from_above is None or parent.has_trait("IsolatedFromAbove")) \
                        and (name is None or parent.name == name):
                    break
                parent = parent.parent_op
            if parent is None:
                if op.allow_empty_results is not None:
                    results.set(0, parents)
                    return None
                raise silenceable(op, "could not find a parent op that matches all "
                                  "requirements", [("target op", target.loc)])
        if op.deduplicate is not None:
            if parent not in seen:
                seen.add(parent)
                parents.append(parent)
        else:
            parents.append(parent)
    results.set(0, parents)


GET_PARENT_OP = transform_op(
    Op("transform.get_parent_op", operands=[("target", OpHandle)],
       results=[("parent", OpHandle)],
       attrs={"isolated_from_above": UnitAttrConstraint.opt(),
              "allow_empty_results": UnitAttrConstraint.opt(), "op_name": StrAttr.opt(),
              "deduplicate": UnitAttrConstraint.opt(),
              "nth_parent": PositiveI64Attr.with_default(IntegerAttr(I64, 1))},
       format="$target " + _FT),
    _apply_get_parent, match=True)


def _apply_get_producer(op, state, results):
    k = op.operand_number.value
    producers = []
    for target in state.payload_ops(op.target):
        producer = target.operands[k].defining_op() \
            if k < len(target.operands) and hasattr(target.operands[k], "defining_op") else None
        if producer is None:
            raise silenceable(op, f"could not find a producer for operand number: {k} of "
                              f"{_op_text(target)}", [("target op", target.loc)])
        producers.append(producer)
    results.set(0, producers)


GET_PRODUCER_OF_OPERAND = transform_op(
    Op("transform.get_producer_of_operand", operands=[("target", OpHandle)],
       results=[("producer", OpHandle)], attrs={"operand_number": I64Attr},
       format="$target `[` $operand_number `]` " + _FT),
    _apply_get_producer, match=True)


def _apply_get_consumers(op, state, results):
    payload = state.payload_ops(op.target)
    if not payload:
        results.set(0, [])
        return None
    if len(payload) != 1:
        raise definite(op, "handle must be mapped to exactly one payload op")
    k = op.result_number.value
    if k >= len(payload[0].results):
        raise definite(op, "result number overflow")
    results.set(0, [u.owner for u in payload[0].results[k].uses()])


GET_CONSUMERS_OF_RESULT = transform_op(
    Op("transform.get_consumers_of_result", operands=[("target", OpHandle)],
       results=[("consumers", OpHandle)], attrs={"result_number": I64Attr},
       format="$target `[` $result_number `]` " + _FT),
    _apply_get_consumers)


def _apply_get_defining(op, state, results):
    out = []
    for v in state.payload_values(op.target):
        d = v.defining_op()
        if d is None:
            from pyopt.dialects.transform.state import _value_loc
            raise silenceable(op, "cannot get defining op of block argument",
                              [("target value", _value_loc(v))])
        out.append(d)
    results.set(0, out)


GET_DEFINING_OP = transform_op(
    Op("transform.get_defining_op", operands=[("target", ValueHandle)],
       results=[("result", OpHandle)], format="$target " + _FT),
    _apply_get_defining, match=True)


# -- get_operand / get_result with their position lists ----------------------------------------
def _parse_match_dims(p, ctx, raw_el, inv_el, all_el, optional=False):
    if p.accept_keyword("all"):
        ctx.set(raw_el, DenseArrayAttr(I64, []))
        ctx.set(all_el, UNIT)
        return
    inverted = p.accept_keyword("except")
    if inverted:
        p.expect("(")
        ctx.set(inv_el, UNIT)
    values = [p.parse_integer()]
    while p.accept(","):
        values.append(p.parse_integer())
    if inverted:
        p.expect(")")
    ctx.set(raw_el, DenseArrayAttr(I64, values))


def _print_match_dims(pr, op, raw, inverted, all_):
    if all_ is not None:
        pr.out.append("all")
        return
    body = ", ".join(str(v) for v in (raw.values if raw is not None else ()))
    pr.out.append(f"except({body})" if inverted is not None else body)


def expand_positions(op, is_all, inverted, raw, n):
    """expandTargetSpecification: the positions selected among `n`."""
    if is_all:
        return list(range(n))
    chosen, seen = [], set()
    for r in raw:
        u = n + r if r < 0 else r
        if u >= n:
            raise silenceable(op, f"position overflow {u} (updated from {r}) for maximum {n}")
        if u < 0:
            raise silenceable(op, f"position underflow {u} (updated from {r})")
        if u in seen:
            raise silenceable(op, f"repeated position {u} (updated from {r})")
        seen.add(u)
        chosen.append(u)
    if not inverted:
        return chosen
    return [i for i in range(n) if i not in seen]


def _positional(kind):
    def apply(op, state, results):
        out = []
        for target in state.payload_ops(op.target):
            vals = target.operands if kind == "operand" else target.results
            try:
                pos = expand_positions(op, op.is_all is not None, op.is_inverted is not None,
                                       op.raw_position_list.values, len(vals))
            except Exception as f:
                if hasattr(f, "attach_note"):
                    f.attach_note("while considering positions of this payload operation",
                                  target.loc)
                raise
            out.extend(vals[i] for i in pos)
        results.set(0, out)
    return apply


_DIMS_ATTRS = {"raw_position_list": DenseI64Array, "is_inverted": UnitAttrConstraint.opt(),
               "is_all": UnitAttrConstraint.opt()}
_DIMS_FORMAT = ("$target `[` custom<TransformMatchDims>($raw_position_list, $is_inverted, "
                "$is_all) `]` " + _FT)
_DIMS_DIRECTIVE = {"TransformMatchDims": (_parse_match_dims, _print_match_dims)}

GET_OPERAND = transform_op(
    Op("transform.get_operand", operands=[("target", OpHandle)],
       results=[("result", ValueHandle)], attrs=dict(_DIMS_ATTRS), format=_DIMS_FORMAT,
       custom_directives=_DIMS_DIRECTIVE, verify=V.verify_match_dims),
    _positional("operand"), match=True)

GET_RESULT = transform_op(
    Op("transform.get_result", operands=[("target", OpHandle)],
       results=[("result", ValueHandle)], attrs=dict(_DIMS_ATTRS), format=_DIMS_FORMAT,
       custom_directives=_DIMS_DIRECTIVE, verify=V.verify_match_dims),
    _positional("result"))


def _apply_get_type(op, state, results):
    out = []
    for v in state.payload_values(op.value):
        t = v.type
        if op.elemental is not None and isinstance(t, ShapedType):
            t = t.element_type
        out.append(TypeAttr(t))
    results.set(0, out)


GET_TYPE = transform_op(
    Op("transform.get_type", operands=[("value", ValueHandle)],
       results=[("type_param", Param)], attrs={"elemental": UnitAttrConstraint.opt()},
       format="(`elemental` $elemental^)? $value " + _FT),
    _apply_get_type, match=True)


# -- reshaping handles ------------------------------------------------------------------------
def _apply_merge(op, state, results):
    items = []
    for h in op.handles:
        items.extend(state.payload(h))
    if op.deduplicate is not None:
        seen, uniq = set(), []
        for x in items:
            if x not in seen:
                seen.add(x)
                uniq.append(x)
        items = uniq
    results.set(0, items)


MERGE_HANDLES = transform_op(
    Op("transform.merge_handles", operands=[("handles", AnyHandleOrParam, "*")],
       results=[("result", AnyHandleOrParam)], attrs={"deduplicate": UnitAttrConstraint.opt()},
       format="(`deduplicate` $deduplicate^)? $handles attr-dict `:` type($result)",
       infer={"handles": "result"},
       verify=V.verify_merge_handles),
    _apply_merge, match=True, allows_repeated=True)


def _apply_split(op, state, results):
    payload = state.payload_ops(op.handle)
    n, k = len(payload), len(op.results)
    overflow = op.overflow_result.value if op.overflow_result is not None else None
    pass_empty = op.pass_through_empty_handle is None or op.pass_through_empty_handle.value
    fail_small = op.fail_on_payload_too_small is None or op.fail_on_payload_too_small.value
    if (n > k and overflow is None) or (n < k and fail_small and (n != 0 or not pass_empty)):
        from pyopt.dialects.transform.control_ops import value_text
        raise silenceable(op, f"{value_text(op.handle)} expected to contain {k} payload ops "
                          f"but it contains {n} payload ops")
    lists = [[] for _ in range(k)]
    for i, p in enumerate(payload):
        lists[i if i < k else overflow].append(p)
    for i, lst in enumerate(lists):
        results.set(i, lst)


SPLIT_HANDLE = transform_op(
    Op("transform.split_handle", operands=[("handle", OpHandle)],
       results=[("results", OpHandle, "*")],
       # DefaultValuedAttr<BoolAttr, "true">: a true read back from bytecode is not printed
       attrs={"pass_through_empty_handle": BoolAttrConstraint.with_default(TRUE),
              "fail_on_payload_too_small": BoolAttrConstraint.with_default(TRUE),
              "overflow_result": I64Attr.opt()},
       format="$handle " + _FT, verify=V.verify_split_handle),
    _apply_split)

CAST = transform_op(
    Op("transform.cast", operands=[("input", OpHandle)], results=[("output", OpHandle)],
       format="$input attr-dict `:` type($input) `to` type($output)", verify=V.verify_cast),
    each=lambda op, target, state: [target])


def _apply_select(op, state, results):
    name = op.op_name.value
    results.set(0, [p for p in state.payload_ops(op.target) if p.name == name])


SELECT = transform_op(
    Op("transform.select", operands=[("target", OpHandle)], results=[("result", OpHandle)],
       attrs={"op_name": StrAttr}, format="$op_name `in` $target " + _FT),
    _apply_select)


def _apply_num_associations(op, state, results):
    results.set(0, [IntegerAttr(I64, len(state.payload(op.handle)))])


NUM_ASSOCIATIONS = transform_op(
    Op("transform.num_associations", operands=[("handle", AnyHandleOrParam)],
       results=[("num", Param)], format="$handle " + _FT,
       verify=V.verify_num_associations),
    _apply_num_associations, match=True)

PARAM_CONSTANT = transform_op(
    Op("transform.param.constant", results=[("param", Param)], attrs={"value": AnyAttr()},
       format="$value attr-dict `->` type($param)"),
    lambda op, state, results: results.set(0, [op.value]), match=True)


# -- payload annotations and inspection -------------------------------------------------------
def _apply_annotate(op, state, results):
    targets = state.payload_ops(op.target)
    attr = UNIT
    name = op.properties["name"].value
    if op.param is not None:
        params = state.params(op.param)
        if len(params) != 1:
            if len(targets) != len(params):
                raise silenceable(op, f"parameter and target have different payload lengths "
                                  f"({len(params)} vs {len(targets)})")
            for t, a in zip(targets, params):
                t.attributes[name] = a
            return None
        attr = params[0]
    for t in targets:
        t.attributes[name] = attr


ANNOTATE = transform_op(
    Op("transform.annotate", operands=[("target", OpHandle), ("param", Param, "?")],
       attrs={"name": StrAttr},
       format="$target $name attr-dict (`=` $param^)?`:` type($target) (`,` type($param)^)?"),
    _apply_annotate, modifies_payload=True)


def _apply_print(op, state, results):
    from pyopt.syntax.printer import PrintFlags, print_op
    name = op.properties.get("name")
    head = "[[[ IR printer: " + (name.value + " " if name is not None else "")
    flags = PrintFlags(assume_verified=op.properties.get("assume_verified") is not None,
                       local_scope=op.properties.get("use_local_scope") is not None,
                       skip_regions=op.properties.get("skip_regions") is not None)
    out = state.ctx.write_stdout

    def text(t):  # (Operation::print ends a detached op with a newline)
        return print_op(t, flags) + ("\n" if t.parent_op is None else "")
    if op.target is None:
        out(head + "top-level ]]]\n" + text(state.top_level) + "\n")
        return None
    out(head + "]]]\n" + "".join(text(t) + "\n" for t in state.payload_ops(op.target)))


PRINT = transform_op(
    Op("transform.print", operands=[("target", OpHandle, "?")],
       attrs={"name": StrAttr.opt(), "assume_verified": UnitAttrConstraint.opt(),
              "use_local_scope": UnitAttrConstraint.opt(),
              "skip_regions": UnitAttrConstraint.opt()},
       format="$target attr-dict (`:` type($target)^)?"),
    _apply_print, match=True)


def _verify_each(op, target, state):
    from pyopt.ir.verifier import verify
    from pyopt.ir.diagnostics import MLIRError
    try:
        verify(target, state.ctx)
    except MLIRError as e:
        state.emit(e.diag)
        raise definite(op, "failed to verify payload op", [("payload op", target.loc)])
    return None


VERIFY = transform_op(
    Op("transform.verify", operands=[("target", OpHandle)],
       format="$target attr-dict `:` type($target)"),
    each=_verify_each)


def _apply_replicate(op, state, results):
    n = len(state.payload_ops(op.pattern))
    for i, h in enumerate(op.handles):
        results.set(i, state.payload(h) * n)


def _parse_replicate_types(p, ctx, pattern_t, handles_t, replicated_t, optional=False):
    """`type($pattern), type($handles)`; the results have the handles' types."""
    pt = p.parse_type()
    ts = []
    while p.accept(","):
        ts.append(p.parse_type())
    ctx.set(pattern_t, pt)
    ctx.set(handles_t, ts)
    ctx.set(replicated_t, ts)


def _print_replicate_types(pr, op, pattern_t, handles_t, replicated_t):
    pr.out.append(", ".join(pr.type_str(v.type) for v in [op.pattern] + list(op.handles)))


REPLICATE = transform_op(
    Op("transform.replicate",
       operands=[("pattern", OpHandle), ("handles", AnyHandleOrParam, "*")],
       results=[("replicated", AnyHandleOrParam, "*")],
       format="`num` `(` $pattern `)` $handles attr-dict `:` "
              "custom<ReplicateTypes>(type($pattern), type($handles), type($replicated))",
       custom_directives={"ReplicateTypes": (_parse_replicate_types,
                                             _print_replicate_types)}),
    _apply_replicate, allows_repeated=True)
