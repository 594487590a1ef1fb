"""IRBuilder's folding of insertelement / extractelement on constants (LLVM 19's ConstantFolder):
a constant vector with a constant element inserted at a constant index is a new constant vector
(`<i32 1, i32 poison>`, or undef/poison/zeroinitializer when uniform), an element extracted from
one is that element; an index past the end gives poison. On scalable vectors the insert stays a
constant expression. Element lists of the vectors made here are remembered by their text."""
from __future__ import annotations

from pytranslate.export.constants import aggregate, elem_info, null_value

_OPEN = {"(": ")", "<": ">", "[": "]", "{": "}"}


def _split_top(body):
    """`body` split at the commas outside brackets and quotes."""
    parts, depth, start, quote = [], 0, 0, False
    for i, c in enumerate(body):
        if c == '"':
            quote = not quote
        elif quote:
            continue
        elif c in _OPEN:
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[start:i].strip())
            start = i + 1
    parts.append(body[start:].strip())
    return parts


def vector_elems(t, text, vt):
    """The element value texts of constant vector `text` of type `vt`, or None."""
    info = elem_info(vt)
    if info is None or info[2] != "vector":
        return None
    et, n = info[0], info[1]
    if text in ("undef", "poison"):
        return [text] * n
    if text == "zeroinitializer":
        return [null_value(et, t.tc)] * n
    known = t.m.aggregates.get((vt, text))
    if known is not None:
        return [v for _, v in known]
    if not (text.startswith("<") and text.endswith(">")):
        return None
    prefix = t.tc(et) + " "
    items = _split_top(text[1:-1])
    if len(items) != n or not all(x.startswith(prefix) for x in items):
        return None
    return [x[len(prefix):] for x in items]


def _index(text):
    """A constant index's unsigned value, "undef" for undef/poison, or None."""
    if text in ("undef", "poison"):
        return "undef"
    if text in ("true", "false"):
        return int(text == "true")
    if text.lstrip("-").isdigit():
        return int(text)
    return None


def fold_insertelement(t, vt, vec, elt, idx, idx_type):
    """The folded constant text, or None when LLVM would emit the instruction."""
    info = elem_info(vt)
    if info is None:
        return None
    i = _index(idx)
    if i == "undef":
        return "poison"
    if vec == "zeroinitializer" and elt == null_value(info[0], t.tc):
        return vec
    if info[2] == "svector" or i is None:  # not folded: a constant expression
        return (f"insertelement ({t.tc(vt)} {vec}, {t.tc(info[0])} {elt}, "
                f"{t.tc(idx_type)} {idx})")
    n = info[1]
    width = getattr(idx_type, "width", 64)
    if i < 0:
        i += 1 << width
    if i >= n:
        return "poison"
    elems = vector_elems(t, vec, vt)
    if elems is None:
        return None
    elems = list(elems)
    elems[i] = elt
    ets = t.tc(info[0])
    res = aggregate(vt, [(ets, v) for v in elems], t.tc)
    if res.startswith("<"):
        t.m.aggregates[(vt, res)] = [(info[0], v) for v in elems]
    return res


def fold_extractelement(t, vt, vec, idx, idx_type):
    info = elem_info(vt)
    if info is None:
        return None
    i = _index(idx)
    if vec == "poison" or i == "undef":
        return "poison"
    if vec == "undef":
        return "undef"
    expr = f"extractelement ({t.tc(vt)} {vec}, {t.tc(idx_type)} {idx})"
    if i is None:
        return expr
    width = getattr(idx_type, "width", 64)
    if i < 0:
        i += 1 << width
    if info[2] == "vector" and i >= info[1]:
        return "poison"
    if vec.startswith("insertelement ("):  # (an insert at a constant index: look through)
        parts = _split_top(vec[len("insertelement ("):-1])
        vts, ets = t.tc(vt) + " ", t.tc(info[0]) + " "
        if len(parts) == 3 and parts[0].startswith(vts) and parts[1].startswith(ets):
            j = _index(parts[2].split(" ", 1)[-1])
            if isinstance(j, int):
                if j == i:
                    return parts[1][len(ets):]
                return fold_extractelement(t, vt, parts[0][len(vts):], idx, idx_type)
    if vec == "zeroinitializer":
        return null_value(info[0], t.tc)
    if info[2] != "vector":
        return expr
    elems = vector_elems(t, vec, vt)
    return expr if elems is None else elems[i]


def parse_aggregate(t, text, ty, ets):
    """(element type, value text) pairs of an array/struct constant's text, or None (for
    constants printed here but not built by a fold, e.g. dense attributes)."""
    from pyopt.dialects.llvm.types import LLVMStructType
    if type(ty) is LLVMStructType:
        if ty.packed:
            if not (text.startswith("<{ ") and text.endswith(" }>")):
                return None
            body = text[3:-3]
        elif text.startswith("{ ") and text.endswith(" }"):
            body = text[2:-2]
        else:
            return None
    elif text.startswith("[") and text.endswith("]"):
        body = text[1:-1]
    elif text.startswith('c"') and text.endswith('"') and ets and \
            t.tc(ets[0]) == "i8":
        data = _unescape(text[2:-1])
        return None if len(data) != len(ets) else [(ets[0], str(b if b < 128 else b - 256))
                                                    for b in data]
    else:
        return None
    items = _split_top(body)
    if len(items) != len(ets):
        return None
    out = []
    for et, item in zip(ets, items):
        pre = t.tc(et) + " "
        if not item.startswith(pre):
            return None
        out.append((et, item[len(pre):]))
    return out


def _unescape(s):
    out = bytearray()
    i = 0
    raw = s.encode("utf-8", "surrogateescape")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and raw[i + 1:i + 2] == b"\\":
            out.append(0x5C)
            i += 2
        elif c == 0x5C:
            out.append(int(raw[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(c)
            i += 1
    return bytes(out)
