"""`#llvm.di_*` attributes and locations -> LLVM debug metadata (MLIR 19's DebugTranslation).

A function whose location is `fused<#llvm.di_subprogram>[...]` gets that subprogram as its
`!dbg`; every instruction translated from an op with a known location then gets a
`!DILocation` in that scope (a location fused with its own scope carries it along). Each
translated compile unit is listed in `!llvm.dbg.cu`. Nodes are uniqued like LLVM does
(`MetadataTable.special`); distinct nodes are per attribute."""
from __future__ import annotations

from pyopt.ir.location import (FileLineColLoc, FusedLoc, NameLoc, CallSiteLoc, OpaqueLoc,
                               UnknownLoc, SourceLoc)
from pyopt.dialects.llvm import dwarf
from pytranslate.export.metadata import md_string, InlineMD, SpecialMD

_PLAIN_LOCS = frozenset((FileLineColLoc, SourceLoc, UnknownLoc))  # (no scope of their own)
_EMISSION = {0: "NoDebug", 1: "FullDebug", 2: "LineTablesOnly", 3: "DebugDirectivesOnly"}
_NAME_TABLE = {1: "GNU", 2: "None", 3: "Apple"}
_ACCESS = {1: "DIFlagPrivate", 2: "DIFlagProtected", 3: "DIFlagPublic"}
_INHERITANCE = {1: "DIFlagSingleInheritance", 2: "DIFlagMultipleInheritance",
                3: "DIFlagVirtualInheritance"}
_FLAG_BITS = [(2, "FwdDecl"), (3, "AppleBlock"), (4, "ReservedBit4"), (5, "Virtual"),
              (6, "Artificial"), (7, "Explicit"), (8, "Prototyped"), (9, "ObjcClassComplete"),
              (10, "ObjectPointer"), (11, "Vector"), (12, "StaticMember"),
              (13, "LValueReference"), (14, "RValueReference"), (15, "ExportSymbols"),
              (18, "IntroducedVirtual"), (19, "BitField"), (20, "NoReturn"),
              (22, "TypePassByValue"), (23, "TypePassByReference"), (24, "EnumClass"),
              (25, "Thunk"), (26, "NonTrivial"), (27, "BigEndian"), (28, "LittleEndian"),
              (29, "AllCallsDescribed")]
_SP_VIRTUALITY = {1: "DISPFlagVirtual", 2: "DISPFlagPureVirtual"}
_SP_BITS = [(2, "LocalToUnit"), (3, "Definition"), (4, "Optimized"), (5, "Pure"),
            (6, "Elemental"), (7, "Recursive"), (8, "MainSubprogram"), (9, "Deleted"),
            (11, "ObjCDirect")]
# tags whose composite types LLVM requires to be distinct
_DISTINCT_TAGS = {"DW_TAG_class_type", "DW_TAG_enumeration_type", "DW_TAG_structure_type",
                  "DW_TAG_union_type"}


def di_flags(v):
    if not v:
        return None
    parts = []
    if v & 3:
        parts.append(_ACCESS[v & 3])
    if (v >> 16) & 3:
        parts.append(_INHERITANCE[(v >> 16) & 3])
    parts += ["DIFlag" + n for b, n in _FLAG_BITS if v & (1 << b)]
    return " | ".join(parts)


def sp_flags(v):
    if not v:
        return None
    parts = [_SP_VIRTUALITY[v & 3]] if v & 3 else []
    parts += ["DISPFlag" + n for b, n in _SP_BITS if v & (1 << b)]
    return " | ".join(parts)


def _s(a):
    """A non-empty StringAttr's metadata string, else None (the field is omitted)."""
    v = getattr(a, "value", None)
    return md_string(v)[1:] if v else None


def _q(a):
    v = getattr(a, "value", a) or ""
    return '"' + md_string(v)[2:]


def _i(a):
    v = getattr(a, "value", a)
    return int(v) if v else 0


class DebugTranslation:
    def __init__(self, module):
        self.m = module
        self.t = module.md
        self.cache = {}       # attribute -> node
        self.by_id = {}       # distinct id -> subprogram node
        self.rec = {}         # recursive id -> node being built
        self.locs = {}
        self.cus = None
        self.cu_globals = {}  # compile unit node -> global variable expressions
        self.records = []     # (function, record parts, variable, expression) for the verifier

    # ------------------------------------------------------------------ nodes
    def node(self, kind, fields, distinct=False):
        """A node from (key, value) fields; None / 0-like values the printer skips are
        given as None."""
        return self.t.special(kind, [(k, v) for k, v in fields if v is not None], distinct)

    def translate(self, attr):
        if attr is None:
            return None
        n = self.cache.get(attr)
        if n is not None:
            return n
        name = type(attr).__name__
        if name == "DINullTypeAttr":
            return None
        if name == "DICompositeTypeAttr" and attr.recId is not None:
            return self._recursive(attr)
        h = getattr(self, "_" + name, None)
        n = h(attr) if h is not None else None
        if n is not None:
            self.cache[attr] = n
        return n

    def _recursive(self, attr):
        got = self.rec.get(attr.recId)
        if got is not None:
            return got
        if attr.tag == 0 and attr.name is None:   # an unbound rec-self reference
            return None
        # The node refers to itself through its rec-self stand-ins: a placeholder takes
        # its place while the fields are translated, then becomes the node.
        from pytranslate.export.metadata import SpecialMD
        holder = SpecialMD("DICompositeType", (), False)
        self.rec[attr.recId] = holder
        try:
            n = self._DICompositeTypeAttr(attr)
        finally:
            del self.rec[attr.recId]
        holder.kind, holder.ops, holder.distinct = n.kind, n.ops, n.distinct
        self.cache[attr] = holder
        return holder

    def _tag(self, v):
        return dwarf.TAG_NAMES.get(v, str(v))

    def _DIFileAttr(self, a):
        return self.node("DIFile", [("filename", _q(a.name)), ("directory", _q(a.directory))])

    def _DICompileUnitAttr(self, a):
        n = self.node("DICompileUnit", [
            ("language", dwarf.LANGUAGE_NAMES.get(a.sourceLanguage, str(a.sourceLanguage))),
            ("file", self.translate(a.file)), ("producer", _s(a.producer)),
            ("isOptimized", "true" if a.isOptimized else "false"),
            ("runtimeVersion", "0"), ("emissionKind", _EMISSION.get(_i(a.emissionKind))),
            ("nameTableKind", _NAME_TABLE.get(_i(a.nameTableKind)))], distinct=True)
        # DIBuilder::createCompileUnit lists the unit in !llvm.dbg.cu
        if self.cus is None:
            self.cus = []
            self.m.named_metadata.append(("llvm.dbg.cu", self.cus))
        self.cus.append(n)
        return n

    def _DIBasicTypeAttr(self, a):
        tag = self._tag(a.tag)
        enc = dwarf.ENCODING_NAMES.get(a.encoding) if a.encoding else None
        return self.node("DIBasicType", [
            ("tag", tag if tag != "DW_TAG_base_type" else None), ("name", _s(a.name)),
            ("size", str(a.sizeInBits) if a.sizeInBits else None), ("encoding", enc)])

    def _DICompositeTypeAttr(self, a):
        tag = self._tag(a.tag)
        elements = [self.translate(e) for e in a.elements or ()]
        return self.node("DICompositeType", [
            ("tag", tag), ("name", _s(a.name)), ("scope", self.translate(a.scope)),
            ("file", self.translate(a.file)), ("line", str(a.line) if a.line else None),
            ("baseType", self.translate(a.baseType)),
            ("size", str(a.sizeInBits) if a.sizeInBits else None),
            ("align", str(a.alignInBits) if a.alignInBits else None),
            ("flags", di_flags(_i(a.flags))),
            ("elements", self.t.node(elements)),
            ("dataLocation", self.expression(a.dataLocation)),
            ("associated", self.expression(a.associated)),
            ("allocated", self.expression(a.allocated)),
            ("rank", self.expression(a.rank))], distinct=tag in _DISTINCT_TAGS)

    def _DIStringTypeAttr(self, a):
        tag = self._tag(a.tag)
        enc = dwarf.ENCODING_NAMES.get(a.encoding) if a.encoding else None
        return self.node("DIStringType", [
            ("tag", tag if tag != "DW_TAG_string_type" else None), ("name", _s(a.name)),
            ("stringLength", self.translate(a.stringLength)),
            ("stringLengthExpression", self.expression(a.stringLengthExp)),
            ("stringLocationExpression", self.expression(a.stringLocationExp)),
            ("size", str(a.sizeInBits) if a.sizeInBits else None),
            ("align", str(a.alignInBits) if a.alignInBits else None), ("encoding", enc)])

    def _DIDerivedTypeAttr(self, a):
        das = a.dwarfAddressSpace
        return self.node("DIDerivedType", [
            ("tag", self._tag(a.tag)), ("name", _s(a.name)),
            ("baseType", self.translate(a.baseType) or "null"),
            ("size", str(a.sizeInBits) if a.sizeInBits else None),
            ("align", str(a.alignInBits) if a.alignInBits else None),
            ("offset", str(a.offsetInBits) if a.offsetInBits else None),
            ("extraData", self.translate(a.extraData)),
            ("dwarfAddressSpace", str(_i(das)) if das is not None else None)])

    def _DISubroutineTypeAttr(self, a):
        cc = dwarf.CONVENTION_NAMES.get(a.callingConvention) if a.callingConvention else None
        types = [self.translate(t) for t in a.types or ()]
        return self.node("DISubroutineType", [("cc", cc), ("types", self.t.node(types))])

    def _DISubprogramAttr(self, a):
        if a.id is not None and a.id in self.by_id:
            return self.by_id[a.id]
        scope = self.translate(a.scope)
        file = self.translate(a.file)
        ty = self.translate(a.type)
        unit = self.translate(a.compileUnit)
        if a.id is not None and a.id in self.by_id:
            return self.by_id[a.id]
        flags = _i(a.subprogramFlags)
        n = self.node("DISubprogram", [
            ("name", _s(a.name)), ("linkageName", _s(a.linkageName)),
            ("scope", scope or "null"), ("file", file),
            ("line", str(a.line) if a.line else None), ("type", ty),
            ("scopeLine", str(a.scopeLine) if a.scopeLine else None),
            ("spFlags", sp_flags(flags) or "0"), ("unit", unit)], distinct=bool(flags & 8))
        if a.id is not None:
            self.by_id[a.id] = n
        return n

    def _DILexicalBlockAttr(self, a):
        return self.node("DILexicalBlock", [
            ("scope", self.translate(a.scope) or "null"), ("file", self.translate(a.file)),
            ("line", str(a.line) if a.line else None),
            ("column", str(a.column) if a.column else None)], distinct=True)

    def _DILexicalBlockFileAttr(self, a):
        return self.node("DILexicalBlockFile", [
            ("scope", self.translate(a.scope) or "null"), ("file", self.translate(a.file)),
            ("discriminator", str(_i(a.discriminator)))], distinct=True)

    def _DILocalVariableAttr(self, a):
        return self.node("DILocalVariable", [
            ("name", _s(a.name)), ("arg", str(a.arg) if a.arg else None),
            ("scope", self.translate(a.scope) or "null"), ("file", self.translate(a.file)),
            ("line", str(a.line) if a.line else None), ("type", self.translate(a.type)),
            ("align", str(a.alignInBits) if a.alignInBits else None)])

    def _DIGlobalVariableAttr(self, a):
        return self.node("DIGlobalVariable", [
            ("name", _s(a.name)), ("linkageName", _s(a.linkageName)),
            ("scope", self.translate(a.scope) or "null"), ("file", self.translate(a.file)),
            ("line", str(a.line) if a.line else None), ("type", self.translate(a.type)),
            ("isLocal", "true" if a.isLocalToUnit else "false"),
            ("isDefinition", "true" if a.isDefined else "false"),
            ("align", str(a.alignInBits) if a.alignInBits else None)], distinct=True)

    def _DILabelAttr(self, a):
        return self.node("DILabel", [
            ("scope", self.translate(a.scope) or "null"), ("name", _s(a.name)),
            ("file", self.translate(a.file)), ("line", str(a.line) if a.line else None)])

    def _DINamespaceAttr(self, a):
        return self.node("DINamespace", [
            ("name", _s(a.name)), ("scope", self.translate(a.scope) or "null"),
            ("exportSymbols", "true" if a.exportSymbols else None)])

    def _DIModuleAttr(self, a):
        return self.node("DIModule", [
            ("scope", self.translate(a.scope) or "null"), ("name", _s(a.name)),
            ("configMacros", _s(a.configMacros)), ("includePath", _s(a.includePath)),
            ("apinotes", _s(a.apinotes)), ("file", self.translate(a.file)),
            ("line", str(a.line) if a.line else None),
            ("isDecl", "true" if a.isDecl else None)])

    def _DISubrangeAttr(self, a):
        def bound(b):
            if b is None:
                return None
            name = type(b).__name__
            if name == "IntegerAttr":
                return str(b.value)
            if name == "DIExpressionAttr":
                return self.expression(b)
            return self.translate(b)
        return self.node("DISubrange", [
            ("count", bound(a.count)), ("lowerBound", bound(a.lowerBound)),
            ("upperBound", bound(a.upperBound)), ("stride", bound(a.stride))])

    # ------------------------------------------------------------------ expressions
    def expression(self, attr):
        if attr is None:
            return None
        elems = []
        for e in attr.operations or ():
            elems.append(e.opcode)
            elems.extend(int(x) for x in e.arguments or ())
        return InlineMD("!DIExpression(" + expression_text(elems) + ")")

    def global_expression(self, attr):
        # (a uniqued node in LLVM: globals sharing the attribute share the node)
        n = self.cache.get(("global_expression", attr))
        if n is None:
            n = self.cache[("global_expression", attr)] = self.node(
                "DIGlobalVariableExpression", [
                    ("var", self.translate(attr.var)),
                    ("expr", self.expression(attr.expr) or InlineMD("!DIExpression()"))])
        scope = attr.var.scope
        kind = type(scope).__name__
        if kind == "DIModuleAttr":
            scope = scope.scope
        elif kind == "DISubprogramAttr":
            scope = scope.compileUnit
        if scope is not None and type(scope).__name__ == "DICompileUnitAttr":
            # the unit lists the global variables it scopes (set when finalizing)
            self.cu_globals.setdefault(self.translate(scope), []).append(n)
        return n

    def used(self):
        """Whether any debug node was made (the verifier has something to check)."""
        return bool(self.cache) or bool(self.records) or bool(self.locs)

    def finalize(self):
        for cu, exprs in self.cu_globals.items():
            ops = list(cu.ops)
            at = next(i for i, (k, _) in enumerate(ops) if k == "emissionKind") + 1
            ops.insert(at, ("globals", self.t.node(exprs)))
            cu.ops = tuple(ops)

    # ------------------------------------------------------------------ locations
    def function_scope(self, loc):
        """The subprogram a function location carries (fused<#di_subprogram>), or None."""
        while loc is not None:
            if isinstance(loc, FusedLoc):
                md = loc.metadata
                if md is not None and type(md).__name__ == "DISubprogramAttr":
                    return self.translate(md)
                for sub in loc.locations:
                    found = self.function_scope(sub)
                    if found is not None:
                        return found
                return None
            if isinstance(loc, NameLoc):
                loc = loc.child
            elif isinstance(loc, OpaqueLoc):
                loc = loc.fallback
            elif isinstance(loc, CallSiteLoc):
                found = self.function_scope(loc.callee)
                return found if found is not None else self.function_scope(loc.caller)
            else:
                return None
        return None

    def loc(self, loc, scope, inlined_at=None):
        """translateLoc: the DILocation node of a location in `scope`, or None."""
        if scope is None and type(loc) in _PLAIN_LOCS:
            return None  # (the common case outside a subprogram, as below)
        if type(loc).__name__ == "LocationAttr":
            loc = loc.loc
        if scope is None and isinstance(loc, (FileLineColLoc, UnknownLoc)):
            return None  # (the common case outside a subprogram: nothing to hash)
        key = (loc, id(scope), id(inlined_at))
        if key in self.locs:
            return self.locs[key]
        res = None
        if isinstance(loc, UnknownLoc) or loc is None:
            return None
        if isinstance(loc, CallSiteLoc):
            caller = self.loc(loc.caller, scope, inlined_at)
            if caller is None:
                if inlined_at is None:
                    return None
                caller = inlined_at
            res = self.loc(loc.callee, None, caller) or caller
        elif isinstance(loc, FileLineColLoc):
            if scope is None:
                return None
            fields = [("line", str(loc.line)), ("column", str(loc.col) if loc.col else None),
                      ("scope", scope), ("inlinedAt", inlined_at)]
            res = self.node("DILocation", fields)
        elif isinstance(loc, FusedLoc):
            md = loc.metadata
            if md is not None and type(md).__name__ in _LOCAL_SCOPES:
                scope = self.translate(md)
            res = self.loc(loc.locations[0], scope, inlined_at) if loc.locations else None
            for other in loc.locations[1:]:
                res = self.merge(res, self.loc(other, scope, inlined_at))
        elif isinstance(loc, NameLoc):
            res = self.loc(loc.child, scope, inlined_at)
        elif isinstance(loc, OpaqueLoc):
            res = self.loc(loc.fallback, scope, inlined_at)
        self.locs[key] = res
        return res


    # ------------------------------------------------------------------ merged locations
    def _dil(self, line, col, scope, inlined_at):
        return self.node("DILocation", [("line", str(line)), ("column", str(col) if col else None),
                                        ("scope", scope), ("inlinedAt", inlined_at)])

    def merge(self, a, b):
        """DILocation::getMergedLocation of LLVM 19: the common part of two locations'
        inlined-at chains, lines and columns kept where they agree."""
        if a is None or b is None:
            return None
        if a is b:
            return a
        a_chain, b_chain = _chain(a), _chain(b)
        lookup = {}
        for i, x in enumerate(a_chain):
            lookup.setdefault((id(_subprogram(_f(x, "scope"))), id(_f(x, "inlinedAt"))), i)
        ai = bi = None
        for j, y in enumerate(b_chain):
            i = lookup.get((id(_subprogram(_f(y, "scope"))), id(_f(y, "inlinedAt"))))
            if i is not None:
                ai, bi = i, j
                break
        result = _f(a_chain[ai], "inlinedAt") if ai is not None else None
        if ai is not None:
            while ai >= 0 and bi >= 0:
                x, y = a_chain[ai], b_chain[bi]
                if x is y:
                    tmp = self._dil(_f(x, "line"), _f(x, "column") or 0, _f(x, "scope"), result)
                elif _subprogram(_f(x, "scope")) is not _subprogram(_f(y, "scope")):
                    break
                else:
                    sc = _common_scope(_f(x, "scope"), _f(y, "scope"))
                    same_line = _f(x, "line") == _f(y, "line")
                    line = _f(x, "line") if same_line else 0
                    col = _f(x, "column") if same_line and \
                        _f(x, "column") == _f(y, "column") else 0
                    tmp = self._dil(line, col or 0, sc, result)
                result = tmp
                ai -= 1
                bi -= 1
        if result is not None:
            return result
        return self._dil(0, 0, _f(a, "scope"), None)


def _f(node, key):
    for k, v in node.ops:
        if k == key:
            return v
    return None


def _chain(loc):
    out = []
    while loc is not None:
        out.append(loc)
        loc = _f(loc, "inlinedAt")
    return out


def _subprogram(scope):
    while scope is not None and scope.kind != "DISubprogram":
        scope = _f(scope, "scope")
        if scope is None or scope == "null" or not hasattr(scope, "kind"):
            return None
    return scope


def _common_scope(s1, s2):
    seen = set()
    while isinstance(s1, SpecialMD):
        seen.add(id(s1))
        if s1.kind == "DISubprogram":
            break
        s1 = _f(s1, "scope")
    while isinstance(s2, SpecialMD):
        if id(s2) in seen:
            return s2
        if s2.kind == "DISubprogram":
            break
        s2 = _f(s2, "scope")
    return None


_LOCAL_SCOPES = {"DISubprogramAttr", "DILexicalBlockAttr", "DILexicalBlockFileAttr"}

# ------------------------------------------------------------------ DIExpression text
_OP = dwarf.OPERATIONS
# operand counts (opcode included) where LLVM's ExprOperand::getSize differs from 1
_OP_SIZE = {_OP["DW_OP_LLVM_convert"]: 3, _OP["DW_OP_LLVM_fragment"]: 3,
            _OP["DW_OP_LLVM_extract_bits_sext"]: 3, _OP["DW_OP_LLVM_extract_bits_zext"]: 3,
            _OP["DW_OP_bregx"]: 3}
for _n in ("DW_OP_constu", "DW_OP_consts", "DW_OP_deref_size", "DW_OP_plus_uconst",
           "DW_OP_LLVM_tag_offset", "DW_OP_LLVM_entry_value", "DW_OP_LLVM_arg", "DW_OP_regx"):
    _OP_SIZE[_OP[_n]] = 2
for _r in range(32):
    _OP_SIZE[_OP["DW_OP_breg0"] + _r] = 2
# operations DIExpression::isValid accepts anywhere (beyond the special cases)
_PLAIN_OPS = {_OP[n] for n in (
    "DW_OP_LLVM_implicit_pointer", "DW_OP_LLVM_convert", "DW_OP_LLVM_arg",
    "DW_OP_LLVM_tag_offset", "DW_OP_LLVM_extract_bits_sext", "DW_OP_LLVM_extract_bits_zext",
    "DW_OP_constu", "DW_OP_plus_uconst", "DW_OP_plus", "DW_OP_minus", "DW_OP_mul",
    "DW_OP_div", "DW_OP_mod", "DW_OP_or", "DW_OP_and", "DW_OP_xor", "DW_OP_shl", "DW_OP_shr",
    "DW_OP_shra", "DW_OP_deref", "DW_OP_deref_size", "DW_OP_xderef", "DW_OP_lit0",
    "DW_OP_not", "DW_OP_dup", "DW_OP_regx", "DW_OP_bregx", "DW_OP_push_object_address",
    "DW_OP_over", "DW_OP_consts", "DW_OP_eq", "DW_OP_ne", "DW_OP_gt", "DW_OP_ge", "DW_OP_lt",
    "DW_OP_le")}


def _split_ops(elems):
    """The flat element list cut into operations as LLVM reads it back."""
    i, out = 0, []
    while i < len(elems):
        n = _OP_SIZE.get(elems[i], 1)
        out.append((i, elems[i:i + n], i + n))
        i += n
    return out


def _expression_valid(elems):
    """DIExpression::isValid of LLVM 19 (an invalid expression prints as plain numbers)."""
    ops = _split_ops(elems)
    end = len(elems)
    for k, (start, op, stop) in enumerate(ops):
        if stop > end:
            return False
        code = op[0]
        if _OP["DW_OP_reg0"] <= code <= _OP["DW_OP_breg31"]:
            return True
        if code == _OP["DW_OP_LLVM_fragment"]:
            return stop == end
        if code == _OP["DW_OP_stack_value"]:
            if stop != end and ops[k + 1][1][0] != _OP["DW_OP_LLVM_fragment"]:
                return False
        elif code == _OP["DW_OP_swap"]:
            if len(elems) == 1:
                return False
        elif code == _OP["DW_OP_LLVM_entry_value"]:
            first = 0
            if ops[0][1][0] == _OP["DW_OP_LLVM_arg"] and ops[0][1][1] == 0:
                first = ops[0][2]
            return start == first and op[1] == 1
        elif code not in _PLAIN_OPS:
            return False
    return True


def _elements(text):
    """The operand list of a printed `!DIExpression(...)` as numbers (None if not parsed)."""
    body = text[len("!DIExpression("):-1].strip()
    out = []
    for tok in (t.strip() for t in body.split(",")) if body else ():
        if tok.isdigit():
            out.append(int(tok))
        elif tok in _OP:
            out.append(_OP[tok])
        elif tok in dwarf.ENCODINGS:
            out.append(dwarf.ENCODINGS[tok])
        else:
            return None
    return out


def expression_valid_text(text):
    elems = _elements(text)
    return elems is None or _expression_valid(elems)


def fragment_of(text):
    """(offset, size) of a valid expression's trailing DW_OP_LLVM_fragment, else None."""
    elems = _elements(text)
    if not elems or not _expression_valid(elems):
        return None
    ops = _split_ops(elems)
    last = ops[-1][1]
    if last[0] == _OP["DW_OP_LLVM_fragment"] and len(last) == 3:
        return last[1], last[2]
    return None


def expression_text(elems):
    """The operand list of `!DIExpression(...)` as LLVM 19's writer prints it."""
    if not _expression_valid(elems):
        return ", ".join(str(e) for e in elems)
    out = []
    for _, op, _ in _split_ops(elems):
        out.append(dwarf.OPERATION_NAMES.get(op[0], str(op[0])))
        if op[0] == _OP["DW_OP_LLVM_convert"]:
            out += [str(op[1]), dwarf.ENCODING_NAMES.get(op[2], "")]
        else:
            out += [str(x) for x in op[1:]]
    return ", ".join(out)
