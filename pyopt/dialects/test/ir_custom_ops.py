"""Test ops built on custom format directives: `custom<DimensionList>` (a dense i64 array
written `2x?x4`, or `[]` when empty) and an optional-group anchor given by a custom parser."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.constraints import DenseI64Array, I1Attr
from pyopt.ir.opdef import Op
from pyopt.ir.types import I64, DYNAMIC

_FAILED = "Failed parsing dimension list."


def _fail(p, message):
    """`message`, then the directive's own complaint (as the C++ parser reports both)."""
    at = p.start - 1 if p.kind == "eof" and p.start else p.start
    e = p.error(message, at)
    e.more = [p.custom_error(_FAILED, at).diag]
    return e


def _dim(p):
    if p.accept("?"):
        return DYNAMIC
    if p.kind != "int" or p.tok.startswith("0x"):
        if p.kind == "int":  # `0x...`: the 0, then the x of the next dimension
            p.reset_to(p.start + 1)
            return 0
        raise _fail(p, "invalid dimension")
    v = int(p.tok)
    if v >= 1 << 63:
        raise _fail(p, "invalid dimension")
    p._next()
    return v


def parse_dimension_list(p, ctx, attr_el, optional=False):
    if p.accept("["):
        if not p.peek_is("]"):
            raise _fail(p, "expected ']'")
        p._next()
        ctx.set(attr_el, DenseArrayAttr(I64, []))
        return
    dims = []
    if p.kind == "int" or p.peek_is("?"):
        dims.append(_dim(p))
        while p.kind == "bare" and p.tok[0] == "x":
            p._consume_x()
            dims.append(_dim(p))
    if not dims:
        raise p.custom_error(_FAILED + ' Did you mean an empty list? It must be denoted by "[]".',
                             p.start)
    ctx.set(attr_el, DenseArrayAttr(I64, dims))


def print_dimension_list(pr, op, attr):
    dims = list(attr.values) if attr is not None else []
    pr.out.append("x".join("?" if d == DYNAMIC else str(d) for d in dims) if dims else "[]")


def parse_optional_foo(p, ctx, attr_el, optional=False):
    """`foo <attribute>`; anything else leaves the optional group out."""
    if not (p.kind == "bare" and p.tok == "foo"):
        if optional:
            return False
        raise p.error("expected 'foo'")
    p._next()
    ctx.set(attr_el, p.parse_attribute())
    return True


def print_optional_foo(pr, op, attr):
    pr.out.append("foo " + pr.attr_str(attr))


OPS = [
    Op("test.custom_dimension_list_attr", attrs={"dimension_list": DenseI64Array},
       format="`dimension_list` `=` custom<DimensionList>($dimension_list) attr-dict",
       custom_directives={"DimensionList": (parse_dimension_list, print_dimension_list)}),
    Op("test.optional_custom_attr", attrs={"attr": I1Attr.opt()},
       format="attr-dict (custom<OptionalCustomParser>($attr)^) : (`bar`)?",
       custom_directives={"OptionalCustomParser": (parse_optional_foo, print_optional_foo)}),
]
