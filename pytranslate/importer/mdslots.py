"""LLVM's metadata slot numbers for instructions quoted in diagnostics.

mlir-translate-19 prints an instruction it cannot import through LLVM's printer, which numbers
metadata afresh (SlotTracker): the globals' attachments, the named metadata, then the
functions' metadata - every function's when the instruction takes metadata operands (a debug
intrinsic), else only its own function's. A node gets its number before the nodes it refers to,
in the order LLVM stores their operands; DIExpressions and DIArgLists get none. Input written
by LLVM is already numbered so; hand-written input is not, hence the renumbering.
"""
from __future__ import annotations

import re

# Attachment kinds LLVM registers up front, in kind-ID order (getAllMetadata sorts by ID).
_FIXED_KINDS = [
    "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope",
    "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable",
    "dereferenceable_or_null", "make.implicit", "unpredictable", "invariant.group", "align",
    "llvm.loop", "type", "section_prefix", "absolute_symbol", "associated", "callees",
    "irr_loop", "llvm.access.group", "callback", "llvm.preserve.access.index",
    "vcall_visibility", "noundef", "annotation", "nosanitize", "func_sanitize", "exclude",
    "memprof", "callsite", "kcfi_type", "pcsections", "DIAssignID", "coro.outside.frame"]
_KIND_ID = {k: i for i, k in enumerate(_FIXED_KINDS)}

# The operands of specialised nodes that can be nodes, in LLVM's storage order.
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
_NO_SLOT = {"DIExpression", "DIArgList"}
_REF = re.compile(r"!(\d+)\Z")
_TEXT_REF = re.compile(r'(?<![\w"])!(\d+)\b')


class SlotNumbering:
    def __init__(self, module):
        self.m = module
        self.cache = {}

    def _sorted(self, attachments):
        return sorted(attachments or (), key=lambda a: _KIND_ID.get(a[0], len(_KIND_ID)))

    def _children(self, node):
        if node.kind == "node":
            return list(node.v)
        kind, fields = node.v
        keys = _OPERANDS.get(kind)
        if keys is None:
            keys = [k for k in fields if k]
        out = []
        for k in keys:
            for tok in fields.get(k, ()):
                m = _REF.match(tok) if isinstance(tok, str) else None
                if m:
                    out.append(int(m.group(1)))
        return out

    def _visit(self, root, slots):
        stack = [root]
        metadata = self.m.metadata
        while stack:
            r = stack.pop()
            key = None
            if isinstance(r, int):
                key, r = r, metadata.get(r)
            while r is not None and r.kind == "ref":
                key, r = r.v, metadata.get(r.v)
            if r is None or r.kind not in ("node", "special"):
                continue
            if r.kind == "special" and r.v[0] in _NO_SLOT:
                continue
            k = key if key is not None else id(r)
            if k in slots:
                continue
            slots[k] = len(slots)
            stack.extend(reversed(self._children(r)))

    def _function(self, f, slots):
        for _, ref in self._sorted(f.md):
            self._visit(ref, slots)
        for bb in f.blocks:
            for inst in bb.insts:
                if _is_intrinsic_call(inst):
                    for op in inst.ops:
                        if isinstance(op, tuple):
                            self._visit(op[1], slots)
                for _, ref in self._sorted(inst.md):
                    self._visit(ref, slots)

    def slots(self, func, everything):
        key = None if everything else id(func)
        got = self.cache.get(key)
        if got is not None:
            return got
        slots = {}
        for g in self.m.globals:
            for _, ref in self._sorted(getattr(g, "md", None)):
                self._visit(ref, slots)
        for elems in self.m.named_md.values():
            for e in elems:
                self._visit(e, slots)
        for f in (self.m.functions if everything else [func] if func is not None else []):
            self._function(f, slots)
        self.cache[key] = slots
        return slots

    def renumber(self, text, inst, func):
        """`text` (an instruction of `func`) with LLVM's numbers for its metadata refs."""
        if "!" not in text:
            return text
        slots = self.slots(func, _references_nodes(inst))
        return _TEXT_REF.sub(lambda m: "!" + str(slots.get(int(m.group(1)), m.group(1))),
                             text)


def _is_intrinsic_call(inst):
    callee = inst.a.get("callee") if inst.op in ("call", "invoke") else None
    return callee is not None and getattr(callee, "kind", None) == "global" and \
        str(callee.v).startswith("llvm.")


def _references_nodes(inst):
    """isReferencingMDNode: an intrinsic call with a metadata node operand."""
    if inst.op != "call" or not _is_intrinsic_call(inst):
        return False
    for op in inst.ops:
        if isinstance(op, tuple) and op[1].kind in ("ref", "node", "special"):
            if op[1].kind != "special" or op[1].v[0] != "DIArgList":
                return True
    return False
