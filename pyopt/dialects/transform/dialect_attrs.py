"""Discardable `transform.*` attributes on any op (TransformDialect::verifyOperationAttribute):
`transform.with_named_sequence` (a symbol table holding named sequences, without recursion),
`transform.target_tag`, `transform.consumed` / `transform.readonly`,
`transform.silence_tracking_failures`."""
from __future__ import annotations

from pyopt.ir.attributes import StringAttr, UnitAttr
from pyopt.ir.opdef import SYMBOL_TABLE
from pyopt.ir.verify_invariants import op_error, plain_error

WITH_NAMED_SEQUENCE = "transform.with_named_sequence"
TARGET_TAG = "transform.target_tag"


def verify_transform_attribute(op, name, attr):
    if name == WITH_NAMED_SEQUENCE:
        if not op.has_trait(SYMBOL_TABLE):
            raise plain_error(op, f'"{name}" attribute can only be attached to operations with '
                                  "symbol tables")
        _check_recursion(op)
        return
    if name == TARGET_TAG:
        if type(attr) is not StringAttr:
            raise plain_error(op, f'"{name}" attribute must be a string')
        return
    if name in ("transform.consumed", "transform.readonly",
                "transform.silence_tracking_failures"):
        if type(attr) is not UnitAttr:
            raise plain_error(op, f'"{name}" must be a unit attribute')
        return
    raise plain_error(op, f'unknown attribute: "{name}"')


def _check_recursion(table):
    """A cycle of `transform.include` calls between the table's named sequences."""
    from pyopt.ir.symbols import lookup_symbol
    seqs = [o for b in table.regions[0].blocks for o in b.ops
            if o.name == "transform.named_sequence"] if table.regions else []
    edges = {}
    for s in seqs:
        out = []
        for o in s.walk_ops():
            if o.name == "transform.include":
                c = lookup_symbol(o, o.properties["target"])
                if c is not None and c.name == "transform.named_sequence":
                    out.append(c)
        edges[s] = out
    state = {}
    for start in seqs:
        stack = []

        def visit(s):
            state[s] = 1
            stack.append(s)
            for c in edges.get(s, ()):
                if state.get(c) == 1:
                    # (reported as Tarjan's SCC walk lists it: last visited first)
                    cycle = stack[stack.index(c):][::-1]
                    raise plain_error(cycle[0], "recursion not allowed in named sequences",
                                      *[("operation on recursion stack", x.loc)
                                        for x in cycle[1:]])
                if c not in state:
                    visit(c)
            stack.pop()
            state[s] = 2
        if start not in state:
            visit(start)
