"""The runner utils' formatting and copying, driven with ctypes buffers (no JIT)."""
import ctypes

from pytranslate.runner import utils


def _desc(buf, sizes, strides, offset=0):
    """A ranked descriptor {allocated, aligned, offset, sizes, strides}; returns (obj, addr)."""
    rank = len(sizes)
    words = (ctypes.c_int64 * (3 + 2 * rank))()
    addr = ctypes.addressof(buf)
    words[0] = words[1] = addr
    words[2] = offset
    for i, (s, t) in enumerate(zip(sizes, strides)):
        words[3 + i] = s
        words[3 + rank + i] = t
    return words, ctypes.addressof(words)


def _text(buf, ctype, sizes, strides, offset=0):
    words, addr = _desc(buf, sizes, strides, offset)
    m = utils.DynamicMemRef(len(sizes), addr)
    return utils.memref_text(m, ctype, utils._ELEM["F32"][1] if ctype is ctypes.c_float
                             else str)


def test_fmt_g_matches_printf():
    assert utils.fmt_g(1.5) == "1.5"
    assert utils.fmt_g(0.1) == "0.1"
    assert utils.fmt_g(1e10) == "1e+10"
    assert utils.fmt_g(123456789.0) == "1.23457e+08"
    assert utils.fmt_g(float("nan")) == "nan"
    assert utils.fmt_g(-float("nan")) == "-nan"
    assert utils.fmt_g(float("-inf")) == "-inf"
    assert utils.fmt_g(-0.0) == "-0"


def test_memref_2d_layout():
    buf = (ctypes.c_float * 6)(*range(6))
    text = _text(buf, ctypes.c_float, [2, 3], [3, 1])
    head, data = text.split("\n", 1)
    assert head.startswith("Unranked Memref base@ = 0x")
    assert head.endswith(" rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = ")
    # (the C runner utils leave a space before each row's newline)
    assert data == "[[0,   1,   2], \n [3,   4,   5]]\n"


def test_memref_1d_rank0_and_unit_dims():
    buf = (ctypes.c_int32 * 4)(7, 8, 9, 10)
    assert _text(buf, ctypes.c_int32, [4], [1]).split("\n", 1)[1] == "[7,  8,  9,  10]\n"
    assert _text(buf, ctypes.c_int32, [], [], offset=2).split("\n", 1)[1] == "[9]\n"
    assert _text(buf, ctypes.c_int32, [1, 1], [1, 1]).split("\n", 1)[1] == "[[7]]\n"
    # A strided view with an offset: every other element from index 1.
    assert _text(buf, ctypes.c_int32, [2], [2], offset=1).split("\n", 1)[1] == "[8,  10]\n"


def test_memref_3d_layout():
    buf = (ctypes.c_int64 * 8)(*range(8))
    data = _text(buf, ctypes.c_int64, [2, 2, 2], [4, 2, 1]).split("\n", 1)[1]
    assert data == "[[[0,    1], \n  [2,    3]], \n [[4,    5], \n  [6,    7]]]\n"


def test_memref_copy_strided_to_dense():
    src = (ctypes.c_float * 6)(*range(6))
    dst = (ctypes.c_float * 6)()
    sw, sa = _desc(src, [3, 2], [1, 3])   # the transpose of a 2x3 row-major matrix
    dw, da = _desc(dst, [3, 2], [2, 1])
    us = utils.UnrankedMemRef(2, sa)
    ud = utils.UnrankedMemRef(2, da)
    utils._memref_copy(4, ctypes.addressof(us), ctypes.addressof(ud))
    assert list(dst) == [0, 3, 1, 4, 2, 5]


def test_memref_copy_contiguous():
    src = (ctypes.c_int64 * 4)(1, 2, 3, 4)
    dst = (ctypes.c_int64 * 4)()
    sw, sa = _desc(src, [4], [1])
    dw, da = _desc(dst, [4], [1])
    us, ud = utils.UnrankedMemRef(1, sa), utils.UnrankedMemRef(1, da)
    utils._memref_copy(8, ctypes.addressof(us), ctypes.addressof(ud))
    assert list(dst) == [1, 2, 3, 4]


def test_runtime_symbols_are_addresses():
    syms = utils.runtime_symbols()
    for name in ("printI64", "printU64", "printF32", "printF64", "printNewline", "printComma",
                 "printOpen", "printClose", "printString", "printCString", "printMemrefF32",
                 "printMemrefI32", "printMemrefI64", "printMemrefF64", "memrefCopy",
                 "_mlir_alloc", "_mlir_free", "_mlir_aligned_alloc",
                 "_mlir_ciface_printMemrefF32"):
        assert isinstance(syms[name], int) and syms[name] != 0
