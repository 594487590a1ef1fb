"""LLVM IR module model -> LLVM-dialect MLIR text, following MLIR 19's ModuleImport.

The text is parsed back by pyopt and printed, so value names here are arbitrary; what must
match mlir-translate is the op sequence: constants are materialised once per function at the
start of the entry block in conversion order (a post-order walk of each constant's operands,
global variables counting their initializer as operand), blocks are processed in reverse
post-order, PHIs become block arguments."""
from __future__ import annotations

import math
import struct as _struct

from .lltypes import (C, Ty, SIMPLE_FLOATS, element_values, mlir_str, mlir_bytes_str, I1, I32,
                      I64, PTR, VOID, METADATA, c_int)
from .llparser import Local, Function, GlobalVar, Inst, MDRef
from . import attrs as A
from .mdattrs import AA_KEYS


class ImportError_(Exception):
    """An import failure reported as `<unknown>:0: error: ...` (mlir-translate's UnknownLoc)."""

    def __init__(self, msg, loc=None):
        super().__init__(msg)
        self.loc = loc


# ============================================================================ attributes
def _float_literal(ty, bits):
    name = ty.name
    if name in ("float", "double", "half", "bfloat"):
        if name == "double":
            d = _struct.unpack("<d", _struct.pack("<Q", bits))[0]
        elif name == "float":
            d = _struct.unpack("<f", _struct.pack("<I", bits))[0]
        elif name == "half":
            d = _struct.unpack("<e", _struct.pack("<H", bits))[0]
        else:
            d = _struct.unpack("<f", _struct.pack("<I", bits << 16))[0]
        if math.isfinite(d):
            r = repr(d)
            if "e" not in r and "." not in r and "inf" not in r:
                r += ".0"
            return r
    w = ty.w
    return "0x%0*X" % ((w + 3) // 4, bits)


def scalar_attr(c):
    """getScalarConstantAsAttr: `5 : i32` / `1.5 : f32`, or None."""
    if c.kind == "int":
        if c.ty.w == 1:
            return "true" if c.v else "false"
        return f"{c.v} : i{c.ty.w}"
    if c.kind == "fp":
        if c.ty.name not in SIMPLE_FLOATS:
            return None
        return f"{_float_literal(c.ty, c.v)} : {c.ty.mlir()}"
    return None


def _elem_lit(c):
    if c.kind == "int":
        if c.ty.w == 1:
            return "true" if c.v else "false"
        return str(c.v)
    return _float_literal(c.ty, c.v)


def _is_scalar_ty(t):
    return t.kind == "int" or (t.kind == "float" and t.name in SIMPLE_FLOATS)


def builtin_shape(ty):
    """getBuiltinTypeForAttr for shaped constants: (shape list, elem Ty, 'vector'|'tensor')."""
    if ty.kind == "vec":
        if ty.scalable or not _is_scalar_ty(ty.elem):
            return None
        return [ty.w], ty.elem, "vector"
    shape = []
    t = ty
    while t.kind == "array":
        shape.append(t.w)
        t = t.elem
    if not shape:
        return None
    if _is_scalar_ty(t):
        return shape, t, "tensor"
    if t.kind == "vec" and not t.scalable and _is_scalar_ty(t.elem):
        return shape + [t.w], t.elem, "vector"
    return None


def _shaped_type(shape, elem, kind):
    return f"{kind}<{'x'.join(str(s) for s in shape)}x{elem.mlir()}>"


def _nest(vals, shape):
    if len(shape) == 1:
        return "[" + ", ".join(vals) + "]"
    n = len(vals) // shape[0]
    return "[" + ", ".join(_nest(vals[i * n:(i + 1) * n], shape[1:])
                           for i in range(shape[0])) + "]"


def _dense(vals, shape, elem, kind):
    st = _shaped_type(shape, elem, kind)
    if vals and all(v == vals[0] for v in vals):
        return f"dense<{vals[0]}> : {st}"
    return f"dense<{_nest(vals, shape)}> : {st}"


def constant_attr(c, module):
    """getConstantAsAttr: the attribute text of a constant, or None."""
    k = c.kind
    if k in ("int", "fp"):
        return scalar_attr(c)
    if k == "global":
        sym = module.symbols.get(c.v)
        if isinstance(sym, Function):
            return ("sym", c.v)
        return None
    if k == "str":
        return mlir_bytes_str(c.v)
    if k == "cds":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        return _dense([_elem_lit(e) for e in c.v], *sh)
    if k == "agg":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        vals = []
        stack = [c]
        while stack:
            cur = stack.pop()
            if cur.kind == "agg":
                stack.extend(reversed(cur.v))
            elif cur.kind == "cds":
                vals.extend(_elem_lit(e) for e in cur.v)
            elif cur.kind == "str":
                vals.extend(str(b - 256 if b > 127 else b) for b in cur.v)
            elif cur.kind in ("int", "fp"):
                vals.append(_elem_lit(cur))
            else:
                return None
        return _dense(vals, *sh)
    if k == "zero":
        sh = builtin_shape(c.ty)
        if sh is None:
            return None
        e = sh[1]
        z = "0" if e.kind == "int" else "0.000000e+00"
        if e.kind == "int" and e.w == 1:
            z = "false"
        return f"dense<{z}> : {_shaped_type(*sh)}"
    return None


# ============================================================================ enums
LINKAGE_MLIR = {"private": "private", "internal": "internal",
                "available_externally": "available_externally", "linkonce": "linkonce",
                "weak": "weak", "common": "common", "appending": "appending",
                "extern_weak": "extern_weak", "linkonce_odr": "linkonce_odr",
                "weak_odr": "weak_odr", "external": "external"}
CCONV_MLIR = {"ccc": None, "fastcc": "fastcc", "coldcc": "coldcc", "spir_func": "spir_funccc",
              "spir_kernel": "spir_kernelcc", "ghccc": "cc_10", "webkit_jscc": "webkit_jscc",
              "anyregcc": "anyregcc", "preserve_mostcc": "preserve_mostcc",
              "preserve_allcc": "preserve_allcc", "swiftcc": "swiftcc",
              "cxx_fast_tlscc": "cxx_fast_tlscc", "tailcc": "tailcc",
              "cfguard_checkcc": "cfguard_checkcc", "swifttailcc": "swifttailcc",
              "x86_stdcallcc": "x86_stdcallcc", "x86_fastcallcc": "x86_fastcallcc",
              "arm_apcscc": "arm_apcscc", "arm_aapcscc": "arm_aapcscc",
              "arm_aapcs_vfpcc": "arm_aapcs_vfpcc", "msp430_intrcc": "msp430_intrcc",
              "x86_thiscallcc": "x86_thiscallcc", "ptx_kernel": "ptx_kernelcc",
              "ptx_device": "ptx_devicecc", "x86_64_sysvcc": "x86_64_sysvcc",
              "win64cc": "win64cc", "x86_vectorcallcc": "x86_vectorcallcc",
              "intel_ocl_bicc": "intel_ocl_bicc", "x86_intrcc": "x86_intrcc",
              "amdgpu_kernel": "amdgpu_kernelcc", "amdgpu_vs": "amdgpu_vscc",
              "amdgpu_gs": "amdgpu_gscc", "amdgpu_ps": "amdgpu_pscc",
              "amdgpu_cs": "amdgpu_cscc", "amdgpu_hs": "amdgpu_hscc",
              "amdgpu_ls": "amdgpu_lscc", "amdgpu_es": "amdgpu_escc",
              "amdgpu_gfx": "amdgpu_gfxcc", "x86_regcallcc": "x86_regcallcc",
              "avr_intrcc": "avr_intrcc", "avr_signalcc": "avr_signalcc",
              "hhvmcc": "hhvmcc", "hhvm_ccc": "hhvm_ccc",
              "aarch64_vector_pcs": "aarch64_vectorcallcc",
              "aarch64_sve_vector_pcs": "aarch64_sve_vectorcallcc",
              "riscv_vector_cc": "riscv_vectorcallcc", "m68k_rtdcc": "m68k_rtdcc",
              "preserve_nonecc": "preserve_nonecc"}
_CC_NUM = {"8": "fastcc", "9": "coldcc", "10": "ghccc", "0": "ccc"}


def cconv_kw(cc):
    if cc.startswith("cc "):
        n = cc[3:]
        cc = _CC_NUM.get(n)
        if cc is None:
            return f"cc_{n}"
    return CCONV_MLIR.get(cc, cc)


FMF_BITS = ["nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"]


def fmf_attr(flags):
    s = set(flags)
    if "fast" in s:
        return "#llvm.fastmath<fast>"
    on = [f for f in FMF_BITS if f in s]
    if not on:
        return None
    if len(on) == 7:
        return "#llvm.fastmath<fast>"
    return "#llvm.fastmath<" + ", ".join(on) + ">"


ICMP_PREDS = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
FCMP_MLIR = {"false": "_false", "true": "_true"}


# ============================================================================ converter
class FuncState:
    def __init__(self):
        self.values = {}      # Local / C -> name
        self.const_lines = []
        self.counter = 0


class Converter:
    def __init__(self, module, options, diags):
        self.m = module
        self.opts = options
        self.diags = diags  # list of (severity, message)
        self.out = []
        self.fs = None
        self.expensive = bool(getattr(options, "emit_expensive_warnings", False))
        from .debuginfo import DebugInfo
        self.di = DebugInfo(module)
        from .mdprint import MDPrinter
        self.mdp = MDPrinter(module)
        from .mdattrs import MDAttrs
        self.mda = MDAttrs(self)
        self.cur_func = None
        from .layout import DataLayout
        self.layout = DataLayout(module.datalayout)
        # Locations are only spelled out when they will be printed.
        flags = getattr(options, "print_flags", None)
        self.locs = bool(flags is not None and getattr(flags, "debuginfo", False))
        self.module_loc = f' loc({mlir_str(getattr(options, "import_name", "-"))}:0:0)'

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

    # -------------------------------------------------------------------- values
    def fresh(self):
        fs = self.fs
        fs.counter += 1
        return f"%v{fs.counter}"

    def value(self, v):
        """convertValue: the MLIR name of an operand."""
        fs = self.fs
        name = fs.values.get(v)
        if name is not None:
            return name
        if isinstance(v, C):
            return self.convert_constant_expr(v)
        if isinstance(v, tuple) and v and v[0] == "asm":
            raise ImportError_(f"unhandled value: {v[1].mlir_llvm() if False else 'ptr'} asm "
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
        for cc in self.constants_to_convert(c):
            fs.values[cc] = self.convert_constant(cc)
        return fs.values[c]

    def convert_constant(self, c):
        lines = self.fs.const_lines
        t = c.ty.mlir()
        attr = constant_attr(c, self.m)
        name = self.fresh()
        if attr is not None:
            if isinstance(attr, tuple):
                lines.append(f"{name} = llvm.mlir.addressof @{_sym(attr[1])} : {t}")
            else:
                lines.append(f"{name} = llvm.mlir.constant({attr}) : {t}")
            return name
        k = c.kind
        if k == "null" or k == "tnone":
            lines.append(f"{name} = llvm.mlir.zero : {t}")
        elif k == "none":
            lines.append(f"{name} = llvm.mlir.none : !llvm.token")
        elif k == "poison":
            lines.append(f"{name} = llvm.mlir.poison : {t}")
        elif k == "undef":
            lines.append(f"{name} = llvm.mlir.undef : {t}")
        elif k == "global":
            sym = self.m.symbols.get(c.v)
            if sym is None:
                raise ImportError_(f"unhandled constant: @{c.v}")
            lines.append(f"{name} = llvm.mlir.addressof @{_sym(c.v)} : {t}")
        elif k == "expr":
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
            self.cur = lines
            try:
                self.emit_inst(inst, result=name)
            finally:
                self.cur = saved
        elif k in ("agg", "zero", "cds", "str"):
            elems = element_values(c)
            root = name
            lines.append(f"{root} = llvm.mlir.undef : {t}")
            is_vec = c.ty.kind == "vec"
            vals = self.fs.values
            for i, e in enumerate(elems):
                ev = vals[e]
                nn = self.fresh()
                if is_vec:
                    idx = self.fresh()
                    lines.append(f"{idx} = llvm.mlir.constant({i} : i32) : i32")
                    lines.append(f"{nn} = llvm.insertelement {ev}, {root}[{idx} : i32] : {t}")
                else:
                    lines.append(f"{nn} = llvm.insertvalue {ev}, {root}[{i}] : {t}")
                root = nn
            return root
        elif k == "blockaddr":
            raise ImportError_(f"unhandled constant: ptr blockaddress(@{c.v[0]}, %{c.v[1]}) "
                               f"since blockaddress(...) is unsupported")
        else:
            raise ImportError_(f"unhandled constant: {c!r}")
        return name

    # -------------------------------------------------------------------- module
    def run(self):
        m = self.m
        out = self.out
        unhandled = []
        try:
            dl = A.data_layout_attr(m.datalayout, unhandled.append)
        except A.DataLayoutError as e:
            raise ImportError_(f"cannot translate data layout: {e}", loc="module")
        for msg in unhandled:
            self.warn(msg)
        head = [f"dlti.dl_spec = {dl}"]
        out.append("module attributes {" + ", ".join(head) + "} {")
        # comdats
        comdat_names = []
        for g in m.globals:
            if g.comdat is not None and g.comdat not in comdat_names:
                comdat_names.append(g.comdat)
        for f in m.functions:
            if f.comdat is not None and f.comdat not in comdat_names:
                comdat_names.append(f.comdat)
        if comdat_names:
            out.append("llvm.comdat @__llvm_global_comdat {")
            for n in comdat_names:
                out.append(f"llvm.comdat_selector @{_sym(n)} {m.comdats.get(n, 'any')}")
            out.append("}")
        self.mda.prepare()
        for g in m.globals:
            self.convert_global(g)
        for name in ("llvm.linker.options",):
            for ref in m.named_md.get(name, []):
                node = self.md_node(ref)
                if node is not None:
                    opts = [mlir_str(e.v) for e in node.v if e.kind == "str"]
                    out.append(f"llvm.linker_options [{', '.join(opts)}]")
        for f in m.functions:
            self.convert_function(f)
        out.append("}")
        return "\n".join(self.di.defs + out) + "\n"

    def md_node(self, ref):
        seen = 0
        while ref is not None and ref.kind == "ref" and seen < 100:
            ref = self.m.metadata.get(ref.v)
            seen += 1
        return ref

    def _global_diag(self, g):
        return self.m.text[g.start:g.end]

    def convert_global(self, g):
        out = self.out
        if g.name in ("llvm.global_ctors", "llvm.global_dtors"):
            line = self.ctors(g)
            if line is None:
                raise ImportError_(f"unhandled global variable: {self._global_diag(g)}")
            out.append(line)
            return
        self.fs = FuncState()
        self.cur = self.fs.const_lines
        attr = constant_attr(g.init, self.m) if g.init is not None else None
        if isinstance(attr, tuple):
            attr = None
        head = ["llvm.mlir.global", LINKAGE_MLIR[g.linkage]]
        if g.visibility != "default":
            head.append(g.visibility)
        if g.unnamed_addr:
            head.append(g.unnamed_addr)
        if g.thread_local:
            head.append("thread_local")
        if g.is_const:
            head.append("constant")
        head.append("@" + _sym(g.name))
        attrs = [f"addr_space = {g.addrspace} : i32"]
        if g.align:
            attrs.append(f"alignment = {g.align} : i64")
        if g.dso_local or g.linkage in ("private", "internal"):
            attrs.append("dso_local")
        if g.section is not None:
            attrs.append(f"section = {mlir_str(g.section)}")
        if g.comdat is not None:
            attrs.append(f"comdat = @__llvm_global_comdat::@{_sym(g.comdat)}")
        if g.externally_initialized:
            attrs.append("externally_initialized")
        for mdname, ref in getattr(g, "md", None) or ():
            if mdname == "dbg":
                ge = self.di.global_expr(ref)
                if ge is not None:
                    attrs.append(f"dbg_expr = {ge}")
                break
        s = " ".join(head) + "(" + (attr or "") + ")"
        s += " {" + ", ".join(attrs) + "}"
        t = g.ty.mlir()
        if attr is not None and g.ty.kind == "array" and g.ty.elem.kind == "int" and \
                g.ty.elem.w == 8 and attr.startswith('"'):
            pass
        else:
            s += " : " + t
        if g.init is not None and attr is None:
            try:
                v = self.value(g.init)
            except ImportError_ as e:
                self.diags.append(("error", str(e), None))
                raise ImportError_(f"unhandled global variable: {self._global_diag(g)}")
            body = self.fs.const_lines + [f"llvm.return {v} : {t}"]
            if self.locs:
                body = [x + " loc(unknown)" for x in body]
            s += " {\n" + "\n".join(body) + "\n}"
        if self.locs:
            s += self.module_loc
        out.append(s)

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
            funcs.append("@" + _sym(f.v))
            prios.append(str(p.v & 0xFFFFFFFF if p.v >= 0 else p.v))
        op = "llvm.mlir.global_ctors" if g.name == "llvm.global_ctors" else \
            "llvm.mlir.global_dtors"
        key = "ctors" if g.name == "llvm.global_ctors" else "dtors"
        return f"{op} {{{key} = [{', '.join(funcs)}], priorities = [{', '.join(p + ' : i32' for p in prios)}]}}"

    # -------------------------------------------------------------------- functions
    def convert_function(self, f):
        if f.name.startswith("llvm.") and A.is_convertible_intrinsic(f.name):
            return
        out = self.out
        fty = f.ty
        head = ["llvm.func"]
        if f.linkage != "external":
            head.append(LINKAGE_MLIR[f.linkage])
        if f.visibility != "default":
            head.append(f.visibility)
        if f.unnamed_addr:
            head.append(f.unnamed_addr)
        cc = cconv_kw(f.cconv)
        if cc:
            head.append(cc)
        fn_attrs = A.expand_groups(f.fn_attrs, self.m.attr_groups)
        align = None
        for k, v in fn_attrs:
            if k == "align":
                align = v
        fn_attrs = [(k, v) for k, v in fn_attrs if k != "align"]
        # arguments
        has_body = not f.is_decl
        self.fs = FuncState()
        args = []
        floc = f" loc({self.di.func_loc(f)})" if self.locs else ""
        for i, (pty, pattrs, pname) in enumerate(f.params):
            pa = A.param_attrs(A.expand_groups(pattrs, self.m.attr_groups))
            s = pty.mlir()
            if has_body:
                an = f"%a{i}"
                self.fs.values[f.args[i]] = an
                s = f"{an}: {s}"
            if pa:
                s += " {" + ", ".join(pa) + "}"
            if has_body:
                s += floc
            args.append(s)
        if fty.vararg:
            args.append("...")
        sig = "@" + _sym(f.name) + "(" + ", ".join(args) + ")"
        if fty.ret is not VOID:
            ra = A.param_attrs(A.expand_groups(f.ret_attrs, self.m.attr_groups))
            r = fty.ret.mlir()
            if ra:
                sig += f" -> ({r} {{{', '.join(ra)}}})"
            else:
                sig += " -> " + r
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
        if f.comdat is not None:
            attrs.append(f"comdat = @__llvm_global_comdat::@{_sym(f.comdat)}")
        if f.align is not None or align is not None:
            attrs.append(f"alignment = {f.align or align} : i64")
        attrs.extend(A.function_attrs(fn_attrs, self.warn))
        attrs.extend(self.function_md(f))
        s = " ".join(head) + " " + sig + A.vscale_range(fn_attrs)
        if attrs:
            s += " attributes {" + ", ".join(attrs) + "}"
        if not has_body:
            out.append(s + floc)
            return
        self.cur_func = f
        body = self.convert_body(f)
        out.append(s + " {")
        out.extend(body)
        out.append("}" + floc)

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

    def convert_body(self, f):
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
        self.block_label = {b: f"^bb{i}" for i, b in enumerate(reachable)}
        self.phis = {b: [i for i in b.insts if i.op == "phi"] for b in reachable}
        self.phi_block = {p.res: b for b, ps in self.phis.items() for p in ps}
        self.entry_block = entry
        self.arg_set = set(f.args)
        block_lines = {}
        self.extra_blocks = {}
        self.after = {}        # value name -> dbg intrinsic lines placed right after its def
        self.before_term = {}  # block -> lines placed before its terminator
        self.invoke_normal = {i.res: by_name[i.a["succ"][0]] for b in reachable
                              for i in b.insts if i.op == "invoke" and i.res is not None}
        self.block_start = {}  # block -> lines placed at its start
        self.pending_dbg = []
        self.def_block = {}
        for b in order:
            lines = block_lines[b] = []
            self.cur = lines
            self.cur_block = b
            for inst in b.insts:
                self.process_inst(inst)
        for dbg in self.pending_dbg:
            self.place_dbg(*dbg)
        out = []
        unk = " loc(unknown)" if self.locs else ""
        const_lines = self.fs.const_lines
        if unk:
            const_lines = [x + unk for x in const_lines]
        after = self.after
        for i, b in enumerate(reachable):
            for lab, lines in self.extra_blocks.get(b, ()):
                out.append(lab + ":")
                out.extend(lines)
            phis = self.phis[b]
            label = self.block_label[b]
            if i == 0:
                out.append(label + ":")
            else:
                args = ", ".join(f"{self.fs.values[p.res]}: {p.ty.mlir()}{unk}" for p in phis)
                out.append(f"{label}({args}):" if phis else label + ":")
            out.extend(self.block_start.get(b, ()))
            if i == 0:
                self._extend(out, const_lines, after)
            bl = block_lines[b]
            if b in self.before_term:
                bl = bl[:-1] + self.before_term[b] + bl[-1:]
            self._extend(out, bl, after)
        # The entry block's arguments are the signature's: no label for it.
        return out[1:]

    @staticmethod
    def _extend(out, lines, after):
        if not after:
            out.extend(lines)
            return
        for ln in lines:
            out.append(ln)
            if ln[0] == "%":
                extra = after.get(ln[:ln.find(" ")])
                if extra:
                    out.extend(extra)

    def place_dbg(self, value, text):
        """Puts a debug intrinsic right after the definition of its operand (MLIR inserts
        each at that point, so later ones come first)."""
        if value in self.phi_block:
            text = text.replace("\x01", self.fs.values[value])
            self.block_start.setdefault(self.phi_block[value], []).insert(0, text)
            return
        if value in self.arg_set:
            text = text.replace("\x01", self.fs.values[value])
            self.block_start.setdefault(self.entry_block, []).insert(0, text)
            return
        saved = self.cur
        self.cur = self.fs.const_lines
        try:
            name = self.value(value)
        except ImportError_:
            return
        finally:
            self.cur = saved
        text = text.replace("\x01", name)
        inv = self.invoke_normal.get(value)
        if inv is not None:
            # defined by a terminator: before the terminator of the normal destination
            self.before_term.setdefault(inv, []).insert(0, text)
            return
        self.after.setdefault(name, []).insert(0, text)

    def inst_loc(self, inst):
        if not self.locs:
            return ""
        for name, ref in inst.md or ():
            if name == "dbg":
                return f" loc({self.di.loc(ref)})"
        return " loc(unknown)"

    # -------------------------------------------------------------------- instructions
    def diag_inst(self, inst):
        """The instruction as LLVM prints one (indented)."""
        return "  " + self.m.text[inst.start:inst.end]

    def process_inst(self, inst):
        if inst.op == "call" and isinstance(inst.a.get("callee"), C) and \
                inst.a["callee"].kind == "global" and inst.a["callee"].v.startswith("llvm."):
            return self.convert_intrinsic(inst)
        self.emit_inst(inst)

    def br_args(self, target):
        cur = self.cur_block
        vals = []
        for p in self.phis[target]:
            for v, b in p.a["incoming"]:
                if b == cur.name:
                    vals.append((self.value(v), p.ty.mlir()))
                    break
        return vals

    def succ_text(self, target, vals):
        lab = self.block_label[target]
        if not vals:
            return lab
        return f"{lab}({', '.join(v for v, _ in vals)} : {', '.join(t for _, t in vals)})"

    def emit_inst(self, inst, result=None):
        op = inst.op
        a = inst.a
        lines = self.cur
        h = _EMIT.get(op)
        if h is None:
            raise ImportError_(f"unhandled instruction: {self.diag_inst(inst)}")
        if result is None and inst.res is not None:
            result = self.fresh()
        if op in _DIRECT_OPS or lines is self.fs.const_lines:
            text = h(self, inst, result)
        else:
            try:
                text = h(self, inst, result)
            except ImportError_ as e:
                # an operand failed: the op's builder fails, reported for the instruction
                self.diags.append(("error", str(e), e.loc))
                raise ImportError_(f"unhandled instruction: {self.diag_inst(inst)}")
        if inst.md and op not in _MD_OPS:
            _md(self, inst, ())  # reports the attachments such an op cannot carry
        if text is None:
            return
        if self.locs and lines is not self.fs.const_lines:
            text += self.inst_loc(inst)
        if result is not None and op != "phi":
            lines.append(f"{result} = {text}")
            if inst.res is not None:
                self.fs.values[inst.res] = result
        else:
            lines.append(text)
        if result is not None and inst.res is not None and op != "phi":
            self.fs.values[inst.res] = result

    def convert_intrinsic(self, inst):
        from .intrinsics import convert_intrinsic
        ok = convert_intrinsic(self, inst)
        if not ok:
            raise ImportError_(f"unhandled intrinsic: {self.diag_inst(inst)}")


def _global_c(name):
    from .lltypes import c_global
    return c_global(PTR, name)


def _llvm_str(s):
    return '"' + s.replace("\\", "\\5C").replace('"', "\\22") + '"'


def _sym(name):
    import re
    if re.fullmatch(r"[A-Za-z_][\w$.]*", name):
        return name
    return mlir_str(name)


# ============================================================================ emitters
def _e_binop(cv, inst, res):
    op = inst.op
    a, b = (cv.value(x) for x in inst.ops)
    t = inst.ty.mlir()
    fl = inst.a.get("flags", ())
    if op in ("fadd", "fsub", "fmul", "fdiv", "frem"):
        f = fmf_attr(fl)
        return f"llvm.{op} {a}, {b}" + (f" {{fastmathFlags = {f}}}" if f else "") + f" : {t}"
    s = f"llvm.{op} {a}, {b}"
    if op in ("add", "sub", "mul", "shl"):
        o = [x for x in ("nsw", "nuw") if x in fl]
        if o:
            s += f" overflow<{', '.join(o)}>"
    if op == "or" and "disjoint" in fl:
        s += " {isDisjoint}"
    return s + f" : {t}"


def _e_fneg(cv, inst, res):
    f = fmf_attr(inst.a.get("flags", ()))
    return f"llvm.fneg {cv.value(inst.ops[0])}" + (f" {{fastmathFlags = {f}}}" if f else "") + \
        f" : {inst.ty.mlir()}"


def _e_cast(cv, inst, res):
    v = inst.ops[0]
    return f"llvm.{inst.op} {cv.value(v)} : {v.ty.mlir()} to {inst.ty.mlir()}"


def _e_cmp(cv, inst, res):
    a, b = inst.ops
    pred = inst.a["pred"]
    if inst.op == "fcmp":
        pred = FCMP_MLIR.get(pred, pred)
        f = fmf_attr(inst.a.get("flags", ()))
        return f'llvm.fcmp "{pred}" {cv.value(a)}, {cv.value(b)}' + \
            (f" {{fastmathFlags = {f}}}" if f else "") + f" : {a.ty.mlir()}"
    return f'llvm.icmp "{pred}" {cv.value(a)}, {cv.value(b)} : {a.ty.mlir()}'


def _e_ret(cv, inst, res):
    if not inst.ops:
        return "llvm.return"
    v = inst.ops[0]
    return f"llvm.return {cv.value(v)} : {v.ty.mlir()}"


def _e_br(cv, inst, res):
    succ = [cv.by_name[n] for n in inst.a["succ"]]
    if len(succ) == 1:
        vals = cv.br_args(succ[0])
        md = _md(cv, inst, ("loop_annotation",))
        return "llvm.br " + cv.succ_text(succ[0], vals) + _attr_dict(md)
    tv = cv.br_args(succ[0])
    fv = cv.br_args(succ[1])
    c = cv.value(inst.ops[0])
    md = _md(cv, inst, ("loop_annotation", "branch_weights"))
    w = md.pop("branch_weights", None)
    w = f" weights([{', '.join(map(str, w))}])" if w else ""
    return f"llvm.cond_br {c}{w}, {cv.succ_text(succ[0], tv)}, {cv.succ_text(succ[1], fv)}" + \
        _attr_dict(md)


def _md(cv, inst, accepts):
    """The attributes of the instruction's convertible metadata: {name: value}."""
    if not inst.md:
        return {}
    return cv.mda.attach(inst, accepts, cv.op_loc(inst))


def _attr_dict(md):
    """` {k = v, ...}` of metadata attributes (branch weights as a dense i32 array)."""
    if not md:
        return ""
    parts = []
    for k, v in md.items():
        if k == "branch_weights":
            v = f"array<i32: {', '.join(map(str, v))}>"
        parts.append(f"{k} = {v}")
    return " {" + ", ".join(parts) + "}"


def _e_switch(cv, inst, res):
    succ = [cv.by_name[n] for n in inst.a["succ"]]
    c = inst.ops[0]
    cval = cv.value(c)
    dv = cv.br_args(succ[0])
    cases = []
    for v, s in zip(inst.a["cases"], succ[1:]):
        cases.append(f"{v.v}: " + cv.succ_text(s, cv.br_args(s)))
    w = _attr_dict(_md(cv, inst, ("branch_weights",)))
    body = (" [\n" + ",\n".join(cases) + "\n]") if cases else " [\n]"
    return f"llvm.switch {cval} : {c.ty.mlir()}, {cv.succ_text(succ[0], dv)}{body}{w}"


def _e_unreachable(cv, inst, res):
    return "llvm.unreachable"


def _e_resume(cv, inst, res):
    v = inst.ops[0]
    return f"llvm.resume {cv.value(v)} : {v.ty.mlir()}"


def _e_phi(cv, inst, res):
    # PHIs become block arguments: name them now.
    cv.fs.values[inst.res] = res
    return None


def _e_select(cv, inst, res):
    c, a, b = inst.ops
    f = fmf_attr(inst.a.get("flags", ()))
    return f"llvm.select {cv.value(c)}, {cv.value(a)}, {cv.value(b)}" + \
        (f" {{fastmathFlags = {f}}}" if f else "") + f" : {c.ty.mlir()}, {inst.ty.mlir()}"


def _e_freeze(cv, inst, res):
    return f"llvm.freeze {cv.value(inst.ops[0])} : {inst.ty.mlir()}"


def _e_va_arg(cv, inst, res):
    v = inst.ops[0]
    return f"llvm.va_arg {cv.value(v)} : ({v.ty.mlir()}) -> {inst.ty.mlir()}"


def _e_alloca(cv, inst, res):
    a = inst.a
    size = inst.ops[0]
    # LLVM's parser gives an alloca without `align` the preferred alignment
    align = a.get("align") or cv.layout.pref_align(a["elem"])
    attrs = [f"alignment = {align} : i64"]
    s = "llvm.alloca " + ("inalloca " if a.get("inalloca") else "") + \
        f"{cv.value(size)} x {a['elem'].mlir()}"
    if attrs:
        s += " {" + ", ".join(attrs) + "}"
    return s + f" : ({size.ty.mlir()}) -> {inst.ty.mlir()}"


def _default_align(cv, inst):
    """The alignment LLVM's parser gives a memory access without `align`."""
    op = inst.op
    if op == "load":
        return cv.layout.abi_align(inst.ty)
    if op == "store":
        return cv.layout.abi_align(inst.ops[0].ty)
    if op in ("atomicrmw", "cmpxchg"):
        return cv.layout.store_size(inst.ops[-1].ty)
    return None


def _mem_attrs(cv, inst):
    a = inst.a
    attrs = []
    align = a.get("align") or _default_align(cv, inst)
    if align:
        attrs.append(f"alignment = {align} : i64")
    for name, ref in inst.md or ():
        if name == "nontemporal":
            attrs.append("nontemporal")
        elif name == "invariant.load" and inst.op == "load":
            attrs.append("invariant")
    if inst.md:
        attrs += [f"{k} = {v}" for k, v in _md(cv, inst, AA_KEYS).items()]
    return attrs


def _atomic_part(inst):
    a = inst.a
    if not a.get("atomic"):
        return ""
    s = " atomic"
    if a.get("syncscope"):  # "" is the system scope
        s += f" syncscope({mlir_str(a['syncscope'])})"
    return s + " " + a["ordering"]


def _e_load(cv, inst, res):
    p = inst.ops[0]
    attrs = _mem_attrs(cv, inst)
    inv = ""
    if "invariant" in attrs:
        attrs.remove("invariant")
        inv = " invariant"
    s = "llvm.load " + ("volatile " if inst.a.get("volatile") else "") + cv.value(p) + \
        _atomic_part(inst) + inv
    if attrs:
        s += " {" + ", ".join(attrs) + "}"
    return s + f" : {p.ty.mlir()} -> {inst.ty.mlir()}"


def _e_store(cv, inst, res):
    v, p = inst.ops
    attrs = _mem_attrs(cv, inst)
    attrs = [x for x in attrs if x != "invariant"]
    s = "llvm.store " + ("volatile " if inst.a.get("volatile") else "") + \
        f"{cv.value(v)}, {cv.value(p)}" + _atomic_part(inst)
    if attrs:
        s += " {" + ", ".join(attrs) + "}"
    return s + f" : {v.ty.mlir()}, {p.ty.mlir()}"


def _e_fence(cv, inst, res):
    a = inst.a
    s = "llvm.fence"
    if a.get("syncscope"):  # "" is the system scope
        s += f" syncscope({mlir_str(a['syncscope'])})"
    return s + " " + a["ordering"]


def _e_atomicrmw(cv, inst, res):
    a = inst.a
    p, v = inst.ops
    s = "llvm.atomicrmw " + ("volatile " if a.get("volatile") else "") + \
        f"{_RMW.get(a['binop'], a['binop'])} {cv.value(p)}, {cv.value(v)}"
    if a.get("syncscope"):  # "" is the system scope
        s += f" syncscope({mlir_str(a['syncscope'])})"
    s += " " + a["ordering"]
    attrs = _mem_attrs(cv, inst)
    if attrs:
        s += " {" + ", ".join(attrs) + "}"
    return s + f" : {p.ty.mlir()}, {v.ty.mlir()}"


_RMW = {"and": "_and", "or": "_or", "xor": "_xor"}


def _e_cmpxchg(cv, inst, res):
    a = inst.a
    p, c, v = inst.ops
    s = "llvm.cmpxchg " + ("weak " if a.get("weak") else "") + \
        ("volatile " if a.get("volatile") else "") + \
        f"{cv.value(p)}, {cv.value(c)}, {cv.value(v)}"
    if a.get("syncscope"):  # "" is the system scope
        s += f" syncscope({mlir_str(a['syncscope'])})"
    s += f" {a['success']} {a['failure']}"
    attrs = _mem_attrs(cv, inst)
    if attrs:
        s += " {" + ", ".join(attrs) + "}"
    return s + f" : {p.ty.mlir()}, {v.ty.mlir()}"


def _e_gep(cv, inst, res):
    a = inst.a
    base = inst.ops[0]
    bv = cv.value(base)
    idx_vals = [cv.value(o) for o in inst.ops[1:]]
    cur = a["elem"]
    parts, dyn_types = [], []
    for n, (o, name) in enumerate(zip(inst.ops[1:], idx_vals)):
        requires = n > 0 and cur is not None and cur.kind == "struct"
        if requires and isinstance(o, C) and o.kind == "int" and -(1 << 31) <= o.v < (1 << 31):
            parts.append(str(o.v))
            static = o.v
        else:
            parts.append(name)
            dyn_types.append(o.ty.mlir())
            static = None
        if n == 0 or cur is None:
            continue
        if cur.kind in ("array", "vec"):
            cur = cur.elem
        elif cur.kind == "struct":
            cur = cur.fields[static] if static is not None and 0 <= static < len(
                cur.fields) else None
        else:
            cur = None
    inb = "inbounds " if "inbounds" in a.get("flags", ()) else ""
    ins = ", ".join([base.ty.mlir()] + dyn_types)
    return f"llvm.getelementptr {inb}{bv}[{', '.join(parts)}] : ({ins}) -> " \
           f"{inst.ty.mlir()}, {a['elem'].mlir()}"


def _e_extractvalue(cv, inst, res):
    agg = inst.ops[0]
    return f"llvm.extractvalue {cv.value(agg)}[{', '.join(map(str, inst.a['idx']))}] : " \
           f"{agg.ty.mlir()}"


def _e_insertvalue(cv, inst, res):
    agg, v = inst.ops
    av, vv = cv.value(agg), cv.value(v)
    return f"llvm.insertvalue {vv}, {av}[{', '.join(map(str, inst.a['idx']))}] : " \
           f"{agg.ty.mlir()}"


def _e_extractelement(cv, inst, res):
    v, i = inst.ops
    return f"llvm.extractelement {cv.value(v)}[{cv.value(i)} : {i.ty.mlir()}] : {v.ty.mlir()}"


def _e_insertelement(cv, inst, res):
    v, e, i = inst.ops
    vv, ev, iv = cv.value(v), cv.value(e), cv.value(i)
    return f"llvm.insertelement {ev}, {vv}[{iv} : {i.ty.mlir()}] : {v.ty.mlir()}"


def _e_shufflevector(cv, inst, res):
    a, b = inst.ops
    mask = inst.a["mask"]
    n = inst.ty.w
    if mask.kind in ("cds", "agg"):
        vals = [str(e.v) if e.kind == "int" else "-1" for e in mask.v]
    elif mask.kind == "zero":
        vals = ["0"] * n
    else:
        vals = ["-1"] * n
    return f"llvm.shufflevector {cv.value(a)}, {cv.value(b)} [{', '.join(vals)}] : " \
           f"{a.ty.mlir()}"


def _e_landingpad(cv, inst, res):
    parts = []
    if inst.a.get("cleanup"):
        parts.append("cleanup")
    for kind, v in inst.a["clauses"]:
        parts.append(f"({kind} {cv.value(v)} : {v.ty.mlir()})")
    return "llvm.landingpad " + " ".join(parts) + f" : {inst.ty.mlir()}"


def _call_parts(cv, inst):
    a = inst.a
    callee = a["callee"]
    fty = a["fty"]
    args = []
    direct = isinstance(callee, C) and callee.kind == "global" and isinstance(
        cv.m.symbols.get(callee.v), Function)
    if isinstance(callee, tuple):
        raise ImportError_(f"unhandled value: ptr asm "
                           f"{'sideeffect ' if 'sideeffect' in callee[4] else ''}"
                           f"{_llvm_str(callee[2])}, {_llvm_str(callee[3])}")
    if not direct:
        args.append(cv.value(callee))
    for x in inst.ops:
        if isinstance(x, tuple):
            raise ImportError_(f"unhandled value: metadata")
        args.append(cv.value(x))
    tys = [x.ty.mlir() for x in inst.ops]
    target = f"@{_sym(callee.v)}" if direct else ""
    return target, args, tys, fty


def _sig(cv, inst, tys, fty):
    """The trailing type: `(args) -> (res)`, prefixed by the callee type when indirect."""
    ret = "" if fty.ret is VOID else fty.ret.mlir()
    callee = inst.a["callee"]
    direct = isinstance(callee, C) and callee.kind == "global" and isinstance(
        cv.m.symbols.get(callee.v), Function)
    pre = "" if direct else callee.ty.mlir() + ", "
    return f" : {pre}({', '.join(tys)}) -> ({ret})"


def _e_call(cv, inst, res):
    a = inst.a
    target, args, tys, fty = _call_parts(cv, inst)
    s = "llvm.call "
    cc = cconv_kw(a.get("cconv", "ccc"))
    if cc:
        s += cc + " "
    tail = a.get("tail")
    if tail:
        s += {"tail": "tail ", "musttail": "musttail ", "notail": "notail "}[tail]
    if target:
        s += f"{target}({', '.join(args)})"
    else:
        s += f"{args[0]}({', '.join(args[1:])})"
    if fty.vararg:
        s += f" vararg({fty.mlir()})"
    f = fmf_attr(a.get("flags", ()))
    attrs = [f"fastmathFlags = {f}"] if f else []
    s += _attr_dict(_md(cv, inst, AA_KEYS + ("branch_weights",)))
    if attrs:
        s = s[:-1] + ", " + ", ".join(attrs) + "}" if s.endswith("}") else \
            s + " {" + ", ".join(attrs) + "}"
    return s + _sig(cv, inst, tys, fty)


def _e_invoke(cv, inst, res):
    a = inst.a
    target, args, tys, fty = _call_parts(cv, inst)
    normal, unwind = (cv.by_name[n] for n in a["succ"])
    # The normal destination gets its PHI values through a dummy block when the
    # invoke result itself flows into a PHI there.
    uses_res = inst.res is not None and any(
        v is inst.res and b == cv.cur_block.name for p in cv.phis[normal]
        for v, b in p.a["incoming"])
    uargs = cv.br_args(unwind)
    if res is not None and inst.res is not None:
        cv.fs.values[inst.res] = res
    nargs = cv.br_args(normal)
    if uses_res:
        lab = f"^inv{cv.fresh()[2:]}"
        # placed right before the normal destination, as MLIR creates it there
        cv.extra_blocks.setdefault(normal, []).append(
            (lab, ["llvm.br " + cv.succ_text(normal, nargs)]))
        ntext = lab
    else:
        ntext = cv.succ_text(normal, nargs)
    s = "llvm.invoke "
    cc = cconv_kw(a.get("cconv", "ccc"))
    if cc:
        s += cc + " "
    if target:
        s += f"{target}({', '.join(args)})"
    else:
        s += f"{args[0]}({', '.join(args[1:])})"
    s += f" to {ntext} unwind {cv.succ_text(unwind, uargs)}"
    if fty.vararg:
        s += f" vararg({fty.mlir()})"
    return s + _attr_dict(_md(cv, inst, ("branch_weights",))) + _sig(cv, inst, tys, fty)


# instructions ModuleImport converts itself: an operand failure is not reported again
_DIRECT_OPS = {"br", "switch", "phi", "call", "landingpad", "invoke", "getelementptr"}

# ops whose emitter translates the instruction's metadata attachments
_MD_OPS = {"br", "switch", "load", "store", "atomicrmw", "cmpxchg", "call", "invoke"}

_EMIT = {"ret": _e_ret, "br": _e_br, "switch": _e_switch, "unreachable": _e_unreachable,
         "resume": _e_resume, "phi": _e_phi, "select": _e_select, "freeze": _e_freeze,
         "va_arg": _e_va_arg, "alloca": _e_alloca, "load": _e_load, "store": _e_store,
         "fence": _e_fence, "atomicrmw": _e_atomicrmw, "cmpxchg": _e_cmpxchg,
         "getelementptr": _e_gep, "extractvalue": _e_extractvalue,
         "insertvalue": _e_insertvalue, "extractelement": _e_extractelement,
         "insertelement": _e_insertelement, "shufflevector": _e_shufflevector,
         "landingpad": _e_landingpad, "call": _e_call, "invoke": _e_invoke,
         "icmp": _e_cmp, "fcmp": _e_cmp, "fneg": _e_fneg}
for _op in ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and",
            "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem"):
    _EMIT[_op] = _e_binop
for _op in ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp",
            "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast"):
    _EMIT[_op] = _e_cast
