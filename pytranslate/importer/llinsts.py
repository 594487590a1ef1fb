"""The LLVM IR reader's instructions (a mixin of llparser.Parser): one `i_<opcode>` method
per instruction keyword, and the debug records."""
from __future__ import annotations

from pytranslate.importer.lltypes import (func_ty, ptr_ty, struct_ty, vec_ty, c_global, c_int,
                                          VOID, METADATA, PTR, I1, I32, LABEL)
from pytranslate.importer.lllexer import LLParseError, _name
from pytranslate.importer.llmodel import (Inst, BINOPS, CASTS, BINOP_FLAGS, CAST_FLAGS,
                                          CMP_FLAGS, FMF_WORDS, GEP_FLAGS, ORDERINGS, CCONVS,
                                          _numbered_cc)


class InstructionParser:
    __slots__ = ()

    # -------------------------------------------------------------------- instructions
    def parse_inst(self):
        i = self.i
        toks = self.toks
        start = self.poss[i]
        res = None
        if toks[i + 1] == "=" and self.kinds[i] == "lvar":
            res = _name(toks[i])
            i += 2
        tail = None
        op = toks[i]
        if op in ("tail", "musttail", "notail"):
            tail = op
            i += 1
            op = toks[i]
        self.i = i + 1
        inst = Inst(op)
        inst.start = start
        h = _INST_HANDLERS.get(op)
        if h is None:
            raise LLParseError(f"unknown instruction '{op}'", start)
        h(self, inst)
        if tail is not None:
            inst.a["tail"] = tail
        inst.md = self.parse_md_attachments()
        inst.end = self.end_pos()
        if res is not None:
            loc = self.local(res, inst.ty)
            loc.ty = inst.ty
            loc.inst = inst
            inst.res = loc
        return inst

    def parse_debug_record(self):
        """`#dbg_value(...)` and the other LLVM 19 debug records read as the `tail call` of
        the intrinsic LLVM converts them to on import (the intrinsic's text kept for
        diagnostics); the last operand is the record's location (its `!dbg`)."""
        start = self.poss[self.i]
        name = "llvm.dbg." + self.next()[len("#dbg_"):]
        self.expect("(")
        args, texts = [], []
        while self.toks[self.i] != ")":
            s = self.poss[self.i]
            args.append(self.parse_md_operand())
            texts.append(self.text[s:self.poss[self.i]].strip())
            if not self.accept(","):
                break
        self.expect(")")
        if not args:
            raise LLParseError("expected a debug record location", start)
        loc, loc_text = args.pop(), texts.pop()
        inst = Inst("call")
        inst.start = start
        fty = func_ty(VOID, [METADATA] * len(args), False)
        inst.a.update(flags=[], cconv="ccc", ret_attrs=[], explicit_fty=False, fty=fty,
                      callee=c_global(PTR, name), arg_attrs=[[] for _ in args],
                      fn_attrs=[], tail="tail")
        inst.ops = [("md", a) for a in args]
        inst.md = [("dbg", loc)]
        inst.end = self.end_pos()
        inst.a["text"] = f"tail call void @{name}(" + ", ".join(
            "metadata " + t for t in texts) + f"), !dbg {loc_text}"
        return inst

    def _flags(self, allowed):
        fl = []
        toks, i = self.toks, self.i
        while toks[i] in allowed and self.kinds[i] == "ident":
            fl.append(toks[i])
            i += 1
        self.i = i
        return fl

    def i_binop(self, inst):
        inst.a["flags"] = self._flags(BINOP_FLAGS)
        ty, a = self.parse_typed_value()
        self.expect(",")
        b = self.parse_value(ty)
        inst.ty = ty
        inst.ops = [a, b]

    def i_fneg(self, inst):
        inst.a["flags"] = self._flags(FMF_WORDS)
        ty, a = self.parse_typed_value()
        inst.ty = ty
        inst.ops = [a]

    def i_cast(self, inst):
        inst.a["flags"] = self._flags(CAST_FLAGS)
        ty, a = self.parse_typed_value()
        self.expect("to")
        inst.ty = self.parse_type()
        inst.ops = [a]

    def _cmp(self, inst, fp):
        inst.a["flags"] = self._flags(CMP_FLAGS)
        inst.a["pred"] = self.next()
        ty, a = self.parse_typed_value()
        self.expect(",")
        b = self.parse_value(ty)
        inst.ops = [a, b]
        if ty.kind == "vec":
            inst.ty = vec_ty(ty.w, I1, ty.scalable)
        else:
            inst.ty = I1

    def i_icmp(self, inst):
        self._cmp(inst, False)

    def i_fcmp(self, inst):
        self._cmp(inst, True)

    def i_ret(self, inst):
        if self.toks[self.i] == "void":
            self.next()
            return
        inst.ops = [self.parse_typed_value()[1]]

    def i_br(self, inst):
        ty = self.parse_type()
        if ty is LABEL:
            inst.a["succ"] = [_name(self.next())]
            return
        c = self.parse_value(ty)
        self.expect(",")
        self.expect("label")
        t = _name(self.next())
        self.expect(",")
        self.expect("label")
        f = _name(self.next())
        inst.ops = [c]
        inst.a["succ"] = [t, f]

    def i_switch(self, inst):
        ty, c = self.parse_typed_value()
        self.expect(",")
        self.expect("label")
        default = _name(self.next())
        self.expect("[")
        cases = []
        while self.toks[self.i] != "]":
            cty, cv = self.parse_typed_value()
            self.expect(",")
            self.expect("label")
            cases.append((cv, _name(self.next())))
        self.expect("]")
        inst.ops = [c]
        inst.a["succ"] = [default] + [d for _, d in cases]
        inst.a["cases"] = [v for v, _ in cases]

    def i_indirectbr(self, inst):
        inst.ops = [self.parse_typed_value()[1]]
        self.expect(",")
        self.expect("[")
        dests = []
        while self.toks[self.i] != "]":
            self.expect("label")
            dests.append(_name(self.next()))
            if not self.accept(","):
                break
        self.expect("]")
        inst.a["succ"] = dests

    def i_unreachable(self, inst):
        pass

    def i_resume(self, inst):
        inst.ops = [self.parse_typed_value()[1]]

    def i_phi(self, inst):
        inst.a["flags"] = self._flags(FMF_WORDS)
        ty = self.parse_type()
        inst.ty = ty
        inc = []
        while True:
            self.expect("[")
            v = self.parse_value(ty)
            self.expect(",")
            b = _name(self.next())
            self.expect("]")
            inc.append((v, b))
            if not (self.toks[self.i] == "," and self.toks[self.i + 1] == "["):
                break
            self.next()
        inst.a["incoming"] = inc

    def i_select(self, inst):
        inst.a["flags"] = self._flags(FMF_WORDS)
        cty, c = self.parse_typed_value()
        self.expect(",")
        ty, a = self.parse_typed_value()
        self.expect(",")
        b = self.parse_typed_value()[1]
        inst.ty = ty
        inst.ops = [c, a, b]

    def i_freeze(self, inst):
        ty, a = self.parse_typed_value()
        inst.ty = ty
        inst.ops = [a]

    def i_va_arg(self, inst):
        ty, a = self.parse_typed_value()
        self.expect(",")
        inst.ty = self.parse_type()
        inst.ops = [a]

    def i_alloca(self, inst):
        a = inst.a
        if self.accept("inalloca"):
            a["inalloca"] = True
        a["elem"] = self.parse_type()
        size = c_int(I32, 1)
        addrspace = 0
        while self.toks[self.i] == ",":
            nt = self.toks[self.i + 1]
            if nt == "align":
                self.i += 2
                a["align"] = self.parse_int()
            elif nt == "addrspace":
                self.i += 2
                self.expect("(")
                addrspace = self.parse_int()
                self.expect(")")
            elif self.kinds[self.i + 1] == "md":
                break
            else:
                self.next()
                size = self.parse_typed_value()[1]
        inst.ops = [size]
        inst.ty = ptr_ty(addrspace)

    def _mem_tail(self, inst):
        a = inst.a
        while self.toks[self.i] == ",":
            nt = self.toks[self.i + 1]
            if nt == "align":
                self.i += 2
                a["align"] = self.parse_int()
            else:
                break

    def _atomic_prefix(self, inst):
        a = inst.a
        if self.accept("atomic"):
            a["atomic"] = True
        if self.accept("volatile"):
            a["volatile"] = True

    def _syncscope_ordering(self, inst):
        a = inst.a
        if self.toks[self.i] == "syncscope":
            self.next()
            self.expect("(")
            a["syncscope"] = _name(self.next())
            self.expect(")")
        if self.kinds[self.i] == "ident" and self.toks[self.i] in ORDERINGS:
            a["ordering"] = self.next()

    def i_load(self, inst):
        self._atomic_prefix(inst)
        inst.ty = self.parse_type()
        self.expect(",")
        inst.ops = [self.parse_typed_value()[1]]
        if inst.a.get("atomic"):
            self._syncscope_ordering(inst)
        self._mem_tail(inst)

    def i_store(self, inst):
        self._atomic_prefix(inst)
        v = self.parse_typed_value()[1]
        self.expect(",")
        p = self.parse_typed_value()[1]
        inst.ops = [v, p]
        if inst.a.get("atomic"):
            self._syncscope_ordering(inst)
        self._mem_tail(inst)

    def i_fence(self, inst):
        self._syncscope_ordering(inst)

    def i_cmpxchg(self, inst):
        a = inst.a
        if self.accept("weak"):
            a["weak"] = True
        if self.accept("volatile"):
            a["volatile"] = True
        p = self.parse_typed_value()[1]
        self.expect(",")
        ty, c = self.parse_typed_value()
        self.expect(",")
        v = self.parse_typed_value()[1]
        inst.ops = [p, c, v]
        if self.toks[self.i] == "syncscope":
            self.next()
            self.expect("(")
            a["syncscope"] = _name(self.next())
            self.expect(")")
        a["success"] = self.next()
        a["failure"] = self.next()
        self._mem_tail(inst)
        inst.ty = struct_ty([ty, I1])

    def i_atomicrmw(self, inst):
        a = inst.a
        if self.accept("volatile"):
            a["volatile"] = True
        a["binop"] = self.next()
        p = self.parse_typed_value()[1]
        self.expect(",")
        ty, v = self.parse_typed_value()
        inst.ops = [p, v]
        inst.ty = ty
        self._syncscope_ordering(inst)
        self._mem_tail(inst)

    def i_getelementptr(self, inst):
        inst.a["flags"] = self._flags(GEP_FLAGS)
        src = self.parse_type()
        inst.a["elem"] = src
        ops = []
        while self.toks[self.i] == "," and self.kinds[self.i + 1] != "md":
            self.next()
            if self.toks[self.i] == "inrange":
                self.next()
                self.skip_balanced()
            ops.append(self.parse_typed_value()[1])
        inst.ops = ops
        # Result type: a vector of pointers if any operand is a vector.
        rt = ops[0].ty if not isinstance(ops[0], tuple) else PTR
        for o in ops[1:]:
            if o.ty.kind == "vec" and rt.kind != "vec":
                rt = vec_ty(o.ty.w, rt, o.ty.scalable)
        inst.ty = rt

    def i_extractvalue(self, inst):
        ty, agg = self.parse_typed_value()
        idx = []
        while self.toks[self.i] == "," and self.kinds[self.i + 1] == "int":
            self.next()
            idx.append(self.parse_int())
        inst.ops = [agg]
        inst.a["idx"] = idx
        t = ty
        for i in idx:
            t = t.fields[i] if t.kind == "struct" else t.elem
        inst.ty = t

    def i_insertvalue(self, inst):
        ty, agg = self.parse_typed_value()
        self.expect(",")
        v = self.parse_typed_value()[1]
        idx = []
        while self.toks[self.i] == "," and self.kinds[self.i + 1] == "int":
            self.next()
            idx.append(self.parse_int())
        inst.ops = [agg, v]
        inst.a["idx"] = idx
        inst.ty = ty

    def i_extractelement(self, inst):
        ty, v = self.parse_typed_value()
        self.expect(",")
        i = self.parse_typed_value()[1]
        inst.ops = [v, i]
        inst.ty = ty.elem

    def i_insertelement(self, inst):
        ty, v = self.parse_typed_value()
        self.expect(",")
        e = self.parse_typed_value()[1]
        self.expect(",")
        i = self.parse_typed_value()[1]
        inst.ops = [v, e, i]
        inst.ty = ty

    def i_shufflevector(self, inst):
        ty, a = self.parse_typed_value()
        self.expect(",")
        b = self.parse_typed_value()[1]
        self.expect(",")
        mty, mask = self.parse_typed_value()
        inst.ops = [a, b]
        inst.a["mask"] = mask
        inst.ty = vec_ty(mty.w, ty.elem, mty.scalable)

    def i_landingpad(self, inst):
        inst.ty = self.parse_type()
        clauses = []
        if self.accept("cleanup"):
            inst.a["cleanup"] = True
        while self.kinds[self.i] == "ident" and self.toks[self.i] in ("catch", "filter"):
            kind = self.next()
            clauses.append((kind, self.parse_typed_value()[1]))
        inst.a["clauses"] = clauses
        inst.ops = [v for _, v in clauses]

    def _call_common(self, inst):
        a = inst.a
        a["flags"] = self._flags(FMF_WORDS)
        cc = "ccc"
        t = self.toks[self.i]
        if self.kinds[self.i] == "ident" and (t in CCONVS or _numbered_cc(t)):
            cc = self.next()
        elif self.toks[self.i] == "cc":
            self.next()
            cc = "cc " + self.next()
        a["cconv"] = cc
        a["ret_attrs"] = self.parse_attrs()
        if self.toks[self.i] == "addrspace":
            self.next()
            self.skip_balanced()
        ty = self.parse_type()
        if ty.kind == "func":
            fty = ty
        else:
            fty = None
        callee = self.parse_value(ty if fty is None else PTR)
        self.expect("(")
        args = []
        arg_attrs = []
        while self.toks[self.i] != ")":
            aty = self.parse_type()
            attrs = self.parse_attrs()
            if aty is METADATA:
                v = ("md", self.parse_md_operand())
            else:
                v = self.parse_value(aty)
            args.append(v)
            arg_attrs.append(attrs)
            if not self.accept(","):
                break
        self.expect(")")
        if fty is None:
            fty = func_ty(ty, [x.ty if not isinstance(x, tuple) else METADATA for x in args],
                          False)
            a["explicit_fty"] = False
        else:
            a["explicit_fty"] = True
        a["fty"] = fty
        a["callee"] = callee
        a["arg_attrs"] = arg_attrs
        inst.ops = args
        inst.ty = fty.ret
        a["fn_attrs"] = self.parse_attrs(limit=self._line_end())
        # operand bundles
        if self.toks[self.i] == "[":
            self.skip_balanced()
            a["bundles"] = True

    def i_call(self, inst):
        self._call_common(inst)

    def i_invoke(self, inst):
        self._call_common(inst)
        self.expect("to")
        self.expect("label")
        n = _name(self.next())
        self.expect("unwind")
        self.expect("label")
        u = _name(self.next())
        inst.a["succ"] = [n, u]

    def i_callbr(self, inst):
        raise self.error("callbr")


# instruction keyword -> Parser method reading the rest of it
_INST_HANDLERS = {name[2:]: fn for name, fn in vars(InstructionParser).items()
                  if name.startswith("i_")}
_INST_HANDLERS.update({op: InstructionParser.i_binop for op in BINOPS
                       if op not in _INST_HANDLERS})
_INST_HANDLERS.update({op: InstructionParser.i_cast for op in CASTS if op not in _INST_HANDLERS})
