"""Op properties in bytecode, as MLIR 19's ODS-generated read/writeProperties lay them out:
the inherent attributes in name order (required ones as an attribute index, optional and
default-valued ones as an optional index), then the native (non-attribute) properties, then,
from version 6, the operand/result segment sizes as sparse integer arrays (before version 6
they are ordinary `array<i32>` attributes in their name-sorted place)."""
from __future__ import annotations

from pyopt.bytecode.builtin_encoding import as_attr
from pyopt.bytecode.encoding import VERSION_NATIVE_SEGMENT_SIZES, BytecodeError
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.types import IntegerType

SEGMENTS = ("operandSegmentSizes", "resultSegmentSizes")
_I32 = IntegerType(32)


def _overflow_property():
    from pyopt.dialects.llvm.attrs import IntegerOverflowFlagsAttr
    return (lambda a: a.value), IntegerOverflowFlagsAttr


# Properties that are not attributes in MLIR 19 (EnumProperty: a varint), by (dialect, name):
# (attribute -> int, int -> attribute), built on first use.
NATIVE_PROPERTIES = {("llvm", "overflowFlags"): _overflow_property}

_native_cache = {}


def _native(key):
    conv = _native_cache.get(key)
    if conv is None:
        conv = _native_cache[key] = NATIVE_PROPERTIES[key]()
    return conv


# Native properties an op declares itself (`Op(..., native_properties={name: kind})`), by kind:
# (write(writer, attr), read(reader) -> attr). "int": IntProperty (a varint of an integer
# attribute); "int_array": an int64 array property written as its length, then each element.
def _write_int(w, a):
    w.varint(a.value & ((1 << 64) - 1))


def _read_int(r):
    from pyopt.ir.attributes import IntegerAttr
    v = r.varint()
    return IntegerAttr(IntegerType(64), v - (1 << 64) if v >> 63 else v)


def _write_int_array(w, a):
    vals = list(a.values)
    w.varint(len(vals))
    for v in vals:
        w.varint(v & ((1 << 64) - 1))


def _read_int_array(r):
    vals = [r.varint() for _ in range(r.varint())]
    return DenseArrayAttr(IntegerType(64), [v - (1 << 64) if v >> 63 else v for v in vals])


NATIVE_KINDS = {"int": (_write_int, _read_int), "int_array": (_write_int_array, _read_int_array)}


def _codec(opdef, name):
    kind = opdef.extra.get("native_properties", {}).get(name)
    if kind is not None:
        return NATIVE_KINDS[kind]
    to_int, from_int = _native((opdef.dialect_name, name))
    return (lambda w, a: w.varint(to_int(a))), (lambda r: from_int(r.varint()))


class Schema:
    """How one op's properties are laid out: from MLIR 19's ODS records for upstream ops
    (ods_layout), else from the op's pyopt declaration (user dialects)."""
    __slots__ = ("attrs", "native", "segments", "names")

    def __init__(self, opdef):
        from pyopt.bytecode.ods_layout import LAYOUT
        if opdef.name in LAYOUT:
            layout = LAYOUT[opdef.name] or ((), ())
            attrs, native = list(layout[0]), list(layout[1])
        else:
            native = list(opdef.extra.get("native_properties", ()))
            attrs = []
            for name in sorted(opdef.attr_names):
                if name in native:
                    continue
                if name in SEGMENTS:
                    attrs.append((name, None))
                else:
                    c = opdef.attrs[name]
                    attrs.append((name, not c.optional and c.default is None))
        self.attrs = attrs          # (name, required); required None marks a segment list
        self.native = native
        self.segments = [n for n, req in attrs if req is None]
        self.names = frozenset(n for n, _ in attrs) | frozenset(native)


def schema(opdef):
    s = opdef.__dict__.get("_bytecode_schema")
    if s is None:
        s = opdef._bytecode_schema = Schema(opdef)
    return s


def has_properties(opdef):
    return bool(schema(opdef).names)


def _segment_count(opdef, name):
    return len(opdef.operands if name == "operandSegmentSizes" else opdef.results)


def read_properties(r, opdef, version):
    s = schema(opdef)
    props = {}
    native_segments = version >= VERSION_NATIVE_SEGMENT_SIZES
    for name, required in s.attrs:
        if required is None:
            if not native_segments:
                props[name] = as_attr(r.attr())
        elif required:
            props[name] = as_attr(r.attr())
        else:
            a = r.opt_attr()
            if a is not None:
                props[name] = as_attr(a)
    for name in s.native:
        props[name] = _codec(opdef, name)[1](r)
    if native_segments:
        for name in s.segments:
            props[name] = DenseArrayAttr(_I32, read_sparse_array(r, _segment_count(opdef,
                                                                                    name)))
    if not r.cur.empty():
        raise BytecodeError(f"unexpected trailing bytes in the properties of "
                            f"'{opdef.name}'")
    return props


def write_properties(w, op, props, version):
    """Writes `props` (the op's inherent attributes by name) in the op's layout."""
    opdef = op.opdef
    s = schema(opdef)
    native_segments = version >= VERSION_NATIVE_SEGMENT_SIZES
    for name, required in s.attrs:
        a = props.get(name)
        if required is None:
            if not native_segments:
                w.attr(a)
        elif required:
            if a is None:
                from pyopt.ir.verifier import op_error
                raise op_error(op, f"cannot write bytecode: requires attribute '{name}'")
            w.attr(a)
        else:
            w.opt_attr(a)
    for name in s.native:
        _codec(opdef, name)[0](w, props[name])
    if native_segments:
        for name in s.segments:
            a = props.get(name)
            write_sparse_array(w, list(a.values) if a is not None else
                               [0] * _segment_count(opdef, name))


def read_sparse_array(r, size):
    out = [0] * size
    count, sparse = r.cur.varint_flag()
    if count == 0:
        return out
    if not sparse:
        if count > size:
            raise BytecodeError(f"trying to read an array of {count} but only {size} storage "
                                f"available.")
        for i in range(count):
            out[i] = r.varint()
        return out
    bits = r.varint()
    if bits > 8:
        raise BytecodeError(f"reading sparse array with indexing above 8 bits: {bits}")
    for _ in range(count):
        pair = r.varint()
        index, value = pair & ((1 << bits) - 1), pair >> bits
        if index >= size:
            raise BytecodeError(f"reading a sparse array found index {index} but only {size} "
                                f"storage available.")
        out[index] = value
    return out


def write_sparse_array(w, values):
    nonzero = [i for i, v in enumerate(values) if v]
    last = nonzero[-1] if nonzero else 0
    if last > 256 or len(nonzero) > len(values) // 2:
        w.varint_flag(len(values), False)
        for v in values:
            w.varint(v)
        return
    w.varint_flag(len(nonzero), True)
    if not nonzero:
        return
    bits = (last).bit_length()  # ceil(log2(last + 1))
    w.varint(bits)
    for i in nonzero:
        w.varint((values[i] << bits) | i)
