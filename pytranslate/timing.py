"""`--mlir-timing`: MLIR's execution time report (DefaultTimingManager) in its text and JSON
layouts, list or tree display. Timers nest by name; a name met again (another input chunk)
adds to the same timer."""
from __future__ import annotations

import time

_RULE = "===" + "-" * 73 + "==="
_TITLE = "... Execution time report ..."


class Timer:
    __slots__ = ("name", "wall", "children", "_start")

    def __init__(self, name):
        self.name = name
        self.wall = 0.0
        self.children = {}
        self._start = None

    def nest(self, name):
        t = self.children.get(name)
        if t is None:
            t = self.children[name] = Timer(name)
        return t

    def start(self):
        self._start = time.perf_counter()

    def stop(self):
        if self._start is not None:
            self.wall += time.perf_counter() - self._start
            self._start = None


class TimingReport:
    def __init__(self, display="tree", fmt="text"):
        self.display = display
        self.fmt = fmt
        self.root = Timer("root")  # hidden in the tree display
        self.root.start()

    def nest(self, name):
        return self.root.nest(name)

    def text(self):
        self.root.stop()
        total = self.root.wall or 1e-12
        out = []
        json = self.fmt == "json"

        def times(t):
            pct = 100.0 * t / total
            if json:
                return f'"wall": {{"duration": {t:8.4f}, "percentage": {pct:5.1f}}}'
            return f"  {t:8.4f} ({pct:5.1f}%)  "

        def entry(name, t, last=False):
            if json:
                out.append(f'{{{times(t)}, "name": "{name}"}}' + ("" if last else ",") + "\n")
            else:
                out.append(f"{times(t)}{name}\n")

        if json:
            out.append("[\n")
        else:
            out.append(f"{_RULE}\n{' ' * ((80 - len(_TITLE)) // 2)}{_TITLE}\n{_RULE}\n")
            out.append(f"  Total Execution Time: {self.root.wall:.4f} seconds\n\n")
            out.append("  ----Wall Time----  ----Name----\n")
        if self.display == "list":
            merged = {}

            def add(t):
                merged[t.name] = merged.get(t.name, 0.0) + t.wall
                for c in t.children.values():
                    add(c)
            add(self.root)
            for name, t in sorted(merged.items(), key=lambda kv: -kv[1]):
                entry(name, t)
        else:
            def tree(t, indent):
                if json:
                    out.append(" " * indent + f'{{{times(t.wall)}, "name": "{t.name}", '
                               f'"passes": [\n')
                else:
                    out.append(f"{times(t.wall)}{' ' * indent}{t.name}\n")
                for c in t.children.values():
                    tree(c, indent + 2)
                if json:
                    out.append(" " * indent + "{}]},\n")
            for c in self.root.children.values():
                tree(c, 0)
        rest = self.root.wall - sum(c.wall for c in self.root.children.values())
        entry("Rest", rest)
        entry("Total", self.root.wall, last=True)
        if json:
            out.append("]\n")
        return "".join(out)
