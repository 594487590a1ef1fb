"""LLVM IR module model -> LLVM-dialect MLIR module (pyopt objects), following MLIR 19's
ModuleImport.

What must match mlir-translate is the op sequence: constants are materialised once per
function at the start of the entry block in conversion order (a post-order walk of each constant's operands,
global variables counting their initializer as operand), blocks are processed in reverse
post-order, PHIs become block arguments."""
from __future__ import annotations


from pytranslate.importer.lltypes import C, SIMPLE_FLOATS, element_values, mlir_str, PTR, VOID
from pytranslate.importer.llparser import Function, GlobalVar, Inst
from pytranslate.importer.convert_attrs import (ImportError_, LINKAGE_MLIR, cconv_kw,
                                                constant_attr, _i64_array, _llvm_str)
from pytranslate.importer.convert_insts import _EMIT, _DIRECT_OPS, _MD_OPS, _md
from pytranslate.importer import attrs as A
from pyopt.ir.attributes import (IntegerAttr, FloatAttr, StringAttr, UNIT, ArrayAttr,
                                 DictionaryAttr, TypeAttr, SymbolRefAttr, FlatSymbolRefAttr)
from pyopt.ir.location import UNKNOWN_LOC
from pyopt.ir.types import IntegerType
from pyopt.dialects.llvm.types import LLVMFunctionType, VOID as VOID_T

I32T, I64T = IntegerType(32), IntegerType(64)


class FuncState:
    def __init__(self):
        self.values = {}      # Local / C -> Value
        self.const_ops = []
        self.counter = 0


class Converter:
    def __init__(self, module, options, diags, ctx):
        self.m = module
        self.opts = options
        self.diags = diags  # list of (severity, message)
        self.fs = None
        self.cur_func = None  # (quoted instructions number metadata as in their function)
        self.expensive = bool(getattr(options, "emit_expensive_warnings", False))
        # --import-computed-goto: blockaddress and indirectbr, which MLIR 19 rejects
        self.computed_goto = bool(getattr(options, "import_computed_goto", False))
        from pytranslate.importer.debuginfo import DebugInfo
        self.di = DebugInfo(module, bool(getattr(options, "drop_di_composite_elements",
                                                 False)))
        from pytranslate.importer.mdprint import MDPrinter
        self.mdp = MDPrinter(module)
        from pytranslate.importer.mdattrs import MDAttrs
        self.mda = MDAttrs(self)
        self.cur_func = None
        from pytranslate.importer.layout import DataLayout
        self.layout = DataLayout(module.datalayout)
        from pytranslate.importer.build import Builder
        self.b = Builder(ctx, self.di.defs)
        # Locations are only built when they will be printed.
        flags = getattr(options, "print_flags", None)
        self.locs = bool(flags is not None and getattr(flags, "debuginfo", False))
        self.module_loc = f'{mlir_str(getattr(options, "import_name", "-"))}:0:0'
        self._attr = self.b.attr
        self._active = set()  # globals whose constant walk is being converted

    def warn(self, msg):
        self.diags.append(("warning", msg))

    def warn_at(self, msg, loc):
        """A warning at an op's location (a Location; None when unknown)."""
        self.diags.append(("warning", msg, loc))

    def op_loc(self, inst):
        """The diagnostic location of the op an instruction becomes."""
        for name, ref in inst.md or ():
            if name == "dbg":
                return self.di.diag_loc(ref)
        return None

    def ty(self, t):
        return self.b.ty(t)

    # -------------------------------------------------------------------- values
    def value(self, v):
        """convertValue: the MLIR Value of an operand."""
        r = self.fs.values.get(v)
        if r is not None:
            return r
        if isinstance(v, C):
            if v in self._active:
                # a global reached again through its own initializer (a relative lookup
                # table): its address needs nothing else (MLIR 19 recurses without end)
                r = self.fs.values[v] = self.convert_constant(v)
                return r
            return self.convert_constant_expr(v)
        if isinstance(v, tuple) and v and v[0] == "asm":
            raise ImportError_(f"unhandled value: ptr asm "
                               f"{'sideeffect ' if 'sideeffect' in v[4] else ''}"
                               f"{_llvm_str(v[2])}, {_llvm_str(v[3])}")
        raise ImportError_(f"unhandled value: {getattr(v, 'name', v)}")

    def operands(self, c):
        k = c.kind
        if k in ("agg", "zero"):
            return element_values(c)
        if k == "expr":
            return list(c.v[1])
        if k == "global":
            sym = self.m.symbols.get(c.v)
            if isinstance(sym, GlobalVar):
                if getattr(sym, "is_alias", False):
                    return [sym.init]
                return [sym.init] if sym.init is not None else []
            if isinstance(sym, Function) and sym.personality is not None:
                return [sym.personality]
            return []
        if k == "blockaddr":
            f = self.m.symbols.get(c.v[0])
            return [_global_c(c.v[0])] if f is not None else []
        return []

    def constants_to_convert(self, c):
        values = self.fs.values
        if c in values:
            return []
        ordered, ordered_set = [], set()
        work, work_set = [c], {c}
        adj = {}
        while work:
            cur = work[-1]
            lst = adj.get(cur)
            if lst is None:
                lst = adj[cur] = self.operands(cur)
            if not lst:
                if cur not in ordered_set:
                    ordered.append(cur)
                    ordered_set.add(cur)
                work.pop()
                work_set.discard(cur)
                continue
            dep = lst.pop()
            if dep in values or dep in work_set or dep in ordered_set:
                continue
            work.append(dep)
            work_set.add(dep)
        return ordered

    def convert_constant_expr(self, c):
        fs = self.fs
        if c.kind in ("int", "fp") or not self.operands(c):
            v = fs.values[c] = self.convert_constant(c)
            return v
        cyclic = c.kind == "global"
        if cyclic:
            self._active.add(c)
        try:
            for cc in self.constants_to_convert(c):
                if cyclic and cc is c and c in fs.values:
                    continue
                fs.values[cc] = self.convert_constant(cc)
        finally:
            if cyclic:
                self._active.discard(c)
        return fs.values[c]

    def constant_attr(self, c):
        """getConstantAsAttr as an attribute object (a ("sym", name) pair for functions)."""
        k = c.kind
        if k == "int":
            return self.b.int_attr(c.ty, c.v)
        if k == "fp":
            return FloatAttr(self.ty(c.ty), c.v) if c.ty.name in SIMPLE_FLOATS else None
        text = constant_attr(c, self.m)
        if text is None or isinstance(text, tuple):
            return text
        return self._attr(text)

    def block_tag_id(self, fn, bb):
        """The tag of a block whose address is taken: its position in its function (as later
        MLIR numbers it)."""
        ids = getattr(self, "_tag_ids", None)
        if ids is None:
            ids = self._tag_ids = {}
            for f in self.m.functions:
                for i, b in enumerate(f.blocks):
                    if (f.name, b.name) in self.m.addr_taken:
                        ids[(f.name, b.name)] = i
        got = ids.get((fn, bb))
        if got is None:
            raise ImportError_(f"unhandled constant: ptr blockaddress(@{fn}, %{bb}): no such "
                               f"block")
        return got

    def _const_op(self, name, t, attrs=None):
        op = self.b.op(name, (), [t], attrs)
        self.fs.const_ops.append(op)
        return op.results[0]

    def convert_constant(self, c):
        t = self.ty(c.ty)
        attr = self.constant_attr(c)
        if attr is not None:
            if isinstance(attr, tuple):
                return self._const_op("llvm.mlir.addressof", t,
                                      {"global_name": FlatSymbolRefAttr(attr[1])})
            return self._const_op("llvm.mlir.constant", t, {"value": attr})
        k = c.kind
        if k == "null" or k == "tnone":
            return self._const_op("llvm.mlir.zero", t)
        if k == "none":
            return self._const_op("llvm.mlir.none", t)
        if k == "poison":
            return self._const_op("llvm.mlir.poison", t)
        if k == "undef":
            return self._const_op("llvm.mlir.undef", t)
        if k == "global":
            sym = self.m.symbols.get(c.v)
            if sym is None:
                raise ImportError_(f"unhandled constant: @{c.v}")
            if getattr(sym, "is_alias", False):  # MLIR 19 has no aliases
                # (LLVM prints an alias with a trailing newline)
                raise ImportError_(f"unhandled constant: {self._global_diag(sym)}\n")
            return self._const_op("llvm.mlir.addressof", t,
                                  {"global_name": FlatSymbolRefAttr(c.v)})
        if k == "expr":
            op, ops, flags = c.v
            inst = Inst(op)
            inst.ty = c.ty
            inst.ops = list(ops)
            a = inst.a
            a["flags"] = list(flags)
            if op == "getelementptr":
                a["elem"] = c.extra
            elif op in ("icmp", "fcmp"):
                a["pred"] = c.extra
            saved = self.cur
            self.cur = self.fs.const_ops
            try:
                return self.emit_inst(inst)
            finally:
                self.cur = saved
        if k in ("agg", "zero", "cds", "str"):
            elems = element_values(c)
            root = self._const_op("llvm.mlir.undef", t)
            is_vec = c.ty.kind == "vec"
            vals = self.fs.values
            lines = self.fs.const_ops
            b = self.b
            for i, e in enumerate(elems):
                ev = vals[e]
                if is_vec:
                    idx = self._const_op("llvm.mlir.constant", I32T,
                                         {"value": IntegerAttr(I32T, i)})
                    op = b.op("llvm.insertelement", [root, ev, idx], [t])
                else:
                    op = b.op("llvm.insertvalue", [root, ev], [t],
                              {"position": _i64_array([i])})
                lines.append(op)
                root = op.results[0]
            return root
        if k == "wrapped":
            raise ImportError_(f"unhandled constant: ptr {c.v[0]} @{c.v[1].v}")
        if k == "blockaddr":
            fn, bb = c.v
            if not self.computed_goto:
                raise ImportError_(f"unhandled constant: ptr blockaddress(@{fn}, %{bb}) "
                                   f"since blockaddress(...) is unsupported")
            # beyond MLIR 19 (which rejects it): later MLIR's llvm.blockaddress
            from pyopt.dialects.llvm.blockaddress import BlockAddressAttr, BlockTagAttr
            attr = BlockAddressAttr.get(function=FlatSymbolRefAttr(fn),
                                        tag=BlockTagAttr.get(id=self.block_tag_id(fn, bb)))
            return self._const_op("llvm.blockaddress", t, {"block_addr": attr})
        raise ImportError_(f"unhandled constant: {c!r}")

    # -------------------------------------------------------------------- module
    def run(self):
        """Builds the module; returns the builtin.module op."""
        module = self.run_module_level()
        for f in self.m.functions:
            self.convert_function(f)
        self.b._sync_defs()
        return module

    def run_module_level(self, attachments=None):
        """The module op with everything but the functions (data layout, comdats, metadata
        attributes, globals); `convert_function` then appends each function. `attachments`:
        see MDAttrs.prepare."""
        from pyopt.ir.core import Block, Region
        m = self.m
        b = self.b
        from pytranslate.importer.debuginfo import debug_info_version, strip_debug_info
        version = debug_info_version(m)
        if version != 3 and strip_debug_info(m):
            # LLVM 19's reader drops such debug info, telling so on stderr
            import sys
            sys.stderr.write(f"warning: ignoring debug info with an invalid version "
                             f"({version}) in {getattr(self, 'buffer_name', '-')}\n")
        elif version == 3:
            from pytranslate.importer.diverify import verify_debug_info, Undefined
            try:
                report = verify_debug_info(m, self.mdp)
            except Undefined as e:
                # debug info 19 crashes on (or misreads): an error at the construct
                from pyopt.ir.location import FileLineColLoc
                line, col = e.line_col(m.text)
                raise ImportError_(e.message, loc=FileLineColLoc(
                    getattr(self, "buffer_name", "-"), line, col)) from None
            if report:
                # the verifier's findings, then the reader's warning; the module loses its
                # debug info (and the slot numbering must be recomputed)
                import sys
                sys.stderr.write("".join(l + "\n" for l in report))
                sys.stderr.write(f"warning: ignoring invalid debug info in "
                                 f"{getattr(self, 'buffer_name', '-')}\n")
                strip_debug_info(m)
                from pytranslate.importer.mdprint import MDPrinter
                self.mdp = self.mda.pr = MDPrinter(m)
        unhandled = []
        try:
            dl = A.data_layout_attr(m.datalayout, unhandled.append)
        except A.DataLayoutError as e:
            raise ImportError_(f"cannot translate data layout: {e}", loc="module")
        for msg in unhandled:
            self.warn(msg)
        body = Block()
        self.top = body
        module = b.op("builtin.module", (), (), {"dlti.dl_spec": self._attr(dl)},
                      regions=[Region([body])])
        comdat_names = []
        for g in m.globals:
            if g.comdat is not None and g.comdat not in comdat_names:
                comdat_names.append(g.comdat)
        for f in m.functions:
            if f.comdat is not None and f.comdat not in comdat_names:
                comdat_names.append(f.comdat)
        if comdat_names:
            cb = Block()
            for n in comdat_names:
                cb.append(b.op("llvm.comdat_selector", (), (), {
                    "sym_name": StringAttr(n),
                    "comdat": IntegerAttr(I64T, _COMDAT.index(m.comdats.get(n, 'any')))},
                    loc=self.mod_loc()))
            body.append(b.op("llvm.comdat", (), (), {"sym_name": StringAttr(
                "__llvm_global_comdat")}, regions=[Region([cb])], loc=self.mod_loc()))
        self.mda.prepare(attachments)
        for g in m.globals:
            self.convert_global(g)
        for ref in m.named_md.get("llvm.linker.options", []):
            node = self.md_node(ref)
            if node is not None:
                opts = [StringAttr(e.v) for e in node.v if e.kind == "str"]
                body.append(b.op("llvm.linker_options", (), (), {"options": ArrayAttr(opts)},
                                 loc=self.mod_loc()))
        # the metadata attributes (distinct scopes among them) are made now, before any
        # function: an import in two processes shares them (halves.py)
        b._sync_defs()
        return module

    def mod_loc(self):
        return self.b.loc(self.module_loc) if self.locs else None

    def md_node(self, ref):
        seen = 0
        while ref is not None and ref.kind == "ref" and seen < 100:
            ref = self.m.metadata.get(ref.v)
            seen += 1
        return ref

    def _global_diag(self, g):
        return self.m.text[g.start:g.end]

    def convert_global(self, g):
        from pyopt.ir.core import Block, Region
        b = self.b
        if g.name in ("llvm.global_ctors", "llvm.global_dtors"):
            op = self.ctors(g)
            if op is None:
                raise ImportError_(f"unhandled global variable: {self._global_diag(g)}")
            self.top.append(op)
            return
        self.fs = FuncState()
        self.cur = self.fs.const_ops
        attr = self.constant_attr(g.init) if g.init is not None else None
        if isinstance(attr, tuple):
            attr = FlatSymbolRefAttr(attr[1])  # a function initializer is a symbol value
        t = self.ty(g.ty)
        props = {"linkage": self._attr(f"#llvm.linkage<{LINKAGE_MLIR[g.linkage]}>"),
                 "visibility_": IntegerAttr(I64T, _VISIBILITY[g.visibility])}
        if g.unnamed_addr:  # (set only when there is one, as 19 does: seen in generic form)
            props["unnamed_addr"] = IntegerAttr(I64T, _UNNAMED[g.unnamed_addr])
        if g.thread_local:
            props["thread_local_"] = UNIT
        if g.is_const:
            props["constant"] = UNIT
        props["sym_name"] = StringAttr(g.name)
        if attr is not None:
            props["value"] = attr
        props["addr_space"] = IntegerAttr(I32T, g.addrspace)
        if g.align:
            props["alignment"] = IntegerAttr(I64T, g.align)
        # LLVM makes local linkage and non-default visibility implicitly dso_local
        if g.dso_local or g.linkage in ("private", "internal") or (
                g.visibility != "default" and g.linkage != "extern_weak"):
            props["dso_local"] = UNIT
        if g.section is not None:
            props["section"] = StringAttr(g.section)
        if g.comdat is not None:
            props["comdat"] = SymbolRefAttr("__llvm_global_comdat", [g.comdat])
        if g.externally_initialized:
            props["externally_initialized"] = UNIT
        for mdname, ref in getattr(g, "md", None) or ():
            if mdname == "dbg":
                ge = self.di.global_expr(ref)
                if ge is not None:
                    props["dbg_expr"] = self._attr(ge)
                break
        props["global_type"] = TypeAttr(t)
        region = Region()
        if g.init is not None and attr is None:
            try:
                v = self.value(g.init)
            except ImportError_ as e:
                self.diags.append(("error", str(e), None))
                raise ImportError_(f"unhandled global variable: {self._global_diag(g)}")
            blk = Block()
            for op in self.fs.const_ops:
                blk.append(op)
            blk.append(b.op("llvm.return", [v], loc=self.mod_loc()))  # (the global's loc)
            region = Region([blk])
        self.top.append(b.op("llvm.mlir.global", (), (), props, regions=[region],
                             loc=self.mod_loc()))

    def ctors(self, g):
        init = g.init
        if init is None or g.linkage != "appending":
            return None
        if init.kind == "zero":
            elems = []
        elif init.kind == "agg":
            elems = list(init.v)
        else:
            return None
        funcs, prios = [], []
        for e in elems:
            ev = element_values(e) if e.kind in ("agg", "zero") else None
            if ev is None or len(ev) != 3:
                return None
            p, f, d = ev
            if p.kind != "int" or f.kind != "global" or not isinstance(
                    self.m.symbols.get(f.v), Function):
                return None
            if d.kind not in ("null", "zero") and not (d.kind == "int" and d.v == 0):
                return None
            funcs.append(FlatSymbolRefAttr(f.v))
            prios.append(IntegerAttr(I32T, p.v & 0xFFFFFFFF if p.v >= 0 else p.v))
        ctor = g.name == "llvm.global_ctors"
        return self.b.op("llvm.mlir.global_ctors" if ctor else "llvm.mlir.global_dtors", (), (),
                         {"ctors" if ctor else "dtors": ArrayAttr(funcs),
                          "priorities": ArrayAttr(prios)}, loc=self.mod_loc())

    # -------------------------------------------------------------------- functions
    def convert_function(self, f, body=True):
        """Appends f's llvm.func op (without its body unless `body`) and returns it; None for
        an intrinsic that becomes ops of its own."""
        from pyopt.ir.core import Block, Region
        self.cur_func = f
        if f.name.startswith("llvm.") and A.is_convertible_intrinsic(f.name):
            return None
        b = self.b
        fty = f.ty
        groups = self.m.attr_groups
        fn_attrs = A.expand_groups(f.fn_attrs, groups)
        align = None
        for k, v in fn_attrs:
            if k == "align":
                align = v
        fn_attrs = [(k, v) for k, v in fn_attrs if k != "align"]
        has_body = body and not f.is_decl
        self.fs = FuncState()
        floc = b.loc(self.di.func_loc(f)) if self.locs else None
        cc = cconv_kw(self, f.cconv)
        props = {"linkage": self._attr(f"#llvm.linkage<{LINKAGE_MLIR[f.linkage]}>"),
                 "visibility_": IntegerAttr(I64T, _VISIBILITY[f.visibility]),
                 "CConv": self._attr(f"#llvm.cconv<{cc or 'ccc'}>"),
                 "sym_name": StringAttr(f.name)}
        if f.unnamed_addr:
            props["unnamed_addr"] = IntegerAttr(I64T, _UNNAMED[f.unnamed_addr])
        arg_attrs = []
        param_types = []
        for pty, pattrs, pname in f.params:
            param_types.append(self.ty(pty))
            arg_attrs.append(DictionaryAttr(b.attr_entries(
                A.param_attrs(A.expand_groups(pattrs, groups)))))
        ret = VOID_T if fty.ret is VOID else self.ty(fty.ret)
        props["function_type"] = TypeAttr(LLVMFunctionType(ret, param_types, fty.vararg))
        vr = A.vscale_range(fn_attrs)
        if vr:
            from pyopt.dialects.llvm.attrs import VScaleRangeAttr
            lo, hi = vr[len(" vscale_range("):-1].split(", ")
            props["vscale_range"] = VScaleRangeAttr(IntegerAttr(I32T, int(lo)),
                                                    IntegerAttr(I32T, int(hi)))
        if f.comdat is not None:
            props["comdat"] = SymbolRefAttr("__llvm_global_comdat", [f.comdat])
        attrs = []
        if f.linkage in ("private", "internal"):
            attrs.append("dso_local")
        if f.personality is not None:
            p = f.personality
            if p.kind == "global":
                attrs.append(f"personality = @{_sym(p.v)}")
            elif p.kind == "expr" and p.v[0] == "bitcast" and p.v[1][0].kind == "global":
                attrs.append(f"personality = @{_sym(p.v[1][0].v)}")
            else:
                self.warn("could not deduce personality, skipping it")
        if f.gc is not None:
            attrs.append(f"garbageCollector = {mlir_str(f.gc)}")
        if f.section is not None:
            attrs.append(f"section = {mlir_str(f.section)}")
        if f.align is not None or align is not None:
            attrs.append(f"alignment = {f.align or align} : i64")
        attrs.extend(A.function_attrs(fn_attrs, self.warn))
        attrs.extend(self.function_md(f))
        props.update(b.attr_entries(attrs))
        if any(len(d) for d in arg_attrs):
            props["arg_attrs"] = ArrayAttr(arg_attrs)
        if fty.ret is not VOID:
            ra = A.param_attrs(A.expand_groups(f.ret_attrs, groups))
            if ra:
                props["res_attrs"] = ArrayAttr([DictionaryAttr(b.attr_entries(ra))])
        region = Region()
        if has_body:
            self.cur_func = f
            entry = Block(param_types, [floc] * len(param_types) if floc is not None else None)
            for a, v in zip(f.args, entry.args):
                self.fs.values[a] = v
            region = Region(self.convert_body(f, entry))
        op = b.op("llvm.func", (), (), props, regions=[region], loc=floc)
        self.top.append(op)
        return op

    def function_md(self, f):
        """Attributes from the function's convertible metadata (the entry count)."""
        out = []
        for name, ref in f.md or ():
            if name not in ("prof", "tbaa", "alias.scope", "noalias", "llvm.loop",
                            "llvm.access.group"):
                continue
            p = self.mda.profile(ref, True, None) if name == "prof" else None
            if p is not None and p[0] == "entry_count":
                out.append(f"function_entry_count = {p[1]} : i64")
            else:
                self.warn_at(f"unhandled function metadata: {self.mdp.node(ref)} on "
                             f"{self.diag_func(f)}", None)
        return out

    def diag_func(self, f):
        return self.m.text[f.start:f.end]

    def convert_body(self, f, entry_block):
        from pyopt.ir.core import Block
        blocks = f.blocks
        by_name = {b.name: b for b in blocks}
        self.by_name = by_name
        succ = {}
        for b in blocks:
            term = b.insts[-1] if b.insts else None
            succ[b] = [by_name[n] for n in term.a.get("succ", ())] if term is not None else []
        # reachable blocks & reverse post-order
        entry = blocks[0]
        visited = {entry}
        post = []
        stack = [(entry, iter(succ[entry]))]
        while stack:
            b, it = stack[-1]
            for s in it:
                if s not in visited:
                    visited.add(s)
                    stack.append((s, iter(succ[s])))
                    break
            else:
                post.append(b)
                stack.pop()
        order = list(reversed(post))
        reachable = [b for b in blocks if b in visited]
        self.phis = {b: [i for i in b.insts if i.op == "phi"] for b in reachable}
        self.phi_block = {p.res: b for b, ps in self.phis.items() for p in ps}
        unk = UNKNOWN_LOC if self.locs else None
        mblocks = {}
        values = self.fs.values
        for b in reachable:
            if b is entry:
                mb = entry_block
            else:
                phis = self.phis[b]
                # (a block argument is located where its phi was)
                mb = Block([self.ty(p.ty) for p in phis],
                           [self.inst_loc(p) for p in phis] if unk is not None else None)
                for p, a in zip(phis, mb.args):
                    values[p.res] = a
            mblocks[b] = mb
        self.mblock = mblocks
        self.entry_block = entry
        self.arg_set = set(f.args)
        block_ops = {}
        self.extra_blocks = {}
        self.after = {}        # Value -> dbg intrinsic ops placed right after its def
        self.before_term = {}  # block -> ops placed before its terminator
        self.invoke_normal = {i.res: by_name[i.a["succ"][0]] for b in reachable
                              for i in b.insts if i.op == "invoke" and i.res is not None}
        self.block_start = {}  # block -> ops placed at its start
        self.pending_dbg = []
        for b in order:
            ops = block_ops[b] = []
            self.cur = ops
            self.cur_block = b
            for inst in b.insts:
                self.process_inst(inst)
        for dbg in self.pending_dbg:
            self.place_dbg(*dbg)
        const_ops = self.fs.const_ops
        after = self.after
        out = []
        for i, b in enumerate(reachable):
            out.extend(self.extra_blocks.get(b, ()))
            mb = mblocks[b]
            append = mb.append
            if self.computed_goto and (f.name, b.name) in self.m.addr_taken:
                from pyopt.dialects.llvm.blockaddress import BlockTagAttr
                append(self.b.op("llvm.blocktag", (), (), {
                    "tag": BlockTagAttr.get(id=self.block_tag_id(f.name, b.name))},
                    loc=unk))
            for op in self.block_start.get(b, ()):
                append(op)
            if i == 0:
                self._extend(append, const_ops, after)
            bl = block_ops[b]
            if b in self.before_term:
                bl = bl[:-1] + self.before_term[b] + bl[-1:]
            self._extend(append, bl, after)
            out.append(mb)
        return out

    @staticmethod
    def _extend(append, ops, after):
        if not after:
            for op in ops:
                append(op)
            return
        for op in ops:
            append(op)
            if op.results:
                extra = after.get(op.results[0])
                if extra:
                    for e in extra:
                        append(e)

    def place_dbg(self, value, make):
        """Puts a debug intrinsic right after the definition of its operand (MLIR inserts
        each at that point, so later ones come first)."""
        if value in self.phi_block:
            self.block_start.setdefault(self.phi_block[value], []).insert(
                0, make(self.fs.values[value]))
            return
        if value in self.arg_set:
            self.block_start.setdefault(self.entry_block, []).insert(
                0, make(self.fs.values[value]))
            return
        saved = self.cur
        const_ops = self.cur = self.fs.const_ops
        before = len(const_ops)
        try:
            v = self.value(value)
        except ImportError_:
            return
        finally:
            self.cur = saved
        if len(const_ops) > before and const_ops[-1].results:
            # a constant first used here goes right after the last constant (MLIR's constant
            # insertion point), ahead of the debug ops already placed after that one
            if before:
                moved = self.after.pop(const_ops[before - 1].results[0], None) \
                    if const_ops[before - 1].results else None
            else:
                moved = self.block_start.pop(self.entry_block, None)
            if moved:
                self.after.setdefault(const_ops[-1].results[0], []).extend(moved)
        op = make(v)
        inv = self.invoke_normal.get(value)
        if inv is not None:
            # defined by a terminator: before the terminator of the normal destination
            self.before_term.setdefault(inv, []).insert(0, op)
            return
        self.after.setdefault(v, []).insert(0, op)

    def inst_loc(self, inst):
        """The location of the op an instruction becomes (None when not printed)."""
        if not self.locs:
            return None
        for name, ref in inst.md or ():
            if name == "dbg":
                return self.b.loc(self.di.loc(ref))
        return UNKNOWN_LOC

    # -------------------------------------------------------------------- instructions
    def diag_inst(self, inst):
        """The instruction as LLVM prints one (indented)."""
        # (a debug record is shown as its intrinsic; metadata numbered as LLVM prints it)
        return self.mdp.inst(inst, self.cur_func, inst.a.get("text"))

    def process_inst(self, inst):
        if inst.op == "call":
            callee = inst.a.get("callee")
            if isinstance(callee, C) and callee.kind == "global" and \
                    callee.v.startswith("llvm."):
                return self.convert_intrinsic(inst)
        self.emit_inst(inst)

    def br_args(self, target):
        name = self.cur_block.name
        vals = []
        for p in self.phis[target]:
            for v, b in p.a["incoming"]:
                if b == name:
                    vals.append(self.value(v))
                    break
        return vals

    def emit_inst(self, inst):
        """Converts one instruction into self.cur; returns its result Value (or None)."""
        op = inst.op
        h = _EMIT.get(op)
        if h is None or (op == "indirectbr" and not self.computed_goto):
            raise ImportError_(f"unhandled instruction: {self.diag_inst(inst)}",
                               self.op_loc(inst))
        ops = self.cur
        in_consts = ops is self.fs.const_ops
        if op in _DIRECT_OPS or in_consts:
            res = h(self, inst)
        else:
            try:
                res = h(self, inst)
            except ImportError_ as e:
                # an operand failed: the op's builder fails, reported for the instruction
                self.diags.append(("error", str(e), e.loc))
                raise ImportError_(f"unhandled instruction: {self.diag_inst(inst)}",
                                   self.op_loc(inst))
        if inst.md and op not in _MD_OPS:
            _md(self, inst, ())  # reports the attachments such an op cannot carry
        if res is None:
            return None
        if self.locs and not in_consts:
            res.loc = self.inst_loc(inst)
        ops.append(res)
        if res.results:
            v = res.results[0]
            if inst.res is not None:
                self.fs.values[inst.res] = v
            return v
        return None

    def convert_intrinsic(self, inst):
        from pytranslate.importer.intrinsics import convert_intrinsic
        ok = convert_intrinsic(self, inst)
        if not ok:
            raise ImportError_(f"unhandled intrinsic: {self.diag_inst(inst)}",
                               self.op_loc(inst))


_COMDAT = ["any", "exactmatch", "largest", "nodeduplicate", "samesize"]
_VISIBILITY = {"default": 0, "hidden": 1, "protected": 2}
_UNNAMED = {"": 0, "local_unnamed_addr": 1, "unnamed_addr": 2}


def _global_c(name):
    from pytranslate.importer.lltypes import c_global
    return c_global(PTR, name)


def _sym(name):
    import re
    if re.fullmatch(r"[A-Za-z_][\w$.]*", name):
        return name
    return mlir_str(name)


