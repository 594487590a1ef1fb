"""Attributes of intrinsic declarations (`nocapture`, `immarg`, `memory(...)`, ...).

LLVM gives every intrinsic declaration its attributes from its own intrinsic table. We ask our
LLVM (llvmlite) for them: the plain declarations are parsed and printed back, and the printed
attributes are read off. llvmlite's LLVM is newer than 19, so its spelling is mapped back to
LLVM 19's (`captures(none)` was `nocapture`), and the few intrinsics whose signature or
properties changed since are adjusted (_SIG_CHANGES, _NOT_IN_19).
"""
from __future__ import annotations

import re

from pytranslate.export.attributes import Attr, KIND_ORDER

_CACHE = {}  # intrinsic name -> (fn attrs, ret attrs, [param attrs]) as lists of texts
# Newer LLVMs turn debug intrinsic declarations into records on parsing: LLVM 19's attributes.
_DBG_ATTRS = ["nocallback", "nofree", "nosync", "nounwind", "speculatable", "willreturn",
              "memory(none)"]
for _n in ("llvm.dbg.value", "llvm.dbg.declare", "llvm.dbg.label", "llvm.dbg.assign"):
    _CACHE[_n] = (_DBG_ATTRS, [], [])

# Parameters newer LLVMs dropped: name prefix -> (index of the dropped parameter, its attrs).
_SIG_CHANGES = {
    "llvm.masked.load.": (1, ["immarg"]), "llvm.masked.store.": (2, ["immarg"]),
    "llvm.masked.gather.": (1, ["immarg"]), "llvm.masked.scatter.": (2, ["immarg"]),
    "llvm.lifetime.start.": (0, ["immarg"]), "llvm.lifetime.end.": (0, ["immarg"]),
}
# Attributes newer LLVMs give but LLVM 19 did not: name prefix -> attribute kinds to drop.
_NOT_IN_19 = {
    "llvm.vp.": {"speculatable"}, "llvm.get.active.lane.mask.": {"speculatable"},
    "llvm.vector.deinterleave2.": {"speculatable"}, "llvm.vector.interleave2.": {"speculatable"},
    "llvm.ubsantrap": {"memory"}, "llvm.experimental.stepvector.": {"speculatable"},
    "llvm.vscale.": {"speculatable"},
}
# Attributes LLVM 19 gave that newer LLVMs dropped.
_ONLY_IN_19 = {"llvm.coro.end": ["nounwind"]}
_DROP = {"nocreateundeforpoison"}
# Newer names of intrinsics renamed since LLVM 19 (probed under the new name).
_RENAMED = {"llvm.experimental.stepvector.": "llvm.stepvector."}


class RawAttr(Attr):
    """An attribute kept in its printed form (sorted by its kind like the others)."""
    __slots__ = ("raw",)

    def __init__(self, raw):
        kind = re.match(r"[a-z_]+", raw).group(0)
        super().__init__(kind)
        self.raw = raw

    def text(self, in_group=False):
        return self.raw


def _split_top(s):
    out, depth, cur = [], 0, []
    for ch in s:
        if ch in "<{[(":
            depth += 1
        elif ch in ">}])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


_ATTR_TOKEN = re.compile(r'"[^"]*"(?:="[^"]*")?|[a-z_]+(?:\([^()]*(?:\([^()]*\))?[^()]*\))?'
                         r'(?:\s+\d+)?|\S+')


def _tokens(text):
    return [t for t in _ATTR_TOKEN.findall(text.strip()) if t]


def _to_19(tokens, name):
    drop = set(_DROP)
    for prefix, kinds in _NOT_IN_19.items():
        if name.startswith(prefix) or name == prefix.rstrip("."):
            drop |= kinds
    out = []
    for tok in tokens:
        if tok == "captures(none)":
            tok = "nocapture"
        elif tok.startswith("captures("):
            continue
        kind = re.match(r"[a-z_]*", tok).group(0)
        if kind in drop:
            continue
        if kind == "memory":
            parts = [p.strip() for p in tok[7:-1].split(",")]
            parts = [p for p in parts if not p.startswith(("errnomem", "target_mem"))]
            if not parts:
                continue
            tok = "memory(" + ", ".join(parts) + ")"
        if kind not in KIND_ORDER and not tok.startswith('"'):
            continue
        out.append(tok)
    return out


def _probe_name(name):
    for old, new in _RENAMED.items():
        if name.startswith(old):
            return new + name[len(old):]
    return name


def _probe(funcs):
    """Fills _CACHE for `funcs` (FunctionInfo of intrinsic declarations)."""
    import llvmlite.binding as llvm
    lines, meta = [], []
    for f in funcs:
        params = list(f.params)
        change = next((c for p, c in _SIG_CHANGES.items() if f.name.startswith(p)), None)
        if change is not None and change[0] < len(params):
            del params[change[0]]
        pname = _probe_name(f.name)
        if getattr(f, "var_arg", False):
            params.append("...")
        lines.append(f"declare {f.ret} @\"{pname}\"({', '.join(params)})")
        meta.append((f, pname, change))
    try:
        text = str(llvm.parse_assembly("\n".join(lines) + "\n"))
    except RuntimeError:
        if len(funcs) > 1:
            for f in funcs:
                _probe([f])
        else:
            _CACHE[funcs[0].name] = None
        return
    groups = dict(re.findall(r"^attributes #(\d+) = \{ (.*) \}$", text, re.M))
    decls = {}
    for line in re.findall(r"^declare .*$", text, re.M):
        m = re.match(r'declare (.*?)@"?([^"(]+)"?\((.*)\)(?: #(\d+))?$', line)
        if m:
            decls[m.group(2)] = m.groups()
    for f, pname, change in meta:
        d = decls.get(pname)
        if d is None:
            _CACHE[f.name] = None
            continue
        head, _, params, group = d
        ret_attrs = head[:len(head) - len(f.ret) - 1] if head.endswith(f.ret + " ") else ""
        fn = _to_19(_tokens(groups.get(group, "")), f.name) if group else []
        fn += [a for a in _ONLY_IN_19.get(f.name, []) if a not in fn]
        rets = _to_19(_tokens(ret_attrs), f.name)
        ptexts = _split_top(params)
        pattrs = []
        probe_params = [p for i, p in enumerate(f.params)
                        if change is None or i != change[0]]
        for ty, ptext in zip(probe_params, ptexts):
            rest = ptext[len(ty):] if ptext.startswith(ty) else ""
            pattrs.append(_to_19(_tokens(rest), f.name))
        if change is not None and change[0] <= len(pattrs):
            pattrs.insert(change[0], list(change[1]))
        _CACHE[f.name] = (fn, rets, pattrs)


def add_intrinsic_attributes(intrinsics):
    todo = [f for name, f in intrinsics.items()
            if f is not None and name.startswith("llvm.") and name not in _CACHE]
    if todo:
        try:
            _probe(todo)
        except ImportError:  # pragma: no cover
            return
    for name, f in intrinsics.items():
        entry = _CACHE.get(name) if f is not None else None
        if entry is None:
            continue
        fn, rets, pattrs = entry
        for a in fn:
            f.fn_attrs.items[(False, RawAttr(a).kind)] = RawAttr(a)
        for a in rets:
            f.ret_attrs.items[(False, RawAttr(a).kind)] = RawAttr(a)
        for i, attrs in enumerate(pattrs[:len(f.arg_attrs)]):
            for a in attrs:
                f.arg_attrs[i].items[(False, RawAttr(a).kind)] = RawAttr(a)
