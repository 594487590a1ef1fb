"""LLVM IR attribute sets: kinds, their canonical order and spelling (LLVM 19 AsmWriter)."""
from __future__ import annotations

from pyopt.ir.attributes import TypeAttr, IntegerAttr, UnitAttr

# Attribute kinds in LLVM 19's enum order (enum, type, int, constant-range attributes):
# attribute sets print sorted by kind, string attributes last, sorted by key.
_KINDS = (
    "allocalign allocptr alwaysinline builtin cold convergent coro_only_destroy_when_complete "
    "dead_on_unwind disable_sanitizer_instrumentation fn_ret_thunk_extern hot hybrid_patchable "
    "immarg inreg inlinehint jumptable minsize mustprogress naked nest noalias nobuiltin "
    "nocallback nocapture nocf_check noduplicate nofree noimplicitfloat noinline nomerge "
    "noprofile norecurse noredzone noreturn nosanitize_bounds nosanitize_coverage nosync noundef "
    "nounwind nonlazybind nonnull null_pointer_is_valid optforfuzzing optdebug optsize optnone "
    "presplitcoroutine readnone readonly returned returns_twice signext safestack "
    "sanitize_address sanitize_hwaddress sanitize_memtag sanitize_memory "
    "sanitize_numerical_stability sanitize_thread shadowcallstack skipprofile speculatable "
    "speculative_load_hardening ssp sspreq sspstrong strictfp swiftasync swifterror swiftself "
    "willreturn writable writeonly zeroext byref byval elementtype inalloca preallocated sret "
    "align allockind allocsize dereferenceable dereferenceable_or_null memory nofpclass "
    "alignstack uwtable vscale_range range initializes").split()
KIND_ORDER = {k: i for i, k in enumerate(_KINDS)}
TYPE_KINDS = frozenset("byref byval elementtype inalloca preallocated sret".split())
INT_KINDS = frozenset("align allockind allocsize dereferenceable dereferenceable_or_null memory "
                      "nofpclass alignstack uwtable vscale_range".split())


class Attr:
    """One attribute: an enum kind (`value` None), a typed/int kind, or a string key=value."""
    __slots__ = ("kind", "value", "is_string")

    def __init__(self, kind, value=None, is_string=False):
        self.kind = kind
        self.value = value
        self.is_string = is_string

    def sort_key(self):
        if self.is_string:
            return (1, 0, self.kind, self.value or "")
        return (0, KIND_ORDER.get(self.kind, 999), "", "")

    def text(self, in_group=False):
        k, v = self.kind, self.value
        if self.is_string:
            s = '"' + k + '"'  # (LLVM prints the key unescaped)
            if v:
                s += '="' + _esc(v) + '"'
            return s
        if v is None:
            return k
        if k in TYPE_KINDS:
            return f"{k}({v})"
        if k in ("align", "alignstack"):
            if in_group:
                return f"{k}={v}"
            return f"{k} {v}" if k == "align" else f"{k}({v})"
        if k == "allocsize":
            elem, num = v >> 32, v & 0xFFFFFFFF
            return f"allocsize({elem})" if num == 0xFFFFFFFF else f"allocsize({elem},{num})"
        if k == "uwtable":
            return "uwtable" if v == 2 else "uwtable(sync)"
        if k == "allockind" and isinstance(v, int):
            from pytranslate.importer.attrs import ALLOC_KINDS
            return 'allockind("' + ",".join(n for n, bit in ALLOC_KINDS if v & bit) + '")'
        return f"{k}({v})"


from pytranslate.export.escape import escape as _esc  # noqa: E402


class AttrSet:
    """An ordered attribute set; adding a kind again replaces it (LLVM's AttrBuilder)."""

    def __init__(self):
        self.items = {}

    def add(self, kind, value=None, is_string=False):
        self.items[(is_string, kind)] = Attr(kind, value, is_string)

    def __bool__(self):
        return bool(self.items)

    def sorted(self):
        return sorted(self.items.values(), key=Attr.sort_key)

    def text(self, in_group=False):
        return " ".join(a.text(in_group) for a in self.sorted())


def param_attrs(dict_attr, tc, ctx_error):
    """convertParameterAttrs: `llvm.<kind>` entries of an argument/result dictionary."""
    s = AttrSet()
    if dict_attr is None:
        return s
    items = dict_attr.value.items() if hasattr(dict_attr.value, "items") else dict_attr.value
    for name, val in items:
        if not name.startswith("llvm."):
            continue
        kind = name[5:]
        if kind not in KIND_ORDER:
            continue
        tv = type(val)
        if tv is TypeAttr:
            s.add(kind, tc(val.value))
        elif tv is IntegerAttr:
            s.add(kind, val.value)
        elif tv is UnitAttr:
            s.add(kind)
    return s


_MODREF = {0: "none", 1: "read", 2: "write", 3: "readwrite"}


def memory_text(other, argmem, inaccessible):
    """MemoryEffects' printing: the `other` access as default, then the locations that differ."""
    parts = []
    union = other | argmem | inaccessible
    if other != 0 or union == other:
        parts.append(_MODREF[other])
    for name, mr in (("argmem", argmem), ("inaccessiblemem", inaccessible)):
        if mr != other:
            parts.append(f"{name}: {_MODREF[mr]}")
    return ", ".join(parts)
