"""Pass pipelines as data (pass_manager.py runs them): `OpPassManager` (an anchor op name plus
passes and nested pipelines), pass instances with their options, the textual pipeline syntax
(`builtin.module(func.func(cse,canonicalize{max-iterations=3}))`, a small lark grammar) and
the flag form (`--cse --canonicalize=max-iterations=3`, nested implicitly as mlir-opt does)."""
from __future__ import annotations


from pyopt.pass_registry import PassInfo, parse_options, lookup_pass, \
    GLOBAL_OPTIONS, set_global_option



ANY = "any"


class PipelineError(Exception):
    """A malformed pipeline; `col` (0-based) points into `text` when known."""

    def __init__(self, message, text=None, col=None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.col = col

    def render(self):
        if self.text is None:
            return self.message
        return (f"MLIR Textual PassPipeline Parser:1:{self.col + 1}: error: {self.message}\n"
                f"{self.text}\n{' ' * self.col}^\n")


class PassInstance:
    __slots__ = ("info", "options", "option_text")

    def __init__(self, info: PassInfo, options: dict, option_text=""):
        self.info = info
        self.options = options
        self.option_text = option_text

    @property
    def name(self):
        return self.info.name

    def __repr__(self):
        return f"{self.info.name}{{{self.option_text}}}" if self.option_text else self.info.name

    def textual(self):
        """`name{a=1 b=x}` with every option, sorted by name, as MLIR prints a pass (an empty
        list option prints as nothing, keeping its separator)."""
        opts = self.info.options
        if not opts:
            return self.info.name
        shown = [n for n in sorted(opts) if not (n in _SEED_ERA_OPTIONS and
                                                 self.options.get(n) == opts[n].default)]
        if not shown:
            return self.info.name
        return f"{self.info.name}{{{' '.join(_option_text(opts[n], self.options.get(n)) for n in shown)}}}"


# options of ours that MLIR 19 does not have (the seed-era typed-pointer mode): shown only when
# set to something else than their default
_SEED_ERA_OPTIONS = {"use-opaque-pointers"}


def _option_text(opt, value):
    if opt.list_like:
        if not value:
            return ""
        return f"{opt.name}={','.join(_value_text(v) for v in value) if opt.type is list else value}"
    return f"{opt.name}={_value_text(value)}"


def _value_text(v):
    if v is True or v is False:
        return "true" if v else "false"
    v = str(v)
    space = v.find(" ")
    # braces keep a value holding a space together, unless it already starts a nested form
    if space >= 0 and all(i < 0 or space < i for i in (v.find("{"), v.find("'"), v.find('"'))):
        return "{" + v + "}"
    return v


class OpPassManager:
    """Passes and nested pipelines run on ops named `anchor` (ANY: whatever op it is given;
    None: the top-level op, with anchored passes nested implicitly)."""

    def __init__(self, anchor=None, items=None):
        self.anchor = anchor
        self.items = items if items is not None else []

    def add(self, item):
        self.items.append(item)
        return item

    def nest(self, anchor):
        # adjacent pipelines on the same anchor are merged, as MLIR coalesces adaptors
        if self.items and isinstance(self.items[-1], OpPassManager) \
                and self.items[-1].anchor == anchor:
            return self.items[-1]
        return self.add(OpPassManager(anchor))

    def __repr__(self):
        inner = ",".join(repr(i) for i in self.items)
        return f"{self.anchor or 'any'}({inner})"

    def textual(self, root_name=None):
        """The pipeline as --dump-pass-pipeline shows it, every option spelled out."""
        inner = ",".join(i.textual() for i in self.items)
        return f"{self.anchor or root_name or 'any'}({inner})"


# -- textual pipeline --------------------------------------------------------------------------
_GRAMMAR = r"""
elements: element ("," element)*
?element: NAME "(" [elements] ")"   -> nested
        | NAME OPTIONS?             -> single
NAME: /[A-Za-z0-9_$][A-Za-z0-9_$.\-]*/
OPTIONS: /\{([^{}"']|"[^"]*"|'[^']*'|\{([^{}]|\{[^{}]*\})*\})*\}/
%ignore /[ \t\r\n]+/
"""
_PARSER = None


def _lark():
    global _PARSER
    if _PARSER is None:
        from lark import Lark
        _PARSER = Lark(_GRAMMAR, start="elements", parser="lalr", propagate_positions=True)
    return _PARSER


def parse_pipeline(text: str) -> OpPassManager:
    """`anchor(elements)` -> OpPassManager; raises PipelineError with mlir-opt's messages."""
    text = text.strip()
    i = text.find("(")
    if i <= 0 or not text.endswith(")") or not _is_name(text[:i].strip()):
        raise PipelineError("expected pass pipeline to be wrapped with the anchor operation "
                            "type, e.g. 'builtin.module(...)'")
    anchor = text[:i].strip()
    inner = text[i + 1:-1]
    pm = OpPassManager(anchor)
    if inner.strip():
        tree = _parse_inner(inner)
        _build(tree, pm, inner)
    return pm


def _is_name(s):
    import re
    return re.fullmatch(r"[A-Za-z0-9_$][A-Za-z0-9_$.\-]*", s) is not None


def _parse_inner(inner):
    from lark.exceptions import UnexpectedInput, UnexpectedCharacters, UnexpectedEOF
    try:
        return _lark().parse(inner)
    except UnexpectedInput as e:
        col = getattr(e, "pos_in_stream", None)
        if col is None:
            col = len(inner)
        if isinstance(e, UnexpectedCharacters) and inner[col] == "{":
            raise PipelineError("missing closing '}' while processing pass options", inner, col)
        if inner.count("(") != inner.count(")"):
            pos = inner.rfind("(") + 1 if inner.count("(") > inner.count(")") else col
            raise PipelineError("encountered unbalanced parentheses while parsing pipeline",
                                inner, pos)
        if isinstance(e, UnexpectedEOF):
            raise PipelineError("expected pass or pass pipeline name", inner, len(inner))
        tok = getattr(e, "token", None)
        if tok is not None and tok.type == "COMMA" or (col < len(inner) and inner[col] in ",)"):
            raise PipelineError("'' does not refer to a registered pass or pass pipeline",
                                inner, col)
        raise PipelineError("expected ',' after parsing pipeline", inner, col)


def _build(tree, pm, inner):
    for el in tree.children:
        if el.data == "nested":
            name_tok = el.children[0]
            sub = OpPassManager(str(name_tok))
            body = el.children[1] if len(el.children) > 1 else None
            if body is not None:
                _build(body, sub, inner)
            pm.add(sub)
            continue
        name_tok = el.children[0]
        name = str(name_tok)
        info = lookup_pass(name)
        if info is None:
            raise PipelineError(f"'{name}' does not refer to a registered pass or pass pipeline",
                                inner, name_tok.start_pos)
        opt_text = str(el.children[1])[1:-1] if len(el.children) > 1 else ""
        pm.add(make_instance(info, opt_text))


def make_instance(info, opt_text):
    try:
        values = parse_options(info, opt_text)
    except ValueError as e:
        msg = str(e)
        if msg.startswith("no such option"):
            raise PipelineError(f"<Pass-Options-Parser>: {msg}\n\nfailed to add `{info.name}` "
                                f"with options `{opt_text}`")
        raise PipelineError(f"\nfailed to add `{info.name}` with options `{opt_text}`",
                            None, None) from PipelineOptionError(info, e)
    return PassInstance(info, values, opt_text)


class PipelineOptionError(Exception):
    def __init__(self, info, err):
        super().__init__(str(err))
        self.info = info
        self.option = getattr(err, "option", "")


class GlobalOptionError(Exception):
    """A bad value of a tool-level option a pass library registered (llvm::cl's message)."""


def from_flags(flags) -> OpPassManager:
    """Pass flags (`name` or `name=opts`, no dashes) in command-line order; raises
    PipelineError(message) naming the unknown flag."""
    pm = OpPassManager(None)
    for flag in flags:
        name, _, opts = flag.partition("=")
        info = lookup_pass(name)
        if info is None and name in GLOBAL_OPTIONS:
            try:
                set_global_option(name, opts)
            except ValueError as e:
                raise GlobalOptionError(f"for the --{name} option: {e}")
            continue
        if info is None:
            raise KeyError(flag)
        pm.add(make_instance(info, opts))
    return pm
