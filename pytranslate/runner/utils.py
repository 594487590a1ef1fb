"""MLIR's C runner utils (printI64, printMemrefF32, memrefCopy, _mlir_alloc, ...) in Python.

Each function is a ctypes callback whose address is given to the JIT under the C name.
Output goes through the C library's own `stdout` stream, so it interleaves correctly with
`printf`/`puts` called by the JIT-compiled program itself.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import math

_libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
_libc.fputs.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
_libc.fflush.argtypes = [ctypes.c_void_p]
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_libc.free.argtypes = [ctypes.c_void_p]
_libc.aligned_alloc.restype = ctypes.c_void_p
_libc.aligned_alloc.argtypes = [ctypes.c_size_t, ctypes.c_size_t]
_libc.memmove.restype = ctypes.c_void_p
_libc.memmove.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
try:
    _stdout = ctypes.c_void_p.in_dll(_libc, "stdout")
except ValueError:  # pragma: no cover - non-glibc
    _stdout = None


def write(text):
    """Writes to the C stdout stream (shared with the JIT-compiled code)."""
    if _stdout is None:  # pragma: no cover
        import sys
        sys.stdout.write(text)
        return
    _libc.fputs(text.encode("utf-8", "surrogateescape"), _stdout)


def flush():
    if _stdout is not None:
        _libc.fflush(_stdout)
    import sys
    sys.stdout.flush()


# ------------------------------------------------------------------------------- formatting
def fmt_g(x):
    """C's `%g` (also what std::ostream prints for a float or double)."""
    if math.isnan(x):
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    if math.isinf(x):
        return "-inf" if x < 0 else "inf"
    return "%g" % x


def _fmt_float_elem(x):
    # std::ostream prints NaN as "nan" or "-nan" too (via printf %g)
    return fmt_g(x)


# ------------------------------------------------------------------------- memref descriptors
class UnrankedMemRef(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int64), ("descriptor", ctypes.c_void_p)]


_I64 = ctypes.c_int64
_ELEM = {"F32": (ctypes.c_float, _fmt_float_elem), "F64": (ctypes.c_double, _fmt_float_elem),
         "I32": (ctypes.c_int32, str), "I64": (ctypes.c_int64, str), "I8": (ctypes.c_int8, str),
         "I16": (ctypes.c_int16, str)}


class DynamicMemRef:
    """A ranked descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} read from
    memory."""

    def __init__(self, rank, addr):
        self.rank = rank
        words = (_I64 * (3 + 2 * rank)).from_address(addr)
        self.allocated = words[0] & 0xFFFFFFFFFFFFFFFF
        self.aligned = words[1] & 0xFFFFFFFFFFFFFFFF
        self.offset = words[2]
        self.sizes = list(words[3:3 + rank])
        self.strides = list(words[3 + rank:3 + 2 * rank])


def _ptr_text(p):
    return "0" if p == 0 else hex(p)


def memref_text(m, ctype, fmt, unranked=True):
    """printMemRef's text: the metadata line, then the nested data."""
    out = ["Unranked " if unranked else "", "Memref base@ = ", _ptr_text(m.aligned),
           f" rank = {m.rank} offset = {m.offset}",
           " sizes = [", ", ".join(map(str, m.sizes)), "] strides = [",
           ", ".join(map(str, m.strides)), "] data = \n"]
    size = ctypes.sizeof(ctype)
    base = m.aligned

    def elem(off):
        return fmt(ctype.from_address(base + off * size).value)

    def pr(dim, offset, sizes, strides):
        if dim == 0:
            out.append(elem(offset))
            return
        # printFirst
        out.append("[")
        pr(dim - 1, offset, sizes[1:], strides[1:])
        if sizes[0] <= 1:
            out.append("]")
            return
        sep = ", \n" if dim > 1 else ", "  # (upstream leaves the space before the newline)
        out.append(sep)
        for i in range(1, sizes[0] - 1):
            out.append(" " * (m.rank - dim + 1))
            pr(dim - 1, offset + i * strides[0], sizes[1:], strides[1:])
            out.append(sep)
        # printLast
        out.append(" " * (m.rank - dim + 1))
        pr(dim - 1, offset + (sizes[0] - 1) * strides[0], sizes[1:], strides[1:])
        out.append("]")

    if m.rank == 0:
        out.append("[")
    pr(m.rank, m.offset, m.sizes, m.strides)
    if m.rank == 0:
        out.append("]")
    out.append("\n")
    return "".join(out)


def _print_memref(kind):
    ctype, fmt = _ELEM[kind]

    def direct(rank, ptr):
        write(memref_text(DynamicMemRef(rank, ptr), ctype, fmt))

    def ciface(um):
        u = UnrankedMemRef.from_address(um)
        write(memref_text(DynamicMemRef(u.rank, u.descriptor), ctype, fmt))
    return direct, ciface


def _memref_copy(elem_size, src_p, dst_p):
    """memrefCopy(elemSize, UnrankedMemRefType<char> *src, UnrankedMemRefType<char> *dst)."""
    src_u = UnrankedMemRef.from_address(src_p)
    dst_u = UnrankedMemRef.from_address(dst_p)
    src = DynamicMemRef(src_u.rank, src_u.descriptor)
    dst = DynamicMemRef(dst_u.rank, dst_u.descriptor)
    rank = src.rank
    if any(s == 0 for s in src.sizes):
        return
    # Contiguous row-major on both sides: one move.
    def contiguous(m):
        expect = 1
        for size, stride in zip(reversed(m.sizes), reversed(m.strides)):
            if size != 1 and stride != expect:
                return False
            expect *= size
        return True
    total = 1
    for s in src.sizes:
        total *= s
    if rank == 0 or (contiguous(src) and contiguous(dst)):
        _libc.memmove(dst.aligned + dst.offset * elem_size, src.aligned + src.offset * elem_size,
                      total * elem_size)
        return
    idx = [0] * rank
    while True:
        so = src.offset + sum(i * s for i, s in zip(idx, src.strides))
        do = dst.offset + sum(i * s for i, s in zip(idx, dst.strides))
        _libc.memmove(dst.aligned + do * elem_size, src.aligned + so * elem_size, elem_size)
        d = rank - 1
        while d >= 0:
            idx[d] += 1
            if idx[d] < src.sizes[d]:
                break
            idx[d] = 0
            d -= 1
        if d < 0:
            return


# -------------------------------------------------------------------------------- the table
_V = None
_F = ctypes.CFUNCTYPE
_KEEP = []  # callbacks must outlive the JIT-compiled code


def _print_i64(x):
    write(str(x))


def _print_u64(x):
    write(str(x))


def _print_f32(x):
    write(fmt_g(x))


def _print_string(p):
    write(ctypes.string_at(p).decode("utf-8", "surrogateescape"))


def runtime_symbols():
    """{C name: address} of every runner util."""
    syms = {}

    def add(name, restype, argtypes, fn):
        cb = _F(restype, *argtypes)(fn)
        _KEEP.append(cb)
        syms[name] = ctypes.cast(cb, ctypes.c_void_p).value

    vp = ctypes.c_void_p
    add("printI64", _V, [ctypes.c_int64], _print_i64)
    add("printU64", _V, [ctypes.c_uint64], _print_u64)
    add("printF32", _V, [ctypes.c_float], _print_f32)
    add("printF64", _V, [ctypes.c_double], _print_f32)
    add("printNewline", _V, [], lambda: write("\n"))
    add("printComma", _V, [], lambda: write(", "))
    add("printOpen", _V, [], lambda: write("( "))
    add("printClose", _V, [], lambda: write(" )"))
    add("printString", _V, [vp], _print_string)
    add("printCString", _V, [vp], _print_string)
    add("printFlops", _V, [ctypes.c_double],
        lambda f: write("%g GFLOPS\n" % (f / 1.0e9)))
    add("rtclock", ctypes.c_double, [], _rtclock)
    for kind in ("F32", "F64", "I32", "I64", "I8", "I16"):
        direct, ciface = _print_memref(kind)
        add("printMemref" + kind, _V, [ctypes.c_int64, vp], direct)
        add("_mlir_ciface_printMemref" + kind, _V, [vp], ciface)
    add("memrefCopy", _V, [ctypes.c_int64, vp, vp], _memref_copy)
    # Allocation goes straight to the C library.
    for name, fn in (("_mlir_alloc", _libc.malloc), ("_mlir_free", _libc.free),
                     ("_mlir_aligned_alloc", _libc.aligned_alloc)):
        syms[name] = ctypes.cast(fn, ctypes.c_void_p).value
    return syms


def _rtclock():
    import time
    return time.time()
