"""Generated parsers: one straight-line Python function per op format, built as source text
and compiled once per OpDef (the interpreter in parsing.py is the fallback)."""
from __future__ import annotations

from pyopt.ir.attributes import UNIT
from pyopt.ir.types import FunctionType
from pyopt.ir.opdef import ATTR_SIZED_RESULTS, segment_sizes
from pyopt.syntax.format.reader import InferError, InferredGroup
from pyopt.syntax.format.parsing import (_CustomCtx, _ParseState, _check_inherent_attrs,
                                         _infer_info, _parse_element, _parse_type_list)


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


def _group_types(t, n):
    """The types of a variadic operand group from an inferred type: one per operand, or the
    rule's own list (InferredGroup)."""
    return list(t) if type(t) is InferredGroup else [t] * n


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
                   "_group_types": _group_types,
                   "_parse_successor_list": _parse_successor_list, "UNIT": UNIT,
                   "_check_inherent_attrs": _check_inherent_attrs,
                   "_parse_element": _parse_element, "segment_sizes": segment_sizes, "D": d,
                   "_CustomCtx": _CustomCtx, "_Attrs": _Attrs, "_ParseState": _ParseState}
        self.nconst = 0
        self.ops = [None] * len(d.operands)   # None | "s" (a triple) | "l" (a list)
        self.optypes = [None] * len(d.operands)  # None | ("s", expr) | ("l", var, maybe_none)
        self.restypes = [None] * len(d.results)
        self.succ = [None] * len(d.successors)
        self.cond_ops, self.cond_types, self.cond_succ = set(), set(), set()
        self.has_attrdict = False
        self.all_operands = False  # the `operands` directive (with `type(operands)` or
        self.all_op_types = False  # `functional-type(operands, ...)`)
        self.allt_set = False  # whether the generated code has assigned `_allt` so far

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
            elif k == "operands" and not cond:
                # all operands as one list: only with their types as one list too (below)
                self.all_operands = True
            elif k == "custom" and all(_attr_only(a) for a in e[2]):
                # a directive that only parses attributes (LLVM's OverflowFlags, LLVMOpAttrs)
                if any(a[0] == "attrdict" for a in e[2]):
                    self.has_attrdict = True
            elif k == "custom" and _types_only(self.d, e):
                for a in e[2]:
                    self.scan_type_target(a[1], cond)
            elif k == "custom" and not cond and all(_custom_arg_supported(a) for a in e[2]):
                # operands, types and attributes through the interpreter's context object
                for a in e[2]:
                    if a[0] == "type":
                        self.scan_type_target(a[1], cond)
                    elif a[0] == "attrdict":
                        self.has_attrdict = True
            else:
                raise _Unsupported

    def scan_type_target(self, t, cond):
        k = t[0]
        if k == "operands":
            if cond or self.all_op_types:
                raise _Unsupported
            self.all_op_types = True
            return
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
        if k == "operands":
            self.emit(ind, f"_allt = {expr if is_list else '[' + expr + ']'}")
            self.allt_set = True  # (never inside an optional group: see scan_type_target)
            return
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
            if t[0] == "operands":
                raise _Unsupported  # `type(operands)`: left to the interpreter
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
        if k == "operands":
            self.emit(ind, "_all = parser.parse_operand_list()")
            return
        if k == "custom" and _types_only(d, e):
            fn = self.const(d.custom_directives[e[1]][2], "CT")
            self.emit(ind, f"_ct = {fn}(parser)")
            for j, a in enumerate(e[2]):
                self.set_types(ind, a[1], f"_ct[{j}]", False)
            return
        if k == "custom" and all(_attr_only(a) for a in e[2]):
            fn = self.const(d.custom_directives[e[1]][0], "CD")
            args = "".join(", " + self.const(a, "CA") for a in e[2])
            types = ", _allt" if self.allt_set else ""
            self.emit(ind, f"{fn}(parser, _CustomCtx(parser, D, _Attrs(pattrs{types}), "
                           f"state){args})")
            return
        if k == "custom":
            self.custom(ind, e)
            return
        raise _Unsupported

    def custom(self, ind, e):
        """A custom directive over operands and types too: it gets the interpreter's parse
        state holding what it refers to, and what it sets comes back into locals."""
        fn = self.const(self.d.custom_directives[e[1]][0], "CD")
        self.emit(ind, "_cps = _ParseState(D, start)")
        self.emit(ind, "_cps.attrs = pattrs")
        for a in e[2]:
            if a[0] != "ref":
                continue
            t = a[1]
            if t[0] == "operand" and self.ops[t[1]] is not None:
                i = t[1]
                self.emit(ind, f"_cps.operands[{i}] = "
                               f"{f'[o{i}]' if self.ops[i] == 's' else f'o{i}'}")
            elif t[0] == "type":
                k, i = t[1][0], t[1][1]
                have = (self.optypes if k == "operand" else self.restypes)[i]
                table = "_cps.op_types" if k == "operand" else "_cps.res_types"
                if have is None:
                    continue
                if have[0] == "s":
                    self.emit(ind, f"{table}[{i}] = [{have[1]}]")
                elif have[2]:
                    self.emit(ind, f"if {have[1]} is not None:")
                    self.emit(ind + 1, f"{table}[{i}] = {have[1]}")
                else:
                    self.emit(ind, f"{table}[{i}] = {have[1]}")
        args = "".join(", " + self.const(a, "CA") for a in e[2])
        self.emit(ind, f"{fn}(parser, _CustomCtx(parser, D, _cps, state){args})")
        for a in e[2]:
            if a[0] == "operand":
                i = a[1]
                self.emit(ind, f"o{i} = _cps.operands.get({i}, [])")
                self.ops[i] = "l"
            elif a[0] == "type":
                k, i = a[1][0], a[1][1]
                var = f"{'ot' if k == 'operand' else 'rt'}{i}"
                self.emit(ind, f"{var} = _cps.{'op_types' if k == 'operand' else 'res_types'}"
                               f".get({i})")
                (self.optypes if k == "operand" else self.restypes)[i] = ("l", var, True)

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
        if self.all_op_types and None not in self.restypes:
            return  # operands typed as one list and every result typed: nothing to infer
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
                    n = "1" if self.ops[i] == "s" or self.all_operands else \
                        (f"len(o{i})" if self.ops[i] else "0")  # (`operands`: single groups)
                else:
                    n = "1"
                if t is None and s == "K" and n == "1":
                    table[i] = ("s", v)
                    continue
                val = f"[{v}]" if n == "1" else f"[{v}] * {n}" if s == "K" else \
                    f"_group_types({v}, {n})"
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
        if self.all_operands and not self.all_op_types:
            # (types group by group, inferred where missing, resolved as one list)
            types = []
            for t in self.optypes:
                if t is not None:
                    types.append(t[1] if t[0] == "s" else
                                 f"*({t[1]} or ())" if t[2] else f"*{t[1]}")
            self.emit(1, f"_allt = [{', '.join(types)}]")
        if self.all_op_types and not self.all_operands:
            # (operands group by group, typed by one list: counted over all of them)
            groups = [f"o{i}" if o == "s" else f"*o{i}" for i, o in enumerate(self.ops)
                      if o is not None]
            self.emit(1, f"_all = [{', '.join(groups)}]")
            self.emit(1, "if len(_all) != len(_allt):")
            self.emit(2, "raise parser.custom_error(f'{len(_all)} operands present, but "
                         "expected {len(_allt)}')")
            self.emit(1, "state.operands = list(map(parser.resolve_operand, _all, _allt))")
        elif self.all_operands:
            self.emit(1, "state.operands = parser.resolve_operands(_all, _allt, start)")
        for i, name in ([] if self.all_operands or self.all_op_types else fi.op_groups):
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
                    self.emit(1, "raise parser.custom_error('0 operands present, but expected 1', "
                                 "start)")
                else:
                    self.emit(1, f"if {t[1]}:")
                    self.emit(2, f"raise parser.custom_error(f'0 operands present, but expected "
                                 f"{{len({t[1]})}}', start)")
                sizes.append("0")
                continue
            if o == "s":
                if t[0] == "s":
                    items.append((len(self.lines) - mark, "1", f"resolve(o{i}, {t[1]})"))
                else:
                    self.emit(1, f"if len({t[1]}) != 1:")
                    self.emit(2, f"raise parser.custom_error(f'1 operands present, but expected "
                                 f"{{len({t[1]})}}', o{i}[2])")
                    items.append((len(self.lines) - mark, "1", f"resolve(o{i}, {t[1]}[0])"))
                sizes.append("1")
            else:
                tl = "1" if t[0] == "s" else f"len({t[1]})"
                self.emit(1, f"if len(o{i}) != {tl}:")
                self.emit(2, f"raise parser.custom_error(f'{{len(o{i})}} operands present, but "
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
        if self.all_operands and not d._simple_operands:
            raise _Unsupported  # (`operands` over variadic groups: the interpreter)
        if self.all_operands and self.all_op_types and \
                any(k == "operand" for k, _ in self.seen_types):
            raise _Unsupported  # (operand types given twice)
        if self.all_op_types and not self.all_operands and (
                _infer_info(d).needs_known or _infer_info(d).attr_sized):
            raise _Unsupported  # (groups typed from one list, then inferred: the interpreter)
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


def _types_only(d, e):
    """A custom directive over single operand/result types that has a types parser (see
    format.types_directive)."""
    return len(d.custom_directives[e[1]]) > 2 and all(
        a[0] == "type" and a[1][0] in ("operand", "result") and a[1][2].kind == ""
        for a in e[2])


def _custom_arg_supported(arg):
    """What the generator can hand a custom directive: operand groups, types of single
    operand/result groups, attributes, the attr-dict, and references to any of them."""
    k = arg[0]
    if k == "ref":
        arg = arg[1]
        k = arg[0]
    if k in ("operand", "attr", "attrdict"):
        return True
    return k == "type" and arg[1][0] in ("operand", "result")


def _attr_only(arg):
    k = arg[0]
    return k in ("attr", "attrdict") or (k == "ref" and arg[1][0] == "attr")


class _Attrs:
    """What a custom directive's context needs of the parse state when the directive only
    parses attributes: the generated parser's attribute dict, and the operand types parsed
    as one list before it (LLVM's GEP element type reads a seed-era typed pointer there)."""
    __slots__ = ("attrs", "all_op_types")

    def __init__(self, attrs, all_op_types=None):
        self.attrs = attrs
        self.all_op_types = all_op_types


def _generated_parse(d):
    try:
        return _ParseGen(d).build()
    except _Unsupported:  # a shape the generator leaves to the interpreter
        return None
