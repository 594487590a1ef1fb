"""`--mlir-timing`: nested timers and the execution time report, laid out as MLIR 19 lays it
out (text or JSON, as a tree or as a list merged by name).

The driver owns one root timer per processed chunk ("Parser", the pass timers, "Output");
the pass manager nests pipeline, pass and analysis timers under it. MLIR runs the ops of a
nested pipeline on worker threads when threading is on and there are at least two of them:
their timers then count as asynchronous children, whose time is added to the "user" time of
their parents, and the report grows a User Time column. We run them one after the other but
keep that bookkeeping, so the report has the same shape as mlir-opt's.
"""
from __future__ import annotations

import time

_RULE = "===" + "-" * 73 + "==="
_TITLE = "... Execution time report ..."


class Timer:
    __slots__ = ("name", "wall", "user", "children", "async_children", "hidden", "_start")

    def __init__(self, name):
        self.name = name
        self.wall = 0.0
        self.user = 0.0
        self.children = {}        # key -> Timer, in creation order
        self.async_children = {}  # the same, for work MLIR would run on other threads
        self.hidden = False
        self._start = None

    def nest(self, key, name, is_async=False):
        table = self.async_children if is_async else self.children
        t = table.get(key)
        if t is None:
            t = table[key] = Timer(name)
        return t

    def start(self):
        self._start = time.perf_counter()

    def stop(self):
        if self._start is not None:
            d = time.perf_counter() - self._start
            self.wall += d
            self.user += d
            self._start = None

    # -- finalisation (as MLIR merges the timers of other threads) ---------------------------
    def _add_async_user(self):
        added = sum(c._add_async_user() for c in self.children.values())
        for c in self.async_children.values():
            c._add_async_user()
            added += c.user
        self.user += added
        return added

    def _merge_async(self):
        for c in self.children.values():
            c._merge_async()
        for key, c in self.async_children.items():
            into = self.children.get(key)
            if into is None:
                self.children[key] = c
                c._merge_async()
            else:
                into.wall = max(into.wall, c.wall)
                into.user += c.user
                into.children.update({k: v for k, v in c.children.items()
                                      if k not in into.children})
                into.async_children.update(c.async_children)
                into._merge_async()
        self.async_children = {}

    def finalize(self):
        self._add_async_user()
        self._merge_async()


def report(root, display="tree", fmt="text"):
    """The report text for a finalized root timer."""
    total = (root.wall, root.user)
    out = _Json(total) if fmt == "json" else _Text(total)
    out.header()
    if display == "list":
        merged = {}

        def add(t):
            w, u = merged.get(t.name, (0.0, 0.0))
            merged[t.name] = (w + t.wall, u + t.user)
            for c in t.children.values():
                add(c)
        add(root)
        for name, (w, u) in sorted(merged.items(), key=lambda kv: -kv[1][0]):
            out.list_entry(name, w, u)
    else:
        def tree(t, indent):
            inner = indent
            if not t.hidden:
                out.tree_entry(indent, t.name, t.wall, t.user)
                inner += 2
            for c in t.children.values():
                tree(c, inner)
            if not t.hidden:
                out.tree_end(indent)
        tree(root, 0)
    rest_w = root.wall - sum(c.wall for c in root.children.values())
    rest_u = root.user - sum(c.user for c in root.children.values())
    out.list_entry("Rest", rest_w, rest_u)
    out.list_entry("Total", root.wall, root.user, last=True)
    out.footer()
    return "".join(out.parts)


def _pct(part, whole):
    return 100.0 * part / whole if whole else float("nan")


class _Text:
    def __init__(self, total):
        self.wall, self.user = total
        self.with_user = self.user != self.wall
        self.parts = []

    def header(self):
        pad = (80 - len(_TITLE)) // 2
        self.parts.append(f"{_RULE}\n{' ' * pad}{_TITLE}\n{_RULE}\n"
                          f"  Total Execution Time: {self.wall:.4f} seconds\n\n")
        self.parts.append(("  ----User Time----" if self.with_user else "")
                          + "  ----Wall Time----  ----Name----\n")

    def time(self, w, u):
        s = f"  {u:8.4f} ({_pct(u, self.user):5.1f}%)" if self.with_user else ""
        return s + f"  {w:8.4f} ({_pct(w, self.wall):5.1f}%)  "

    def list_entry(self, name, w, u, last=False):
        self.parts.append(f"{self.time(w, u)}{name}\n")

    def tree_entry(self, indent, name, w, u):
        self.parts.append(f"{self.time(w, u)}{' ' * indent}{name}\n")

    def tree_end(self, indent):
        pass

    def footer(self):
        pass


class _Json(_Text):
    def header(self):
        self.parts.append("[\n")

    def time(self, w, u):
        s = ""
        if self.with_user:
            s = f'"user": {{"duration": {u:8.4f}, "percentage": {_pct(u, self.user):5.1f}}}, '
        return s + f'"wall": {{"duration": {w:8.4f}, "percentage": {_pct(w, self.wall):5.1f}}}'

    def list_entry(self, name, w, u, last=False):
        self.parts.append(f'{{{self.time(w, u)}, "name": "{name}"}}{"" if last else ","}\n')

    def tree_entry(self, indent, name, w, u):
        self.parts.append(f'{" " * indent}{{{self.time(w, u)}, "name": "{name}", '
                          f'"passes": [\n')

    def tree_end(self, indent):
        self.parts.append(f'{" " * indent}{{}}]}},\n')

    def footer(self):
        self.parts.append("]\n")


class TimingReport:
    """A whole run's timers under a hidden root, for tools that time a few steps by name
    (pytranslate: the parser, the translation, the output)."""

    def __init__(self, display="tree", fmt="text"):
        self.display, self.fmt = display, fmt
        self.root = Timer("root")
        self.root.hidden = True
        self.root.start()

    def nest(self, name):
        return self.root.nest(name, name)

    def text(self):
        self.root.stop()
        self.root.finalize()
        return report(self.root, self.display, self.fmt)
