"""Debug metadata (`!DI*` nodes, `!DILocation`) -> `#llvm.di_*` attributes and locations,
following MLIR 19's DebugImporter.

Every translated node becomes an alias definition (`#dN = #llvm.di_...`) placed before the
module, so a node referenced many times is spelled once; pyopt re-aliases on printing.
Cyclic composite types get a `recId` and the cycle is closed with a rec-self node."""
from __future__ import annotations

from pyopt.dialects.llvm import dwarf
from pytranslate.importer.lltypes import mlir_str
from pytranslate.importer.llparser import MDRef, unescape

_EMISSION = {"NoDebug": "None", "FullDebug": "Full", "LineTablesOnly": "LineTablesOnly",
             "DebugDirectivesOnly": "DebugDirectivesOnly"}
_EMISSION_NUM = ["None", "Full", "LineTablesOnly", "DebugDirectivesOnly"]
_NAME_TABLE = {"Default": None, "GNU": "GNU", "None": "None", "Apple": "Apple"}


class DebugInfo:
    def __init__(self, module, drop_composite_elements=False):
        self.m = module
        self.drop_composite_elements = drop_composite_elements  # (vectors keep theirs)
        self.defs = []          # alias definition lines, in dependency order
        self.cache = _CyclicCache(self._rec_self)
        self.distinct_ids = {}  # node key -> distinct number
        self.next_distinct = 0
        self.rec_ids = {}       # key -> distinct id text of the recursion id
        self.loc_cache = {}
        self._holders = []      # (key, node) of the nodes being translated, innermost last

    # ------------------------------------------------------------------ helpers
    def resolve(self, ref):
        """(key, node) of a metadata operand; key is the !N number or the inline object."""
        seen = 0
        key = None
        while ref is not None and ref.kind == "ref" and seen < 100:
            key = ref.v
            ref = self.m.metadata.get(ref.v)
            seen += 1
        if ref is None or ref.kind == "null":
            return None, None
        return (key if key is not None else id(ref)), ref

    def distinct(self, key):
        n = self.distinct_ids.get(key)
        if n is None:
            n = self.distinct_ids[key] = self.next_distinct
            self.next_distinct += 1
        return f"distinct[{n}]<>"

    def new_distinct(self):
        n = self.next_distinct
        self.next_distinct += 1
        return f"distinct[{n}]<>"

    def define(self, text):
        name = f"#d{len(self.defs)}"
        self.defs.append(f"{name} = {text}")
        return name

    @staticmethod
    def _toks(fields, name):
        return fields.get(name)

    def _ref_of(self, toks):
        """The MDRef a field's tokens denote (`!N`, `null`, an inline node)."""
        if not toks or toks == ["null"]:
            return None
        t = toks[0]
        if len(toks) == 1 and t.startswith("!") and t[1:].isdigit():
            return MDRef("ref", int(t[1:]))
        if t == "!" and len(toks) > 1 and toks[1] == "{":
            elems = []
            for x in toks[2:-1]:
                if x == ",":
                    continue
                if x.startswith("!") and x[1:].isdigit():
                    elems.append(MDRef("ref", int(x[1:])))
                elif x == "null":
                    elems.append(MDRef("null", None))
            return MDRef("node", elems)
        return None

    def field_node(self, fields, name):
        toks = fields.get(name)
        ref = self._ref_of(toks)
        if ref is None:
            return None
        if name == "file":
            self._check_file(ref)
        return self.translate(ref)

    def _check_file(self, ref):
        """A `file:` that is not a DIFile. LLVM 19's verifier does not look at every node's
        file (a lexical block's, a label's in a record), and mlir-translate-19 then writes
        an attribute MLIR cannot read back: an error at the node holding the field."""
        _, node = self.resolve(ref)
        if node is not None and node.kind == "special" and node.v[0] == "DIFile":
            return
        holder = self._holders[-1] if self._holders else None
        kind = holder[1].v[0] if holder else "debug-info node"
        from pytranslate.importer.convert import ImportError_
        from pytranslate.importer.diverify import _md_pos
        from pyopt.ir.location import FileLineColLoc
        text = self.m.text
        pos = _md_pos(self.m, MDRef("ref", holder[0])) if holder and \
            isinstance(holder[0], int) else 0
        line = text.count("\n", 0, pos) + 1
        col = pos - (text.rfind("\n", 0, pos) + 1) + 1
        raise ImportError_(f"invalid file: the file of a {kind} must be a DIFile",
                           loc=FileLineColLoc(getattr(self, "buffer_name", "-"), line, col))

    @staticmethod
    def field_int(fields, name, default=0):
        toks = fields.get(name)
        if not toks:
            return default
        s = "".join(toks)
        try:
            return int(s, 0)
        except ValueError:
            if s in ("true",):
                return 1
            if s in ("false",):
                return 0
            return default

    def field_str(self, fields, name):
        toks = fields.get(name)
        if not toks or toks == ["null"]:
            return None
        t = toks[0]
        if t.startswith('"'):
            return unescape(t[1:-1]).decode("utf-8", "surrogateescape")
        if t.startswith('!"'):
            return unescape(t[2:-1]).decode("utf-8", "surrogateescape")
        ref = self._ref_of(toks)
        if ref is not None:
            _, n = self.resolve(ref)
            if n is not None and n.kind == "str":
                return n.v
        return None

    @staticmethod
    def field_dwarf(fields, name, table, names):
        toks = fields.get(name)
        if not toks:
            return None
        t = toks[0]
        if t in table:
            return t
        try:
            return names.get(int(t, 0))
        except ValueError:
            return None

    @staticmethod
    def field_flags(fields, name, prefix):
        toks = fields.get(name)
        if not toks:
            return None
        parts = []
        for t in toks:
            if t == "|":
                continue
            if t.startswith(prefix):
                t = t[len(prefix):]
            if t in ("Zero", "0"):
                continue
            parts.append(t)
        if not parts:
            return None
        return '"' + "|".join(parts) + '"' if len(parts) > 1 else parts[0]

    # ------------------------------------------------------------------ nodes
    def translate(self, ref):
        """The alias name of the attribute for a DI node, or None.

        Cycles are handled like MLIR's CyclicReplacerCache: a composite type met again
        while it is being translated becomes a rec-self reference, and results that
        depend on an enclosing in-progress node are only reused below that node."""
        key, node = self.resolve(ref)
        if node is None or node.kind != "special":
            return None
        cache = self.cache
        found, res = cache.lookup(key, node)
        if found:
            return res
        self._holders.append((key, node))
        try:
            text = self._translate(key, node)
        finally:
            self._holders.pop()
        name = None
        if text is not None:
            if cache.was_repeated():
                head, rest = text.split(", ", 1) if ", " in text else (text[:-1], None)
                text = f"{head}, recId = {self.rec_ids[key]}" + (", " + rest if rest else ">")
            name = self.define(text)
        cache.resolve(key, name)
        return name

    def _rec_self(self, key, node):
        """createRecSelf: only composite types can close a cycle."""
        if node.v[0] != "DICompositeType":
            return None
        rid = self.rec_ids.get(key)
        if rid is None:
            rid = self.rec_ids[key] = self.new_distinct()
        return self.define(f"#llvm.di_composite_type<tag = DW_TAG_null, recId = {rid}>")

    def _translate(self, key, node):
        kind, f = node.v
        h = getattr(self, "_t_" + kind, None)
        if h is None:
            return None
        return h(key, f)

    @staticmethod
    def _join(mn, parts):
        return f"#llvm.{mn}<" + ", ".join(p for p in parts if p) + ">"

    def _s(self, name, v):
        return f"{name} = {mlir_str(v)}" if v is not None else None

    def _t_DIFile(self, key, f):
        return f'#llvm.di_file<{mlir_str(self.field_str(f, "filename") or "")} in ' \
               f'{mlir_str(self.field_str(f, "directory") or "")}>'

    def _t_DIBasicType(self, key, f):
        tag = self.field_dwarf(f, "tag", dwarf.TAGS, dwarf.TAG_NAMES) or "DW_TAG_base_type"
        enc = self.field_dwarf(f, "encoding", dwarf.ENCODINGS, dwarf.ENCODING_NAMES)
        size = self.field_int(f, "size")
        return self._join("di_basic_type", [
            f"tag = {tag}", f"name = {mlir_str(self.field_str(f, 'name') or '')}",
            f"sizeInBits = {size}" if size else None, f"encoding = {enc}" if enc else None])

    def _t_DICompileUnit(self, key, f):
        lang = self.field_dwarf(f, "language", dwarf.LANGUAGES, dwarf.LANGUAGE_NAMES)
        file = self.field_node(f, "file")
        if file is None or lang is None:
            return None
        ek = f.get("emissionKind")
        ek = _EMISSION.get(ek[0], ek[0]) if ek else "None"
        if ek.isdigit():
            ek = _EMISSION_NUM[int(ek)]
        ntk = f.get("nameTableKind")
        ntk = _NAME_TABLE.get(ntk[0], None) if ntk else None
        return self._join("di_compile_unit", [
            f"id = {self.distinct(key)}", f"sourceLanguage = {lang}", f"file = {file}",
            self._s("producer", self.field_str(f, "producer")),
            f"isOptimized = {'true' if self.field_int(f, 'isOptimized') else 'false'}",
            f"emissionKind = {ek}", f"nameTableKind = {ntk}" if ntk else None])

    def _expr_field(self, f, name):
        ref = self._ref_of(f.get(name))
        if ref is None:
            toks = f.get(name)
            if toks and toks[0] == "!DIExpression":
                return self.expression_toks(toks)
            return None
        return self.expression(ref)

    def _t_DICompositeType(self, key, f):
        tag = self.field_dwarf(f, "tag", dwarf.TAGS, dwarf.TAG_NAMES)
        if tag is None:
            return None
        flags = self.field_flags(f, "flags", "DIFlag")
        elements = []
        ref = self._ref_of(f.get("elements"))
        if self.drop_composite_elements and "Vector" not in (flags or "").strip('"').split("|"):
            ref = None
        if ref is not None:
            _, n = self.resolve(ref)
            if n is not None and n.kind == "node":
                for e in n.v:
                    a = self.translate(e)
                    if a is None:
                        elements = []
                        break
                    elements.append(a)
        base = self.field_node(f, "baseType")
        if tag == "DW_TAG_array_type" and base is None:
            return None
        size, align, line = (self.field_int(f, "size"), self.field_int(f, "align"),
                             self.field_int(f, "line"))
        return self._join("di_composite_type", [
            f"tag = {tag}", self._s("name", self.field_str(f, "name")),
            self._n("file", self.field_node(f, "file")), f"line = {line}" if line else None,
            self._n("scope", self.field_node(f, "scope")), self._n("baseType", base),
            f"flags = {flags}" if flags else None, f"sizeInBits = {size}" if size else None,
            f"alignInBits = {align}" if align else None,
            "elements = " + ", ".join(elements) if elements else None,
            self._n("dataLocation", self._expr_field(f, "dataLocation")),
            self._n("rank", self._expr_field(f, "rank")),
            self._n("allocated", self._expr_field(f, "allocated")),
            self._n("associated", self._expr_field(f, "associated"))])

    @staticmethod
    def _n(name, v):
        return f"{name} = {v}" if v is not None else None

    def _t_DIDerivedType(self, key, f):
        tag = self.field_dwarf(f, "tag", dwarf.TAGS, dwarf.TAG_NAMES)
        if tag is None:
            return None
        has_base = self._ref_of(f.get("baseType")) is not None
        base = self.field_node(f, "baseType")
        if has_base and base is None:
            return None
        extra = self.field_node(f, "extraData")
        size, align, off = (self.field_int(f, "size"), self.field_int(f, "align"),
                            self.field_int(f, "offset"))
        das = f.get("dwarfAddressSpace")
        return self._join("di_derived_type", [
            f"tag = {tag}", self._s("name", self.field_str(f, "name")),
            self._n("baseType", base), f"sizeInBits = {size}" if size else None,
            f"alignInBits = {align}" if align else None,
            f"offsetInBits = {off}" if off else None,
            f"dwarfAddressSpace = {self.field_int(f, 'dwarfAddressSpace')}" if das else None,
            self._n("extraData", extra)])

    def _t_DIStringType(self, key, f):
        tag = self.field_dwarf(f, "tag", dwarf.TAGS, dwarf.TAG_NAMES) or "DW_TAG_string_type"
        enc = self.field_dwarf(f, "encoding", dwarf.ENCODINGS, dwarf.ENCODING_NAMES)
        size, align = self.field_int(f, "size"), self.field_int(f, "align")
        return self._join("di_string_type", [
            f"tag = {tag}", f"name = {mlir_str(self.field_str(f, 'name') or '')}",
            f"sizeInBits = {size}" if size else None, f"alignInBits = {align}" if align else None,
            self._n("stringLength", self.field_node(f, "stringLength")),
            self._n("stringLengthExp", self._expr_field(f, "stringLengthExpression")),
            self._n("stringLocationExp", self._expr_field(f, "stringLocationExpression")),
            f"encoding = {enc}" if enc else None])

    def _scope(self, f):
        """(ok, scope alias): not ok when a present scope fails to translate."""
        has = self._ref_of(f.get("scope")) is not None
        s = self.field_node(f, "scope")
        return (not has or s is not None), s

    def _t_DILabel(self, key, f):
        ok, scope = self._scope(f)
        if not ok:
            return None
        line = self.field_int(f, "line")
        return self._join("di_label", [
            f"scope = {scope}", self._s("name", self.field_str(f, "name")),
            self._n("file", self.field_node(f, "file")), f"line = {line}" if line else None])

    def _t_DILexicalBlock(self, key, f):
        ok, scope = self._scope(f)
        if not ok:
            return None
        line, col = self.field_int(f, "line"), self.field_int(f, "column")
        return self._join("di_lexical_block", [
            f"scope = {scope}", self._n("file", self.field_node(f, "file")),
            f"line = {line}" if line else None, f"column = {col}" if col else None])

    def _t_DILexicalBlockFile(self, key, f):
        ok, scope = self._scope(f)
        if not ok:
            return None
        return self._join("di_lexical_block_file", [
            f"scope = {scope}", self._n("file", self.field_node(f, "file")),
            f"discriminator = {self.field_int(f, 'discriminator')}"])

    def _t_DIGlobalVariable(self, key, f):
        name = self.field_str(f, "name") or None
        # MLIR 19's importer gives a set linkage name the variable's name (upstream quirk)
        lname = (name or "") if self.field_str(f, "linkageName") else None
        align = self.field_int(f, "align")
        return self._join("di_global_variable", [
            self._n("scope", self.field_node(f, "scope")), self._s("name", name),
            self._s("linkageName", lname), self._n("file", self.field_node(f, "file")),
            f"line = {self.field_int(f, 'line')}",
            self._n("type", self.field_node(f, "type")),
            "isLocalToUnit = true" if self.field_int(f, "isLocal") else None,
            "isDefined = true" if self.field_int(f, "isDefinition", 1) else None,
            f"alignInBits = {align}" if align else None])

    def _t_DILocalVariable(self, key, f):
        ok, scope = self._scope(f)
        if not ok:
            return None
        line, arg, align = (self.field_int(f, "line"), self.field_int(f, "arg"),
                            self.field_int(f, "align"))
        return self._join("di_local_variable", [
            f"scope = {scope}", self._s("name", self.field_str(f, "name")),
            self._n("file", self.field_node(f, "file")), f"line = {line}" if line else None,
            f"arg = {arg}" if arg else None, f"alignInBits = {align}" if align else None,
            self._n("type", self.field_node(f, "type"))])

    def _t_DIModule(self, key, f):
        line = self.field_int(f, "line")
        return self._join("di_module", [
            self._n("file", self.field_node(f, "file")),
            self._n("scope", self.field_node(f, "scope")),
            self._s("name", self.field_str(f, "name")),
            self._s("configMacros", self.field_str(f, "configMacros")),
            self._s("includePath", self.field_str(f, "includePath")),
            self._s("apinotes", self.field_str(f, "apinotes")),
            f"line = {line}" if line else None,
            "isDecl = true" if self.field_int(f, "isDecl") else None])

    def _t_DINamespace(self, key, f):
        return self._join("di_namespace", [
            self._s("name", self.field_str(f, "name")),
            self._n("scope", self.field_node(f, "scope")),
            f"exportSymbols = {'true' if self.field_int(f, 'exportSymbols') else 'false'}"])

    def _t_DISubprogram(self, key, f):
        did = self.distinct(key) if key in self.m.distinct else None
        ok, scope = self._scope(f)
        if not ok or scope is None or self._ref_of(f.get("file")) is None:
            return None  # the attribute needs both a scope and a file
        has_ty = self._ref_of(f.get("type")) is not None
        ty = self.field_node(f, "type")
        if has_ty and ty is None:
            return None
        flags = self._sp_flags(f)
        line, sline = self.field_int(f, "line"), self.field_int(f, "scopeLine")
        return self._join("di_subprogram", [
            f"id = {did}" if did else None, self._n("compileUnit", self.field_node(f, "unit")),
            f"scope = {scope}", self._s("name", self.field_str(f, "name")),
            self._s("linkageName", self.field_str(f, "linkageName")),
            self._n("file", self.field_node(f, "file")), f"line = {line}" if line else None,
            f"scopeLine = {sline}" if sline else None,
            f"subprogramFlags = {flags}" if flags else None, self._n("type", ty)])

    def _sp_flags(self, f):
        """spFlags, or (when absent) the flags LLVM's parser derives from the legacy
        isLocal / isDefinition (default true) / isOptimized / virtuality fields."""
        if "spFlags" in f:
            return self.field_flags(f, "spFlags", "DISPFlag")
        parts = []
        virt = (f.get("virtuality") or [""])[0]
        if virt in ("DW_VIRTUALITY_virtual", "1"):
            parts.append("Virtual")
        elif virt in ("DW_VIRTUALITY_pure_virtual", "2"):
            parts.append("PureVirtual")
        if self.field_int(f, "isLocal"):
            parts.append("LocalToUnit")
        if self.field_int(f, "isDefinition", 1):
            parts.append("Definition")
        if self.field_int(f, "isOptimized"):
            parts.append("Optimized")
        if not parts:
            return None
        return '"' + "|".join(parts) + '"' if len(parts) > 1 else parts[0]

    def _bound(self, f, name):
        toks = f.get(name)
        if not toks or toks == ["null"]:
            return None
        if len(toks) == 1 and toks[0].lstrip("-").isdigit():
            return f"{int(toks[0])} : i64"
        if toks[0] in ("i64", "i32") and len(toks) == 2:
            return f"{int(toks[1])} : i64"
        if toks[0] == "!DIExpression":
            return self.expression_toks(toks)
        ref = self._ref_of(toks)
        if ref is None:
            return None
        _, n = self.resolve(ref)
        if n is None or n.kind != "special":
            return None
        if n.v[0] == "DIExpression":
            return self.expression(ref)
        if n.v[0] in ("DILocalVariable", "DIGlobalVariable"):
            return self.translate(ref)
        return None

    def _t_DISubrange(self, key, f):
        count, ub = self._bound(f, "count"), self._bound(f, "upperBound")
        if count is None and ub is None:
            return None
        return self._join("di_subrange", [
            self._n("count", count), self._n("lowerBound", self._bound(f, "lowerBound")),
            self._n("upperBound", ub), self._n("stride", self._bound(f, "stride"))])

    def _t_DISubroutineType(self, key, f):
        cc = self.field_dwarf(f, "cc", dwarf.CONVENTIONS, dwarf.CONVENTION_NAMES)
        types = []
        ref = self._ref_of(f.get("types"))
        if ref is not None:
            _, n = self.resolve(ref)
            if n is not None and n.kind == "node":
                for e in n.v:
                    if e.kind == "null":
                        types.append("#llvm.di_null_type")
                        continue
                    a = self.translate(e)
                    if a is None:
                        return None
                    types.append(a)
        return self._join("di_subroutine_type", [
            f"callingConvention = {cc}" if cc else None,
            "types = " + ", ".join(types) if types else None])

    # ------------------------------------------------------------------ expressions
    def expression(self, ref):
        _, n = self.resolve(ref)
        if n is None or n.kind != "special" or n.v[0] != "DIExpression":
            return None
        return self._expr_ops(n.v[1].get("", []))

    def expression_toks(self, toks):
        """An inline `!DIExpression(...)` field value given as tokens."""
        args, cur = [], []
        for t in toks[2:-1]:
            if t == ",":
                args.append(cur)
                cur = []
            else:
                cur.append(t)
        if cur:
            args.append(cur)
        return self._expr_ops(args)

    @staticmethod
    def _expr_ops(pos):
        ops = []
        for toks in pos:
            t = toks[0]
            if t.startswith("DW_OP_"):
                ops.append([t, []])
            elif ops:
                if t.startswith("DW_ATE_"):
                    ops[-1][1].append(t)
                else:
                    ops[-1][1].append(str(int(t, 0) & 0xFFFFFFFFFFFFFFFF))
        if not ops:
            return "#llvm.di_expression<>"
        return "#llvm.di_expression<[" + ", ".join(
            o + (f"({', '.join(a)})" if a else "") for o, a in ops) + "]>"

    # ------------------------------------------------------------------ locations
    def loc(self, ref):
        """translateLoc: the text of a location (without `loc(...)`)."""
        if ref is None:
            return "unknown"
        key, n = self.resolve(ref)
        if n is None or n.kind != "special" or n.v[0] != "DILocation":
            return "unknown"
        cached = self.loc_cache.get(key)
        if cached is not None:
            return cached
        f = n.v[1]
        sref = self._ref_of(f.get("scope"))
        fname = ""
        if sref is not None:
            fname = self.scope_filename(sref)
        res = f"{mlir_str(fname or '-')}:{self.field_int(f, 'line')}:{self.field_int(f, 'column')}"
        scope = self.translate(sref) if sref is not None else None
        if scope is not None:
            res = f"fused<{scope}>[{res}]"
        inl = self._ref_of(f.get("inlinedAt"))
        if inl is not None:
            res = f"callsite({res} at {self.loc(inl)})"
        self.loc_cache[key] = res
        return res

    def diag_loc(self, ref):
        """The location diagnostics print for a DILocation: its file:line:col."""
        from pyopt.ir.location import FileLineColLoc
        _, n = self.resolve(ref)
        if n is None or n.kind != "special" or n.v[0] != "DILocation":
            return None
        f = n.v[1]
        sref = self._ref_of(f.get("scope"))
        fname = self.scope_filename(sref) if sref is not None else ""
        return FileLineColLoc(fname or "-", self.field_int(f, "line"),
                              self.field_int(f, "column"))

    def scope_filename(self, ref, depth=0):
        _, n = self.resolve(ref)
        if n is None or n.kind != "special" or depth > 50:
            return ""
        kind, f = n.v
        if kind == "DIFile":
            return self.field_str(f, "filename") or ""
        fr = self._ref_of(f.get("file"))
        if fr is not None:
            _, fn = self.resolve(fr)
            if fn is not None and fn.kind == "special" and fn.v[0] == "DIFile":
                return self.field_str(fn.v[1], "filename") or ""
        return ""

    def func_loc(self, f):
        """translateFuncLocation: fused<#sp>[name, file:line:0] or unknown."""
        sp = None
        for name, ref in getattr(f, "md", None) or ():
            if name == "dbg":
                sp = ref
        if sp is None:
            return "unknown"
        _, n = self.resolve(sp)
        if n is None or n.kind != "special" or n.v[0] != "DISubprogram":
            return "unknown"
        attr = self.translate(sp)
        fields = n.v[1]
        name = self.field_str(fields, "name") or ""
        fname = self.scope_filename(sp)
        inner = f"{mlir_str(name)}, {mlir_str(fname)}:{self.field_int(fields, 'line')}:0"
        if attr is None:
            return f"fused[{inner}]"
        return f"fused<{attr}>[{inner}]"

    def global_expr(self, ref):
        """#llvm.di_global_variable_expression for a global's !dbg attachment."""
        _, n = self.resolve(ref)
        if n is None or n.kind != "special" or n.v[0] != "DIGlobalVariableExpression":
            return None
        f = n.v[1]
        var = self.field_node(f, "var")
        if var is None:
            return None
        expr = self._expr_field(f, "expr")
        return self.define(self._join("di_global_variable_expression", [
            f"var = {var}", self._n("expr", expr)]))


class _Frame:
    __slots__ = ("depending", "deps")

    def __init__(self):
        self.depending = set()  # results only valid while this frame is live
        self.deps = set()       # indices of the frames this result depends on


class _CyclicCache:
    """MLIR's CyclicReplacerCache: memoizes a recursive translation whose input graph may
    have cycles. A node met again while in progress asks `breaker` for a stand-in; results
    built on such a stand-in are cached only while the frame they depend on is live."""

    def __init__(self, breaker):
        self.breaker = breaker
        self.standalone = {}
        self.dependent = {}   # key -> (result, highest frame it depends on)
        self.stack = []
        self.frames_of = {}   # key -> stack indices of its in-progress frames

    def lookup(self, key, node):
        """(True, result) when known; else (False, None) and a frame is pushed that
        `resolve` must pop."""
        if key in self.standalone:
            return True, self.standalone[key]
        got = self.dependent.get(key)
        if got is not None:
            self.stack[-1].deps.add(got[1])
            return True, got[0]
        frames = self.frames_of.get(key)
        if frames is None:
            frames = self.frames_of[key] = []
        else:
            res = self.breaker(key, node)
            if res is not None:
                dep = frames[-1]
                self.dependent[key] = (res, dep)
                self.stack[-1].deps.add(dep)
                return True, res
        frames.append(len(self.stack))
        self.stack.append(_Frame())
        return False, None

    def was_repeated(self):
        return len(self.stack) - 1 in self.stack[-1].deps

    def resolve(self, key, result):
        stack = self.stack
        cur = stack[-1]
        cur.deps.discard(len(stack) - 1)
        if len(stack) == 1 or not cur.deps:
            self.standalone[key] = result
        else:
            high = max(cur.deps)
            self.dependent[key] = (result, high)
            stack[-2].deps.update(cur.deps)
            stack[high].depending.add(key)
        for k in cur.depending:
            self.dependent.pop(k, None)
        stack.pop()
        frames = self.frames_of[key]
        frames.pop()
        if not frames:
            del self.frames_of[key]


# ------------------------------------------------------------------ stripping (UpgradeDebugInfo)
def debug_info_version(m):
    """The "Debug Info Version" module flag's value (0 when there is none)."""
    for ref in m.named_md.get("llvm.module.flags", ()):
        node = ref
        while node is not None and node.kind == "ref":
            node = m.metadata.get(node.v)
        if node is None or node.kind != "node" or len(node.v) != 3:
            continue
        key, val = node.v[1], node.v[2]
        if key.kind == "str" and key.v == "Debug Info Version" and val.kind == "val":
            v = getattr(val.v[1], "v", None)
            return v if isinstance(v, int) else 0
    return 0


def strip_debug_info(m):
    """StripDebugInfo, which LLVM 19 applies on reading a module whose debug info has another
    version than 3 (none included): debug intrinsics and records, `!dbg` attachments and the
    llvm.dbg.* named metadata go. Returns whether anything was removed."""
    text = getattr(m, "text", "dbg")
    if not any(w in text for w in _STRIP_MARKERS) and "DILocation" not in text:
        return False  # (nothing to strip is spelled in the module)
    changed, loops = False, _Loops()
    for name in [n for n in m.named_md if n.startswith("llvm.dbg.") or n == "llvm.gcov"]:
        del m.named_md[name]
        changed = True
    for g in m.globals:
        md = getattr(g, "md", None)
        if md and any(k == "dbg" for k, _ in md):
            g.md = [(k, r) for k, r in md if k != "dbg"]
            changed = True
    for f in m.functions:
        if f.md and any(k == "dbg" for k, _ in f.md):
            f.md = [(k, r) for k, r in f.md if k != "dbg"]
            changed = True
        for bb in f.blocks:
            kept = None  # (the instructions kept, once one is dropped)
            for n, inst in enumerate(bb.insts):
                callee = inst.a.get("callee") if inst.op == "call" else None
                if callee is not None and getattr(callee, "kind", None) == "global" and \
                        str(callee.v).startswith("llvm.dbg."):
                    changed = True
                    if kept is None:
                        kept = bb.insts[:n]
                    continue
                if kept is not None:
                    kept.append(inst)
                if not inst.md or not any(k in _STRIPPED_OR_LOOP for k, _ in inst.md):
                    continue
                if any(k in _STRIPPED_ATTACHMENTS for k, _ in inst.md):
                    inst.md = [(k, r) for k, r in inst.md if k not in _STRIPPED_ATTACHMENTS]
                    changed = True
                if inst.md and any(k == "llvm.loop" for k, _ in inst.md):
                    md = []
                    for k, r in inst.md:
                        if k == "llvm.loop":
                            r = _strip_loop_locations(m, r, loops)
                            if r is None:  # (only locations: the attachment goes)
                                changed = True
                                continue
                        md.append((k, r))
                    inst.md = md
            if kept is not None:
                bb.insts = kept
    return changed or loops.changed


# what stripDebugInfo takes off instructions besides their calls to debug intrinsics (the
# location, the attachments that point into the debug info); the words its targets contain
_STRIPPED_ATTACHMENTS = ("dbg", "heapallocsite", "DIAssignID")
_STRIPPED_OR_LOOP = _STRIPPED_ATTACHMENTS + ("llvm.loop",)
_STRIP_MARKERS = _STRIPPED_ATTACHMENTS + ("llvm.gcov",)


class _Loops(dict):
    changed = False


def _strip_loop_locations(m, ref, loops):
    """A loop ID without its DILocation operands (the loop's start and end), as
    stripDebugLocFromLoopID: None when nothing but locations was in it. The node is
    rewritten in place (every instruction naming the loop ID gets the same one)."""
    num = ref.v if ref.kind == "ref" else None
    node = m.metadata.get(num) if num is not None else ref
    if node is None or node.kind != "node" or not node.v:
        return ref
    if num in loops:
        return loops[num]

    def is_location(e):
        seen = 0
        while e is not None and e.kind == "ref" and seen < 100:
            e = m.metadata.get(e.v)
            seen += 1
        if e is None:
            return False
        if e.kind == "special":
            return e.v[0] == "DILocation"
        # (a tuple of nothing but locations goes with them)
        return e.kind == "node" and bool(e.v) and all(is_location(x) for x in e.v)
    rest = [e for e in node.v[1:] if not is_location(e)]
    out = ref
    if len(rest) != len(node.v) - 1:
        loops.changed = True
        if not rest:
            out = None
        else:  # (a new distinct node: its first operand refers to itself)
            node.v[:] = [MDRef("ref", num) if num is not None else node.v[0]] + rest
    if num is not None:
        loops[num] = out
    return out
