"""LLVM dialect attributes (MLIR 19 LLVMEnums.td / LLVMAttrDefs.td): enum attributes
(`#llvm.linkage<internal>`, `#llvm.cconv<fastcc>`, ...), bit enums (`#llvm.fastmath<...>`,
`#llvm.overflow<...>`) and the plain I64 enums ops spell as keywords (predicates, orderings).
"""
from __future__ import annotations

from pyopt.ir.attributes import DialectAttr, IntegerAttr
from pyopt.ir.types import I64
from pyopt.syntax.printer import _BARE_NAME
from pyopt.ir.constraints import IntEnum, IntEnumAttrC, DialectAttrC
from pyopt.ir.enums import BitEnum, BitEnumAttr


# ---------------------------------------------------------------------------- bit enums
FASTMATH = BitEnum("::mlir::LLVM::FastmathFlags", "LLVM_FastmathFlagsAttr",
                   [("nnan", 1), ("ninf", 2), ("nsz", 4), ("arcp", 8), ("contract", 16),
                    ("afn", 32), ("reassoc", 64)], groups=[("fast", 127)], separator=", ")
OVERFLOW = BitEnum("::mlir::LLVM::IntegerOverflowFlags", "LLVM_IntegerOverflowFlagsAttr",
                   [("nsw", 1), ("nuw", 2)], separator=", ")


class FastmathFlagsAttr(BitEnumAttr):
    __slots__ = ()
    PREFIX = "#llvm.fastmath"
    ENUM = FASTMATH


class IntegerOverflowFlagsAttr(BitEnumAttr):
    __slots__ = ()
    PREFIX = "#llvm.overflow"
    ENUM = OVERFLOW


FMF_NONE = FastmathFlagsAttr(0)
OVERFLOW_NONE = IntegerOverflowFlagsAttr(0)
FastmathC = DialectAttrC(FastmathFlagsAttr, "LLVM fastmath flags")
OverflowC = DialectAttrC(IntegerOverflowFlagsAttr, "LLVM integer overflow flags")


# ---------------------------------------------------------------------------- keyword enums
class KeywordEnum:
    """An LLVM_EnumAttr: keyword cases with (possibly sparse) values."""

    def __init__(self, cpp_name, cases, summary=""):
        self.cpp_name = cpp_name
        self.short_cpp = cpp_name
        self.summary = summary
        self.by_kw = dict(cases)
        self.by_val = {v: k for k, v in cases}

    def keyword(self, v):
        return self.by_val.get(v)


class EnumWrapperAttr(DialectAttr):
    """`#llvm.<mnemonic><keyword>`: LinkageAttr, CConvAttr, TailCallKindAttr, ..."""
    __slots__ = ("value",)
    MNEMONIC = ""
    ENUM: KeywordEnum = None
    PARAM = ""

    def __init__(self, value):
        self.value = value

    @property
    def keyword(self):
        return self.ENUM.keyword(self.value)

    def asm(self, p):
        return f"#llvm.{self.MNEMONIC}" + self.asm_stripped(p)

    def asm_stripped(self, p):
        kw = self.keyword
        # printKeywordOrString: `#llvm.framePointerKind<"non-leaf">`
        return "<" + (kw if _BARE_NAME.match(kw) else '"' + kw + '"') + ">"

    @classmethod
    def get(cls, keyword):
        return cls(cls.ENUM.by_kw[keyword])

    @classmethod
    def parse_stripped(cls, parser):
        # The custom enum parsers of LLVMAttrDefs.td (parseKeywordOrString, then the case).
        parser.expect("<")
        off = parser.start
        kw = parser.parse_optional_keyword()
        if kw is None and parser.kind == "string":
            kw = parser.parse_string()
        if kw is None or kw not in cls.ENUM.by_kw:
            summary = cls.ENUM.summary
            err = parser.error(f"expected keyword for {summary}" if kw is None else
                               f"invalid {summary} specification: {kw}", off)
            err.more = [parser.error(f"failed to parse {cls.__name__} parameter '{cls.PARAM}' "
                                     f"which is to be a `{cls.ENUM.short_cpp}`",
                                     parser.start).diag]
            raise err
        parser.expect(">")
        return cls(cls.ENUM.by_kw[kw])


LINKAGE = KeywordEnum("::mlir::LLVM::linkage::Linkage", [
    ("private", 0), ("internal", 1), ("available_externally", 2), ("linkonce", 3),
    ("weak", 4), ("common", 5), ("appending", 6), ("extern_weak", 7), ("linkonce_odr", 8),
    ("weak_odr", 9), ("external", 10)], "LLVM linkage types")

CCONV = KeywordEnum("::mlir::LLVM::cconv::CConv", [
    ("ccc", 0), ("fastcc", 8), ("coldcc", 9), ("cc_10", 10), ("cc_11", 11), ("anyregcc", 13),
    ("preserve_mostcc", 14), ("preserve_allcc", 15), ("swiftcc", 16), ("cxx_fast_tlscc", 17),
    ("tailcc", 18), ("cfguard_checkcc", 19), ("swifttailcc", 20), ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65), ("arm_apcscc", 66), ("arm_aapcscc", 67), ("arm_aapcs_vfpcc", 68),
    ("msp430_intrcc", 69), ("x86_thiscallcc", 70), ("ptx_kernelcc", 71),
    ("ptx_devicecc", 72), ("spir_funccc", 75), ("spir_kernelcc", 76),
    ("intel_ocl_bicc", 77), ("x86_64_sysvcc", 78), ("win64cc", 79),
    ("x86_vectorcallcc", 80), ("hhvmcc", 81), ("hhvm_ccc", 82), ("x86_intrcc", 83),
    ("avr_intrcc", 84), ("avr_signalcc", 85), ("avr_builtincc", 86), ("amdgpu_vscc", 87),
    ("amdgpu_gscc", 88), ("amdgpu_pscc", 89), ("amdgpu_cscc", 90), ("amdgpu_kernelcc", 91),
    ("x86_regcallcc", 92), ("amdgpu_hscc", 93), ("msp430_builtincc", 94),
    ("amdgpu_lscc", 95), ("amdgpu_escc", 96), ("aarch64_vectorcallcc", 97),
    ("aarch64_sve_vectorcallcc", 98), ("wasm_emscripten_invokecc", 99),
    ("amdgpu_gfxcc", 100), ("m68k_intrcc", 101)], "Calling Conventions")

TAILCALLKIND = KeywordEnum("::mlir::LLVM::tailcallkind::TailCallKind", [
    ("none", 0), ("tail", 1), ("musttail", 2), ("notail", 3)], "Tail Call Kind")

FRAME_POINTER_KIND = KeywordEnum("::mlir::LLVM::framePointerKind::FramePointerKind", [
    ("none", 0), ("non-leaf", 1), ("all", 2), ("reserved", 3)], "LLVM FramePointerKind")


# The C++ parameter types named by the "failed to parse ... parameter" notes.
LINKAGE.short_cpp = "linkage::Linkage"
CCONV.short_cpp = "CConv"
TAILCALLKIND.short_cpp = "TailCallKind"
FRAME_POINTER_KIND.short_cpp = "framePointerKind::FramePointerKind"


class LinkageAttr(EnumWrapperAttr):
    __slots__ = ()
    MNEMONIC = "linkage"
    ENUM = LINKAGE
    PARAM = "linkage"


class CConvAttr(EnumWrapperAttr):
    __slots__ = ()
    MNEMONIC = "cconv"
    ENUM = CCONV
    PARAM = "CallingConv"


class TailCallKindAttr(EnumWrapperAttr):
    __slots__ = ()
    MNEMONIC = "tailcallkind"
    ENUM = TAILCALLKIND
    PARAM = "tailCallKind"


class FramePointerKindAttr(EnumWrapperAttr):
    __slots__ = ()
    MNEMONIC = "framePointerKind"
    ENUM = FRAME_POINTER_KIND
    PARAM = "framePointerKind"


LINKAGE_EXTERNAL = LinkageAttr(10)
CCONV_C = CConvAttr(0)
TAILCALL_NONE = TailCallKindAttr(0)
LinkageC = DialectAttrC(LinkageAttr, "LLVM Linkage specification")
CConvC = DialectAttrC(CConvAttr, "LLVM Calling Convention specification")
TailCallKindC = DialectAttrC(TailCallKindAttr, "LLVM Calling Convention specification")
FramePointerKindC = DialectAttrC(FramePointerKindAttr, "LLVM FramePointerKind")


class _Marker(DialectAttr):
    """`#llvm.undef` / `#llvm.poison` / `#llvm.zero` (parameterless)."""
    __slots__ = ()
    MNEMONIC = ""

    def asm(self, p):
        return "#llvm." + self.MNEMONIC


class UndefAttr(_Marker):
    __slots__ = ()
    MNEMONIC = "undef"


class PoisonAttr(_Marker):
    __slots__ = ()
    MNEMONIC = "poison"


class ZeroAttr(_Marker):
    __slots__ = ()
    MNEMONIC = "zero"


class VScaleRangeAttr(DialectAttr):
    """`#llvm.vscale_range<minRange = 1 : i32, maxRange = 4 : i32>`."""
    __slots__ = ("min_range", "max_range")

    def __init__(self, min_range, max_range):
        self.min_range = min_range
        self.max_range = max_range

    def asm(self, p):
        return (f"#llvm.vscale_range<minRange = {p.attr_str(self.min_range)}, "
                f"maxRange = {p.attr_str(self.max_range)}>")

    @classmethod
    def parse_stripped(cls, parser):
        """`<minRange = 1 : i32, maxRange = 4 : i32>` (how bytecode stores llvm.func's
        vscale_range, and the generic form spells it)."""
        parser.expect("<", "expected '<'")
        values = []
        for i, key in enumerate(("minRange", "maxRange")):
            if i:
                parser.expect(",", "expected ','")
            if not parser.accept_keyword(key):
                raise parser.error_here(f"expected '{key}'")
            parser.expect("=", "expected '='")
            values.append(parser.parse_attribute())
        parser.expect(">", "expected '>'")
        return cls(*values)


# ---------------------------------------------------------------------------- I64 enums
def _i64_enum(name, cases, summary):
    return IntEnum(name, cases, I64, summary)


def _cases_summary(values):
    return "case " + ", ".join(str(v) for v in values)


ICMP = _i64_enum("ICmpPredicate", ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                                    "uge"],
                 "llvm.icmp comparison predicate")
FCMP = _i64_enum("FCmpPredicate", ["_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"],
                 "llvm.fcmp comparison predicate")
ATOMIC_ORDERING = _i64_enum("AtomicOrdering", [
    ("not_atomic", 0), ("unordered", 1), ("monotonic", 2), ("acquire", 4), ("release", 5),
    ("acq_rel", 6), ("seq_cst", 7)], "Atomic ordering for LLVM's memory model")
ATOMIC_BINOP = _i64_enum("AtomicBinOp", [
    "xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin", "fadd",
    "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap"], "llvm.atomicrmw binary operations")
UNNAMED_ADDR = _i64_enum("UnnamedAddr", [("", 0), ("local_unnamed_addr", 1),
                                         ("unnamed_addr", 2)], "LLVM GlobalValue UnnamedAddr")
VISIBILITY = _i64_enum("Visibility", [("", 0), ("hidden", 1), ("protected", 2)],
                       "LLVM GlobalValue Visibility")
ASM_DIALECT = _i64_enum("AsmDialect", [("att", 0), ("intel", 1)], "ATT (0) or Intel (1) asm "
                        "dialect")
COMDAT = _i64_enum("Comdat", ["any", "exactmatch", "largest", "nodeduplicate", "samesize"],
                   "LLVM Comdat Types")
MODREF = _i64_enum("ModRefInfo", ["none", "read", "write", "readwrite"],
                   "LLVM ModRefInfo")

ICmpPredC = IntEnumAttrC(ICMP)
FCmpPredC = IntEnumAttrC(FCMP)
AtomicOrderingC = IntEnumAttrC(ATOMIC_ORDERING)
AtomicBinOpC = IntEnumAttrC(ATOMIC_BINOP)
UnnamedAddrC = IntEnumAttrC(UNNAMED_ADDR)
VisibilityC = IntEnumAttrC(VISIBILITY)
AsmDialectC = IntEnumAttrC(ASM_DIALECT)
ComdatC = IntEnumAttrC(COMDAT)

NOT_ATOMIC = IntegerAttr(I64, 0)


# ---------------------------------------------------------------------------- parsing
_WRAPPERS = {c.MNEMONIC: c for c in (LinkageAttr, CConvAttr, TailCallKindAttr,
                                      FramePointerKindAttr)}
_BITS = {"fastmath": FastmathFlagsAttr, "overflow": IntegerOverflowFlagsAttr}
_MARKERS = {"undef": UndefAttr(), "poison": PoisonAttr(), "zero": ZeroAttr()}


def parse_llvm_attr(parser, mnemonic, offset):
    if mnemonic == "vscale_range":
        return VScaleRangeAttr.parse_stripped(parser)
    cls = _WRAPPERS.get(mnemonic)
    if cls is not None:
        return cls.parse_stripped(parser)
    cls = _BITS.get(mnemonic)
    if cls is not None:
        return cls.parse_stripped(parser, custom=False)
    m = _MARKERS.get(mnemonic)
    if m is not None:
        return m
    from pyopt.dialects.llvm.struct_attrs import ATTRS
    cls = ATTRS.get(mnemonic)
    if cls is not None:
        return cls.parse_stripped(parser)
    raise parser.error(f"unknown attribute `{mnemonic}` in dialect `llvm`",
                       offset + len("#llvm."))
