"""Reading an assembly-format string into the element tree the engine interprets."""
from __future__ import annotations

import re


_TOK = re.compile(r"\s*(?:(`[^`]*`)|(\$[A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_-]*)|"
                  r"([()?^:,=<>\[\]{}*+-]))")


# ---------------------------------------------------------------------------- format reading
class FormatError(Exception):
    pass


class InferredGroup(list):
    """What an `infer` rule returns for a variadic group whose types it knows one by one
    (ODS TypesMatchWith giving a list, e.g. tensor.from_elements: one element type per
    element): the parser then checks the operand count against it."""


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
            el = self.directive(v)
            if self.peek() == ("punct", "^"):
                self.take()
                return ("anchor", el)
            return el
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
