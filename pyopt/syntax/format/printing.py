"""Printing ops through their format: the interpreter and the compiled print steps
(spacing follows ODS: shouldEmitSpace / lastWasPunctuation)."""
from __future__ import annotations


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
    if k == "custom":  # present when any value the directive prints is
        return any(_anchor_present(op, d, a) for a in anchor[2]
                   if a[0] in ("attr", "operand", "result", "region"))
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
            skip = d.__dict__.get("_fmt_propdict_skip")
            if skip is None:
                skip = d._fmt_propdict_skip = _directive_attrs(d._fmt_elements)
            props = {n: a for n, a in op.properties.items() if n not in skip}
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
        elif k == "region" and e[2].variadic:
            i = e[1]
            for j, r in enumerate(op.regions[i:len(op.regions) - len(d.regions) + i + 1]):
                if j:
                    out.append(", ")
                _print_region(p, op, d, r)
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
        if a[2].variadic:
            return op.regions[a[1]:len(op.regions) - len(d.regions) + a[1] + 1]
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


def _compile_print(d, els, pre, dyn, tail_read=True):
    """Returns (steps, post): the steps printing `els` from spacing state `pre`
    ((space, punct), or None when only known at run time) and the state after them. `dyn`
    gets an entry when some step needs the run-time state. `tail_read`: whether anything
    after `els` depends on the state they end in (nothing does after a whole format)."""
    steps = []
    state = pre
    for i, e in enumerate(els):
        if state is None:
            dyn.append(e)
        step, state = _compile_print_element(d, e, state, dyn,
                                             _state_read(els, i + 1, tail_read))
        if step is not None:
            steps.append(step)
    return steps, state


def _state_read(els, i, tail_read):
    """Whether the spacing state before els[i] decides what is printed: not when the next
    element that could read it is a literal printed the same either way (`,` `)` ...; it
    sets the state itself), or a space; attr-dicts in between do not read it."""
    for e in els[i:]:
        k = e[0]
        if k == "lit":
            v = e[1]
            return _space_before_literal(v, True) or _space_before_literal(v, False)
        if k == "space":
            if e[1] == "\\n":  # (keeps the state)
                continue
            return False
        if k != "attrdict":
            return True
    return tail_read


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


def _compile_print_element(d, e, pre, dyn, post_read=True):
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
        return _compile_print_optional(d, e, pre, dyn, post_read)
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
    steps' literal text is merged, the common value-like elements and optional groups are
    inlined."""
    lines = ["def print_fn(p, op):", "    out = p.out"]
    ns = {"D": d, "_attr_dict_attrs": _attr_dict_attrs}
    pending = ""
    counter = [0]

    def flush(ind):
        nonlocal pending
        if pending:
            lines.append(f"{ind}out.append({pending!r})")
            pending = ""

    def emit(steps, ind):
        nonlocal pending
        for step in steps:
            n = counter[0]
            counter[0] += 1
            text = getattr(step, "text", None)
            if text is not None:
                pending += text
                continue
            keyword = getattr(step, "attrdict", None)
            if keyword is not None:
                flush(ind)
                ns[f"U{n}"] = d._fmt_used_attrs
                # (nothing to print, and no attribute to visit, when every property is elided)
                lines.append(f"{ind}props = op.properties")
                lines.append(f"{ind}attrs = op.attributes")
                lines.append(f"{ind}if attrs or not props.keys() <= U{n}:")
                lines.append(f"{ind}    out.append(p.attr_dict_str(attrs if not props else "
                             f"_attr_dict_attrs(op, D), U{n}, {keyword!r}))")
                continue
            group = getattr(step, "optional", None)
            if group is not None:
                flush(ind)
                present, then_steps, else_steps = group
                ns[f"P{n}"] = present
                lines.append(f"{ind}if P{n}(op):")
                emit(then_steps, ind + "    ")
                flush(ind + "    ")
                lines.append(f"{ind}    pass")
                if else_steps:
                    lines.append(f"{ind}else:")
                    emit(else_steps, ind + "    ")
                    flush(ind + "    ")
                continue
            vl = getattr(step, "value_like", None)
            if vl is None:
                flush(ind)
                ns[f"S{n}"] = step
                lines.append(f"{ind}S{n}(p, op, out, None)")
                continue
            lead, body, e = vl
            pending += lead
            k = e[0]
            if k == "operand" and d._simple_operands:
                flush(ind)
                lines.append(f"{ind}slots = op.operand_slots")
                lines.append(f"{ind}if {e[1]} < len(slots):")
                lines.append(f"{ind}    out.append(p.value(slots[{e[1]}].value))")
            elif k == "type" and e[1][0] in ("operand", "result") and \
                    (d._simple_operands if e[1][0] == "operand" else d._simple_results):
                i = e[1][1]
                seq = "[s.value for s in op.operand_slots]" if e[1][0] == "operand" else \
                    "op.results"
                lines.append(f"{ind}vs = {seq}")
                lines.append(f"{ind}out.append({pending!r} + (p.type_str(vs[{i}].type) "
                             f"if {i} < len(vs) else ''))")
                pending = ""
            elif k == "attr":
                flush(ind)
                ns[f"F{n}"] = e[2].print_format
                lines.append(f"{ind}a = op.properties.get({e[1]!r})")
                lines.append(f"{ind}if a is None:")
                lines.append(f"{ind}    a = op.attributes.get({e[1]!r})")
                lines.append(f"{ind}if a is not None:")
                lines.append(f"{ind}    out.append(F{n}(p, a))")
            else:
                flush(ind)
                ns[f"B{n}"] = body
                lines.append(f"{ind}B{n}(p, op, out)")
    emit(steps, "    ")
    flush("    ")
    src = "\n".join(lines) + "\n"
    exec(compile(src, f"<format print {d.name}>", "exec"), ns)
    fn = ns["print_fn"]
    fn.source = src
    return fn


def _compile_print_optional(d, e, pre, dyn, post_read=True):
    _, then, els_, anchor = e
    elide = anchor if (anchor is not None and anchor[0] == "attr" and anchor[2].is_unit and
                       then and then[0] is not anchor) else None
    dyn_before = len(dyn)
    then_steps, then_post = _compile_print(d, [x for x in then if x is not elide], pre, dyn,
                                           post_read)
    else_steps, else_post = _compile_print(d, els_, pre, dyn, post_read) if els_ else \
        ([], pre)
    dyn_inside = len(dyn) > dyn_before
    post = then_post if (then_post == else_post and then_post is not None) else None
    if post is None and not post_read:  # (any state will do: nothing after reads it)
        post = then_post or else_post or (True, False)
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
    if post is not None and not dyn_inside:  # (static spacing: inlined by _generated_print)
        step.optional = (present, then_steps, else_steps)
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
        if e[2].variadic:
            def body(p, op, out):
                for j, r in enumerate(op.regions[i:len(op.regions) - len(d.regions) + i + 1]):
                    if j:
                        out.append(", ")
                    _print_region(p, op, d, r)
            return body

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


def _directive_attrs(elements):
    """The attributes a format prints by name (a prop-dict prints all other properties)."""
    out = set()
    stack = list(elements)
    while stack:
        e = stack.pop()
        if isinstance(e, (list, tuple)):
            if len(e) > 1 and e[0] == "attr" and isinstance(e[1], str):
                out.add(e[1])
            stack.extend(x for x in e if isinstance(x, (list, tuple)))
    return frozenset(out | {"operandSegmentSizes", "resultSegmentSizes"})
