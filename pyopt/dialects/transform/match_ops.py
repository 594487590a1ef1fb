"""Matching: the match ops (match.operation_name, match.operation_empty, match.param.cmpi),
collect_matching and foreach_match (named-sequence matchers and actions), and the debug
extension (debug.emit_remark_at, debug.emit_param_as_remark)."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, SymbolRefAttr, symbol_name_str
from pyopt.ir.constraints import (ArrayAttrAny, StrAttr, SymbolRefAttrAny,
                                  UnitAttrConstraint)
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, Op
from pyopt.ir.symbols import lookup_symbol
from pyopt.syntax.op_diagnostics import emit_on_op
from pyopt.dialects.transform.extension import is_match_op, transform_op
from pyopt.dialects.transform.failures import TransformFailure, definite, silenceable
from pyopt.dialects.transform.types import (AnyHandle, AnyHandleOrParam, MatchCmpIPredicateC,
                                            OpHandle, OpHandleType, Param)
from pyopt.dialects.transform import verifiers as V


# -- match ops --------------------------------------------------------------------------------
def _single_op_matcher(match, at_most_one=False):
    def apply(op, state, results):
        payload = state.payload_ops(op.operand_handle)
        if at_most_one:
            if len(payload) > 1:
                raise definite(op, "AtMostOneOpMatcherOpTrait requires the operand handle to "
                               "point to at most one payload op")
        elif len(payload) != 1:
            raise definite(op, "SingleOpMatchOpTrait requires the operand handle to point to "
                           "a single payload op")
        match(op, payload[0] if payload else None)
    return apply


def _match_name(op, current):
    if current.name not in [a.value for a in op.op_names]:
        raise silenceable(op, "wrong operation name")


def _match_empty(op, current):
    if current is not None:
        raise silenceable(op, "operation is not empty")


MATCH_OPERATION_NAME = transform_op(
    Op("transform.match.operation_name", operands=[("operand_handle", OpHandle)],
       attrs={"op_names": ArrayAttrAny},
       format="$operand_handle $op_names attr-dict `:` type($operand_handle)"),
    _single_op_matcher(_match_name), match=True)

MATCH_OPERATION_EMPTY = transform_op(
    Op("transform.match.operation_empty", operands=[("operand_handle", OpHandle)],
       format="$operand_handle attr-dict `:` type($operand_handle)"),
    _single_op_matcher(_match_empty, at_most_one=True), match=True)

_CMP = {0: ("equal to", lambda a, b: a == b), 1: ("not equal to", lambda a, b: a != b),
        2: ("less than", lambda a, b: a < b), 3: ("less than or equal to", lambda a, b: a <= b),
        4: ("greater than", lambda a, b: a > b),
        5: ("greater than or equal to", lambda a, b: a >= b)}


def _signed(a):
    w = getattr(a.type, "width", 64)
    v = a.value
    return v - (1 << w) if w and v >= (1 << (w - 1)) else v


def _apply_cmpi(op, state, results):
    params, refs = state.params(op.param), state.params(op.reference)
    if len(params) != len(refs):
        raise silenceable(op, f"parameters have different payload lengths ({len(params)} vs "
                          f"{len(refs)})")
    what, test = _CMP[op.predicate.value]
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.dialects.transform.state import _value_loc
    for i, (p, r) in enumerate(zip(params, refs)):
        if type(p) is not IntegerAttr or type(r) is not IntegerAttr:
            raise definite(op, "non-integer parameter value not expected")
        if p.type is not r.type:
            raise definite(op, f"mismatching integer attribute types in parameter #{i}")
        if not test(_signed(p), _signed(r)):
            raise silenceable(op, f"expected parameter to be {what} {_signed(r)}, got "
                              f"{_signed(p)}", [(f"value # {i} associated with the parameter "
                                                 "defined here", _value_loc(op.param))])


MATCH_PARAM_CMPI = transform_op(
    Op("transform.match.param.cmpi", operands=[("param", Param), ("reference", Param)],
       attrs={"predicate": MatchCmpIPredicateC},
       format="$predicate $param `,` $reference attr-dict `:` type($param)",
       infer={"reference": "param"},
       verify=V.verify_same_types("param", "reference")),
    _apply_cmpi, match=True)


# -- matchers and actions ---------------------------------------------------------------------
def match_block(state, block, mappings):
    """Runs a matcher body with its arguments bound to `mappings`: the payload its yield
    forwards, or raises the (silenceable) failure of the first match op that fails."""
    try:
        for a, items in zip(block.args, mappings):
            state.set_payload(a, items)
        for o in list(block.ops)[:-1]:
            if not is_match_op(o):
                raise definite(o, "expected operations in the match part to implement "
                               "MatchOpInterface")
            state.apply(o)
        return [state.payload(v) for v in block.terminator.operands]
    finally:
        state.forget_region(block.parent)


def _post_order(root):
    out = []
    root.walk(out.append)
    return out


def _symbol(op, ref):
    s = lookup_symbol(op, ref)
    return s if s is not None and s.name == "transform.named_sequence" else None


def _apply_collect_matching(op, state, results):
    matcher = _symbol(op, op.matcher)
    if matcher is None or not matcher.body.blocks:
        raise definite(op, f"unresolved external symbol {op.matcher}")
    block = matcher.body.blocks[0]
    raw = [[] for _ in op.results]
    for root in state.payload_ops(op.root):
        for payload in _post_order(root):
            try:
                found = match_block(state, block, [[payload]])
            except TransformFailure as f:
                if f.definite:
                    raise
                continue
            for i, m in enumerate(found):
                if len(m) != 1:
                    raise silenceable(op, f"result #{i}, associated with {len(m)} payload "
                                      "objects, expected 1")
                raw[i].append(m[0])
    for i, lst in enumerate(raw):
        results.set(i, lst)


COLLECT_MATCHING = transform_op(
    Op("transform.collect_matching", operands=[("root", OpHandle)],
       results=[("results", AnyHandleOrParam, "*")], attrs={"matcher": SymbolRefAttrAny},
       format="$matcher `in` $root attr-dict `:` functional-type($root, $results)",
       verify=V.verify_collect_matching),
    _apply_collect_matching)


def _parse_match_symbols(p, ctx, matchers_el, actions_el, optional=False):
    ms, acts = [], []
    while True:
        ms.append(SymbolRefAttr(p.parse_symbol_name()))
        p.expect("->")
        acts.append(SymbolRefAttr(p.parse_symbol_name()))
        if not p.accept(","):
            break
    ctx.set(matchers_el, ArrayAttr(ms))
    ctx.set(actions_el, ArrayAttr(acts))


def _print_match_symbols(pr, op, matchers, actions):
    n = len(matchers)
    ind = "  " * (pr.indent + 2) if hasattr(pr, "indent") else "    "
    for i, (m, a) in enumerate(zip(matchers, actions)):
        pr.out.append("\n" + ind + pr.attr_str(m) + " -> " + pr.attr_str(a) +
                      (", " if i != n - 1 else ""))


def _parse_flags(p, ctx, restrict_el, flatten_el, optional=False):
    """oilist(`restrict_root` | `flatten_results`): either keyword, in any order."""
    from pyopt.ir.attributes import UNIT
    while True:
        if p.accept_keyword("restrict_root"):
            ctx.set(restrict_el, UNIT)
        elif p.accept_keyword("flatten_results"):
            ctx.set(flatten_el, UNIT)
        else:
            return


def _print_flags(pr, op, restrict, flatten):
    words = [w for w, a in (("restrict_root", restrict), ("flatten_results", flatten))
             if a is not None]
    if words:
        pr.out.append(" ".join(words))
    else:
        from pyopt.dialects.transform.control_ops import drop_space
        drop_space(pr)


def _apply_foreach_match(op, state, results):
    pairs = [(_symbol(op, m), _symbol(op, a)) for m, a in zip(op.matchers, op.actions)]
    for (m, a), mref, aref in zip(pairs, op.matchers, op.actions):
        for sym, ref in ((m, mref), (a, aref)):
            if sym is None or not sym.body.blocks:
                raise definite(op, f"unresolved external symbol {ref}")
    overall = None
    forwarded = [state.payload(v) for v in op.forwarded_inputs]
    acc = [[] for _ in op.forwarded_outputs]
    for root in state.payload_ops(op.root):
        for payload in _post_order(root):
            if op.restrict_root is None and payload is root:
                continue
            if payload.parent is None and payload is not root:
                continue  # erased by an earlier action
            for matcher, action in pairs:
                try:
                    found = match_block(state, matcher.body.blocks[0], [[payload]] + forwarded)
                except TransformFailure as f:
                    if f.definite:
                        raise
                    continue
                ablock = action.body.blocks[0]
                try:
                    for a, items in zip(ablock.args, found):
                        state.set_payload(a, items)
                    for t in list(ablock.ops)[:-1]:
                        try:
                            state.apply(t)
                        except TransformFailure as f:
                            if f.definite:
                                raise
                            if overall is None:
                                overall = silenceable(op, "actions failed")
                            overall.attach_note("failed action: " + (f.message or ""),
                                                action.loc)
                            overall.attach_note("when applied to this matching payload",
                                                payload.loc)
                    term = ablock.terminator
                    for i, v in enumerate(term.operands if term is not None else ()):
                        items = state.payload(v)
                        if len(items) != 1 and op.flatten_results is None:
                            name = symbol_name_str(action.properties["sym_name"].value)
                            raise definite(op, f"action {name} has results associated with "
                                           "multiple payload entities, but flattening was "
                                           "not requested")
                        acc[i].extend(items)
                finally:
                    state.forget_region(action.body)
                break
    results.set(0, state.payload_ops(op.root))
    for i, items in enumerate(acc):
        results.set(i + 1, items)
    if overall is not None:
        raise overall


FOREACH_MATCH = transform_op(
    Op("transform.foreach_match",
       operands=[("root", OpHandle), ("forwarded_inputs", AnyHandleOrParam, "*")],
       results=[("updated", OpHandle), ("forwarded_outputs", AnyHandleOrParam, "*")],
       attrs={"restrict_root": UnitAttrConstraint.opt(),
              "flatten_results": UnitAttrConstraint.opt(),
              "matchers": ArrayAttrAny, "actions": ArrayAttrAny},
       format="custom<ForeachMatchFlags>($restrict_root, $flatten_results) `in` $root (`,` $forwarded_inputs^)? "
              "custom<ForeachMatchSymbols>($matchers, $actions) attr-dict `:` "
              "functional-type(operands, results)",
       custom_directives={"ForeachMatchSymbols": (_parse_match_symbols,
                                                  _print_match_symbols),
                          "ForeachMatchFlags": (_parse_flags, _print_flags)},
       verify=V.verify_foreach_match,
       result_names=lambda op: [(0, "updated_root")] + ([(1, "yielded")]
                                                         if len(op.results) > 1 else [])),
    _apply_foreach_match, consumes=("root",), modifies_payload=True, allows_repeated=True)


# -- debug extension --------------------------------------------------------------------------
def _apply_emit_remark(op, state, results):
    msg = op.message.value
    if isinstance(op.at.type, OpHandleType):
        for p in state.payload_ops(op.at):
            emit_on_op(state.ctx, "remark", p, msg)
        return None
    from pyopt.ir.diagnostics import Diagnostic
    from pyopt.dialects.transform.state import _value_loc
    for v in state.payload_values(op.at):
        d = Diagnostic("remark", _value_loc(v), msg)
        if hasattr(v.owner, "args"):  # a block argument
            blk = v.owner
            d.attach_note(f"value handle points to a block argument #{v.index} in block "
                          f"#{blk.parent.blocks.index(blk)} in region "
                          f"#{blk.parent_op.regions.index(blk.parent)}")
        else:
            d.attach_note(f"value handle points to an op result #{v.index}")
        state.emit(d)


EMIT_REMARK_AT = transform_op(
    Op("transform.debug.emit_remark_at", operands=[("at", AnyHandle)],
       attrs={"message": StrAttr}, format="$at `,` $message attr-dict `:` type($at)"),
    _apply_emit_remark, match=True)


def _apply_emit_param(op, state, results):
    from pyopt.ir.diagnostics import Diagnostic
    from pyopt.syntax.printer import attr_to_str
    text = ", ".join(attr_to_str(a) for a in state.params(op.param))
    msg = op.properties.get("message")
    if msg is not None:
        text = msg.value + " " + text
    if op.anchor is None:
        emit_on_op(state.ctx, "remark", op, text)
        return None
    for p in state.payload_ops(op.anchor):
        state.emit(Diagnostic("remark", p.loc, text))


EMIT_PARAM_AS_REMARK = transform_op(
    Op("transform.debug.emit_param_as_remark",
       operands=[("param", Param), ("anchor", OpHandle, "?")], attrs={"message": StrAttr.opt()},
       format="$param (`,` $message^)?  (`at` $anchor^)? attr-dict `:` type($param) "
              "(`,` type($anchor)^)?"),
    _apply_emit_param, match=True)
