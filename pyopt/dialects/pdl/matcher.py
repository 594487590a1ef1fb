"""Matching a pdl.pattern against payload ops, for transform.pdl_match (what 19 gets by
lowering the pattern to pdl_interp and running its interpreter; only the match side: the
transform dialect's rewriter "transform.dialect" does nothing).

The pattern's root (the pdl.operation its pdl.rewrite names) is matched against an op; the
operands, results, types and attributes it constrains are matched through their defining PDL
ops (pdl.operand(s), pdl.result(s), pdl.type(s), pdl.attribute), binding each PDL value to one
payload entity (the same PDL value must bind the same entity everywhere). pdl.operations
reached only through uses (an op consuming a result of a bound one) are searched among the
users of the bound values. Native constraints are looked up in CONSTRAINTS (name ->
function(list of bound entities) -> bool)."""
from __future__ import annotations

from pyopt.ir.core import OpResult
from pyopt.dialects.pdl import RangeType

# Native constraint functions usable in patterns (PDLMatchHooks): name -> fn(args) -> bool.
CONSTRAINTS: dict = {}


class UnknownConstraint(Exception):
    pass


def find_root(pattern):
    body = pattern.regions[0].blocks[0]
    rewrite = body.last
    return rewrite.root if rewrite is not None and rewrite.name == "pdl.rewrite" else None


def match_all(pattern, root):
    """The ops nested in `root` (and root) that `pattern` matches, in post-order."""
    pdl_root = find_root(pattern)
    found = []
    if pdl_root is None:
        return found

    def visit(op):
        if _Match(pattern).run(pdl_root, op):
            found.append(op)
    root.walk(visit)
    return found


def _def(v):
    return v.defining_op()


def _get_attr(op, name):
    a = op.properties.get(name) if op.properties else None
    return a if a is not None else op.attributes.get(name)


class _Match:
    def __init__(self, pattern):
        self.pattern = pattern
        self.bound = {}

    def run(self, pdl_root, op):
        if not self.op(pdl_root, op):
            return False
        if not self._bind_remaining_ops():
            return False
        return self._constraints()

    # -- bindings ---------------------------------------------------------------------------
    def _bind(self, pdl_value, entity):
        have = self.bound.get(pdl_value, _UNSET)
        if have is not _UNSET:
            return have == entity if isinstance(entity, list) else have is entity
        self.bound[pdl_value] = entity
        return True

    def op(self, pdl_value, op):
        if pdl_value in self.bound:
            return self.bound[pdl_value] is op
        d = _def(pdl_value)
        name = d.properties.get("opName")
        if name is not None and op.name != name.value:
            return False
        self.bound[pdl_value] = op
        # (no operand / type values: none, as 19's exact counts when there is no range)
        if not self._each(list(d.operandValues), list(op.operands), self.value, self.values):
            return False
        for n, a in zip(d.properties["attributeValueNames"], d.attributeValues):
            got = _get_attr(op, n.value)
            if got is None or not self.attr(a, got):
                return False
        types = [r.type for r in op.results]
        if not self._each(list(d.typeValues), types, self.type, self.types):
            return False
        return True

    @staticmethod
    def _each(pdl_values, items, one, many):
        """Singles take one item each, in order; at most one range takes what is left."""
        ranges = [i for i, v in enumerate(pdl_values) if isinstance(v.type, RangeType)]
        if not ranges:
            return len(pdl_values) == len(items) and all(one(p, x) for p, x in
                                                         zip(pdl_values, items))
        if len(ranges) > 1:
            return False
        r = ranges[0]
        n_after = len(pdl_values) - r - 1
        if len(items) < len(pdl_values) - 1:
            return False
        head, tail = items[:r], items[len(items) - n_after:] if n_after else []
        return all(one(p, x) for p, x in zip(pdl_values[:r], head)) and \
            many(pdl_values[r], items[r:len(items) - n_after]) and \
            all(one(p, x) for p, x in zip(pdl_values[r + 1:], tail))

    def value(self, pdl_value, v):
        if pdl_value in self.bound:
            return self.bound[pdl_value] is v
        d = _def(pdl_value)
        if d.name == "pdl.operand":
            if d.valueType is not None and not self.type(d.valueType, v.type):
                return False
        elif d.name in ("pdl.result", "pdl.results"):
            if type(v) is not OpResult or v.index != d.properties["index"].value or \
                    not self.op(d.parent_, v.owner):
                return False
        else:
            return False
        return self._bind(pdl_value, v)

    def values(self, pdl_value, vs):
        if pdl_value in self.bound:
            return self.bound[pdl_value] == vs
        d = _def(pdl_value)
        if d.name == "pdl.operands":
            if d.valueType is not None and not self.types(d.valueType, [v.type for v in vs]):
                return False
        elif d.name == "pdl.results":
            owner = vs[0].owner if vs and type(vs[0]) is OpResult else None
            if owner is None:
                return False
            idx = d.properties.get("index")
            expect = list(owner.results) if idx is None else [owner.results[idx.value]] \
                if idx.value < len(owner.results) else None
            if expect != vs or not self.op(d.parent_, owner):
                return False
        else:
            return False
        return self._bind(pdl_value, list(vs))

    def type(self, pdl_value, t):
        d = _def(pdl_value)
        c = d.properties.get("constantType")
        if c is not None and c.value is not t:
            return False
        return self._bind(pdl_value, t)

    def types(self, pdl_value, ts):
        d = _def(pdl_value)
        c = d.properties.get("constantTypes")
        if c is not None and [a.value for a in c.value] != ts:
            return False
        return self._bind(pdl_value, list(ts))

    def attr(self, pdl_value, a):
        d = _def(pdl_value)
        want = d.properties.get("value")
        if want is not None and want != a:
            return False
        if d.valueType is not None:
            t = getattr(a, "type", None)
            if t is None or not self.type(d.valueType, t):
                return False
        return self._bind(pdl_value, a)

    # -- ops reached through uses, native constraints -------------------------------------------
    def _bind_remaining_ops(self):
        body = self.pattern.regions[0].blocks[0]
        pending = [o.results[0] for o in body.ops if o.name == "pdl.operation" and
                   o.results[0] not in self.bound]
        for p in pending:
            if p in self.bound:
                continue
            candidates = []
            for v in _def(p).operandValues:
                got = self.bound.get(v)
                for x in (got if isinstance(got, list) else [got] if got is not None else []):
                    candidates.extend(u.owner for u in x.uses())
            saved = dict(self.bound)
            for c in candidates:
                if self.op(p, c):
                    break
                self.bound = dict(saved)
            else:
                return False
        return True

    def _constraints(self):
        body = self.pattern.regions[0].blocks[0]
        for o in body.ops:
            if o.name != "pdl.apply_native_constraint":
                continue
            name = o.properties["name"].value
            fn = CONSTRAINTS.get(name)
            if fn is None:
                raise UnknownConstraint(name)
            ok = bool(fn([self.bound.get(a) for a in o.operands]))
            neg = o.properties.get("isNegated")
            if ok == (neg is not None and bool(neg.value)):
                return False
        return True


_UNSET = object()
