"""LLVM 19's verifier rules for the debug metadata a translation can produce.

mlir-translate-19 verifies the module it built: debug info that LLVM finds broken (a static
member's `DW_TAG_variable` tag without its flag, a subprogram declaration with a compile unit,
an invalid expression, a fragment that covers its whole variable, ...) fails the translation
with LLVM's message followed by the offending nodes. The checks below are the subset of LLVM's
that MLIR's debug attributes can violate, visited in the verifier's order: each defined
function (its subprogram, then for a definition its instructions' metadata), the globals'
expressions, then the named metadata; every node once, its own checks before its operands'.
"""
from __future__ import annotations

from pytranslate.export.metadata import MD, SpecialMD, InlineMD, render_parts

_DERIVED_TAGS = {
    "DW_TAG_typedef", "DW_TAG_pointer_type", "DW_TAG_ptr_to_member_type",
    "DW_TAG_reference_type", "DW_TAG_rvalue_reference_type", "DW_TAG_const_type",
    "DW_TAG_immutable_type", "DW_TAG_volatile_type", "DW_TAG_restrict_type",
    "DW_TAG_atomic_type", "DW_TAG_LLVM_ptrauth_type", "DW_TAG_member", "DW_TAG_inheritance",
    "DW_TAG_friend", "DW_TAG_set_type", "DW_TAG_template_alias"}
_COMPOSITE_TAGS = {"DW_TAG_array_type", "DW_TAG_structure_type", "DW_TAG_union_type",
                   "DW_TAG_enumeration_type", "DW_TAG_class_type", "DW_TAG_variant_part",
                   "DW_TAG_namelist"}
_BASIC_TAGS = {"DW_TAG_base_type", "DW_TAG_unspecified_type", "DW_TAG_string_type"}
_ADDRESS_SPACE_TAGS = {"DW_TAG_pointer_type", "DW_TAG_reference_type",
                       "DW_TAG_rvalue_reference_type"}
_TYPES = {"DIBasicType", "DIDerivedType", "DICompositeType", "DISubroutineType",
          "DIStringType"}
_LOCAL_SCOPES = {"DISubprogram", "DILexicalBlock", "DILexicalBlockFile"}


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


class _Verifier:
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
            check = getattr(self, "_" + node.kind, None)
            if check is not None:
                check(node)
        for child in node.children():
            self.visit(child)

    def expression(self, inline):
        from pytranslate.export.debuginfo import expression_valid_text
        if isinstance(inline, InlineMD) and not expression_valid_text(inline.inline):
            self.fail("invalid expression", inline)
            return False
        return True

    # -- per-kind rules (LLVM's visitDI* functions), first failure per node
    def _DIDerivedType(self, n):
        tag = _f(n, "tag")
        if tag not in _DERIVED_TAGS:
            return self.fail("invalid tag", n)
        if tag == "DW_TAG_ptr_to_member_type" and _kind(_f(n, "extraData")) not in _TYPES:
            return self.fail("invalid pointer to member type", n, _f(n, "extraData"))
        if _f(n, "dwarfAddressSpace") is not None and tag not in _ADDRESS_SPACE_TAGS:
            return self.fail("DWARF address space only applies to pointer or reference types",
                             n)

    def _DICompositeType(self, n):
        tag = _f(n, "tag")
        if tag not in _COMPOSITE_TAGS:
            return self.fail("invalid tag", n)
        flags = _f(n, "flags") or ""
        if "DIFlagVector" in flags:
            elems = _f(n, "elements")
            ops = elems.ops if isinstance(elems, MD) else ()
            if len(ops) != 1 or _kind(ops[0]) != "DISubrange":
                return self.fail("invalid vector, expected one element of type subrange", n)
        for key, what in (("dataLocation", "dataLocation"), ("associated", "associated"),
                          ("allocated", "allocated"), ("rank", "rank")):
            if _f(n, key) is not None and tag != "DW_TAG_array_type":
                return self.fail(f"{what} can only appear in array type")
        if tag == "DW_TAG_array_type" and _f(n, "baseType") is None:
            return self.fail("array types must have a base type", n)

    def _DIBasicType(self, n):
        if (_f(n, "tag") or "DW_TAG_base_type") not in _BASIC_TAGS:
            self.fail("invalid tag", n)

    def _DIStringType(self, n):
        if (_f(n, "tag") or "DW_TAG_string_type") != "DW_TAG_string_type":
            self.fail("invalid tag", n)

    def _DISubprogram(self, n):
        if _f(n, "file") is None and _int(_f(n, "line")):
            return self.fail("line specified with no file", n, _f(n, "line"))
        unit = _f(n, "unit")
        if "DISPFlagDefinition" in (_f(n, "spFlags") or ""):
            if unit is None:
                return self.fail("subprogram definitions must have a compile unit", n)
        elif unit is not None:
            return self.fail("subprogram declarations must not have a compile unit", n)

    def _local_scope(self, n, message):
        scope = _f(n, "scope")
        if _kind(scope) not in _LOCAL_SCOPES:
            self.fail(message, n, scope if isinstance(scope, MD) else None)
            return False
        return True

    def _in_definition(self, n):
        scope = _f(n, "scope")
        if _kind(scope) == "DISubprogram" and \
                "DISPFlagDefinition" not in (_f(scope, "spFlags") or ""):
            self.fail("scope points into the type hierarchy", n)
            return False
        return True

    def _DILexicalBlock(self, n):
        if self._local_scope(n, "invalid local scope") and self._in_definition(n):
            if not _int(_f(n, "line")) and _int(_f(n, "column")):
                self.fail("cannot have column info without line info", n)

    def _DILexicalBlockFile(self, n):
        if self._local_scope(n, "invalid local scope"):
            self._in_definition(n)

    def _DILocation(self, n):
        if self._local_scope(n, "location requires a valid scope"):
            self._in_definition(n)

    def _DILocalVariable(self, n):
        if self._local_scope(n, "local variable requires a valid scope"):
            if _kind(_f(n, "type")) == "DISubroutineType":
                self.fail("invalid type", n, _f(n, "type"))

    def _DILabel(self, n):
        self._local_scope(n, "label requires a valid scope")

    def _DIGlobalVariable(self, n):
        if _f(n, "isDefinition") == "true" and _f(n, "type") is None:
            self.fail("missing global variable type", n)

    def _DIModule(self, n):
        if _f(n, "name") is None:
            self.fail("anonymous module", n)

    def _DISubrange(self, n):
        if _f(n, "count") is not None and _f(n, "upperBound") is not None:
            return self.fail("Subrange can have any one of count or upperBound", n)
        count = _f(n, "count")
        if isinstance(count, str) and _int(count) < -1:
            return self.fail("invalid subrange count", n)

    def _DIGlobalVariableExpression(self, n):
        expr = _f(n, "expr")
        if self.expression(expr):
            self.fragment(_f(n, "var"), expr, n)

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
