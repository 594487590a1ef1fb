"""The declarative assembly-format engine (MLIR's ODS `assemblyFormat`).

Modules: reader (format string -> element tree), printing (interpreted and compiled print
steps), parsing (interpreter, type inference, `_finish`), codegen (generated parsers).

`compile_format(opdef)` reads the format string once into a small element tree and installs
`opdef.parse` / `opdef.print` closures that interpret it. Spacing follows ODS's generated
printers exactly (shouldEmitSpace / lastWasPunctuation), and operand/result types that the
format does not spell are inferred from buildable constraints, SameOperandsAndResultType and
the op's `infer` rules, as ODS does.
"""
from __future__ import annotations

from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, ATTR_SIZED_RESULTS
from pyopt.syntax.format.printing import _PState, _compile_print, _generated_print
from pyopt.syntax.format.parsing import _ParseState, _compile_parse, _finish
from pyopt.syntax.format.reader import _Reader, _tokenize
from pyopt.syntax.format.codegen import _generated_parse
from pyopt.syntax.format.reader import FormatError, InferError, InferredGroup  # noqa: F401 (public API)
from pyopt.syntax.format.parsing import ensure_terminator  # noqa: F401 (public API)


def compile_format(d):
    """Returns the op's (parse, print) hooks; OpDef.ensure_format installs them."""
    toks = _tokenize(d.format)
    r = _Reader(d, toks)
    els = r.elements()
    used = set()

    def collect(es):
        for e in es:
            if e[0] == "attr":
                used.add(e[1])
            elif e[0] == "optional":
                collect(e[1])
                collect(e[2])
                if e[3] is not None and e[3][0] == "attr":
                    used.add(e[3][1])
            elif e[0] in ("custom",):
                collect(e[2])
            elif e[0] in ("ref", "qualified"):
                collect([e[1]])
    collect(els)
    if ATTR_SIZED_OPERANDS in d.traits:
        used.add("operandSegmentSizes")
    if ATTR_SIZED_RESULTS in d.traits:
        used.add("resultSegmentSizes")
    has_propdict = any(e[0] == "propdict" for e in els)
    d._fmt_used_attrs = frozenset(used) if not has_propdict else frozenset(used | set(d.attrs))
    d._fmt_elements = els

    dyn = []
    print_steps, _ = _compile_print(d, els, (True, False), dyn, tail_read=False)
    if dyn:
        def print_fn(p, op):
            out, st = p.out, _PState()
            for step in print_steps:
                step(p, op, out, st)
    else:
        def print_fn(p, op):
            # Generated at the op's first print, like the parser.
            fn = _generated_print(d, print_steps)
            if d.print is print_fn:
                d.print = fn
            return fn(p, op)

    parse_steps = _compile_parse(d, els)

    def parse_fn(parser, state):
        ps = _ParseState(d, parser.start)
        for step in parse_steps:
            step(parser, ps, state)
        _finish(parser, d, ps, state)

    def first_parse(parser, state):
        # Generated lazily: most registered ops are never parsed in a given run.
        fn = _generated_parse(d) or parse_fn
        if d.parse is first_parse:
            d.parse = fn
        return fn(parser, state)

    d._fmt_interpreted_parse = parse_fn  # (tests compare it with the generated parser)
    return first_parse, print_fn


def types_directive(parse_types, print_fn):
    """A custom directive over `type(...)` arguments only: `parse_types(parser)` returns their
    types in order (generated parsers call it directly); `print_fn(printer, op, *types)`."""
    def parse(parser, ctx, *elements):
        for el, t in zip(elements, parse_types(parser)):
            ctx.set(el, t)
    return (parse, print_fn, parse_types)

