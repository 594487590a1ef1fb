"""Transform ops that run other transform ops: sequence, named_sequence, include, yield,
foreach, alternatives (declarations and interpreter semantics of MLIR 19's TransformOps)."""
from __future__ import annotations

from pyopt.ir.constraints import (DictArrayAttr, FunctionTypeAttr, StrAttr, SymbolNameAttr,
                                  SymbolRefAttrAny, UnitAttrConstraint)
from pyopt.ir.opdef import (ATTR_SIZED_OPERANDS, ISOLATED, SINGLE_BLOCK, SYMBOL, TERMINATOR,
                            Op)
from pyopt.ir.symbols import lookup_symbol
from pyopt.syntax.function_syntax import parse_function_op, print_function_op
from pyopt.dialects.transform.extension import register_ops, transform_op, transform_model
from pyopt.dialects.transform.failures import TransformFailure, definite, silenceable
from pyopt.dialects.transform.types import (AnyHandleOrParam, FailurePropagationModeC,
                                            OpHandle, OpHandleType, SUPPRESS)
from pyopt.dialects.transform import verifiers as V
from pyopt.dialects.transform.top_level import root_operand


# -- shared pieces ----------------------------------------------------------------------------
def is_handle_consumed(value):
    """Whether some user of `value` consumes it (MLIR's isHandleConsumed)."""
    for use in value.uses():
        m = transform_model(use.owner)
        if m is not None and use.index in m.consumed_indices(use.owner):
            return True
    return False


def _body_arg_consumption(op):
    """Operands whose matching entry-block argument is consumed in the body."""
    block = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    if block is None:
        return set()
    return {i for i, a in enumerate(block.args[:len(op.operands)]) if is_handle_consumed(a)}


def apply_sequence_block(state, block, mode, results, owner):
    """MLIR's applySequenceBlock: the block's ops in order; a silenceable failure propagates
    (results then empty) or, in `suppress` mode, is dropped; yields become the results."""
    ops = list(block.ops)[:-1] if block.ops and block.terminator is not None else list(block.ops)
    for o in ops:
        try:
            state.apply(o)
        except TransformFailure as f:
            if f.definite or mode != SUPPRESS:
                if results is not None:
                    results.set_remaining_to_empty()
                raise
    if results is not None:
        forward_terminator(state, block, results)


def forward_terminator(state, block, results):
    term = block.terminator
    if term is None:
        return
    for i, v in enumerate(term.operands):
        if i < len(results.lists):
            results.set(i, state.payload(v))


def map_top_level_arguments(state, op, block):
    """PossibleTopLevelTransformOpTrait: the first block argument gets the operand's payload
    (or the payload root), the others the extra operands (or the interpreter's extra
    bindings)."""
    root = root_operand(op)
    if root is not None:
        first = state.payload_ops(root)
        extra = [state.payload(v) for v in op.operands if v is not root]
    else:
        n = len(block.args) - 1
        if len(state.extra_bindings) != n:
            raise definite(op, f"operation expects {n} extra value bindings, but "
                           f"{len(state.extra_bindings)} were provided to the interpreter")
        first = [state.top_level]
        extra = state.extra_bindings
    if block.args:
        state.set_payload(block.args[0], first)
    for a, items in zip(block.args[1:], extra):
        state.set_payload(a, items)


# -- sequence ---------------------------------------------------------------------------------
def _parse_seq_operands(p, ctx, root_el, root_t, extra_el, extra_t, optional=False):
    root = p.parse_optional_operand()
    if root is None:
        return
    extra = []
    if p.accept(","):
        extra = p.parse_operand_list()
    p.expect(":")
    p.accept("(")
    rt = p.parse_type()
    types = []
    if extra:
        off = p.start
        if not p.accept(","):
            raise p.error("expected types to be provided for all operands", off)
        types = [p.parse_type()]
        while p.accept(","):
            types.append(p.parse_type())
        if len(types) != len(extra):
            raise p.error("expected types to be provided for all operands", off)
    p.accept(")")
    ctx.set(root_el, root)
    ctx.set(root_t, rt)
    ctx.set(extra_el, extra)
    ctx.set(extra_t, types)


def drop_space(pr):
    """An empty custom directive leaves no space behind (as ODS's printers)."""
    if pr.out and pr.out[-1].endswith(" "):
        pr.out[-1] = pr.out[-1][:-1]


def _print_seq_operands(pr, op, root, root_t, extra, extra_t):
    if root is None:  # (19 leaves the space before `failures` then: two spaces)
        return
    out = pr.out
    out.append(pr.value(root))
    if extra:
        out.append(", " + pr.values(extra))
    out.append(" : ")
    if extra:
        out.append("(")
    out.append(pr.type_str(root.type))
    if extra:
        out.append(", " + pr.types([v.type for v in extra]) + ")")


def _apply_sequence(op, state, results):
    block = op.body.blocks[0]
    try:
        map_top_level_arguments(state, op, block)
        apply_sequence_block(state, block, op.failure_propagation_mode.value, results, op)
    finally:
        state.forget_region(op.body)


SEQUENCE = transform_op(
    Op("transform.sequence", operands=[("root", OpHandle, "?"),
                                       ("extra_bindings", AnyHandleOrParam, "*")],
       results=[("results", OpHandle, "*")],
       attrs={"failure_propagation_mode": FailurePropagationModeC},
       regions=["body"], traits=[ATTR_SIZED_OPERANDS, SINGLE_BLOCK],
       format="custom<SequenceOpOperands>($root, type($root), $extra_bindings, "
              "type($extra_bindings)) (`->` type($results)^)? `failures` `(` "
              "$failure_propagation_mode `)` attr-dict-with-keyword regions",
       custom_directives={"SequenceOpOperands": (_parse_seq_operands, _print_seq_operands)},
       implicit_terminator="transform.yield", verify=V.verify_sequence,
       default_dialect="transform",
       possible_top_level=True),
    _apply_sequence, consumes=_body_arg_consumption, match=True)


# -- named_sequence ---------------------------------------------------------------------------
def _parse_named_sequence(p, state):
    parse_function_op(p, state)


def _print_named_sequence(pr, op):
    ft = op.properties["function_type"].value
    print_function_op(pr, op, ft.inputs, ft.results)


def _apply_named_sequence(op, state, results):
    if not op.body.blocks:
        raise definite(op, "unresolved external named sequence")
    block = op.body.blocks[0]
    try:
        map_top_level_arguments(state, op, block)
        apply_sequence_block(state, block, 1, results, op)
    finally:
        state.forget_region(op.body)


NAMED_SEQUENCE = transform_op(
    Op("transform.named_sequence",
       attrs={"sym_name": SymbolNameAttr, "function_type": FunctionTypeAttr,
              "sym_visibility": StrAttr.opt(), "arg_attrs": DictArrayAttr.opt(),
              "res_attrs": DictArrayAttr.opt()},
       regions=["body"], traits=[ISOLATED, SYMBOL],
       parse=_parse_named_sequence, print=_print_named_sequence,
       verify=V.verify_named_sequence,
       is_declaration=lambda op: False,  # (an external named sequence may stay public)
       possible_top_level=True),
    _apply_named_sequence)


# -- include ----------------------------------------------------------------------------------
def callee_of(op):
    c = lookup_symbol(op, op.target)
    return c if c is not None and c.name == "transform.named_sequence" else None


def _include_consumed(op):
    callee = callee_of(op)
    if callee is None:
        return set()
    arg_attrs = callee.properties.get("arg_attrs")
    out = set()
    for i in range(len(op.operands)):
        if arg_attrs is not None and i < len(arg_attrs) and \
                arg_attrs[i].get("transform.consumed") is not None:
            out.add(i)
    return out


def _apply_include(op, state, results):
    callee = callee_of(op)
    if callee is None:
        raise definite(op, f"unable to find the named sequence '{op.target}'")
    if not callee.body.blocks:
        raise definite(op, f"unable to apply external symbol '{op.target}'")
    block = callee.body.blocks[0]
    mappings = [state.payload(v) for v in op.operands]
    failure = None
    try:
        for a, items in zip(block.args, mappings):
            state.set_payload(a, items)
        try:
            apply_sequence_block(state, block, op.failure_propagation_mode.value, None, op)
        except TransformFailure as f:
            if f.definite:
                raise
            failure = f
        term = block.terminator
        for i, v in enumerate(term.operands if term is not None else ()):
            results.set(i, state.payload(v))
    finally:
        state.forget_region(callee.body)
    if failure is not None:
        raise failure


INCLUDE = transform_op(
    Op("transform.include", operands=[("operands", AnyHandleOrParam, "*")],
       results=[("results", AnyHandleOrParam, "*")],
       attrs={"target": SymbolRefAttrAny, "failure_propagation_mode": FailurePropagationModeC},
       format="$target `failures` `(` $failure_propagation_mode `)``(` $operands `)` "
              "attr-dict `:` functional-type($operands, $results)",
       verify=V.verify_include),
    _apply_include, consumes=_include_consumed, match=True)


# -- yield ------------------------------------------------------------------------------------
YIELD = register_ops(
    Op("transform.yield", operands=[("operands", AnyHandleOrParam, "*")],
       traits=[TERMINATOR], format="operands attr-dict (`:` type($operands)^)?"))


# -- foreach ----------------------------------------------------------------------------------
def _apply_foreach(op, state, results):
    payloads = [state.payload(v) for v in op.targets]
    n = len(payloads[0]) if payloads else 0
    if op.with_zip_shortest is not None:
        n = min((len(p) for p in payloads), default=0)
        payloads = [p[:n] for p in payloads]
    else:
        for i, p in enumerate(payloads[1:], 1):
            if len(p) != n:
                raise silenceable(op, f"prior targets' payload size ({n}) differs from payload "
                                  f"size ({len(p)}) of target {value_text(op.targets[i])}")
    block = op.body.blocks[0]
    acc = [[] for _ in op.results]
    term = block.terminator
    for it in range(n):
        try:
            for a, p in zip(block.args, payloads):
                state.set_payload(a, [p[it]])
            for o in list(block.ops)[:-1]:
                state.apply(o)
            for i, v in enumerate(term.operands):
                acc[i].extend(state.payload(v))
        finally:
            state.forget_region(op.body)
    for i, items in enumerate(acc):
        results.set(i, items)


def value_text(v):
    """How MLIR streams a Value into a diagnostic: its defining op (generic form, local
    scope), or `<block argument> of type ...`."""
    from pyopt.syntax.printer import PrintFlags, print_op
    if hasattr(v, "owner") and not hasattr(v.owner, "args"):
        return print_op(v.owner, PrintFlags(generic=True, local_scope=True))
    return f"<block argument> of type '{v.type}' at index: {v.index}"


FOREACH = transform_op(
    Op("transform.foreach", operands=[("targets", AnyHandleOrParam, "*")],
       results=[("results", AnyHandleOrParam, "*")],
       attrs={"with_zip_shortest": UnitAttrConstraint.opt()},
       regions=["body"], traits=[SINGLE_BLOCK],
       format="$targets (`with_zip_shortest` $with_zip_shortest^)? `:` type($targets) "
              "(`->` type($results)^)? $body attr-dict",
       implicit_terminator="transform.yield", verify=V.verify_foreach),
    _apply_foreach, consumes=_body_arg_consumption)


# -- alternatives -----------------------------------------------------------------------------
def _apply_alternatives(op, state, results):
    originals = state.payload_ops(op.scope) if op.scope is not None else [state.top_level]
    for o in originals:
        if o is op or o.is_ancestor_of(op):
            raise definite(op, "scope must not contain the transforms being applied",
                           [("scope", o.loc)])
        if not o.has_trait(ISOLATED):
            raise definite(op, "only isolated-from-above ops can be alternative scopes",
                           [("scope", o.loc)])
    for region in op.regions:
        block = region.blocks[0]
        clones = [o.clone() for o in originals]
        ok = True
        try:
            if block.args:
                state.set_payload(block.args[0], clones)
            for t in list(block.ops)[:-1]:
                try:
                    state.apply(t)
                except TransformFailure as f:
                    if f.definite:
                        raise
                    ok = False
                    break
            if ok:
                for orig, clone in zip(originals, clones):
                    orig.parent.insert_before(orig, clone)
                    state.rewriter_replace(orig, clone)
                forward_terminator(state, block, results)
                return None
        finally:
            state.forget_region(region)
            if not ok:
                for c in clones:
                    c.destroy() if hasattr(c, "destroy") else None
    raise silenceable(op, "all alternatives failed")


ALTERNATIVES = transform_op(
    Op("transform.alternatives", operands=[("scope", OpHandle, "?")],
       results=[("results", OpHandle, "*")], regions=["alternatives*"],
       format="($scope^ `:` type($scope))? (`->` type($results)^)? attr-dict-with-keyword "
              "regions",
       implicit_terminator="transform.yield", verify=V.verify_alternatives,
       traits=[ISOLATED], possible_top_level=True),
    _apply_alternatives, consumes=("scope",), modifies_payload=True)

__all__ = ["SEQUENCE", "NAMED_SEQUENCE", "INCLUDE", "YIELD", "FOREACH", "ALTERNATIVES",
           "apply_sequence_block", "is_handle_consumed", "OpHandleType"]
