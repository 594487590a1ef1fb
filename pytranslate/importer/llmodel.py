"""The light module model the LLVM IR reader (llparser.py) builds, and the keyword sets of the
language it reads: locals, metadata references, instructions, blocks, functions, globals,
the module."""
from __future__ import annotations

from pytranslate.importer.lltypes import VOID

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
        self.body_span = None  # (start, end) of a body read later (Parser's `deferred`)


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
