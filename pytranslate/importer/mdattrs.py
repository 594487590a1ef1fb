"""Metadata the LLVM dialect models as attributes, following MLIR 19's ModuleImport and
LoopAnnotationImporter: TBAA (`!tbaa`), access groups (`!llvm.access.group`), alias scopes
(`!alias.scope` / `!noalias`), loop annotations (`!llvm.loop`) and profiling data (`!prof`).

As upstream, the alias-analysis nodes of every instruction are translated up front
(`prepare`): a malformed node is an import error quoting the node. Instructions then look
their nodes up; a lookup or conversion that fails drops the attachment, reported as
"unhandled metadata" under -emit-expensive-warnings.

Each translated node becomes an alias definition shared with the debug-info importer
(`DebugInfo.define`), so distinct ids never collide; pyopt renumbers them on printing.
Nodes are keyed by their LLVM identity (`MDPrinter.identity`)."""

# attributes each kind of op accepts
AA_KEYS = ("access_groups", "alias_scopes", "noalias_scopes", "tbaa")
_KIND_ORDER = ("tbaa", "prof", "alias.scope", "noalias", "llvm.loop", "llvm.access.group")


class MDAttrs:
    def __init__(self, cv):
        self.cv = cv
        self.di = cv.di
        self.m = cv.m
        self.pr = cv.mdp
        self.tbaa_map = {}    # identity -> alias
        self.group_map = {}   # identity -> alias
        self.scope_map = {}   # identity -> alias (scopes and domains)
        self.loop_map = {}    # identity -> alias or None

    # ------------------------------------------------------------------ helpers
    def resolve(self, ref):
        return self.pr.resolve(ref)[1]

    def ident(self, ref):
        return self.pr.identity(ref)

    def ops(self, ref):
        """The operands of an MDNode operand (empty for anything else)."""
        n = self.resolve(ref)
        return n.v if n is not None and n.kind == "node" else []

    def is_node(self, ref):
        n = self.resolve(ref)
        return n is not None and n.kind in ("node", "special")

    def string(self, ref):
        n = self.resolve(ref)
        return n.v if n is not None and n.kind == "str" else None

    def const_int(self, ref):
        """(width, value) of a ConstantInt operand, or None."""
        n = self.resolve(ref)
        if n is None or n.kind != "val":
            return None
        v = n.v[1]
        if getattr(v, "kind", None) != "int":
            return None
        return v.ty.w, int(v.v)

    def zext(self, ref):
        w, v = self.const_int(ref)
        return v & ((1 << w) - 1)

    def fail(self, msg):
        from pytranslate.importer.convert import ImportError_
        raise ImportError_(msg, loc="module")

    def quote(self, ref):
        return self.pr.node(ref)

    # ------------------------------------------------------------------ up-front pass
    def prepare(self, attachments=None):
        """convertMetadata: translate the access groups and alias-analysis nodes of every
        instruction, in program order. `attachments`: the instructions' (kind, ref) lists
        when their bodies are not read yet (halves.py)."""
        if attachments is None:
            attachments = (inst.md for f in self.m.functions for bb in f.blocks
                           for inst in bb.insts if inst.md)
        for md in attachments:
            md = dict(md)
            if "llvm.access.group" in md:
                self.process_access_groups(md["llvm.access.group"])
            if "tbaa" in md:
                self.process_tbaa(md["tbaa"])
            for kind in ("alias.scope", "noalias"):
                if kind in md:
                    self.process_scopes(md[kind])

    # ------------------------------------------------------------------ TBAA
    def process_tbaa(self, ref):
        tm = self.tbaa_map
        if self.ident(ref) in tm:  # (most accesses share a few tags)
            return
        seen = set()
        work = [ref]
        while work:
            cur = work[-1]
            key = self.ident(cur)
            if key in tm:
                work.pop()
                continue
            pending = False
            for op in self.ops(cur):
                if self.is_node(op) and self.ident(op) not in tm:
                    work.append(op)
                    pending = True
            if pending:
                if key in seen:
                    self.fail("has cycle in TBAA graph: " + self.quote(cur))
                seen.add(key)
                continue
            work.pop()
            tm[key] = self.di.define(self._tbaa_attr(cur))

    def _tbaa_attr(self, ref):
        ops = self.ops(ref)
        # a root: at most one operand, its identity when that is a string
        if len(ops) <= 1:
            name = self.string(ops[0]) if ops else None
            return "#llvm.tbaa_root" if name is None else f"#llvm.tbaa_root<id = {_q(name)}>"
        ident = self.string(ops[0])
        if ident is not None:
            return self._type_desc(ref, ident, ops)
        tag = self._tag(ref, ops)
        if tag is None:
            self.fail("unsupported TBAA node format: " + self.quote(ref))
        return tag

    def _type_desc(self, ref, ident, ops):
        members = []
        n = len(ops)
        for pair in range(n // 2):
            member = ops[2 * pair + 1]
            if not self.is_node(member):
                self.fail(f"operand '{2 * pair + 1}' must be MDNode: " + self.quote(ref))
            off = 0
            if 2 * pair + 2 >= n:
                if n != 2:
                    self.fail("missing member offset: " + self.quote(ref))
            else:
                if self.const_int(ops[2 * pair + 2]) is None:
                    self.fail(f"operand '{2 * pair + 2}' must be ConstantInt: " +
                              self.quote(ref))
                off = self.zext(ops[2 * pair + 2])
            members.append(f"<{self.tbaa_map[self.ident(member)]}, {off}>")
        return f"#llvm.tbaa_type_desc<id = {_q(ident)}, members = {{{', '.join(members)}}}>"

    def _tag(self, ref, ops):
        if len(ops) not in (3, 4):
            return None
        base, access, off = ops[0], ops[1], ops[2]
        if not self.is_node(base) or not self.is_node(access) or self.const_int(off) is None:
            return None
        aops = self.ops(access)
        if not aops or self.string(aops[0]) is None:
            return None
        const = False
        if len(ops) == 4:
            if self.const_int(ops[3]) is None:
                self.fail("operand '3' must be ConstantInt: " + self.quote(ref))
            const = bool(self.zext(ops[3]) & 1)
        tm = self.tbaa_map
        s = (f"#llvm.tbaa_tag<base_type = {tm[self.ident(base)]}, "
             f"access_type = {tm[self.ident(access)]}, offset = {self.zext(off)}")
        return s + (", constant = true>" if const else ">")

    def tbaa(self, ref):
        t = self.tbaa_map.get(self.ident(ref))
        return f"[{t}]" if t is not None else None

    # ------------------------------------------------------------------ access groups
    def _group_list(self, ref):
        """The groups an access-group attachment names (itself when it has no operands),
        or None when an operand is not a node."""
        ops = self.ops(ref)
        if not ops:
            return [ref]
        if not all(self.is_node(o) for o in ops):
            return None
        return list(ops)

    def process_access_groups(self, ref):
        groups = self._group_list(ref)
        if groups is not None:
            for g in groups:
                key = self.ident(g)
                if key in self.group_map:
                    continue
                num, _ = self.pr.resolve(g)
                if self.ops(g) or num is None or num not in self.m.distinct:
                    self.cv.diags.append(
                        ("warning", "expected an access group node to be empty and distinct"))
                    groups = None
                    break
                self.group_map[key] = self.di.define(
                    f"#llvm.access_group<id = {self.di.new_distinct()}>")
        if groups is None:
            self.fail("unsupported access group node: " + self.quote(ref))

    def lookup_groups(self, ref):
        ops = self.ops(ref)
        refs = ops if ops else [ref]
        out = [self.group_map.get(self.ident(r)) for r in refs]
        return None if None in out else out

    def access_groups(self, ref):
        gs = self.lookup_groups(ref)
        return "[" + ", ".join(gs) + "]" if gs else None

    # ------------------------------------------------------------------ alias scopes
    def _self_ref(self, ref):
        ops = self.ops(ref)
        num, _ = self.pr.resolve(ref)
        return bool(ops) and num is not None and self.pr.resolve(ops[0])[0] == num

    def _described(self, ref, idx):
        ops = self.ops(ref)
        return idx >= len(ops) or self.string(ops[idx]) is not None

    def process_scopes(self, ref):
        sm = self.scope_map
        for scope in self.ops(ref):
            if not self.is_node(scope):
                continue
            sops = self.ops(scope)
            domain = sops[1] if len(sops) >= 2 and self.is_node(sops[1]) else None
            if not self._self_ref(scope) or domain is None or not self._described(scope, 2):
                self.fail("unsupported alias scope node: " + self.quote(scope))
            if not self._self_ref(domain) or not self._described(domain, 1):
                self.fail("unsupported alias domain node: " + self.quote(domain))
            skey = self.ident(scope)
            if skey in sm:
                continue
            dkey = self.ident(domain)
            if dkey not in sm:
                dops = self.ops(domain)
                desc = self.string(dops[1]) if len(dops) >= 2 else None
                sm[dkey] = self.di.define(
                    f"#llvm.alias_scope_domain<id = {self.di.new_distinct()}" +
                    (f", description = {_q(desc)}" if desc is not None else "") + ">")
            name = self.string(sops[2]) if len(sops) > 2 else None
            sm[skey] = self.di.define(
                f"#llvm.alias_scope<id = {self.di.new_distinct()}, domain = {sm[dkey]}" +
                (f", description = {_q(name)}" if name else "") + ">")

    def lookup_scopes(self, ref):
        out = [self.scope_map.get(self.ident(s)) for s in self.ops(ref)]
        return None if None in out else out

    def alias_scopes(self, ref):
        s = self.lookup_scopes(ref)
        return "[" + ", ".join(s) + "]" if s is not None else None

    # ------------------------------------------------------------------ profiling
    def profile(self, ref, is_function, loc):
        """setProfilingAttr: ('weights', [..]) / ('entry_count', n) / None on failure."""
        ops = self.ops(ref)
        if not ops:
            return None
        name = self.string(ops[0])
        if name == "function_entry_count":
            if len(ops) != 2 or self.const_int(ops[1]) is None:
                return None
            if is_function:
                return "entry_count", self.zext(ops[1])
            self.cv.warn_at("expected function_entry_count to be attached to a function", loc)
            return None
        if name != "branch_weights":
            return None
        ws = []
        for o in ops[1:]:
            if self.const_int(o) is None:
                return None
            ws.append(self.zext(o) & 0xFFFFFFFF)
        return "weights", [w - (1 << 32) if w >> 31 else w for w in ws]

    # ------------------------------------------------------------------ instructions
    def attach(self, inst, accepts, loc):
        """setNonDebugMetadataAttrs: the attributes the convertible attachments of `inst`
        give an op accepting the keys in `accepts` (AA_KEYS, "branch_weights",
        "loop_annotation"); failed ones are reported."""
        out = {}
        mds = [p for p in inst.md or () if p[0] in _KIND_ORDER]
        if len(mds) > 1:
            mds.sort(key=_kind_rank)
        for name, ref in mds:
            key, v = None, None
            if name == "prof":
                p = self.profile(ref, False, loc)
                if p is not None and "branch_weights" in accepts:
                    key, v = "branch_weights", p[1]
            elif name == "llvm.loop":
                v = self.loop_annotation(ref, loc)
                key = "loop_annotation"
            else:
                key, convert = _AA_ATTACHMENTS[name]
                v = convert(self, ref)
            if v is not None and key in accepts:
                out[key] = v
            elif self.cv.expensive:
                self.cv.warn_at(f"unhandled metadata: {self.quote(ref)} on "
                                f"{self.pr.inst(inst, self.cv.cur_func)}", loc)
        return out

    def scope_decl(self, ref):
        """The single scope a noalias.scope.decl names: alias, None when the scope was
        not translated (the call is dropped), False when it names several."""
        s = self.lookup_scopes(ref)
        if s is None:
            return None
        return s[0] if len(s) == 1 else False

    # ------------------------------------------------------------------ loops
    def loop_annotation(self, ref, loc):
        key = self.ident(ref)
        if key in self.loop_map:
            return self.loop_map[key]
        attr = _LoopConversion(self, ref, loc).convert()
        self.loop_map[key] = attr
        return attr


_FAILED = object()   # a property that is present but malformed


class _LoopConversion:
    """One `!llvm.loop` node -> #llvm.loop_annotation (LoopMetadataConversion)."""

    def __init__(self, mda, ref, loc):
        self.mda = mda
        self.ref = ref
        self.loc = loc
        self.props = {}
        self.locations = []

    def warn(self, msg):
        self.mda.cv.warn_at(msg, self.loc)
        return _FAILED

    def init(self):
        mda = self.mda
        ops = mda.ops(self.ref)
        num, _ = mda.pr.resolve(self.ref)
        if not ops or num is None or mda.pr.resolve(ops[0])[0] != num:
            self.warn("invalid loop node")
            return False
        for op in ops[1:]:
            n = mda.resolve(op)
            if n is not None and n.kind == "special" and n.v[0] == "DILocation":
                self.locations.append(op)
                continue
            if n is None or n.kind not in ("node", "special"):
                self.warn("expected all loop properties to be either debug locations or "
                          "metadata nodes")
                return False
            pops = n.v if n.kind == "node" else [None]
            if not pops:
                self.warn("cannot import empty loop property")
                return False
            name = mda.string(pops[0]) if pops[0] is not None else None
            if name is None:
                self.warn("cannot import loop property without a name")
                return False
            if name in self.props:
                self.warn(f"cannot import loop properties with duplicated names {name}")
                return False
            self.props[name] = pops
        return True

    # lookups: None when absent, _FAILED when malformed, else the attribute text
    def unit(self, name):
        p = self.props.pop(name, None)
        if p is None:
            return None
        if len(p) != 1:
            return self.warn(f"expected metadata node {name} to hold no value")
        return "true"

    def enable_disable(self, enable, disable):
        e, d = self.unit(enable), self.unit(disable)
        if e is _FAILED or d is _FAILED:
            return _FAILED
        if e and d:
            return self.warn(f"expected metadata nodes {enable} and {disable} to be "
                             f"mutually exclusive.")
        if e:
            return "false"
        return "true" if d else None

    def _int(self, name, width, what):
        p = self.props.pop(name, None)
        if p is None:
            return None
        c = self.mda.const_int(p[1]) if len(p) == 2 else None
        if c is None or c[0] != width:
            return self.warn(f"expected metadata node {name} to hold {what}")
        return c[1] & ((1 << width) - 1)

    def boolean(self, name, negated=False):
        v = self._int(name, 1, "a boolean value")
        if v is None or v is _FAILED:
            return v
        return "true" if bool(v) != negated else "false"

    def int_as_bool(self, name):
        v = self._int(name, 32, "an integer value")
        if v is None or v is _FAILED:
            return v
        return "true" if v else "false"

    def i32(self, name):
        v = self._int(name, 32, "an i32 value")
        if v is None or v is _FAILED:
            return v
        return f"{v} : i32"

    def md_node(self, name):
        p = self.props.pop(name, None)
        if p is None:
            return None
        if len(p) != 2 or not self.mda.is_node(p[1]):
            return self.warn(f"expected metadata node {name} to hold an MDNode")
        return p[1]

    def followup(self, name):
        n = self.md_node(name)
        if n is None or n is _FAILED:
            return n
        return self.mda.loop_annotation(n, self.loc)

    def group(self, attr, fields):
        """createIfNonNull: the sub-attribute, or None when a part failed or all are
        absent."""
        if any(v is _FAILED for _, v in fields):
            return None
        parts = [f"{k} = {v}" for k, v in fields if v is not None]
        if not parts:
            return None
        return self.mda.di.define(f"#llvm.{attr}<" + ", ".join(parts) + ">")

    def parallel_accesses(self):
        name = "llvm.loop.parallel_accesses"
        p = self.props.pop(name, None)
        if p is None:
            return []
        mda = self.mda
        if len(p) < 2 or not all(mda.is_node(x) for x in p[1:]):
            return self.warn(f"expected metadata node {name} to hold one or multiple MDNodes")
        refs = []
        for x in p[1:]:
            gs = mda.lookup_groups(x)
            if gs is None:
                self.warn("could not lookup access group")
                continue
            refs.extend(gs)
        return refs

    def convert(self):
        if not self.init():
            return None
        fu = self.followup
        disable_nonforced = self.unit("llvm.loop.disable_nonforced")
        v = "llvm.loop.vectorize."
        vec = self.group("loop_vectorize", [
            ("disable", self.boolean(v + "enable", True)),
            ("predicateEnable", self.boolean(v + "predicate.enable")),
            ("scalableEnable", self.boolean(v + "scalable.enable")),
            ("width", self.i32(v + "width")),
            ("followupVectorized", fu(v + "followup_vectorized")),
            ("followupEpilogue", fu(v + "followup_epilogue")),
            ("followupAll", fu(v + "followup_all"))])
        interleave = self.group("loop_interleave",
                                [("count", self.i32("llvm.loop.interleave.count"))])
        u = "llvm.loop.unroll."
        unroll = self.group("loop_unroll", [
            ("disable", self.enable_disable(u + "enable", u + "disable")),
            ("count", self.i32(u + "count")),
            ("runtimeDisable", self.unit(u + "runtime.disable")),
            ("full", self.unit(u + "full")),
            ("followupUnrolled", fu(u + "followup_unrolled")),
            ("followupRemainder", fu(u + "followup_remainder")),
            ("followupAll", fu(u + "followup_all"))])
        j = "llvm.loop.unroll_and_jam."
        unroll_jam = self.group("loop_unroll_and_jam", [
            ("disable", self.enable_disable(j + "enable", j + "disable")),
            ("count", self.i32(j + "count")),
            ("followupOuter", fu(j + "followup_outer")),
            ("followupInner", fu(j + "followup_inner")),
            ("followupRemainderOuter", fu(j + "followup_remainder_outer")),
            ("followupRemainderInner", fu(j + "followup_remainder_inner")),
            ("followupAll", fu(j + "followup_all"))])
        licm = self.group("loop_licm", [
            ("disable", self.unit("llvm.licm.disable")),
            ("versioningDisable", self.unit("llvm.loop.licm_versioning.disable"))])
        d = "llvm.loop.distribute."
        distribute = self.group("loop_distribute", [
            ("disable", self.boolean(d + "enable", True)),
            ("followupCoincident", fu(d + "followup_coincident")),
            ("followupSequential", fu(d + "followup_sequential")),
            ("followupFallback", fu(d + "followup_fallback")),
            ("followupAll", fu(d + "followup_all"))])
        pipeline = self.group("loop_pipeline", [
            ("disable", self.boolean("llvm.loop.pipeline.disable")),
            ("initiationinterval", self.i32("llvm.loop.pipeline.initiationinterval"))])
        peeled = self.group("loop_peeled", [("count", self.i32("llvm.loop.peeled.count"))])
        unswitch = self.group("loop_unswitch", [
            ("partialDisable", self.unit("llvm.loop.unswitch.partial.disable"))])
        must_progress = self.unit("llvm.loop.mustprogress")
        is_vectorized = self.int_as_bool("llvm.loop.isvectorized")
        parallel = self.parallel_accesses()
        if self.props:
            for name in self.props:
                self.warn(f"unknown loop annotation {name}")
            return None
        start = end = None
        di = self.mda.di
        if self.locations:
            start = _fused(di.loc(self.locations[0]))
        if len(self.locations) > 2:
            self.mda.cv.diags.append(("error", "expected loop metadata to have at most two "
                                      "DILocations", self.loc))
            end = _FAILED
        elif len(self.locations) == 2:
            end = _fused(di.loc(self.locations[1]))
        fields = [("disableNonforced", disable_nonforced), ("vectorize", vec),
                  ("interleave", interleave), ("unroll", unroll),
                  ("unrollAndJam", unroll_jam), ("licm", licm), ("distribute", distribute),
                  ("pipeline", pipeline), ("peeled", peeled), ("unswitch", unswitch),
                  ("mustProgress", must_progress), ("isVectorized", is_vectorized),
                  ("startLoc", start), ("endLoc", end),
                  ("parallelAccesses", ", ".join(parallel) if parallel != _FAILED and
                   parallel else (_FAILED if parallel is _FAILED else None))]
        if any(v is _FAILED for _, v in fields):
            return None
        parts = [f"{k} = {v}" for k, v in fields if v is not None]
        if not parts:
            return None
        return di.define("#llvm.loop_annotation<" + ", ".join(parts) + ">")


def _fused(loc_text):
    """A loop's start/end location is kept only when it translates to a fused location."""
    return f"loc({loc_text})" if loc_text.startswith("fused") else None


def _q(s):
    from pytranslate.importer.lltypes import mlir_str
    return mlir_str(s)


def _kind_rank(pair):
    return _KIND_ORDER.index(pair[0])


# the alias-analysis attachments: attribute name and conversion
_AA_ATTACHMENTS = {"tbaa": ("tbaa", MDAttrs.tbaa),
                   "alias.scope": ("alias_scopes", MDAttrs.alias_scopes),
                   "noalias": ("noalias_scopes", MDAttrs.alias_scopes),
                   "llvm.access.group": ("access_groups", MDAttrs.access_groups)}
