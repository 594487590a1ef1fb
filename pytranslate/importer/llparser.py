"""A recursive-descent reader for LLVM IR text (the subset LLVM 19 prints for C/C++ code).

The input has already been verified by LLVM (llvmlite), so the reader favours speed over
diagnostics: it builds a light module model (globals, functions, blocks, instructions,
metadata) that `convert.py` turns into LLVM-dialect MLIR."""
from __future__ import annotations

from pytranslate.importer.lltypes import (int_ty, float_ty, simple_ty, ptr_ty, array_ty, vec_ty, struct_ty, func_ty,
                      target_ty, named_struct, VOID, PTR, METADATA, LABEL, TOKEN,
                      FLOAT_BITS, c_int, c_fp, c_simple, c_global, c_expr, c_blockaddr, c_wrapped,
                      null_value,
                      c_aggregate, c_str, float_bits_from_double)
from pytranslate.importer.cfold import fold_binop, fold_cast
from pytranslate.importer.lllexer import LLParseError, tokenize, unescape, _name
from pytranslate.importer.llmodel import (Local, MDRef, Inst, BB, Function, GlobalVar, Module,
                                          BINOPS, CASTS, TYPE_ATTRS)
from pytranslate.importer.lldefs import DefinitionParser
from pytranslate.importer.llinsts import InstructionParser

# (the model and the errors are imported from here by the rest of the importer)
__all__ = ["Parser", "parse_module", "LLParseError", "unescape", "Local", "MDRef", "Inst", "BB",
           "Function", "GlobalVar", "Module"]


class Parser(DefinitionParser, InstructionParser):
    """The reader: token helpers, the top level, types, attributes, metadata and values here;
    globals and functions in lldefs.py, instructions in llinsts.py."""

    def __init__(self, text, tokens=None, deferred=None):
        """`tokens`: tokenize's result for `text` (default: all of it); `deferred`: the
        `{` offset -> (start, end) span of each function body left out of them, to be read
        later by parse_deferred_body (halves.py)."""
        self.text = text
        self.kinds, self.toks, self.poss = tokens or tokenize(text)
        self.deferred = deferred
        self.i = 0
        self.m = Module()
        self.m.text = text
        self.fn = None
        self.locals = None
        self.pending_structs = {}

    # -------------------------------------------------------------------- token helpers
    # (the current token is self.toks[self.i], its kind self.kinds[self.i]: indexed in
    # place, as a property would cost a call per look)
    def next(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def accept(self, t):
        if self.toks[self.i] == t and self.kinds[self.i] in ("punct", "ident"):
            self.i += 1
            return True
        return False

    def expect(self, t):
        i = self.i
        if self.toks[i] != t:
            raise LLParseError(f"expected '{t}' but found '{self.toks[i]}'", self.poss[i])
        self.i = i + 1

    def error(self, msg):
        return LLParseError(msg, self.poss[self.i])

    def end_pos(self):
        """End offset of the previous token."""
        j = self.i - 1
        return self.poss[j] + len(self.toks[j])

    def _line_end(self):
        p = self.text.find("\n", self.poss[self.i - 1])
        return p if p >= 0 else len(self.text)

    def parse_int(self):
        t = self.next()
        return int(t)

    def skip_balanced(self):
        """Skips a parenthesised group starting at '('."""
        depth = 0
        while True:
            t = self.next()
            k = self.kinds[self.i - 1]
            if k == "punct":
                if t in "([{<":
                    depth += 1
                elif t in ")]}>":
                    depth -= 1
                    if depth == 0:
                        return
            if k == "eof":
                return

    # -------------------------------------------------------------------- top level
    def parse(self):
        m = self.m
        while True:
            k = self.kinds[self.i]
            if k == "eof":
                break
            t = self.toks[self.i]
            if t == "target":
                self.next()
                what = self.next()
                self.expect("=")
                s = _name(self.next())
                if what == "datalayout":
                    m.datalayout = s
                else:
                    m.triple = s
            elif t == "source_filename":
                self.next()
                self.expect("=")
                m.source_filename = _name(self.next())
            elif k == "lvar":
                self.parse_type_def()
            elif k == "gvar":
                self.parse_global_or_alias()
            elif t == "define" or t == "declare":
                self.parse_function()
            elif t == "attributes":
                self.parse_attr_group()
            elif k == "md":
                self.parse_md_def()
            elif k == "ident" and t.startswith("$"):
                name = t[1:]
                self.next()
                self.expect("=")
                self.expect("comdat")
                m.comdats[name] = self.next()
            elif t == "module":
                self.next()
                self.next()
                self.expect("=")
                self.next()
            elif t == "uselistorder" or t == "uselistorder_bb":
                # skip to end of line
                line_end = self.text.find("\n", self.poss[self.i])
                while self.kinds[self.i] != "eof" and (line_end < 0 or
                                                       self.poss[self.i] < line_end):
                    self.next()
            else:
                raise self.error(f"unexpected token '{t}' at top level")
        return m

    def parse_type_def(self):
        name = _name(self.next())
        self.expect("=")
        self.expect("type")
        st = self.named(name)
        if self.accept("opaque"):
            return
        packed = False
        if self.toks[self.i] == "<":
            self.next()
            packed = True
        self.expect("{")
        fields = []
        if self.toks[self.i] != "}":
            while True:
                fields.append(self.parse_type())
                if not self.accept(","):
                    break
        self.expect("}")
        if packed:
            self.expect(">")
        st.fields = tuple(fields)
        st.packed = packed
        st.opaque = False
        st.m = None

    def named(self, name):
        st = self.m.structs.get(name)
        if st is None:
            st = self.m.structs[name] = named_struct(name)
        return st

    # -------------------------------------------------------------------- types
    def parse_type(self):
        i = self.i
        t = self.toks[i]
        self.i = i + 1
        k = self.kinds[i]
        if k == "ident":
            ty = _PLAIN_TYPES.get(t)
            if ty is not None:
                pass
            elif t[0] == "i" and t[1:].isdigit():
                ty = _PLAIN_TYPES[t] = int_ty(int(t[1:]))
            elif t == "ptr":
                ty = PTR
                if self.toks[self.i] == "addrspace":
                    self.next()
                    self.expect("(")
                    ty = ptr_ty(self.parse_int())
                    self.expect(")")
            elif t in FLOAT_BITS:
                ty = _PLAIN_TYPES[t] = float_ty(t)
            elif t == "void":
                ty = VOID
            elif t == "label":
                ty = LABEL
            elif t == "metadata":
                ty = METADATA
            elif t == "token":
                ty = TOKEN
            elif t in ("x86_amx", "x86_mmx"):
                ty = simple_ty(t)
            elif t == "target":
                self.expect("(")
                name = _name(self.next())
                types, ints = [], []
                while self.accept(","):
                    if self.kinds[self.i] == "int":
                        ints.append(self.parse_int())
                    else:
                        types.append(self.parse_type())
                self.expect(")")
                ty = target_ty(name, types, ints)
            elif t == "opaque":
                ty = named_struct("")
            else:
                raise LLParseError(f"unknown type '{t}'", self.poss[self.i - 1])
        elif k == "lvar":
            ty = self.named(_name(t))
        elif t == "[":
            n = self.parse_int()
            self.expect("x")
            e = self.parse_type()
            self.expect("]")
            ty = array_ty(n, e)
        elif t == "<":
            if self.toks[self.i] == "{":
                self.next()
                fields = self._type_list("}")
                self.expect(">")
                ty = struct_ty(fields, True)
            else:
                scalable = False
                if self.toks[self.i] == "vscale":
                    self.next()
                    self.expect("x")
                    scalable = True
                n = self.parse_int()
                self.expect("x")
                e = self.parse_type()
                self.expect(">")
                ty = vec_ty(n, e, scalable)
        elif t == "{":
            ty = struct_ty(self._type_list("}"), False)
        else:
            raise LLParseError(f"expected type, found '{t}'", self.poss[self.i - 1])
        # function types and legacy pointers
        toks = self.toks
        while True:
            nt = toks[self.i]
            if nt != "(" and nt != "*":
                return ty
            if nt == "(" and self.kinds[self.i] == "punct":
                self.next()
                params, vararg = [], False
                while self.toks[self.i] != ")":
                    if self.toks[self.i] == "...":
                        self.next()
                        vararg = True
                        break
                    params.append(self.parse_type())
                    if not self.accept(","):
                        break
                self.expect(")")
                ty = func_ty(ty, params, vararg)
            elif self.toks[self.i] == "*" and self.kinds[self.i] == "punct":
                self.next()
                ty = PTR
            else:
                return ty

    def _type_list(self, close):
        fields = []
        if self.toks[self.i] != close:
            while True:
                fields.append(self.parse_type())
                if not self.accept(","):
                    break
        self.expect(close)
        return fields

    # -------------------------------------------------------------------- attributes
    def parse_attrs(self, stop=(), limit=None):
        """A list of attributes: (name, value) with value None, int, Ty, str or tuple.
        `limit`: stop at tokens starting after this offset (the end of the line)."""
        out = []
        while True:
            k = self.kinds[self.i]
            t = self.toks[self.i]
            if limit is not None and self.poss[self.i] > limit:
                return out
            if k == "hash":
                self.next()
                out.append(("#", int(t[1:])))
                continue
            if k == "str":
                self.next()
                key = _name(t)
                val = ""
                if self.toks[self.i] == "=" and self.kinds[self.i] == "punct":
                    self.next()
                    val = _name(self.next())
                out.append((key, ("str", val)))
                continue
            if k != "ident" or t in stop:
                return out
            if not _is_attr_word(t):
                return out
            self.next()
            if t == "align" or t == "alignstack":
                if self.toks[self.i] == "(":
                    self.next()
                    v = self.parse_int()
                    self.expect(")")
                elif self.kinds[self.i] == "int":
                    v = self.parse_int()
                else:
                    v = None
                out.append((t, v))
                continue
            if self.toks[self.i] == "(" and self.kinds[self.i] == "punct":
                if t in TYPE_ATTRS:
                    self.next()
                    v = self.parse_type()
                    self.expect(")")
                    out.append((t, v))
                    continue
                if t == "uwtable" and self.toks[self.i + 1] in ("sync", "async"):
                    self.next()
                    out.append((t, 1 if self.next() == "sync" else 2))
                    self.expect(")")
                    continue
                if t in ("dereferenceable", "dereferenceable_or_null", "uwtable",
                         "allocsize", "vscale_range"):
                    self.next()
                    vals = [self.parse_int()]
                    while self.accept(","):
                        vals.append(self.parse_int())
                    self.expect(")")
                    out.append((t, vals[0] if len(vals) == 1 else tuple(vals)))
                    continue
                s = self.i
                self.skip_balanced()
                out.append((t, ("raw", " ".join(self.toks[s:self.i]))))
                continue
            out.append((t, None))

    def parse_attr_group(self):
        self.expect("attributes")
        n = int(self.next()[1:])
        self.expect("=")
        self.expect("{")
        attrs = self.parse_attrs()
        self.expect("}")
        self.m.attr_groups[n] = attrs

    # -------------------------------------------------------------------- metadata
    def parse_md_def(self):
        name = self.next()[1:]
        self.expect("=")
        if name.isdigit():
            start = self.poss[self.i - 2]
            distinct = self.accept("distinct")
            node = self.parse_md_node()
            n = int(name)
            self.m.metadata[n] = node
            if distinct:
                self.m.distinct.add(n)
            self.m.md_text[n] = self.text[start:self.end_pos()]
        else:
            self.m.named_md[name] = self.parse_md_tuple()

    def parse_md_node(self):
        k = self.kinds[self.i]
        if k == "md":
            # specialised node like !DILocation(...)
            kind = self.next()[1:]
            self.expect("(")
            fields = {}
            while self.toks[self.i] != ")":
                if self.kinds[self.i] == "label":
                    key = self.next()[:-1]
                    fields[key] = self._field_tokens()
                else:
                    # positional operands (DIExpression, DIArgList): kept in order
                    fields.setdefault("", []).append(self._field_tokens())
                if not self.accept(","):
                    break
            self.expect(")")
            return MDRef("special", (kind, fields))
        return MDRef("node", self.parse_md_tuple())

    def parse_md_tuple(self):
        """`!{op, op, ...}`: the operands."""
        self.expect("!")
        self.expect("{")
        elems = []
        while self.toks[self.i] != "}":
            elems.append(self.parse_md_operand())
            if not self.accept(","):
                break
        self.expect("}")
        return elems


    def _field_tokens(self):
        """The tokens of one metadata field value, up to the `,` or `)` at its own level."""
        s = self.i
        depth = 0
        while True:
            t = self.toks[self.i]
            if self.kinds[self.i] == "punct":
                if t in "([{":
                    depth += 1
                elif t in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                elif t == "," and depth == 0:
                    break
            self.next()
        return self.toks[s:self.i]
    def parse_md_operand(self):
        k = self.kinds[self.i]
        t = self.toks[self.i]
        if k == "md":
            self.next()
            if t[1:].isdigit():
                return MDRef("ref", int(t[1:]))
            self.i -= 1
            return self.parse_md_node()
        if k == "mdstr":
            self.next()
            return MDRef("str", unescape(t[2:-1]).decode("utf-8", "surrogateescape"))
        if t == "!":
            return self.parse_md_node()
        if t == "null":
            self.next()
            return MDRef("null", None)
        if t == "distinct":
            self.next()
            return self.parse_md_node()
        ty = self.parse_type()
        if ty is METADATA:
            return self.parse_md_operand()
        return MDRef("val", (ty, self.parse_value(ty)))

    def parse_md_attachments(self):
        """`, !name !N` pairs after an instruction or `!name !N` on a function/global."""
        out = []
        while True:
            j = self.i
            if self.toks[j] == "," and self.kinds[j + 1] == "md" and not \
                    self.toks[j + 1][1:].isdigit():
                self.i += 1
            elif self.kinds[j] != "md" or self.toks[j][1:].isdigit() or \
                    self.toks[j + 1] == "=":
                return out
            name = self.next()[1:]
            out.append((name, self.parse_md_operand()))

    # -------------------------------------------------------------------- values
    def local(self, name, ty):
        loc = self.locals.get(name)
        if loc is None:
            loc = self.locals[name] = Local(name, ty)
        elif loc.ty is None:
            loc.ty = ty
        return loc

    def parse_typed_value(self):
        ty = self.parse_type()
        return ty, self.parse_value(ty)

    def parse_value(self, ty):
        i = self.i
        k = self.kinds[i]
        t = self.toks[i]
        self.i = i + 1
        if k == "lvar":
            locs = self.locals
            if locs is None:
                raise LLParseError("local value outside function", self.poss[i])
            loc = locs.get(t[1:])  # (the common unquoted name: the token without its `%`)
            if loc is not None and loc.ty is not None and t[1] != '"':
                return loc
            return self.local(_name(t), ty)
        if k == "gvar":
            return c_global(ty, _name(t))
        if k == "int":
            if ty.kind == "float":
                return c_fp(ty, float_bits_from_double(ty.name, float(t)))
            return c_int(ty, int(t))
        if k == "float":
            return c_fp(ty, float_bits_from_double(ty.name, float(t)))
        if k == "hex":
            return self._hex_const(ty, t)
        if k == "cstr":
            return c_str(ty, unescape(t[2:-1]))
        if k == "ident":
            if t == "true":
                return c_int(ty, 1)
            if t == "false":
                return c_int(ty, 0)
            if t == "null":
                return c_simple("null", ty)
            if t == "none":
                return c_simple("none", ty)
            if t == "undef":
                return c_simple("undef", ty)
            if t == "poison":
                return c_simple("poison", ty)
            if t == "zeroinitializer":
                return null_value(ty)
            if t == "splat":
                self.expect("(")
                ety, ev = self.parse_typed_value()
                self.expect(")")
                return c_aggregate(ty, [ev] * ty.w)
            if t == "asm":
                return self._parse_asm(ty)
            if t == "blockaddress":
                self.expect("(")
                f = _name(self.next())
                self.expect(",")
                bb = _name(self.next())
                self.expect(")")
                self.m.addr_taken.add((f, bb))
                return c_blockaddr(ty, f, bb)
            if t in ("dso_local_equivalent", "no_cfi"):
                return c_wrapped(ty, t, self.parse_value(ty))
            return self._const_expr(t, ty)
        if t == "[":
            elems = []
            if self.toks[self.i] != "]":
                while True:
                    elems.append(self.parse_typed_value()[1])
                    if not self.accept(","):
                        break
            self.expect("]")
            return c_aggregate(ty, elems)
        if t == "<":
            if self.toks[self.i] == "{":
                self.next()
                elems = self._elems("}")
                self.expect(">")
                return c_aggregate(ty, elems)
            elems = self._elems(">")
            return c_aggregate(ty, elems)
        if t == "{":
            return c_aggregate(ty, self._elems("}"))
        raise LLParseError(f"expected value, found '{t}'", self.poss[self.i - 1])

    def _elems(self, close):
        elems = []
        if self.toks[self.i] != close:
            while True:
                elems.append(self.parse_typed_value()[1])
                if not self.accept(","):
                    break
        self.expect(close)
        return elems

    def _hex_const(self, ty, t):
        if t[0] in "us":
            return c_int(ty, int(t[3:], 16))
        if ty.kind == "int":
            return c_int(ty, int(t, 16))
        body = t[2:]
        if body[0] in "LM":
            # 0xL / 0xM: the low 64-bit word is written first
            digits = body[1:].rjust(32, "0")
            return c_fp(ty, (int(digits[16:], 16) << 64) | int(digits[:16], 16))
        if body[0] in "KHR":
            return c_fp(ty, int(body[1:], 16))
        import struct as st
        d = st.unpack("<d", st.pack("<Q", int(body, 16)))[0]
        if ty.name == "double":
            return c_fp(ty, int(body, 16))
        return c_fp(ty, float_bits_from_double(ty.name, d))

    def _parse_asm(self, ty):
        flags = []
        while self.kinds[self.i] == "ident" and self.toks[self.i] in ("sideeffect", "alignstack",
                                                     "inteldialect", "unwind"):
            flags.append(self.next())
        asm = _name(self.next())
        self.expect(",")
        cons = _name(self.next())
        return ("asm", ty, asm, cons, tuple(flags))

    def _const_expr(self, op, ty):
        flags = []
        while self.kinds[self.i] == "ident" and self.toks[self.i] in (
                "nuw", "nsw", "exact", "inbounds", "disjoint", "nusw", "nneg"):
            flags.append(self.next())
        if op == "getelementptr":
            inrange = None
            if self.toks[self.i] == "inrange":  # LLVM 19's `inrange(lo, hi)` (MLIR 19 drops it)
                self.next()
                self.skip_balanced()
            self.expect("(")
            src = self.parse_type()
            self.expect(",")
            ops = []
            while True:
                if self.toks[self.i] == "inrange":
                    self.next()
                    self.skip_balanced()
                ops.append(self.parse_typed_value()[1])
                if not self.accept(","):
                    break
            self.expect(")")
            if all(o.kind == "int" and o.v == 0 for o in ops[1:]) or len(ops) == 1:
                return ops[0]
            return c_expr(ty, "getelementptr", ops, flags, src)
        if op in CASTS:
            self.expect("(")
            v = self.parse_typed_value()[1]
            self.expect("to")
            dst = self.parse_type()
            self.expect(")")
            if op == "bitcast" and v.ty is dst:
                return v
            return fold_cast(op, v, dst) or c_expr(dst, op, [v], flags)
        if op in ("icmp", "fcmp"):
            pred = self.next()
            self.expect("(")
            a = self.parse_typed_value()[1]
            self.expect(",")
            b = self.parse_typed_value()[1]
            self.expect(")")
            return c_expr(ty, op, [a, b], flags, pred)
        self.expect("(")
        ops = []
        while True:
            ops.append(self.parse_typed_value()[1])
            if not self.accept(","):
                break
        self.expect(")")
        if op == "shufflevector":
            return c_expr(ty, op, ops, flags)
        if op in BINOPS:
            return fold_binop(op, ops[0], ops[1]) or c_expr(ops[0].ty, op, ops, flags)
        return c_expr(ty, op, ops, flags)

_TYPE_WORDS = {"ptr", "void", "label", "metadata", "token", "target", "x86_amx", "x86_mmx",
               "opaque", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128"}


# constants that may directly follow a parameter type (`i1 false`, `i32 poison`)
_VALUE_WORDS = frozenset({"true", "false", "null", "none", "undef", "poison", "zeroinitializer",
                          "blockaddress", "dso_local_equivalent", "no_cfi", "getelementptr",
                          "icmp", "fcmp", "select", "extractelement", "insertelement",
                          "shufflevector", "extractvalue", "insertvalue", "splat", "asm"}
                         | BINOPS | CASTS)


def _is_attr_word(t):
    if t[0] == "$":  # a comdat name starting the next line
        return False
    if t in _TYPE_WORDS or (t[0] == "i" and t[1:].isdigit()) or t in _VALUE_WORDS:
        return False
    return t not in ("define", "declare", "attributes", "section", "comdat", "align",
                     "gc", "prefix", "prologue", "personality", "partition", "addrspace",
                     "unnamed_addr", "local_unnamed_addr", "to", "unwind") or t == "align"


def parse_module(text):
    return Parser(text).parse()



# type keywords naming one interned type (integer and float types are added when first seen)
_PLAIN_TYPES = {"void": VOID, "label": LABEL, "metadata": METADATA, "token": TOKEN}
