"""Pass registry and the flag form of pass pipelines (`--name` / `--name=opt=v opt2=v2`).

A pass is registered with a name, a summary, typed options and a run function
`run(module, ctx, options)`. The CLI turns pass flags into a pipeline in command-line order.
(The textual `--pass-pipeline=` syntax and op-anchored nesting build on this registry.)
"""
from __future__ import annotations

import difflib
import sys

from .syntax.diagnostics import Diagnostic, MLIRError
from .ir.location import UNKNOWN_LOC


class PassOption:
    def __init__(self, name, type_, default, help_=""):
        self.name = name
        self.type = type_
        self.default = default
        self.help = help_

    def convert(self, text):
        if self.type is bool:
            if text in ("", "true", "1", "True"):
                return True
            if text in ("false", "0", "False"):
                return False
            raise ValueError(f"'{text}' is invalid value for boolean argument! Try 0 or 1")
        if self.type is int:
            try:
                return int(text, 0)
            except ValueError:
                raise ValueError(f"'{text}' value invalid for integer argument!")
        if self.type is list:
            return [x for x in text.split(",") if x]
        return text


class PassInfo:
    def __init__(self, name, summary, run, options=()):
        self.name = name
        self.summary = summary
        self.run = run
        self.options = {o.name: o for o in options}


PASSES: dict[str, PassInfo] = {}


def register_pass(name, summary, options=()):
    def deco(fn):
        PASSES[name] = PassInfo(name, summary, fn, options)
        return fn
    return deco


def _load_builtin_passes():
    from . import builtin_passes  # noqa: F401  (registers on import)


def parse_options(info, text):
    """`a=1 b=true` (mlir-opt accepts spaces between options) -> {name: value}."""
    values = {n: o.default for n, o in info.options.items()}
    for item in text.split():
        key, _, val = item.partition("=")
        opt = info.options.get(key)
        if opt is None:
            raise ValueError(f"no such option {key}")
        values[key] = opt.convert(val)
    return values


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
    return MLIRError(Diagnostic("error", op.loc if op is not None else UNKNOWN_LOC, message))
