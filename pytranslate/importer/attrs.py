"""Function/parameter attributes and the data layout, as MLIR 19's importer spells them."""
from __future__ import annotations

import re

from pytranslate.importer.lltypes import mlir_str

# ---------------------------------------------------------------------------- data layout
_DEFAULT_DL = ("e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:32:64-"
               "f16:16:16-f64:64:64-f128:128:128")
_FLOAT_BY_WIDTH = {16: "f16", 32: "f32", 64: "f64", 80: "f80", 128: "f128"}


class DataLayoutError(Exception):
    """The data layout token the importer cannot translate."""


def _int_prefix(s):
    """consumeInteger: (value, rest) of a leading decimal number, or None."""
    m = re.match(r"\d+", s)
    if m is None:
        return None
    return int(m.group()), s[m.end():]


def _int_list(s):
    """`:a:b:c` -> [a, b, c], or None when an entry is not a number."""
    if s.startswith(":"):
        s = s[1:]
    parts = s.split(":")
    if not all(p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


def _vec(vals):
    if all(v == vals[0] for v in vals):
        body = str(vals[0])
    else:
        body = "[" + ", ".join(map(str, vals)) + "]"
    return f"dense<{body}> : vector<{len(vals)}xi64>"


_SPACE_KEYS = {"P": '"dlti.program_memory_space"', "G": '"dlti.global_memory_space"',
               "A": '"dlti.alloca_memory_space"'}


def data_layout_attr(layout, warn):
    """The #dlti.dl_spec of a data layout string, as DataLayoutImporter builds it on top
    of the default layout. Raises DataLayoutError(token) for a malformed token; warns about
    tokens it does not model."""
    s = layout + "-" + _DEFAULT_DL if layout else _DEFAULT_DL
    types, keys = {}, {}
    for tok in s.split("-"):
        m = re.match(r"[A-Za-z]*", tok)
        prefix = m.group()
        rest = tok[len(prefix):]
        if not prefix:
            raise DataLayoutError(tok)
        if prefix in ("e", "E"):
            if '"dlti.endianness"' not in keys:
                if rest:
                    raise DataLayoutError(tok)
                keys['"dlti.endianness"'] = '"little"' if prefix == "e" else '"big"'
            continue
        if prefix in ("P", "G", "A", "S"):
            key = _SPACE_KEYS.get(prefix, '"dlti.stack_alignment"')
            if key in keys:
                continue
            v = _int_prefix(rest)
            if v is None:
                raise DataLayoutError(tok)
            # only non-default values are recorded
            keys[key] = None if v[0] == 0 else \
                (f"{v[0]} : i64" if prefix == "S" else f"{v[0]} : ui64")
            continue
        if prefix in ("i", "f"):
            v = _int_prefix(rest)
            if v is None:
                raise DataLayoutError(tok)
            t = f"i{v[0]}" if prefix == "i" else _FLOAT_BY_WIDTH.get(v[0])
            if t in types:
                continue
            al = _int_list(v[1])
            if t is None or not al or len(al) > 2:
                raise DataLayoutError(tok)
            types[t] = _vec([al[0], al[-1]])
            continue
        if prefix == "p":
            if rest.startswith(":"):
                space, rest = 0, rest
            else:
                v = _int_prefix(rest)
                if v is None:
                    raise DataLayoutError(tok)
                space, rest = v
            t = "!llvm.ptr" if space == 0 else f"!llvm.ptr<{space}>"
            if t in types:
                continue
            al = _int_list(rest)
            if al is None or len(al) < 2 or len(al) > 4:
                raise DataLayoutError(tok)
            size, abi = al[0], al[1]
            pref = al[2] if len(al) > 2 else abi
            idx = al[3] if len(al) > 3 else size
            types[t] = _vec([size, abi, pref, idx])
            continue
        warn(f"unhandled data layout token: {tok}")
    entries = [f"#dlti.dl_entry<{t}, {v}>" for t, v in types.items()]
    entries += [f"#dlti.dl_entry<{k}, {v}>" for k, v in keys.items() if v is not None]
    return "#dlti.dl_spec<" + ", ".join(entries) + ">"


# ---------------------------------------------------------------------------- attributes
def expand_groups(attrs, groups):
    out = []
    for k, v in attrs:
        if k == "#":
            out.extend(groups.get(v, ()))
        else:
            out.append((k, v))
    return out


# LLVM attribute name -> MLIR parameter attribute name (getAttrKindToNameMapping order).
PARAM_ATTRS = {"align": "llvm.align", "allocalign": "llvm.allocalign",
               "allocptr": "llvm.allocptr", "byref": "llvm.byref", "byval": "llvm.byval",
               "dereferenceable": "llvm.dereferenceable",
               "dereferenceable_or_null": "llvm.dereferenceable_or_null",
               "elementtype": "llvm.elementtype", "inalloca": "llvm.inalloca",
               "inreg": "llvm.inreg", "nest": "llvm.nest", "noalias": "llvm.noalias",
               "nocapture": "llvm.nocapture", "nofree": "llvm.nofree",
               "nonnull": "llvm.nonnull", "noundef": "llvm.noundef",
               "preallocated": "llvm.preallocated", "readnone": "llvm.readnone",
               "readonly": "llvm.readonly", "returned": "llvm.returned",
               "signext": "llvm.signext", "alignstack": "llvm.alignstack",
               "sret": "llvm.sret", "swiftasync": "llvm.swiftasync",
               "swifterror": "llvm.swifterror", "swiftself": "llvm.swiftself",
               "writeonly": "llvm.writeonly", "zeroext": "llvm.zeroext",
               "immarg": "llvm.immarg", "noext": "llvm.noext"}


def param_attrs(attrs):
    out = {}
    for k, v in attrs:
        name = PARAM_ATTRS.get(k)
        if name is None:
            continue
        if v is None:
            out[name] = name
        elif isinstance(v, int):
            out[name] = f"{name} = {v} : i64"
        elif hasattr(v, "mlir"):
            out[name] = f"{name} = {v.mlir()}"
    return [out[k] for k in sorted(out)]


# Record names in LLVM's Attributes.td: enum attributes are ordered by these.
_RECORD = {"alwaysinline": "AlwaysInline", "builtin": "Builtin", "cold": "Cold",
           "convergent": "Convergent", "disable_sanitizer_instrumentation":
           "DisableSanitizerInstrumentation", "fn_ret_thunk_extern": "FnRetThunkExtern",
           "hot": "Hot", "hybrid_patchable": "HybridPatchable", "inlinehint": "InlineHint",
           "jumptable": "JumpTable", "minsize": "MinSize", "mustprogress": "MustProgress",
           "naked": "Naked", "nobuiltin": "NoBuiltin", "nocallback": "NoCallback",
           "nocf_check": "NoCfCheck", "noduplicate": "NoDuplicate", "nofree": "NoFree",
           "noimplicitfloat": "NoImplicitFloat", "noinline": "NoInline",
           "nomerge": "NoMerge", "noprofile": "NoProfile", "norecurse": "NoRecurse",
           "noredzone": "NoRedZone", "noreturn": "NoReturn",
           "nosanitize_bounds": "NoSanitizeBounds", "nosanitize_coverage":
           "NoSanitizeCoverage", "nosync": "NoSync", "nounwind": "NoUnwind",
           "null_pointer_is_valid": "NullPointerIsValid", "optforfuzzing": "OptForFuzzing",
           "optnone": "OptimizeNone", "optsize": "OptimizeForSize", "presplitcoroutine":
           "PresplitCoroutine", "returns_twice": "ReturnsTwice", "safestack": "SafeStack",
           "sanitize_address": "SanitizeAddress", "sanitize_hwaddress": "SanitizeHWAddress",
           "sanitize_memory": "SanitizeMemory", "sanitize_memtag": "SanitizeMemTag",
           "sanitize_thread": "SanitizeThread", "shadowcallstack": "ShadowCallStack",
           "skipprofile": "SkipProfile", "speculatable": "Speculatable",
           "speculative_load_hardening": "SpeculativeLoadHardening", "ssp": "StackProtect",
           "sspreq": "StackProtectReq", "sspstrong": "StackProtectStrong",
           "strictfp": "StrictFP", "willreturn": "WillReturn", "writable": "Writable",
           "nonlazybind": "NonLazyBind", "noinline_": "NoInline",
           "allockind": "~AllocKind", "allocsize": "~AllocSize", "uwtable": "~UWTable",
           "alignstack": "~StackAlignment", "vscale_range": "~VScaleRange",
           "memory": "~Memory"}

_EXPLICIT = {"aarch64_in_za", "aarch64_inout_za", "aarch64_new_za", "aarch64_out_za",
             "aarch64_preserves_za", "aarch64_pstate_sm_body", "aarch64_pstate_sm_compatible",
             "aarch64_pstate_sm_enabled", "alwaysinline", "approx-func-fp-math",
             "convergent", "denormal-fp-math", "denormal-fp-math-f32", "fp-contract",
             "frame-pointer", "no-infs-fp-math", "no-nans-fp-math", "no-signed-zeros-fp-math",
             "noinline", "nounwind", "optnone", "target-features", "tune-cpu",
             "unsafe-fp-math", "vscale_range", "willreturn"}

_MODREF = {"none": "none", "read": "read", "write": "write", "readwrite": "readwrite",
           "argmem": None}


def _memory(attrs):
    """(other, argMem, inaccessibleMem) or None for the default."""
    eff = None
    for k, v in attrs:
        if k == "readnone":
            eff = ["none"] * 3
        elif k == "readonly":
            eff = ["read"] * 3
        elif k == "writeonly":
            eff = ["write"] * 3
        elif k == "memory" and isinstance(v, tuple) and v[0] == "raw":
            body = v[1].strip()[1:-1].split(",")
            e = ["none"] * 3
            for part in body:
                loc, _, kind = part.rpartition(":")
                loc, kind = loc.strip(), kind.strip()
                if not loc:
                    e = [kind] * 3
                else:
                    idx = {"argmem": 1, "inaccessiblemem": 2}.get(loc)
                    if idx is not None:
                        e[idx] = kind
            eff = e
    if eff is None or eff == ["readwrite"] * 3:
        return None
    return eff


# AllocFnKind bits of LLVM's `allockind("...")`
ALLOC_KINDS = (("alloc", 1), ("realloc", 2), ("free", 4), ("uninitialized", 8),
               ("zeroed", 16), ("aligned", 32))


def _int_encoding(k, v):
    """The integer LLVM stores for `allockind("a,b")` (AllocFnKind bits) and `allocsize(e[,n])`
    (e << 32 | n, n = 0xFFFFFFFF when absent), or None for other attributes."""
    if k == "allockind" and isinstance(v, tuple) and v and v[0] == "raw":
        names = v[1].strip().strip("()").strip().strip('"').split(",")
        kinds = dict(ALLOC_KINDS)
        return sum(kinds.get(n.strip(), 0) for n in names)
    if k == "allocsize":
        if isinstance(v, int):
            return (v << 32) | 0xFFFFFFFF
        if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v):
            return (v[0] << 32) | v[1]
    return None


def function_attrs(attrs, warn):
    out = []
    names = {k for k, _ in attrs}
    mem = _memory(attrs)
    if mem is not None:
        out.append(f"memory = #llvm.memory_effects<other = {mem[0]}, argMem = {mem[1]}, "
                   f"inaccessibleMem = {mem[2]}>")
    enum, ints, strs = [], [], []
    for k, v in attrs:
        if k in ("memory", "readnone", "readonly", "writeonly"):
            continue
        if isinstance(v, tuple) and v and v[0] == "str":
            strs.append((k, v[1]))
            continue
        if k in _EXPLICIT:
            continue
        rec = _RECORD.get(k, k)
        enc = _int_encoding(k, v)
        if enc is not None:
            ints.append((rec, k, str(enc)))
        elif k == "uwtable":
            ints.append((rec, k, "2" if v is None else str(v)))
        elif isinstance(v, int):
            ints.append((rec, k, str(v)))
        elif isinstance(v, tuple) and v and v[0] == "raw":
            ints.append((rec, k, None))
        elif v is None:
            enum.append((rec, k))
    passthrough = []
    for _, k in sorted(enum):
        passthrough.append(mlir_str(k))
    for _, k, v in sorted(ints):
        passthrough.append(f"[{mlir_str(k)}, {mlir_str(v)}]" if v is not None else mlir_str(k))
    for k, v in sorted(strs):
        if k in _EXPLICIT:
            continue
        passthrough.append(f"[{mlir_str(k)}, {mlir_str(v)}]" if v else mlir_str(k))
    sd = dict(strs)
    if passthrough:
        out.append("passthrough = [" + ", ".join(passthrough) + "]")
    for k, attr in (("noinline", "no_inline"), ("alwaysinline", "always_inline"),
                    ("optnone", "optimize_none"), ("convergent", "convergent"),
                    ("nounwind", "no_unwind"), ("willreturn", "will_return")):
        if k in names:
            out.append(attr)
    for k, attr in (("aarch64_pstate_sm_enabled", "arm_streaming"),
                    ("aarch64_pstate_sm_body", "arm_locally_streaming"),
                    ("aarch64_pstate_sm_compatible", "arm_streaming_compatible")):
        if k in sd:
            out.append(attr)
            break
    for k, attr in (("aarch64_new_za", "arm_new_za"), ("aarch64_in_za", "arm_in_za"),
                    ("aarch64_out_za", "arm_out_za"), ("aarch64_inout_za", "arm_inout_za"),
                    ("aarch64_preserves_za", "arm_preserves_za")):
        if k in sd:
            out.append(attr)
            break
    if "frame-pointer" in sd:
        kind = sd["frame-pointer"]
        if not re.fullmatch(r"[A-Za-z_][\w$.]*", kind):
            kind = mlir_str(kind)
        out.append(f"frame_pointer = #llvm.framePointerKind<{kind}>")
    if "target-cpu" in sd:
        out.append(f"target_cpu = {mlir_str(sd['target-cpu'])}")
    if "tune-cpu" in sd:
        out.append(f"tune_cpu = {mlir_str(sd['tune-cpu'])}")
    if "target-features" in sd:
        feats = [f for f in sd["target-features"].split(",") if f]
        out.append("target_features = #llvm.target_features<[" +
                   ", ".join(mlir_str(f) for f in feats) + "]>")
    for k, attr in (("unsafe-fp-math", "unsafe_fp_math"), ("no-infs-fp-math", "no_infs_fp_math"),
                    ("no-nans-fp-math", "no_nans_fp_math"),
                    ("approx-func-fp-math", "approx_func_fp_math"),
                    ("no-signed-zeros-fp-math", "no_signed_zeros_fp_math")):
        if k in sd:
            out.append(f"{attr} = {'true' if sd[k] == 'true' else 'false'}")
    for k, attr in (("denormal-fp-math", "denormal_fp_math"),
                    ("denormal-fp-math-f32", "denormal_fp_math_f32"),
                    ("fp-contract", "fp_contract")):
        if k in sd:
            out.append(f"{attr} = {mlir_str(sd[k])}")
    return out


def vscale_range(attrs):
    """The ` vscale_range(lo, hi)` part of the llvm.func syntax, or ''."""
    for k, v in attrs:
        if k == "vscale_range":
            lo, hi = (v if isinstance(v, tuple) else (v, v))
            return f" vscale_range({lo}, {hi})"
    return ""


def is_convertible_intrinsic(name):
    from pytranslate.importer.intrinsics import intrinsic_op
    return intrinsic_op(name) is not None
