"""Metadata nodes of the translated module and their numbering.

Nodes are objects; instruction text keeps them as parts and they get their `!N` slot only when
the module is printed, in LLVM's SlotTracker order: named metadata, then per function its own
attachments and its instructions' attachments in layout order, each node numbered before the
nodes it refers to (pre-order).
"""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr
from pytranslate.export.escape import escape


class MD:
    """`!{ops}` or `distinct !{ops}`. An operand is a text (`i32 1`, `!"s"`), an MD, or None
    (`null`); SELF stands for the node itself (loop ids, alias scopes)."""
    __slots__ = ("ops", "distinct", "n")

    def __init__(self, ops, distinct=False):
        self.ops = ops
        self.distinct = distinct
        self.n = -1

    def children(self):
        return [o for o in self.ops if isinstance(o, MD)]

    def body(self):
        return "!{" + ", ".join(_op_text(o, self) for o in self.ops) + "}"

    def text(self):
        return ("distinct " if self.distinct else "") + self.body()

    def ref(self):
        return "!" + str(self.n)


class SpecialMD(MD):
    """A specialized node: `!DIFile(filename: "a", ...)`; fields are (key, operand)."""
    __slots__ = ("kind",)

    def __init__(self, kind, fields, distinct=False):
        super().__init__(fields, distinct)
        self.kind = kind

    def children(self):
        # LLVM numbers a node's operands in storage order, where DIScope nodes keep their
        # file before their scope (printed the other way round)
        if self.kind in _FILE_FIRST:
            return [v for k, v in self.ops if k == "file" and isinstance(v, MD)] + \
                [v for k, v in self.ops if k != "file" and isinstance(v, MD)]
        return [v for _, v in self.ops if isinstance(v, MD)]

    def body(self):
        return "!" + self.kind + "(" + ", ".join(
            f"{k}: {_op_text(v, self)}" for k, v in self.ops) + ")"


_FILE_FIRST = {"DICompositeType", "DISubprogram", "DILexicalBlock", "DILexicalBlockFile",
               "DIModule", "DIDerivedType", "DIBasicType", "DIStringType", "DISubroutineType",
               "DINamespace"}


class InlineMD(MD):
    """Printed in place, never numbered (DIExpression, DIArgList)."""
    __slots__ = ("inline",)

    def __init__(self, inline):
        super().__init__(())
        self.inline = inline

    def children(self):
        return []

    def ref(self):
        return self.inline


SELF = object()


def _op_text(o, owner):
    if o is None:
        return "null"
    if o is SELF:
        return owner.ref()
    if isinstance(o, MD):
        return o.ref()
    return o


def md_string(s):
    return '!"' + escape(s) + '"'


def md_tuple_key(ops):
    return tuple(id(o) if isinstance(o, MD) else o for o in ops)


class MetadataTable:
    """Uniques plain nodes and numbers nodes in slot order."""

    def __init__(self):
        self.uniqued = {}
        self.order = []

    def node(self, ops):
        ops = tuple(ops)
        key = md_tuple_key(ops)
        n = self.uniqued.get(key)
        if n is None:
            n = self.uniqued[key] = MD(ops)
        return n

    def special(self, kind, fields, distinct=False):
        if distinct:
            return SpecialMD(kind, tuple(fields), True)
        fields = tuple(fields)
        key = (kind,) + md_tuple_key(fields) if False else \
            (kind,) + tuple((k, id(v) if isinstance(v, MD) else v) for k, v in fields)
        n = self.uniqued.get(key)
        if n is None:
            n = self.uniqued[key] = SpecialMD(kind, fields)
        return n

    def visit(self, node):
        """CreateMetadataSlot: number `node`, then the nodes it refers to."""
        if node.n >= 0 or type(node) is InlineMD:
            return
        stack = [node]
        while stack:
            x = stack.pop()
            if x.n >= 0 or type(x) is InlineMD:
                continue
            x.n = len(self.order)
            self.order.append(x)
            stack.extend(reversed(x.children()))

    def visit_parts(self, parts):
        for p in parts:
            if isinstance(p, MD):
                self.visit(p)


def render_parts(parts):
    return "".join(p if type(p) is str else p.ref() for p in parts)


# ------------------------------------------------------------------- dialect attributes -> MD
def _bool(a):
    return a is not None and type(a) is IntegerAttr and bool(a.value)


class AttrMetadata:
    """Loop annotations, access groups, alias scopes and TBAA nodes, cached per attribute."""

    def __init__(self, table, loc_translator=None):
        self.t = table
        self.cache = {}
        self.loc_translator = loc_translator  # FusedLoc -> DILocation node (debug info)

    def prepare(self, attrs):
        """Makes the nodes of `attrs` (the file's aliases) now, so that a process forked
        later shares their distinct nodes (pytranslate/export/halves.py)."""
        for a in attrs:
            make = _MAKERS.get(type(a).__name__)
            if make is not None:
                make(self, a)

    # -- access groups
    def access_group(self, attr):
        n = self.cache.get(attr)
        if n is None:
            n = self.cache[attr] = MD((), distinct=True)
        return n

    def access_groups(self, arr):
        if arr is None or not arr.value:
            return None
        groups = [self.access_group(g) for g in arr.value]
        if len(groups) == 1:
            return groups[0]
        return self.t.node(groups)

    # -- alias scopes
    def _domain(self, attr):
        n = self.cache.get(attr)
        if n is None:
            ops = [SELF]
            if attr.description is not None:
                ops.append(md_string(attr.description.value))
            n = self.cache[attr] = MD(tuple(ops), distinct=True)
        return n

    def alias_scope(self, attr):
        n = self.cache.get(attr)
        if n is None:
            ops = [SELF, self._domain(attr.domain)]
            if attr.description is not None:
                ops.append(md_string(attr.description.value))
            n = self.cache[attr] = MD(tuple(ops), distinct=True)
        return n

    def alias_scopes(self, arr):
        if arr is None or not arr.value:
            return None
        return self.t.node([self.alias_scope(s) for s in arr.value])

    # -- TBAA
    def tbaa_node(self, attr):
        n = self.cache.get(attr)
        if n is not None:
            return n
        name = type(attr).__name__
        if name == "TBAARootAttr":
            if attr.id is not None:
                n = self.t.node([md_string(attr.id.value)])
            else:
                n = MD((SELF,), distinct=True)
        elif name == "TBAATypeDescriptorAttr":
            ops = [md_string(attr.id)]
            for mem in attr.members:
                ops.append(self.tbaa_node(mem.typeDesc))
                ops.append(f"i64 {mem.offset}")
            n = self.t.node(ops)
        else:  # TBAATagAttr
            ops = [self.tbaa_node(attr.base_type), self.tbaa_node(attr.access_type),
                   f"i64 {attr.offset}"]
            if attr.constant:
                ops.append("i64 1")
            n = self.t.node(ops)
        self.cache[attr] = n
        return n

    # -- loop annotations
    def loop(self, attr):
        n = self.cache.get(attr)
        if n is not None:
            return n
        ops = [SELF]
        t = self.t
        if self.loc_translator is not None:  # the start and end locations come first
            for loc in (attr.startLoc, attr.endLoc):
                if loc is not None:
                    node = self.loc_translator(loc)
                    if node is not None:
                        ops.append(node)

        def unit(name, a):
            if _bool(a):
                ops.append(t.node([md_string(name)]))

        def i1(name, a, negate=False):
            if a is not None:
                v = bool(a.value) != negate
                ops.append(t.node([md_string(name), "i1 " + ("true" if v else "false")]))

        def i32(name, a):
            if a is not None:
                v = a.value if hasattr(a, "value") else a
                if type(v) is bool:
                    v = int(v)
                ops.append(t.node([md_string(name), f"i32 {v}"]))

        def followup(name, a):
            if a is not None:
                ops.append(t.node([md_string(name), self.loop(a)]))

        def disable_enable(prefix, a):
            if a is not None:
                ops.append(t.node([md_string(prefix + (".disable" if a.value else ".enable"))]))

        unit("llvm.loop.disable_nonforced", attr.disableNonforced)
        unit("llvm.loop.mustprogress", attr.mustProgress)
        if attr.isVectorized is not None:
            i32("llvm.loop.isvectorized", attr.isVectorized.value)
        o = attr.vectorize
        if o is not None:
            i1("llvm.loop.vectorize.enable", o.disable, negate=True)
            i1("llvm.loop.vectorize.predicate.enable", o.predicateEnable)
            i1("llvm.loop.vectorize.scalable.enable", o.scalableEnable)
            i32("llvm.loop.vectorize.width", o.width)
            followup("llvm.loop.vectorize.followup_vectorized", o.followupVectorized)
            followup("llvm.loop.vectorize.followup_epilogue", o.followupEpilogue)
            followup("llvm.loop.vectorize.followup_all", o.followupAll)
        o = attr.interleave
        if o is not None:
            i32("llvm.loop.interleave.count", o.count)
        o = attr.unroll
        if o is not None:
            disable_enable("llvm.loop.unroll", o.disable)
            i32("llvm.loop.unroll.count", o.count)
            i1("llvm.loop.unroll.runtime.disable", o.runtimeDisable)
            unit("llvm.loop.unroll.full", o.full)
            followup("llvm.loop.unroll.followup_unrolled", o.followupUnrolled)
            followup("llvm.loop.unroll.followup_remainder", o.followupRemainder)
            followup("llvm.loop.unroll.followup_all", o.followupAll)
        o = attr.unrollAndJam
        if o is not None:
            disable_enable("llvm.loop.unroll_and_jam", o.disable)
            i32("llvm.loop.unroll_and_jam.count", o.count)
            followup("llvm.loop.unroll_and_jam.followup_outer", o.followupOuter)
            followup("llvm.loop.unroll_and_jam.followup_inner", o.followupInner)
            followup("llvm.loop.unroll_and_jam.followup_remainder_outer",
                     o.followupRemainderOuter)
            followup("llvm.loop.unroll_and_jam.followup_remainder_inner",
                     o.followupRemainderInner)
            followup("llvm.loop.unroll_and_jam.followup_all", o.followupAll)
        o = attr.licm
        if o is not None:
            unit("llvm.licm.disable", o.disable)
            unit("llvm.loop.licm_versioning.disable", o.versioningDisable)
        o = attr.distribute
        if o is not None:
            i1("llvm.loop.distribute.enable", o.disable, negate=True)
            followup("llvm.loop.distribute.followup_coincident", o.followupCoincident)
            followup("llvm.loop.distribute.followup_sequential", o.followupSequential)
            followup("llvm.loop.distribute.followup_fallback", o.followupFallback)
            followup("llvm.loop.distribute.followup_all", o.followupAll)
        o = attr.pipeline
        if o is not None:
            i1("llvm.loop.pipeline.disable", o.disable)
            i32("llvm.loop.pipeline.initiationinterval", o.initiationinterval)
        o = attr.peeled
        if o is not None:
            i32("llvm.loop.peeled.count", o.count)
        o = attr.unswitch
        if o is not None:
            unit("llvm.loop.unswitch.partial.disable", o.partialDisable)
        groups = attr.parallelAccesses
        if groups:
            ops.append(t.node([md_string("llvm.loop.parallel_accesses")] +
                              [self.access_group(g) for g in groups]))
        n = MD(tuple(ops), distinct=True)
        self.cache[attr] = n
        return n


_MAKERS = {"AccessGroupAttr": AttrMetadata.access_group,
           "AliasScopeAttr": AttrMetadata.alias_scope,
           "AliasScopeDomainAttr": AttrMetadata._domain,
           "LoopAnnotationAttr": AttrMetadata.loop,
           "TBAARootAttr": AttrMetadata.tbaa_node,
           "TBAATypeDescriptorAttr": AttrMetadata.tbaa_node,
           "TBAATagAttr": AttrMetadata.tbaa_node}
