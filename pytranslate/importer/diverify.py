"""The debug-info part of LLVM 19's IR verifier, as run by UpgradeDebugInfo on reading a
module whose "Debug Info Version" is 3.

A failed check is not an error: LLVM prints the check's message with the values involved
(on stderr), stops that visitor, and once the module is verified drops all debug info with
"ignoring invalid debug info". The per-node checks (visitDI*) are LLVM's rules in
pytranslate/dirules.py, shared with the export's verifier; here is the walk and what only a
read module can get wrong: attachments of functions and instructions, DILocation scopes and
their chain up to the function's subprogram, and the variable/location agreement of llvm.dbg.*
calls and debug records."""
from __future__ import annotations

from pytranslate.dirules import (DIRules, DIFailed, LOCAL_SCOPES as _LOCAL_SCOPES,
                                  TYPES as _TYPES, global_variable_expression_rule)
from pytranslate.importer.lltypes import C


class _Token:
    """A metadata operand known only by its spelling (an MDString where a node belongs)."""
    kind = "tok"

    def __init__(self, text):
        self.v = text


_Failed = DIFailed  # a CheckDI failure: ends the current visitor


class Undefined(Exception):
    """Debug info LLVM 19 has no defined behaviour for (its release build reads a node of
    another kind as the one expected: mlir-translate-19 or llvm-as-19 crash, or go on with
    garbage). The import stops with an error at `pos` (an offset into the input) instead."""

    def __init__(self, pos, message):
        super().__init__(message)
        self.pos = pos
        self.message = message

    def line_col(self, text):
        line = text.count("\n", 0, self.pos) + 1
        return line, self.pos - (text.rfind("\n", 0, self.pos) + 1) + 1


class DIVerifier(DIRules):
    """The walk of LLVM's verifier over a parsed module; the per-node checks are the shared
    rules of pytranslate/dirules.py, on node handles that are references (_Ref) and raw
    fields as _raw gives them."""

    def __init__(self, module, printer):
        self.m = module
        self.p = printer
        self.lines = []
        self.broken = False
        self.fatal = False      # a Check (not CheckDI) failed: LLVM stops reading
        self.visited = set()
        self.attached = {}      # DISubprogram -> the function it is attached to
        self.gve_pos = None     # where a global's !dbg attachment is (for di_undefined)

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

    @staticmethod
    def _raw(node, name):
        """A field as the verifier's getRaw*() sees it: ("ref", _Ref), ("str", token) for an
        MDString, or None (absent or null). Other spellings (inline nodes) are left unchecked
        and also give None."""
        if node is None or node.kind != "special":
            return None
        toks = node.v[1].get(name)
        if not toks or toks == ["null"]:
            return None
        t = toks[0]
        if t.startswith("!") and t[1:].isdigit():
            from pytranslate.importer.mdprint import _Ref
            return ("ref", _Ref(int(t[1:])))
        if t.startswith('!"'):
            return ("str", t)
        if t.startswith("!DI") or t == "!" and len(toks) > 1 and toks[1] == "{":
            # an inline node (LLVM numbers it when it prints it: not shown here)
            return ("inline", t[1:] if t.startswith("!DI") else None)
        return None

    def _raw_kind(self, raw):
        """The node kind of a raw field (None for a string or a generic node)."""
        if raw and raw[0] == "inline":
            return raw[1]
        return self._kind(self._node(raw[1])[1]) if raw and raw[0] == "ref" else None

    def _show(self, raw):
        """The value of a raw field as the verifier writes it."""
        if raw[0] == "str":
            return lambda: raw[1]
        if raw[0] == "inline":
            return None
        return self._md(raw[1])

    def _opt(self, ref):
        """A node operand as the verifier writes it (nothing for null)."""
        return None if self._node(ref)[1] is None else self._md(ref)

    def undefined(self, pos, message):
        raise Undefined(pos, message)

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
        if isinstance(ref, _Token):
            return lambda: ref.v
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
            raw = self._raw(node, "scope")
            if raw is not None and raw[0] == "str":  # (a string taken for a scope)
                return _Token(raw[1]) if unchecked else None
            ref = raw[1] if raw is not None and raw[0] == "ref" else None
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

    # ------------------------------------------------------------------ DIRules
    def di_kind(self, x):
        if x is None or isinstance(x, _Token):
            return None
        if type(x) is tuple:
            return self._raw_kind(x)
        return self._kind(self._node(x)[1])

    def ref_field(self, n, name):
        return self._raw(self._node(n)[1], name)

    def value_field(self, n, name):
        node = self._node(n)[1]
        if node is None or node.kind != "special":
            return None
        toks = node.v[1].get(name)
        if not toks or toks == ["null"] or toks[0].startswith("!"):
            return None
        return " ".join(toks)

    def has_field(self, n, name):
        node = self._node(n)[1]
        return node is not None and node.kind == "special" and bool(node.v[1].get(name))

    def target(self, raw):
        if raw is None or raw[0] != "ref" or self._node(raw[1])[1] is None:
            return None
        return raw[1]

    def entries(self, raw):
        if raw is None:
            return []
        node = self._node(raw[1])[1] if raw[0] == "ref" else None
        return list(node.v) if node is not None and node.kind == "node" else None

    def is_tuple(self, raw):
        return raw is not None and (raw[0] == "inline" and raw[1] is None or
                                    raw[0] == "ref" and self.entries(raw) is not None)

    def is_distinct(self, n):
        return self.p.resolve(n)[0] in self.m.distinct

    def is_null(self, entry):
        return self._node(entry)[1] is None

    def sp_is_definition(self, n):
        return _is_definition(self._node(n)[1])

    def di_check(self, ok, message, *shown):
        if not ok:
            self.check(False, message, *[self._shown(x) for x in shown])

    def _shown(self, x):
        if x is None:
            return None
        if type(x) is tuple:
            return self._show(x)
        if isinstance(x, str):
            return lambda: x
        return self._opt(x)

    def sub(self, fn, *args):
        self._visit(fn, *args)

    def di_undefined(self, n, message):
        self.undefined(self.gve_pos if self.gve_pos is not None else _md_pos(self.m, n),
                       message)

    # ------------------------------------------------------------------ visitors
    def run(self):
        self.records = _records_format(self.m)
        for f in self.m.functions:
            if f.blocks:
                self._visit(self.function, f)
                for bb in f.blocks:
                    for inst in bb.insts:
                        self._visit(self.instruction, inst, f, bb)
            else:
                self._visit(self.declaration, f)
        # then the module: global variables' attachments, the named metadata
        for g in self.m.globals:
            self._visit(self.global_variable, g)
        for name, refs in self.m.named_md.items():
            for ref in refs:
                self._visit(self.named_operand, name, ref)
        return self.broken

    def global_variable(self, g):
        for kind, ref in getattr(g, "md", None) or ():
            if kind != "dbg":
                continue
            _, node = self._node(ref)
            self.check(self._kind(node) == "DIGlobalVariableExpression",
                       "!dbg attachment of global variable must be a "
                       "DIGlobalVariableExpression")
            # (the expression's own checks only: its nodes are not walked from here)
            self.gve_pos = g.start
            try:
                self._visit(global_variable_expression_rule, self, ref)
            finally:
                self.gve_pos = None

    def declaration(self, f):
        """A declaration's attachments: its !dbg must not be distinct (the one check LLVM
        makes), and is read as a DISubprogram whatever it is."""
        for kind, ref in f.md or ():
            if kind == "dbg":
                num, node = self.p.resolve(ref)
                self.check(num not in self.m.distinct,
                           "function declaration may only have a unique !dbg attachment",
                           self._fn(f))
                if self._kind(node) != "DISubprogram":
                    # (19 reads it as a subprogram: llvm-as-19 accepts it, mlir-translate-19
                    # crashes or imports garbage)
                    self.undefined(f.start, "function !dbg attachment must be a subprogram")
            self.md_node(ref)

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
        parent = self._raw(node, "scope")
        self.check(self._raw_kind(parent) in _LOCAL_SCOPES,
                   "DILocation's scope must be a DILocalScope", self._md(sp_ref),
                   self._fn(f), self._inst(inst, f), self._md(loc),
                   self._show(parent) if parent is not None else None)
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
        name = callee.v if isinstance(callee, C) and callee.kind == "global" else None
        if record or name == "llvm.dbg.label" and self.records:
            # (a record's location is visited before anything else of it)
            for kind, ref in inst.md or ():
                if kind == "dbg":
                    self.md_node(ref)
        if name == "llvm.dbg.label" and (record or self.records):
            # (LLVM 19 reads a module without dbg.value/declare calls in the record form:
            # its dbg.label calls become #dbg_label records)
            self._visit(self.dbg_label, inst, f, bb, True)
            return
        if name in ("llvm.dbg.value", "llvm.dbg.declare") and record:
            self._visit(self.dbg_record, inst, f, bb)
            return
        if record:
            return
        # an intrinsic's metadata arguments are visited before its own checks
        for op in inst.ops:
            if isinstance(op, tuple) and op and op[0] == "md":
                self.md_node(op[1], False)
        if name in ("llvm.dbg.value", "llvm.dbg.declare"):
            self._visit(self.dbg_intrinsic, inst, f, bb, name[len("llvm.dbg."):])
        elif name == "llvm.dbg.label":
            self._visit(self.dbg_label, inst, f, bb, False)
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
        self.node_checks(ref)
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
        self._type_ref(var)  # (again: the variable's own visit checked it already)

    def _type_ref(self, var):
        vnode = self._node(var)[1]
        ty = self._raw(vnode, "type")
        self.check(ty is None or self._raw_kind(ty) in _TYPES, "invalid type ref",
                   self._md(var), self._show(ty) if ty else None)

    def dbg_label(self, inst, f, bb, as_record):
        """The label checks, on a #dbg_label record (also what a dbg.label call becomes in
        a module read in the record form) or on an llvm.dbg.label call."""
        mds = [op[1] for op in inst.ops if isinstance(op, tuple) and op and op[0] == "md"]
        if not mds:
            return
        label = mds[0]
        locs = [r for k, r in inst.md or () if k == "dbg"]
        record = _is_record(self.m, inst)
        what = "#dbg_label" if as_record else "llvm.dbg.label"
        shown = self._inst(inst, f) if record or not as_record else \
            self._as_record(inst, label, locs)
        if self._kind(self._node(label)[1]) != "DILabel":
            if as_record and not record:  # (19 makes a label record of it and crashes)
                self.undefined(inst.start, "invalid llvm.dbg.label intrinsic variable")
            self.check(False, f"invalid {what} intrinsic variable", shown, self._md(label))
        if locs and self._kind(self._node(locs[0])[1]) != "DILocation":
            return
        if not locs and as_record:  # (19 crashes writing the record it complains about)
            self.undefined(inst.start, "llvm.dbg.label intrinsic requires a !dbg attachment")
        # (a label call without a location breaks the module itself in 19)
        self.check(bool(locs), f"{what} intrinsic requires a !dbg attachment", shown,
                   lambda: _label(bb), self._fn(f), fatal=True)
        label_sp = self._subprogram(self._field(self._node(label)[1], "scope"))
        loc_sp = self._subprogram(self._field(self._node(locs[0])[1], "scope"))
        if label_sp is None or loc_sp is None:
            return
        self.check(self.p.identity(label_sp) == self.p.identity(loc_sp),
                   f"mismatched subprogram between {what} label and !dbg attachment", shown,
                   lambda: _label(bb), self._fn(f), self._md(label), self._md(label_sp),
                   self._md(locs[0]), self._md(loc_sp))

    def _as_record(self, inst, label, locs):
        """A dbg.label call written as the #dbg_label record LLVM 19 made of it."""
        def show():
            slots = self.p.module_slots()

            def ref(r):
                key = self.p.identity(r)
                return f"!{slots[key]}" if key in slots else "null"
            return f"#dbg_label({ref(label)}, {ref(locs[0]) if locs else 'null'})"
        return show

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
        self._type_ref(var)  # (again: the variable's own visit checked it already)
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


def _is_definition(node):
    fields = node.v[1]
    if "spFlags" in fields:
        return "DISPFlagDefinition" in " ".join(fields["spFlags"])
    # the legacy fields: isDefinition defaults to true
    return fields.get("isDefinition") != ["false"]


def _records_format(m):
    """Whether LLVM 19 reads the module in the debug-record form: it has records, or no
    llvm.dbg.value/declare/assign calls."""
    for f in m.functions:
        for bb in f.blocks:
            for inst in bb.insts:
                if inst.op != "call":
                    continue
                callee = inst.a.get("callee")
                if isinstance(callee, C) and callee.kind == "global" and callee.v in (
                        "llvm.dbg.value", "llvm.dbg.declare", "llvm.dbg.assign"):
                    return _is_record(m, inst)
    return True


def _md_pos(m, ref):
    """Where the node `ref` names is defined in the input (0 when unknown)."""
    import re
    num = getattr(ref, "v", None)
    if isinstance(num, int):
        mo = re.search(rf"^!{num}\s*=", m.text, re.M)
        if mo:
            return mo.start()
    return 0


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
