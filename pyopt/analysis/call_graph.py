"""The call graph (MLIR's CallGraph analysis) and the call/callable op vocabulary.

A node stands for the body region of a callable op (a function with a body). Edges, in
insertion order, are `call` (a call op inside the node resolves to the target), `child` (the
target is a callable nested in the node) and `abstract` (from the external caller node to every
top-level callable). Calls that resolve to nothing callable point to the unknown-callee node.
`sccs()` yields the strongly connected components bottom-up, in the exact order of LLVM's
scc_iterator started at the external node, since the order decides what gets inlined first.
"""
from __future__ import annotations

from pyopt.ir.attributes import SymbolRefAttr
from pyopt.ir.core import Value
from pyopt.ir.symbols import is_symbol_table, nearest_symbol_table
# (calls and callables are the CallOpInterface / CallableOpInterface models of the dialects;
# the inliner imports them from here)
from pyopt.interfaces.control_flow import (  # noqa: F401
    call_args as _call_args, call_callee, callable_region, callable_results, is_call,
    is_callable)

CALL, CHILD, ABSTRACT = "call", "child", "abstract"


def call_args(op):
    return list(_call_args(op))


def lookup_from(tables, op, ref):
    """lookupNearestSymbolFrom: resolve `ref` in the nearest symbol table of `op` (itself
    included)."""
    table = op if is_symbol_table(op) else nearest_symbol_table(op)
    return tables.lookup_in(table, ref) if table is not None else None


def resolve_callable(call, tables):
    """The op a call targets (CallOpInterface::resolveCallable), or None."""
    callee = call_callee(call)
    if isinstance(callee, Value):
        return callee.defining_op()
    if type(callee) is not SymbolRefAttr:
        return None
    return lookup_from(tables, call, callee)


# -- the graph ----------------------------------------------------------------------------
class CallGraphNode:
    __slots__ = ("region", "edges", "_edge_set")

    def __init__(self, region):
        self.region = region  # None: the external caller or the unknown callee node
        self.edges = []       # [(target, kind)] in insertion order
        self._edge_set = set()

    @property
    def is_external(self):
        return self.region is None

    def add_edge(self, target, kind):
        key = (id(target), kind)
        if key not in self._edge_set:
            self._edge_set.add(key)
            self.edges.append((target, kind))

    def has_children(self):
        return any(k == CHILD for _, k in self.edges)

    def calls_itself(self):
        return any(t is self for t, _ in self.edges)

    @property
    def callable_op(self):
        return self.region.parent

    def __repr__(self):
        if self.region is None:
            return "<CallGraphNode external>"
        return f"<CallGraphNode {self.region.parent.name}>"


class CallGraph:
    def __init__(self, root, tables):
        self.nodes = {}  # region -> node (insertion ordered)
        self.external = CallGraphNode(None)
        self.unknown = CallGraphNode(None)
        self.tables = tables
        # Two walks: callables first, so calls can resolve to callables nested anywhere.
        self._compute(root, None, False)
        self._compute(root, None, True)

    def _compute(self, op, parent, resolve):
        if is_call(op):
            if resolve and parent is not None:
                parent.add_edge(self.resolve(op), CALL)
            return
        if is_callable(op):
            region = callable_region(op)
            if region is None:
                return
            parent = self._get_or_add(region, parent)
        for r in op.regions:
            for b in r.blocks:
                for nested in b:
                    self._compute(nested, parent, resolve)

    def _get_or_add(self, region, parent):
        node = self.nodes.get(region)
        if node is None:
            node = self.nodes[region] = CallGraphNode(region)
            if parent is not None:
                parent.add_edge(node, CHILD)
            else:
                self.external.add_edge(node, ABSTRACT)
        return node

    def lookup(self, region):
        return self.nodes.get(region)

    def resolve(self, call):
        """The node of the callee of `call`, or the unknown-callee node."""
        target = resolve_callable(call, self.tables)
        if target is not None and is_callable(target):
            node = self.nodes.get(callable_region(target))
            if node is not None:
                return node
        return self.unknown

    def __iter__(self):
        return iter(list(self.nodes.values()))

    def sccs(self):
        """Bottom-up SCCs (lists of nodes), as llvm::scc_iterator from the external node."""
        numbers = {}
        node_stack = []
        visit_stack = []  # [node, next edge index, min visit number]
        counter = [0]
        done = float("inf")

        def visit(n):
            counter[0] += 1
            numbers[n] = counter[0]
            node_stack.append(n)
            visit_stack.append([n, 0, counter[0]])

        visit(self.external)
        while visit_stack:
            while True:
                top = visit_stack[-1]
                edges = top[0].edges
                if top[1] >= len(edges):
                    break
                child = edges[top[1]][0]
                top[1] += 1
                num = numbers.get(child)
                if num is None:
                    visit(child)
                elif top[2] > num:
                    top[2] = num
            node, _, low = visit_stack.pop()
            if visit_stack and visit_stack[-1][2] > low:
                visit_stack[-1][2] = low
            if low != numbers[node]:
                continue
            scc = []
            while True:
                x = node_stack.pop()
                scc.append(x)
                numbers[x] = done
                if x is node:
                    break
            yield scc
