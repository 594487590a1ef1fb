"""The module's `target datalayout` string (MLIR 19's translateDataLayout): `llvm.data_layout`
verbatim, else the module's data layout spec rendered entry by entry in spec order, identifier
entries first (`e`/`E`, `P`, `G`, `A`, `S`), then one specifier per int/float/pointer type
entry with the size and alignments MLIR's data layout queries give for it."""
from __future__ import annotations

from pyopt.ir.types import IntegerType, FloatType, IndexType
from pyopt.dialects.llvm.types import LLVMPointerType

# identifier key -> specifier letter (the value 0, the default, is not written)
_SPACES = {"dlti.program_memory_space": "P", "dlti.global_memory_space": "G",
           "dlti.alloca_memory_space": "A", "dlti.stack_alignment": "S"}
# float types LLVM's layout string can describe
_LAYOUT_FLOATS = frozenset(("f16", "f32", "f64", "f80", "f128"))


class DataLayoutError(Exception):
    pass


def module_spec(module_op):
    """The first attribute (in name order) holding a `#dlti.dl_spec`, as ModuleOp finds it."""
    from pyopt.dialects.dlti import DataLayoutSpecAttr
    attrs = module_op.attributes
    for name in sorted(attrs):
        if type(attrs[name]) is DataLayoutSpecAttr:
            return attrs[name]
    return None


def data_layout_string(module_op):
    """The layout text, "" when there is none; raises DataLayoutError with 19's message."""
    dl = module_op.attributes.get("llvm.data_layout")
    if dl is not None:
        return dl.value
    spec = module_spec(module_op)
    if spec is None:
        return ""
    parts = []
    for e in spec.entries:
        key = e.key
        if not isinstance(key, str):
            continue
        if key == "dlti.endianness":
            parts.append("e" if getattr(e.value, "value", None) == "little" else "E")
            continue
        letter = _SPACES.get(key)
        if letter is None:
            raise DataLayoutError(f'unsupported data layout key "{key}"')
        v = _uint(e.value)
        if v:
            parts.append(f"{letter}{v}")
    q = _Queries(spec.entries)
    for e in spec.entries:
        t = e.key
        if isinstance(t, str) or type(t) is IndexType:
            continue
        if type(t) is IntegerType or (type(t) is FloatType and t.kind in _LAYOUT_FLOATS):
            if type(t) is IntegerType and not t.is_signless:
                raise DataLayoutError(f"unsupported data layout for non-signless integer '{t}'")
            abi, pref = q.scalar(t)
            s = f"{'i' if type(t) is IntegerType else 'f'}{t.width}:{abi}"
            parts.append(s if abi == pref else f"{s}:{pref}")
        elif type(t) is LLVMPointerType:
            size, abi, pref, index = q.pointer(t)
            parts.append(f"p{t.address_space}:{size}:{abi}:{pref}:{index}")
        else:
            raise DataLayoutError(f"unsupported type in data layout: '{t}'")
    return "-".join(parts)


def _uint(a):
    v = getattr(a, "value", 0)
    if not isinstance(v, int):
        return 0
    w = getattr(getattr(a, "type", None), "width", 64)
    return v & ((1 << w) - 1)


def _values(a):
    vals = getattr(a, "all_values", None)
    if vals is not None:
        return [int(v) & (2 ** 64 - 1) for v in vals()]
    v = getattr(a, "value", None)
    return [int(v)] if isinstance(v, int) else []


class _Queries:
    """The alignments MLIR's DataLayout reports for the spec's own type entries, in bits
    (queries answer whole bytes: sub-byte values round down)."""

    def __init__(self, entries):
        self.ints = {}  # width -> values; the first entry of a width wins
        self.others = {}
        for e in entries:
            k = e.key
            if type(k) is IntegerType:
                self.ints.setdefault(k.width, _values(e.value))
            elif not isinstance(k, str):
                self.others.setdefault(k, _values(e.value))

    def scalar(self, t):
        if type(t) is IntegerType:
            # the entry of the narrowest integer at least as wide, else of the widest
            widths = sorted(self.ints)
            w = next((w for w in widths if w >= t.width), widths[-1])
            vals = self.ints[w]
        else:
            vals = self.others[t]
        return vals[0] // 8 * 8, vals[-1] // 8 * 8

    def pointer(self, t):
        vals = self.others[t]
        size = vals[0]
        index = vals[3] if len(vals) > 3 else size
        return size, vals[1] // 8 * 8, vals[2] // 8 * 8, index


def check_layout_text(text):
    """The message of LLVM's layout parser for a string it rejects (a fatal error in LLVM 19),
    else None."""
    from pyopt.dialects.llvm.datalayout import check_data_layout, _DLError
    try:
        check_data_layout(text)
    except _DLError as e:
        return str(e)
    return None
