"""The declarative assembly-format engine (MLIR's ODS `assemblyFormat`).

`compile_format(opdef)` reads the format string once into a small element tree and installs
`opdef.parse` / `opdef.print` closures that interpret it. Spacing follows ODS's generated
printers exactly (shouldEmitSpace / lastWasPunctuation), and operand/result types that the
format does not spell are inferred from buildable constraints, SameOperandsAndResultType and
the op's `infer` rules, as ODS does.
"""
from __future__ import annotations

import re

from ..ir.attributes import UNIT, UnitAttr
from ..ir.core import Block, Operation, Region
from ..ir.types import FunctionType
from .opdef import (ATTR_SIZED_OPERANDS, ATTR_SIZED_RESULTS, SAME_OPERANDS_AND_RESULT_TYPE,
                    SAME_TYPE_OPERANDS, SINGLE_BLOCK, segment_sizes)

_TOK = re.compile(r"\s*(?:(`[^`]*`)|(\$[A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_-]*)|"
                  r"([()?^:,=<>\[\]{}*+-]))")


# ---------------------------------------------------------------------------- format reading
class FormatError(Exception):
    pass


class InferError(Exception):
    """Raised by an `infer` rule whose source type breaks its constraint; reported like ODS's
    parser check: `custom op 'name' 'lhs' must be ..., but got ...` at the op name."""


def _tokenize(fmt):
    pos, out = 0, []
    fmt = fmt.strip()
    while pos < len(fmt):
        m = _TOK.match(fmt, pos)
        if not m or m.end() == pos:
            raise FormatError(f"bad format near {fmt[pos:]!r}")
        pos = m.end()
        lit, var, ident, punct = m.groups()
        if lit is not None:
            out.append(("lit", lit[1:-1]))
        elif var is not None:
            out.append(("var", var[1:]))
        elif ident is not None:
            out.append(("ident", ident))
        else:
            out.append(("punct", punct))
    return out


class _Reader:
    def __init__(self, opdef, toks):
        self.d = opdef
        self.toks = toks
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def expect(self, punct):
        t = self.take()
        if t != ("punct", punct):
            raise FormatError(f"{self.d.name}: expected {punct!r} in format, got {t}")

    def elements(self, stop=()):
        out = []
        while True:
            k, v = self.peek()
            if k is None or (k == "punct" and v in stop):
                return out
            out.append(self.element())

    def var(self, name):
        d = self.d
        acc = d.accessors.get(name)
        if acc is None:
            raise FormatError(f"{d.name}: unknown variable ${name}")
        kind, idx = acc
        if kind == "operand":
            return ("operand", idx, d.operands[idx])
        if kind == "result":
            return ("result", idx, d.results[idx])
        if kind == "attr":
            return ("attr", name, d.attrs[name])
        if kind == "region":
            return ("region", idx, d.regions[idx])
        return ("successor", idx, d.successors[idx])

    def element(self):
        k, v = self.take()
        if k == "lit":
            if v in ("", " ", "\\n"):
                return ("space", v)
            return ("lit", v)
        if k == "var":
            anchor = False
            el = self.var(v)
            if self.peek() == ("punct", "^"):
                self.take()
                anchor = True
            return ("anchor", el) if anchor else el
        if k == "punct" and v == "(":
            then = self.elements(stop=(")",))
            self.expect(")")
            els = []
            if self.peek() == ("punct", ":"):
                self.take()
                self.expect("(")
                els = self.elements(stop=(")",))
                self.expect(")")
            self.expect("?")
            anchor = None
            clean = []
            for e in then:
                if e[0] == "anchor":
                    anchor = e[1]
                    clean.append(e[1])
                else:
                    clean.append(e)
            if anchor is None:
                anchor = _first_anchorable(clean)
            return ("optional", clean, els, anchor)
        if k == "ident":
            return self.directive(v)
        raise FormatError(f"{self.d.name}: unexpected {v!r} in format")

    def args(self):
        self.expect("(")
        out = []
        if self.peek() == ("punct", ")"):
            self.take()
            return out
        while True:
            out.append(self.element())
            if self.peek() == ("punct", ","):
                self.take()
                continue
            self.expect(")")
            return out

    def directive(self, name):
        if name == "attr-dict":
            return ("attrdict", False)
        if name == "attr-dict-with-keyword":
            return ("attrdict", True)
        if name == "prop-dict":
            return ("propdict",)
        if name == "operands":
            return ("operands",)
        if name == "results":
            return ("results",)
        if name == "regions":
            return ("regions",)
        if name == "successors":
            return ("successors",)
        if name == "type":
            (arg,) = self.args()
            return ("type", arg, False)
        if name == "qualified":
            (arg,) = self.args()
            if arg[0] == "type":
                return ("type", arg[1], True)
            return ("qualified", arg)
        if name == "functional-type":
            a, b = self.args()
            return ("functype", a, b)
        if name == "custom":
            self.expect("<")
            k, cname = self.take()
            self.expect(">")
            return ("custom", cname, self.args())
        if name == "ref":
            (arg,) = self.args()
            return ("ref", arg)
        if name == "oilist":
            raise FormatError("oilist is not supported")
        raise FormatError(f"{self.d.name}: unknown directive {name}")


def _first_anchorable(els):
    for e in els:
        if e[0] in ("operand", "attr", "region", "successor"):
            return e
        if e[0] == "type":
            return e[1]
    return None


# ---------------------------------------------------------------------------- printing
class _PState:
    __slots__ = ("space", "punct")

    def __init__(self):
        self.space = True
        self.punct = False


def _space_before_literal(value, last_punct):
    if len(value) != 1 and value != "->":
        return True
    if last_punct:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


def _print_literal(out, value, st):
    if st.space and _space_before_literal(value, st.punct):
        out.append(" ")
    out.append(value)
    st.space = len(value) != 1 or value[0] not in "<({["
    st.punct = not (value[0] == "_" or value[0].isalpha())


def _group_values(op, d, kind, idx):
    return d.get_group(op, kind, idx)


def _anchor_present(op, d, anchor):
    k = anchor[0]
    if k == "operand" or k == "result":
        v = d.get_group(op, k, anchor[1])
        return bool(v) if isinstance(v, list) else v is not None
    if k == "attr":
        a = op.properties.get(anchor[1])
        if a is None:
            a = op.attributes.get(anchor[1])
        if a is None:
            return False
        c = anchor[2]
        # Default-valued attributes equal to their default are elided with their group.
        return not (c.default is not None and a is c.default)
    if k == "region":
        return bool(op.regions[anchor[1]].blocks)
    if k == "successor":
        return bool(op.successors)
    if k == "type":
        return _anchor_present(op, d, anchor[1])
    if k == "functype":
        return _anchor_present(op, d, anchor[1])
    return True


def _types_of(op, d, arg):
    k = arg[0]
    if k == "operands":
        return op.operand_types
    if k == "results":
        return op.result_types
    v = d.get_group(op, k, arg[1])
    if isinstance(v, list):
        return [x.type for x in v]
    return [v.type] if v is not None else []


def _print_elements(p, op, d, els, st, elided_anchor=None):
    out = p.out
    for e in els:
        if e is elided_anchor:
            continue
        k = e[0]
        if k == "lit":
            _print_literal(out, e[1], st)
            continue
        if k == "space":
            if e[1] == "\\n":
                p.newline()
            elif e[1] == " ":
                out.append(" ")
                st.punct = False
                st.space = False
            else:
                st.punct = True
                st.space = False
            continue
        if k == "optional":
            _, then, els_, anchor = e
            if _anchor_present(op, d, anchor):
                elide = anchor if (anchor[0] == "attr" and anchor[2].is_unit and
                                   then and then[0] is not anchor) else None
                _print_elements(p, op, d, then, st, elide)
            elif els_:
                _print_elements(p, op, d, els_, st)
            continue
        if k == "attrdict":
            out.append(p.attr_dict_str(_attr_dict_attrs(op, d), _elided_attrs(d), e[1]))
            st.punct = False
            continue
        if k == "propdict":
            props = {n: a for n, a in op.properties.items() if n not in d._fmt_used_attrs}
            if props:
                if st.space or not st.punct:
                    out.append(" ")
                out.append("<{" + p.attr_entries(sorted(props.items())) + "}>")
                st.punct = False
                st.space = True
            continue
        if k == "custom":
            if st.space or not st.punct:
                out.append(" ")
            st.punct = False
            st.space = True
            fn = d.custom_directives[e[1]][1]
            fn(p, op, *[_custom_arg_value(op, d, a) for a in e[2]])
            continue
        # Everything else is a value-like element preceded by a space.
        if st.space or not st.punct:
            out.append(" ")
        st.punct = False
        st.space = True
        if k == "operand":
            v = d.get_group(op, "operand", e[1])
            if isinstance(v, list):
                out.append(p.values(v))
            elif v is not None:
                out.append(p.value(v))
        elif k == "attr":
            a = op.get_attr(e[1])
            if a is not None:
                out.append(e[2].print_format(p, a))
        elif k == "type":
            ts = _types_of(op, d, e[1])
            out.append(p.types(ts))
        elif k == "functype":
            out.append(p.functional_type(_types_of(op, d, e[1]), _types_of(op, d, e[2])))
        elif k == "region":
            r = op.regions[e[1]]
            _print_region(p, op, d, r)
        elif k == "regions":
            for i, r in enumerate(op.regions):
                if i:
                    out.append(", ")
                _print_region(p, op, d, r)
        elif k == "successor":
            v = op.successors[e[1]:] if e[2].variadic else [op.successors[e[1]]]
            out.append(", ".join(p.block_name(b) for b in v))
        elif k == "successors":
            out.append(", ".join(p.block_name(b) for b in op.successors))
        elif k == "operands":
            out.append(p.values(op.operands))


def _print_region(p, op, d, r):
    print_term = True
    if d.implicit_terminator is not None and r.blocks:
        term = r.blocks[0].last
        print_term = term is None or bool(term.attributes) or bool(term.operand_slots) or \
            bool(term.results)
    p.print_region(r, True, print_term)


def _attr_dict_attrs(op, d):
    if not op.properties:
        return op.attributes
    merged = dict(op.attributes)
    for n, a in op.properties.items():
        c = d.attrs.get(n)
        if c is not None and c.default is not None and a is c.default:
            continue
        merged[n] = a
    return merged


def _elided_attrs(d):
    return d._fmt_used_attrs


def _custom_arg_value(op, d, a):
    k = a[0]
    if k == "ref":
        a = a[1]
        k = a[0]
    if k == "operand":
        return d.get_group(op, "operand", a[1])
    if k == "result":
        return d.get_group(op, "result", a[1])
    if k == "attr":
        return op.get_attr(a[1])
    if k == "type":
        inner = a[1]
        g = d.get_group(op, inner[0], inner[1])
        if isinstance(g, list):
            return [x.type for x in g]
        return g.type if g is not None else None
    if k == "region":
        return op.regions[a[1]]
    if k == "successor":
        return op.successors[a[1]]
    if k == "attrdict":
        return op.attributes
    if k == "lit":
        return a[1]
    return None


# ---------------------------------------------------------------------------- compiled printing
# The element tree is compiled once per op into a list of closures `step(p, op, out, st)`.
# ODS spacing depends only on the previous element, so wherever that state is known at
# compile time the leading space is baked into the step; `st` (a _PState) is only kept up to
# date where an optional group or a prop-dict makes it depend on the op being printed.
_VALUE_LIKE_POST = (True, False)


def _compile_print(d, els, pre, dyn):
    """Returns (steps, post): the steps printing `els` from spacing state `pre`
    ((space, punct), or None when only known at run time) and the state after them. `dyn`
    gets an entry when some step needs the run-time state."""
    steps = []
    state = pre
    for e in els:
        if state is None:
            dyn.append(e)
        step, state = _compile_print_element(d, e, state, dyn)
        if step is not None:
            steps.append(step)
    return steps, state


def _leading(pre):
    """The leading space of a value-like element: ' ' unless right after punctuation."""
    return " " if pre[0] or not pre[1] else ""


def _sync(state):
    space, punct = state

    def step(p, op, out, st):
        st.space = space
        st.punct = punct
    return step


def _run_steps(steps):
    if len(steps) == 1:
        return steps[0]

    def step(p, op, out, st):
        for s in steps:
            s(p, op, out, st)
    return step


def _compile_print_element(d, e, pre, dyn):
    k = e[0]
    if k == "lit":
        v = e[1]
        post = (len(v) != 1 or v[0] not in "<({[", not (v[0] == "_" or v[0].isalpha()))
        if pre is not None:
            text = (" " + v) if pre[0] and _space_before_literal(v, pre[1]) else v

            def step(p, op, out, st):
                out.append(text)
            step.text = text
        else:
            def step(p, op, out, st):
                if st.space and _space_before_literal(v, st.punct):
                    out.append(" ")
                out.append(v)
        return step, post
    if k == "space":
        if e[1] == "\\n":
            def step(p, op, out, st):
                p.newline()
            return step, pre
        post = (False, False) if e[1] == " " else (False, True)
        if e[1] == " ":
            def step(p, op, out, st):
                out.append(" ")
            step.text = " "
            return step, post
        return None, post
    if k == "optional":
        return _compile_print_optional(d, e, pre, dyn)
    if k == "attrdict":
        keyword = e[1]

        def step(p, op, out, st):
            out.append(p.attr_dict_str(_attr_dict_attrs(op, d), d._fmt_used_attrs, keyword))
        step.attrdict = keyword
        if pre is None:
            def dyn_step(p, op, out, st):
                step(p, op, out, st)
                st.punct = False
            return dyn_step, None
        return step, (pre[0], False)
    if k == "propdict":
        dyn.append(e)

        def step(p, op, out, st):
            _print_elements(p, op, d, [e], st)
        if pre is not None:
            space, punct = pre

            def step(p, op, out, st, _inner=step):  # noqa: F811 - sets st from the static state
                st.space = space
                st.punct = punct
                _inner(p, op, out, st)
        return step, None
    # Everything else is a value-like element preceded by a space.
    lead = _leading(pre) if pre is not None else None
    body = _compile_value_like(d, e)

    if lead is None:
        def step(p, op, out, st):
            if st.space or not st.punct:
                out.append(" ")
            body(p, op, out)
    elif lead:
        def step(p, op, out, st):
            out.append(" ")
            body(p, op, out)
    else:
        def step(p, op, out, st):
            body(p, op, out)
    if lead is not None:
        step.value_like = (lead, body, e)
    return step, _VALUE_LIKE_POST


def _generated_print(d, steps):
    """One function printing the whole format, for formats whose spacing is static: the
    steps' literal text is merged and the common value-like elements are inlined."""
    lines = ["def print_fn(p, op):", "    out = p.out"]
    ns = {"D": d, "_attr_dict_attrs": _attr_dict_attrs}
    pending = ""

    def flush():
        nonlocal pending
        if pending:
            lines.append(f"    out.append({pending!r})")
            pending = ""
    for n, step in enumerate(steps):
        text = getattr(step, "text", None)
        if text is not None:
            pending += text
            continue
        keyword = getattr(step, "attrdict", None)
        if keyword is not None:
            flush()
            ns[f"U{n}"] = d._fmt_used_attrs
            # (nothing to print, and no attribute to visit, when every property is elided)
            lines.append("    props = op.properties")
            lines.append("    attrs = op.attributes")
            lines.append(f"    if attrs or not props.keys() <= U{n}:")
            lines.append(f"        out.append(p.attr_dict_str(attrs if not props else "
                         f"_attr_dict_attrs(op, D), U{n}, {keyword!r}))")
            continue
        vl = getattr(step, "value_like", None)
        if vl is None:
            flush()
            ns[f"S{n}"] = step
            lines.append(f"    S{n}(p, op, out, None)")
            continue
        lead, body, e = vl
        pending += lead
        k = e[0]
        if k == "operand" and d._simple_operands:
            flush()
            lines.append("    slots = op.operand_slots")
            lines.append(f"    if {e[1]} < len(slots):")
            lines.append(f"        out.append(p.value(slots[{e[1]}].value))")
        elif k == "type" and e[1][0] in ("operand", "result") and \
                (d._simple_operands if e[1][0] == "operand" else d._simple_results):
            i = e[1][1]
            seq = "[s.value for s in op.operand_slots]" if e[1][0] == "operand" else "op.results"
            lines.append(f"    vs = {seq}")
            lines.append(f"    out.append({pending!r} + (p.type_str(vs[{i}].type) "
                         f"if {i} < len(vs) else ''))")
            pending = ""
        elif k == "attr":
            flush()
            ns[f"F{n}"] = e[2].print_format
            lines.append(f"    a = op.properties.get({e[1]!r})")
            lines.append("    if a is None:")
            lines.append(f"        a = op.attributes.get({e[1]!r})")
            lines.append("    if a is not None:")
            lines.append(f"        out.append(F{n}(p, a))")
        else:
            flush()
            ns[f"B{n}"] = body
            lines.append(f"    B{n}(p, op, out)")
    flush()
    src = "\n".join(lines) + "\n"
    exec(compile(src, f"<format print {d.name}>", "exec"), ns)
    fn = ns["print_fn"]
    fn.source = src
    return fn


def _compile_print_optional(d, e, pre, dyn):
    _, then, els_, anchor = e
    elide = anchor if (anchor is not None and anchor[0] == "attr" and anchor[2].is_unit and
                       then and then[0] is not anchor) else None
    then_steps, then_post = _compile_print(d, [x for x in then if x is not elide], pre, dyn)
    else_steps, else_post = _compile_print(d, els_, pre, dyn) if els_ else ([], pre)
    post = then_post if (then_post == else_post and then_post is not None) else None
    if post is None:  # the state after the group is only known at run time: keep st current
        dyn.append(e)
        if then_post is not None:
            then_steps.append(_sync(then_post))
        if else_post is not None:
            else_steps.append(_sync(else_post))
    present = _compile_anchor_present(d, anchor)
    then_step = _run_steps(then_steps) if then_steps else None
    else_step = _run_steps(else_steps) if else_steps else None

    def step(p, op, out, st):
        if present(op):
            if then_step is not None:
                then_step(p, op, out, st)
        elif else_step is not None:
            else_step(p, op, out, st)
    return step, post


def _compile_anchor_present(d, anchor):
    if anchor is None:
        return lambda op: _anchor_present(op, d, anchor)
    k = anchor[0]
    if k == "attr":
        name, c = anchor[1], anchor[2]
        default = c.default

        def present(op):
            a = op.properties.get(name)
            if a is None:
                a = op.attributes.get(name)
            if a is None:
                return False
            # Default-valued attributes equal to their default are elided with their group.
            return default is None or a is not default
        return present
    if (k == "operand" or k == "result") and anchor[2].kind == "*":
        if k == "operand" and d._all_variadic_operands:
            return lambda op: bool(op.operand_slots)
        if k == "result" and d._all_variadic_results:
            return lambda op: bool(op.results)
    return lambda op: _anchor_present(op, d, anchor)


def _compile_value_like(d, e):
    """`body(p, op, out)` printing one value-like element (without its leading space)."""
    k = e[0]
    if k == "operand":
        i = e[1]
        if d._simple_operands:
            def body(p, op, out):
                slots = op.operand_slots
                if i < len(slots):
                    out.append(p.value(slots[i].value))
        elif d._all_variadic_operands:
            def body(p, op, out):
                out.append(p.values([s.value for s in op.operand_slots]))
        else:
            def body(p, op, out):
                v = d.get_group(op, "operand", i)
                if isinstance(v, list):
                    out.append(p.values(v))
                elif v is not None:
                    out.append(p.value(v))
        return body
    if k == "attr":
        name, c = e[1], e[2]

        def body(p, op, out):
            a = op.properties.get(name)
            if a is None:
                a = op.attributes.get(name)
            if a is not None:
                out.append(c.print_format(p, a))
        return body
    if k == "type":
        types_of = _compile_types_of(d, e[1])

        def body(p, op, out):
            out.append(p.types(types_of(op)))
        return body
    if k == "functype":
        ins, outs = _compile_types_of(d, e[1]), _compile_types_of(d, e[2])

        def body(p, op, out):
            out.append(p.functional_type(ins(op), outs(op)))
        return body
    if k == "custom":
        cname, args = e[1], e[2]

        def body(p, op, out):
            fn = d.custom_directives[cname][1]
            fn(p, op, *[_custom_arg_value(op, d, a) for a in args])
        return body
    if k == "region":
        i = e[1]

        def body(p, op, out):
            _print_region(p, op, d, op.regions[i])
        return body
    if k == "regions":
        def body(p, op, out):
            for i, r in enumerate(op.regions):
                if i:
                    out.append(", ")
                _print_region(p, op, d, r)
        return body
    if k == "successor":
        i, variadic = e[1], e[2].variadic

        def body(p, op, out):
            v = op.successors[i:] if variadic else [op.successors[i]]
            out.append(", ".join(p.block_name(b) for b in v))
        return body
    if k == "successors":
        def body(p, op, out):
            out.append(", ".join(p.block_name(b) for b in op.successors))
        return body
    if k == "operands":
        def body(p, op, out):
            out.append(p.values(op.operands))
        return body
    return lambda p, op, out: None


def _compile_types_of(d, arg):
    """`fn(op)` -> the types of a `type(...)` / `functional-type(...)` argument."""
    k = arg[0]
    if k == "operands":
        return lambda op: op.operand_types
    if k == "results":
        return lambda op: op.result_types
    i = arg[1]
    if k == "operand" and d._simple_operands:
        def fn(op):
            slots = op.operand_slots
            return [slots[i].value.type] if i < len(slots) else []
        return fn
    if k == "result" and d._simple_results:
        def fn(op):
            res = op.results
            return [res[i].type] if i < len(res) else []
        return fn
    if k == "operand" and d._all_variadic_operands:
        return lambda op: [s.value.type for s in op.operand_slots]
    if k == "result" and d._all_variadic_results:
        return lambda op: [r.type for r in op.results]
    return lambda op: _types_of(op, d, arg)


# ---------------------------------------------------------------------------- parsing
class _ParseState:
    """Per-parse scratch: operands (unresolved), types and attributes by group."""
    __slots__ = ("operands", "op_types", "res_types", "attrs", "regions", "successors",
                 "all_operands", "all_op_types", "all_res_types", "offset")

    def __init__(self, d, offset):
        self.operands = {}
        self.op_types = {}
        self.res_types = {}
        self.attrs = {}
        self.regions = {}
        self.successors = {}
        self.all_operands = None
        self.all_op_types = None
        self.all_res_types = None
        self.offset = offset


def _parse_elements(parser, d, els, ps, state):
    for e in els:
        _parse_element(parser, d, e, ps, state)


def _parse_type_list(parser, arg):
    """Types for a group: single, optional (maybe absent) or variadic (maybe empty)."""
    if arg.kind == "":
        tc = arg.constraint.type_class
        if tc is None:
            return [parser.parse_type()]
        off = parser.start
        t = parser.parse_type()
        if not isinstance(t, tc):
            raise parser.custom_error("invalid kind of type specified", off)
        return [t]
    t = parser.parse_optional_type()
    if t is None:
        return []
    if arg.kind == "?":
        return [t]
    res = [t]
    while parser.accept(","):
        res.append(parser.parse_type())
    return res


def _parse_type_target(parser, d, target, ps):
    k = target[0]
    if k == "operand":
        ps.op_types[target[1]] = _parse_type_list(parser, target[2])
    elif k == "result":
        ps.res_types[target[1]] = _parse_type_list(parser, target[2])
    elif k == "operands":
        t = parser.parse_optional_type()
        ps.all_op_types = [] if t is None else [t] + (
            [parser.parse_type() for _ in iter(lambda: parser.accept(","), False)])
    elif k == "results":
        t = parser.parse_optional_type()
        ps.all_res_types = [] if t is None else [t] + (
            [parser.parse_type() for _ in iter(lambda: parser.accept(","), False)])


def _parse_element(parser, d, e, ps, state):
    k = e[0]
    if k == "lit":
        v = e[1]
        if v[0].isalpha() or v[0] == "_":
            if not parser.accept_keyword(v):
                raise parser.error(f"expected '{v}'")
        else:
            parser.expect(v)
        return
    if k == "space":
        return
    if k == "operand":
        arg = e[2]
        if arg.kind == "":
            ps.operands[e[1]] = [parser.parse_operand()]
        elif arg.kind == "?":
            o = parser.parse_optional_operand()
            ps.operands[e[1]] = [o] if o is not None else []
        else:
            ps.operands[e[1]] = parser.parse_operand_list()
        return
    if k == "attr":
        c = e[2]
        off = parser.start
        parser.attr_name_hint = e[1]  # enum parse errors name the attribute
        a = c.parse_format(parser) if not c.optional else c.parse_optional_format(parser)
        if a is None and not c.optional:
            raise parser.error("expected attribute value", off)
        if a is not None:
            if not c.check(a) and c.summary:
                pass  # the verifier reports constraint violations
            ps.attrs[e[1]] = a
        return
    if k == "type":
        _parse_type_target(parser, d, e[1], ps)
        return
    if k == "functype":
        if parser.peek_is("("):
            ins = parser.parse_type_list_parens()
            parser.expect("->")
            outs = parser.parse_function_result_types()
        else:  # parseType<FunctionType>: any type (an alias may name a function type)
            off = parser.start
            t = parser.parse_type()
            if type(t) is not FunctionType:
                raise parser.custom_error("invalid kind of type specified", off)
            ins, outs = list(t.inputs), list(t.results)
        _assign_types(ps, e[1], ins)
        _assign_types(ps, e[2], outs)
        return
    if k == "attrdict":
        if e[1]:
            if parser.accept_keyword("attributes"):
                state.attributes.update(parser.parse_attr_dict_body() if parser.peek_is("{")
                                        else _expect_dict(parser))
        else:
            off = parser.start
            attrs = parser.parse_optional_attr_dict()
            if attrs:
                _check_inherent_attrs(parser, d, attrs, off)
            state.attributes.update(attrs)
        return
    if k == "propdict":
        if parser.peek_is("<"):
            parser._next()
            props = parser.parse_attribute()
            parser.expect(">")
            for n, a in props.value:
                ps.attrs[n] = a
        return
    if k == "region":
        ps.regions[e[1]] = parser.parse_region()
        return
    if k == "regions":
        regs = []
        if parser.peek_is("{"):
            regs.append(parser.parse_region())
            while parser.accept(","):
                regs.append(parser.parse_region())
        ps.regions["*"] = regs
        return
    if k == "successor":
        if e[2].variadic:
            s = parser.parse_optional_successor()
            lst = []
            if s is not None:
                lst.append(s)
                while parser.accept(","):
                    lst.append(parser.parse_successor())
            ps.successors[e[1]] = lst
        else:
            ps.successors[e[1]] = [parser.parse_successor()]
        return
    if k == "successors":
        s = parser.parse_optional_successor()
        lst = []
        if s is not None:
            lst.append(s)
            while parser.accept(","):
                lst.append(parser.parse_successor())
        ps.successors["*"] = lst
        return
    if k == "operands":
        ps.all_operands = parser.parse_operand_list()
        return
    if k == "optional":
        _, then, els, anchor = e
        i = 0
        while then[i][0] == "space":  # leading `` / ` ` only affect printing
            i += 1
        if _parse_optional_first(parser, d, then[i], ps, state):
            # A unit-attr anchor after the group's first element is implied, not spelled.
            unit = anchor is not None and anchor[0] == "attr" and anchor[2].is_unit
            _parse_elements(parser, d, [x for x in then[i + 1:] if not (unit and x is anchor)],
                            ps, state)
            if anchor[0] == "attr" and anchor[2].is_unit and anchor[1] not in ps.attrs:
                ps.attrs[anchor[1]] = UNIT
        elif els:
            _parse_elements(parser, d, els, ps, state)
        return
    if k == "custom":
        fn = d.custom_directives[e[1]][0]
        fn(parser, _CustomCtx(parser, d, ps, state), *e[2])
        return
    raise parser.error(f"unsupported format element {k}")


# ---------------------------------------------------------------------------- compiled parsing
# Each element becomes a closure `step(parser, ps, state)`; the common ones skip the dispatch
# of _parse_element, the rest call it.
def _compile_parse(d, els):
    return [_compile_parse_element(d, e) for e in els if e[0] != "space"]


def _compile_parse_element(d, e):
    k = e[0]
    if k == "lit":
        v = e[1]
        msg = f"expected '{v}'"
        if v[0].isalpha() or v[0] == "_":
            def step(parser, ps, state):
                if parser.kind == "bare" and parser.tok == v:
                    parser._next()
                else:
                    raise parser.error(msg)
        else:
            def step(parser, ps, state):
                if parser.tok != v or parser.kind == "string":
                    raise parser.error(msg)
                parser._next()
        return step
    if k == "operand":
        i, kind = e[1], e[2].kind
        if kind == "":
            def step(parser, ps, state):
                ps.operands[i] = [parser.parse_operand()]
        elif kind == "*":
            def step(parser, ps, state):
                ps.operands[i] = parser.parse_operand_list()
        else:
            def step(parser, ps, state):
                _parse_element(parser, d, e, ps, state)
        return step
    if k == "type":
        target = e[1]
        tk = target[0]
        if (tk == "operand" or tk == "result") and target[2].kind == "" and \
                target[2].constraint.type_class is None:
            i = target[1]
            if tk == "operand":
                def step(parser, ps, state):
                    ps.op_types[i] = [parser.parse_type()]
            else:
                def step(parser, ps, state):
                    ps.res_types[i] = [parser.parse_type()]
            return step
    if k == "attrdict" and not e[1]:
        def step(parser, ps, state):
            if parser.tok == "{" and parser.kind == "punct":
                off = parser.start
                attrs = parser.parse_optional_attr_dict()
                if attrs and d.attrs:
                    _check_inherent_attrs(parser, d, attrs, off)
                state.attributes.update(attrs)
        return step

    def step(parser, ps, state):
        _parse_element(parser, d, e, ps, state)
    return step


def _expect_dict(parser):
    raise parser.error("expected '{'")


def _assign_types(ps, target, types):
    k = target[0]
    if k == "operands":
        ps.all_op_types = types
    elif k == "results":
        ps.all_res_types = types
    elif k == "operand":
        ps.op_types[target[1]] = types
    elif k == "result":
        ps.res_types[target[1]] = types


def _parse_optional_first(parser, d, first, ps, state):
    """Parses the first element of an optional group if present; returns whether it was."""
    k = first[0]
    if k == "lit":
        v = first[1]
        if v[0].isalpha() or v[0] == "_":
            return parser.accept_keyword(v)
        return parser.accept(v)
    if k == "operand":
        if parser.kind != "percent":
            return False
        _parse_element(parser, d, first, ps, state)
        return True
    if k == "attr":
        parser.attr_name_hint = first[1]
        a = first[2].parse_optional_format(parser)
        if a is None:
            return False
        ps.attrs[first[1]] = a
        return True
    if k == "region":
        if not parser.peek_is("{"):
            return False
        ps.regions[first[1]] = parser.parse_region()
        return True
    if k == "type":
        t = parser.parse_optional_type()
        if t is None:
            return False
        rest = [t]
        target = first[1]
        arg = target[2] if len(target) > 2 else None
        if arg is None or arg.kind == "*":
            while parser.accept(","):
                rest.append(parser.parse_type())
        _assign_types(ps, target, rest)
        return True
    if k == "successor":
        s = parser.parse_optional_successor()
        if s is None:
            return False
        ps.successors[first[1]] = [s]
        return True
    if k == "custom":
        fn = d.custom_directives[first[1]][0]
        return fn(parser, _CustomCtx(parser, d, ps, state), *first[2], optional=True) is not False
    if k == "attrdict":
        _parse_element(parser, d, first, ps, state)
        return True
    if k == "functype":
        if not parser.peek_is("("):
            return False
        _parse_element(parser, d, first, ps, state)
        return True
    raise parser.error(f"unsupported optional group start {k}")


def _check_inherent_attrs(parser, d, attrs, off):
    """ODS parsers verify inherent attributes written in the attr-dict right away
    (verifyInherentAttrs), so a bad one is a parse error at the dictionary."""
    for name, a in attrs.items():
        c = d.attrs.get(name)
        if c is not None and not c.check(a):
            raise parser.custom_error(f"'{d.name}' op attribute '{name}' failed to satisfy "
                                      f"constraint: {c.summary}", off)


class _CustomCtx:
    """Handed to custom directive parsers to record what they parsed."""
    __slots__ = ("parser", "d", "ps", "state")

    def __init__(self, parser, d, ps, state):
        self.parser = parser
        self.d = d
        self.ps = ps
        self.state = state

    def set(self, element, value):
        """Stores `value` for a format element argument (operand/type/attr/region/...)."""
        ps = self.ps
        k = element[0]
        if k == "ref":
            return
        if k == "operand":
            ps.operands[element[1]] = value if isinstance(value, list) else \
                ([] if value is None else [value])
        elif k == "attr":
            if value is not None:
                ps.attrs[element[1]] = value
        elif k == "type":
            _assign_types(ps, element[1], value if isinstance(value, list) else [value])
        elif k == "region":
            ps.regions[element[1]] = value
        elif k == "successor":
            ps.successors[element[1]] = value if isinstance(value, list) else [value]
        elif k == "attrdict":
            self.state.attributes.update(value)

    def get(self, element):
        ps = self.ps
        k = element[0]
        if k == "ref":
            element = element[1]
            k = element[0]
        if k == "operand":
            return ps.operands.get(element[1])
        if k == "attr":
            return ps.attrs.get(element[1])
        if k == "type":
            t = element[1]
            return (ps.op_types if t[0] == "operand" else ps.res_types).get(t[1])
        return None


class _InferInfo:
    """Per-op facts `_infer` and `_finish` need, computed once at the op's first parse."""
    __slots__ = ("nops", "nres", "op_build", "res_build", "needs_known", "op_names",
                 "res_names", "same", "rules", "skippable", "needs_nonempty", "op_groups",
                 "res_groups", "attr_sized", "simple_operands")

    def __init__(self, d):
        self.nops, self.nres = len(d.operands), len(d.results)
        self.op_build = [(i, a.constraint.buildable) for i, a in enumerate(d.operands)
                         if a.constraint.buildable is not None]
        self.res_build = [(i, a.constraint.buildable) for i, a in enumerate(d.results)
                          if a.constraint.buildable is not None]
        traits = d.traits
        same_ops_res = SAME_OPERANDS_AND_RESULT_TYPE in traits
        self.needs_known = bool(d.infer) or same_ops_res or SAME_TYPE_OPERANDS in traits
        self.op_names = [(i, a.name, a.kind) for i, a in enumerate(d.operands)]
        self.res_names = [(i, a.name) for i, a in enumerate(d.results)]
        self.same = None
        if same_ops_res or SAME_TYPE_OPERANDS in traits:
            self.same = [a.name for a in d.operands] + \
                ([a.name for a in d.results] if same_ops_res else [])
        self.rules = list(d.infer.items())
        # When every group's type is already known, the rules could only matter through
        # their errors: callables run (and may raise) unless every rule names a known group.
        names = {a.name for a in d.operands} | {a.name for a in d.results}
        callables = any(not isinstance(r, str) for _, r in self.rules)
        self.skippable = not callables or all(n in names for n, _ in self.rules)
        self.needs_nonempty = callables
        self.op_groups = [(i, a.name) for i, a in enumerate(d.operands)]
        self.res_groups = [(i, a.name, a.kind) for i, a in enumerate(d.results)]
        self.attr_sized = ATTR_SIZED_OPERANDS in traits
        self.simple_operands = d._simple_operands


def _infer_info(d):
    fi = d.__dict__.get("_fmt_infer")
    if fi is None:
        fi = d._fmt_infer = _InferInfo(d)
    return fi


def _infer(d, ps, parser, state):
    """Fills operand and result types the format leaves implicit."""
    fi = _infer_info(d)
    op_types = [None] * fi.nops
    res_types = [None] * fi.nres
    if ps.all_op_types is not None:
        _split_all(d, ps, ps.all_op_types, True, op_types)
    if ps.all_res_types is not None:
        _split_all(d, ps, ps.all_res_types, False, res_types)
    for i, ts in ps.op_types.items():
        op_types[i] = ts
    for i, ts in ps.res_types.items():
        res_types[i] = ts
    for i, b in fi.op_build:
        if op_types[i] is None:
            op_types[i] = [b] * len(ps.operands.get(i, ()))
    for i, b in fi.res_build:
        if res_types[i] is None:
            res_types[i] = [b]
    # Named inference rules: name -> callable(known: dict name -> type) or other name.
    if not fi.needs_known:
        return op_types, res_types
    if fi.skippable and None not in op_types and None not in res_types and \
            (not fi.needs_nonempty or (all(op_types) and all(res_types))):
        return op_types, res_types
    known = {}
    for i, name, _ in fi.op_names:
        ts = op_types[i]
        if ts:
            known[name] = ts[0]
    for i, name in fi.res_names:
        ts = res_types[i]
        if ts:
            known[name] = ts[0]
    same = fi.same
    if same is not None:
        t = next((known[n] for n in same if n in known), None)
        if t is not None:
            for n in same:
                known.setdefault(n, t)
    rules = fi.rules
    if rules:
        for _ in range(2):
            for name, rule in rules:
                if name in known:
                    continue
                if isinstance(rule, str):
                    if rule in known:
                        known[name] = known[rule]
                else:
                    try:
                        t = rule(known, ps.attrs)
                    except InferError as err:
                        raise parser.custom_error(str(err))
                    except KeyError:
                        t = None
                    if t is not None:
                        known[name] = t
    for i, name, kind in fi.op_names:
        if op_types[i] is None and name in known:
            # with the `operands` directive a single group holds one operand
            n = 1 if ps.all_operands is not None and not kind else \
                len(ps.operands.get(i, ()))
            op_types[i] = [known[name]] * n
    for i, name in fi.res_names:
        if res_types[i] is None and name in known:
            res_types[i] = [known[name]]
    return op_types, res_types


def _split_all(d, ps, types, operands, out):
    args = d.operands if operands else d.results
    if len(args) == 1:
        out[0] = list(types)
        return
    if operands:
        pos = 0
        for i, a in enumerate(args):
            n = len(ps.operands.get(i, ())) if ps.all_operands is None else None
            if n is None:
                n = 1 if not a.kind else len(types) - (len(args) - 1)
            out[i] = list(types[pos:pos + n])
            pos += n
    else:
        nvar = sum(1 for a in args if a.kind)
        var_len = len(types) - (len(args) - nvar)
        pos = 0
        for i, a in enumerate(args):
            n = var_len if a.kind else 1
            out[i] = list(types[pos:pos + n])
            pos += n


# ---------------------------------------------------------------------------- generated parsers
# At an op's first parse its format becomes one straight-line Python function (source text
# compiled once): operands, types and attributes live in locals, the type inference of
# `_infer` is resolved at generation time as far as the format allows, and the
# OperationState is filled directly. Formats with elements the generator does not cover
# (regions, custom directives, `operands`, prop-dict, ...) keep the interpreter above.
class _Unsupported(Exception):
    pass


def _call_rule(rule, known, attrs, parser):
    try:
        return rule(known, attrs)
    except InferError as err:
        raise parser.custom_error(str(err))
    except KeyError:
        return None


def _parse_functype(parser):
    if parser.peek_is("("):
        ins = parser.parse_type_list_parens()
        parser.expect("->")
        return ins, parser.parse_function_result_types()
    off = parser.start  # parseType<FunctionType>: any type (an alias may name a function type)
    t = parser.parse_type()
    if type(t) is not FunctionType:
        raise parser.custom_error("invalid kind of type specified", off)
    return list(t.inputs), list(t.results)


def _parse_all_types(parser):
    t = parser.parse_optional_type()
    if t is None:
        return []
    res = [t]
    while parser.accept(","):
        res.append(parser.parse_type())
    return res


def _parse_successor_list(parser):
    s = parser.parse_optional_successor()
    lst = []
    if s is not None:
        lst.append(s)
        while parser.accept(","):
            lst.append(parser.parse_successor())
    return lst


class _ParseGen:
    def __init__(self, d):
        self.d = d
        self.lines = []
        self.ns = {"_parse_type_list": _parse_type_list, "_parse_functype": _parse_functype,
                   "_parse_all_types": _parse_all_types, "_call_rule": _call_rule,
                   "_parse_successor_list": _parse_successor_list, "UNIT": UNIT,
                   "_check_inherent_attrs": _check_inherent_attrs,
                   "_parse_element": _parse_element, "segment_sizes": segment_sizes, "D": d}
        self.nconst = 0
        self.ops = [None] * len(d.operands)   # None | "s" (a triple) | "l" (a list)
        self.optypes = [None] * len(d.operands)  # None | ("s", expr) | ("l", var, maybe_none)
        self.restypes = [None] * len(d.results)
        self.succ = [None] * len(d.successors)
        self.cond_ops, self.cond_types, self.cond_succ = set(), set(), set()
        self.has_attrdict = False

    def const(self, value, hint="C"):
        name = f"{hint}{self.nconst}"
        self.nconst += 1
        self.ns[name] = value
        return name

    def emit(self, ind, line):
        self.lines.append("    " * ind + line)

    # -- elements --------------------------------------------------------------------------
    def scan(self, els, cond):
        for e in els:
            k = e[0]
            if k == "optional":
                if e[3] is None:
                    raise _Unsupported
                self.scan(e[1], True)
                self.scan(e[2], True)
            elif k in ("lit", "space", "attr", "attrdict"):
                if k == "attrdict":
                    self.has_attrdict = True
            elif k == "operand":
                if cond:
                    self.cond_ops.add(e[1])
            elif k == "type":
                self.scan_type_target(e[1], cond)
            elif k == "functype":
                self.scan_type_target(e[1], cond)
                self.scan_type_target(e[2], cond)
            elif k == "successor":
                if cond:
                    self.cond_succ.add(e[1])
            else:
                raise _Unsupported

    def scan_type_target(self, t, cond):
        k = t[0]
        if k == "results":
            if len(self.d.results) != 1:
                raise _Unsupported
            t = ("result", 0)
        elif k not in ("operand", "result"):
            raise _Unsupported
        key = (t[0], t[1])
        if key in self.cond_types or key in self.seen_types:
            raise _Unsupported  # a group typed twice: leave it to the interpreter
        self.seen_types.add(key)
        if cond:
            self.cond_types.add(key)

    def set_types(self, ind, target, expr, is_list):
        """Assigns the parsed types (a list, or one type when not is_list) to a group."""
        k = target[0]
        if k == "results":
            k, i = "result", 0
        else:
            i = target[1]
        table = self.optypes if k == "operand" else self.restypes
        var = f"{'ot' if k == 'operand' else 'rt'}{i}"
        if (k, i) in self.cond_types:
            self.emit(ind, f"{var} = {expr if is_list else '[' + expr + ']'}")
            table[i] = ("l", var, True)
        elif is_list:
            self.emit(ind, f"{var} = {expr}")
            table[i] = ("l", var, False)
        else:
            self.emit(ind, f"{var} = {expr}")
            table[i] = ("s", var)

    def element(self, ind, e, cond):
        k = e[0]
        d = self.d
        if k == "space":
            return
        if k == "lit":
            v = e[1]
            msg = f"expected '{v}'"
            if v[0].isalpha() or v[0] == "_":
                self.emit(ind, f"if parser.kind != 'bare' or parser.tok != {v!r}:")
            else:
                self.emit(ind, f"if parser.tok != {v!r} or parser.kind == 'string':")
            self.emit(ind + 1, f"raise parser.error({msg!r})")
            self.emit(ind, "parser._next()")
            return
        if k == "operand":
            i, kind = e[1], e[2].kind
            if kind == "":
                if i in self.cond_ops:
                    self.emit(ind, f"o{i} = [parser.parse_operand()]")
                    self.ops[i] = "l"
                else:
                    self.emit(ind, f"o{i} = parser.parse_operand()")
                    self.ops[i] = "s"
            elif kind == "?":
                self.emit(ind, "_o = parser.parse_optional_operand()")
                self.emit(ind, f"o{i} = [_o] if _o is not None else []")
                self.ops[i] = "l"
            else:
                self.emit(ind, f"o{i} = parser.parse_operand_list()")
                self.ops[i] = "l"
            return
        if k == "attr":
            name, c = e[1], e[2]
            if not c.optional:
                self.emit(ind, "_off = parser.start")
            self.emit(ind, f"parser.attr_name_hint = {name!r}")
            if c.optional:
                self.emit(ind, f"_a = {self.const(c.parse_optional_format, 'PO')}(parser)")
                self.emit(ind, "if _a is not None:")
                self.emit(ind + 1, f"pattrs[{name!r}] = _a")
            else:
                self.emit(ind, f"_a = {self.const(c.parse_format, 'PF')}(parser)")
                self.emit(ind, "if _a is None:")
                self.emit(ind + 1, "raise parser.error('expected attribute value', _off)")
                self.emit(ind, f"pattrs[{name!r}] = _a")
            return
        if k == "type":
            t = e[1]
            if t[0] == "results":
                self.set_types(ind, t, "_parse_all_types(parser)", True)
                return
            arg = t[2]
            if arg.kind == "":
                tc = arg.constraint.type_class
                if tc is None:
                    self.emit(ind, "_t = parser.parse_type()")
                else:
                    self.emit(ind, "_off = parser.start")
                    self.emit(ind, "_t = parser.parse_type()")
                    self.emit(ind, f"if not isinstance(_t, {self.const(tc, 'TC')}):")
                    self.emit(ind + 1, "raise parser.custom_error('invalid kind of type "
                                       "specified', _off)")
                self.set_types(ind, t, "_t", False)
            else:
                self.set_types(ind, t, f"_parse_type_list(parser, {self.const(arg, 'A')})",
                               True)
            return
        if k == "functype":
            self.emit(ind, "_ins, _outs = _parse_functype(parser)")
            self.set_types(ind, e[1], "_ins", True)
            self.set_types(ind, e[2], "_outs", True)
            return
        if k == "attrdict":
            if e[1]:
                self.emit(ind, f"_parse_element(parser, D, {self.const(e, 'E')}, None, state)")
                return
            self.emit(ind, "if parser.tok == '{' and parser.kind == 'punct':")
            self.emit(ind + 1, "_off = parser.start")
            self.emit(ind + 1, "_ad = parser.parse_optional_attr_dict()")
            if d.attrs:
                self.emit(ind + 1, "if _ad:")
                self.emit(ind + 2, "_check_inherent_attrs(parser, D, _ad, _off)")
            self.emit(ind + 1, "state.attributes.update(_ad)")
            return
        if k == "successor":
            i = e[1]
            if e[2].variadic:
                self.emit(ind, f"s{i} = _parse_successor_list(parser)")
                self.succ[i] = "l"
            elif i in self.cond_succ:
                self.emit(ind, f"s{i} = [parser.parse_successor()]")
                self.succ[i] = "l"
            else:
                self.emit(ind, f"s{i} = parser.parse_successor()")
                self.succ[i] = "s"
            return
        if k == "optional":
            self.optional(ind, e)
            return
        raise _Unsupported

    def optional(self, ind, e):
        _, then, els, anchor = e
        i = 0
        while then[i][0] == "space":
            i += 1
        first = then[i]
        k = first[0]
        if k == "lit":
            v = first[1]
            if v[0].isalpha() or v[0] == "_":
                self.emit(ind, f"if parser.kind == 'bare' and parser.tok == {v!r}:")
            else:
                self.emit(ind, f"if parser.tok == {v!r} and parser.kind != 'string':")
            self.emit(ind + 1, "parser._next()")
        elif k == "operand":
            self.emit(ind, "if parser.kind == 'percent':")
            self.element(ind + 1, first, True)
        elif k == "attr":
            self.emit(ind, f"parser.attr_name_hint = {first[1]!r}")
            self.emit(ind, f"_a = {self.const(first[2].parse_optional_format, 'PO')}(parser)")
            self.emit(ind, "if _a is not None:")
            self.emit(ind + 1, f"pattrs[{first[1]!r}] = _a")
        else:
            raise _Unsupported
        unit = anchor[0] == "attr" and anchor[2].is_unit
        for x in then[i + 1:]:
            if not (unit and x is anchor):
                self.element(ind + 1, x, True)
        if unit:
            self.emit(ind + 1, f"if {anchor[1]!r} not in pattrs:")
            self.emit(ind + 2, f"pattrs[{anchor[1]!r}] = UNIT")
        self.emit(ind + 1, "pass")
        if els:
            self.emit(ind, "else:")
            for x in els:
                self.element(ind + 1, x, True)
            self.emit(ind + 1, "pass")

    # -- inference (as `_infer`, decided at generation time where possible) -----------------
    def infer(self):
        d = self.d
        fi = _infer_info(d)
        for i, a in enumerate(d.operands):
            b = a.constraint.buildable
            if b is None:
                continue
            t = self.optypes[i]
            bn = self.const(b, "B")
            if t is None:
                if self.ops[i] == "s":
                    self.optypes[i] = ("s", bn)
                else:
                    self.emit(1, f"ot{i} = [{bn}] * len(o{i})" if self.ops[i] else f"ot{i} = []")
                    self.optypes[i] = ("l", f"ot{i}", False)
            elif t[0] == "l" and t[2]:
                self.emit(1, f"if ot{i} is None:")
                self.emit(2, f"ot{i} = [{bn}] * len(o{i})" if self.ops[i] else f"ot{i} = []")
                self.optypes[i] = ("l", f"ot{i}", False)
        for i, a in enumerate(d.results):
            b = a.constraint.buildable
            if b is None:
                continue
            t = self.restypes[i]
            bn = self.const(b, "B")
            if t is None:
                self.restypes[i] = ("s", bn)
            elif t[0] == "l" and t[2]:
                self.emit(1, f"if rt{i} is None:")
                self.emit(2, f"rt{i} = [{bn}]")
                self.restypes[i] = ("l", f"rt{i}", False)
        if not fi.needs_known:
            return
        # `_infer`'s early return when every group has its types.
        groups = self.optypes + self.restypes
        fast = fi.skippable and None not in groups
        terms = []
        if fast:
            for t in groups:
                if t[0] == "l":
                    if fi.needs_nonempty:
                        terms.append(t[1])
                    elif t[2]:
                        terms.append(f"{t[1]} is not None")
            if not terms:
                return
            self.emit(1, f"if not ({' and '.join(terms)}):")
            ind = 2
        else:
            ind = 1
        # Simulation of `known`: name -> [state, var], state "K" (set), "M" (maybe None).
        known = {}
        kvars = {}

        def var(name):
            if name not in kvars:
                kvars[name] = f"k{len(kvars)}"
            return kvars[name]

        for kind, table in (("operand", self.optypes), ("result", self.restypes)):
            args = d.operands if kind == "operand" else d.results
            for i, a in enumerate(args):
                t = table[i]
                if t is None:
                    continue
                v = var(a.name)
                if t[0] == "s":
                    self.emit(ind, f"{v} = {t[1]}")
                    known[a.name] = "K"
                elif a.name not in known:
                    self.emit(ind, f"{v} = {t[1]}[0] if {t[1]} else None")
                    known[a.name] = "M"
                else:
                    self.emit(ind, f"if {t[1]}:")
                    self.emit(ind + 1, f"{v} = {t[1]}[0]")
        if fi.same is not None:
            same = fi.same
            self.emit(ind, "_t = None")
            st = None
            for n in same:
                s = known.get(n)
                if s is None:
                    continue
                if s == "K":
                    if st is None:
                        self.emit(ind, f"_t = {var(n)}")
                    else:
                        self.emit(ind, "if _t is None:")
                        self.emit(ind + 1, f"_t = {var(n)}")
                    st = "K"
                    break
                self.emit(ind, "if _t is None:")
                self.emit(ind + 1, f"_t = {var(n)}")
                st = "M"
            if st is not None:
                for n in same:
                    s = known.get(n)
                    if s == "K":
                        continue
                    if s is None:
                        self.emit(ind, f"{var(n)} = _t")
                        known[n] = st
                    else:
                        self.emit(ind, f"if {var(n)} is None:")
                        self.emit(ind + 1, f"{var(n)} = _t")
                        if st == "K":
                            known[n] = "K"
        for _ in range(2):
            for name, rule in fi.rules:
                s = known.get(name)
                if s == "K":
                    continue
                v = var(name)
                if isinstance(rule, str):
                    rs = known.get(rule)
                    if rs is None:
                        continue
                    if s is None:
                        self.emit(ind, f"{v} = {var(rule)}")
                    else:
                        self.emit(ind, f"if {v} is None:")
                        self.emit(ind + 1, f"{v} = {var(rule)}")
                    known[name] = rs if s is None else ("K" if rs == "K" else "M")
                else:
                    kn = ", ".join(f"{n!r}: {var(n)}" for n, st in known.items() if st == "K")
                    sub = ind
                    if s is not None:
                        self.emit(ind, f"if {v} is None:")
                        sub = ind + 1
                    self.emit(sub, f"_known = {{{kn}}}")
                    for n, st in known.items():
                        if st == "M":
                            self.emit(sub, f"if {var(n)} is not None:")
                            self.emit(sub + 1, f"_known[{n!r}] = {var(n)}")
                    self.emit(sub, f"{v} = _call_rule({self.const(rule, 'R')}, _known, pattrs, "
                                   "parser)")
                    known[name] = "M"
        # Fill the groups still without types from `known`.
        for kind, table in (("operand", self.optypes), ("result", self.restypes)):
            args = d.operands if kind == "operand" else d.results
            for i, a in enumerate(args):
                t = table[i]
                s = known.get(a.name)
                if s is None or (t is not None and not (t[0] == "l" and t[2])):
                    continue
                v = var(a.name)
                tv = f"{'ot' if kind == 'operand' else 'rt'}{i}"
                if kind == "operand":
                    n = "1" if self.ops[i] == "s" else (f"len(o{i})" if self.ops[i] else "0")
                else:
                    n = "1"
                if t is None and s == "K" and n == "1":
                    table[i] = ("s", v)
                    continue
                val = f"[{v}] * {n}" if n != "1" else f"[{v}]"
                if t is None:
                    if s == "K":
                        self.emit(ind, f"{tv} = {val}")
                        table[i] = ("l", tv, False)
                    else:
                        self.emit(ind, f"{tv} = None if {v} is None else {val}")
                        table[i] = ("l", tv, True)
                else:
                    self.emit(ind, f"if {tv} is None and {v} is not None:")
                    self.emit(ind + 1, f"{tv} = {val}")
        if ind == 2:
            self.emit(ind, "pass")

    # -- operands, results, attributes -----------------------------------------------------
    def finish(self):
        d = self.d
        fi = _infer_info(d)
        items, sizes = [], []
        mark = len(self.lines)
        for i, name in fi.op_groups:
            o, t = self.ops[i], self.optypes[i]
            err = f"raise parser.error('could not infer the type of operand \\'{name}\\'', start)"
            if t is None:
                if o == "s":
                    self.emit(1, err)
                elif o == "l":
                    self.emit(1, f"if o{i}:")
                    self.emit(2, err)
                sizes.append("0")
                continue
            if t[0] == "l" and t[2]:
                self.emit(1, f"if ot{i} is None:")
                if o == "s":
                    self.emit(2, err)
                elif o == "l":
                    self.emit(2, f"if o{i}:")
                    self.emit(3, err)
                self.emit(2, f"ot{i} = ()")
            if o is None:
                if t[0] == "s":
                    self.emit(1, "raise parser.error('0 operands present, but expected 1', "
                                 "start)")
                else:
                    self.emit(1, f"if {t[1]}:")
                    self.emit(2, f"raise parser.error(f'0 operands present, but expected "
                                 f"{{len({t[1]})}}', start)")
                sizes.append("0")
                continue
            if o == "s":
                if t[0] == "s":
                    items.append((len(self.lines) - mark, "1", f"resolve(o{i}, {t[1]})"))
                else:
                    self.emit(1, f"if len({t[1]}) != 1:")
                    self.emit(2, f"raise parser.error(f'1 operands present, but expected "
                                 f"{{len({t[1]})}}', o{i}[2])")
                    items.append((len(self.lines) - mark, "1", f"resolve(o{i}, {t[1]}[0])"))
                sizes.append("1")
            else:
                tl = "1" if t[0] == "s" else f"len({t[1]})"
                self.emit(1, f"if len(o{i}) != {tl}:")
                self.emit(2, f"raise parser.error(f'{{len(o{i})}} operands present, but "
                             f"expected {{{tl}}}', o{i}[0][2] if o{i} else start)")
                if t[0] == "s":
                    items.append((len(self.lines) - mark, "1", f"resolve(o{i}[0], {t[1]})"))
                else:
                    items.append((len(self.lines) - mark, "*", f"map(resolve, o{i}, {t[1]})"))
                sizes.append(f"len(o{i})")
        if items:
            # Checks and resolutions stay in group order (so do their diagnostics); without
            # checks the operands are one list display.
            body, self.lines = self.lines[mark:], self.lines[:mark]
            if not body and all(n == "1" for _, n, _ in items):
                self.emit(1, "resolve = parser.resolve_operand")
                self.emit(1, f"state.operands = [{', '.join(x for _, _, x in items)}]")
            else:
                self.emit(1, "resolve = parser.resolve_operand")
                self.emit(1, "ops = []")
                pos = 0
                for at, n, x in items:
                    self.lines.extend(body[pos:at])
                    pos = at
                    self.emit(1, f"ops.append({x})" if n == "1" else f"ops.extend({x})")
                self.lines.extend(body[pos:])
                self.emit(1, "state.operands = ops")
        res = []
        for i, name, kind in fi.res_groups:
            t = self.restypes[i]
            err = f"raise parser.error('failed to infer result type of \\'{name}\\'', start)"
            if t is None:
                if kind == "":
                    self.emit(1, err)
                continue
            if t[0] == "l" and t[2]:
                self.emit(1, f"if rt{i} is None:")
                self.emit(2, err if kind == "" else f"rt{i} = ()")
            res.append(f"{t[1]}" if t[0] == "s" else f"*{t[1]}")
        if res:
            self.emit(1, f"state.result_types = [{', '.join(res)}]")
        if self.has_attrdict:
            self.emit(1, "_ad = state.attributes")
            self.emit(1, "if _ad:")
            self.emit(2, f"for n in [n for n in _ad if n in {self.const(d.attr_names, 'N')}]:")
            self.emit(3, "if n not in pattrs:")
            self.emit(4, "pattrs[n] = _ad.pop(n)")
        d.apply_defaults({})
        for n, v in d._stored_defaults:
            self.emit(1, f"if {n!r} not in pattrs:")
            self.emit(2, f"pattrs[{n!r}] = {self.const(v, 'DF')}")
        if fi.attr_sized:
            self.emit(1, f"pattrs['operandSegmentSizes'] = segment_sizes([{', '.join(sizes)}])")
        self.emit(1, "state.properties = pattrs")
        succ = []
        for i in range(len(d.successors)):
            s = self.succ[i]
            if s == "s":
                succ.append(f"s{i}")
            elif s == "l":
                succ.append(f"*s{i}")
        if succ:
            self.emit(1, f"state.successors = [{', '.join(succ)}]")

    def build(self):
        d = self.d
        if d.regions or ATTR_SIZED_RESULTS in d.traits:
            raise _Unsupported
        els = d._fmt_elements
        self.seen_types = set()
        self.scan(els, False)
        self.emit(0, "def parse(parser, state):")
        self.emit(1, "start = parser.start")
        self.emit(1, "pattrs = {}")
        for i in sorted(self.cond_ops):
            self.emit(1, f"o{i} = []")
        for k, i in sorted(self.cond_types):
            self.emit(1, f"{'ot' if k == 'operand' else 'rt'}{i} = None")
        for i in sorted(self.cond_succ):
            self.emit(1, f"s{i} = []")
        for e in els:
            self.element(1, e, False)
        for i in self.cond_ops:  # a group parsed conditionally holds a list of operands
            self.ops[i] = "l"
        for k, i in self.cond_types:
            (self.optypes if k == "operand" else self.restypes)[i] = \
                ("l", f"{'ot' if k == 'operand' else 'rt'}{i}", True)
        for i in self.cond_succ:
            self.succ[i] = "l"
        self.infer()
        self.finish()
        src = "\n".join(self.lines) + "\n"
        code = compile(src, f"<format {d.name}>", "exec")
        exec(code, self.ns)
        fn = self.ns["parse"]
        fn.source = src
        return fn


def _generated_parse(d):
    try:
        return _ParseGen(d).build()
    except Exception:  # _Unsupported, or a format shape the generator did not foresee
        return None


def compile_format(d):
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
    print_steps, _ = _compile_print(d, els, (True, False), dyn)
    if dyn:
        def print_fn(p, op):
            out, st = p.out, _PState()
            for step in print_steps:
                step(p, op, out, st)
    else:
        def interpreted_print(p, op):
            out = p.out
            for step in print_steps:
                step(p, op, out, None)

        def print_fn(p, op):
            # Generated at the op's first print, like the parser.
            try:
                fn = _generated_print(d, print_steps)
            except Exception:  # a shape the generator did not foresee: interpret the steps
                fn = interpreted_print
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

    d.print = print_fn
    d.parse = first_parse
    d._fmt_interpreted_parse = parse_fn  # (tests compare it with the generated parser)


def _finish(parser, d, ps, state):
    """Resolves operands with their (parsed or inferred) types and fills the OperationState."""
    op_types, res_types = _infer(d, ps, parser, state)
    fi = d._fmt_infer
    operands = []
    sizes = []
    if ps.all_operands is not None:
        types = ps.all_op_types
        if types is None:
            types = [t for ts in op_types if ts for t in ts]
        operands = parser.resolve_operands(ps.all_operands, types, ps.offset)
        sizes = None
    else:
        ps_operands = ps.operands
        resolve = parser.resolve_operand
        if ps.all_op_types is not None:
            # `type(operands)` / `functional-type(operands, ...)`: MLIR resolves all operands
            # against those types at once, so the count is checked over all of them.
            total = sum(len(v) for v in ps_operands.values())
            if total != len(ps.all_op_types):
                raise parser.custom_error(f"{total} operands present, but expected "
                                          f"{len(ps.all_op_types)}")
        for i, name in fi.op_groups:
            names = ps_operands.get(i, ())
            ts = op_types[i]
            if ts is None:
                if names:
                    raise parser.error(f"could not infer the type of operand '{name}'", ps.offset)
                ts = ()
            n = len(names)
            if len(ts) != n:
                raise parser.error(f"{n} operands present, but expected {len(ts)}",
                                   names[0][2] if names else ps.offset)
            if n == 1:
                operands.append(resolve(names[0], ts[0]))
            else:
                for o, t in zip(names, ts):
                    operands.append(resolve(o, t))
            sizes.append(n)
    state.operands = operands
    results = []
    for i, name, kind in fi.res_groups:
        ts = res_types[i]
        if ts is None:
            if kind == "":
                raise parser.error(f"failed to infer result type of '{name}'", ps.offset)
            continue
        results.extend(ts)
    state.result_types = results
    props = state.properties
    attrs = state.attributes
    if ps.attrs:
        props.update(ps.attrs)
    if attrs:
        for n in [n for n in attrs if n in d.attr_names]:
            if n not in props:
                props[n] = attrs.pop(n)
    d.apply_defaults(props)
    if fi.attr_sized and sizes is not None:
        props["operandSegmentSizes"] = segment_sizes(sizes)
    regions = []
    if "*" in ps.regions:
        regions = ps.regions["*"]
    elif d.regions:
        for i, rd in enumerate(d.regions):
            r = ps.regions.get(i)
            regions.append(r if r is not None else Region())
    if d.implicit_terminator is not None:
        for r in regions:
            ensure_terminator(r, d.implicit_terminator, parser)
    elif SINGLE_BLOCK in d.traits:
        for r in regions:  # ODS parsers give an empty SingleBlock region its block
            if not r.blocks:
                r.append(Block())
    state.regions = regions
    succ = []
    if "*" in ps.successors:
        succ = ps.successors["*"]
    else:
        for i in range(len(d.successors)):
            succ.extend(ps.successors.get(i, []))
    state.successors = succ


def ensure_terminator(region, term_name, parser=None, loc=None):
    """SingleBlockImplicitTerminator: an empty region gets a block; a block without the
    terminator gets one appended (as MLIR's ensureTerminator)."""
    if not region.blocks:
        region.append(Block())
    b = region.blocks[0]
    last = b.last
    if last is not None and last.name == term_name:
        return
    if last is not None and last.opdef is not None and last.opdef.is_terminator:
        return
    ctx = parser.ctx if parser is not None else None
    opdef = ctx.lookup_op(term_name) if ctx is not None else None
    if loc is None and parser is not None:
        loc = parser.loc_at()
    b.append(Operation(term_name, opdef, loc=loc))
