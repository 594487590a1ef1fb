"""Parsing and printing pieces shared by the affine ops: affine maps whose dims and symbols
are SSA values (`%A[%i + 3, symbol(%n)]`), `(dims)[symbols]` operand lists and typed
attribute/type parsing with upstream's "invalid kind of ..." errors."""
from __future__ import annotations

import re

from pyopt.ir.affine import AffineMap, dim, print_affine_expr
from pyopt.ir.attributes import AffineMapAttr, IntegerSetAttr
from pyopt.ir.types import INDEX
from pyopt.syntax.affine_parser import (AffineParseError, parse_affine_expr_with_operands,
                                     parse_affine_map_of_ssa_ids)


def _collector():
    """An ssa hook recording each new SSA name as an unresolved operand, dims and symbols
    apart (upstream numbers them separately, dims first in the operand list)."""
    dims, syms = [], []

    def hook(name, is_symbol, offset):
        num = 0
        if "#" in name:
            name, n = name.split("#", 1)
            num = int(n)
        (syms if is_symbol else dims).append((name, num, offset))
        return None
    hook.wants_offset = True
    return hook, dims, syms


# `[%a, %b, ...]`: plain SSA names only, the common subscript list; parsed without the
# affine expression parser (anything else, comments included, takes the general path).
_PLAIN_SUBSCRIPTS = re.compile(r"\[[ \t\n\r]*((?:%[A-Za-z0-9_$.-]+[ \t\n\r]*,[ \t\n\r]*)*"
                               r"%[A-Za-z0-9_$.-]+)?[ \t\n\r]*\]")
_SSA_NAME = re.compile(r"%[A-Za-z0-9_$.-]+")


def _plain_subscripts(p):
    m = _PLAIN_SUBSCRIPTS.match(p.src, p.start)
    if m is None:
        return None
    operands, positions, results = [], {}, []
    if m.group(1) is not None:
        for n in _SSA_NAME.finditer(p.src, m.start(1), m.end(1)):
            name = n.group()
            pos = positions.get(name)
            if pos is None:
                pos = positions[name] = len(operands)
                operands.append((name, 0, n.start()))
            results.append(dim(pos))
    p.reset_to(m.end())
    return AffineMap(len(operands), 0, results), operands


def parse_map_of_ssa_ids(p, delimiter="["):
    """`[expr, ...]` (or `(...)`) over SSA values -> (AffineMap, unresolved dims + symbols)."""
    if delimiter == "[":
        fast = _plain_subscripts(p)
        if fast is not None:
            return fast
    hook, dims, syms = _collector()
    try:
        amap, end = parse_affine_map_of_ssa_ids(p.src, p.start, hook, delimiter)
    except AffineParseError as e:
        raise p.error(e.message, e.offset) from None
    p.reset_to(end)
    return amap, dims + syms


def parse_expr_of_ssa_ids(p):
    """One affine expression over SSA values -> (expr, unresolved dims, unresolved symbols)."""
    hook, dims, syms = _collector()
    try:
        expr, end = parse_affine_expr_with_operands(p.src, p.start, hook)
    except AffineParseError as e:
        raise p.error(e.message, e.offset) from None
    p.reset_to(end)
    return expr, dims, syms


def ssa_names(pr, operands, num_dims):
    """Names standing for d<i> and s<j> when a map is printed over its operands."""
    dims = [pr.value(v) for v in operands[:num_dims]]
    syms = ["symbol(" + pr.value(v) + ")" for v in operands[num_dims:]]
    return dims, syms


def map_of_ssa_ids_str(pr, amap, operands):
    dims, syms = ssa_names(pr, operands, amap.num_dims)
    return ", ".join([print_affine_expr(e, dims, syms) for e in amap.results])


def parse_typed_attr(p, cls, type_=None):
    """parseAttribute into an attribute of class `cls` ("invalid kind of attribute")."""
    off = p.start
    a = p.parse_attribute(type_)
    if type(a) is not cls:
        raise p.custom_error("invalid kind of attribute specified", off)
    return a


def parse_typed_type(p, cls):
    """parseType into a type of class `cls` ("invalid kind of type")."""
    off = p.start
    t = p.parse_type()
    if type(t) is not cls:
        raise p.custom_error("invalid kind of type specified", off)
    return t


def parse_operand_list(p, open_, close):
    """OpAsmParser::parseOperandList with a delimiter (its " in operand list" messages)."""
    p.expect(open_, f"expected '{open_}' in operand list")
    out = []
    if not p.accept(close):
        out.append(p.parse_operand())
        while p.accept(","):
            out.append(p.parse_operand())
        p.expect(close, f"expected '{close}' in operand list")
    return out


def parse_dims_and_syms_unresolved(p):
    dims = parse_operand_list(p, "(", ")")
    syms = parse_operand_list(p, "[", "]") if p.peek_is("[") else []
    return dims, syms


def parse_region_arg(p):
    """A region argument `%x` (parseArgument: no result number)."""
    if p.kind != "percent":
        raise p.error("expected SSA operand")
    a = p.parse_operand()
    end = a[2] + len(a[0])
    if p.src.startswith("#", end):
        raise p.error("result number not allowed in argument list", end)
    return a


def parse_dims_and_symbols(p):
    """`(%d, ...)` then an optional `[%s, ...]`, resolved as index; returns (values, n_dims)."""
    dims, syms = parse_dims_and_syms_unresolved(p)
    vals = [p.resolve_operand(o, INDEX) for o in dims]
    vals += [p.resolve_operand(o, INDEX) for o in syms]
    return vals, len(dims)


def dims_and_symbols_str(pr, operands, num_dims):
    s = "(" + pr.values(operands[:num_dims]) + ")"
    if len(operands) > num_dims:
        s += "[" + pr.values(operands[num_dims:]) + "]"
    return s


def resolve_index(p, operands):
    return [p.resolve_operand(o, INDEX) for o in operands]


def finish(state):
    """Inherent attributes a custom parser collected go to properties (as MLIR 19 does)."""
    state.opdef.split_generic_attrs(state.properties, state.attributes)


def attr_dict_str(pr, op, elided=()):
    return pr.attr_dict_str(op.attributes, elided)


def map_attr(op, name="map"):
    a = op.get_attr(name)
    return a.value if type(a) is AffineMapAttr else None


def set_attr(op, name="condition"):
    a = op.get_attr(name)
    return a.value if type(a) is IntegerSetAttr else None
