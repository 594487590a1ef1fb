"""LLVM 19's verifier rules for the debug metadata a translation can produce.

mlir-translate-19 verifies the module it built: debug info that LLVM finds broken (a static
member's `DW_TAG_variable` tag without its flag, a subprogram declaration with a compile unit,
an invalid expression, a fragment that covers its whole variable, ...) fails the translation
with LLVM's message followed by the offending nodes. The per-node checks are LLVM's rules in
pytranslate/dirules.py (shared with the importer's verifier); here is the walk, in the
verifier's order: each defined function (its subprogram, then for a definition its
instructions' metadata and debug records' fragments), the globals' expressions, then the
named metadata; every node once, its own checks before its operands'.
"""
from __future__ import annotations

from pytranslate.dirules import DIRules, DIFailed
from pytranslate.export.metadata import MD, SpecialMD, InlineMD, render_parts


def _f(node, key, default=None):
    for k, v in node.ops:
        if k == key:
            return v
    return default


def _kind(v):
    return v.kind if isinstance(v, SpecialMD) else None


def _int(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


def _write(v):
    if isinstance(v, InlineMD):
        return v.inline
    if isinstance(v, MD):
        return f"{v.ref()} = {v.text()}"
    return str(v)


class _Verifier(DIRules):
    """The shared rules (pytranslate/dirules.py) on the export's MD objects: a node handle is
    the SpecialMD, a raw field the MD / InlineMD operand."""

    def __init__(self):
        self.seen = set()
        self.errors = []

    def fail(self, message, *values):
        self.errors.append("\n".join([message] + [_write(v) for v in values if v is not None]))

    def visit(self, node):
        if not isinstance(node, MD) or isinstance(node, InlineMD) or id(node) in self.seen:
            return
        self.seen.add(id(node))
        if isinstance(node, SpecialMD):
            self.node_checks(node)
        for child in node.children():
            self.visit(child)

    def expression(self, inline):
        from pytranslate.export.debuginfo import expression_valid_text
        if isinstance(inline, InlineMD) and not expression_valid_text(inline.inline):
            self.fail("invalid expression", inline)
            return False
        return True

    # -- DIRules: reading the export's nodes, reporting
    def di_kind(self, x):
        if isinstance(x, SpecialMD):
            return x.kind
        if isinstance(x, InlineMD):
            text = x.inline
            i = text.find("(")
            return text[1:i] if text.startswith("!DI") and i > 0 else None
        return None

    def ref_field(self, n, name):
        v = _f(n, name)
        return v if isinstance(v, MD) else None

    def value_field(self, n, name):
        v = _f(n, name)
        return v if isinstance(v, str) else None

    def has_field(self, n, name):
        return _f(n, name) is not None

    def target(self, raw):
        return raw if isinstance(raw, MD) and not isinstance(raw, InlineMD) else None

    def entries(self, raw):
        if raw is None:
            return []
        return list(raw.ops) if type(raw) is MD else None

    def is_tuple(self, raw):
        return type(raw) is MD

    def is_distinct(self, n):
        return n.distinct

    def is_null(self, entry):
        return entry is None

    def sp_is_definition(self, n):
        return "DISPFlagDefinition" in (_f(n, "spFlags") or "")

    def di_check(self, ok, message, *shown):
        if not ok:
            self.fail(message, *shown)
            raise DIFailed

    # -- fragments of a variable
    def fragment(self, var, expr, desc):
        from pytranslate.export.debuginfo import fragment_of
        frag = fragment_of(expr.inline) if isinstance(expr, InlineMD) else None
        if frag is None or not isinstance(var, SpecialMD):
            return
        size = _variable_size(var)
        if not size:
            return
        offset, bits = frag
        if isinstance(desc, list):  # a debug record's parts
            desc = _render_record(desc)
        if bits + offset > size:
            self.fail("fragment is larger than or outside of variable", desc, var)
        elif bits == size:
            self.fail("fragment covers entire variable", desc, var)


def _render_record(parts):
    from pytranslate.export.function import render
    text = render(parts)
    return text if type(text) is str else render_parts(text)


def _variable_size(var):
    """DIVariable::getSizeInBits: the first size along the type's base types."""
    ty = _f(var, "type")
    while isinstance(ty, SpecialMD):
        size = _int(_f(ty, "size"))
        if size:
            return size
        if ty.kind != "DIDerivedType":
            return None
        ty = _f(ty, "baseType")
    return None


def verify_debug_info(m, all_globals):
    """LLVM's verdict on the module's debug metadata: a list of failure texts (empty: fine)."""
    v = _Verifier()
    records = {}
    for f, parts, var, expr in m.debug.records:
        records.setdefault(id(f), []).append((parts, var, expr))
    for f in m.function_order:
        v.visit(f.dbg)
        if f.body is None:
            continue
        for line in f.body:
            if type(line) is str:
                continue
            for part in line:
                if isinstance(part, MD):
                    v.visit(part)
        for parts, var, expr in records.get(id(f), ()):
            if expr is not None and v.expression(expr) and not _artificial(var):
                v.fragment(var, expr, parts)
    for g in all_globals:
        v.visit(getattr(g, "dbg", None))
    for _, nodes in m.named_metadata:
        for n in nodes:
            v.visit(n)
    return v.errors


def _artificial(var):
    return isinstance(var, SpecialMD) and "DIFlagArtificial" in (_f(var, "flags") or "")
