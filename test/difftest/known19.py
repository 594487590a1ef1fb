"""Differences from mlir-translate-19 where 19 is wrong and pytranslate is right on purpose
(docs/differences-from-19.md), recognised in the two tools' outputs so that a differential
tester can report them as such instead of as a difference to fix.

    from known19 import classify_export_diff
    reason = classify_export_diff(ours_ll_text, ref_ll_text)   # None: not explained

Known so far (export, --mlir-to-llvmir):
- a splat dense attribute of negative zeros translated into an LLVM array (e.g.
  `dense<-0.0> : tensor<4xf32>` as `!llvm.array<4 x f32>`, which is what a memref.global
  lowers to): 19 writes `zeroinitializer`, i.e. +0.0 (it asks whether the splat value is
  zero, which -0.0 is), where the value is -0.0 in every element; pytranslate writes the
  elements. Vectors and scalars are not affected.
"""
from __future__ import annotations

import re

NEG_ZERO_SPLAT = "19 writes a splat -0.0 array as zeroinitializer (+0.0)"

# How LLVM writes a negative zero of each floating-point type.
_NEG_ZERO = {"half": "0xH8000", "bfloat": "0xR8000", "float": "-0.000000e+00",
             "double": "-0.000000e+00", "x86_fp80": "0xK80000000000000000000",
             "fp128": "0xL00000000000000008000000000000000",
             "ppc_fp128": "0xM80000000000000000000000000000000"}


def _as_text(t):
    return t.decode("utf-8", "replace") if isinstance(t, (bytes, bytearray)) else t


def _split_top(body):
    """The comma-separated items of an aggregate body (nesting respected)."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(body):
        if c in "[<{(":
            depth += 1
        elif c in "]>})":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(body[start:i])
            start = i + 1
    items.append(body[start:])
    return items


def _strip_type(item):
    """(type, value) of an aggregate element `TYPE VALUE`: a scalar type is a word, an
    array or vector type is bracketed (`[2 x float] [...]`, `<4 x float> <...>`)."""
    item = item.strip()
    if item[:1] in ("[", "<"):
        close = _matching(item, 0)
        return item[:close + 1], item[close + 1:].strip()
    ty, _, value = item.partition(" ")
    return ty, value.strip()


def _matching(text, i):
    depth = 0
    for j in range(i, len(text)):
        if text[j] in "[<{(":
            depth += 1
        elif text[j] in "]>})":
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


def is_negative_zero_aggregate(value, ty=None):
    """Whether `value` (an LLVM constant without its type, e.g. `[float -0.0e+00, ...]`) is
    an array or vector whose every element is a floating-point negative zero."""
    value = value.strip()
    if ty is not None and ty in _NEG_ZERO:
        return value == _NEG_ZERO[ty]
    if len(value) < 2 or (value[0], value[-1]) not in (("[", "]"), ("<", ">")):
        return False
    items = _split_top(value[1:-1])
    if not items or not all(i.strip() for i in items):
        return False
    for item in items:
        ety, ev = _strip_type(item)
        if not ev:
            return False
        if ety in _NEG_ZERO:
            if ev != _NEG_ZERO[ety]:
                return False
        elif not is_negative_zero_aggregate(ev):
            return False
    return True


def _line_explained(ours, ref):
    """Whether `ours` is `ref` with some of its zeroinitializers written out as arrays of
    negative zeros (at least one)."""
    parts = ref.split("zeroinitializer")
    if len(parts) < 2:
        return False
    pattern = "(.+?)".join(re.escape(p) for p in parts)
    m = re.fullmatch(pattern, ours, re.S)
    if m is None:
        return False
    written = [g for g in m.groups() if g != "zeroinitializer"]
    return bool(written) and all(is_negative_zero_aggregate(g) for g in written)


def classify_export_diff(ours_text, ref_text):
    """A reason (str) when the LLVM IR texts differ only in ways where mlir-translate-19 is
    known to be wrong, else None (also None when they do not differ)."""
    ours, ref = _as_text(ours_text).splitlines(), _as_text(ref_text).splitlines()
    if len(ours) != len(ref) or ours == ref:
        return None
    for o, r in zip(ours, ref):
        if o != r and not _line_explained(o, r):
            return None
    return NEG_ZERO_SPLAT
