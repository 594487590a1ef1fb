"""Verifiers of the transform dialect's core ops, with MLIR 19's messages (emitOpError ->
op_error, emitError / emitSilenceableFailure -> plain_error)."""
from __future__ import annotations

from pyopt.ir.symbols import lookup_symbol
from pyopt.ir.verify_invariants import op_error, plain_error
from pyopt.dialects.transform.extension import transform_model
from pyopt.dialects.transform.types import OpHandleType, ParamHandleType, ValueHandleType

_CONSUMED, _READONLY = "transform.consumed", "transform.readonly"


def same_interface(a, b):
    """implementSameTransformInterface: both op handles, value handles or params."""
    return any(isinstance(a, k) and isinstance(b, k)
               for k in (OpHandleType, ValueHandleType, ParamHandleType))


def _consumes(use):
    m = transform_model(use.owner)
    return True if m is None else use.index in m.consumed_indices(use.owner)


def _check_double_consume(value, report):
    first = None
    for use in value.uses():
        if not _consumes(use):
            continue
        if first is None:
            first = use
            continue
        raise report(" has more than one potential consumer",
                     [(f"used here as operand #{first.index}", first.owner.loc),
                      (f"used here as operand #{use.index}", use.owner.loc)])


def verify_sequence(op):
    from pyopt.dialects.transform.top_level import verify_possible_top_level
    verify_possible_top_level(op)
    if op.root is None and op.extra_bindings:
        raise op_error(op, "does not expect extra operands when used as top-level")
    block = op.body.blocks[0]
    for a in block.args:
        _check_double_consume(a, lambda m, n, a=a: op_error(op, f"block argument #{a.index}{m}",
                                                            n))
    ops = list(block.ops)
    for i, child in enumerate(ops):
        if transform_model(child) is None and i != len(ops) - 1:
            raise op_error(op, "expected children ops to implement TransformOpInterface",
                           [("op without interface", child.loc)])
        for r in child.results:
            _check_double_consume(r, lambda m, n, r=r, c=child: plain_error(
                c, f"result #{r.index}{m}", *n))
    term = block.terminator
    if term is None or not term.opdef or not term.opdef.is_terminator:
        raise op_error(op, "expects to have a terminator in the body")
    if [v.type for v in term.operands] != [r.type for r in op.results]:
        raise op_error(op, "expects the types of the terminator operands to match the types "
                           "of the result", [("terminator", term.loc)])


def consumed_block_arguments(block):
    from pyopt.dialects.transform.control_ops import is_handle_consumed
    return {a.index for a in block.args if is_handle_consumed(a)}


def _arg_attr(op, i, name):
    aa = op.properties.get("arg_attrs")
    return aa is not None and i < len(aa) and aa[i].get(name) is not None


def verify_consume_annotations(op, also_internal=False, warn=False):
    """verifyFunctionLikeConsumeAnnotations."""
    external = not op.body.blocks
    consumed = set() if external else consumed_block_arguments(op.body.blocks[0])
    for i in range(len(op.properties["function_type"].value.inputs)):
        c, r = _arg_attr(op, i, _CONSUMED), _arg_attr(op, i, _READONLY)
        if c and r:
            raise plain_error(op, f"argument #{i} cannot be both readonly and consumed")
        if (external or also_internal) and not c and not r:
            raise plain_error(op, "must provide consumed/readonly status for arguments of "
                                  "external or called ops")
        if not external and i in consumed and not c and r:
            raise plain_error(op, f"argument #{i} is consumed in the body but is not marked "
                                  "as such")
        if warn and not external and i not in consumed and c:
            _warn(op, f"op argument #{i} is not consumed in the body but is marked as "
                      "consumed")


def _warn(op, message):
    from pyopt.ir import verifier
    from pyopt.ir.diagnostics import Diagnostic
    engine = getattr(verifier.current_ctx, "diag_engine", None)
    if engine is not None:
        engine.emit(Diagnostic("warning", op.loc, message))


def _parent_transform(op):
    p = op.parent_op
    while p is not None:
        if transform_model(p) is not None:
            return p
        p = p.parent_op
    return None


def verify_named_sequence(op):
    table = op.parent_op
    while table is not None and not table.has_trait("SymbolTable"):
        table = table.parent_op
    if table is not None and "transform.with_named_sequence" not in table.attributes:
        raise plain_error(op, "expects the parent symbol table to have the "
                              "'transform.with_named_sequence' attribute",
                          ("symbol table operation", table.loc))
    parent = _parent_transform(op)
    if parent is not None:
        raise plain_error(op, "cannot be defined inside another transform op",
                          ("ancestor transform op", parent.loc))
    if not op.body.blocks:
        verify_consume_annotations(op, warn=True)
        return
    block = op.body.blocks[0]
    if block.first is None:
        raise plain_error(op, "expected a non-empty body block")
    term = block.last
    if term.name != "transform.yield":
        raise plain_error(op, "expected 'transform.yield' as terminator",
                          ("terminator", term.loc))
    results = op.properties["function_type"].value.results
    if len(term.operands) != len(results):
        raise plain_error(term, "expected terminator to have as many operands as the parent "
                                "op has results")
    for i, (v, t) in enumerate(zip(term.operands, results)):
        if v.type is not t:
            raise plain_error(term, f"the type of the terminator operand #{i} must match the "
                                    f"type of the corresponding parent op result ({v.type} vs "
                                    f"{t})")
    verify_consume_annotations(op, warn=True)


def verify_include(op):
    callee = lookup_symbol(op, op.target)
    if callee is None or callee.name != "transform.named_sequence":
        raise op_error(op, "does not reference a named transform sequence")
    ft = callee.properties["function_type"].value
    if len(ft.inputs) != len(op.operands):
        raise plain_error(op, "incorrect number of operands for callee")
    for i, (v, t) in enumerate(zip(op.operands, ft.inputs)):
        if v.type is not t:
            raise op_error(op, f"operand type mismatch: expected operand type '{t}', but "
                               f"provided '{v.type}' for operand number {i}")
    if len(ft.results) != len(op.results):
        raise plain_error(op, "incorrect number of results for callee")
    for i, (r, t) in enumerate(zip(op.results, ft.results)):
        if not same_interface(r.type, t):
            raise op_error(op, f"type of result #{i} must implement the same transform "
                               "dialect interface as the corresponding callee result")
    verify_consume_annotations(callee, also_internal=True)


def verify_foreach(op):
    block = op.body.blocks[0]
    if len(op.targets) != len(block.args):
        raise op_error(op, "expects the same number of targets as the body has block "
                           "arguments")
    for v, a in zip(op.targets, block.args):
        if v.type is not a.type:
            raise op_error(op, "expects co-indexed targets and the body's block arguments to "
                               "have the same op/value/param type")
    term = block.terminator
    operands = term.operands if term is not None else []
    if len(op.results) != len(operands):
        raise op_error(op, "expects the same number of results as the yield terminator has "
                           "operands")
    for r, v in zip(op.results, operands):
        if r.type is not v.type:
            raise op_error(op, "expects co-indexed results and yield operands to have the "
                               "same op/value/param type")


def verify_alternatives(op):
    from pyopt.dialects.transform.top_level import verify_possible_top_level
    verify_possible_top_level(op)
    for region in op.regions:
        term = region.blocks[0].terminator if region.blocks else None
        if term is None:
            continue
        if [v.type for v in term.operands] != [r.type for r in op.results]:
            raise op_error(op, "expects terminator operands to have the same type as results "
                               "of the operation", [("terminator", term.loc)])


def verify_match_dims(op):
    raw = op.properties["raw_position_list"].values
    inverted = op.properties.get("is_inverted") is not None
    all_ = op.properties.get("is_all") is not None
    if all_:
        if inverted:
            raise op_error(op, "cannot request both 'all' and 'inverted' values in the list")
        if raw:
            raise op_error(op, "cannot both request 'all' and specific values in the list")
    if not all_ and not raw:
        raise op_error(op, "must request specific values in the list if 'all' is not "
                           "specified")
    if any(a == b for a, b in zip(raw, raw[1:])):
        raise op_error(op, "expected the listed values to be unique")


def verify_merge_handles(op):
    types = [v.type for v in op.handles]
    if types and any(not same_interface(t, types[0]) for t in types):
        raise op_error(op, "expects all operands to be of the same type")
    if not op.handles:
        raise op_error(op, "expected at least one operand")


def verify_split_handle(op):
    o = op.properties.get("overflow_result")
    if o is not None and not 0 <= o.value < len(op.results):
        raise op_error(op, "overflow_result is not a valid result index")


def verify_cast(op):
    return None


def verify_num_associations(op):
    from pyopt.ir.attributes import IntegerAttr
    from pyopt.ir.types import I64
    t = op.num.type
    bad = t.check_payload([IntegerAttr(I64, 0)]) if hasattr(t, "check_payload") else None
    if bad is not None:
        raise plain_error(op, bad[0])


def verify_same_types(*names):
    def verify(op):
        types = [getattr(op, n).type for n in names]
        if any(t is not types[0] for t in types):
            raise op_error(op, "failed to verify that all of {" + ", ".join(names) +
                           "} have same type")
    return verify


def _sequence_symbol(op, ref):
    s = lookup_symbol(op, ref)
    return s if s is not None and s.name == "transform.named_sequence" else None


def verify_collect_matching(op):
    m = _sequence_symbol(op, op.matcher)
    if m is None:
        raise plain_error(op, f"unresolved matcher symbol {op.matcher}")
    ft = m.properties["function_type"].value
    if len(ft.inputs) != 1 or not isinstance(ft.inputs[0], OpHandleType):
        raise plain_error(op, "expected the matcher to take one operation handle argument")
    if not _arg_attr(m, 0, _READONLY):
        raise plain_error(op, "expected the matcher argument to be marked readonly")
    if len(ft.results) != len(op.results):
        raise plain_error(op, f"expected the matcher to yield as many values as op has results "
                              f"({len(op.results)}), got {len(ft.results)}")
    for i, (t, r) in enumerate(zip(ft.results, op.results)):
        if not same_interface(t, r.type):
            raise plain_error(op, f"mismatching type interfaces for matcher result and op "
                                  f"result #{i}")


def verify_foreach_match(op):
    if len(op.matchers) != len(op.actions):
        raise op_error(op, "expected the same number of matchers and actions")
    if not len(op.matchers):
        raise op_error(op, "expected at least one match/action pair")
    seen = set()
    for m in op.matchers:
        if m in seen:
            _warn(op, f"matcher {m} is used more than once, only the first match will apply")
        seen.add(m)
    operand_types = [v.type for v in op.operands]
    for mref, aref in zip(op.matchers, op.actions):
        m, a = _sequence_symbol(op, mref), _sequence_symbol(op, aref)
        if m is None:
            raise plain_error(op, f"unresolved matcher symbol {mref}")
        if a is None:
            raise plain_error(op, f"unresolved action symbol {aref}")
        verify_consume_annotations(m, also_internal=True)
        verify_consume_annotations(a, also_internal=True)
        mft, aft = m.properties["function_type"].value, a.properties["function_type"].value
        if len(operand_types) != len(mft.inputs):
            raise plain_error(op, f"the number of operands ({len(operand_types)}) doesn't "
                                  f"match the number of matcher arguments ({len(mft.inputs)}) "
                                  f"for {mref}", ("symbol declaration", m.loc))
        for i, (t, at) in enumerate(zip(operand_types, mft.inputs)):
            if _arg_attr(m, i, _CONSUMED):
                raise op_error(op, f"does not expect matcher symbol to consume its operand "
                                   f"#{i}", [("symbol declaration", m.loc)])
            if not same_interface(t, at):
                raise plain_error(op, f"mismatching type interfaces for operand and matcher "
                                      f"argument #{i} of matcher {mref}",
                                  ("symbol declaration", m.loc))
        if len(mft.results) != len(aft.inputs):
            raise plain_error(op, f"mismatching number of matcher results and action arguments "
                                  f"between {mref} ({len(mft.results)}) and {aref} "
                                  f"({len(aft.inputs)})")
        for i, (t, at) in enumerate(zip(mft.results, aft.inputs)):
            if not same_interface(t, at):
                raise plain_error(op, f"mismatching type interfaces for matcher result and "
                                      f"action argument #{i}of matcher {mref} and action "
                                      f"{aref}")
        extra = [r.type for r in op.results[1:]]
        if len(aft.results) != len(extra):
            raise plain_error(op, f"the number of action results ({len(aft.results)}) for "
                                  f"{aref} doesn't match the number of extra op results "
                                  f"({len(extra)})", ("symbol declaration", a.loc))
        for i, (t, at) in enumerate(zip(extra, aft.results)):
            if not same_interface(t, at):
                raise plain_error(op, f"mismatching type interfaces for action result #{i} of "
                                      f"action {aref} and op result",
                                  ("symbol declaration", a.loc))
