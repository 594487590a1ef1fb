"""Calling conventions: the LLVM dialect's keywords (`#llvm.cconv<...>`) and how LLVM IR
spells them, for export and import alike."""
from __future__ import annotations

from pyopt.dialects.llvm.attrs import CCONV

# Where LLVM 19's writer spells a convention differently from the dialect keyword (numbers
# LLVM has no keyword for print as `ccN`). AVR's keywords carry a trailing space in LLVM's
# writer, hence its double space.
_LLVM_SPELLING = {
    "ccc": "", "cc_10": "ghccc", "cc_11": "cc11", "ptx_kernelcc": "ptx_kernel",
    "ptx_devicecc": "ptx_device", "spir_funccc": "spir_func", "spir_kernelcc": "spir_kernel",
    "avr_intrcc": "avr_intrcc ", "avr_signalcc": "avr_signalcc ", "avr_builtincc": "cc86",
    "amdgpu_vscc": "amdgpu_vs", "amdgpu_gscc": "amdgpu_gs", "amdgpu_pscc": "amdgpu_ps",
    "amdgpu_cscc": "amdgpu_cs", "amdgpu_kernelcc": "amdgpu_kernel", "amdgpu_hscc": "amdgpu_hs",
    "amdgpu_lscc": "amdgpu_ls", "amdgpu_escc": "amdgpu_es", "amdgpu_gfxcc": "amdgpu_gfx",
    "msp430_builtincc": "cc94", "aarch64_vectorcallcc": "aarch64_vector_pcs",
    "aarch64_sve_vectorcallcc": "aarch64_sve_vector_pcs", "wasm_emscripten_invokecc": "cc99",
    "m68k_intrcc": "cc101"}



def _text(kw):
    s = _LLVM_SPELLING.get(kw, kw)
    return s + " " if s else ""


# dialect keyword -> LLVM IR text (with its trailing space; empty for the C convention)
TO_LLVM = {kw: _text(kw) for kw in CCONV.by_kw}
# LLVM IR keyword -> dialect keyword
_FROM_LLVM = {_LLVM_SPELLING.get(kw, kw).strip(): kw for kw in CCONV.by_kw}
_FROM_LLVM["ccc"] = "ccc"


def llvm_cconv(keyword):
    """The LLVM IR spelling of a dialect calling convention, followed by a space ("" for C)."""
    return TO_LLVM.get(keyword, keyword + " ")


def dialect_cconv(word):
    """The dialect keyword for an LLVM IR calling convention: a keyword (`fastcc`), `cc N` or
    `ccN`; None when the dialect has no such convention."""
    w = word.replace(" ", "")
    if w.startswith("cc") and w[2:].isdigit():
        return CCONV.by_val.get(int(w[2:]))
    return _FROM_LLVM.get(w)
