"""The MLIR text printer: the same text mlir-opt 19 prints.

One pass over the IR appends strings to a list. Aliasable attributes (`#map`, `#loc`, ...) are
emitted as placeholders `\\0N\\0` while printing; at the end their names are assigned in
MLIR's order (alias depth, types before attributes, prefix, first use) and substituted, so no
second "dummy" print is needed.
"""
from __future__ import annotations

import re

from pyopt.ir.core import OpResult
from pyopt.ir.location import UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc, OpaqueLoc
from pyopt.ir.attributes import (UnitAttr, escape_string, IntegerAttr, LocationAttr)
from pyopt.ir.types import I64
from pyopt.syntax.naming import NameState, sanitize_identifier  # noqa: F401  (re-exported)
from pyopt.syntax.value_users import users_comment, value_users

_PLACEHOLDER = re.compile("\x00([0-9]+)\x00")
_WEAK = re.compile("\x02([0-9]+)\x02")
_DISTINCT = re.compile(r"distinct\[([0-9]+)\]<")
_BARE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")


class _OrderedSet(dict):
    def add(self, key):
        self[key] = None


class PrintFlags:
    __slots__ = ("generic", "debuginfo", "pretty_debuginfo", "local_scope", "elide_limit",
                 "hex_limit", "assume_verified", "skip_regions", "struct_aliases",
                 "unique_ssa_ids", "value_users", "resource_limit")

    def __init__(self, generic=False, debuginfo=False, pretty_debuginfo=False, local_scope=False,
                 elide_limit=None, hex_limit=100, assume_verified=False, skip_regions=False,
                 struct_aliases=False, unique_ssa_ids=False, value_users=False,
                 resource_limit=None):
        self.generic = generic
        self.debuginfo = debuginfo
        self.pretty_debuginfo = pretty_debuginfo
        self.local_scope = local_scope
        self.elide_limit = elide_limit
        self.hex_limit = hex_limit
        self.assume_verified = assume_verified
        self.skip_regions = skip_regions
        self.struct_aliases = struct_aliases
        self.value_users = value_users  # --mlir-print-value-users
        self.unique_ssa_ids = unique_ssa_ids
        # --mlir-elide-resource-strings-if-larger: resource entries whose printed value is
        # longer are left out (and sections left empty with them)
        self.resource_limit = resource_limit


class _Alias:
    __slots__ = ("index", "prefix", "is_type", "deferrable", "text", "depth", "name", "forward")

    def __init__(self, index, prefix, is_type, deferrable):
        self.index = index
        self.prefix = prefix
        self.is_type = is_type
        self.deferrable = deferrable
        self.text = ""
        self.depth = 1  # MLIR: an aliased value is depth 1 while its children are visited
        self.name = None
        self.forward = None  # text declaring a recursive type's alias ahead of its definition


def _external_resource_value(v):
    if v[0] == "bool":
        return "true" if v[1] else "false"
    if v[0] == "string":
        return '"' + escape_string(v[1]) + '"'
    return '"0x' + (v[1].to_bytes(4, "little") + v[2]).hex().upper() + '"'


class Printer:
    def __init__(self, flags: PrintFlags | None = None, context=None):
        self.flags = flags or PrintFlags()
        self.ctx = context
        self.out = []
        self.indent = 0
        self.local_scope = self.flags.local_scope
        self.hex_large_elements = True
        self.ns = None
        self.type_cache = {}
        self.attr_cache = {}
        self.aliases = []
        self.loc_cache = {}
        self.default_dialects = ["builtin"]
        self.used_resources = _OrderedSet()  # resource handles printed, in first-use order
        self._distinct_ids = {}
        # provisional distinct ids: the order met here, or the attributes' creation numbers
        # (the same in two processes forked after creating them: printer_split)
        self.distinct_by_uid = False
        self.splice = None  # (block, op, fill): fill(self) prints block's ops from op on
        # MLIR's alias depth: every attribute/type printed inside another one is a level, aliased
        # or not (depth 1 + deepest child when it has any deep child). `_frames` holds the
        # deepest child of each value being rendered; `_depths` the depth of a rendered value
        # (an int, or its _Alias while that may still change).
        self._frames = []
        self._in_loc = 0  # > 0 while rendering a location: aliases made there are deferrable
        self._depths = {}
        self.op_marks = None  # a list when recording where each op starts (op location maps)
        # > 0 while printing what MLIR's alias pass does not visit (a function's argument
        # attributes): values there take an alias only when it is made elsewhere
        self._weak = 0
        self._weak_refs = []

    # -- output ----------------------------------------------------------------------------
    def w(self, s):
        self.out.append(s)

    def newline(self):
        self.out.append("\n" + "  " * self.indent)

    # -- types and attributes ------------------------------------------------------------------
    def type_str(self, t):
        if self._weak:
            return self._weak_ref(t, self.type_cache,
                                  None if self.local_scope else _type_alias_prefix(t, self))
        s = self.type_cache.get(t)
        if s is None:
            prefix = None if self.local_scope else _type_alias_prefix(t, self)
            if prefix is not None:
                s = self._alias(t, prefix, True, False, lambda: t.asm(self), self.type_cache)
            else:
                s = self._visit(t, t.asm)
                self.type_cache[t] = s
        elif self._frames:
            self._note_depth(t)
        return s

    def attr_str(self, a, elide_int_type=False):
        if elide_int_type and type(a) is IntegerAttr and a.type is I64:
            return str(a.value)
        if type(a) is LocationAttr and not self.flags.pretty_debuginfo:
            # a location in attribute position is spelled as the location (one `#loc` alias,
            # printed with the other aliases when used outside locations)
            if self.local_scope:
                return "loc(" + self.loc_body(a.loc) + ")"
            s = self.loc_ref(a.loc)
            if not self._in_loc:
                self._mark_non_deferrable(s)
            return s
        if self._weak:
            return self._weak_ref(a, self.attr_cache,
                                  None if self.local_scope else _attr_alias_prefix(a))
        s = self.attr_cache.get(a)
        if s is None:
            prefix = None if self.local_scope else _attr_alias_prefix(a)
            if prefix is not None:
                s = self._alias(a, prefix, False, self._in_loc > 0, lambda: a.asm(self),
                                self.attr_cache)
            else:
                s = self._visit(a, a.asm)
                self.attr_cache[a] = s
        else:
            if self._frames:
                self._note_depth(a)
            if not self._in_loc and "\x00" in s:
                # used outside locations too: no longer printed after the module
                self._mark_non_deferrable(s)
        return s

    def attr_no_type(self, a):
        """An attribute with its type elided where it has one (IntegerAttr / FloatAttr)."""
        if type(a) is IntegerAttr or a.__class__.__name__ == "FloatAttr":
            return a.asm(self, elide_type=True)
        s = self.attr_str(a)
        t = getattr(a, "type", None)
        if t is not None and a.__class__.__name__.endswith("ElementsAttr"):
            suffix = " : " + self.type_str(t)  # elements attrs elide their shaped type too
            if s.endswith(suffix):
                s = s[:-len(suffix)]
        return s

    def _visit(self, key, render, *args):
        """Renders a non-aliased value, recording its alias depth when it contains aliases."""
        frames = self._frames
        frames.append(0)
        try:
            s = render(self, *args)
        finally:
            d = frames.pop()
        if d:
            self._depths[key] = d + 1
            if frames and frames[-1] <= d:
                frames[-1] = d + 1
        return s

    def _note_depth(self, key):
        """A nested use of an already rendered value: its depth counts for the enclosing one."""
        d = self._depths.get(key, 0)
        if type(d) is _Alias:
            d = d.depth
        if d > self._frames[-1]:
            self._frames[-1] = d

    def nested_level(self, render):
        """`render()` as one nested level of MLIR's alias depth: for values a dialect printer
        writes stripped (printStrippedAttrOrType) instead of through attr_str/type_str."""
        frames = self._frames
        frames.append(0)
        try:
            s = render()
        finally:
            d = frames.pop()
        if d and frames and frames[-1] <= d:
            frames[-1] = d + 1
        return s

    def unvisited_by_aliases(self, render):
        """`render()` for text MLIR's alias pass skips (DummyAliasOperationPrinter prints a
        region argument's type but not its attributes): an attribute or type met there
        uses its alias if one is made anywhere else in the output, else is spelled out."""
        self._weak += 1
        try:
            return render()
        finally:
            self._weak -= 1

    def _weak_ref(self, key, cache, prefix):
        s = cache.get(key)
        if s is not None:
            return s
        text = key.asm(self)  # (not cached: it may hold weak references)
        if prefix is None:
            return text
        self._weak_refs.append((key, cache, text))
        return "\x02%d\x02" % (len(self._weak_refs) - 1)

    def _resolve_weak(self, text):
        refs = self._weak_refs

        def resolve(m):
            key, cache, inline = refs[int(m.group(1))]
            s = cache.get(key)
            return s if s is not None and s.startswith("\x00") else _WEAK.sub(resolve, inline)
        return _WEAK.sub(resolve, text)

    def _alias(self, key, prefix, is_type, deferrable, render, cache):
        al = self._new_alias(key, prefix, is_type, deferrable, cache)
        self._render_alias(al, render)
        return "\x00%d\x00" % al.index

    def _new_alias(self, key, prefix, is_type, deferrable, cache):
        al = _Alias(len(self.aliases), prefix, is_type, deferrable)
        self.aliases.append(al)
        cache[key] = "\x00%d\x00" % al.index
        self._depths[key] = al
        if is_type:
            fwd = getattr(key, "alias_forward_decl", None)
            if fwd is not None:
                al.forward = fwd
        return al

    def _render_alias(self, al, render):
        frames = self._frames
        frames.append(0)
        try:
            al.text = render()
        finally:
            d = frames.pop()
        if d:
            al.depth = d + 1
        if frames and frames[-1] < al.depth:
            frames[-1] = al.depth

    def reserve_type_alias(self, t):
        """Creates the alias of a type not printed yet without rendering it: a dialect whose
        types form deep graphs (recursive structs) reserves the aliases of a whole graph, then
        renders them bottom-up (render_type_alias) instead of recursing along it. False when
        `t` is already printed or has no alias."""
        if self.local_scope or t in self.type_cache:
            return False
        prefix = _type_alias_prefix(t, self)
        if prefix is None:
            return False
        self._new_alias(t, prefix, True, False, self.type_cache)
        return True

    def render_type_alias(self, t):
        """Renders the text of an alias made by reserve_type_alias (not nested in any value)."""
        saved = self._frames
        self._frames = []
        try:
            self._render_alias(self._depths[t], lambda: t.asm(self))
        finally:
            self._frames = saved

    def attr_entries(self, items, elided=()):
        parts = []
        for name, a in items:
            if name in elided:
                continue
            key = name if _BARE_NAME.match(name) else '"' + escape_string(name) + '"'
            if type(a) is UnitAttr:
                parts.append(key)
            else:
                parts.append(key + " = " + self.attr_str(a))
        return ", ".join(parts)

    def attr_dict_str(self, attrs: dict, elided=(), keyword=False):
        if not attrs:
            return ""
        items = sorted(attrs.items()) if len(attrs) > 1 else list(attrs.items())
        body = self.attr_entries(items, elided)
        if not body:
            return ""
        return (" attributes {" if keyword else " {") + body + "}"

    def distinct_id(self, d):
        ids = self._distinct_ids
        i = ids.get(d)
        if i is None:
            i = ids[d] = d.uid if self.distinct_by_uid else len(ids)
        return i

    # -- locations --------------------------------------------------------------------------------
    def loc_str(self, loc):
        """`loc(...)` for a trailing location, through a `#loc` alias unless printing locally."""
        if self.flags.pretty_debuginfo:
            # Written inline, but aliases are still made for it and what it contains.
            if not self.local_scope:
                self.loc_ref(loc)
            return self.loc_pretty(loc)
        return "loc(" + self.loc_ref(loc) + ")"

    def loc_pretty(self, loc):
        """--mlir-pretty-debuginfo: `[unknown]`, unquoted file names, `a at b` call sites;
        nested locations through their aliases (inline under local scope)."""
        t = type(loc)
        if t is UnknownLoc:
            return "[unknown]"
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename}:{loc.line}:{loc.col}"
        sub = self.loc_pretty if self.local_scope else self.loc_ref
        if t is NameLoc:
            s = '"' + escape_string(loc.name) + '"'
            if type(loc.child) is not UnknownLoc:
                s += "(" + sub(loc.child) + ")"
            return s
        if t is CallSiteLoc:
            sep = " at " if t is CallSiteLoc and type(loc.callee) is NameLoc and \
                isinstance(loc.caller, FileLineColLoc) else "\n at "
            return sub(loc.callee) + sep + sub(loc.caller)
        if t is FusedLoc:
            meta = "<" + self.attr_str(loc.metadata) + ">" if loc.metadata is not None else ""
            return meta + "[" + ", ".join(sub(x) for x in loc.locations) + "]"
        if t is OpaqueLoc:
            return self.loc_pretty(loc.fallback)
        return "[unknown]"

    def loc_str_arg(self, loc):
        """A block/function argument location: MLIR gives it an alias that is printed before
        the op (with the non-deferred aliases) but writes the location itself inline."""
        if self.local_scope:
            return self.loc_pretty(loc) if self.flags.pretty_debuginfo else \
                "loc(" + self.loc_body(loc) + ")"
        self._mark_non_deferrable(self.loc_ref(loc))
        if self.flags.pretty_debuginfo:
            return self.loc_pretty(loc)
        return "loc(" + self.loc_body(loc) + ")"

    def _mark_non_deferrable(self, placeholder):
        for i in _PLACEHOLDER.findall(placeholder):
            al = self.aliases[int(i)]
            if al.deferrable and al.text is not None:
                al.deferrable = False
                self._mark_non_deferrable(al.text)

    def loc_ref(self, loc):
        if self.local_scope:
            return self.loc_body(loc)
        s = self.loc_cache.get(loc)
        if s is None:
            s = self._alias(loc, "loc", False, True, lambda: self._loc_render(loc),
                            self.loc_cache)
        elif self._frames:
            self._note_depth(loc)
        return s

    def _loc_render(self, loc):
        self._in_loc += 1
        try:
            if self.flags.pretty_debuginfo:
                return self.loc_pretty(loc)
            return "loc(" + self.loc_body(loc) + ")"
        finally:
            self._in_loc -= 1

    def loc_body(self, loc):
        t = type(loc)
        if t is UnknownLoc:
            return "unknown"
        if isinstance(loc, FileLineColLoc):
            return f'"{escape_string(loc.filename)}":{loc.line}:{loc.col}'
        if t is NameLoc:
            s = '"' + escape_string(loc.name) + '"'
            if type(loc.child) is not UnknownLoc:
                s += "(" + self.loc_ref(loc.child) + ")"
            return s
        if t is CallSiteLoc:
            return f"callsite({self.loc_ref(loc.callee)} at {self.loc_ref(loc.caller)})"
        if t is FusedLoc:
            meta = "<" + self.attr_str(loc.metadata) + ">" if loc.metadata is not None else ""
            return "fused" + meta + "[" + ", ".join(self.loc_ref(x) for x in loc.locations) + "]"
        if t is OpaqueLoc:
            return self.loc_body(loc.fallback)
        return "unknown"

    # -- values and blocks --------------------------------------------------------------------------
    def value(self, v):
        ns = self.ns
        name = ns.names.get(v)
        if name is not None:
            if type(v) is not OpResult or len(v.owner.results) == 1:
                return "%" + name
            name = None  # first of a result group: `%0#0` when the group has several results
        if type(v) is OpResult:
            op = v.owner
            idx = v.index
            groups = ns.groups.get(op)
            if idx >= len(op.results):
                return "<<UNKNOWN SSA VALUE>>"  # result of an erased op (broken IR in a diagnostic)
            if groups is None:
                base = ns.names.get(op.results[0])
                if base is not None:
                    return "%" + base + "#" + str(idx)
            else:
                start = max(g for g in groups if g <= idx)
                base = ns.names.get(op.results[start])
                if base is not None:
                    end = min((g for g in groups if g > start), default=len(op.results))
                    if end - start == 1:
                        return "%" + base
                    return "%" + base + "#" + str(idx - start)
        return "<<UNKNOWN SSA VALUE>>"

    def values(self, vs):
        return ", ".join([self.value(v) for v in vs])

    def block_name(self, b):
        info = self.ns.blocks.get(b)
        return info[0] if info is not None else "INVALIDBLOCK"  # (MLIR's name too)

    def types(self, ts):
        return ", ".join([self.type_str(t) for t in ts])

    def functional_type(self, ins, outs):
        s = "(" + self.types(ins) + ") -> "
        if len(outs) == 1 and outs[0].__class__.__name__ != "FunctionType":
            return s + self.type_str(outs[0])
        return s + "(" + self.types(outs) + ")"

    # -- operations -----------------------------------------------------------------------------------
    def print_top(self, op):
        self.ns = NameState(op, self.flags.generic, self.flags.unique_ssa_ids,
                            self.flags.value_users)
        self.print_op(op)
        if self.local_scope:  # MLIR prints just the op (no top-level aliases or resources)
            return self.finish()
        self.w("\n")
        return self.finish() + self.resources_text()

    def resources_text(self):
        """The `{-# dialect_resources ... , external_resources ... #-}` block (the used
        builtin blobs, then the external resources kept), printed after the top-level op as
        mlir-opt does."""
        limit = self.flags.resource_limit
        seen = []  # an elided entry still opens the block, as in MLIR

        def kept(key, value):
            seen.append(key)
            return None if limit is not None and len(value) > limit else f"      {key}: {value}"

        blobs = getattr(self.ctx, "resources", None) or {}
        entries = [e for e in (kept(h, f'"{blobs[("builtin", h)]}"') for h in self.used_resources
                               if ("builtin", h) in blobs) if e is not None]
        sections = []
        if entries:
            sections.append("  dialect_resources: {\n    builtin: {\n" + ",\n".join(entries) +
                            "\n    }\n  }")
        external = getattr(self.ctx, "external_resources", None)
        groups = []
        for owner, items in (external or {}).items():
            lines = [e for e in (kept(k, _external_resource_value(v)) for k, v in items.items())
                     if e is not None]
            if lines:
                groups.append(f"    {owner}: {{\n" + ",\n".join(lines) + "\n    }")
        if groups:
            sections.append("  external_resources: {\n" + ",\n".join(groups) + "\n  }")
        if not seen:
            return ""
        return "\n{-#\n" + ",\n".join(sections) + "\n#-}\n"

    def print_op(self, op):
        """Prints `op` (results, body, trailing location) at the current position."""
        out = self.out
        flags = self.flags
        if self.op_marks is not None:  # (see print_op_with_positions)
            out.append("\x01%d\x01" % len(self.op_marks))
            self.op_marks.append(op)
        debuginfo = flags.debuginfo
        if debuginfo and not self.local_scope:
            self.loc_ref(op.loc)  # MLIR visits an op's location before its body
        results = op.results
        if results:
            ns = self.ns
            groups = ns.groups.get(op)
            if groups is None:
                s = "%" + ns.names.get(results[0], "<<UNKNOWN SSA VALUE>>")
                if len(results) > 1:
                    s += ":" + str(len(results))
                out.append(s + " = ")
            else:
                parts = []
                bounds = groups + [len(results)]
                for i in range(len(groups)):
                    s = "%" + self.ns.names.get(results[groups[i]], "<<UNKNOWN SSA VALUE>>")
                    n = bounds[i + 1] - bounds[i]
                    parts.append(s + (":" + str(n) if n > 1 else ""))
                out.append(", ".join(parts) + " = ")
        opdef = op.opdef
        if flags.generic or opdef is None or opdef.print is None:
            self.print_generic(op)
        else:
            dd = self.default_dialects[-1]
            name = op.name
            if dd and name.startswith(dd) and name[len(dd):len(dd) + 1] == "." and \
                    name.count(".") == 1:
                name = name[len(dd) + 1:]
            out.append(name)
            opdef.print(self, op)
        if debuginfo:
            out.append(" " + self.loc_str(op.loc))
        if flags.value_users:
            out.append(users_comment(self, op))

    def print_generic(self, op):
        out = self.out
        out.append('"' + escape_string(op.name) + '"(' + self.values(op.operands) + ")")
        if op.successor_slots:
            out.append("[" + ", ".join(self.block_name(b) for b in op.successors) + "]")
        props = op.properties
        slot = len(out)
        if props:
            out.append("")  # filled below: MLIR assigns alias numbers regions-first
        if op.regions:
            out.append(" (")
            first = True
            for r in op.regions:
                if not first:
                    out.append(", ")
                first = False
                self.print_region(r, True, True, True)
            out.append(")")
        # MLIR's alias walk of a generic op visits its regions, then its operand and result
        # types, then all attributes (inherent and discardable) sorted by name.
        ftype = self.functional_type(op.operand_types, op.result_types)
        if props or op.attributes:
            for _, a in sorted(list(op.attributes.items()) + list(props.items()),
                               key=lambda kv: kv[0]):
                self.attr_str(a)
        if props:
            opaque = props.get("<opaque>")
            if opaque is not None:
                out[slot] = " <" + self.attr_str(opaque) + ">"
            else:
                out[slot] = " <{" + self.attr_entries(sorted(props.items())) + "}>"
        if op.attributes:
            out.append(" {" + self.attr_entries(sorted(op.attributes.items())) + "}")
        out.append(" : " + ftype)

    def print_region(self, region, print_entry_args=True, print_terminators=True,
                     print_empty_block=False):
        out = self.out
        if self.flags.skip_regions:
            out.append("{...}")
            return
        out.append("{\n")
        if region.blocks:
            parent = region.parent
            dd = parent.opdef.default_dialect if parent is not None and parent.opdef is not None \
                else ""
            self.default_dialects.append(dd or "")
            entry = region.blocks[0]
            always = (print_empty_block and entry.first is None) or (
                print_entry_args and bool(entry.args))
            self.print_block(entry, always, print_terminators)
            for b in region.blocks[1:]:
                self.print_block(b, True, True)
            self.default_dialects.pop()
        out.append("  " * self.indent + "}")

    def print_block(self, block, print_label=True, print_terminator=True):
        out = self.out
        if print_label:
            s = "  " * self.indent + self.block_name(block)
            if block.args:
                parts = []
                for a in block.args:
                    t = self.value(a) + ": " + self.type_str(a.type)
                    if self.flags.debuginfo:
                        t += " " + self.loc_str_arg(a.loc if a.loc is not None else _UNKNOWN())
                    parts.append(t)
                s += "(" + ", ".join(parts) + ")"
            s += ":"
            preds = block.pred_uses
            if not preds:
                if block.parent is not None and block.parent.blocks[0] is not block:
                    s += "  // no predecessors"
            elif len(preds) == 1:
                s += "  // pred: " + self.block_name(preds[0].owner.parent)
            else:
                infos = sorted((self.ns.blocks.get(u.owner.parent, ("?", 1 << 30))
                                for u in preds), key=lambda x: x[1])
                s += f"  // {len(infos)} preds: " + ", ".join(i[0] for i in infos)
            out.append(s + "\n")
        self.indent += 1
        ind = "  " * self.indent
        if self.flags.value_users:
            for a in block.args:
                used = value_users(self, a)
                out.append(ind + "// " + self.value(a) +
                           (" is unused" if used == "unused" else " is used by " + used) + "\n")
        op = block.first
        last = block.last
        stop = self.splice[1] if self.splice is not None and self.splice[0] is block else None
        while op is not stop:
            if op is last and not print_terminator and op.opdef is not None and \
                    op.opdef.is_terminator:
                break
            out.append(ind)
            self.print_op(op)
            out.append("\n")
            op = op.next
        if stop is not None:
            self.splice[2](self)
        self.indent -= 1

    # -- helpers for custom printers ------------------------------------------------------------------
    def print_optional_attr_dict(self, op, elided=(), keyword=False, attrs=None):
        if attrs is None:
            attrs = op.attributes
        self.out.append(self.attr_dict_str(attrs, elided, keyword))

    # -- finishing -----------------------------------------------------------------------------------
    def finish(self):
        body = "".join(self.out)
        if self._weak_refs:
            body = self._resolve_weak(body)
        text = self._with_aliases(body) if self.aliases else body
        ids = self._distinct_ids
        if len(ids) > 1 or self.distinct_by_uid:  # (a spliced part may hold some)
            # MLIR numbers distinct attributes as it prints them (alias definitions first),
            # not in the order this one-pass printer met them.
            renum = {}
            text = _DISTINCT.sub(lambda m: "distinct[%d]<" % renum.setdefault(
                m.group(1), len(renum)), text)
        return text

    def _with_aliases(self, body):
        """The alias definitions (named now: MLIR sorts them by depth, kind and prefix), the
        body with its alias placeholders named, the deferred (location) aliases after it."""
        order = sorted(self.aliases, key=lambda a: (a.depth, not a.is_type, a.prefix, a.index))
        counts = {}
        for a in order:
            n = counts.get(a.prefix, 0)
            counts[a.prefix] = n + 1
            a.name = ("!" if a.is_type else "#") + a.prefix + (str(n) if n else "")
        names = [a.name for a in self.aliases]

        def sub(text):
            return _PLACEHOLDER.sub(lambda m: names[int(m.group(1))], text)
        head = [a.name + " = " + sub(a.text) + "\n" for a in order if not a.deferrable]
        if any(a.forward is not None for a in self.aliases):
            head = self._with_forward_decls(order, sub)
        tail = [a.name + " = " + sub(a.text) + "\n" for a in order if a.deferrable]
        return "".join(head) + sub(body) + "".join(tail)


    def _with_forward_decls(self, order, sub):
        """Alias definitions where a recursive type's alias used before its definition (a
        cycle of mutable types) is first declared by the type's forward form, then defined."""
        head = []
        done = set()
        aliases = self.aliases
        for a in order:
            if a.deferrable:
                continue
            for i in _PLACEHOLDER.findall(a.text):
                i = int(i)
                b = aliases[i]
                if i not in done and b.forward is not None:
                    head.append(b.name + " = " + b.forward() + "\n")
                    done.add(i)
            head.append(a.name + " = " + sub(a.text) + "\n")
            done.add(a.index)
        return head


def _UNKNOWN():
    from pyopt.ir.location import UNKNOWN_LOC
    return UNKNOWN_LOC


def _attr_alias_prefix(a):
    p = a.alias_prefix
    if p is None:
        fn = getattr(a, "alias_name", None)
        if fn is not None:
            return fn()
        if type(a).__name__ == "DistinctAttr" and type(a.referenced) is not UnitAttr:
            return "distinct"
    return p


def _type_alias_prefix(t, printer):
    fn = getattr(t, "alias_name", None)
    if fn is not None:
        return fn(printer)
    if type(t).__name__ == "TupleType" and len(t.types) > 16:
        return "tuple"
    return None


# -- convenience entry points ----------------------------------------------------------------------
def print_op(op, flags=None) -> str:
    """Prints `op` with names numbered from its top-level ancestor, like Operation::print."""
    p = Printer(flags)
    root = op
    while root.parent_op is not None and not (flags and flags.local_scope and root.opdef
                                              and root.opdef.isolated):
        root = root.parent_op
    p.ns = NameState(root, p.flags.generic, p.flags.unique_ssa_ids, p.flags.value_users)
    if op.parent is not None:  # (an op in a block prints without alias definitions)
        p.local_scope = True
    p.print_op(op)
    return p.finish()


def print_op_with_positions(op, flags=None, context=None):
    """(text, {op: (line, column)}): print_top's text and where each printed op starts (line
    1-based, column 0-based: its indentation), as MLIR's AsmState location map."""
    import re
    p = Printer(flags, context)
    p.op_marks = []
    text = p.print_top(op)
    positions, pieces, last, line, col = {}, [], 0, 1, 0
    for m in re.finditer("\x01([0-9]+)\x01", text):
        chunk = text[last:m.start()]
        pieces.append(chunk)
        nl = chunk.count("\n")
        if nl:
            line += nl
            col = len(chunk) - chunk.rindex("\n") - 1
        else:
            col += len(chunk)
        positions[p.op_marks[int(m.group(1))]] = (line, col)
        last = m.end()
    pieces.append(text[last:])
    return "".join(pieces), positions


def op_for_diagnostic(op) -> str:
    """An op as MLIR streams it into an error diagnostic: generic form, local scope (names
    from the closest isolated-from-above op), large elements elided; on a line of its own when
    it spans several."""
    try:
        s = print_op(op, PrintFlags(generic=True, local_scope=True, elide_limit=16))
    except Exception:  # the IR being reported on may be broken in ways printing cannot take
        s = '"' + escape_string(op.name) + '"(...) <<IR TOO BROKEN TO PRINT>>'
    return "\n" + s if "\n" in s else s


def type_to_str(t) -> str:
    p = Printer(PrintFlags(local_scope=True))
    return p.type_str(t)


def attr_to_str(a) -> str:
    p = Printer(PrintFlags(local_scope=True))
    return p.attr_str(a)
