"""Pass registry and the flag form of pass pipelines (`--name` / `--name=opt=v opt2=v2`).

A pass is registered with a name, a summary, typed options and a run function
`run(module, ctx, options)`. The CLI turns pass flags into a pipeline in command-line order.
(The textual `--pass-pipeline=` syntax and op-anchored nesting build on this registry.)
"""
from __future__ import annotations

import sys

from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.location import UNKNOWN_LOC


class PassOption:
    """A typed pass option. `type_` is bool, int, str, list (comma separated) or a tuple of
    allowed words (an enum, e.g. region-simplify's disabled/normal/aggressive)."""

    def __init__(self, name, type_, default, help_="", list_like=False, value_desc=None,
                 elem=str):
        self.name = name
        self.type = type_
        self.default = default
        self.help = help_
        # the `=<...>` word of --help when not the type's default (llvm::cl's `<long>` for
        # int64_t lists, say)
        self.value_desc = value_desc
        self.elem = elem  # a list's element type: str, or int (checked as llvm::cl does)
        # a list upstream kept whole here (e.g. inline's op-pipelines): printed like a list
        self.list_like = list_like or type_ is list

    def convert(self, text):
        if isinstance(self.type, tuple):
            if text not in self.type:
                raise ValueError(f"Cannot find option named '{text}'!")
            return text
        if self.type is bool:
            if text in ("", "true", "1", "True"):
                return True
            if text in ("false", "0", "False"):
                return False
            raise ValueError(f"'{text}' is invalid value for boolean argument! Try 0 or 1")
        if self.type is int:
            return _int_value(text)
        if self.type is list:
            items = [x for x in text.split(",") if x]
            return [_int_value(x) for x in items] if self.elem is int else items
        return text


def _int_value(text):
    try:
        return int(text, 0)
    except ValueError:
        raise ValueError(f"'{text}' value invalid for long argument!")


class PassInfo:
    """A registered pass. `run(op, ctx, options)` transforms `op` in place (raise MLIRError on
    failure) and may return {statistic name: count}. `anchor` is the op name the pass is
    restricted to (None: op-agnostic); `display_name` is MLIR's class-like name used in IR dumps
    and timing ("CSE", "Canonicalizer")."""

    def __init__(self, name, summary, run, options=(), display_name=None, anchor=None,
                 statistics=()):
        self.name = name
        self.summary = summary
        self.run = run
        self.options = {o.name: o for o in options}
        self.display_name = display_name or "".join(w.capitalize() for w in name.split("-"))
        self.anchor = anchor
        self.statistics = dict(statistics)  # name -> description
        # instrumentation metadata (see passes/analysis_usage.py): the analyses the pass asks
        # for, which it preserves (a function of its statistics -> names or "all"), and the
        # statistics kept as a maximum instead of a sum
        self.analyses = ()
        self.preserves = None
        self.max_statistics = ()


PASSES: dict[str, PassInfo] = {}


class IRUnchanged(dict):
    """The result of a pass that left the IR exactly as it found it (no statistics): its pass
    manager does not verify the IR again, as after a pass that preserved all analyses in MLIR
    (the verdict on identical IR cannot differ). Which analyses stay valid is still the pass's
    own declaration (PassInfo.preserves)."""


UNCHANGED = IRUnchanged()


def unchanged_unless(changed):
    """UNCHANGED when `changed` is false (a pass's return value), else None."""
    return None if changed else UNCHANGED

# Options of the tool rather than of a pass that a pass library adds (llvm::cl globals such as
# mlir-opt's -test-legalize-mode): name -> PassOption; the value set on the command line (or
# the default) is read with global_option(name).
GLOBAL_OPTIONS: dict[str, PassOption] = {}
_GLOBAL_VALUES: dict[str, object] = {}


def register_global_option(option):
    GLOBAL_OPTIONS[option.name] = option
    return option


def set_global_option(name, text):
    _GLOBAL_VALUES[name] = GLOBAL_OPTIONS[name].convert(text)


def global_option(name):
    return _GLOBAL_VALUES.get(name, GLOBAL_OPTIONS[name].default)


# Functions called with each PassInfo as it is registered (metadata tables kept beside the
# passes, such as passes/analysis_usage.py).
_ON_REGISTER: list = []


def on_register(hook):
    """Calls `hook(info)` for every pass registered so far and from now on."""
    _ON_REGISTER.append(hook)
    for info in list(PASSES.values()):
        hook(info)


def register_pass(name, summary, options=(), display_name=None, anchor=None, statistics=()):
    def deco(fn):
        info = PASSES[name] = PassInfo(name, summary, fn, options, display_name, anchor,
                                       statistics)
        info.module = sys._getframe(1).f_globals.get("__name__")  # for the pass index
        for hook in _ON_REGISTER:
            hook(info)
        return fn
    return deco


# Modules whose import registers passes. pyopt's core knows no passes of its own: the driver
# (pyopt.cli) names the pass library (the top-level `passes` package) here, plugins add theirs.
PASS_LIBRARIES: list[str] = []
_loaded: set[str] = set()
# library -> module holding its index PASS_MODULES = {pass name: module registering it, or "*"
# for passes that need the whole library}: a library with an index is imported one module at
# a time, as its passes are looked up (start-up does not pay for the whole library).
_INDEXES: dict[str, str] = {}


def add_pass_library(module_name, index=None):
    """Registers `module_name` to be imported (registering its passes) before any pass lookup,
    or, with an `index` module, only the module of each pass looked up."""
    if module_name not in PASS_LIBRARIES:
        PASS_LIBRARIES.append(module_name)
    if index is not None:
        _INDEXES[module_name] = index


def _load_builtin_passes():
    """Imports every pass library in full (for listings, suggestions, unknown names)."""
    if len(_loaded) == len(PASS_LIBRARIES):
        return
    import importlib
    for name in PASS_LIBRARIES:
        if name not in _loaded:
            _loaded.add(name)
            importlib.import_module(name)


def lookup_pass(name):
    """The PassInfo of pass `name`, importing what registers it; None if no library has it."""
    info = PASSES.get(name)
    if info is not None:
        return info
    import importlib
    for lib in PASS_LIBRARIES:  # libraries without an index (plugins, metadata) in full
        if lib not in _INDEXES and lib not in _loaded:
            _loaded.add(lib)
            importlib.import_module(lib)
    info = PASSES.get(name)
    if info is None:
        for lib, index in _INDEXES.items():
            if lib in _loaded:
                continue
            module = importlib.import_module(index).PASS_MODULES.get(name)
            if module == "*":
                break
            if module is not None:
                importlib.import_module(module)
                info = PASSES.get(name)
                if info is not None:
                    return info
    if info is None:  # a stale index or an unindexed pass: the whole library
        _load_builtin_passes()
        info = PASSES.get(name)
    return info


def parse_options(info, text):
    """`a=1 b=true` (mlir-opt accepts spaces between options) -> {name: value}."""
    values = {n: o.default for n, o in info.options.items()}
    given = set()
    for key, val in split_options(text):
        opt = info.options.get(key)
        if opt is None:
            raise ValueError(f"no such option {key}")
        try:
            v = opt.convert(val)
        except ValueError as e:
            e.option = key
            raise
        # a repeated list option adds to the list, as llvm::cl's list options
        values[key] = values[key] + v if opt.type is list and key in given else v
        given.add(key)
    return values


def split_options(text):
    """`a=1 b="x y" c={p{q}}` -> [(key, value)]: values may be quoted or brace-nested (they
    can hold spaces); quotes around a value are removed, as llvm::cl does."""
    out, i, n = [], 0, len(text)
    while i < n:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            break
        start = i
        while i < n and not text[i].isspace() and text[i] != "=":
            i += 1
        key = text[start:i]
        val = ""
        if i < n and text[i] == "=":
            i += 1
            start, depth = i, 0
            while i < n:
                c = text[i]
                if c in "\"'":
                    j = text.find(c, i + 1)
                    i = n if j < 0 else j + 1
                    continue
                if c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                elif c.isspace() and depth <= 0:
                    break
                i += 1
            val = text[start:i]
            if len(val) >= 2 and val[0] == val[-1] and val[0] in "\"'":
                val = val[1:-1]
            elif len(val) >= 2 and val[0] == "{" and val[-1] == "}":
                val = val[1:-1]
        out.append((key, val))
    return out


def build_pipeline(flags):
    """Pass flags (without leading dashes) -> list of callables(module, ctx); None on error."""
    _load_builtin_passes()
    pipeline = []
    for flag in flags:
        name, _, opts = flag.partition("=")
        info = PASSES.get(name)
        if info is None:
            sys.stderr.write(f"pyopt: Unknown command line argument '--{flag}'.  Try: "
                             f"'pyopt --help'\n")
            import difflib  # (only for this message: kept off start-up)
            close = difflib.get_close_matches(name, PASSES, n=1)
            if close:
                sys.stderr.write(f"pyopt: Did you mean '--{close[0]}'?\n")
            return None
        try:
            values = parse_options(info, opts.strip('"\''))
        except ValueError as e:
            sys.stderr.write(f"<Pass-Options-Parser>: {e}\n")
            sys.stderr.write(f"pyopt: for the --{name} option: failed to parse pass options\n")
            return None
        pipeline.append(_bind(info, values))
    return pipeline


def _bind(info, values):
    def run(module, ctx):
        info.run(module, ctx, values)
    run.pass_name = info.name
    return run


def help_text():
    _load_builtin_passes()
    lines = ["Passes:"]
    for name in sorted(PASSES):
        info = PASSES[name]
        lines.append(f"  --{name:<38} - {info.summary}")
        for o in info.options.values():
            lines.append(f"      --{o.name:<34} - {o.help}")
    return "\n".join(lines)


def pass_failure(op, message):
    """An error emitted on `op` (as op->emitError: mlir-opt shows the op in a note)."""
    err = MLIRError(Diagnostic("error", op.loc if op is not None else UNKNOWN_LOC, message))
    if op is not None and hasattr(op, "regions"):
        err.op = op
    return err
