"""The primitives of MLIR's bytecode format (docs/BytecodeFormat.md of MLIR 19): the version
and section numbers, prefix varints, sections with optional alignment, and a cursor to read
them and an emitter to write them. Errors are `BytecodeError`s carrying MLIR's message text."""
from __future__ import annotations

MAGIC = b"ML\xefR"
PRODUCER = "MLIR19.1.7"

# Bytecode versions (what each one added to the format).
VERSION_DIALECT_VERSIONING = 1
VERSION_LAZY_LOADING = 2          # isolated regions stored in their own IR section
VERSION_USE_LIST_ORDERING = 3
VERSION_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4
VERSION_NATIVE_PROPERTIES = 5     # properties section; op names carry a "registered" bit
VERSION_NATIVE_SEGMENT_SIZES = 6  # ODS segment sizes as sparse arrays instead of attributes
CURRENT_VERSION = 6
ALIGNMENT_BYTE = 0xCB

# Section ids.
STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR, RESOURCE, RESOURCE_OFFSET, \
    DIALECT_VERSIONS, PROPERTIES = range(9)
NUM_SECTIONS = 9
SECTION_NAMES = ("String (0)", "Dialect (1)", "AttrType (2)", "AttrTypeOffset (3)", "IR (4)",
                 "Resource (5)", "ResourceOffset (6)", "DialectVersions (7)",
                 "Properties (8)")

# Bits of an operation's encoding mask.
HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS, \
    HAS_USE_LIST_ORDERS, HAS_PROPERTIES = (1 << i for i in range(7))

_U64 = (1 << 64) - 1


class BytecodeError(Exception):
    """A malformed input; the message is the text MLIR's reader reports."""


def section_optional(section, version):
    if section in (RESOURCE, RESOURCE_OFFSET, DIALECT_VERSIONS):
        return True
    if section == PROPERTIES:
        return version < VERSION_NATIVE_PROPERTIES
    return False


class Cursor:
    """Reads primitives from `data[pos:end]`; `base` is the absolute offset of `data` in the
    file (alignment is checked against file offsets)."""
    __slots__ = ("data", "pos", "end")

    def __init__(self, data, pos=0, end=None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def empty(self):
        return self.pos >= self.end

    def remaining(self):
        return self.end - self.pos

    def byte(self):
        if self.pos >= self.end:
            raise BytecodeError("attempting to parse a byte at the end of the bytecode")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def take(self, n):
        if n > self.end - self.pos:
            raise BytecodeError(f"attempting to parse {n} bytes when only "
                                f"{self.end - self.pos} remain")
        start = self.pos
        self.pos += n
        return start

    def bytes(self, n):
        start = self.take(n)
        return bytes(self.data[start:start + n])

    def sub(self, n):
        """A cursor over the next `n` bytes (which this one skips)."""
        start = self.take(n)
        return Cursor(self.data, start, start + n)

    def varint(self):
        first = self.byte()
        if first & 1:
            return first >> 1
        if first == 0:  # 9 bytes: the full 64 bits follow
            start = self.take(8)
            return int.from_bytes(self.data[start:start + 8], "little")
        extra = (first & -first).bit_length() - 1  # trailing zeros = number of extra bytes
        start = self.take(extra)
        value = first | int.from_bytes(self.data[start:start + extra], "little") << 8
        return value >> (extra + 1)

    def signed_varint(self):
        v = self.varint()
        v = (v >> 1) ^ -(v & 1)
        return v

    def varint_flag(self):
        v = self.varint()
        return v >> 1, bool(v & 1)

    def cstring(self):
        i = self.data.find(b"\0", self.pos, self.end)
        if i < 0:
            raise BytecodeError("malformed null-terminated string, no null character found")
        s = bytes(self.data[self.pos:i])
        self.pos = i + 1
        return s

    def align(self, alignment):
        if alignment & (alignment - 1) or alignment == 0:
            raise BytecodeError("expected alignment to be a power-of-two")
        while self.pos % alignment:
            pad = self.byte()
            if pad != ALIGNMENT_BYTE:
                raise BytecodeError("expected alignment byte (0xCB), but got: '0x"
                                    f"{pad:x}'")

    def section(self):
        """(section id, cursor over its data)."""
        code = self.byte()
        length = self.varint()
        sid = code & 0x7F
        if sid >= NUM_SECTIONS:
            raise BytecodeError(f"invalid section ID: {sid}")
        if code & 0x80:
            self.align(self.varint())
        return sid, self.sub(length)


def varint_bytes(value):
    value &= _U64
    if value < 0x80:
        return bytes(((value << 1) | 1,))
    n = (value.bit_length() + 6) // 7  # bytes needed with one tag bit per byte
    if n > 8:
        return b"\0" + value.to_bytes(8, "little")
    return (((value << 1) | 1) << (n - 1)).to_bytes(n, "little")


class Emitter:
    """Appends primitives to a bytearray; tracks the largest alignment it needs."""
    __slots__ = ("buf", "alignment")

    def __init__(self):
        self.buf = bytearray()
        self.alignment = 1

    def __len__(self):
        return len(self.buf)

    def byte(self, b):
        self.buf.append(b)

    def raw(self, data):
        self.buf += data

    def varint(self, value):
        if 0 <= value < 0x80:
            self.buf.append((value << 1) | 1)
        else:
            self.buf += varint_bytes(value)

    def signed_varint(self, value):
        value &= _U64
        if value >> 63:  # as the int64 it is
            value -= 1 << 64
        self.varint(((value << 1) ^ (value >> 63)) & _U64)

    def varint_flag(self, value, flag):
        self.varint((value << 1) | (1 if flag else 0))

    def cstring(self, data: bytes):
        self.buf += data
        self.buf.append(0)

    def align(self, alignment):
        if alignment < 2:
            return
        while len(self.buf) % alignment:
            self.buf.append(ALIGNMENT_BYTE)
        self.alignment = max(self.alignment, alignment)

    def section(self, sid, body: "Emitter"):
        code_at = len(self.buf)
        self.buf.append(sid)
        self.varint(len(body.buf))
        if body.alignment > 1:
            if len(self.buf) % body.alignment:
                self.varint(body.alignment)
                self.align(body.alignment)
                self.buf[code_at] |= 0x80
            else:
                self.alignment = max(self.alignment, body.alignment)
        self.buf += body.buf
