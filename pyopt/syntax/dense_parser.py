"""Dense, dense_resource and sparse elements attributes of the attribute parser (attr_parser.py):
MLIR's TensorLiteralParser (nested literals, splats, hex blobs) and the sparse index checks,
with the integer-literal builder the attribute parser shares."""
from __future__ import annotations

import struct

from pyopt.ir.attributes import (DenseElementsAttr, DenseStringElementsAttr,
                                 DenseResourceElementsAttr, SparseElementsAttr, normalize_int)
from pyopt.ir.types import (IntegerType, FloatType, ComplexType, ShapedType, I64, INDEX,
                            RankedTensorType)
from pyopt.syntax.lexer import unescape_string


def _bit_width(t):
    if t is INDEX:
        return 64
    if type(t) is FloatType:
        from pyopt.syntax.float_format import bit_width
        return bit_width(t.kind)
    return t.width


def build_attribute_int(text, neg, t):
    """MLIR's buildAttributeAPInt: the literal as a `t`-wide bit pattern, None on overflow."""
    v = int(text, 16) if text.startswith("0x") else int(text, 10)
    w = _bit_width(t)
    if v >> w:
        return None
    if w == 0:
        return None if neg else 0
    sign = 1 << (w - 1)
    if neg:
        v = -v & ((1 << w) - 1)
        if not v & sign:
            return None
    elif (t is INDEX or t.signedness == IntegerType.SIGNED) and v & sign:
        return None
    return v


# -- dense / sparse elements: MLIR's TensorLiteralParser ----------------------------------------
class _TensorLiteral:
    """Parsed elements before the type is known: flat leaves (negative, kind, text, offset)
    with the nested-list shape (empty for a splat), or a hex string."""
    __slots__ = ("leaves", "shape", "hex")

    def __init__(self):
        self.leaves = []
        self.shape = []
        self.hex = None


def _parse_tensor_literal(p, allow_hex):
    lit = _TensorLiteral()
    if allow_hex and p.kind == "string":
        lit.hex = (p.tok, p.start)
        p._next()
    elif p.peek_is("["):
        lit.shape = _parse_literal_list(p, lit.leaves)
    else:
        _parse_literal_element(p, lit.leaves)
    return lit


def _parse_literal_element(p, leaves):
    k = p.kind
    if k in ("int", "float", "string") or (k == "bare" and p.tok in ("true", "false")):
        leaves.append((False, k, p.tok, p.start))
        p._next()
    elif p.peek_is("-"):
        p._next()
        if p.kind not in ("int", "float"):
            raise p.error("expected integer or floating point literal")
        leaves.append((True, p.kind, p.tok, p.start))
        p._next()
    elif p.peek_is("("):
        # A complex element is simply two consecutive leaves.
        p.enter()
        try:
            p._next()
            _parse_literal_element(p, leaves)
            p.expect(",", "expected ',' between complex elements")
            _parse_literal_element(p, leaves)
            p.expect(")", "expected ')' after complex elements")
        finally:
            p.leave()
    else:
        raise p.error("expected element literal of primitive type")


def _parse_literal_list(p, leaves):
    """`[...]` -> its dims; every element must have the same dims."""
    p.enter()
    try:
        p._next()
        size, dims = 0, None
        if not p.accept("]"):
            while True:
                if p.peek_is("["):
                    this = _parse_literal_list(p, leaves)
                else:
                    _parse_literal_element(p, leaves)
                    this = []
                size += 1
                if dims is None:
                    dims = this
                elif this != dims:
                    raise p.error("tensor literal is invalid; ranks are not consistent between "
                                  "elements", p.start)
                if not p.accept(","):
                    break
            p.expect("]", "expected ',' or ']'")
        return [size] + (dims or [])
    finally:
        p.leave()


def _elements_literal_type(p, t):
    """parseElementsLiteralType: a statically shaped type (errors at the current token)."""
    if t is None:
        p.expect(":", "expected ':'")
        t = p.parse_type()
    if not isinstance(t, ShapedType):
        raise p.error("elements literal must be a shaped type", p.start)
    if not t.has_rank or not t.has_static_shape():
        raise p.error("elements literal type must have static shape", p.start)
    return t


def _kw_dense(p, t):
    attr_loc = p.attr_kw_offset
    p.expect("<", "expected '<' after 'dense'")
    lit = _TensorLiteral()
    if not p.accept(">"):
        lit = _parse_tensor_literal(p, True)
        p.expect(">", "expected '>'")
    loc = attr_loc if t is not None else p.start
    typ = _elements_literal_type(p, t)
    return _tensor_literal_attr(p, lit, loc, typ)


def _is_int_or_index(t):
    return type(t) is IntegerType or t is INDEX


def _tensor_literal_attr(p, lit, loc, typ):
    """TensorLiteralParser::getAttr: the elements attribute of `typ` (errors at `loc`)."""
    et = typ.element_type
    comp = type(et) is ComplexType
    base = et.element_type if comp else et
    numeric = _is_int_or_index(base) or type(base) is FloatType
    if lit.hex is not None and (comp or numeric):
        return _dense_from_hex(p, typ, lit.hex, loc)
    if lit.shape and list(lit.shape) != list(typ.shape):
        raise p.error(f"inferred shape of elements literal ([{', '.join(map(str, lit.shape))}]) "
                      f"does not match type ([{', '.join(map(str, typ.shape))}])", loc)
    n = typ.num_elements
    if lit.hex is None and not lit.leaves and n:
        raise p.error(f"parsed zero elements, but type ('{typ}') expected at least 1", loc)
    if not numeric:
        if lit.hex is not None:
            return DenseStringElementsAttr(typ, [_tok_str(p, *lit.hex)], True)
        vals = [_tok_str(p, tok, off) if k == "string" else "" for _, k, tok, off in lit.leaves]
        return DenseStringElementsAttr(typ, vals, None)  # equal strings make a splat
    if _is_int_or_index(base):
        vals = [_int_leaf(p, lf, base) for lf in lit.leaves]
    else:
        vals = [_float_leaf(p, lf, base) for lf in lit.leaves]
    if comp:
        if len(vals) % 2:
            raise p.error("complex element literal must be a pair", loc)
        vals = list(zip(vals[0::2], vals[1::2]))
    if not lit.shape:
        return DenseElementsAttr(typ, vals, True)
    return DenseElementsAttr(typ, vals)


def _tok_str(p, tok, off):
    try:
        return unescape_string(tok[1:-1])
    except ValueError:
        raise p.error("unknown escape in string literal", off)


def _int_leaf(p, lf, et):
    neg, kind, tok, off = lf
    if neg and et is not INDEX and et.signedness == IntegerType.UNSIGNED:
        raise p.error("expected unsigned integer elements, but parsed negative value", off)
    if kind == "float":
        raise p.error("expected integer elements, but parsed floating-point", off)
    if kind == "bare":
        if not (type(et) is IntegerType and et.width == 1):
            raise p.error("expected i1 type for 'true' or 'false' values", off)
        return normalize_int(1 if tok == "true" else 0, et)
    v = build_attribute_int(tok, neg, et) if kind == "int" else None
    if v is None:
        raise p.error("integer constant out of range for type", off)
    return normalize_int(v, et)


def _float_leaf(p, lf, et):
    neg, kind, tok, off = lf
    if kind == "int" and tok.startswith("0x"):
        return p.float_bits_from_int_literal(tok, neg, et, off)
    if kind != "float":
        raise p.error("expected floating-point elements, but parsed integer", p.start)
    return p.number_to_attr(tok, True, neg, et, off).bits


_HEX_FORMATS = {1: "Bb", 2: "Hh", 4: "Ii", 8: "Qq"}  # bytes per element -> (unsigned, signed)


def _dense_from_hex(p, typ, hex_tok, loc):
    tok, off = hex_tok
    body = tok[1:-1]
    try:
        if not body.startswith("0x") or len(body) % 2:
            raise ValueError
        data = bytes.fromhex(body[2:])
    except ValueError:
        raise p.error("expected string containing hex digits starting with `0x`", off)
    et = typ.element_type
    comp = isinstance(et, ComplexType)
    base = et.element_type if comp else et
    width = _bit_width(base)
    n = typ.num_elements
    if width == 1:
        # i1 data is bit-packed; a single 0x00 / 0xFF byte is a splat.
        if len(data) == 1 and data[0] in (0, 0xFF):
            return DenseElementsAttr(typ, [data[0] & 1], True)
        if len(data) * 8 != (n + 7) // 8 * 8:
            raise p.error(f"elements hex data size is invalid for provided type: '{typ}'", loc)
        bits = int.from_bytes(data, "little")
        return DenseElementsAttr(typ, [normalize_int(bits >> i & 1, base) for i in range(n)])
    nbytes = (width + 7) // 8
    per = nbytes * (2 if comp else 1)
    if len(data) == per:
        count = 1
    elif len(data) == per * n:
        count = n
    else:
        raise p.error(f"elements hex data size is invalid for provided type: '{typ}'", loc)
    fmt = _HEX_FORMATS.get(nbytes) if width == nbytes * 8 else None
    if fmt is not None:
        # whole-word elements unpack in C: the signed view unless unsigned (or raw float bits)
        signed = type(base) is not FloatType and not (
            isinstance(base, IntegerType) and base.signedness == IntegerType.UNSIGNED)
        vals = list(struct.unpack(f"<{count * (2 if comp else 1)}{fmt[signed]}", data))
        if comp:
            vals = list(zip(vals[0::2], vals[1::2]))
        return DenseElementsAttr(typ, vals, count == 1 and n != 1 or None)
    vals = []
    for i in range(count):
        chunk = data[i * per:(i + 1) * per]
        parts = [int.from_bytes(chunk[j * nbytes:(j + 1) * nbytes], "little")
                 for j in range(2 if comp else 1)]
        if type(base) is not FloatType:
            parts = [normalize_int(x, base) for x in parts]
        vals.append(tuple(parts) if comp else parts[0])
    return DenseElementsAttr(typ, vals, count == 1 and n != 1 or None)


def _kw_dense_resource(p, t):
    loc = p.attr_kw_offset
    p.expect("<", "expected '<' after 'dense_resource'")
    handle = p.parse_resource_key()
    p.expect(">", "expected '>'")
    tloc = loc
    if t is None:
        tloc = p.start
        p.expect(":", "expected ':'")
        t = p.parse_type()
    if not isinstance(t, ShapedType):
        raise p.error("`dense_resource` expected a shaped type", tloc)
    return DenseResourceElementsAttr(t, handle)


def _kw_sparse(p, t):
    loc = p.attr_kw_offset
    p.expect("<", "Expected '<' after 'sparse'")
    if p.accept(">"):
        typ = _elements_literal_type(p, t)
        return SparseElementsAttr(
            typ, DenseElementsAttr(RankedTensorType([0, typ.rank], I64), [], False),
            DenseElementsAttr(RankedTensorType([0], typ.element_type), [], False))
    iloc = p.start
    ind = _parse_tensor_literal(p, False)
    p.expect(",", "expected ','")
    vloc = p.start
    vals = _parse_tensor_literal(p, True)
    p.expect(">", "expected '>'")
    typ = _elements_literal_type(p, t)
    itype = RankedTensorType(ind.shape if ind.shape else [1, typ.rank], I64)
    indices = _tensor_literal_attr(p, ind, iloc, itype)
    vtype = RankedTensorType(vals.shape if vals.shape else [itype.shape[0]], typ.element_type)
    values = _tensor_literal_attr(p, vals, vloc, vtype)
    _verify_sparse(p, loc, typ, indices, values)
    return SparseElementsAttr(typ, indices, values)


def _verify_sparse(p, loc, typ, indices, values):
    vshape, ishape = values.type.shape, indices.type.shape
    if len(vshape) != 1:
        raise p.error("expected 1-d tensor for sparse element values", loc)
    rank = typ.rank

    def shape_error():
        return p.error(f"expected shape ([{', '.join(map(str, typ.shape))}]); inferred shape of "
                       f"indices literal ([{', '.join(map(str, ishape))}]); inferred shape of "
                       f"values literal ([{', '.join(map(str, vshape))}])", loc)
    if len(ishape) == 2:
        if ishape[1] != rank:
            raise shape_error()
    elif len(ishape) != 1 or rank != 1:
        raise shape_error()
    if ishape[0] != vshape[0]:
        raise shape_error()
    flat = [v & ((1 << 64) - 1) for v in indices.all_values()]  # read as uint64
    groups = [[flat[0]] * rank] if indices.is_splat else \
        [flat[i * rank:(i + 1) * rank] for i in range(ishape[0])]
    for i, idx in enumerate(groups):
        if len(idx) != rank or any(x >= d for x, d in zip(idx, typ.shape)):
            raise p.error(f"sparse index #{i} is not contained within the value shape, with "
                          f"index=[{', '.join(map(str, idx))}], and type='{typ}'", loc)
