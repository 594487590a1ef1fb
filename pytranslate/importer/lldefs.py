"""The LLVM IR reader's top-level definitions: globals, aliases, functions and their bodies
(a mixin of llparser.Parser)."""
from __future__ import annotations

from pytranslate.importer.lltypes import func_ty
from pytranslate.importer.lllexer import _name
from pytranslate.importer.llmodel import (BB, Function, GlobalVar, LINKAGES, VISIBILITIES, DLL,
                                          CCONVS, _numbered_cc)


class DefinitionParser:
    __slots__ = ()

    # -------------------------------------------------------------------- globals
    def parse_global_or_alias(self):
        start = self.poss[self.i]
        name = _name(self.next())
        self.expect("=")
        g = GlobalVar()
        g.name = name
        g.start = start
        has_linkage = False
        while True:
            t = self.toks[self.i]
            if t in LINKAGES:
                g.linkage = t
                has_linkage = True
            elif t in VISIBILITIES:
                g.visibility = t
            elif t in DLL:
                pass
            elif t == "dso_local":
                g.dso_local = True
            elif t == "dso_preemptable":
                pass
            elif t == "thread_local":
                self.next()
                g.thread_local = "generaldynamic"
                if self.toks[self.i] == "(":
                    self.next()
                    g.thread_local = self.next()
                    self.expect(")")
                continue
            elif t in ("unnamed_addr", "local_unnamed_addr"):
                g.unnamed_addr = t
            elif t == "addrspace":
                self.next()
                self.expect("(")
                g.addrspace = self.parse_int()
                self.expect(")")
                continue
            elif t == "externally_initialized":
                g.externally_initialized = True
            else:
                break
            self.next()
        t = self.next()
        if t in ("alias", "ifunc"):
            ty = self.parse_type()
            self.expect(",")
            aty, aliasee = self.parse_typed_value()
            g.ty = ty
            g.init = aliasee
            g.is_alias = True
            g.md = self.parse_md_attachments()
            g.end = self.end_pos()
            self.m.aliases.append(g)
            self.m.symbols[name] = g
            return
        g.is_const = t == "constant"
        g.ty = self.parse_type()
        # only an explicit `external`/`extern_weak` makes a declaration (LLVM's rule):
        # `@p = global ptr @q` has the default linkage and an initializer
        t, k = self.toks[self.i], self.kinds[self.i]
        ext = has_linkage and g.linkage in ("external", "extern_weak") and (
            t == "," or k in ("eof", "md") or t in ("define", "declare", "attributes") or
            k in ("gvar", "lvar") or t.startswith("$"))
        if not ext:
            g.init = self.parse_value(g.ty)
        while self.accept(","):
            t = self.toks[self.i]
            if t == "section":
                self.next()
                g.section = _name(self.next())
            elif t == "partition":
                self.next()
                self.next()
            elif t == "align":
                self.next()
                g.align = self.parse_int()
            elif t == "comdat":
                self.next()
                g.comdat = name
                if self.toks[self.i] == "(":
                    self.next()
                    g.comdat = self.next()[1:]
                    self.expect(")")
            elif self.kinds[self.i] == "md":
                self.i -= 1
                break
            elif t == "code_model":
                self.next()
                self.next()
            else:
                self.next()
        g.md = self.parse_md_attachments()
        g.attrs = self.parse_attrs()
        g.end = self.end_pos()
        self.m.globals.append(g)
        self.m.symbols[name] = g

    # -------------------------------------------------------------------- functions
    def parse_function(self):
        start = self.poss[self.i]
        is_def = self.next() == "define"
        f = Function()
        f.start = start
        f.is_decl = not is_def
        # (a declaration's attachments come first: `declare !dbg !5 hidden ptr @f(...)`)
        pre_md = self.parse_md_attachments() if self.kinds[self.i] == "md" else []
        while True:
            t = self.toks[self.i]
            if t in LINKAGES:
                f.linkage = t
            elif t in VISIBILITIES:
                f.visibility = t
            elif t in DLL or t == "dso_preemptable":
                pass
            elif t == "dso_local":
                f.dso_local = True
            elif t in CCONVS or _numbered_cc(t):
                f.cconv = t
            elif t == "cc":
                self.next()
                f.cconv = "cc " + self.next()
                continue
            else:
                break
            self.next()
        if self.kinds[self.i] == "md":
            pre_md += self.parse_md_attachments()
        f.ret_attrs = self.parse_attrs()
        ret = self.parse_type()
        f.name = _name(self.next())
        self.expect("(")
        self.locals = {}
        params, vararg = [], False
        while self.toks[self.i] != ")":
            if self.toks[self.i] == "...":
                self.next()
                vararg = True
                break
            pty = self.parse_type()
            attrs = self.parse_attrs()
            pname = None
            if self.kinds[self.i] == "lvar":
                pname = _name(self.next())
            params.append((pty, attrs, pname))
            if not self.accept(","):
                break
        self.expect(")")
        f.params = params
        f.ty = func_ty(ret, [p[0] for p in params], vararg)
        while True:
            t = self.toks[self.i]
            if t in ("unnamed_addr", "local_unnamed_addr"):
                f.unnamed_addr = t
                self.next()
            elif t == "addrspace":
                self.next()
                self.skip_balanced()
            elif t == "section":
                self.next()
                f.section = _name(self.next())
            elif t == "partition":
                self.next()
                self.next()
            elif t == "comdat":
                self.next()
                f.comdat = f.name
                if self.toks[self.i] == "(":
                    self.next()
                    f.comdat = self.next()[1:]
                    self.expect(")")
            elif t == "align":
                self.next()
                f.align = self.parse_int()
            elif t == "gc":
                self.next()
                f.gc = _name(self.next())
            elif t in ("prefix", "prologue"):
                self.next()
                self.parse_typed_value()
            elif t == "personality":
                self.next()
                f.personality = self.parse_typed_value()[1]
            elif self.kinds[self.i] in ("hash", "ident", "str") and t not in ("define", "declare",
                                                                     "attributes"):
                attrs = self.parse_attrs(limit=None if is_def else self._line_end())
                if not attrs:
                    break
                f.fn_attrs.extend(attrs)
            else:
                break
        f.md = pre_md + self.parse_md_attachments()
        f.end = self.end_pos()
        self.m.functions.append(f)
        self.m.symbols[f.name] = f
        if is_def:
            span = self.deferred.get(self.poss[self.i]) if self.deferred else None
            if span is None:
                self._body(f)
            else:  # (only its braces are among the tokens)
                f.body_span = span
                self.i += 2
        self.locals = None
        self.fn = None

    def _body(self, f):
        self.fn = f
        unnamed = 0  # unnamed and numbered parameters take the numbers %0, %1, ...
        for idx, (pty, _, pname) in enumerate(f.params):
            if pname is None:
                pname = str(unnamed)
            if pname.isdigit():
                unnamed += 1
            loc = self.local(pname, pty)
            loc.arg = idx
            f.args.append(loc)
        self.parse_body(f, unnamed)

    def parse_deferred_body(self, f):
        """Reads the body of `f` left out of the tokens (Parser's `deferred`)."""
        from pytranslate.importer.lllexer import tokenize
        saved = self.kinds, self.toks, self.poss, self.i
        self.kinds, self.toks, self.poss = tokenize(self.text, *f.body_span)
        self.i = 0
        self.locals = {}
        try:
            self._body(f)
        finally:
            self.kinds, self.toks, self.poss, self.i = saved
            self.locals = self.fn = None

    def parse_body(self, f, next_num):
        self.expect("{")
        blocks = f.blocks
        bb = None
        toks, kinds = self.toks, self.kinds
        while toks[self.i] != "}" or kinds[self.i] != "punct":
            k = kinds[self.i]
            if k == "label":
                lab = self.next()[:-1]
                bb = BB(_name(lab) if lab.startswith('"') else lab)
                bb.index = len(blocks)
                blocks.append(bb)
                if lab.isdigit():
                    next_num = int(lab) + 1
                continue
            if bb is None:
                bb = BB(str(next_num))
                next_num += 1
                blocks.append(bb)
            if k == "dbgrec":
                inst = self.parse_debug_record()
            else:
                inst = self.parse_inst()
            inst.block = bb
            bb.insts.append(inst)
            if inst.res is not None and inst.res.name.isdigit():
                next_num = int(inst.res.name) + 1
        self.next()
