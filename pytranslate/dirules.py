"""LLVM 19's debug-info verifier rules (Verifier::visitDI*), once for both directions.

The importer verifies the debug metadata of the LLVM IR it reads (UpgradeDebugInfo: a broken
module loses its debug info), the export the metadata its translation built (mlir-translate-19
fails on it). The nodes differ - parsed metadata nodes reached through references on one side,
the export's MD objects on the other - so each side's verifier subclasses `DIRules` and says
how to read its nodes; the per-kind checks below, in LLVM's order and with its messages, are
shared. The walks (which nodes, attachments and debug records are visited, in which order) stay
with each side.

A rule gets the verifier `v` and a node handle `n` (whatever the side uses for a node). A field
read with `v.ref_field` is a "raw" field: a handle of a node, an inline node or a string, None
when absent or null. A failed check raises DIFailed, which ends the current visit only (LLVM's
CheckDI returns from the visit function); `v.sub(rule, ...)` is a nested visit function.
"""
from __future__ import annotations


class DIFailed(Exception):
    """A CheckDI failure: ends the current visit function."""


LOCAL_SCOPES = ("DISubprogram", "DILexicalBlock", "DILexicalBlockFile")
TYPES = ("DIBasicType", "DIDerivedType", "DICompositeType", "DISubroutineType", "DIStringType")
SCOPES = LOCAL_SCOPES + ("DIFile", "DICompileUnit", "DINamespace", "DIModule", "DICommonBlock",
                         "DIBasicType", "DIDerivedType", "DICompositeType", "DISubroutineType",
                         "DIStringType")
# what isa<DINode> is false for (besides strings and generic tuples)
NOT_DI_NODES = (None, "DILocation", "DIExpression", "DIArgList", "DIAssignID")
BOUND_KINDS = ("DILocalVariable", "DIGlobalVariable", "DIExpression")
DERIVED_TAGS = frozenset((
    "DW_TAG_typedef", "DW_TAG_pointer_type", "DW_TAG_ptr_to_member_type",
    "DW_TAG_reference_type", "DW_TAG_rvalue_reference_type", "DW_TAG_const_type",
    "DW_TAG_immutable_type", "DW_TAG_volatile_type", "DW_TAG_restrict_type",
    "DW_TAG_atomic_type", "DW_TAG_LLVM_ptrauth_type", "DW_TAG_member", "DW_TAG_inheritance",
    "DW_TAG_friend", "DW_TAG_set_type", "DW_TAG_template_alias"))
COMPOSITE_TAGS = frozenset((
    "DW_TAG_array_type", "DW_TAG_structure_type", "DW_TAG_union_type",
    "DW_TAG_enumeration_type", "DW_TAG_class_type", "DW_TAG_variant_part", "DW_TAG_namelist"))
BASIC_TAGS = frozenset(("DW_TAG_base_type", "DW_TAG_unspecified_type", "DW_TAG_string_type"))
ADDRESS_SPACE_TAGS = frozenset(("DW_TAG_pointer_type", "DW_TAG_reference_type",
                                "DW_TAG_rvalue_reference_type"))


class DIRules:
    """What a side's verifier provides to the shared rules (see the module docstring)."""

    # -- reading nodes
    def di_kind(self, x):
        """The DI kind ("DISubprogram", ...) of a node handle or raw field, else None."""
        raise NotImplementedError

    def ref_field(self, n, name):
        """Field `name` of node `n` as a raw metadata operand, None when absent/null/a value."""
        raise NotImplementedError

    def value_field(self, n, name):
        """The spelling of a plain-valued field (tag, flags, number, name), else None."""
        raise NotImplementedError

    def has_field(self, n, name):
        raise NotImplementedError

    def target(self, raw):
        """The node handle a raw field refers to (None for strings and inline nodes)."""
        raise NotImplementedError

    def entries(self, raw):
        """The operands of the tuple a raw field is ([] when absent), None when it is not a
        tuple whose operands are known."""
        raise NotImplementedError

    def is_tuple(self, raw):
        raise NotImplementedError

    def is_distinct(self, n):
        raise NotImplementedError

    def is_null(self, entry):
        """Whether a tuple operand is null."""
        raise NotImplementedError

    def sp_is_definition(self, n):
        """DISubprogram::isDefinition of a subprogram node."""
        raise NotImplementedError

    # -- reporting
    def di_check(self, ok, message, *shown):
        """CheckDI: when not `ok`, report `message` with the `shown` values (handles, raw
        fields or texts; None skipped) and raise DIFailed."""
        raise NotImplementedError

    def sub(self, fn, *args):
        """A nested visit function: its failure ends only it."""
        try:
            fn(*args)
        except DIFailed:
            pass

    def di_undefined(self, n, message):
        """Input LLVM 19 has no defined behaviour for."""
        self.di_check(False, message)

    def expression(self, expr):
        """visitDIExpression of a raw field (True when fine or not checked)."""
        return True

    def fragment(self, var, expr, n):
        """verifyFragmentExpression of a global variable expression."""

    # -- the entry point
    def node_checks(self, n):
        """The per-kind checks of one node (visitMDNode's dispatch)."""
        rule = RULES.get(self.di_kind(n))
        if rule is not None:
            self.sub(rule, self, n)


def _int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return 0


def _in_definition(v, n, scope):
    sp = v.target(scope) if v.di_kind(scope) == "DISubprogram" else None
    if sp is not None:
        v.di_check(v.sp_is_definition(sp), "scope points into the type hierarchy", n)


def _location(v, n):
    scope = v.ref_field(n, "scope")
    v.di_check(v.di_kind(scope) in LOCAL_SCOPES, "location requires a valid scope", n, scope)
    ia = v.ref_field(n, "inlinedAt")
    if ia is not None:
        v.di_check(v.di_kind(ia) == "DILocation", "inlined-at should be a location", n, ia)
    _in_definition(v, n, scope)


def _scope_file(v, n):
    """visitDIScope."""
    file = v.ref_field(n, "file")
    if file is not None:
        v.di_check(v.di_kind(file) == "DIFile", "invalid file", n, file)


def _scope_and_base(v, n):
    scope = v.ref_field(n, "scope")
    v.di_check(scope is None or v.di_kind(scope) in SCOPES, "invalid scope", n, scope)
    base = v.ref_field(n, "baseType")
    v.di_check(base is None or v.di_kind(base) in TYPES, "invalid base type", n, base)


def _subrange(v, n):
    v.di_check(not (v.has_field(n, "count") and v.has_field(n, "upperBound")),
               "Subrange can have any one of count or upperBound", n)
    _bound(v, n, "count", "Count")
    count = v.value_field(n, "count")
    v.di_check(count is None or _int(count) >= -1, "invalid subrange count", n)
    for name, what in (("lowerBound", "LowerBound"), ("upperBound", "UpperBound"),
                       ("stride", "Stride")):
        _bound(v, n, name, what)


def _bound(v, n, name, what):
    raw = v.ref_field(n, name)  # (a constant bound is a value: always fine)
    if raw is not None:
        v.di_check(v.di_kind(raw) in BOUND_KINDS,
                   f"{what} must be signed constant or DIVariable or DIExpression", n)


def _basic_type(v, n):
    v.di_check((v.value_field(n, "tag") or "DW_TAG_base_type") in BASIC_TAGS, "invalid tag", n)


def _string_type(v, n):
    v.di_check((v.value_field(n, "tag") or "DW_TAG_string_type") == "DW_TAG_string_type",
               "invalid tag", n)


def _derived_type(v, n):
    v.sub(_scope_file, v, n)
    tag = v.value_field(n, "tag")
    v.di_check(tag in DERIVED_TAGS, "invalid tag", n)
    if tag == "DW_TAG_ptr_to_member_type":
        extra = v.ref_field(n, "extraData")
        v.di_check(extra is None or v.di_kind(extra) in TYPES, "invalid pointer to member type",
                   n, extra)
    _scope_and_base(v, n)
    if v.has_field(n, "dwarfAddressSpace"):
        v.di_check(tag in ADDRESS_SPACE_TAGS,
                   "DWARF address space only applies to pointer or reference types", n)


def _composite_type(v, n):
    v.sub(_scope_file, v, n)
    tag = v.value_field(n, "tag")
    v.di_check(tag in COMPOSITE_TAGS, "invalid tag", n)
    _scope_and_base(v, n)
    elems = v.ref_field(n, "elements")
    v.di_check(elems is None or v.is_tuple(elems), "invalid composite elements", n, elems)
    holder = v.ref_field(n, "vtableHolder")
    v.di_check(holder is None or v.di_kind(holder) in TYPES, "invalid vtable holder", n, holder)
    if "DIFlagVector" in (v.value_field(n, "flags") or ""):
        ops = v.entries(elems)
        if ops is not None:
            v.di_check(len(ops) == 1 and v.di_kind(ops[0]) == "DISubrange",
                       "invalid vector, expected one element of type subrange", n)
    v.sub(_template_params, v, n)
    for key in ("dataLocation", "associated", "allocated", "rank"):
        if v.has_field(n, key):
            v.di_check(tag == "DW_TAG_array_type", f"{key} can only appear in array type")
    if tag == "DW_TAG_array_type":
        v.di_check(v.has_field(n, "baseType"), "array types must have a base type", n)


def _template_params(v, n):
    """visitTemplateParams."""
    params = v.ref_field(n, "templateParams")
    if params is None:
        return
    ops = v.entries(params)
    v.di_check(ops is not None, "invalid template params", n, params)
    for e in ops:
        v.di_check(v.di_kind(e) in ("DITemplateTypeParameter", "DITemplateValueParameter"),
                   "invalid template parameter", n, params, e)


def _subroutine_type(v, n):
    types = v.ref_field(n, "types")
    if v.target(types) is None:  # (absent, or not a node reference: not checked)
        return
    ops = v.entries(types)
    v.di_check(ops is not None, "invalid composite elements", n, types)
    for e in ops:
        v.di_check(v.is_null(e) or v.di_kind(e) in TYPES, "invalid subroutine type ref", n,
                   types, e)


def _subprogram(v, n):
    scope = v.ref_field(n, "scope")
    v.di_check(scope is None or v.di_kind(scope) in SCOPES, "invalid scope", n, scope)
    file = v.ref_field(n, "file")
    if file is not None:
        v.di_check(v.di_kind(file) == "DIFile", "invalid file", n, file)
    else:
        line = v.value_field(n, "line")
        v.di_check(not _int(line), "line specified with no file", n, line)
    ty = v.ref_field(n, "type")
    if ty is not None:
        v.di_check(v.di_kind(ty) == "DISubroutineType", "invalid subroutine type", n, ty)
    ct = v.ref_field(n, "containingType")
    v.di_check(ct is None or v.di_kind(ct) in TYPES, "invalid containing type", n, ct)
    v.sub(_template_params, v, n)
    decl = v.ref_field(n, "declaration")
    if decl is not None:
        target = v.target(decl)
        v.di_check(v.di_kind(decl) == "DISubprogram" and target is not None and
                   not v.sp_is_definition(target), "invalid subprogram declaration", n, decl)
    kept = v.ref_field(n, "retainedNodes")
    if kept is not None:
        ops = v.entries(kept)
        v.di_check(ops is not None, "invalid retained nodes list", n, kept)
        for e in ops:
            v.di_check(v.di_kind(e) in ("DILocalVariable", "DILabel", "DIImportedEntity"),
                       "invalid retained nodes, expected DILocalVariable, DILabel or "
                       "DIImportedEntity", n, kept, e)
    unit = v.ref_field(n, "unit")
    if v.sp_is_definition(n):
        v.di_check(v.is_distinct(n), "subprogram definitions must be distinct", n)
        v.di_check(unit is not None, "subprogram definitions must have a compile unit", n)
        v.di_check(v.di_kind(unit) == "DICompileUnit", "invalid unit type", n, unit)
    else:
        v.di_check(unit is None, "subprogram declarations must not have a compile unit", n)
    thrown = v.ref_field(n, "thrownTypes")
    if thrown is not None:
        ops = v.entries(thrown)
        v.di_check(ops is not None, "invalid thrown types list", n, thrown)
        for e in ops:
            v.di_check(v.di_kind(e) in TYPES, "invalid thrown type", n, thrown, e)


def _lexical_block_base(v, n):
    scope = v.ref_field(n, "scope")
    v.di_check(v.di_kind(scope) in LOCAL_SCOPES, "invalid local scope", n, scope)
    _in_definition(v, n, scope)


def _lexical_block(v, n):
    v.sub(_lexical_block_base, v, n)
    v.di_check(_int(v.value_field(n, "line")) or not _int(v.value_field(n, "column")),
               "cannot have column info without line info", n)


def _lexical_block_file(v, n):
    _lexical_block_base(v, n)


def _variable(v, n):
    """visitDIVariable: scope and file."""
    scope = v.ref_field(n, "scope")
    if scope is not None:
        v.di_check(v.di_kind(scope) in SCOPES, "invalid scope", n, scope)
    file = v.ref_field(n, "file")
    if file is not None:
        v.di_check(v.di_kind(file) == "DIFile", "invalid file", n, file)


def _type_ref(v, n):
    ty = v.ref_field(n, "type")
    v.di_check(ty is None or v.di_kind(ty) in TYPES, "invalid type ref", n, ty)
    return ty


def _local_variable(v, n):
    v.sub(_variable, v, n)
    ty = _type_ref(v, n)
    scope = v.ref_field(n, "scope")
    v.di_check(v.di_kind(scope) in LOCAL_SCOPES, "local variable requires a valid scope", n,
               scope)
    v.di_check(ty is None or v.di_kind(ty) != "DISubroutineType", "invalid type", n, ty)


def _global_variable(v, n):
    v.sub(_variable, v, n)
    ty = _type_ref(v, n)
    if v.value_field(n, "isDefinition") != "false":
        v.di_check(ty is not None, "missing global variable type", n)
    member = v.ref_field(n, "declaration")
    if member is not None:
        v.di_check(v.di_kind(member) == "DIDerivedType",
                   "invalid static data member declaration", n, member)


def _global_variable_expression(v, n):
    """visitDIGlobalVariableExpression: its variable's checks (each time it is reached), then
    its expression and fragment."""
    var = v.ref_field(n, "var")
    v.di_check(var is not None, "missing variable")
    if v.di_kind(var) != "DIGlobalVariable":
        # (19 reads whatever it is as a global variable)
        v.di_undefined(n, "the variable of a DIGlobalVariableExpression must be a "
                          "DIGlobalVariable")
    v.sub(_global_variable, v, v.target(var))
    expr = v.ref_field(n, "expr")
    if v.expression(expr):
        v.fragment(var, expr, n)


def _label(v, n):
    scope = v.ref_field(n, "scope")
    if scope is not None:
        v.di_check(v.di_kind(scope) in SCOPES, "invalid scope", n, scope)
    file = v.ref_field(n, "file")
    if file is not None:
        v.di_check(v.di_kind(file) == "DIFile", "invalid file", n, file)
    v.di_check(scope is not None and v.di_kind(scope) in LOCAL_SCOPES,
               "label requires a valid scope", n, scope)


def _module(v, n):
    v.di_check(v.value_field(n, "name") not in (None, '""'), "anonymous module", n)


def _compile_unit(v, n):
    v.di_check(v.is_distinct(n), "compile units must be distinct", n)
    file = v.ref_field(n, "file")
    v.di_check(file is not None and v.di_kind(file) == "DIFile", "invalid file", n, file)
    _list(v, n, "enums", "invalid enum list",
          lambda e: v.di_kind(e) == "DICompositeType" and
          v.value_field(e, "tag") == "DW_TAG_enumeration_type",
          "invalid enum type", show_list=True)
    _list(v, n, "retainedTypes", "invalid retained type list",
          lambda e: v.di_kind(e) in TYPES or
          v.di_kind(e) == "DISubprogram" and not v.sp_is_definition(e),
          "invalid retained type")
    _list(v, n, "globals", "invalid global variable list",
          lambda e: v.di_kind(e) == "DIGlobalVariableExpression", "invalid global variable ref")
    _list(v, n, "imports", "invalid imported entity list",
          lambda e: v.di_kind(e) == "DIImportedEntity", "invalid imported entity ref")
    _list(v, n, "macros", "invalid macro list",
          lambda e: v.di_kind(e) in ("DIMacro", "DIMacroFile"), "invalid macro ref")


def _list(v, n, field, list_msg, ok, entry_msg, show_list=False):
    """A field that must be a tuple whose entries all pass `ok`."""
    raw = v.ref_field(n, field)
    if raw is None:
        return
    ops = v.entries(raw)
    v.di_check(ops is not None, list_msg, n, raw)
    for e in ops:
        v.di_check(ok(e), entry_msg, n, raw if show_list else None, e)


def _namespace(v, n):
    scope = v.ref_field(n, "scope")
    if scope is not None:
        v.di_check(v.di_kind(scope) in SCOPES, "invalid scope ref", n, scope)


def _imported_entity(v, n):
    scope = v.ref_field(n, "scope")
    if scope is not None:
        v.di_check(v.di_kind(scope) in SCOPES, "invalid scope for imported entity", n, scope)
    entity = v.ref_field(n, "entity")
    v.di_check(entity is None or v.di_kind(entity) not in NOT_DI_NODES,
               "invalid imported entity", n, entity)


RULES = {"DILocation": _location, "DISubrange": _subrange, "DIBasicType": _basic_type,
         "DIStringType": _string_type, "DIDerivedType": _derived_type,
         "DICompositeType": _composite_type, "DISubroutineType": _subroutine_type,
         "DISubprogram": _subprogram, "DILexicalBlock": _lexical_block,
         "DILexicalBlockFile": _lexical_block_file, "DILocalVariable": _local_variable,
         "DIGlobalVariable": _global_variable,
         "DIGlobalVariableExpression": _global_variable_expression, "DILabel": _label,
         "DIModule": _module, "DICompileUnit": _compile_unit, "DINamespace": _namespace,
         "DIImportedEntity": _imported_entity}

# (the importer also runs it on a global's !dbg attachment, outside the node walk)
global_variable_expression_rule = _global_variable_expression
