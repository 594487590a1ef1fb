"""`view-op-graph`: the op the pass runs on as a Graphviz (dot) graph, written to stderr.

Ops without regions are filled ellipses (one colour per op name, hues spread evenly over the
names in post-order of first appearance); ops with regions and blocks are clusters with an
invisible anchor node that edges attach to. Data-flow edges (solid, labelled with the operand
number when there are several) and control-flow edges between consecutive ops of a block
(dashed) are written after every node. The layout follows MLIR 19's pass, so the output
can be compared with mlir-opt's.
"""
from __future__ import annotations

import sys

from pyopt.ir.attributes import (ArrayAttr, DenseElementsAttr, DenseResourceElementsAttr,
                                 DenseStringElementsAttr, SparseElementsAttr)
from pyopt.pass_registry import PassOption, register_pass
from pyopt.syntax.printer import Printer, PrintFlags

_ELEMENTS = (DenseElementsAttr, DenseStringElementsAttr, DenseResourceElementsAttr,
             SparseElementsAttr)


# a property MLIR 19 keeps as a plain C++ value, not an attribute (so not among getAttrs())
_PLAIN_PROPERTY = ("overflowFlags", "llvm.")


def _escape(text):
    """llvm::raw_ostream::write_escaped on the UTF-8 bytes of `text`."""
    out = []
    for b in text.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif c == "\t":
            out.append("\\t")
        elif c == "\n":
            out.append("\\n")
        elif c == '"':
            out.append('\\"')
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\" + format(b, "03o"))
    return "".join(out)


def _quote(text):
    return '"' + _escape(text) + '"'


def _attr_list(attrs):
    return "[" + ", ".join(f"{k} = {attrs[k]}" for k in sorted(attrs)) + "]"


class _Node:
    __slots__ = ("id", "cluster")

    def __init__(self, id_, cluster=None):
        self.id = id_
        self.cluster = cluster


class _Graph:
    def __init__(self, options, flags):
        self.max_len = options["max-label-len"]
        self.attrs = options["print-attrs"]
        self.cf_edges = options["print-control-flow-edges"]
        self.df_edges = options["print-data-flow-edges"]
        self.result_types = options["print-result-types"]
        kw = {k: getattr(flags, k) for k in PrintFlags.__slots__} if flags is not None else {}
        kw["local_scope"] = True  # (attributes and types in full, as Attribute::print)
        self.printer = Printer(PrintFlags(**kw))
        limit = flags.elide_limit if flags is not None else None
        self.large = limit if limit is not None else 16
        self.lines = []
        self.depth = 0
        self.edges = []
        self.data_flow = []  # (value, node, label), emitted after every node (cycles)
        self.value_node = {}
        self.counter = 0
        self.colors = {}

    def emit(self, line):
        self.lines.append("  " * self.depth + line + "\n")

    def init_colors(self, root):
        names = []
        seen = set()

        def visit(op):
            if op.name not in seen:
                seen.add(op.name)
                names.append(op.name)
        root.walk(visit, post_order=True)
        for i, name in enumerate(names):
            self.colors[name] = f"{i / len(names):.6f} 1.0 1.0"

    def graph(self, root):
        self.init_colors(root)
        self.emit("digraph G {")
        self.depth += 1
        self.emit("compound = true;")
        self.operation(root)
        if self.df_edges:
            for value, node, label in self.data_flow:
                src = self.value_node.get(value) or _Node(0)
                self.edge(src, node, label, "solid")
        for e in self.edges:
            self.emit(e + ";")
        self.depth -= 1
        self.emit("}")
        return "".join(self.lines)

    def node(self, label, shape="ellipse", background=""):
        self.counter += 1
        attrs = {"label": _quote(label), "shape": shape}
        if background:
            attrs["style"] = "filled"
            attrs["fillcolor"] = f'"{background}"'
        self.emit(f"v{self.counter} {_attr_list(attrs)};")
        return _Node(self.counter)

    def cluster(self, body, label=""):
        self.counter += 1
        cid = self.counter
        self.emit(f"subgraph cluster_{cid} {{")
        self.depth += 1
        anchor = self.node(" ", "plain")
        self.emit(f"label = {_quote(label)};")
        body()
        self.depth -= 1
        self.emit("}")
        return _Node(anchor.id, cid)

    def edge(self, n1, n2, label, style):
        attrs = {"style": style}
        if n1.cluster is None and n2.cluster is None:
            attrs["label"] = _quote(label)
        if n1.cluster is not None:
            attrs["ltail"] = f"cluster_{n1.cluster}"
        if n2.cluster is not None:
            attrs["lhead"] = f"cluster_{n2.cluster}"
        self.edges.append(f"v{n1.id} -> v{n2.id} {_attr_list(attrs)}")

    def truncate(self, s):
        return s if len(s) <= self.max_len else s[:self.max_len] + "..."

    def attr_text(self, a):
        if isinstance(a, (DenseElementsAttr, DenseStringElementsAttr)) and a.is_splat:
            return self.printer.attr_str(a)
        if isinstance(a, _ELEMENTS):
            shape = getattr(a.type, "shape", ())
            if a.type.num_elements > self.large:
                rank = len(shape)
                return f"{'[' * rank}...{']' * rank} : {self.printer.type_str(a.type)}"
        if isinstance(a, ArrayAttr) and len(a.value) > self.large:
            return "[...]"
        return self.truncate(self.printer.attr_str(a))

    def label(self, op):
        s = op.name
        if self.result_types:
            types = ", ".join(self.printer.type_str(r.type) for r in op.results)
            s += f" : ({self.truncate(types)})"
        if self.attrs:
            s += "\n"
            named = dict(op.attributes)
            named.update(op.properties)
            for name in sorted(named):
                if named[name] is None or name.startswith("<") \
                        or (name, op.name[:5]) == _PLAIN_PROPERTY:  # (<opaque>: unregistered)
                    continue
                s += f"\n{name}: {self.attr_text(named[name])}"
        return s

    def block(self, block):
        def body():
            for i, arg in enumerate(block.args):
                self.value_node[arg] = self.node(f"arg{i}")
            prev = None
            for op in block:
                nxt = self.operation(op)
                if self.cf_edges and prev is not None:
                    self.edge(prev, nxt, "", "dashed")
                prev = nxt
        self.cluster(body)

    def operation(self, op):
        if op.regions:
            def body():
                for r in op.regions:
                    for b in r.blocks:
                        self.block(b)
            node = self.cluster(body, self.label(op))
        else:
            node = self.node(self.label(op), "ellipse", self.colors.get(op.name, ""))
        if self.df_edges:
            operands = op.operands
            n = len(operands)
            for i, v in enumerate(operands):
                self.data_flow.append((v, node, "" if n == 1 else str(i)))
        for r in op.results:
            self.value_node[r] = node
        return node


@register_pass("view-op-graph", "Print Graphviz visualization of an operation",
               display_name="ViewOpGraph",
               options=[
                   PassOption("max-label-len", int, 20,
                              "Limit attribute/type length to number of chars"),
                   PassOption("print-attrs", bool, True, "Print attributes of operations"),
                   PassOption("print-control-flow-edges", bool, False,
                              "Print control flow edges"),
                   PassOption("print-data-flow-edges", bool, True, "Print data flow edges"),
                   PassOption("print-result-types", bool, True,
                              "Print result types of operations"),
               ])
def view_op_graph(op, ctx, options):
    flags = getattr(ctx, "print_flags", None)
    sys.stderr.write(_Graph(options, flags).graph(op))
    return None
