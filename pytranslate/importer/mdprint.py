"""LLVM's textual spelling of metadata nodes and instructions for import diagnostics.

mlir-translate quotes metadata as LLVM prints it: `!N = distinct !{!N, i32 42}`, numbered
by a module slot tracker, and instructions with their attachments renumbered by a tracker
that only knows the module-level metadata and the enclosing function's. Both numberings
are recomputed here from the parsed module (`!N` in the source is only a label).

Node identity follows LLVM's uniquing: structurally equal non-distinct generic nodes are one
node. Debug-info nodes keep their source identity (their uniquing would need every field's
default spelled out), which only matters for inputs that repeat a DI node verbatim."""
from __future__ import annotations

import re

from pytranslate.importer.lltypes import C

# Fixed metadata kind ids (LLVMContext::MD_*); attachments print in this order.
_KIND_IDS = {n: i for i, n in enumerate((
    "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load",
    "alias.scope", "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull",
    "dereferenceable", "dereferenceable_or_null", "make.implicit", "unpredictable",
    "invariant.group", "align", "llvm.loop", "type", "section_prefix", "absolute_symbol",
    "associated", "callees", "irr_loop", "llvm.access.group", "callback",
    "llvm.preserve.access.index", "vcall_visibility", "noundef", "annotation", "nosanitize",
    "func_sanitize", "exclude", "memprof", "callsite", "kcfi_type", "pcsections",
    "DIAssignID", "coro.outside.frame"))}

_BUSY = ("busy",)
_REF = re.compile(r"(?<![\w\"])!(\d+)\b")


class MDPrinter:
    def __init__(self, module):
        self.m = module
        self._keys = {}          # id(MDRef) / node number -> identity
        self.cyclic = set()      # uniqued nodes on a reference cycle
        self._uniqued = {}       # structure of a uniqued node -> its identity
        self._module_slots = None
        self._base_slots = None  # globals + named metadata only
        self._func_slots = {}

    # ------------------------------------------------------------------ identity
    def resolve(self, ref):
        """(number or None, node) of an operand; follows `!N` references."""
        num = None
        seen = 0
        while ref is not None and ref.kind == "ref" and seen < 100:
            num = ref.v
            ref = self.m.metadata.get(ref.v)
            seen += 1
        return num, ref

    def identity(self, ref):
        """A hashable identity of the MDNode an operand denotes, or None (strings,
        values, null and DIExpressions are not slotted)."""
        num, node = self.resolve(ref)
        if node is None or node.kind not in ("node", "special"):
            return None
        if node.kind == "special" and node.v[0] in ("DIExpression", "DIArgList"):
            return None
        return self._ident(num, node)

    def _ident(self, num, node):
        memo = num if num is not None else id(node)
        got = self._keys.get(memo)
        if got is not None:
            if got == _BUSY:
                # a uniqued node on a cycle cannot be uniqued: LLVM makes it distinct
                self.cyclic.add(memo)
                return ("n", memo)
            return got
        if node.kind != "node" or (num is not None and num in self.m.distinct):
            key = ("n", memo)
        else:
            self._keys[memo] = _BUSY
            key = ("u", tuple(self._operand_key(e) for e in node.v))
            if memo in self.cyclic:
                key = ("n", memo)
            else:
                # a small stand-in for the structure: identities are hashed often (keys of
                # the TBAA and loop maps), and a nested tuple's hash is recomputed each time
                key = self._uniqued.setdefault(key, ("u", len(self._uniqued)))
        self._keys[memo] = key
        return key

    def _operand_key(self, e):
        num, node = self.resolve(e)
        if node is None:
            return ("null",)
        if node.kind in ("node", "special"):
            return self._ident(num, node)
        if node.kind == "str":
            return ("s", node.v)
        if node.kind == "val":
            v = node.v[1]
            return ("v", id(node.v[0]), id(v) if isinstance(v, C) else repr(v))
        return ("null",)

    # ------------------------------------------------------------------ slot tracking
    def _children(self, node):
        if node.kind == "node":
            return node.v
        out = []
        kind, fields = node.v
        order = _OPERANDS.get(kind)
        lists = (fields.get(k, ()) for k in order) if order is not None else \
            _field_token_lists(node)
        for toks in lists:
            for t in toks:
                if t.startswith("!") and t[1:].isdigit():
                    out.append(_Ref(int(t[1:])))
        return out

    def _create(self, slots, ref):
        """CreateMetadataSlot: pre-order numbering of a node and the nodes it refers to."""
        stack = [ref]
        while stack:
            r = stack.pop()
            key = self.identity(r)
            if key is None or key in slots:
                continue
            slots[key] = len(slots)
            _, node = self.resolve(r)
            stack.extend(reversed(self._children(node)))

    @staticmethod
    def _sorted(md):
        """Attachments in getAllMetadata order: !dbg first, then by kind id."""
        return sorted(md or (), key=lambda p: _KIND_IDS.get(p[0], 1000))

    def _base(self):
        if self._base_slots is None:
            slots = {}
            for g in self.m.globals:
                for _, ref in self._sorted(g.md):
                    self._create(slots, ref)
            for refs in self.m.named_md.values():
                for ref in refs:
                    self._create(slots, ref)
            self._base_slots = slots
        return self._base_slots

    def _function_md(self, slots, f):
        for _, ref in self._sorted(f.md):
            self._create(slots, ref)
        for bb in f.blocks:
            for inst in bb.insts:
                callee = inst.a.get("callee") if inst.op == "call" else None
                if isinstance(callee, C) and callee.kind == "global" and \
                        callee.v.startswith("llvm."):
                    for op in inst.ops:
                        if isinstance(op, tuple) and op and op[0] == "md":
                            self._create(slots, op[1])
                for _, ref in self._sorted(inst.md):
                    self._create(slots, ref)

    def module_slots(self):
        if self._module_slots is None:
            slots = dict(self._base())
            for f in self.m.functions:
                self._function_md(slots, f)
            self._module_slots = slots
        return self._module_slots

    def function_slots(self, f):
        slots = self._func_slots.get(id(f))
        if slots is None:
            slots = dict(self._base())
            if f is not None:
                self._function_md(slots, f)
            self._func_slots[id(f)] = slots
        return slots

    # ------------------------------------------------------------------ printing
    def node(self, ref):
        """`!N = [distinct ]!{...}` as Metadata::print shows a node."""
        slots = self.module_slots()
        num, node = self.resolve(ref)
        key = self.identity(ref)
        if node is None:
            return "null"
        head = f"!{slots[key]} = " if key in slots else ""
        if num is not None and (num in self.m.distinct or num in self.cyclic):
            head += "distinct "
        return head + self._body(node, slots)

    def _body(self, node, slots):
        if node.kind == "node":
            return "!{" + ", ".join(self._operand(e, slots) for e in node.v) + "}"
        if node.kind == "special":
            kind, fields = node.v
            parts = []
            for name, toks in fields.items():
                if name == "":
                    parts.extend(self._tokens(t, slots) for t in toks)
                else:
                    parts.append(f"{name}: {self._tokens(toks, slots)}")
            return f"!{kind}(" + ", ".join(parts) + ")"
        return self._operand(node, slots)

    def _operand(self, e, slots):
        num, node = self.resolve(e)
        if node is None:
            return "null"
        if node.kind in ("node", "special"):
            key = self.identity(e)
            if key is None or key not in slots:
                return self._body(node, slots)
            return f"!{slots[key]}"
        if node.kind == "str":
            return "!" + llvm_escaped(node.v)
        if node.kind == "val":
            ty, v = node.v
            return f"{llvm_type(ty)} {llvm_value(v)}"
        return "null"

    def _tokens(self, toks, slots):
        out = []
        for t in toks:
            if t.startswith("!") and t[1:].isdigit():
                key = self.identity(_Ref(int(t[1:])))
                t = f"!{slots[key]}" if key in slots else t
            if out and t not in (",", ")", "(") and out[-1] != "(":
                out.append(" ")
            out.append(t)
        return "".join(out).replace(" ,", ",")

    def inst(self, inst, func, text=None, all_md=False):
        """The source text of an instruction with its `!N` references renumbered the way
        LLVM prints a lone instruction: with every function's metadata when it is an
        intrinsic call taking a metadata node (isReferencingMDNode), else its own
        function's."""
        if text is None:
            text = self.m.text[inst.start:inst.end]
        if "!" not in text:
            return "  " + text
        slots = self.module_slots() if all_md or _references_nodes(self, inst) else \
            self.function_slots(func)

        def sub(mo):
            key = self.identity(_Ref(int(mo.group(1))))
            return f"!{slots[key]}" if key in slots else mo.group(0)
        return "  " + _REF.sub(sub, text)


def _references_nodes(printer, inst):
    callee = inst.a.get("callee") if inst.op == "call" else None
    if not (isinstance(callee, C) and callee.kind == "global" and callee.v.startswith("llvm.")):
        return False
    for op in inst.ops:
        if isinstance(op, tuple) and op and op[0] == "md":
            _, node = printer.resolve(op[1])
            if node is not None and node.kind in ("node", "special") and \
                    not (node.kind == "special" and node.v[0] == "DIArgList"):
                return True
    return False


# The operands of specialised nodes that can be nodes, in LLVM's storage order (which slot
# numbering follows; the printed field order differs, e.g. a scope's file comes first).
_OPERANDS = {
    "DILocation": ("scope", "inlinedAt"),
    "DIStringType": ("stringLength", "stringLengthExpression", "stringLocationExpression"),
    "DIDerivedType": ("file", "scope", "baseType", "extraData", "annotations"),
    "DICompositeType": ("file", "scope", "baseType", "elements", "vtableHolder",
                        "templateParams", "discriminator", "dataLocation", "associated",
                        "allocated", "rank", "annotations"),
    "DISubroutineType": ("types",),
    "DICompileUnit": ("file", "enums", "retainedTypes", "globals", "imports", "macros"),
    "DISubprogram": ("file", "scope", "type", "unit", "declaration", "retainedNodes",
                     "containingType", "templateParams", "thrownTypes", "annotations"),
    "DILexicalBlock": ("file", "scope"), "DILexicalBlockFile": ("file", "scope"),
    "DINamespace": ("scope",), "DICommonBlock": ("scope", "declaration", "file"),
    "DIModule": ("file", "scope"), "DITemplateTypeParameter": ("type",),
    "DITemplateValueParameter": ("type", "value"),
    "DIGlobalVariable": ("scope", "file", "type", "declaration", "templateParams",
                         "annotations"),
    "DILocalVariable": ("scope", "file", "type", "annotations"), "DILabel": ("scope", "file"),
    "DIObjCProperty": ("file", "type"),
    "DIImportedEntity": ("scope", "entity", "file", "elements"),
    "DIMacroFile": ("file", "nodes"), "DIGlobalVariableExpression": ("var", "expr"),
    "DISubrange": ("count", "lowerBound", "upperBound", "stride"),
    "DIGenericSubrange": ("count", "lowerBound", "upperBound", "stride"),
}


class _Ref:
    __slots__ = ("kind", "v")

    def __init__(self, n):
        self.kind = "ref"
        self.v = n


def _field_token_lists(node):
    for name, toks in node.v[1].items():
        if name == "":
            yield from toks
        else:
            yield toks


def llvm_escaped(s):
    """A quoted string as LLVM's printEscapedString writes it."""
    out = []
    for ch in s.encode("utf-8", "surrogateescape"):
        c = chr(ch)
        if 0x20 <= ch < 0x7F and c not in '"\\':
            out.append(c)
        else:
            out.append("\\%02X" % ch)
    return '"' + "".join(out) + '"'


def llvm_type(t):
    k = t.kind
    if k == "int":
        return f"i{t.w}"
    if k == "float":
        return t.name
    if k == "ptr":
        return "ptr" if t.w == 0 else f"ptr addrspace({t.w})"
    if k == "array":
        return f"[{t.w} x {llvm_type(t.elem)}]"
    if k == "vec":
        return f"<{'vscale x ' if t.scalable else ''}{t.w} x {llvm_type(t.elem)}>"
    if k == "struct":
        if t.name is not None:
            return "%" + t.name
        body = "{ " + ", ".join(llvm_type(f) for f in t.fields) + " }" if t.fields else "{}"
        return f"<{body}>" if t.packed else body
    return k


def llvm_value(v):
    if not isinstance(v, C):
        return getattr(v, "name", None) and "%" + v.name or "?"
    k = v.kind
    if k == "int":
        if v.ty.w == 1:
            return "true" if v.v else "false"
        return str(v.v)
    if k == "fp":
        return "0x%X" % v.v
    if k == "global":
        return "@" + v.v
    return {"null": "null", "undef": "undef", "poison": "poison", "zero": "zeroinitializer",
            "none": "none"}.get(k, k)
