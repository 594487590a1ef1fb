"""Parsing ops through their format: the interpreter, type inference for types the format
leaves implicit, and `_finish`, which resolves operands and fills the OperationState."""
from __future__ import annotations

from pyopt.ir.attributes import UNIT
from pyopt.ir.core import Block, Operation, Region
from pyopt.ir.types import FunctionType
from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS, SINGLE_BLOCK, segment_sizes
from pyopt.syntax.format.reader import InferError, InferredGroup


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
        if e[2].variadic:  # VariadicRegion: `{...}, {...}`, possibly none
            regs = []
            if parser.peek_is("{"):
                regs.append(parser.parse_region())
                while parser.accept(","):
                    regs.append(parser.parse_region())
            ps.regions[e[1]] = regs
            return
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
            t = known[name]
            if type(t) is InferredGroup:
                op_types[i] = list(t)
                continue
            # with the `operands` directive a single group holds one operand
            n = 1 if ps.all_operands is not None and not kind else \
                len(ps.operands.get(i, ()))
            op_types[i] = [t] * n
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
                raise parser.custom_error(f"{n} operands present, but expected {len(ts)}",
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
            if type(r) is list:
                regions.extend(r)
            else:
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
