"""LLVM dialect attributes with parameters (MLIR 19 LLVMAttrDefs.td): the `#llvm.di_*` debug-info
family, loop annotations, access groups, alias scopes, TBAA nodes, memory effects and target
features.

Most of them use the `<` struct(params) `>` assembly format, so they are declared as data: a
record name (for diagnostics), a mnemonic and a list of parameters with a kind that knows how to
parse and print one value (the parameter engine is pyopt/ir/attr_params.py; the LLVM-specific
kinds, DWARF keywords and TBAA members, are here). `StructAttr` then parses `name = value` pairs
in any order, checks required ones and prints them in declaration order, eliding optional
parameters equal to their default. Attributes MLIR gives an alias to
(LLVMOpAsmDialectInterface::getAlias) carry `alias_prefix` = their mnemonic, so the printer
names them `#di_file`, `#di_file1`, ...
"""
from __future__ import annotations

from pyopt.ir import attr_params
from pyopt.ir.attr_params import (  # noqa: F401 (the parameter kinds, for the dialect's users)
    Kind, UInt, SInt, OptUInt, Bool, Str, Enum, Flags, AttrOf, Array, req, opt,
    STRING, BOOL_ATTR, INT_ATTR, DISTINCT, ANY_ATTR, FUSED_LOC, _fail_param)
from pyopt.dialects.llvm import dwarf

# ---------------------------------------------------------------------------- attribute classes
ATTRS = {}  # mnemonic -> class
ATTRS_BY_CLASS = {}  # C++ class name -> class


class StructAttr(attr_params.StructAttr):
    """`#llvm.<mnemonic><name = value, ...>`; `vals` holds the parameters in order."""
    __slots__ = ()
    DIALECT = "llvm"


def struct_attr(cls_name, mnemonic, record, params, alias=True, base=StructAttr, **extra):
    cls = attr_params.define_struct_attr(base, cls_name, mnemonic, record, params, alias,
                                         **extra)
    ATTRS[mnemonic] = cls
    ATTRS_BY_CLASS[cls_name] = cls
    return cls


# ---------------------------------------------------------------------------- parameter kinds
class DialectRef(attr_params.DialectRef):
    """A parameter of a concrete LLVM attribute class (by its C++ class name)."""
    classes = ATTRS_BY_CLASS


class Iface(attr_params.Iface):
    """An LLVM attribute-interface parameter (DIScopeAttr, DITypeAttr, DINodeAttr, ...)."""
    classes = ATTRS_BY_CLASS


class Dwarf(Kind):
    """An LLVM_DIParameter: a DWARF keyword such as DW_TAG_base_type."""
    cpp = "unsigned"

    def __init__(self, by_name, by_value, summary, default=0):
        self.by_name = by_name
        self.by_value = by_value
        self.summary = summary
        self.default = default

    def parse(self, parser):
        off = parser.start
        name = parser.parse_keyword("expected valid keyword")
        v = self.by_name.get(name)
        # llvm::dwarf::getTag fails with DW_TAG_invalid, so DW_TAG_null (0) is a valid tag
        if v is None or (v == 0 and self.summary != "tag"):
            raise parser.error(f"invalid debug info debug info {self.summary} name: {name}", off)
        return v

    def print(self, p, v):
        return self.by_value.get(v, "")


class TBAAMembers(Kind):
    """`{<#node, offset>, ...}` (LLVM_TBAAMemberAttrArray)."""
    cpp = "::llvm::ArrayRef<TBAAMemberAttr>"
    default = ()

    def parse(self, parser):
        parser.expect("{")
        vals = []
        if not parser.peek_is("}"):
            elem = DialectRef("TBAAMemberAttr")
            vals.append(elem.parse(parser))
            while parser.accept(","):
                vals.append(elem.parse(parser))
        parser.expect("}")
        return tuple(vals)

    def print(self, p, v):
        # each member is a nested value of its own for MLIR's alias depth
        return "{" + ", ".join(p.nested_level(lambda m=m: m.asm_stripped(p)) for m in v) + "}"


TAG = Dwarf(dwarf.TAGS, dwarf.TAG_NAMES, "tag")
ENCODING = Dwarf(dwarf.ENCODINGS, dwarf.ENCODING_NAMES, "encoding")
LANGUAGE = Dwarf(dwarf.LANGUAGES, dwarf.LANGUAGE_NAMES, "language")
CONVENTION = Dwarf(dwarf.CONVENTIONS, dwarf.CONVENTION_NAMES, "calling convention")
OPERATION = Dwarf(dwarf.OPERATIONS, dwarf.OPERATION_NAMES, "operation encoding")

EMISSION_KIND = Enum("DIEmissionKind", [("None", 0), ("Full", 1), ("LineTablesOnly", 2),
                                        ("DebugDirectivesOnly", 3)], "LLVM debug emission kind")
NAME_TABLE_KIND = Enum("DINameTableKind", [("Default", 0), ("GNU", 1), ("None", 2),
                                           ("Apple", 3)], "LLVM debug name table kind",
                       default=0)
MODREF = Enum("ModRefInfo", [("none", 0), ("read", 1), ("write", 2), ("readwrite", 3)],
              "LLVM ModRefInfo")

_DI_FLAG_BITS = [("Bit0", 1), ("Bit1", 2)] + [(n, 1 << b) for n, b in [
    ("FwdDecl", 2), ("AppleBlock", 3), ("ReservedBit4", 4), ("Virtual", 5), ("Artificial", 6),
    ("Explicit", 7), ("Prototyped", 8), ("ObjcClassComplete", 9), ("ObjectPointer", 10),
    ("Vector", 11), ("StaticMember", 12), ("LValueReference", 13), ("RValueReference", 14),
    ("ExportSymbols", 15), ("SingleInheritance", 16), ("MultipleInheritance", 16),
    ("VirtualInheritance", 16), ("IntroducedVirtual", 18), ("BitField", 19), ("NoReturn", 20),
    ("TypePassByValue", 22), ("TypePassByReference", 23), ("EnumClass", 24), ("Thunk", 25),
    ("NonTrivial", 26), ("BigEndian", 27), ("LittleEndian", 28), ("AllCallsDescribed", 29)]]
DI_FLAGS = Flags("DIFlags", _DI_FLAG_BITS, [("Private", 1), ("Protected", 2), ("Public", 3)],
                 "LLVM DI flags", zero="Zero")
SP_FLAGS = Flags("DISubprogramFlags", [(n, 1 << b) for n, b in [
    ("Virtual", 0), ("PureVirtual", 1), ("LocalToUnit", 2), ("Definition", 3), ("Optimized", 4),
    ("Pure", 5), ("Elemental", 6), ("Recursive", 7), ("MainSubprogram", 8), ("Deleted", 9),
    ("ObjCDirect", 11)]], [], "LLVM DISubprogram flags")

DI_NODE = ["DIBasicTypeAttr", "DICompileUnitAttr", "DICompositeTypeAttr", "DIDerivedTypeAttr",
           "DIFileAttr", "DIGlobalVariableAttr", "DILabelAttr", "DILexicalBlockAttr",
           "DILexicalBlockFileAttr", "DILocalVariableAttr", "DIModuleAttr", "DINamespaceAttr",
           "DINullTypeAttr", "DIStringTypeAttr", "DISubprogramAttr", "DISubrangeAttr",
           "DISubroutineTypeAttr"]
DI_SCOPE = ["DICompileUnitAttr", "DICompositeTypeAttr", "DIFileAttr", "DILexicalBlockAttr",
            "DILexicalBlockFileAttr", "DIModuleAttr", "DINamespaceAttr", "DISubprogramAttr"]
DI_TYPE = ["DINullTypeAttr", "DIBasicTypeAttr", "DICompositeTypeAttr", "DIDerivedTypeAttr",
           "DIStringTypeAttr", "DISubroutineTypeAttr"]
DI_VARIABLE = ["DIGlobalVariableAttr", "DILocalVariableAttr"]
TBAA_NODE = ["TBAARootAttr", "TBAATypeDescriptorAttr"]

DI_SCOPE_K = Iface("DIScopeAttr", DI_SCOPE)
DI_TYPE_K = Iface("DITypeAttr", DI_TYPE)
DI_NODE_K = Iface("DINodeAttr", DI_NODE)
LOOP_ANN = DialectRef("LoopAnnotationAttr")
FILE = DialectRef("DIFileAttr")
EXPR = DialectRef("DIExpressionAttr")


# -- loop annotations
def _followups(*names):
    return [opt(n, LOOP_ANN) for n in names]


LoopVectorizeAttr = struct_attr("LoopVectorizeAttr", "loop_vectorize", "LoopVectorizeAttr", [
    opt("disable", BOOL_ATTR), opt("predicateEnable", BOOL_ATTR),
    opt("scalableEnable", BOOL_ATTR), opt("width", INT_ATTR),
    *_followups("followupVectorized", "followupEpilogue", "followupAll")])
LoopInterleaveAttr = struct_attr("LoopInterleaveAttr", "loop_interleave", "LoopInterleaveAttr",
                                 [req("count", INT_ATTR)])
LoopUnrollAttr = struct_attr("LoopUnrollAttr", "loop_unroll", "LoopUnrollAttr", [
    opt("disable", BOOL_ATTR), opt("count", INT_ATTR), opt("runtimeDisable", BOOL_ATTR),
    opt("full", BOOL_ATTR), *_followups("followupUnrolled", "followupRemainder", "followupAll")])
LoopUnrollAndJamAttr = struct_attr(
    "LoopUnrollAndJamAttr", "loop_unroll_and_jam", "LoopUnrollAndJamAttr", [
        opt("disable", BOOL_ATTR), opt("count", INT_ATTR),
        *_followups("followupOuter", "followupInner", "followupRemainderOuter",
                    "followupRemainderInner", "followupAll")])
LoopLICMAttr = struct_attr("LoopLICMAttr", "loop_licm", "LoopLICMAttr", [
    opt("disable", BOOL_ATTR), opt("versioningDisable", BOOL_ATTR)])
LoopDistributeAttr = struct_attr("LoopDistributeAttr", "loop_distribute", "LoopDistributeAttr", [
    opt("disable", BOOL_ATTR),
    *_followups("followupCoincident", "followupSequential", "followupFallback", "followupAll")])
LoopPipelineAttr = struct_attr("LoopPipelineAttr", "loop_pipeline", "LoopPipelineAttr", [
    opt("disable", BOOL_ATTR), opt("initiationinterval", INT_ATTR)])
LoopPeeledAttr = struct_attr("LoopPeeledAttr", "loop_peeled", "LoopPeeledAttr",
                             [opt("count", INT_ATTR)])
LoopUnswitchAttr = struct_attr("LoopUnswitchAttr", "loop_unswitch", "LoopUnswitchAttr",
                               [opt("partialDisable", BOOL_ATTR)])
LoopAnnotationAttr = struct_attr("LoopAnnotationAttr", "loop_annotation", "LoopAnnotationAttr", [
    opt("disableNonforced", BOOL_ATTR), opt("vectorize", DialectRef("LoopVectorizeAttr")),
    opt("interleave", DialectRef("LoopInterleaveAttr")),
    opt("unroll", DialectRef("LoopUnrollAttr")),
    opt("unrollAndJam", DialectRef("LoopUnrollAndJamAttr")),
    opt("licm", DialectRef("LoopLICMAttr")), opt("distribute", DialectRef("LoopDistributeAttr")),
    opt("pipeline", DialectRef("LoopPipelineAttr")), opt("peeled", DialectRef("LoopPeeledAttr")),
    opt("unswitch", DialectRef("LoopUnswitchAttr")), opt("mustProgress", BOOL_ATTR),
    opt("isVectorized", BOOL_ATTR), opt("startLoc", FUSED_LOC), opt("endLoc", FUSED_LOC),
    opt("parallelAccesses", Array(DialectRef("AccessGroupAttr"),
                                  "::llvm::ArrayRef<AccessGroupAttr>"))])

# -- debug info
DINullTypeAttr = struct_attr("DINullTypeAttr", "di_null_type", "LLVM_DINullTypeAttr", [])
DINullTypeAttr.asm_stripped = lambda self, p: ""
DINullTypeAttr.parse_stripped = classmethod(lambda cls, parser: cls(()))

DIBasicTypeAttr = struct_attr("DIBasicTypeAttr", "di_basic_type", "LLVM_DIBasicTypeAttr", [
    req("tag", TAG), req("name", STRING), opt("sizeInBits", UInt("uint64_t")),
    opt("encoding", ENCODING)])
DICompileUnitAttr = struct_attr("DICompileUnitAttr", "di_compile_unit",
                                "LLVM_DICompileUnitAttr", [
    req("id", DISTINCT), req("sourceLanguage", LANGUAGE), req("file", FILE),
    opt("producer", STRING), req("isOptimized", Bool()), req("emissionKind", EMISSION_KIND),
    opt("nameTableKind", NAME_TABLE_KIND)])
DICompositeTypeAttr = struct_attr("DICompositeTypeAttr", "di_composite_type",
                                  "LLVM_DICompositeTypeAttr", [
    req("tag", TAG), opt("recId", DISTINCT), opt("name", STRING), opt("file", FILE),
    opt("line", UInt("uint32_t")), opt("scope", DI_SCOPE_K), opt("baseType", DI_TYPE_K),
    opt("flags", DI_FLAGS), opt("sizeInBits", UInt("uint64_t")),
    opt("alignInBits", UInt("uint64_t")),
    opt("elements", Array(DI_NODE_K, "::llvm::ArrayRef<DINodeAttr>")),
    opt("dataLocation", EXPR), opt("rank", EXPR), opt("allocated", EXPR),
    opt("associated", EXPR)])
DIDerivedTypeAttr = struct_attr("DIDerivedTypeAttr", "di_derived_type",
                                "LLVM_DIDerivedTypeAttr", [
    req("tag", TAG), opt("name", STRING), opt("baseType", DI_TYPE_K),
    opt("sizeInBits", UInt("uint64_t")), opt("alignInBits", UInt("uint32_t")),
    opt("offsetInBits", UInt("uint64_t")), opt("dwarfAddressSpace", OptUInt()),
    opt("extraData", DI_NODE_K)])


class _DIFileBase(StructAttr):
    """`<"name" in "directory">`."""
    __slots__ = ()

    def asm_stripped(self, p):
        return "<" + p.attr_str(self.vals[0]) + " in " + p.attr_str(self.vals[1]) + ">"

    @classmethod
    def parse_stripped(cls, parser):
        parser.expect("<")
        vals = []
        for i, pname in enumerate(("name", "directory")):
            if i:
                parser.expect("in", "expected 'in'")
            try:
                vals.append(STRING.parse(parser))
            except Exception as e:  # noqa: BLE001
                if hasattr(e, "diag"):
                    raise _fail_param(parser, e, cls.RECORD, pname, "StringAttr")
                raise
        parser.expect(">")
        return cls(tuple(vals))


DIFileAttr = struct_attr("DIFileAttr", "di_file", "LLVM_DIFileAttr",
                         [req("name", STRING), req("directory", STRING)], base=_DIFileBase)
DIGlobalVariableExpressionAttr = struct_attr(
    "DIGlobalVariableExpressionAttr", "di_global_variable_expression",
    "LLVM_DIGlobalVariableExpressionAttr", [
        req("var", DialectRef("DIGlobalVariableAttr")), opt("expr", EXPR)])
DIGlobalVariableAttr = struct_attr("DIGlobalVariableAttr", "di_global_variable",
                                   "LLVM_DIGlobalVariable", [
    opt("scope", DI_SCOPE_K), opt("name", STRING), opt("linkageName", STRING),
    req("file", FILE), req("line", UInt()), req("type", DI_TYPE_K),
    opt("isLocalToUnit", Bool()), opt("isDefined", Bool()), opt("alignInBits", UInt())])
DILexicalBlockAttr = struct_attr("DILexicalBlockAttr", "di_lexical_block",
                                 "LLVM_DILexicalBlockAttr", [
    req("scope", DI_SCOPE_K), opt("file", FILE), opt("line", UInt()), opt("column", UInt())])
DILexicalBlockFileAttr = struct_attr("DILexicalBlockFileAttr", "di_lexical_block_file",
                                     "LLVM_DILexicalBlockFile", [
    req("scope", DI_SCOPE_K), opt("file", FILE), req("discriminator", UInt())])
DILocalVariableAttr = struct_attr("DILocalVariableAttr", "di_local_variable",
                                  "LLVM_DILocalVariableAttr", [
    req("scope", DI_SCOPE_K), opt("name", STRING), opt("file", FILE), opt("line", UInt()),
    opt("arg", UInt()), opt("alignInBits", UInt()), opt("type", DI_TYPE_K)])
DISubprogramAttr = struct_attr("DISubprogramAttr", "di_subprogram", "LLVM_DISubprogramAttr", [
    opt("id", DISTINCT), opt("compileUnit", DialectRef("DICompileUnitAttr")),
    req("scope", DI_SCOPE_K), opt("name", STRING), opt("linkageName", STRING),
    req("file", FILE), opt("line", UInt()), opt("scopeLine", UInt()),
    opt("subprogramFlags", SP_FLAGS), opt("type", DialectRef("DISubroutineTypeAttr"))])
DIModuleAttr = struct_attr("DIModuleAttr", "di_module", "LLVM_DIModuleAttr", [
    opt("file", FILE), opt("scope", DI_SCOPE_K), opt("name", STRING),
    opt("configMacros", STRING), opt("includePath", STRING), opt("apinotes", STRING),
    opt("line", UInt()), opt("isDecl", Bool())])
DINamespaceAttr = struct_attr("DINamespaceAttr", "di_namespace", "LLVM_DINamespaceAttr", [
    opt("name", STRING), opt("scope", DI_SCOPE_K), req("exportSymbols", Bool())])
DISubrangeAttr = struct_attr("DISubrangeAttr", "di_subrange", "LLVM_DISubrangeAttr", [
    opt("count", ANY_ATTR), opt("lowerBound", ANY_ATTR), opt("upperBound", ANY_ATTR),
    opt("stride", ANY_ATTR)], alias=False)
DISubroutineTypeAttr = struct_attr("DISubroutineTypeAttr", "di_subroutine_type",
                                   "LLVM_DISubroutineTypeAttr", [
    opt("callingConvention", CONVENTION),
    opt("types", Array(DI_TYPE_K, "::llvm::ArrayRef<DITypeAttr>"))])
DILabelAttr = struct_attr("DILabelAttr", "di_label", "LLVM_DILabelAttr", [
    req("scope", DI_SCOPE_K), opt("name", STRING), opt("file", FILE), opt("line", UInt())])
DIStringTypeAttr = struct_attr("DIStringTypeAttr", "di_string_type", "LLVM_DIStringTypeAttr", [
    req("tag", TAG), req("name", STRING), opt("sizeInBits", UInt("uint64_t")),
    opt("alignInBits", UInt("uint32_t")),
    opt("stringLength", Iface("DIVariableAttr", DI_VARIABLE)),
    opt("stringLengthExp", EXPR), opt("stringLocationExp", EXPR), opt("encoding", ENCODING)])


class _ExprElemBase(StructAttr):
    """`DW_OP_x` or `DW_OP_x(args)`; DW_OP_LLVM_convert spells encodings as keywords."""
    __slots__ = ()

    def asm_stripped(self, p):
        op, args = self.vals
        s = OPERATION.print(p, op)
        if not args:
            return s
        convert = op == dwarf.OPERATIONS["DW_OP_LLVM_convert"]
        parts = []
        for i, a in enumerate(args):
            name = dwarf.ENCODING_NAMES.get(a) if convert and i > 0 else None
            parts.append(name or str(a))
        return s + "(" + ", ".join(parts) + ")"

    @classmethod
    def parse_stripped(cls, parser):
        try:
            op = OPERATION.parse(parser)
        except Exception as e:  # noqa: BLE001
            if hasattr(e, "diag"):
                raise _fail_param(parser, e, cls.RECORD, "opcode", "unsigned")
            raise
        args = []
        if parser.accept("("):
            convert = op == dwarf.OPERATIONS["DW_OP_LLVM_convert"]
            while True:
                if convert and args and parser.kind == "bare":
                    kw, off = parser.tok, parser.start
                    parser._next()
                    v = dwarf.ENCODINGS.get(kw, 0)
                    if not v:
                        raise parser.error(f'encountered unknown attribute encoding "{kw}"',
                                           parser.start)
                    args.append(v)
                else:
                    if parser.kind != "int":
                        raise parser.error("expected integer operand", parser.start)
                    args.append(parser.parse_integer())
                if not parser.accept(","):
                    break
            parser.expect(")")
        return cls((op, tuple(args)))


DIExpressionElemAttr = struct_attr("DIExpressionElemAttr", "di_expression_elem",
                                   "LLVM_DIExpressionElemAttr",
                                   [req("opcode", OPERATION), opt("arguments", Array(UInt(), ""))],
                                   alias=False, base=_ExprElemBase)


class _ExprBase(StructAttr):
    """`<[DW_OP_a, DW_OP_b(1)]>` or `<>`."""
    __slots__ = ()

    def asm_stripped(self, p):
        ops = self.vals[0]
        if not ops:
            return "<>"
        return "<[" + ", ".join(e.asm_stripped(p) for e in ops) + "]>"

    @classmethod
    def parse_stripped(cls, parser):
        parser.expect("<")
        ops = []
        if parser.accept("["):
            try:
                ops.append(DIExpressionElemAttr.parse_stripped(parser))
                while parser.accept(","):
                    ops.append(DIExpressionElemAttr.parse_stripped(parser))
            except Exception as e:  # noqa: BLE001
                if hasattr(e, "diag"):
                    raise _fail_param(parser, e, cls.RECORD, "operations",
                                      "::llvm::ArrayRef<DIExpressionElemAttr>")
                raise
            parser.expect("]")
        parser.expect(">")
        return cls((tuple(ops),))


DIExpressionAttr = struct_attr("DIExpressionAttr", "di_expression", "LLVM_DIExpressionAttr",
                               [opt("operations", Array(DialectRef("DIExpressionElemAttr"),
                                                        ""))], alias=False, base=_ExprBase)
EMPTY_EXPRESSION = DIExpressionAttr(((),))

# -- memory effects, alias analysis metadata
MemoryEffectsAttr = struct_attr("MemoryEffectsAttr", "memory_effects", "LLVM_MemoryEffectsAttr",
                                [req("other", MODREF), req("argMem", MODREF),
                                 req("inaccessibleMem", MODREF)], alias=False)
AliasScopeDomainAttr = struct_attr("AliasScopeDomainAttr", "alias_scope_domain",
                                   "LLVM_AliasScopeDomainAttr",
                                   [req("id", DISTINCT), opt("description", STRING)])
AliasScopeAttr = struct_attr("AliasScopeAttr", "alias_scope", "LLVM_AliasScopeAttr", [
    req("id", DISTINCT), req("domain", DialectRef("AliasScopeDomainAttr")),
    opt("description", STRING)])
AccessGroupAttr = struct_attr("AccessGroupAttr", "access_group", "LLVM_AccessGroupAttr",
                              [req("id", DISTINCT)])
TBAARootAttr = struct_attr("TBAARootAttr", "tbaa_root", "LLVM_TBAARootAttr",
                           [opt("id", STRING)], EMPTY_OK=True)


class _TBAAMemberBase(StructAttr):
    """`<#node, offset>` (`params` format: no names)."""
    __slots__ = ()

    def asm_stripped(self, p):
        return "<" + p.attr_str(self.vals[0]) + ", " + str(self.vals[1]) + ">"

    @classmethod
    def parse_stripped(cls, parser):
        parser.expect("<")
        try:
            node = Iface("TBAANodeAttr", TBAA_NODE).parse(parser)
        except Exception as e:  # noqa: BLE001
            if hasattr(e, "diag"):
                raise _fail_param(parser, e, cls.RECORD, "typeDesc", "TBAANodeAttr")
            raise
        parser.expect(",")
        try:
            off = SInt("int64_t").parse(parser)
        except Exception as e:  # noqa: BLE001
            if hasattr(e, "diag"):
                raise _fail_param(parser, e, cls.RECORD, "offset", "int64_t")
            raise
        parser.expect(">")
        return cls((node, off))


TBAAMemberAttr = struct_attr("TBAAMemberAttr", "tbaa_member", "LLVM_TBAAMemberAttr",
                             [req("typeDesc", Iface("TBAANodeAttr", TBAA_NODE)),
                              req("offset", SInt("int64_t"))], alias=False, base=_TBAAMemberBase)
TBAATypeDescriptorAttr = struct_attr("TBAATypeDescriptorAttr", "tbaa_type_desc",
                                     "LLVM_TBAATypeDescriptorAttr",
                                     [req("id", Str()), req("members", TBAAMembers())])
TBAATagAttr = struct_attr("TBAATagAttr", "tbaa_tag", "LLVM_TBAATagAttr", [
    req("base_type", DialectRef("TBAATypeDescriptorAttr")),
    req("access_type", DialectRef("TBAATypeDescriptorAttr")), req("offset", SInt("int64_t")),
    opt("constant", Bool())])


class _TargetFeaturesBase(StructAttr):
    """`<["+a", "-b"]>`."""
    __slots__ = ()

    def asm_stripped(self, p):
        return "<[" + ", ".join(p.attr_str(f) for f in self.vals[0]) + "]>"

    @classmethod
    def parse_stripped(cls, parser):
        off = parser.start
        parser.expect("<")
        parser.expect("[")
        feats = []
        if not parser.peek_is("]"):
            feats.append(STRING.parse(parser))
            while parser.accept(","):
                feats.append(STRING.parse(parser))
        parser.expect("]")
        parser.expect(">")
        # TargetFeaturesAttr::verify
        for f in feats:
            s = f.value
            if not s:
                raise parser.error("target features can not be null or empty", off)
            if s[0] not in "+-":
                raise parser.error("target features must start with '+' or '-'", off)
            if "," in s:
                raise parser.error("target features can not contain ','", off)
        return cls((tuple(feats),))


TargetFeaturesAttr = struct_attr("TargetFeaturesAttr", "target_features",
                                 "LLVM_TargetFeaturesAttr",
                                 [opt("features", Array(STRING, ""))], alias=False,
                                 base=_TargetFeaturesBase)


# ---------------------------------------------------------------------------- op constraints
from pyopt.ir.constraints import ArrayAttrC, DialectAttrC  # noqa: E402


class _IsA:
    __slots__ = ("cls",)

    def __init__(self, cls):
        self.cls = cls

    def check(self, a):
        return isinstance(a, self.cls)


class StructAttrC(DialectAttrC):
    """An op attribute of one of these classes; the op format prints its alias if it has one
    (printStrippedAttrOrType)."""

    def print_format(self, p, a):
        if a.alias_prefix is not None and not p.local_scope:
            return p.attr_str(a)
        return a.asm_stripped(p)

    def parse_format(self, parser):
        return DialectRef(self.cls.__name__).parse(parser)

    def parse_optional_format(self, parser):
        if parser.peek_is("<") or parser.kind == "hash":
            return self.parse_format(parser)
        return None


AccessGroupArrayC = ArrayAttrC(_IsA(AccessGroupAttr), "LLVM dialect access group metadata array")
AliasScopeArrayC = ArrayAttrC(_IsA(AliasScopeAttr), "LLVM dialect alias scope array")
TBAATagArrayC = ArrayAttrC(_IsA(TBAATagAttr), "LLVM dialect TBAA tag metadata array")
ALIAS_ATTRS = {"access_groups": AccessGroupArrayC.opt(), "alias_scopes": AliasScopeArrayC.opt(),
               "noalias_scopes": AliasScopeArrayC.opt(), "tbaa": TBAATagArrayC.opt()}
LoopAnnotationC = StructAttrC(LoopAnnotationAttr, "")
MemoryEffectsC = StructAttrC(MemoryEffectsAttr, "")
DILocalVariableC = StructAttrC(DILocalVariableAttr, "")
DILabelC = StructAttrC(DILabelAttr, "")
DIExpressionC = StructAttrC(DIExpressionAttr, "")
AliasScopeC = StructAttrC(AliasScopeAttr, "LLVM dialect alias scope")
TargetFeaturesC = StructAttrC(TargetFeaturesAttr, "LLVM target features attribute")
