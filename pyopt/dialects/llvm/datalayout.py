"""Validation of `llvm.data_layout` strings with the messages of LLVM 19's DataLayout::parse,
and the LLVM dialect's op-attribute verifier that uses it."""
from __future__ import annotations

from pyopt.ir.attributes import StringAttr
from pyopt.ir.verifier import op_error


class _DLError(Exception):
    pass


def _int(s, what="not a number, or does not fit in an unsigned int"):
    if not s.isdigit():
        raise _DLError(what)
    v = int(s)
    if v >= 1 << 32:
        raise _DLError(what)
    return v


def _addr_space(s):
    v = _int(s, "Invalid address space, must be a 24-bit integer")
    if v >= 1 << 24:
        raise _DLError("Invalid address space, must be a 24-bit integer")
    return v


def _bytes(s):
    v = _int(s)
    if v % 8:
        raise _DLError("number of bits must be a byte width multiple")
    return v // 8


def _pow2(v):
    return v > 0 and v & (v - 1) == 0


def _split(desc, sep):
    first, found, second = desc.partition(sep)
    if found and not second:
        raise _DLError("Trailing separator in datalayout string")
    if found and second and not first:
        raise _DLError("Expected token before separator in datalayout string")
    return first, second


def check_data_layout(desc: str):
    """Raises _DLError with LLVM's message when `desc` is not a valid data layout string."""
    while desc:
        spec, desc = _split(desc, "-")
        tok, rest = _split(spec, ":")
        if tok == "ni":
            while rest:
                t, rest = _split(rest, ":")
                if _addr_space(t) == 0:
                    raise _DLError("Address space 0 can never be non-integral")
            continue
        c, tok = tok[:1], tok[1:]
        if c in ("s",):
            continue
        if c in ("E", "e"):
            continue
        if c == "p":
            if tok:
                _addr_space(tok)
            if not rest:
                raise _DLError("Missing size specification for pointer in datalayout string")
            t, rest = _split(rest, ":")
            if _bytes(t) == 0:
                raise _DLError("Invalid pointer size of 0 bytes")
            if not rest:
                raise _DLError("Missing alignment specification for pointer in datalayout "
                               "string")
            t, rest = _split(rest, ":")
            if not _pow2(_bytes(t)):
                raise _DLError("Pointer ABI alignment must be a power of 2")
            if rest:
                t, rest = _split(rest, ":")
                if not _pow2(_bytes(t)):
                    raise _DLError("Pointer preferred alignment must be a power of 2")
                if rest:
                    t, rest = _split(rest, ":")
                    _bytes(t)
            continue
        if c in ("i", "v", "f", "a"):
            if c == "a":
                if tok and _int(tok) != 0:
                    raise _DLError("Sized aggregate specification in datalayout string")
            elif tok:
                _int(tok)
            elif c == "i":
                raise _DLError("Missing size specification for integer in datalayout string")
            if not rest:
                raise _DLError("Missing alignment specification in datalayout string")
            t, rest = _split(rest, ":")
            abi = _bytes(t)
            if c != "a" and abi == 0:
                raise _DLError("ABI alignment specification must be >0 for non-aggregate types")
            if abi and not _pow2(abi):
                raise _DLError("Invalid ABI alignment, must be a power of 2")
            if rest:
                t, rest = _split(rest, ":")
                pref = _bytes(t)
                if pref and not _pow2(pref):
                    raise _DLError("Invalid preferred alignment, must be a power of 2")
                if pref < abi:
                    raise _DLError("Preferred alignment cannot be less than the ABI alignment")
            continue
        if c == "n":
            t = tok
            while True:
                if _int(t) == 0:
                    raise _DLError("Zero width native integer type in datalayout string")
                if not rest:
                    break
                t, rest = _split(rest, ":")
            continue
        if c == "S":
            a = _bytes(tok)
            if a and not _pow2(a):
                raise _DLError("Alignment is neither 0 nor a power of 2")
            continue
        if c == "F":
            kind, tok = tok[:1], tok[1:]
            if kind not in ("i", "n"):
                raise _DLError("Unknown function pointer alignment type in datalayout string")
            a = _bytes(tok)
            if a and not _pow2(a):
                raise _DLError("Alignment is neither 0 nor a power of 2")
            continue
        if c in ("P", "A", "G"):
            _addr_space(tok)
            continue
        if c == "m":
            if tok:
                raise _DLError("Unexpected trailing characters after mangling specifier in "
                               "datalayout string")
            if not rest:
                raise _DLError("Expected mangling specifier in datalayout string")
            if len(rest) > 1:
                raise _DLError("Unknown mangling specifier in datalayout string")
            if rest not in "elmowxa":
                raise _DLError("Unknown mangling in datalayout string")
            continue
        raise _DLError("Unknown specifier in datalayout string")


def verify_llvm_attribute(op, name, a):
    if name != "llvm.data_layout":
        return
    if type(a) is not StringAttr:
        raise op_error(op, "expected 'llvm.data_layout' to be a string attributes")
    try:
        check_data_layout(a.value)
    except _DLError as e:
        raise op_error(op, "invalid data layout descriptor: " + str(e)) from None
