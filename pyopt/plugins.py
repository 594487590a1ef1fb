"""Plugins: user Python files (or installed packages) that add dialects and passes.

`pyopt --load-dialect-plugin=my.py` (also `--load-pass-plugin`) runs `my.py` as a module before
the pipeline is built. The file registers passes with `@register_pass` and dialects either with
`register_dialect(d)` or by defining a module-level `DIALECTS = [d, ...]`. Installed packages do
the same through the `pyopt.plugins` entry-point group (the entry point names a module or a
function called with no arguments).
"""
from __future__ import annotations

import importlib.util
import os
import sys

_DIALECTS = []
_LOADED = {}
_ENTRY_POINTS_LOADED = False


def register_dialect(dialect):
    if all(d.name != dialect.name for d in _DIALECTS):
        _DIALECTS.append(dialect)
    return dialect


def plugin_dialects():
    return list(_DIALECTS)


def load_plugin(path):
    """Runs the plugin file `path` once; returns its module. Raises ImportError/OSError."""
    path = os.path.abspath(path)
    mod = _LOADED.get(path)
    if mod is not None:
        return mod
    if not os.path.isfile(path):
        raise OSError(f"plugin file not found: {path}")
    name = "pyopt_plugin_" + os.path.splitext(os.path.basename(path))[0].replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    for d in getattr(mod, "DIALECTS", ()):
        register_dialect(d)
    _LOADED[path] = mod
    return mod


def load_entry_points():
    """Loads every `pyopt.plugins` entry point (once)."""
    global _ENTRY_POINTS_LOADED
    if _ENTRY_POINTS_LOADED:
        return
    _ENTRY_POINTS_LOADED = True
    for value in _scan_entry_points("pyopt.plugins"):
        mod, _, attr = value.partition(":")
        obj = importlib.import_module(mod.strip())
        for part in filter(None, attr.strip().split(".")):
            obj = getattr(obj, part)
        if not isinstance(obj, type(sys)) and callable(obj):
            obj()
        for d in getattr(obj, "DIALECTS", ()):
            register_dialect(d)


def _scan_entry_points(group):
    """Values of `group` in installed distributions' entry_points.txt. (A direct scan: the
    importlib.metadata one costs ~40 ms, too much for every pyopt start.)"""
    header = f"[{group}]"
    seen = set()
    for d in sys.path:
        try:
            names = os.listdir(d or ".")
        except OSError:
            continue
        for n in names:
            if not n.endswith((".dist-info", ".egg-info")) or n in seen:
                continue
            seen.add(n)
            try:
                with open(os.path.join(d, n, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            if header not in text:
                continue
            section = None
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("["):
                    section = line
                elif section == header and "=" in line:
                    yield line.split("=", 1)[1].strip()


PLUGIN_FLAGS = ("--load-dialect-plugin", "--load-pass-plugin")


def take_plugin_args(argv):
    """Loads the plugins named in argv (`--load-dialect-plugin=f` or `... f`) and returns argv
    without them; None after reporting an error."""
    out, i = [], 0
    while i < len(argv):
        a = argv[i]
        flag, eq, val = a.partition("=")
        if flag in PLUGIN_FLAGS:
            if not eq:
                if i + 1 >= len(argv):
                    sys.stderr.write(f"pyopt: for the {flag} option: requires a value!\n")
                    return None
                val = argv[i + 1]
                i += 1
            try:
                load_plugin(val)
            except Exception as e:  # as mlir-opt: say so and go on without it
                what = "dialect plugin" if flag == "--load-dialect-plugin" else "passes"
                sys.stderr.write(f"Failed to load {what} from '{val}'. Request ignored.\n")
                if os.environ.get("PYOPT_TRACEBACK"):
                    sys.stderr.write(f"  ({type(e).__name__}: {e})\n")
        else:
            out.append(a)
        i += 1
    return out


def load_plugins_from_args(argv):
    """The CLI's entry: entry-point plugins, then the files named on the command line."""
    try:
        load_entry_points()
    except Exception as e:
        sys.stderr.write(f"pyopt: failed to load a pyopt.plugins entry point: "
                         f"{type(e).__name__}: {e}\n")
        return None
    return take_plugin_args(argv)
