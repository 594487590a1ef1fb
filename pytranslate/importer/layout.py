"""The parts of LLVM's DataLayout the importer needs: type sizes and ABI / preferred
alignments. LLVM's parser gives loads, stores and allocas without an explicit `align` the
alignment the data layout implies, and the imported ops carry it."""
from __future__ import annotations

import re

# LLVM 19's default specifications, in bits: width -> (abi, pref)
_DEFAULT_INTS = {1: (8, 8), 8: (8, 8), 16: (16, 16), 32: (32, 32), 64: (32, 64)}
_DEFAULT_FLOATS = {16: (16, 16), 32: (32, 32), 64: (64, 64), 128: (128, 128)}
_DEFAULT_VECS = {64: (64, 64), 128: (128, 128)}


def _pow2_ceil(n):
    p = 1
    while p < n:
        p <<= 1
    return p


class DataLayout:
    def __init__(self, text):
        self.ints = dict(_DEFAULT_INTS)
        self.floats = dict(_DEFAULT_FLOATS)
        self.vecs = dict(_DEFAULT_VECS)
        self.ptrs = {0: (64, 64, 64)}   # addrspace -> (size, abi, pref) in bits
        self.aggr = (0, 64)
        self._cache = {}
        for tok in (text or "").split("-"):
            self._spec(tok)
        self._int_widths = sorted(self.ints)

    def _spec(self, tok):
        m = re.fullmatch(r"([ifvpa])(\d*)((?::\d+)*)", tok)
        if m is None:
            return
        kind, first, rest = m.groups()
        try:
            vals = [int(x) for x in rest.split(":")[1:]]
        except ValueError:
            return
        if kind == "a":
            if vals:
                self.aggr = (vals[0], vals[1] if len(vals) > 1 else vals[0])
            return
        if kind == "p":
            if len(vals) >= 2:
                self.ptrs[int(first or 0)] = (vals[0], vals[1],
                                              vals[2] if len(vals) > 2 else vals[1])
            return
        if not first or not vals:
            return
        spec = (vals[0], vals[1] if len(vals) > 1 else vals[0])
        {"i": self.ints, "f": self.floats, "v": self.vecs}[kind][int(first)] = spec

    # ------------------------------------------------------------------ sizes (bytes)
    def size_bits(self, t):
        k = t.kind
        if k in ("int", "float"):
            return t.w
        if k == "ptr":
            return self.ptrs.get(t.w, self.ptrs[0])[0]
        if k == "vec":
            return t.w * self.size_bits(t.elem)
        if k in ("array", "struct", "target"):
            return self.alloc_size(t) * 8
        return 0

    def store_size(self, t):
        if t.kind in ("array", "struct", "target"):
            return self.alloc_size(t)
        return (self.size_bits(t) + 7) // 8

    def alloc_size(self, t):
        k = t.kind
        if k == "array":
            return t.w * self.alloc_size(t.elem)
        if k == "struct":
            return self._struct(t)[0]
        if k == "target":
            return self.alloc_size(_target_layout(t))
        size = self.store_size(t)
        a = self.abi_align(t)
        return (size + a - 1) // a * a

    def _struct(self, t):
        """(size, abi alignment) of a struct, both in bytes."""
        key = ("s", id(t))
        got = self._cache.get(key)
        if got is not None:
            return got
        self._cache[key] = (0, 1)  # recursive (invalid) structs stay finite
        off, align = 0, 1
        for f in t.fields:
            a = 1 if t.packed else self.abi_align(f)
            off = (off + a - 1) // a * a
            off += self.alloc_size(f)
            align = max(align, a)
        off = (off + align - 1) // align * align
        self._cache[key] = (off, align)
        return off, align

    # ------------------------------------------------------------------ alignment (bytes)
    def abi_align(self, t):
        return self._align(t, 0)

    def pref_align(self, t):
        return self._align(t, 1)

    def _align(self, t, which):
        k = t.kind
        if k == "int":
            return self._int_align(t.w, which)
        if k == "float":
            spec = self.floats.get(t.w)
            if spec is not None:
                return spec[which] // 8
            return _pow2_ceil(self.store_size(t))
        if k == "ptr":
            return self.ptrs.get(t.w, self.ptrs[0])[1 + which] // 8
        if k == "vec":
            bits = self.size_bits(t)
            spec = self.vecs.get(bits)
            if spec is not None:
                return spec[which] // 8
            return max(1, _pow2_ceil(self.store_size(t)))
        if k == "array":
            return self._align(t.elem, which)
        if k == "struct":
            if t.packed and which == 0:
                return 1
            abi = self._struct(t)[1] if not t.packed else 1
            return max(abi, self.aggr[which] // 8)
        if k == "target":
            return self._align(_target_layout(t), which)
        return 1

    def _int_align(self, w, which):
        spec = self.ints.get(w)
        if spec is None:
            widths = self._int_widths
            bigger = [x for x in widths if x >= w]
            spec = self.ints[bigger[0] if bigger else widths[-1]]
        return spec[which] // 8


def _target_layout(t):
    """The layout type LLVM gives a target extension type."""
    from pytranslate.importer.lltypes import PTR, int_ty
    if t.name.startswith("spirv."):
        return PTR
    return int_ty(8)
