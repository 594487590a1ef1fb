"""The scalar bodies of named structured ops, built from an expression of the op table
(named_table.py): `add(C, mul(cast_signed<U>(A), cast_signed<U>(B)))`.

Each function picks its arith/math/complex op from the operand types as MLIR's linalg
region builder does (addf on floats, ori on i1, addi on integers, ...), and casts follow
convertScalarToDtype. Ops are created in post-order, left to right, so the body reads as
upstream's."""
from __future__ import annotations

from pyopt.ir.attributes import FloatAttr, IntegerAttr
from pyopt.ir.types import (ComplexType, FloatType, IndexType, IntegerType, F32, F64, I32, I64,
                            INDEX)

UNARY = {"exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt",
         "square", "tanh", "erf"}
BINARY = {"add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed",
          "max_unsigned", "min_unsigned", "powf"}
TERNARY = {"select"}
TYPE_FNS = {"cast_signed", "cast_unsigned"}
NAMED_TYPES = {"I32": I32, "I64": I64, "F32": F32, "F64": F64}


class BodyError(Exception):
    """A named op's body cannot be built for these operand types (MLIR asserts here)."""


# ---------------------------------------------------------------------------- expressions
def parse_expr(text):
    """The table's expression notation -> nested tuples:
    ("arg", name) | ("const", text) | ("index", dim) | ("fn", name, attr, typevar, [args])
    where `attr` is the attribute naming the function (`@fun(...)`) or None."""
    pos = 0

    def skip():
        nonlocal pos
        while pos < len(text) and text[pos] == " ":
            pos += 1

    def ident():
        nonlocal pos
        start = pos
        while pos < len(text) and (text[pos].isalnum() or text[pos] == "_"):
            pos += 1
        return text[start:pos]

    def expr():
        nonlocal pos
        skip()
        if text[pos] == "'":
            end = text.index("'", pos + 1)
            tok, pos = text[pos + 1:end], end + 1
            return ("const", tok)
        attr = text[pos] == "@"
        if attr:
            pos += 1
        name = ident()
        typevar = None
        if pos < len(text) and text[pos] == "<":
            end = text.index(">", pos)
            typevar, pos = text[pos + 1:end], end + 1
        if pos >= len(text) or text[pos] != "(":
            return ("arg", name)
        pos += 1
        args = []
        while True:
            skip()
            if text[pos] == ")":
                pos += 1
                break
            args.append(expr())
            skip()
            if text[pos] == ",":
                pos += 1
        if name == "index" and not attr:
            return ("index", int(args[0][1]))
        return ("fn", None if attr else name, name if attr else None, typevar, args)

    return expr()


# ---------------------------------------------------------------------------- building
def _c(b, name, operands, result_type):
    return b.create(name, operands, [result_type]).results[0]


def convert_scalar(b, v, to, unsigned):
    """convertScalarToDtype: `v` as type `to` (unchanged when it already is, or when no
    cast applies)."""
    frm = v.type
    if frm is to:
        return v
    if type(to) is IntegerType:
        if type(frm) is FloatType:
            return _c(b, "arith.fptoui" if unsigned else "arith.fptosi", [v], to)
        if type(frm) is IndexType:
            return _c(b, "arith.index_cast", [v], to)
        if type(frm) is IntegerType:
            if to.width > frm.width:
                return _c(b, "arith.extui" if unsigned else "arith.extsi", [v], to)
            if to.width < frm.width:
                return _c(b, "arith.trunci", [v], to)
        return v
    if type(to) is FloatType:
        if type(frm) is IntegerType:
            return _c(b, "arith.uitofp" if unsigned else "arith.sitofp", [v], to)
        if type(frm) is FloatType:
            if to.width > frm.width:
                return _c(b, "arith.extf", [v], to)
            if to.width < frm.width:
                return _c(b, "arith.truncf", [v], to)
        return v
    if type(to) is ComplexType:
        return _to_complex(b, v, to, unsigned)
    return v


def _to_complex(b, v, to, unsigned):
    et, frm = to.element_type, v.type
    if type(frm) is ComplexType and type(et) is FloatType and \
            type(frm.element_type) is FloatType:
        re = _c(b, "complex.re", [v], frm.element_type)
        im = _c(b, "complex.im", [v], frm.element_type)
        op = "arith.truncf" if et.width < frm.element_type.width else "arith.extf"
        re, im = _c(b, op, [re], et), _c(b, op, [im], et)
        return _c(b, "complex.create", [re, im], to)
    if type(frm) is FloatType:
        x = v
        if frm.width < et.width:
            x = _c(b, "arith.extf", [x], et)
        if frm.width > et.width:
            x = _c(b, "arith.truncf", [x], et)
    elif type(frm) is IntegerType:
        x = _c(b, "arith.uitofp" if unsigned else "arith.sitofp", [v], et)
    else:
        return v
    zero = b.create("arith.constant", [], [et],
                    properties={"value": FloatAttr.from_float(et, 0.0)}).results[0]
    return _c(b, "complex.create", [x, zero], to)


_UNARY_OPS = {"exp": "math.exp", "log": "math.log", "abs": "math.absf", "ceil": "math.ceil",
              "floor": "math.floor", "negf": "arith.negf", "round": "math.round",
              "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "tanh": "math.tanh",
              "erf": "math.erf"}


def unary(b, fn, x):
    t = x.type
    if type(t) is not FloatType:
        raise BodyError("unsupported non numeric type")
    if fn == "reciprocal":
        one = b.create("arith.constant", [], [t],
                       properties={"value": FloatAttr.from_float(t, 1.0)}).results[0]
        return _c(b, "arith.divf", [one, x], t)
    if fn == "square":
        return _c(b, "arith.mulf", [x, x], t)
    return _c(b, _UNARY_OPS[fn], [x], t)


# fn -> (complex, float, bool, integer) op names (None: unsupported)
_BINARY_OPS = {
    "add": ("complex.add", "arith.addf", "arith.ori", "arith.addi"),
    "sub": ("complex.sub", "arith.subf", None, "arith.subi"),
    "mul": ("complex.mul", "arith.mulf", "arith.andi", "arith.muli"),
    "div": ("complex.div", "arith.divf", None, "arith.divsi"),
    "div_unsigned": (None, None, None, "arith.divui"),
    "max_signed": (None, "arith.maximumf", "arith.maxsi", "arith.maxsi"),
    "min_signed": (None, "arith.minimumf", "arith.minsi", "arith.minsi"),
    "max_unsigned": (None, "arith.maximumf", "arith.maxui", "arith.maxui"),
    "min_unsigned": (None, "arith.minimumf", "arith.minui", "arith.minui"),
    "powf": (None, "math.powf", None, None),
}


def binary(b, fn, x, y):
    tx, ty = x.type, y.type
    if type(tx) is ComplexType and type(ty) is ComplexType:
        kind = 0
    elif type(tx) is FloatType and type(ty) is FloatType:
        kind = 1
    elif type(tx) is IntegerType and type(ty) is IntegerType:
        kind = 2 if tx.width == 1 and ty.width == 1 else 3
    else:
        raise BodyError("unsupported non numeric type")
    name = _BINARY_OPS[fn][kind]
    if name is None:
        raise BodyError(f"unsupported operation: {fn} on these types")
    return _c(b, name, [x, y], tx)


def ternary(b, fn, c, x, y):
    return _c(b, "arith.select", [c, x, y], x.type)


def _constant(b, text):
    value, _, tname = (s.strip() for s in text.rpartition(":"))
    t = NAMED_TYPES.get(tname.upper()) or (IntegerType(int(tname[1:])) if tname[0] == "i"
                                           else FloatType(tname))
    attr = IntegerAttr(t, int(value)) if type(t) is IntegerType else \
        FloatAttr.from_float(t, float(value))
    return b.create("arith.constant", [], [t], properties={"value": attr}).results[0]


def build_body(b, tree, env, type_of, fn_of):
    """Emits `tree` at `b`; `env` maps argument names to block arguments, `type_of(var)` a
    type variable to its type, `fn_of(attr)` the function an attribute selects."""
    kind = tree[0]
    if kind == "arg":
        return env[tree[1]]
    if kind == "const":
        return _constant(b, tree[1])
    if kind == "index":
        return b.create("linalg.index", [], [INDEX],
                        properties={"dim": IntegerAttr(I64, tree[1])}).results[0]
    _, name, attr, typevar, args = tree
    if attr is not None:
        name = fn_of(attr)
    vals = [build_body(b, a, env, type_of, fn_of) for a in args]
    if name in TYPE_FNS:
        return convert_scalar(b, vals[0], type_of(typevar), name == "cast_unsigned")
    if name in UNARY:
        return unary(b, name, vals[0])
    if name in BINARY:
        return binary(b, name, *vals)
    return ternary(b, name, *vals)
