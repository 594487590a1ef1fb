"""The debug-info part of LLVM 19's IR verifier, as run by UpgradeDebugInfo on reading a
module whose "Debug Info Version" is 3.

A failed check is not an error: LLVM prints the check's message with the values involved
(on stderr), stops that visitor, and once the module is verified drops all debug info with
"ignoring invalid debug info". Only the checks a module can fail after our parser accepted it
are here: attachments of functions and instructions, DILocation scopes and their chain up to
the function's subprogram, and the variable/location agreement of llvm.dbg.* calls."""
from __future__ import annotations

from pytranslate.importer.lltypes import C

_LOCAL_SCOPES = ("DISubprogram", "DILexicalBlock", "DILexicalBlockFile")


class _Failed(Exception):
    """A CheckDI failure: ends the current visitor."""


class DIVerifier:
    def __init__(self, module, printer):
        self.m = module
        self.p = printer
        self.lines = []
        self.broken = False
        self.fatal = False      # a Check (not CheckDI) failed: LLVM stops reading
        self.visited = set()
        self.attached = {}      # DISubprogram -> the function it is attached to

    # ------------------------------------------------------------------ helpers
    def _node(self, ref):
        """(identity, node) of a metadata operand; node None for null/absent."""
        if ref is None:
            return None, None
        _, node = self.p.resolve(ref)
        if node is None or node.kind == "null":
            return None, None
        return self.p.identity(ref), node

    @staticmethod
    def _kind(node):
        return node.v[0] if node is not None and node.kind == "special" else None

    def _field(self, node, name):
        """The node a `name: !N` field of a specialised node refers to (or None)."""
        if self._kind(node) is None:
            return None
        toks = node.v[1].get(name)
        if not toks or toks == ["null"]:
            return None
        t = toks[0]
        if t.startswith("!") and t[1:].isdigit():
            from pytranslate.importer.mdprint import _Ref
            return _Ref(int(t[1:]))
        return None

    def check(self, ok, msg, *values, fatal=False):
        if ok:
            return
        self.fatal |= fatal
        self.lines.append(msg)
        for v in values:
            if v is not None:
                self.lines.append(v())
        self.broken = True
        raise _Failed

    def _md(self, ref):
        return lambda: self.p.node(ref)

    def _named(self, name):
        """A named node as NamedMDNode::print writes it (its own line break, then the
        verifier's)."""
        slots = self.p.module_slots()
        ops = []
        for r in self.m.named_md[name]:
            key = self.p.identity(r)
            ops.append(f"!{slots[key]}" if key in slots else "null")
        return f"!{_escaped_name(name)} = !{{{', '.join(ops)}}}\n"

    @staticmethod
    def _fn(f):
        return lambda: f"ptr @{f.name}" if _plain(f.name) else f'ptr @"{f.name}"'

    def _inst(self, inst, f):
        # the verifier's slot tracker knows every function's metadata
        def show():
            text = self.p.inst(inst, None, self.m.text[inst.start:inst.end], all_md=True)
            return text.lstrip() if _is_record(self.m, inst) else text
        return show

    def _subprogram(self, ref, unchecked=False):
        """The subprogram up a chain of raw scopes (None if the chain breaks). `unchecked`:
        as DILocalScope::getSubprogram, which takes whatever a block's scope is for one."""
        seen = 0
        while ref is not None and seen < 1000:
            _, node = self._node(ref)
            k = self._kind(node)
            if k == "DISubprogram":
                return ref
            if k not in ("DILexicalBlock", "DILexicalBlockFile"):
                return ref if unchecked and seen else None
            ref = self._field(node, "scope")
            seen += 1
        return None

    def _inlined_at_scope(self, loc_ref):
        seen = 0
        while seen < 1000:
            _, node = self._node(loc_ref)
            ia = self._field(node, "inlinedAt")
            if ia is None:
                return self._field(node, "scope")
            if self._kind(self._node(ia)[1]) != "DILocation":
                return None
            loc_ref = ia
            seen += 1
        return None

    # ------------------------------------------------------------------ visitors
    def run(self):
        for f in self.m.functions:
            if f.blocks:
                self._visit(self.function, f)
                for bb in f.blocks:
                    for inst in bb.insts:
                        self._visit(self.instruction, inst, f, bb)
        # then the module: global variables' attachments, the named metadata
        for g in self.m.globals:
            self._visit(self.global_variable, g)
        for name, refs in self.m.named_md.items():
            for ref in refs:
                self._visit(self.named_operand, name, ref)
        return self.broken

    def global_variable(self, g):
        for kind, ref in getattr(g, "md", None) or ():
            self.check(kind != "dbg" or
                       self._kind(self._node(ref)[1]) == "DIGlobalVariableExpression",
                       "!dbg attachment of global variable must be a "
                       "DIGlobalVariableExpression")
            # (the expression's own checks only: its nodes are not walked from here)

    def named_operand(self, name, ref):
        if name == "llvm.dbg.cu":
            self.check(self._kind(self._node(ref)[1]) == "DICompileUnit",
                       "invalid compile unit", lambda: self._named(name), self._md(ref))
        self.md_node(ref)

    def _visit(self, fn, *args):
        try:
            fn(*args)
        except _Failed:
            pass

    def function(self, f):
        sp_ref = None
        n = 0
        for kind, ref in f.md or ():
            if kind != "dbg":
                continue
            n += 1
            _, node = self._node(ref)
            self.check(n == 1, "function must have a single !dbg attachment",
                       self._fn(f), self._md(ref))
            self.check(self._kind(node) == "DISubprogram",
                       "function !dbg attachment must be a subprogram", self._fn(f),
                       self._md(ref))
            num, _ = self.p.resolve(ref)
            self.check(num in self.m.distinct,
                       "function definition may only have a distinct !dbg attachment",
                       self._fn(f))
            key = self.p.identity(ref)
            other = self.attached.setdefault(key, f)
            self.check(other is f, "DISubprogram attached to more than one function",
                       self._md(ref), self._fn(f))
            sp_ref = ref
            self._visit(self.md_node, ref)
        if sp_ref is None:
            return
        sp_id = self.p.identity(sp_ref)
        seen = set()
        for bb in f.blocks:
            for inst in bb.insts:
                if _is_record(self.m, inst):  # (not an instruction of its own)
                    continue
                for loc in self._debug_locs(inst):
                    self._scope_chain(f, sp_ref, sp_id, inst, loc, seen)
                if self.broken:
                    # (anything found so far, in any function, ends this walk)
                    return

    def _debug_locs(self, inst):
        for kind, ref in inst.md or ():
            if kind == "dbg":
                yield ref
        for kind, ref in inst.md or ():
            if kind == "llvm.loop":
                _, node = self._node(ref)
                if node is not None and node.kind == "node":
                    yield from node.v[1:]

    def _scope_chain(self, f, sp_ref, sp_id, inst, loc, seen):
        key, node = self._node(loc)
        if self._kind(node) != "DILocation" or key in seen:
            return
        seen.add(key)
        parent = self._field(node, "scope")
        self.check(self._kind(self._node(parent)[1]) in _LOCAL_SCOPES,
                   "DILocation's scope must be a DILocalScope", self._md(sp_ref),
                   self._fn(f), self._inst(inst, f), self._md(loc),
                   self._md(parent) if parent is not None else None)
        scope = self._inlined_at_scope(loc)
        self.check(scope is not None, "Failed to find DILocalScope", self._md(loc), fatal=True)
        skey = self.p.identity(scope)
        if skey in seen:
            return
        seen.add(skey)
        sp = self._subprogram(scope, unchecked=True)
        spkey = self.p.identity(sp)
        if sp is not None and spkey != skey:
            if spkey in seen:
                return
            seen.add(spkey)
        self.check(spkey == sp_id,
                   "!dbg attachment points at wrong subprogram for function",
                   self._md(sp_ref), self._fn(f), self._inst(inst, f), self._md(loc),
                   self._md(scope), self._md(sp) if sp is not None else None)

    def instruction(self, inst, f, bb):
        record = _is_record(self.m, inst)
        callee = inst.a.get("callee") if inst.op == "call" else None
        if isinstance(callee, C) and callee.kind == "global" and \
                callee.v in ("llvm.dbg.value", "llvm.dbg.declare"):
            if record:
                self._visit(self.dbg_record, inst, f, bb)
                return
            self._visit(self.dbg_intrinsic, inst, f, bb, callee.v[len("llvm.dbg."):])
        if record:
            return
        for op in inst.ops:
            if isinstance(op, tuple) and op and op[0] == "md":
                self.md_node(op[1], False)
        for kind, ref in inst.md or ():
            if kind != "dbg":
                continue
            _, node = self._node(ref)
            self.check(self._kind(node) == "DILocation", "invalid !dbg metadata attachment",
                       self._inst(inst, f), self._md(ref))
            self.md_node(ref)
        for kind, ref in inst.md or ():
            self.md_node(ref, kind in ("dbg", "llvm.loop"))

    def md_node(self, ref, allow_locs=True):
        """visitMDNode: the node's own checks, then its operands (a failure in the former
        does not stop the latter; one in the operand walk ends this node's visit only)."""
        self._visit(self._md_node, ref, allow_locs)

    def _md_node(self, ref, allow_locs):
        key, node = self._node(ref)
        if key is None or key in self.visited:
            return
        self.visited.add(key)
        check = _NODE_CHECKS.get(self._kind(node))
        if check is not None:
            self._visit(check, self, ref, node)
        for child in self.p._children(node):
            ckey, cnode = self._node(child)
            if cnode is None:
                continue
            self.check(self._kind(cnode) != "DILocation" or allow_locs,
                       "DILocation not allowed within this metadata node", self._md(ref),
                       self._md(child))
            self.md_node(child, allow_locs)

    def dbg_intrinsic(self, inst, f, bb, kind):
        mds = [op[1] for op in inst.ops if isinstance(op, tuple) and op and op[0] == "md"]
        if len(mds) < 3:
            return
        var, expr = mds[1], mds[2]
        self.check(self._kind(self._node(var)[1]) == "DILocalVariable",
                   f"invalid llvm.dbg.{kind} intrinsic variable", self._inst(inst, f),
                   self._md(var))
        self.check(self._kind(self._node(expr)[1]) == "DIExpression",
                   f"invalid llvm.dbg.{kind} intrinsic expression", self._inst(inst, f),
                   self._md(expr))
        locs = [r for k, r in inst.md or () if k == "dbg"]
        if locs and self._kind(self._node(locs[0])[1]) != "DILocation":
            return
        self.check(bool(locs), f"llvm.dbg.{kind} intrinsic requires a !dbg attachment",
                   self._inst(inst, f), lambda: _label(bb), self._fn(f))
        var_sp = self._subprogram(self._field(self._node(var)[1], "scope"))
        loc_sp = self._subprogram(self._field(self._node(locs[0])[1], "scope"))
        if var_sp is None or loc_sp is None:
            return
        self.check(self.p.identity(var_sp) == self.p.identity(loc_sp),
                   f"mismatched subprogram between llvm.dbg.{kind} variable and !dbg "
                   f"attachment", self._inst(inst, f), lambda: _label(bb), self._fn(f),
                   self._md(var), self._md(var_sp), self._md(locs[0]), self._md(loc_sp))

    def dbg_record(self, inst, f, bb):
        """Verifier::visit(DbgVariableRecord &): like the intrinsic's checks, with the record's
        own messages."""
        mds = [op[1] for op in inst.ops if isinstance(op, tuple) and op and op[0] == "md"]
        if len(mds) < 3:
            return
        var, expr = mds[1], mds[2]
        self.check(self._kind(self._node(var)[1]) == "DILocalVariable",
                   "invalid #dbg record variable", self._inst(inst, f), self._md(var))
        self.md_node(var, False)
        self.check(self._kind(self._node(expr)[1]) == "DIExpression",
                   "invalid #dbg record expression", self._inst(inst, f), self._md(expr))
        self.md_node(expr, False)
        locs = [r for k, r in inst.md or () if k == "dbg"]
        self.check(bool(locs) and self._kind(self._node(locs[0])[1]) == "DILocation",
                   "invalid #dbg record DILocation", self._inst(inst, f),
                   self._md(locs[0]) if locs else None)
        var_sp = self._subprogram(self._field(self._node(var)[1], "scope"))
        loc_sp = self._subprogram(self._field(self._node(locs[0])[1], "scope"))
        if var_sp is None or loc_sp is None:
            return
        self.check(self.p.identity(var_sp) == self.p.identity(loc_sp),
                   "mismatched subprogram between #dbg record variable and DILocation",
                   self._inst(inst, f), lambda: _label(bb), self._fn(f), self._md(var),
                   self._md(var_sp), self._md(locs[0]), self._md(loc_sp))


_SCOPES = _LOCAL_SCOPES + ("DIFile", "DICompileUnit", "DINamespace", "DIModule",
                          "DICommonBlock", "DIBasicType", "DIDerivedType", "DICompositeType",
                          "DISubroutineType", "DIStringType")
_TYPES = ("DIBasicType", "DIDerivedType", "DICompositeType", "DISubroutineType",
          "DIStringType")


def _is_definition(node):
    fields = node.v[1]
    if "spFlags" in fields:
        return "DISPFlagDefinition" in " ".join(fields["spFlags"])
    # the legacy fields: isDefinition defaults to true
    return fields.get("isDefinition") != ["false"]


def _check_location(v, ref, node):
    scope = v._field(node, "scope")
    v.check(v._kind(v._node(scope)[1]) in _LOCAL_SCOPES, "location requires a valid scope",
            v._md(ref), v._md(scope) if scope is not None else None)
    ia = v._field(node, "inlinedAt")
    if ia is not None:
        v.check(v._kind(v._node(ia)[1]) == "DILocation", "inlined-at should be a location",
                v._md(ref), v._md(ia))
    _, snode = v._node(scope)
    if v._kind(snode) == "DISubprogram":
        v.check(_is_definition(snode), "scope points into the type hierarchy", v._md(ref))


def _check_subprogram(v, ref, node):
    """Verifier::visitDISubprogram's checks on fields a parsed node can get wrong."""
    def kind_of(name):
        r = v._field(node, name)
        return r, (v._kind(v._node(r)[1]) if r is not None else None)
    scope, k = kind_of("scope")
    v.check(scope is None or k in _SCOPES, "invalid scope", v._md(ref), v._md(scope))
    file, k = kind_of("file")
    if file is not None:
        v.check(k == "DIFile", "invalid file", v._md(ref), v._md(file))
    ty, k = kind_of("type")
    if ty is not None:
        v.check(k == "DISubroutineType", "invalid subroutine type", v._md(ref), v._md(ty))
    ct, k = kind_of("containingType")
    v.check(ct is None or k in _TYPES, "invalid containing type", v._md(ref), v._md(ct))
    decl, k = kind_of("declaration")
    if decl is not None:
        v.check(k == "DISubprogram" and not _is_definition(v._node(decl)[1]),
                "invalid subprogram declaration", v._md(ref), v._md(decl))
    kept, k = kind_of("retainedNodes")
    if kept is not None:
        _, knode = v._node(kept)
        v.check(knode is not None and knode.kind == "node", "invalid retained nodes list",
                v._md(ref), v._md(kept))
        for e in knode.v:
            v.check(v._kind(v._node(e)[1]) in ("DILocalVariable", "DILabel",
                                                "DIImportedEntity"),
                    "invalid retained nodes, expected DILocalVariable, DILabel or "
                    "DIImportedEntity", v._md(ref), v._md(kept), v._md(e))
    unit, k = kind_of("unit")
    num, _ = v.p.resolve(ref)
    if _is_definition(node):
        v.check(num in v.m.distinct, "subprogram definitions must be distinct", v._md(ref))
        v.check(unit is not None, "subprogram definitions must have a compile unit",
                v._md(ref))
        v.check(k == "DICompileUnit", "invalid unit type", v._md(ref), v._md(unit))
    else:
        v.check(unit is None, "subprogram declarations must not have a compile unit",
                v._md(ref))


def _check_subroutine_type(v, ref, node):
    types = v._field(node, "types")
    if types is None:
        return
    _, tnode = v._node(types)
    v.check(tnode is not None and tnode.kind == "node", "invalid composite elements",
            v._md(ref), v._md(types))
    for e in tnode.v:
        _, enode = v._node(e)
        v.check(enode is None or v._kind(enode) in _TYPES, "invalid subroutine type ref",
                v._md(ref), v._md(types), v._md(e))


def _check_lexical_block(v, ref, node):
    scope = v._field(node, "scope")
    v.check(v._kind(v._node(scope)[1]) in _LOCAL_SCOPES, "invalid local scope", v._md(ref),
            v._md(scope) if scope is not None else None)


def _check_local_variable(v, ref, node):
    scope = v._field(node, "scope")
    k = v._kind(v._node(scope)[1])
    v.check(scope is None or k in _SCOPES, "invalid scope", v._md(ref), v._md(scope))
    v.check(k in _LOCAL_SCOPES, "local variable requires a valid scope", v._md(ref),
            v._md(scope) if scope is not None else None)


def _check_derived_type(v, ref, node):
    base = v._field(node, "baseType")
    v.check(base is None or v._kind(v._node(base)[1]) in _TYPES, "invalid base type",
            v._md(ref), v._md(base))


def _check_composite_type(v, ref, node):
    base = v._field(node, "baseType")
    v.check(base is None or v._kind(v._node(base)[1]) in _TYPES, "invalid base type",
            v._md(ref), v._md(base))
    elems = v._field(node, "elements")
    if elems is not None:
        _, enode = v._node(elems)
        v.check(enode is None or enode.kind == "node", "invalid composite elements",
                v._md(ref), v._md(elems))


_NODE_CHECKS = {"DILocation": _check_location,
                "DIDerivedType": _check_derived_type,
                "DICompositeType": _check_composite_type, "DISubprogram": _check_subprogram,
                "DISubroutineType": _check_subroutine_type,
                "DILexicalBlock": _check_lexical_block,
                "DILexicalBlockFile": _check_lexical_block,
                "DILocalVariable": _check_local_variable}


def _escaped_name(name):
    import re
    return name if re.fullmatch(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*", name) else \
        "".join(c if c.isalnum() or c in "-$._" else f"\\{ord(c):02X}" for c in name)


def _is_record(m, inst):
    return m.text.startswith("#dbg_", inst.start)


def _plain(name):
    import re
    return re.fullmatch(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+", name) is not None


def _label(bb):
    name = getattr(bb, "name", None)
    if name is None:
        return "label %<badref>"
    return f"label %{name}" if _plain(str(name)) else f'label %"{name}"'


def verify_debug_info(module, printer):
    """The verifier's report lines; empty when the debug info is valid."""
    v = DIVerifier(module, printer)
    v.run()
    return v.lines if v.broken else []


def check_report(module):
    """(the verifier's report, whether it is fatal) for a version-3 module, else None."""
    from pytranslate.importer.debuginfo import debug_info_version
    from pytranslate.importer.mdprint import MDPrinter
    if debug_info_version(module) != 3:
        return None
    v = DIVerifier(module, MDPrinter(module))
    v.run()
    return (v.lines, v.fatal) if v.broken else None


def fatal_report(module):
    """The verifier's report when it finds the module broken beyond its debug info (LLVM 19
    then aborts reading), else None."""
    from pytranslate.importer.debuginfo import debug_info_version
    from pytranslate.importer.mdprint import MDPrinter
    if debug_info_version(module) != 3:
        return None
    v = DIVerifier(module, MDPrinter(module))
    v.run()
    return v.lines if v.fatal else None
