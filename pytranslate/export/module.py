"""Module translation (ModuleTranslation): comdats, function signatures, globals (with
initializer regions), global ctors/dtors, function bodies; then printing in LLVM 19's `.ll`
layout: header, identified structs, comdats, globals, functions, attribute groups, metadata."""
from __future__ import annotations

from contextlib import contextmanager

from pyopt.ir.attributes import StringAttr, ArrayAttr
from pytranslate.cconv import llvm_cconv
from pytranslate.export.types import TypeConverter, TranslationError, llvm_name
from pytranslate.export.escape import escape
from pytranslate.export.constants import get_constant
from pytranslate.export.metadata import MetadataTable, AttrMetadata, md_string, render_parts
from pytranslate.export.attributes import AttrSet, KIND_ORDER, INT_KINDS, TYPE_KINDS, param_attrs, memory_text

_LINKAGE_TEXT = {0: "private ", 1: "internal ", 2: "available_externally ", 3: "linkonce ",
                 4: "weak ", 5: "common ", 6: "appending ", 7: "extern_weak ",
                 8: "linkonce_odr ", 9: "weak_odr ", 10: ""}
_VISIBILITY = {0: "", 1: "hidden ", 2: "protected "}
_UNNAMED = {0: "", 1: "local_unnamed_addr ", 2: "unnamed_addr "}


def implicit_dso_local(linkage, visibility):
    """GlobalValue::isImplicitDSOLocal: local linkage, or a non-default visibility that is not
    extern_weak; LLVM does not print `dso_local` then."""
    return linkage in (0, 1) or (visibility != 0 and linkage != 7)
_COMDAT_KINDS = {0: "any", 1: "exactmatch", 2: "largest", 3: "nodeduplicate", 4: "samesize"}


def cconv_text(attr):
    return "" if attr is None else llvm_cconv(attr.keyword)


def _prop(op, name):
    v = op.properties.get(name)
    if v is None and op.attributes:
        v = op.attributes.get(name)
    return v


def _segments(op):
    s = op.properties.get("operandSegmentSizes")
    return list(s.values) if s is not None else None


def _int(a, default=0):
    if a is None:
        return default
    v = getattr(a, "value", a)
    return v if isinstance(v, int) else default


class Module:
    """The translated module being assembled as text pieces."""

    def __init__(self, module_op, options):
        self.op = module_op
        self.options = options
        self.tc = TypeConverter()
        self.type_units = {}  # global or function op -> structs it uses (see translate_module)
        self.functions = {}      # name -> FunctionInfo
        self.function_order = []
        self.globals = []        # (name, line-builder) in order
        self.global_names = {}
        self.comdats = []        # (name, line)
        self.comdat_map = {}     # selector op symbol path -> comdat name
        self.intrinsics = {}     # mangled name -> FunctionInfo (declarations added on use)
        self.attr_groups = {}    # text -> number
        self.md = MetadataTable()
        from pytranslate.export.debuginfo import DebugTranslation
        self.debug = DebugTranslation(self)
        # loop start/end locations become DILocations in their own scope
        self.attr_md = AttrMetadata(self.md, lambda loc: self.debug.loc(loc, None))
        self.named_metadata = []  # (name, [MD nodes])
        self.aggregates = {}     # (type, constant text) -> elements, for constant folding
        self.extra_globals = []  # llvm.global_ctors / dtors, appended after all globals
        self.nvvm_annotations = None  # !nvvm.annotations nodes, once there is one
        self.data_layout = ""
        self.block_addresses = []  # (function, tag id) of each blockaddress, see blockaddr.py
        self.tagged_blocks = {}    # (function, tag id) -> the LBlock of its llvm.blocktag

    def attr_group(self, attrs: AttrSet):
        text = attrs.text(in_group=True)
        n = self.attr_groups.get(text)
        if n is None:
            n = len(self.attr_groups)
            self.attr_groups[text] = n
        return n


class FunctionInfo:
    def __init__(self, name, ftype_mlir, tc):
        self.name = name
        self.mlir_type = ftype_mlir
        self.ret = tc(ftype_mlir.return_type)
        self.params = [tc(p) for p in ftype_mlir.params]
        self.var_arg = ftype_mlir.var_arg
        self.type_text = tc(ftype_mlir)
        self.linkage = 10
        self.visibility = 0
        self.dso_local = False
        self.cconv = ""
        self.unnamed_addr = 0
        self.fn_attrs = AttrSet()
        self.ret_attrs = AttrSet()
        self.arg_attrs = [AttrSet() for _ in self.params]
        self.section = None
        self.comdat = None
        self.align = None
        self.gc = None
        self.personality = None
        self.body = None  # list of text lines when defined
        self.entry_count = None
        self.dbg = None         # DISubprogram node
        self.param_suffix = None  # intrinsic declarations: ready-made parameter text

    def header(self, module, define):
        s = "define " if define else "declare "
        if self.dbg is not None and not define:
            s += f"!dbg {self.dbg.ref()} "
        s += _LINKAGE_TEXT.get(self.linkage, "")
        if self.dso_local and not implicit_dso_local(self.linkage, self.visibility):
            s += "dso_local "
        s += _VISIBILITY.get(self.visibility, "")
        s += self.cconv
        if self.ret_attrs:
            s += self.ret_attrs.text() + " "
        s += self.ret + " " + llvm_name("@", self.name) + "("
        args = []
        for i, p in enumerate(self.params):
            a = p
            if self.arg_attrs[i]:
                a += " " + self.arg_attrs[i].text()
            if define:
                a += f" %{i}"
            args.append(a)
        if self.var_arg:
            args.append("...")
        s += ", ".join(args) + ")"
        s += " " + _UNNAMED[self.unnamed_addr].rstrip() if self.unnamed_addr else ""
        if self.fn_attrs:
            s += f" #{module.attr_group(self.fn_attrs)}"
        if self.section is not None:
            s += f' section "{escape(self.section)}"'
        if self.comdat is not None:
            s += " comdat" if self.comdat == self.name else f" comdat({llvm_name('$', self.comdat)})"
        if self.align:
            s += f" align {self.align}"
        if self.gc is not None:
            s += f' gc "{self.gc}"'
        if self.personality is not None:
            s += f" personality ptr {self.personality}"
        # attachments in kind order: !dbg, then !prof
        if self.dbg is not None and define:
            s += f" !dbg {self.dbg.ref()}"
        if self.entry_count is not None:
            s += f" !prof {self.entry_count.ref()}"
        return s


# ---------------------------------------------------------------------------------- driver
def translate_module(module_op, options, llvm_check=True):
    from pyopt.dialects.llvm.legalize import legalize_module_for_export
    m, ops = begin_module(module_op, options)
    legalize_module_for_export(module_op)
    with translating(m):
        declare_module_level(m, ops)
        translate_global_regions(m, ops)
        translate_functions(m, [op for op in ops if op.name == "llvm.func"])
    text = finish_module(m, ops)
    if llvm_check:
        from pytranslate.export.llvm_verdict import verify_with_llvm
        verify_with_llvm(text, module_op)
    return text


def begin_module(module_op, options):
    """The module being translated and its top-level ops (checked: llvm dialect only)."""
    if module_op.name != "builtin.module":
        raise_translation_error(module_op, f"'{module_op.name}' op can not be translated to an "
                                "LLVMIR module")
    m = Module(module_op, options)
    m.data_layout = _data_layout(m)  # (prepareLLVMModule: before any op is looked at)
    body = module_op.regions[0].blocks[0]
    # A nested builtin.module is skipped with what it holds (the builtin dialect's
    # translation interface accepts it and does nothing, as mlir-translate-19).
    ops = [op for op in body if op.name != "builtin.module"]
    # Every top-level op must belong to the llvm dialect (or be an ignorable builtin).
    for op in ops:
        if not op.name.startswith("llvm."):
            raise_translation_error(op, "cannot be converted to LLVM IR: missing "
                                    "`LLVMTranslationDialectInterface` registration for dialect "
                                    f"for op: {op.name}")
    return m, ops


@contextmanager
def translating(m):
    """The context of translation work: the module's data layout in force, and a
    TranslationError raised as the diagnostic on its op."""
    from pytranslate.export.types import use_layout
    use_layout(m.data_layout)
    try:
        yield
    except TranslationError as e:
        raise_translation_error(e.op, e.message, e.loc)
    finally:
        use_layout("")
        m.tc.log = None


def declare_module_level(m, ops):
    """Comdats, linker options, function signatures, globals (but their initializer regions),
    ctors/dtors."""
    _convert_comdats(m, ops)
    linker = [op for op in ops if op.name == "llvm.linker_options"]
    if linker:
        nodes = []
        for op in linker:
            opts = _prop(op, "options").value
            nodes.append(m.md.node([md_string(o.value) for o in opts]))
        m.named_metadata.append(("llvm.linker.options", nodes))
    # Named structs are printed in the order LLVM's TypeFinder meets them: globals (type,
    # initializer), then functions (type, attributes, body): each such unit logs the
    # structs it uses (m.type_units) while it is translated, in whatever order.
    tc = m.tc
    for op in ops:
        if op.name == "llvm.func":
            tc.log = m.type_units.setdefault(op, [])
            _declare_function(m, op)
    for op in ops:
        if op.name == "llvm.mlir.global":
            # (the value type first: TypeFinder looks at it before the initializer)
            tc.log = m.type_units.setdefault(op, [])
            tc.log.extend(tc.struct_deps(_prop(op, "global_type").value))
            _declare_global(m, op)
    tc.log = None
    for op in ops:
        if op.name in ("llvm.mlir.global_ctors", "llvm.mlir.global_dtors"):
            _ctors(m, op)


def translate_global_regions(m, ops):
    """The globals' initializer regions (before any function: they convert types first)."""
    from pytranslate.export.function import translate_global_region
    for op in ops:
        if op.name == "llvm.mlir.global" and op.regions and op.regions[0].blocks:
            # (not logged: the region may build values its result does not use, which
            # LLVM never sees; the value type above holds the structs of the result)
            m.tc.log = []
            translate_global_region(m, op)
    m.tc.log = None


def translate_functions(m, funcs):
    """The bodies of the llvm.func ops `funcs`, in order (a first use numbers intrinsics and
    structs)."""
    from pytranslate.export.function import FunctionTranslator
    for op in funcs:
        if op.regions and op.regions[0].blocks:
            FunctionTranslator(m, op).translate()
        if op.attributes:  # (declarations' dialect attributes count too)
            _nvvm_annotations(m, op)


def finish_module(m, ops):
    """The module's text, once every function is translated."""
    m.tc.order_structs([t for kind in ("llvm.mlir.global", "llvm.func") for op in ops
                        if op.name == kind for t in m.type_units.get(op, ())])
    return _print_module(m)


def raise_translation_error(op, message, loc=None):
    from pyopt.ir.diagnostics import MLIRError, Diagnostic
    from pyopt.ir.location import UNKNOWN_LOC
    on_op = loc is None and op is not None  # op->emitError: the driver notes the op
    if loc is None:
        loc = op.loc if op is not None else UNKNOWN_LOC
    err = MLIRError(Diagnostic("error", loc, message))
    if on_op:
        err.op = op
    raise err


# ---------------------------------------------------------------------------------- comdats
def _convert_comdats(m, ops):
    for op in ops:
        if op.name != "llvm.comdat":
            continue
        cname = _prop(op, "sym_name").value
        for sel in op.regions[0].blocks[0] if op.regions[0].blocks else ():
            if sel.name != "llvm.comdat_selector":
                continue
            name = _prop(sel, "sym_name").value
            if any(n == name for _, n in m.comdat_map):
                raise TranslationError("comdat selection symbols must be unique even in "
                                       "different comdat regions", op=sel)
            kind = _int(_prop(sel, "comdat"))
            m.comdats.append((name, f"{llvm_name('$', name)} = comdat "
                                    f"{_COMDAT_KINDS.get(kind, 'any')}"))
            m.comdat_map[(cname, name)] = name


def _comdat_of(m, op):
    ref = _prop(op, "comdat")
    if ref is None:
        return None
    nested = ref.nested
    if nested:
        return m.comdat_map.get((ref.root, nested[-1] if isinstance(nested[-1], str) else
                                 nested[-1].root), nested[-1] if isinstance(nested[-1], str)
                                else nested[-1].root)
    return ref.root


# -------------------------------------------------------------------------------- functions
def _declare_function(m, op):
    name = _prop(op, "sym_name").value
    ftype = _prop(op, "function_type").value
    f = FunctionInfo(name, ftype, m.tc)
    f.linkage = _int(_prop(op, "linkage"), 10)
    f.visibility = _int(_prop(op, "visibility_"))
    f.dso_local = _prop(op, "dso_local") is not None
    f.cconv = cconv_text(_prop(op, "CConv"))
    # convertFunctionAttributes
    fa = f.fn_attrs
    for key, kind in (("no_inline", "noinline"), ("always_inline", "alwaysinline"),
                      ("optimize_none", "optnone"), ("convergent", "convergent"),
                      ("no_unwind", "nounwind"), ("will_return", "willreturn")):
        if _prop(op, key) is not None:
            fa.add(kind)
    mem = _prop(op, "memory")
    if mem is not None:
        other = _int(getattr(mem, "other", None))
        arg = _int(getattr(mem, "arg_mem", getattr(mem, "argMem", None)))
        inacc = _int(getattr(mem, "inaccessible_mem", getattr(mem, "inaccessibleMem", None)))
        fa.add("memory", memory_text(other, arg, inacc))
    ec = _prop(op, "function_entry_count")
    if ec is not None:
        f.entry_count = m.md.node([md_string("function_entry_count"), f"i64 {ec.value}"])
    ra = _prop(op, "res_attrs")
    if ra is not None and ra.value:
        f.ret_attrs = param_attrs(ra.value[0], m.tc, None)
    aa = _prop(op, "arg_attrs")
    if aa is not None:
        for i, d in enumerate(aa.value[:len(f.params)]):
            f.arg_attrs[i] = param_attrs(d, m.tc, None)
    pt = _prop(op, "passthrough")
    if pt is not None:
        for a in pt.value:
            if type(a) is StringAttr:
                _passthrough(op, fa, a.value, "")
                continue
            if type(a) is not ArrayAttr or len(a.value) != 2:
                raise TranslationError("expected 'passthrough' to contain string or array "
                                       "attributes", op=op)
            k, v = a.value
            if type(k) is not StringAttr or type(v) is not StringAttr:
                raise TranslationError("expected arrays within 'passthrough' to contain two "
                                       "strings", op=op)
            _passthrough(op, fa, k.value, v.value)
    f.visibility = _int(_prop(op, "visibility_"))
    f.comdat = _comdat_of(m, op)
    gc = _prop(op, "garbageCollector")
    if gc is not None:
        f.gc = gc.value
    ua = _prop(op, "unnamed_addr")
    if ua is not None:
        f.unnamed_addr = _int(ua)
    al = _prop(op, "alignment")
    if al is not None:
        f.align = al.value
    # DebugTranslation::translate(func): the subprogram of the function's location
    f.dbg = m.debug.function_scope(op.loc)
    m.functions[name] = f
    m.function_order.append(f)
    return f


# NVVM function attributes -> `!nvvm.annotations` entries `!{ptr @f, !"<name>", i32 v}`
_NVVM_DIMS = {"nvvm.maxntid": "maxntid", "nvvm.reqntid": "reqntid"}
_NVVM_INTS = {"nvvm.minctasm": "minctasm", "nvvm.maxnreg": "maxnreg"}


def _nvvm_annotations(m, op):
    entries = []
    for key in sorted(op.attributes):
        a = op.attributes[key]
        if key in _NVVM_DIMS:
            vals = getattr(a, "values", None)
            if vals is not None:
                entries += [(_NVVM_DIMS[key] + "xyz"[i], v) for i, v in enumerate(vals[:3])]
        elif key in _NVVM_INTS and isinstance(getattr(a, "value", None), int):
            entries.append((_NVVM_INTS[key], a.value))
        elif key == "nvvm.kernel":
            entries.append(("kernel", 1))
    if not entries:
        return
    if m.nvvm_annotations is None:
        m.nvvm_annotations = []
        m.named_metadata.append(("nvvm.annotations", m.nvvm_annotations))
    fn = "ptr " + llvm_name("@", _prop(op, "sym_name").value)
    for name, v in entries:
        v = (v + 2 ** 31) % 2 ** 32 - 2 ** 31
        m.nvvm_annotations.append(m.md.node([fn, md_string(name), f"i32 {v}"]))


def _passthrough(op, fa, key, value):
    """checkedAddLLVMFnAttribute."""
    if key not in KIND_ORDER:
        fa.add(key, value, is_string=True)
        return
    if key in INT_KINDS or key in TYPE_KINDS:
        if not value:
            raise TranslationError(f"LLVM attribute '{key}' expects a value", op=op)
        try:
            fa.add(key, int(value, 0))
        except ValueError:
            fa.add(key, value, is_string=True)
        return
    if value:
        raise TranslationError(f"LLVM attribute '{key}' does not expect a value, found "
                               f"'{value}'", op=op)
    fa.add(key)


def function_body_attrs(m, op, f):
    """The attributes convertOneFunction adds (in its order; the set sorts them)."""
    fa = f.fn_attrs
    pers = _prop(op, "personality")
    if pers is not None:
        f.personality = llvm_name("@", pers.root)
    sec = _prop(op, "section")
    if sec is not None:
        f.section = sec.value
    for key, s in (("arm_streaming", "aarch64_pstate_sm_enabled"),
                   ("arm_locally_streaming", "aarch64_pstate_sm_body"),
                   ("arm_streaming_compatible", "aarch64_pstate_sm_compatible")):
        if _prop(op, key) is not None:
            fa.add(s, "", True)
            break
    for key, s in (("arm_new_za", "aarch64_new_za"), ("arm_in_za", "aarch64_in_za"),
                   ("arm_out_za", "aarch64_out_za"), ("arm_inout_za", "aarch64_inout_za"),
                   ("arm_preserves_za", "aarch64_preserves_za")):
        if _prop(op, key) is not None:
            fa.add(s, "", True)
            break
    for key, s in (("target_cpu", "target-cpu"), ("tune_cpu", "tune-cpu")):
        v = _prop(op, key)
        if v is not None:
            fa.add(s, v.value, True)
    tf = _prop(op, "target_features")
    if tf is not None:
        feats = getattr(tf, "features", None)
        if feats is not None:
            text = ",".join(x.value if hasattr(x, "value") else str(x) for x in
                            (feats.value if hasattr(feats, "value") else feats))
            fa.add("target-features", text, True)
    vr = _prop(op, "vscale_range")
    if vr is not None:
        lo, hi = _int(vr.min_range), _int(vr.max_range)
        fa.add("vscale_range", f"{lo},{hi}")
    for key, s in (("unsafe_fp_math", "unsafe-fp-math"), ("no_infs_fp_math", "no-infs-fp-math"),
                   ("no_nans_fp_math", "no-nans-fp-math"),
                   ("approx_func_fp_math", "approx-func-fp-math"),
                   ("no_signed_zeros_fp_math", "no-signed-zeros-fp-math")):
        v = _prop(op, key)
        if v is not None:
            fa.add(s, "true" if _int(v) else "false", True)
    for key, s in (("denormal_fp_math", "denormal-fp-math"),
                   ("denormal_fp_math_f32", "denormal-fp-math-f32"),
                   ("fp_contract", "fp-contract")):
        v = _prop(op, key)
        if v is not None:
            fa.add(s, v.value, True)
    fp = _prop(op, "frame_pointer")
    if fp is not None:
        fa.add("frame-pointer", fp.keyword, True)


# ---------------------------------------------------------------------------------- globals
class GlobalInfo:
    def __init__(self, name):
        self.name = name
        self.type = None
        self.value_type = None  # (MLIR type)
        self.init = None  # value text, None when declared only
        self.linkage = 10
        self.constant = False
        self.thread_local = False
        self.addr_space = 0
        self.unnamed_addr = 0
        self.section = None
        self.dso_local = False
        self.align = None
        self.visibility = 0
        self.comdat = None
        self.dbg = None  # DIGlobalVariableExpression node

    def line(self):
        s = llvm_name("@", self.name) + " = "
        if self.init is None and self.linkage == 10:
            s += "external "
        s += _LINKAGE_TEXT.get(self.linkage, "")
        if self.dso_local and not implicit_dso_local(self.linkage, self.visibility):
            s += "dso_local "
        s += _VISIBILITY.get(self.visibility, "")
        if self.thread_local:
            s += "thread_local "
        s += _UNNAMED.get(self.unnamed_addr, "")
        if self.addr_space:
            s += f"addrspace({self.addr_space}) "
        s += "constant " if self.constant else "global "
        s += self.type
        if self.init is not None:
            s += " " + self.init
        if self.section is not None:
            s += f', section "{escape(self.section)}"'
        if self.comdat is not None:
            s += ", comdat" if self.comdat == self.name else f", comdat({llvm_name('$', self.comdat)})"
        if self.align:
            s += f", align {self.align}"
        return s


def _declare_global(m, op):
    name = _prop(op, "sym_name").value
    g = GlobalInfo(name)
    mt = _prop(op, "global_type").value
    g.type = m.tc(mt)
    g.value_type = mt
    g.linkage = _int(_prop(op, "linkage"), 10)
    value = _prop(op, "value")
    cst = None
    if value is not None:
        if type(value) is StringAttr:
            data = value.value.encode("utf-8", "surrogateescape")
            g.type = f"[{len(data)} x i8]"
            from pytranslate.export.constants import _c_char
            cst = 'c"' + "".join(_c_char(b) for b in data) + '"' if data else "zeroinitializer"
        else:
            try:
                cst = get_constant(mt, value, m.tc, op.loc)
            except TranslationError as e:
                e.op = e.op or op
                raise
    drop = (g.linkage == 10 and cst is None) or g.linkage == 7
    has_region = bool(op.regions and op.regions[0].blocks)
    if not drop and cst is None:
        cst = "undef"
    elif drop:
        cst = None
    if has_region and not drop:
        cst = cst  # replaced when the region is translated
    g.init = cst
    g.constant = _prop(op, "constant") is not None
    g.thread_local = _prop(op, "thread_local_") is not None
    g.addr_space = _int(_prop(op, "addr_space"))
    g.comdat = _comdat_of(m, op)
    ua = _prop(op, "unnamed_addr")
    if ua is not None:
        g.unnamed_addr = _int(ua)
    sec = _prop(op, "section")
    if sec is not None:
        g.section = sec.value
    g.dso_local = _prop(op, "dso_local") is not None
    al = _prop(op, "alignment")
    if al is not None:
        g.align = al.value
    g.visibility = _int(_prop(op, "visibility_"))
    expr = _prop(op, "dbg_expr")
    if expr is not None:
        g.dbg = m.debug.global_expression(expr)
    m.globals.append(g)
    m.global_names[name] = g


def _ctors(m, op):
    is_ctor = op.name.endswith("ctors")
    fns = _prop(op, "ctors" if is_ctor else "dtors").value
    prios = _prop(op, "priorities").value
    if not fns:
        return
    gname = "llvm.global_ctors" if is_ctor else "llvm.global_dtors"
    elems = ", ".join(f"{{ i32, ptr, ptr }} {{ i32 {p.value}, ptr {llvm_name('@', f.root)}, "
                      f"ptr null }}" for f, p in zip(fns, prios))
    g = GlobalInfo(gname)
    g.linkage = 6
    g.type = f"[{len(fns)} x {{ i32, ptr, ptr }}]"
    g.init = f"[{elems}]"
    m.extra_globals.append(g)


# --------------------------------------------------------------------------------- printing
def _print_module(m):
    out = ["; ModuleID = 'LLVMDialectModule'", 'source_filename = "LLVMDialectModule"']
    dl = m.data_layout
    if dl:
        out.append(f'target datalayout = "{dl}"')
    triple = m.op.attributes.get("llvm.target_triple")
    if triple is not None:
        out.append(f'target triple = "{triple.value}"')  # (unescaped)
    # Function bodies and globals are rendered first: they register struct types, attribute
    # groups and metadata in use order.
    all_globals = m.globals + m.extra_globals
    global_lines = [g.line() for g in all_globals]
    # Module flags are the first named metadata LLVM numbers (MLIR adds them first).
    flags = [m.md.node(["i32 2", md_string("Debug Info Version"), "i32 3"])]
    if triple is not None and _is_windows_msvc(triple.value):
        # Windows/MSVC debuggers read CodeView rather than DWARF.
        flags.append(m.md.node(["i32 2", md_string("CodeView"), "i32 1"]))
    m.named_metadata.insert(0, ("llvm.module.flags", flags))
    # Metadata slots: named metadata, then per function its attachments and instructions'.
    m.debug.finalize()
    # (LLVM numbers the globals' attachments before the named metadata)
    table = m.md
    for g in all_globals:
        if getattr(g, "dbg", None) is not None:
            table.visit(g.dbg)
    for _, nodes in m.named_metadata:
        for n in nodes:
            table.visit(n)
    for f in m.function_order:
        if f.dbg is not None:
            table.visit(f.dbg)
        if f.entry_count is not None:
            table.visit(f.entry_count)
        if f.body is not None:
            for line in f.body:
                if type(line) is not str:
                    table.visit_parts(line)
    if m.debug.used():
        from pytranslate.export.diverify import verify_debug_info
        broken = verify_debug_info(m, all_globals)
        if broken:  # (mlir-translate-19 fails with LLVM verifier's messages)
            raise_translation_error(m.op, "LLVM IR fails to verify: " + "\n".join(broken))
    from pytranslate.export.intrinsic_attrs import add_intrinsic_attributes
    add_intrinsic_attributes(m.intrinsics)
    funcs = m.function_order + list(m.intrinsics.values())
    # Functions' attribute groups are numbered first, then call sites' (in print order).
    headers = [f.header(m, f.body is not None) for f in funcs]
    for f in m.function_order:
        for line in f.body or ():
            if type(line) is not str:
                for p in line:
                    if type(p) is CallAttrs and p.n < 0:
                        p.n = m.attr_group(p.attrs)
    func_chunks = []
    for f, head in zip(funcs, headers):
        chunk = []
        if f.fn_attrs:
            # (LLVM's comment lists the enum/int/type attributes only)
            kinds = " ".join(a.text() for a in f.fn_attrs.sorted() if not a.is_string)
            if kinds:
                chunk.append("; Function Attrs: " + kinds)
        if f.body is not None:
            chunk.append(head + " {")
            chunk.extend(line if type(line) is str else render_parts(line) for line in f.body)
            chunk.append("}")
        else:
            chunk.append(head)
        func_chunks.append("\n".join(chunk))
    structs = m.tc.struct_definitions()
    if structs:
        out.append("")
        out.extend(structs)
    # LLVM prints the comdats its global objects use (functions first), a blank line apart
    comdat_lines = dict(m.comdats)
    used = dict.fromkeys(o.comdat for o in m.function_order + all_globals
                         if getattr(o, "comdat", None) is not None)
    for name in used:
        if name in comdat_lines:
            out.append("")
            out.append(comdat_lines[name])
    if global_lines:
        out.append("")
        out.extend(line + (f", !dbg {g.dbg.ref()}" if getattr(g, "dbg", None) is not None
                           else "") for g, line in zip(all_globals, global_lines))
    for c in func_chunks:
        out.append("")
        out.append(c)
    if m.attr_groups:
        out.append("")
        for text, n in m.attr_groups.items():
            out.append(f"attributes #{n} = {{ {text} }}")
    out.append("")
    for name, nodes in m.named_metadata:
        out.append(f"!{name} = !{{{', '.join(n.ref() for n in nodes)}}}")
    out.append("")
    for node in table.order:
        out.append(f"{node.ref()} = {node.text()}")
    text = "\n".join(out) + "\n"
    if m.block_addresses:
        from pytranslate.export.blockaddr import resolve_block_addresses
        text = resolve_block_addresses(m, text)
    return text


from pytranslate.export.intrinsics import CallAttrs  # noqa: E402


def _is_windows_msvc(triple):
    parts = triple.split("-")
    return len(parts) >= 4 and parts[2].startswith("windows") and parts[3].startswith("msvc")


def _data_layout(m):
    from pytranslate.export.datalayout import data_layout_string, check_layout_text, \
        DataLayoutError
    try:
        text = data_layout_string(m.op)
    except DataLayoutError as e:
        raise_translation_error(m.op, str(e))
    bad = check_layout_text(text)
    if bad is not None:  # (LLVM 19 aborts here)
        raise_translation_error(m.op, f"invalid data layout descriptor: {bad}")
    return text
