"""Data layout queries (MLIR's DataLayout): type sizes, ABI alignments and endianness from the
`dlti.dl_spec` entries of an op and its ancestors, with MLIR's defaults and LLVM's pointer, struct
and array rules. Used by mem2reg/SROA and by the lowering to the LLVM dialect (index width)."""
from __future__ import annotations

from pyopt.ir.types import ComplexType, FloatType, IndexType, IntegerType, VectorType


def _pow2_ceil(n):
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _align_to(n, a):
    return -(-n // a) * a if a > 1 else n




class DataLayout:
    """The parts of MLIR's DataLayout the memory-slot models query: type sizes and ABI
    alignments (MLIR's defaults, LLVM pointer/struct/array rules) and endianness, from the
    `dlti.dl_spec` entries of the op and its ancestors (inner entries win)."""

    def __init__(self, entries=()):
        self.type_entries = {}   # Type -> value attribute
        self.string_entries = {}  # key -> value attribute
        for e in entries:
            if isinstance(e.key, str):
                self.string_entries[e.key] = e.value
            else:
                self.type_entries[e.key] = e.value
        self._size_cache = {}

    @classmethod
    def closest(cls, op):
        specs = []
        while op is not None:
            spec = op.get_attr("dlti.dl_spec")
            if spec is not None and hasattr(spec, "entries"):
                specs.append(spec.entries)
            op = op.parent_op
        entries = [e for spec in reversed(specs) for e in spec]
        return cls(entries)

    @property
    def big_endian(self):
        v = self.string_entries.get("dlti.endianness")
        return getattr(v, "value", None) == "big"

    def _values(self, t):
        a = self.type_entries.get(t)
        if a is None:
            return None
        vals = getattr(a, "all_values", None)
        if vals is not None:
            return [int(v) for v in vals()]
        v = getattr(a, "value", None)
        return [int(v)] if isinstance(v, int) else None

    def _pointer_entry(self, t):
        for key in self.type_entries:
            if _is_llvm_ptr(key) and key.address_space == t.address_space:
                return self._values(key)
        return None

    def size_in_bits(self, t):
        """Size of `t` in bits, or None when the type has no known layout."""
        r = self._size_cache.get(t, 0)
        if r == 0:
            r = self._size_cache[t] = self._compute_bits(t)
        return r

    def size(self, t):
        """Size of `t` in bytes (MLIR's getTypeSize), or None."""
        bits = self.size_in_bits(t)
        return None if bits is None else -(-bits // 8)

    def _compute_bits(self, t):
        if isinstance(t, (IntegerType, FloatType)):
            return t.width
        if isinstance(t, IndexType):
            v = self._values(t)
            return v[0] if v else 64
        if isinstance(t, ComplexType):  # (the imaginary part at its preferred alignment)
            inner = self.size_in_bits(t.element_type)
            align = self._default_preferred_alignment(t.element_type)
            if inner is None or align is None:
                return None
            return _align_to(inner, align * 8) + inner
        if isinstance(t, VectorType):
            es = self.size(t.element_type)
            if es is None or not t.shape:
                return None
            last = t.shape[-1]
            n = 1
            for d in t.shape:
                n *= d
            return n // last * _pow2_ceil(last) * es * 8 if last else 0
        from pyopt.dialects.llvm import types as lt
        if isinstance(t, lt.LLVMPointerType):
            v = self._pointer_entry(t)
            if v:
                return v[0]
            return 64 if t.address_space == 0 else self.size_in_bits(lt.PTR)
        if isinstance(t, lt.LLVMArrayType):
            es, ea = self.size(t.element_type), self.abi_alignment(t.element_type)
            if es is None or ea is None:
                return None
            return _align_to(es, ea) * t.num_elements * 8
        if isinstance(t, lt.LLVMStructType):
            if t.opaque:
                return None
            size, align = 0, 1
            for e in t.body:
                es, ea = self.size(e), (1 if t.packed else self.abi_alignment(e))
                if es is None or ea is None:
                    return None
                size = _align_to(size, ea) + es
                align = max(align, ea)
            return _align_to(size, align) * 8
        if isinstance(t, lt.LLVMFixedVectorType):
            es = self.size_in_bits(t.element_type)
            return None if es is None else es * t.num_elements
        return None

    def _default_preferred_alignment(self, t):
        """getDefaultPreferredAlignment of an integer or float type without entries for it
        (integers at the power of two above their size; the ABI alignment otherwise)."""
        if isinstance(t, IntegerType) and not any(isinstance(k, IntegerType)
                                                  for k in self.type_entries):
            return _pow2_ceil(self.size(t))
        return self.abi_alignment(t)

    def abi_alignment(self, t):
        """ABI alignment of `t` in bytes, or None."""
        if isinstance(t, IntegerType):
            # The entry of the smallest integer type at least as wide (else the widest).
            ints = sorted((k.width, id(k), k) for k in self.type_entries
                          if isinstance(k, IntegerType))
            if not ints:
                return _pow2_ceil(-(-t.width // 8)) if t.width < 64 else 4
            key = next((k for w, _, k in ints if w >= t.width), ints[-1][2])
            v = self._values(key)
            return v[0] // 8 if v else None
        if isinstance(t, FloatType):
            v = self._values(t)
            return v[0] // 8 if v else _pow2_ceil(self.size(t))
        if isinstance(t, IndexType):
            return self.abi_alignment(IntegerType(self.size_in_bits(t)))
        if isinstance(t, VectorType):
            s = self.size(t)
            return None if s is None else _pow2_ceil(s)
        from pyopt.dialects.llvm import types as lt
        if isinstance(t, lt.LLVMPointerType):
            v = self._pointer_entry(t)
            if v and len(v) > 1:
                return v[1] // 8
            return 8 if t.address_space == 0 else self.abi_alignment(lt.PTR)
        if isinstance(t, (lt.LLVMArrayType, lt.LLVMFixedVectorType)):
            return self.abi_alignment(t.element_type)
        if isinstance(t, lt.LLVMStructType):
            if t.packed:
                return 1
            aligns = [self.abi_alignment(e) for e in t.body]
            return None if None in aligns else max(aligns, default=1)
        return None


def _is_llvm_ptr(t):
    from pyopt.dialects.llvm.types import LLVMPointerType
    return isinstance(t, LLVMPointerType)
