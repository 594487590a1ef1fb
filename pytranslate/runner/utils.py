"""MLIR's C runner utils (printI64, printMemrefF32, memrefCopy, _mlir_alloc, ...) in Python.

Each function is a ctypes callback whose address is given to the JIT under the C name.
Output goes through the C library's own `stdout` stream, so it interleaves correctly with
`printf`/`puts` called by the JIT-compiled program itself.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import math
import struct

_libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
_libc.fwrite.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p]
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
    _stderr = ctypes.c_void_p.in_dll(_libc, "stderr")
except ValueError:  # pragma: no cover - non-glibc
    _stdout = _stderr = None


def write(text, err=False):
    """Writes to the C stdout (or stderr) stream, shared with the JIT-compiled code. Bytes
    that are not UTF-8 (an i8 memref prints raw chars) travel as surrogate escapes."""
    stream = _stderr if err else _stdout
    if stream is None:  # pragma: no cover
        import sys
        (sys.stderr if err else sys.stdout).write(text)
        return
    data = text.encode("utf-8", "surrogateescape")
    _libc.fwrite(data, 1, len(data), stream)


def c_stdio_buffering():
    """The C library's stdout buffered as a C program's is (fully; by lines on a terminal),
    also when Python was told to run unbuffered (PYTHONUNBUFFERED sets it unbuffered): the
    order of the program's output and the runner's own lines depends on it."""
    import os
    if _stdout is None:
        return
    _libc.setvbuf.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_size_t]
    try:
        size = os.fstat(1).st_blksize or 8192  # (glibc's own choice of buffer size)
    except OSError:
        return
    global _STDOUT_BUFFER
    _STDOUT_BUFFER = ctypes.create_string_buffer(size)  # (lives as long as the process)
    _libc.setvbuf(_stdout, _STDOUT_BUFFER, 1 if os.isatty(1) else 0, size)  # _IOLBF/_IOFBF


_STDOUT_BUFFER = None


def flush():
    if _stdout is not None:
        _libc.fflush(_stdout)
        _libc.fflush(_stderr)
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


def _fmt_char(x):
    # std::ostream prints an int8_t as the character itself
    b = x & 0xFF
    return chr(b) if b < 0x80 else chr(0xDC00 + b)


def _fmt_complex(z):
    return f"({fmt_g(z.real)},{fmt_g(z.imag)})"  # std::complex's operator<<


class _F16(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint16)]

    @property
    def value(self):
        return struct.unpack("<e", struct.pack("<H", self.bits))[0]


class _BF16(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint16)]

    @property
    def value(self):
        return struct.unpack("<f", struct.pack("<I", self.bits << 16))[0]


def _complex_of(part):
    class _C(ctypes.Structure):
        _fields_ = [("re", part), ("im", part)]

        @property
        def value(self):
            return complex(self.re, self.im)
    return _C


# ------------------------------------------------------------------------- memref descriptors
class UnrankedMemRef(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int64), ("descriptor", ctypes.c_void_p)]


_I64 = ctypes.c_int64
# element kind of the runner utils' names -> (C layout, how std::ostream prints it, is float)
_ELEM = {"F32": (ctypes.c_float, fmt_g), "F64": (ctypes.c_double, fmt_g),
         "F16": (_F16, fmt_g), "BF16": (_BF16, fmt_g),
         "I8": (ctypes.c_int8, _fmt_char), "I16": (ctypes.c_int16, str),
         "I32": (ctypes.c_int32, str), "I64": (ctypes.c_int64, str), "Ind": (ctypes.c_int64, str),
         "C32": (_complex_of(ctypes.c_float), _fmt_complex),
         "C64": (_complex_of(ctypes.c_double), _fmt_complex)}
_EPSILON = {"F32": 1e-6, "F64": 1e-12}  # verifyMemRef's relative tolerance


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

    @classmethod
    def unranked(cls, addr):
        u = UnrankedMemRef.from_address(addr)
        return cls(u.rank, u.descriptor)


def _ptr_text(p):
    return "0" if p == 0 else hex(p)


def metadata_text(m):
    return (f"base@ = {_ptr_text(m.aligned)} rank = {m.rank} offset = {m.offset}"
            f" sizes = [{', '.join(map(str, m.sizes))}]"
            f" strides = [{', '.join(map(str, m.strides))}]")


def memref_text(m, ctype, fmt, unranked=True):
    """printMemRef's text: the metadata line, then the nested data."""
    out = ["Unranked Memref " if unranked else "Memref ", metadata_text(m), " data = \n"]
    size = ctypes.sizeof(ctype)
    base = m.aligned

    def elem(off):
        return fmt(ctype.from_address(base + off * size).value)

    def pr(dim, offset, sizes, strides):
        if dim == 0:
            out.append(elem(offset))
            return
        # the first element, opening the bracket
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
        # the last one, closing it
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


def _printers(kind):
    """printMemref<K>(rank, ptr), _mlir_ciface_printMemref<K>(unranked*) and the ranked
    _mlir_ciface_printMemref<N>d<K>(ranked*) of rank N."""
    ctype, fmt = _ELEM[kind]

    def direct(rank, ptr):
        write(memref_text(DynamicMemRef(rank, ptr), ctype, fmt))

    def ciface(um):
        write(memref_text(DynamicMemRef.unranked(um), ctype, fmt))

    def shape(um):
        write("Unranked Memref " + metadata_text(DynamicMemRef.unranked(um)) + "\n")

    def ranked(rank):
        return lambda p: write(memref_text(DynamicMemRef(rank, p), ctype, fmt, unranked=False))
    return direct, ciface, shape, ranked


def verify_memref(kind, actual, expected):
    """verifyMemRef: -1 (both metadata on stderr) when the shapes differ, else the number of
    differing elements (the first ten printed on stderr)."""
    ctype, fmt = _ELEM[kind]
    for i in range(actual.rank):
        if (expected.rank != actual.rank or actual.offset != expected.offset
                or actual.sizes[i] != expected.sizes[i]
                or actual.strides[i] != expected.strides[i]):
            write(metadata_text(actual) + metadata_text(expected), err=True)
            return -1
    eps = _EPSILON.get(kind)
    raw = kind in ("F16", "BF16")  # compared bit for bit
    size = ctypes.sizeof(ctype)
    errors = 0

    def get(m, off):
        v = ctype.from_address(m.aligned + off * size)
        return v.bits if raw else v.value

    def same(a, e):
        if eps is None:
            return a == e
        if not (math.isfinite(a) and math.isfinite(e)):
            return False
        return abs(a - e) <= eps * abs(e)

    def walk(dim, offset):
        nonlocal errors
        if dim == actual.rank:
            a, e = get(actual, offset), get(expected, offset)
            if not same(a, e):
                if errors < 10:
                    if raw:
                        a = ctype.from_address(actual.aligned + offset * size).value
                        e = ctype.from_address(expected.aligned + offset * size).value
                    write(f"{fmt(a)} != {fmt(e)} offset = {offset}\n", err=True)
                errors += 1
            return
        for i in range(actual.sizes[dim]):
            walk(dim + 1, offset + i * actual.strides[dim])
    walk(0, actual.offset)
    return errors


def _memref_copy(elem_size, src_p, dst_p):
    """memrefCopy(elemSize, UnrankedMemRefType<char> *src, UnrankedMemRefType<char> *dst)."""
    src = DynamicMemRef.unranked(src_p)
    dst = DynamicMemRef.unranked(dst_p)
    rank = src.rank
    if any(s == 0 for s in src.sizes):
        return

    def contiguous(m):  # row-major without gaps: one move
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


def _std_sort(ctype):
    def sort(n, desc):
        m = DynamicMemRef(1, desc)
        arr = (ctype * n).from_address(m.aligned + m.offset * ctypes.sizeof(ctype))
        arr[:] = sorted(arr[:])
    return sort


# -------------------------------------------------------------------------------- the table
_V = None
_F = ctypes.CFUNCTYPE
_KEEP = []  # callbacks must outlive the JIT-compiled code


def _print_f(x):
    write(fmt_g(x))


def _print_string(p):
    write(ctypes.string_at(p).decode("utf-8", "surrogateescape"))


def _abort():
    # what the program printed (cf.assert's message goes through puts) must not stay in the
    # C stdout buffer when the process dies
    flush()
    _libc.abort()


def _rtclock():
    import time
    return time.time()


def _nano_time():
    import time
    return time.perf_counter_ns()


# ranked _mlir_ciface_printMemref<N>d<K> forms the runner utils export
_RANKED = {"F32": (0, 1, 2, 3, 4), "I8": (1,), "I32": (1,), "I64": (1,), "F64": (1,),
           "Ind": (1,), "C32": (1,), "C64": (1,)}
# kinds with the (rank, ptr) forms of printMemref / verifyMemRef
_DIRECT_PRINT = ("I32", "I64", "F32", "F64", "Ind", "C32", "C64")
_SHAPE = ("I8", "I32", "I64", "F32", "F64", "Ind", "C32", "C64")
# pyrunner's extras: rank-and-pointer printers for the other element types
_EXTRA_DIRECT = ("I8", "I16", "F16", "BF16")

_SYMBOLS = None


def runtime_symbols():
    """{C name: address} of every function of MLIR's C runner utils and runner utils that
    programs call (plus the generic allocation functions memref lowering may use)."""
    global _SYMBOLS
    if _SYMBOLS is not None:
        return _SYMBOLS
    syms = {}

    def add(name, restype, argtypes, fn):
        cb = _F(restype, *argtypes)(fn)
        _KEEP.append(cb)
        syms[name] = ctypes.cast(cb, ctypes.c_void_p).value

    vp, i64 = ctypes.c_void_p, ctypes.c_int64
    add("printI64", _V, [i64], lambda x: write(str(x)))
    add("printU64", _V, [ctypes.c_uint64], lambda x: write(str(x)))
    add("printF32", _V, [ctypes.c_float], _print_f)
    add("printF64", _V, [ctypes.c_double], _print_f)
    add("printF16", _V, [ctypes.c_uint16], lambda b: _print_f(_F16(b).value))
    add("printBF16", _V, [ctypes.c_uint16], lambda b: _print_f(_BF16(b).value))
    add("printNewline", _V, [], lambda: write("\n"))
    add("printComma", _V, [], lambda: write(", "))
    add("printOpen", _V, [], lambda: write("( "))
    add("printClose", _V, [], lambda: write(" )"))
    add("printString", _V, [vp], _print_string)
    add("printCString", _V, [vp], _print_string)  # older spelling, kept for old programs
    add("printFlops", _V, [ctypes.c_double],
        lambda f: write("%f GFLOPS\n" % (f / 1.0e9), err=True))
    add("rtclock", ctypes.c_double, [], _rtclock)
    add("_mlir_ciface_nanoTime", i64, [], _nano_time)
    for kind in _ELEM:
        direct, ciface, shape, ranked = _printers(kind)
        if kind in _DIRECT_PRINT or kind in _EXTRA_DIRECT:
            add("printMemref" + kind, _V, [i64, vp], direct)
        add("_mlir_ciface_printMemref" + kind, _V, [vp], ciface)
        if kind in _SHAPE:
            add("_mlir_ciface_printMemrefShape" + kind, _V, [vp], shape)
        for r in _RANKED.get(kind, ()):
            add(f"_mlir_ciface_printMemref{r}d{kind}", _V, [vp], ranked(r))

        def vc(a, e, kind=kind):
            return verify_memref(kind, DynamicMemRef.unranked(a), DynamicMemRef.unranked(e))

        def vd(ra, a, re_, e, kind=kind):
            return verify_memref(kind, DynamicMemRef(ra, a), DynamicMemRef(re_, e))
        add("_mlir_ciface_verifyMemRef" + kind, i64, [vp, vp], vc)
        if kind in _DIRECT_PRINT:
            add("verifyMemRef" + kind, i64, [i64, vp, i64, vp], vd)
    add("memrefCopy", _V, [i64, vp, vp], _memref_copy)
    add("abort", _V, [], _abort)
    for kind, ctype in (("I64", ctypes.c_int64), ("F64", ctypes.c_double),
                        ("F32", ctypes.c_float)):
        add("_mlir_ciface_stdSort" + kind, _V, [ctypes.c_uint64, vp], _std_sort(ctype))
    # Allocation goes straight to the C library (aligned_alloc is freed with free on Linux).
    for names, fn in ((("mlirAlloc", "_mlir_memref_to_llvm_alloc", "_mlir_alloc"), _libc.malloc),
                      (("mlirAlignedAlloc", "_mlir_memref_to_llvm_aligned_alloc",
                        "_mlir_aligned_alloc"), _libc.aligned_alloc),
                      (("mlirFree", "mlirAlignedFree", "_mlir_memref_to_llvm_free",
                        "_mlir_free", "_mlir_aligned_free"), _libc.free)):
        for name in names:
            syms[name] = ctypes.cast(fn, ctypes.c_void_p).value
    _SYMBOLS = syms
    return syms
