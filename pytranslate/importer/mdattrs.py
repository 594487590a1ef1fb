"""Metadata the LLVM dialect models as attributes: loop annotations (`!llvm.loop`),
access groups (`!llvm.access.group`), TBAA (`!tbaa`) and alias scopes
(`!alias.scope` / `!noalias`).

Each translated node becomes an alias definition shared with the debug-info importer
(`DebugInfo.define`), so distinct ids never collide; pyopt renumbers and re-aliases them on
printing.  A node that does not have the expected shape translates to None and the
attachment is dropped."""


class MDAttrs:
    def __init__(self, cv):
        self.cv = cv
        self.di = cv.di
        self.m = cv.m
        self.cache = {}          # (kind, node key) -> alias name or None
        self._used_groups = None  # node keys attached through !llvm.access.group

    # ------------------------------------------------------------------ helpers
    def resolve(self, ref):
        return self.di.resolve(ref)

    def _node(self, ref):
        key, n = self.resolve(ref)
        if n is None or n.kind != "node":
            return None, None
        return key, n

    def _int(self, ref):
        """The integer value of a `i32 N` style operand, or None."""
        _, n = self.resolve(ref)
        if n is None or n.kind != "val":
            return None
        v = n.v[1]
        if getattr(v, "kind", None) != "int":
            return None
        val = v.v
        if isinstance(val, bool):
            return int(val)
        try:
            return int(val)
        except (TypeError, ValueError):
            return {"true": 1, "false": 0}.get(str(val))

    def _str(self, ref):
        _, n = self.resolve(ref)
        if n is None or n.kind != "str":
            return None
        return n.v

    def _cached(self, kind, key, build):
        ck = (kind, key)
        if ck in self.cache:
            return self.cache[ck]
        self.cache[ck] = None  # cycles translate to None
        text = build()
        res = self.di.define(text) if text is not None else None
        self.cache[ck] = res
        return res

    # ------------------------------------------------------------------ access groups
    def used_groups(self):
        """Keys of the access-group nodes some instruction is attached to: only those
        are imported (a loop's parallel_accesses drops the others)."""
        if self._used_groups is None:
            used = set()
            for f in self.m.functions:
                for bb in getattr(f, "blocks", None) or ():
                    for inst in bb.insts:
                        for name, ref in inst.md or ():
                            if name == "llvm.access.group":
                                for k in self._group_keys(ref) or ():
                                    used.add(k)
            self._used_groups = used
        return self._used_groups

    def _group_keys(self, ref):
        key, n = self._node(ref)
        if n is None:
            return None
        if not n.v:
            return [key]  # a single group
        keys = []
        for e in n.v:
            k, g = self._node(e)
            if g is None or g.v:
                return None
            keys.append(k)
        return keys

    def access_group(self, key):
        return self._cached("ag", key, lambda: f"#llvm.access_group<id = {self.di.new_distinct()}>")

    def access_groups(self, ref):
        keys = self._group_keys(ref)
        if not keys:
            return None
        return "[" + ", ".join(self.access_group(k) for k in keys) + "]"

    # ------------------------------------------------------------------ alias scopes
    def _domain(self, ref):
        key, n = self._node(ref)
        if n is None or not n.v or len(n.v) > 2:
            return None

        def build():
            desc = self._str(n.v[1]) if len(n.v) == 2 else None
            if len(n.v) == 2 and desc is None:
                return None
            s = f"#llvm.alias_scope_domain<id = {self.di.new_distinct()}"
            if desc is not None:
                s += f", description = {_q(desc)}"
            return s + ">"
        return self._cached("dom", key, build)

    def _scope(self, ref):
        key, n = self._node(ref)
        if n is None or len(n.v) not in (2, 3):
            return None

        def build():
            dom = self._domain(n.v[1])
            if dom is None:
                return None
            desc = self._str(n.v[2]) if len(n.v) == 3 else None
            if len(n.v) == 3 and desc is None:
                return None
            s = f"#llvm.alias_scope<id = {self.di.new_distinct()}, domain = {dom}"
            if desc is not None:
                s += f", description = {_q(desc)}"
            return s + ">"
        return self._cached("scope", key, build)

    def alias_scopes(self, ref):
        _, n = self._node(ref)
        if n is None or not n.v:
            return None
        out = []
        for e in n.v:
            s = self._scope(e)
            if s is None:
                return None
            out.append(s)
        return "[" + ", ".join(out) + "]"

    def scope(self, ref):
        """A single scope given as a list of one (noalias.scope.decl's operand)."""
        _, n = self._node(ref)
        if n is None or len(n.v) != 1:
            return None
        return self._scope(n.v[0])

    # ------------------------------------------------------------------ TBAA
    def _is_root(self, n):
        return not n.v or (len(n.v) == 1 and self._str(n.v[0]) is not None)

    def _tbaa_node(self, ref):
        """A root or a type descriptor."""
        key, n = self._node(ref)
        if n is None:
            return None
        if self._is_root(n):
            def root():
                if not n.v:
                    return "#llvm.tbaa_root"
                return f"#llvm.tbaa_root<id = {_q(self._str(n.v[0]))}>"
            return self._cached("tbaa", key, root)
        name = self._str(n.v[0]) if n.v else None
        if name is None or len(n.v) % 2 != 1:
            return None

        def desc():
            members = []
            for i in range(1, len(n.v), 2):
                m = self._tbaa_node(n.v[i])
                off = self._int(n.v[i + 1])
                if m is None or off is None:
                    return None
                members.append(f"<{m}, {off}>")
            return f"#llvm.tbaa_type_desc<id = {_q(name)}, members = {{{', '.join(members)}}}>"
        return self._cached("tbaa", key, desc)

    def _tbaa_tag(self, ref):
        key, n = self._node(ref)
        if n is None or len(n.v) not in (3, 4):
            return None

        def build():
            base = self._tbaa_node(n.v[0])
            acc = self._tbaa_node(n.v[1])
            off = self._int(n.v[2])
            if base is None or acc is None or off is None or \
                    not base.startswith("#") or self._is_root(self._node(n.v[0])[1]) or \
                    self._is_root(self._node(n.v[1])[1]):
                return None
            s = f"#llvm.tbaa_tag<base_type = {base}, access_type = {acc}, offset = {off}"
            if len(n.v) == 4:
                c = self._int(n.v[3])
                if c is None:
                    return None
                if c:
                    s += ", constant = true"
            return s + ">"
        return self._cached("tag", key, build)

    def tbaa(self, ref):
        t = self._tbaa_tag(ref)
        return f"[{t}]" if t is not None else None

    # ------------------------------------------------------------------ instructions
    def inst_attrs(self, inst):
        """`name = value` entries of the alias-analysis attributes of a memory access."""
        out = []
        for name, ref in inst.md or ():
            if name == "llvm.access.group":
                v, key = self.access_groups(ref), "access_groups"
            elif name == "alias.scope":
                v, key = self.alias_scopes(ref), "alias_scopes"
            elif name == "noalias":
                v, key = self.alias_scopes(ref), "noalias_scopes"
            elif name == "tbaa":
                v, key = self.tbaa(ref), "tbaa"
            else:
                continue
            if v is not None:
                out.append(f"{key} = {v}")
        return out

    # ------------------------------------------------------------------ loops
    def loop_annotation(self, ref):
        key, n = self._node(ref)
        if n is None or not n.v:
            return None
        return self._cached("loop", key, lambda: self._build_loop(n))

    def _build_loop(self, n):
        props = {}   # MLIR group -> {field: value}
        top = {}
        locs = []
        for e in n.v[1:]:
            _, p = self.resolve(e)
            if p is None:
                continue
            if p.kind == "special" and p.v[0] == "DILocation":
                locs.append(e)
                continue
            if p.kind != "node" or not p.v:
                return None
            name = self._str(p.v[0])
            if name is None:
                return None
            args = p.v[1:]
            if not self._loop_prop(name, args, props, top):
                return None
        parts = []
        if "disableNonforced" in top:
            parts.append("disableNonforced = true")
        for field, attr in _GROUPS:
            g = props.get(field)
            if g is None:
                continue
            fields = [f"{k} = {g[k]}" for k in _GROUP_FIELDS[attr] if k in g]
            parts.append(f"{field} = {self.di.define(f'#llvm.{attr}<' + ', '.join(fields) + '>')}")
        for k in ("mustProgress", "isVectorized"):
            if k in top:
                parts.append(f"{k} = {top[k]}")
        if locs:
            parts.append(f"startLoc = loc({self.di.loc(locs[0])})")
            if len(locs) > 1:
                parts.append(f"endLoc = loc({self.di.loc(locs[1])})")
        if "parallelAccesses" in top:
            parts.append(f"parallelAccesses = {top['parallelAccesses']}")
        return "#llvm.loop_annotation<" + ", ".join(parts) + ">"

    def _loop_prop(self, name, args, props, top):
        def ival(bits=None):
            if len(args) != 1:
                return None
            v = self._int(args[0])
            return v

        def boolv():
            v = ival()
            return None if v is None else ("true" if v else "false")

        def put(group, field, value):
            if value is None:
                return False
            props.setdefault(group, {})[field] = value
            return True

        def flag(expect_none=True):
            return "true" if not args else None

        if name == "llvm.loop.disable_nonforced":
            top["disableNonforced"] = True
            return True
        if name == "llvm.loop.mustprogress":
            top["mustProgress"] = "true"
            return not args
        if name == "llvm.loop.isvectorized":
            v = boolv()
            top["isVectorized"] = v
            return v is not None
        if name == "llvm.loop.parallel_accesses":
            used = self.used_groups()
            gs = []
            for a in args:
                k, g = self._node(a)
                if g is None:
                    return False
                if k in used:
                    gs.append(self.access_group(k))
                else:
                    # like mlir-translate: reported at the branch, whose location is
                    # unknown here
                    self.cv.diags.append(("warning", "could not lookup access group", None))
            if gs:
                top["parallelAccesses"] = ", ".join(gs)
            return True
        if name == "llvm.licm.disable":
            return put("licm", "disable", flag())
        if name == "llvm.loop.licm_versioning.disable":
            return put("licm", "versioningDisable", flag())
        if name == "llvm.loop.unswitch.partial.disable":
            return put("unswitch", "partialDisable", flag())
        if name == "llvm.loop.peeled.count":
            v = ival()
            return put("peeled", "count", None if v is None else f"{v} : i32")
        if name == "llvm.loop.interleave.count":
            v = ival()
            return put("interleave", "count", None if v is None else f"{v} : i32")
        if not name.startswith("llvm.loop."):
            return False
        rest = name[len("llvm.loop."):]
        group, _, key = rest.partition(".")
        spec = _PROPS.get(group)
        if spec is None or key not in spec:
            return False
        field, how = spec[key]
        group = _FIELD_OF.get(group, group)
        if how == "not":       # i1 enable -> disable = !enable
            v = ival()
            return put(group, field, None if v is None else ("false" if v else "true"))
        if how == "bool":
            return put(group, field, boolv())
        if how == "i32":
            v = ival()
            return put(group, field, None if v is None else f"{v} : i32")
        if how in ("true", "false"):  # operand-less flag
            return put(group, field, how if not args else None)
        # followup: a loop annotation of its own
        if len(args) != 1:
            return False
        return put(group, field, self.loop_annotation(args[0]))


def _q(s):
    from .convert import mlir_str
    return mlir_str(s)


# llvm.loop.<group>.<key> -> (MLIR field, how the operand converts)
_PROPS = {
    "vectorize": {"enable": ("disable", "not"), "predicate.enable": ("predicateEnable", "bool"),
                  "scalable.enable": ("scalableEnable", "bool"), "width": ("width", "i32"),
                  "followup_vectorized": ("followupVectorized", "loop"),
                  "followup_epilogue": ("followupEpilogue", "loop"),
                  "followup_all": ("followupAll", "loop")},
    "unroll": {"enable": ("disable", "false"), "disable": ("disable", "true"),
               "count": ("count", "i32"), "runtime.disable": ("runtimeDisable", "true"),
               "full": ("full", "true"), "followup_unrolled": ("followupUnrolled", "loop"),
               "followup_remainder": ("followupRemainder", "loop"),
               "followup_all": ("followupAll", "loop")},
    "unroll_and_jam": {"enable": ("disable", "false"), "disable": ("disable", "true"),
                       "count": ("count", "i32"),
                       "followup_outer": ("followupOuter", "loop"),
                       "followup_inner": ("followupInner", "loop"),
                       "followup_remainder_outer": ("followupRemainderOuter", "loop"),
                       "followup_remainder_inner": ("followupRemainderInner", "loop"),
                       "followup_all": ("followupAll", "loop")},
    "distribute": {"enable": ("disable", "not"),
                   "followup_coincident": ("followupCoincident", "loop"),
                   "followup_sequential": ("followupSequential", "loop"),
                   "followup_fallback": ("followupFallback", "loop"),
                   "followup_all": ("followupAll", "loop")},
    "pipeline": {"disable": ("disable", "bool"),
                 "initiationinterval": ("initiationinterval", "i32")},
}

_FIELD_OF = {"unroll_and_jam": "unrollAndJam"}

# loop_annotation fields holding a sub-attribute, in declaration order
_GROUPS = [("vectorize", "loop_vectorize"), ("interleave", "loop_interleave"),
           ("unroll", "loop_unroll"), ("unrollAndJam", "loop_unroll_and_jam"),
           ("licm", "loop_licm"), ("distribute", "loop_distribute"),
           ("pipeline", "loop_pipeline"), ("peeled", "loop_peeled"),
           ("unswitch", "loop_unswitch")]
_GROUP_FIELDS = {
    "loop_vectorize": ["disable", "predicateEnable", "scalableEnable", "width",
                       "followupVectorized", "followupEpilogue", "followupAll"],
    "loop_interleave": ["count"],
    "loop_unroll": ["disable", "count", "runtimeDisable", "full", "followupUnrolled",
                    "followupRemainder", "followupAll"],
    "loop_unroll_and_jam": ["disable", "count", "followupOuter", "followupInner",
                            "followupRemainderOuter", "followupRemainderInner", "followupAll"],
    "loop_licm": ["disable", "versioningDisable"],
    "loop_distribute": ["disable", "followupCoincident", "followupSequential",
                        "followupFallback", "followupAll"],
    "loop_pipeline": ["disable", "initiationinterval"],
    "loop_peeled": ["count"],
    "loop_unswitch": ["partialDisable"],
}
