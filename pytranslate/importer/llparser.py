"""A recursive-descent reader for LLVM IR text (the subset LLVM 19 prints for C/C++ code).

The input has already been verified by LLVM (llvmlite), so the reader favours speed over
diagnostics: it builds a light module model (globals, functions, blocks, instructions,
metadata) that `convert.py` turns into LLVM-dialect MLIR."""
from __future__ import annotations

import re
from array import array

from pytranslate.importer.lltypes import (int_ty, float_ty, simple_ty, ptr_ty, array_ty, vec_ty, struct_ty, func_ty,
                      target_ty, named_struct, VOID, I1, I32, PTR, METADATA, LABEL, TOKEN,
                      FLOAT_BITS, c_int, c_fp, c_simple, c_global, c_expr, c_blockaddr, c_wrapped,
                      null_value,
                      c_aggregate, c_str, float_bits_from_double)
from pytranslate.importer.cfold import fold_binop, fold_cast


class LLParseError(Exception):
    def __init__(self, msg, pos):
        super().__init__(msg)
        self.pos = pos


# Each match is one token with the whitespace and comments before it; the single-character
# punctuation, local names and keywords, the most frequent tokens, are tried first (`ident1`
# is a keyword that cannot start a label, `c"..."` or a hex constant; the rest fall through
# to those and the final `ident`). The skipped part is possessive: a failed token match must not backtrack
# into a comment.
_TOKEN_RE = re.compile(r"""(?:[ \t\r\n\x00]++|;[^\n]*+)*+(?:
 (?P<punct>[=,()\[\]{}<>*|:^])
|(?P<lvar>%(?:[A-Za-z$._-][\w$.-]*|"[^"]*"|\d+))
|(?P<ident1>(?![us]0x)[A-Za-z_$.][\w$.]*+(?![:\-"]))
|(?P<label>(?:[A-Za-z$._\d-][\w$.-]*|"[^"]*"):)
|(?P<cstr>c"[^"]*")
|(?P<str>"[^"]*")
|(?P<gvar>@(?:[A-Za-z$._-][\w$.-]*|"[^"]*"|\d+))
|(?P<mdstr>!"[^"]*")
|(?P<md>!(?:[A-Za-z$._-][\w$.-]*|\d+))
|(?P<hash>\#\d+)
|(?P<dbgrec>\#dbg_\w+)
|(?P<hex>[us]?0x[KLMHR]?[0-9A-Fa-f]+)
|(?P<float>[-+]?\d+\.\d*(?:[eE][-+]?\d+)?)
|(?P<int>-?\d+)
|(?P<ident>[A-Za-z_$.][\w$.]*)
|(?P<punct2>\.\.\.|!)
)""", re.X)
_KIND = {"punct2": "punct", "ident1": "ident"}
_TRAILING_WS = re.compile(r"(?:[ \t\r\n\x00]+|;[^\n]*)*")  # (NUL: white space to LLVM)


def unescape(s: str) -> bytes:
    """LLVM string body (between the quotes) with \\XX and \\\\ escapes to bytes."""
    b = s.encode("utf-8", "surrogateescape")
    if b"\\" not in b:
        return b
    out = bytearray()
    i, n = 0, len(b)
    while i < n:
        ch = b[i]
        if ch == 0x5C and i + 1 < n:
            if b[i + 1] == 0x5C:
                out.append(0x5C)
                i += 2
                continue
            if i + 2 < n:
                try:
                    out.append(int(b[i + 1:i + 3].decode(), 16))
                    i += 3
                    continue
                except ValueError:
                    pass
        out.append(ch)
        i += 1
    return bytes(out)


def _name(tok: str) -> str:
    """Name of a @global / %local / label token without sigil and quotes."""
    s = tok[1:] if tok[0] in "@%" else tok
    if s.startswith('"'):
        return unescape(s[1:-1]).decode("utf-8", "surrogateescape")
    return s


def tokenize(text):
    # Token texts repeat (a 100k-line module has ~2,500 distinct ones in 650k tokens): each is
    # kept once; positions are machine integers. (~40% of the reader's memory.)
    kinds, toks, poss = [], [], array("q")
    ka, ta, pa = kinds.append, toks.append, poss.append
    once = {}
    one = once.setdefault
    end = 0
    # (the scanner continues where the last match ended and stops at the first character
    # no token matches)
    for m in iter(_TOKEN_RE.scanner(text).match, None):
        k = m.lastgroup
        t = m.group(k)
        ta(one(t, t))
        pa(m.start(k))
        ka(_KIND.get(k, k))
        end = m.end()
    n = len(text)
    end = _TRAILING_WS.match(text, end).end()
    if end < n:
        raise LLParseError(f"unexpected character {text[end]!r}", end)
    ka("eof")
    ta("")
    pa(n)
    return kinds, toks, poss


# ============================================================================ model
class Local:
    __slots__ = ("name", "ty", "inst", "arg", "__weakref__")

    def __init__(self, name, ty=None):
        self.name = name
        self.ty = ty
        self.inst = None
        self.arg = None

    def __repr__(self):
        return f"<Local %{self.name}>"


class MDRef:
    """A metadata operand: ('ref', n) / ('str', s) / ('val', ty, value) / ('node', elems) /
    ('special', kind, fields) / ('null',)."""
    __slots__ = ("kind", "v")

    def __init__(self, kind, v):
        self.kind = kind
        self.v = v

    def __repr__(self):
        return f"<MD {self.kind} {self.v!r}>"


class Inst:
    __slots__ = ("op", "res", "ty", "ops", "a", "md", "start", "end", "block")

    def __init__(self, op):
        self.op = op
        self.res = None
        self.ty = VOID
        self.ops = []
        self.a = {}
        self.md = None
        self.start = self.end = 0
        self.block = None


class BB:
    __slots__ = ("name", "insts", "index")

    def __init__(self, name):
        self.name = name
        self.insts = []
        self.index = 0


class Function:
    def __init__(self):
        self.name = ""
        self.ty = None
        self.params = []   # (Ty, attrs list, name or None)
        self.ret_attrs = []
        self.fn_attrs = []
        self.linkage = "external"
        self.visibility = "default"
        self.dso_local = False
        self.cconv = "ccc"
        self.unnamed_addr = None
        self.section = None
        self.align = None
        self.comdat = None
        self.gc = None
        self.personality = None
        self.md = []
        self.blocks = []
        self.is_decl = True
        self.args = []
        self.start = self.end = 0


class GlobalVar:
    def __init__(self):
        self.name = ""
        self.linkage = "external"
        self.visibility = "default"
        self.dso_local = False
        self.thread_local = None
        self.unnamed_addr = None
        self.addrspace = 0
        self.externally_initialized = False
        self.is_const = False
        self.ty = None
        self.init = None
        self.section = None
        self.align = None
        self.comdat = None
        self.attrs = []
        self.md = []
        self.start = self.end = 0


class Module:
    def __init__(self):
        self.datalayout = ""
        self.triple = None
        self.source_filename = None
        self.structs = {}
        self.globals = []
        self.functions = []
        self.aliases = []
        self.symbols = {}
        self.attr_groups = {}
        self.metadata = {}
        self.distinct = set()
        self.addr_taken = set()  # (function, block name) of every blockaddress constant
        self.named_md = {}
        self.comdats = {}
        self.text = ""
        self.md_text = {}


LINKAGES = {"private", "internal", "available_externally", "linkonce", "weak", "common",
            "appending", "extern_weak", "linkonce_odr", "weak_odr", "external"}
VISIBILITIES = {"default", "hidden", "protected"}
DLL = {"dllimport", "dllexport"}
PREEMPTION = {"dso_local", "dso_preemptable"}
CCONVS = {"ccc", "fastcc", "coldcc", "webkit_jscc", "anyregcc", "preserve_mostcc",
          "preserve_allcc", "preserve_nonecc", "cxx_fast_tlscc", "swiftcc", "swifttailcc",
          "tailcc", "cfguard_checkcc", "ghccc", "x86_stdcallcc", "x86_fastcallcc",
          "x86_thiscallcc", "x86_vectorcallcc", "x86_regcallcc", "x86_intrcc", "arm_apcscc",
          "arm_aapcscc", "arm_aapcs_vfpcc", "aarch64_vector_pcs", "aarch64_sve_vector_pcs",
          "aarch64_sme_preservemost_from_x0", "aarch64_sme_preservemost_from_x2",
          "msp430_intrcc", "avr_intrcc", "avr_signalcc", "ptx_kernel", "ptx_device",
          "spir_func", "spir_kernel", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc",
          "hhvmcc", "hhvm_ccc", "amdgpu_vs", "amdgpu_ls", "amdgpu_hs", "amdgpu_es",
          "amdgpu_gs", "amdgpu_ps", "amdgpu_cs", "amdgpu_kernel", "amdgpu_gfx",
          "x86_64_sysvcc", "riscv_vector_cc", "m68k_rtdcc", "graalcc", "m68k_intrcc"}


def _numbered_cc(word):
    """`cc86`: how LLVM writes a convention it has no keyword for (also `cc 86`)."""
    return word.startswith("cc") and word[2:].isdigit()


BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and",
          "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem"}
CASTS = {"trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
         "ptrtoint", "inttoptr", "bitcast", "addrspacecast"}
FMF_WORDS = {"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"}
# The flag words each instruction accepts (built once, not per instruction).
BINOP_FLAGS = frozenset(FMF_WORDS | {"nuw", "nsw", "exact", "disjoint"})
CAST_FLAGS = frozenset({"nneg", "nuw", "nsw"})
CMP_FLAGS = frozenset(FMF_WORDS | {"samesign"})
GEP_FLAGS = frozenset({"inbounds", "nuw", "nusw"})
# Parameter attributes that carry a type argument.
TYPE_ATTRS = {"byval", "byref", "preallocated", "sret", "inalloca", "elementtype"}
ORDERINGS = {"unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"}


class Parser:
    def __init__(self, text):
        self.text = text
        self.kinds, self.toks, self.poss = tokenize(text)
        self.i = 0
        self.m = Module()
        self.m.text = text
        self.fn = None
        self.locals = None
        self.pending_structs = {}

    # -------------------------------------------------------------------- token helpers
    @property
    def tok(self):
        return self.toks[self.i]

    @property
    def kind(self):
        return self.kinds[self.i]

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
            k = self.kind
            if k == "eof":
                break
            t = self.tok
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
                while self.kind != "eof" and (line_end < 0 or self.poss[self.i] < line_end):
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
        if self.tok == "<":
            self.next()
            packed = True
        self.expect("{")
        fields = []
        if self.tok != "}":
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
                if self.tok == "addrspace":
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
                    if self.kind == "int":
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
            if self.tok == "{":
                self.next()
                fields = self._type_list("}")
                self.expect(">")
                ty = struct_ty(fields, True)
            else:
                scalable = False
                if self.tok == "vscale":
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
                while self.tok != ")":
                    if self.tok == "...":
                        self.next()
                        vararg = True
                        break
                    params.append(self.parse_type())
                    if not self.accept(","):
                        break
                self.expect(")")
                ty = func_ty(ty, params, vararg)
            elif self.tok == "*" and self.kinds[self.i] == "punct":
                self.next()
                ty = PTR
            else:
                return ty

    def _type_list(self, close):
        fields = []
        if self.tok != close:
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
            k = self.kind
            t = self.tok
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
                if self.tok == "=" and self.kinds[self.i] == "punct":
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
                if self.tok == "(":
                    self.next()
                    v = self.parse_int()
                    self.expect(")")
                elif self.kind == "int":
                    v = self.parse_int()
                else:
                    v = None
                out.append((t, v))
                continue
            if self.tok == "(" and self.kinds[self.i] == "punct":
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
        k = self.kind
        if k == "md":
            # specialised node like !DILocation(...)
            kind = self.next()[1:]
            self.expect("(")
            fields = {}
            while self.tok != ")":
                if self.kind == "label":
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
        while self.tok != "}":
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
            t = self.tok
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
        k = self.kind
        t = self.tok
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
            if self.tok != "]":
                while True:
                    elems.append(self.parse_typed_value()[1])
                    if not self.accept(","):
                        break
            self.expect("]")
            return c_aggregate(ty, elems)
        if t == "<":
            if self.tok == "{":
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
        if self.tok != close:
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
        while self.kind == "ident" and self.tok in ("sideeffect", "alignstack",
                                                     "inteldialect", "unwind"):
            flags.append(self.next())
        asm = _name(self.next())
        self.expect(",")
        cons = _name(self.next())
        return ("asm", ty, asm, cons, tuple(flags))

    def _const_expr(self, op, ty):
        flags = []
        while self.kind == "ident" and self.tok in ("nuw", "nsw", "exact", "inbounds",
                                                     "disjoint", "nusw", "nneg"):
            flags.append(self.next())
        if op == "getelementptr":
            inrange = None
            if self.tok == "inrange":  # LLVM 19's `inrange(lo, hi)` (MLIR 19 drops it)
                self.next()
                self.skip_balanced()
            self.expect("(")
            src = self.parse_type()
            self.expect(",")
            ops = []
            while True:
                if self.tok == "inrange":
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
            t = self.tok
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
                if self.tok == "(":
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
        ext = has_linkage and g.linkage in ("external", "extern_weak") and (
            self.tok == "," or self.kinds[self.i] in ("eof", "md") or self.tok in (
                "define", "declare", "attributes") or self.kind in ("gvar", "lvar")
            or self.tok.startswith("$"))
        if not ext:
            g.init = self.parse_value(g.ty)
        while self.accept(","):
            t = self.tok
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
                if self.tok == "(":
                    self.next()
                    g.comdat = self.next()[1:]
                    self.expect(")")
            elif self.kind == "md":
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
        pre_md = self.parse_md_attachments() if self.kind == "md" else []
        while True:
            t = self.tok
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
        if self.kind == "md":
            pre_md += self.parse_md_attachments()
        f.ret_attrs = self.parse_attrs()
        ret = self.parse_type()
        f.name = _name(self.next())
        self.expect("(")
        self.locals = {}
        params, vararg = [], False
        while self.tok != ")":
            if self.tok == "...":
                self.next()
                vararg = True
                break
            pty = self.parse_type()
            attrs = self.parse_attrs()
            pname = None
            if self.kind == "lvar":
                pname = _name(self.next())
            params.append((pty, attrs, pname))
            if not self.accept(","):
                break
        self.expect(")")
        f.params = params
        f.ty = func_ty(ret, [p[0] for p in params], vararg)
        while True:
            t = self.tok
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
                if self.tok == "(":
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
            elif self.kind in ("hash", "ident", "str") and t not in ("define", "declare",
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
            self.fn = f
            unnamed = 0  # unnamed and numbered parameters take the numbers %0, %1, ...
            for idx, (pty, _, pname) in enumerate(params):
                if pname is None:
                    pname = str(unnamed)
                if pname.isdigit():
                    unnamed += 1
                loc = self.local(pname, pty)
                loc.arg = idx
                f.args.append(loc)
            self.parse_body(f, unnamed)
        self.locals = None
        self.fn = None

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
        while self.tok != ")":
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
        if self.tok == "void":
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
        while self.tok != "]":
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
        while self.tok != "]":
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
            if not (self.tok == "," and self.toks[self.i + 1] == "["):
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
        while self.tok == ",":
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
        while self.tok == ",":
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
        if self.tok == "syncscope":
            self.next()
            self.expect("(")
            a["syncscope"] = _name(self.next())
            self.expect(")")
        if self.kind == "ident" and self.tok in ORDERINGS:
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
        if self.tok == "syncscope":
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
        while self.tok == "," and self.kinds[self.i + 1] != "md":
            self.next()
            if self.tok == "inrange":
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
        while self.tok == "," and self.kinds[self.i + 1] == "int":
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
        while self.tok == "," and self.kinds[self.i + 1] == "int":
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
        while self.kind == "ident" and self.tok in ("catch", "filter"):
            kind = self.next()
            clauses.append((kind, self.parse_typed_value()[1]))
        inst.a["clauses"] = clauses
        inst.ops = [v for _, v in clauses]

    def _call_common(self, inst):
        a = inst.a
        a["flags"] = self._flags(FMF_WORDS)
        cc = "ccc"
        if self.kind == "ident" and (self.tok in CCONVS or _numbered_cc(self.tok)):
            cc = self.next()
        elif self.tok == "cc":
            self.next()
            cc = "cc " + self.next()
        a["cconv"] = cc
        a["ret_attrs"] = self.parse_attrs()
        if self.tok == "addrspace":
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
        while self.tok != ")":
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
        if self.tok == "[":
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


# instruction keyword -> Parser method reading the rest of it
_INST_HANDLERS = {name[2:]: fn for name, fn in vars(Parser).items() if name.startswith("i_")}
_INST_HANDLERS.update({op: Parser.i_binop for op in BINOPS if op not in _INST_HANDLERS})
_INST_HANDLERS.update({op: Parser.i_cast for op in CASTS if op not in _INST_HANDLERS})

# type keywords naming one interned type (integer and float types are added when first seen)
_PLAIN_TYPES = {"void": VOID, "label": LABEL, "metadata": METADATA, "token": TOKEN}
