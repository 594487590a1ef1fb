"""The builtin dialect's own bytecode encoding of its attributes and types (MLIR 19's
BuiltinDialectBytecode.td): a leading varint code, then the fields. The tables below list the
codes in order; each entry reads the fields through a reader `r` and writes them through a
writer `w`, both offering varint / svarint / byte / attr / type / string / blob / apint /
resource / loc / attr_list / type_list. Builtin values without an entry here (affine maps,
strided layouts, f8 types, ...) use the textual fallback."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import (
    ArrayAttr, AffineMapAttr, DenseArrayAttr, DenseElementsAttr, DenseResourceElementsAttr,
    DenseStringElementsAttr, DictionaryAttr, DistinctAttr, FloatAttr, IntegerAttr, LocationAttr,
    SparseElementsAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, normalize_int)
from pyopt.ir.location import (
    CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, OpaqueLoc, UnknownLoc, UNKNOWN_LOC)
from pyopt.ir.types import (
    ComplexType, FLOAT_WIDTHS, FloatType, FunctionType, INDEX, IndexType, IntegerType,
    MemRefType, NONE, NoneType, RankedTensorType, TupleType, UnrankedMemRefType,
    UnrankedTensorType, VectorType)
from pyopt.bytecode.encoding import BytecodeError


def int_width(t):
    """The storage width of an IntegerAttr of type `t` (index is 64 bits)."""
    if isinstance(t, IntegerType):
        return t.width
    if t is INDEX:
        return 64
    raise BytecodeError(f"expected integer or index type for IntegerAttr, but got: {t}")


def float_width(t):
    if type(t) is not FloatType:
        raise BytecodeError(f"expected float type for FloatAttr, but got: {t}")
    return FLOAT_WIDTHS.get(t.kind, 8)


def as_attr(x):
    return LocationAttr(x) if isinstance(x, Location) else x


def as_loc(x):
    if isinstance(x, Location):
        return x
    if type(x) is LocationAttr:
        return x.loc
    raise BytecodeError(f"expected attribute of type: LocationAttr, but got: {x}")


def as_string_attr(x):
    if type(x) is not StringAttr:
        raise BytecodeError(f"expected attribute of type: StringAttr, but got: {x}")
    return x


# -- dense elements raw data (MLIR's DenseIntOrFPElementsAttr storage) -------------------------
def dense_raw_data(a: DenseElementsAttr) -> bytes:
    """The element buffer: little-endian elements of whole bytes (index: 8), complex numbers
    as two elements, i1 bit-packed (a splat as one 0x00/0xFF byte); one element for a
    splat."""
    et = a.type.element_type
    comp = isinstance(et, ComplexType)
    base = et.element_type if comp else et
    width = 64 if base is INDEX else base.width
    if width == 1:
        if a.is_splat:
            return b"\xff" if a.values[0] else b"\x00"
        bits = sum(1 << i for i, v in enumerate(a.values) if v)
        return bits.to_bytes((len(a.values) + 7) // 8, "little")
    n = (width + 7) // 8
    mask = (1 << (8 * n)) - 1
    parts = [x for v in a.values for x in v] if comp else a.values
    return b"".join((x & mask).to_bytes(n, "little") for x in parts)


class _RawError:
    """Stands in for the text parser when raw bytes are decoded by its hex-literal helper."""
    @staticmethod
    def error(message, offset=None):
        return BytecodeError(message)


def dense_from_raw(t, data: bytes):
    from pyopt.syntax.attr_parser import _dense_from_hex
    return _dense_from_hex(_RawError, t, ('"0x' + data.hex() + '"', 0), 0)


_ARRAY_BYTES = {1: 1, 8: 1, 16: 2, 32: 4, 64: 8}


def dense_array_bytes(a: DenseArrayAttr) -> bytes:
    et = a.element_type
    n = _ARRAY_BYTES[et.width]
    mask = (1 << (8 * n)) - 1
    return b"".join((v & mask).to_bytes(n, "little") for v in a.values)


def dense_array_from_bytes(et, count, data):
    n = _ARRAY_BYTES.get(et.width if isinstance(et, (IntegerType, FloatType)) else 0)
    if n is None or len(data) != n * count:
        raise BytecodeError("invalid DenseArrayAttr data")
    vals = [int.from_bytes(data[i * n:(i + 1) * n], "little") for i in range(count)]
    if isinstance(et, IntegerType):
        vals = [normalize_int(v, et) for v in vals]
    return DenseArrayAttr(et, vals)


# -- attributes: (name, read(r), write(w, a)) in code order --------------------------------------
def _read_dict(r):
    items = []
    for _ in range(r.varint()):
        name = as_string_attr(r.attr()).value
        items.append((name, as_attr(r.attr())))
    return DictionaryAttr(items)


def _write_dict(w, a):
    w.varint(len(a.value))
    for name, v in a.value:
        w.attr(StringAttr(name))
        w.attr(v)


def _read_symbol_ref(r):
    root = as_string_attr(r.attr()).value
    nested = [_flat_symbol(r.attr()) for _ in range(r.varint())]
    return SymbolRefAttr(root, nested)


def _flat_symbol(a):
    if type(a) is not SymbolRefAttr or a.nested:
        raise BytecodeError(f"expected attribute of type: FlatSymbolRefAttr, but got: {a}")
    return a.root


def _read_int(r):
    t = r.type()
    return IntegerAttr(t, normalize_int(r.apint(int_width(t)), t))


def _read_float(r):
    t = r.type()
    return FloatAttr(t, r.apint(float_width(t)))


def _read_file_loc(r):
    name = as_string_attr(r.attr()).value
    line = r.varint()
    return FileLineColLoc(name, line, r.varint())


def _read_dense_array(r):
    et = r.type()
    count = r.varint()
    return dense_array_from_bytes(et, count, r.blob())


def _read_dense_strings(r):
    t = r.type()
    splat = bool(r.varint())
    n = 1 if splat else t.num_elements
    return DenseStringElementsAttr(t, [r.string() for _ in range(n)], splat or None)


def _write_dense_strings(w, a):
    w.type(a.type)
    splat = a.is_splat and a.type.num_elements != 1
    w.varint(1 if a.is_splat else 0)
    for s in (a.values[:1] if splat or a.is_splat else a.values):
        w.string(s)


def _read_sparse(r):
    t = r.type()
    indices = r.attr()
    return SparseElementsAttr(t, indices, r.attr())


ATTRIBUTES = [
    ("ArrayAttr", lambda r: ArrayAttr(r.attr_list()),
     lambda w, a: w.attr_list(a.value)),
    ("DictionaryAttr", _read_dict, _write_dict),
    ("StringAttr", lambda r: StringAttr(r.string()),
     lambda w, a: w.string(a.value)),
    ("StringAttrWithType", lambda r: StringAttr(r.string(), r.type()),
     lambda w, a: (w.string(a.value), w.type(a.type))),
    ("FlatSymbolRefAttr", lambda r: SymbolRefAttr(as_string_attr(r.attr()).value, ()),
     lambda w, a: w.attr(StringAttr(a.root))),
    ("SymbolRefAttr", _read_symbol_ref,
     lambda w, a: (w.attr(StringAttr(a.root)),
                   w.attr_list([SymbolRefAttr(n, ()) for n in a.nested]))),
    ("TypeAttr", lambda r: TypeAttr(r.type()), lambda w, a: w.type(a.value)),
    ("UnitAttr", lambda r: UnitAttr(), lambda w, a: None),
    ("IntegerAttr", _read_int,
     lambda w, a: (w.type(a.type), w.apint(a.value, int_width(a.type)))),
    ("FloatAttr", _read_float,
     lambda w, a: (w.type(a.type), w.apint(a.bits, float_width(a.type)))),
    ("CallSiteLoc", lambda r: CallSiteLoc(as_loc(r.attr()), as_loc(r.attr())),
     lambda w, a: (w.loc(a.callee), w.loc(a.caller))),
    ("FileLineColLoc", _read_file_loc,
     lambda w, a: (w.attr(StringAttr(a.filename)), w.varint(a.line), w.varint(a.col))),
    ("FusedLoc", lambda r: FusedLoc([as_loc(x) for x in r.attr_list()]),
     lambda w, a: w.attr_list(a.locations)),
    ("FusedLocWithMetadata",
     lambda r: FusedLoc([as_loc(x) for x in r.attr_list()], as_attr(r.attr())),
     lambda w, a: (w.attr_list(a.locations), w.attr(a.metadata))),
    ("NameLoc", lambda r: NameLoc(as_string_attr(r.attr()).value, as_loc(r.attr())),
     lambda w, a: (w.attr(StringAttr(a.name)), w.loc(a.child))),
    ("UnknownLoc", lambda r: UNKNOWN_LOC, lambda w, a: None),
    ("DenseResourceElementsAttr", lambda r: DenseResourceElementsAttr(r.type(), r.resource()),
     lambda w, a: (w.type(a.type), w.resource(a.handle))),
    ("DenseArrayAttr", _read_dense_array,
     lambda w, a: (w.type(a.element_type), w.varint(len(a.values)),
                   w.blob(dense_array_bytes(a)))),
    ("DenseIntOrFPElementsAttr", lambda r: dense_from_raw(r.type(), r.blob()),
     lambda w, a: (w.type(a.type), w.blob(dense_raw_data(a)))),
    ("DenseStringElementsAttr", _read_dense_strings, _write_dense_strings),
    ("SparseElementsAttr", _read_sparse,
     lambda w, a: (w.type(a.type), w.attr(a.indices), w.attr(a.values))),
    ("DistinctAttr", lambda r: DistinctAttr(as_attr(r.attr())),
     lambda w, a: w.attr(a.referenced)),
]
ATTR_CODE = {name: code for code, (name, _, _) in enumerate(ATTRIBUTES)}


def attr_encoding_name(a):
    """The ATTRIBUTES entry that writes `a`, or None for the textual fallback."""
    t = type(a)
    if t is ArrayAttr:
        return "ArrayAttr"
    if t is DictionaryAttr:
        return "DictionaryAttr"
    if t is StringAttr:
        return "StringAttr" if a.type is None else "StringAttrWithType"
    if t is SymbolRefAttr:
        return "SymbolRefAttr" if a.nested else "FlatSymbolRefAttr"
    if t is TypeAttr:
        return "TypeAttr"
    if t is UnitAttr:
        return "UnitAttr"
    if t is IntegerAttr:
        return "IntegerAttr"
    if t is FloatAttr:
        return "FloatAttr" if a.type.kind in _FLOAT_KINDS else None
    if t is DenseArrayAttr:
        et = a.element_type
        return "DenseArrayAttr" if getattr(et, "width", 0) in _ARRAY_BYTES else None
    if t is DenseElementsAttr:
        return "DenseIntOrFPElementsAttr"
    if t is DenseStringElementsAttr:
        return "DenseStringElementsAttr"
    if t is DenseResourceElementsAttr:
        return "DenseResourceElementsAttr"
    if t is SparseElementsAttr:
        return "SparseElementsAttr"
    if t is DistinctAttr:
        return "DistinctAttr"
    return None


def loc_encoding_name(loc):
    t = type(loc)
    if t is UnknownLoc:
        return "UnknownLoc"
    if isinstance(loc, FileLineColLoc):
        return "FileLineColLoc"
    if t is NameLoc:
        return "NameLoc"
    if t is CallSiteLoc:
        return "CallSiteLoc"
    if t is FusedLoc:
        return "FusedLoc" if loc.metadata is None else "FusedLocWithMetadata"
    return None


# (FloatAttr values of the f8 kinds and tf32 use the text form, as their types do.)
_FLOAT_KINDS = {"bf16", "f16", "f32", "f64", "f80", "f128"}


# -- types ------------------------------------------------------------------------------------
def _shape(r):
    return [r.svarint() for _ in range(r.varint())]


def _write_shape(w, shape):
    w.varint(len(shape))
    for d in shape:
        w.svarint(d)


def _read_int_type(r):
    v = r.varint()
    return IntegerType(v >> 2, v & 3)


def _memref_layout(t):
    if t.layout is not None:
        return t.layout
    return AffineMapAttr(AffineMap.get_multi_dim_identity(len(t.shape)))


def _read_memref(r, with_space):
    space = as_attr(r.attr()) if with_space else None
    shape = _shape(r)
    et = r.type()
    return MemRefType(shape, et, r.attr(), space)


def _write_memref(w, t, with_space):
    if with_space:
        w.attr(t.memory_space)
    _write_shape(w, t.shape)
    w.type(t.element_type)
    w.attr(_memref_layout(t))


def _read_tensor(r, with_encoding):
    enc = as_attr(r.attr()) if with_encoding else None
    shape = _shape(r)
    return RankedTensorType(shape, r.type(), enc)


def _write_tensor(w, t, with_encoding):
    if with_encoding:
        w.attr(t.encoding)
    _write_shape(w, t.shape)
    w.type(t.element_type)


def _read_scalable_vector(r):
    scalable = [bool(r.byte()) for _ in range(r.varint())]
    shape = _shape(r)
    return VectorType(shape, r.type(), scalable)


def _write_scalable_vector(w, t):
    w.varint(len(t.scalable_dims))
    for s in t.scalable_dims:
        w.byte(1 if s else 0)
    _write_shape(w, t.shape)
    w.type(t.element_type)


def _float(kind):
    return (f"{kind}Type", lambda r: FloatType(kind), lambda w, t: None)


TYPES = [
    ("IntegerType", _read_int_type, lambda w, t: w.varint(t.width << 2 | t.signedness)),
    ("IndexType", lambda r: INDEX, lambda w, t: None),
    ("FunctionType", lambda r: FunctionType(r.type_list(), r.type_list()),
     lambda w, t: (w.type_list(t.inputs), w.type_list(t.results))),
    _float("bf16"), _float("f16"), _float("f32"), _float("f64"), _float("f80"),
    _float("f128"),
    ("ComplexType", lambda r: ComplexType(r.type()), lambda w, t: w.type(t.element_type)),
    ("MemRefType", lambda r: _read_memref(r, False), lambda w, t: _write_memref(w, t, False)),
    ("MemRefTypeWithMemSpace", lambda r: _read_memref(r, True),
     lambda w, t: _write_memref(w, t, True)),
    ("NoneType", lambda r: NONE, lambda w, t: None),
    ("RankedTensorType", lambda r: _read_tensor(r, False),
     lambda w, t: _write_tensor(w, t, False)),
    ("RankedTensorTypeWithEncoding", lambda r: _read_tensor(r, True),
     lambda w, t: _write_tensor(w, t, True)),
    ("TupleType", lambda r: TupleType(r.type_list()), lambda w, t: w.type_list(t.types)),
    ("UnrankedMemRefType", lambda r: UnrankedMemRefType(r.type()),
     lambda w, t: w.type(t.element_type)),
    ("UnrankedMemRefTypeWithMemSpace",
     lambda r: UnrankedMemRefType(*reversed((as_attr(r.attr()), r.type()))),
     lambda w, t: (w.attr(t.memory_space), w.type(t.element_type))),
    ("UnrankedTensorType", lambda r: UnrankedTensorType(r.type()),
     lambda w, t: w.type(t.element_type)),
    ("VectorType", lambda r: VectorType(_shape(r), r.type()),
     lambda w, t: (_write_shape(w, t.shape), w.type(t.element_type))),
    ("VectorTypeWithScalableDims", _read_scalable_vector, _write_scalable_vector),
]
TYPE_CODE = {name: code for code, (name, _, _) in enumerate(TYPES)}


def type_encoding_name(t):
    c = type(t)
    if c is IntegerType:
        return "IntegerType"
    if c is IndexType:
        return "IndexType"
    if c is FunctionType:
        return "FunctionType"
    if c is FloatType:
        return f"{t.kind}Type" if t.kind in _FLOAT_KINDS else None
    if c is ComplexType:
        return "ComplexType"
    if c is MemRefType:
        return "MemRefType" if t.memory_space is None else "MemRefTypeWithMemSpace"
    if c is NoneType:
        return "NoneType"
    if c is RankedTensorType:
        return "RankedTensorType" if t.encoding is None else "RankedTensorTypeWithEncoding"
    if c is TupleType:
        return "TupleType"
    if c is UnrankedMemRefType:
        return "UnrankedMemRefType" if t.memory_space is None else \
            "UnrankedMemRefTypeWithMemSpace"
    if c is UnrankedTensorType:
        return "UnrankedTensorType"
    if c is VectorType:
        return "VectorTypeWithScalableDims" if any(t.scalable_dims) else "VectorType"
    return None


def read_attribute(r):
    code = r.varint()
    if code >= len(ATTRIBUTES):
        raise BytecodeError(f"invalid attribute code: {code}")
    return ATTRIBUTES[code][1](r)


def read_type(r):
    code = r.varint()
    if code >= len(TYPES):
        raise BytecodeError(f"invalid type code: {code}")
    return TYPES[code][1](r)


def write_attribute(w, name, a):
    w.varint(ATTR_CODE[name])
    ATTRIBUTES[ATTR_CODE[name]][2](w, a)


def write_type(w, name, t):
    w.varint(TYPE_CODE[name])
    TYPES[TYPE_CODE[name]][2](w, t)
