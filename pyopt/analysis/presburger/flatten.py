"""Flattening affine expressions into rows over [dims, symbols, locals, constant] (MLIR's
SimpleAffineExprFlattener), the one flattener of pyopt: the presburger library (getFlattened-
AffineExprs) and the affine dialect's simplifications (simplifyAffineExpr, bounds, min/max
ordering) use it.

floordiv / ceildiv / mod by a positive constant introduce a local variable q = floor(e / c)
(shared between expressions of one map when the same division recurs); `local_constraints`
returns the division constraints of those locals as an IntegerPolyhedron. Semi-affine
expressions (products or divisions by non-constants) are not flattenable (False), unless the
flattener is made with `semi_affine=True` (simplifyAffineExpr): each such product, division
or mod then becomes one local variable of its own."""
from __future__ import annotations

from math import gcd

from pyopt.ir.affine import AffineExprKind, dim, symbol, constant
from pyopt.analysis.presburger.relation import IntegerPolyhedron

_ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV, _CONST, _DIM, _SYM = AffineExprKind


def expr_from_row(row, nd, ns, local_exprs):
    """getAffineExprFromFlatForm: the expression of a flat row."""
    out = constant(0)
    for j in range(nd + ns):
        if row[j]:
            out = out + (dim(j) if j < nd else symbol(j - nd)) * row[j]
    for j in range(nd + ns, len(row) - 1):
        if row[j]:
            out = out + local_exprs[j - nd - ns] * row[j]
    if row[-1]:
        out = out + row[-1]
    return out


class Flattener:
    """`flatten(expr)` pushes expr's flat row on `stack`; `local_exprs` are the expressions of
    the local variables, `divs` their (dividend row at creation time, divisor) (None for a
    semi-affine local)."""

    def __init__(self, nd, ns, semi_affine=False):
        self.nd, self.ns = nd, ns
        self.semi_affine = semi_affine
        self.local_exprs = []
        self.divs = []       # (dividend row at creation time, divisor), None: semi-affine
        self.stack = []

    @property
    def width(self):
        return self.nd + self.ns + len(self.local_exprs) + 1

    def expr_of(self, row):
        return expr_from_row(row, self.nd, self.ns, self.local_exprs)

    def _add_local(self, div, expr):
        at = self.nd + self.ns + len(self.local_exprs)
        for r in self.stack:
            r.insert(at, 0)
        self.local_exprs.append(expr)
        self.divs.append(div)
        return at

    def _find(self, expr):
        for i, e in enumerate(self.local_exprs):
            if e == expr:
                return self.nd + self.ns + i
        return -1

    def flatten(self, expr):
        """Pushes the flat row of `expr`; False if it is not flattenable."""
        for e in expr.walk():
            k = e.kind
            if k is _CONST:
                r = [0] * self.width
                r[-1] = e.value
                self.stack.append(r)
                continue
            if k is _DIM or k is _SYM:
                r = [0] * self.width
                r[e.position if k is _DIM else self.nd + e.position] = 1
                self.stack.append(r)
                continue
            rhs = self.stack.pop()
            lhs = self.stack[-1]
            if k is _ADD:
                for i in range(len(lhs)):
                    lhs[i] += rhs[i]
                continue
            if e.rhs.kind is not _CONST:
                if not self.semi_affine:
                    return False
                self._semi_affine(k, lhs, rhs)
                continue
            c = rhs[-1]
            if k is _MUL:
                for i in range(len(lhs)):
                    lhs[i] *= c
                continue
            if c <= 0:
                return False
            if k is _MOD:
                self._mod(lhs, c)
            else:
                self._div(lhs, c, k is _CEILDIV)
        return True

    def _semi_affine(self, k, lhs, rhs):
        """A product / division / mod by a non-constant becomes one local variable."""
        a, b = self.expr_of(lhs), self.expr_of(rhs)
        if k is _MUL:
            local = a * b
        elif k is _MOD:
            local = a % b
        else:
            local = a.ceildiv(b) if k is _CEILDIV else a.floordiv(b)
        at = self._find(local)
        if at == -1:
            at = self._add_local(None, local)
        lhs[:] = [0] * len(lhs)
        lhs[at] = 1

    def _mod(self, lhs, c):
        """e mod c = e - c * (e floordiv c), the quotient a local (the GCD of e and c
        cancelled in it)."""
        if all(x % c == 0 for x in lhs):
            lhs[:] = [0] * len(lhs)
            return
        g = c
        for x in lhs:
            g = gcd(g, abs(x))
        dividend = [x // g for x in lhs]
        d = c // g
        q = self.expr_of(dividend).floordiv(constant(d))
        at = self._find(q)
        if at == -1:
            at = self._add_local((dividend, d), q)
            lhs[at] = -c
        else:
            lhs[at] -= c  # (reuse the existing local, as upstream)

    def _div(self, lhs, c, ceil):
        g = c
        for x in lhs:
            g = gcd(g, abs(x))
        if g != 1:
            lhs[:] = [x // g for x in lhs]
        d = c // g
        if d == 1:
            return
        a = self.expr_of(lhs)
        q = a.ceildiv(constant(d)) if ceil else a.floordiv(constant(d))
        at = self._find(q)
        if at == -1:
            dividend = list(lhs)
            if ceil:
                dividend[-1] += d - 1
            at = self._add_local((dividend, d), q)
        lhs[:] = [0] * len(lhs)
        lhs[at] = 1

    def local_constraints(self):
        """The division constraints of the locals (none of them semi-affine)."""
        cst = IntegerPolyhedron(self.nd, self.ns)
        for dividend, divisor in self.divs:
            # pad the dividend to the current width (it predates later locals)
            pad = cst.num_cols - len(dividend)
            row = dividend[:-1] + [0] * pad + dividend[-1:]
            cst.add_local_floor_div(row, divisor)
        return cst


def flatten_exprs(exprs, nd, ns):
    """(rows, local constraint set) for `exprs`, or None if one is semi-affine. Every row has
    width nd + ns + #locals + 1."""
    f = Flattener(nd, ns)
    for e in exprs:
        if not f.flatten(e):
            return None
    return f.stack, f.local_constraints()
