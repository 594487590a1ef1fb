"""Reads MLIR 19 bytecode into pyopt IR (MLIR's BytecodeReader, read eagerly: regions that
the format allows to load lazily are read at once). The sections are located first; strings,
dialects, resources and the attribute/type offsets are decoded up front, attributes and types
on first use, then the IR section is walked op by op."""
from __future__ import annotations

from pyopt.bytecode import encoding as E
from pyopt.bytecode.builtin_encoding import as_attr, as_loc, read_attribute, read_type
from pyopt.bytecode.encoding import BytecodeError, Cursor
from pyopt.bytecode.properties import read_properties, schema
from pyopt.ir.attributes import DictionaryAttr
from pyopt.ir.core import Block, Operation, Region
from pyopt.ir.location import SourceBuffer


def _text(b: bytes) -> str:
    return b.decode("utf-8", "surrogateescape")


BLOB, BOOL, STRING = 0, 1, 2  # resource entry kinds
_KINDS = ("blob", "bool", "string")


class _ValueScope:
    """The values of one isolated-from-above region tree, indexed as the writer numbered
    them: each region appends its values while it is being read."""
    __slots__ = ("values", "next_ids")

    def __init__(self):
        self.values = []
        self.next_ids = []

    def push(self, n):
        self.next_ids.append(len(self.values))
        self.values.extend([None] * n)

    def pop(self, n):
        if n:
            del self.values[-n:]
        self.next_ids.pop()


class BytecodeReader:
    def __init__(self, data: bytes, ctx):
        self.data = data
        self.ctx = ctx
        self.version = None
        self.producer = None
        self.forward_refs = {}
        # Identified LLVM structs by name: one registry for every type entry written as text
        # (a chunk's text parser has one; in MLIR the context owns them), so `"In1"` inside
        # another struct's body is the same type as `"In1"` on its own.
        self.llvm_structs = {}

    # -- entry point ---------------------------------------------------------------------
    def read(self, into: Block):
        cur = Cursor(self.data, len(E.MAGIC))
        self.version = cur.varint()
        if self.version > E.CURRENT_VERSION:
            raise BytecodeError(f"bytecode version {self.version} is newer than the current "
                                f"version {E.CURRENT_VERSION}")
        self.producer = _text(cur.cstring())
        sections = [None] * E.NUM_SECTIONS
        while not cur.empty():
            sid, data = cur.section()
            if sections[sid] is not None:
                raise BytecodeError(f"duplicate top-level section: {E.SECTION_NAMES[sid]}")
            sections[sid] = data
        for sid in range(E.NUM_SECTIONS):
            if sections[sid] is None and not E.section_optional(sid, self.version):
                raise BytecodeError("missing data for top-level section: "
                                    f"{E.SECTION_NAMES[sid]}")
        self._read_strings(sections[E.STRING])
        self._read_properties_section(sections[E.PROPERTIES])
        self._read_dialects(sections[E.DIALECT])
        self._read_resources(sections[E.RESOURCE], sections[E.RESOURCE_OFFSET])
        self._read_attr_type_offsets(sections[E.ATTR_TYPE], sections[E.ATTR_TYPE_OFFSET])
        self._read_ir(sections[E.IR], into)

    # -- strings and dialects ----------------------------------------------------------------
    def _read_strings(self, cur):
        n = cur.varint()
        sizes = [cur.varint() for _ in range(n)]
        end = cur.end
        strings = [None] * n
        for i, size in enumerate(sizes):  # the sizes are stored last string first
            if end - cur.pos < size:
                raise BytecodeError("string size exceeds the available data size")
            end -= size
            strings[n - 1 - i] = _text(bytes(self.data[end:end + size - 1]))
        if end != cur.pos:
            raise BytecodeError("unexpected trailing data between the offsets for strings "
                                "and their data")
        self.strings = strings

    def string(self, cur):
        i = cur.varint()
        return self._string_at(i)

    def _string_at(self, i):
        if i >= len(self.strings):
            raise BytecodeError(f"invalid string index: {i}")
        return self.strings[i]

    def _dialect(self, cur):
        i = cur.varint()
        if i >= len(self.dialects):
            raise BytecodeError(f"invalid dialect index: {i}")
        return self.dialects[i]

    def _read_dialects(self, cur):
        self.dialects = []
        for _ in range(cur.varint()):
            if self.version < E.VERSION_DIALECT_VERSIONING:
                self.dialects.append(self.string(cur))
                continue
            idx, has_version = cur.varint_flag()
            name = self._string_at(idx)
            if has_version:
                sid, _ = cur.section()
                if sid != E.DIALECT_VERSIONS:
                    raise BytecodeError("expected dialect version section")
                # No dialect of ours is versioned (MLIR 19's are not either, but for its
                # test dialect, which pyopt's stands in for): there is nothing to upgrade.
            self.dialects.append(name)
        self.op_names = []
        if self.version >= E.VERSION_ELIDE_UNKNOWN_BLOCK_ARG_LOC:
            cur.varint()  # the number of op names (a reservation hint)
        while not cur.empty():
            dialect = self._dialect(cur)
            for _ in range(cur.varint()):
                if self.version < E.VERSION_NATIVE_PROPERTIES:
                    name, registered = self.string(cur), None
                else:
                    idx, registered = cur.varint_flag()
                    name = self._string_at(idx)
                self.op_names.append((f"{dialect}.{name}" if name else dialect, dialect,
                                      registered))

    # -- resources -------------------------------------------------------------------------
    def _read_resources(self, data, offsets):
        self.resource_keys = []
        if (data is None) != (offsets is None):
            raise BytecodeError("unexpected resource offset section when resource section "
                                "is not present" if data is None else
                                "expected resource offset section when resource section "
                                "is present")
        if data is None:
            return
        for _ in range(offsets.varint()):  # external resource groups, kept as they are
            self._resource_group(offsets, data, None, self.string(offsets))
        while not offsets.empty():
            dialect = self._dialect(offsets)
            if dialect not in self.ctx.dialects:
                raise BytecodeError(f"dialect '{dialect}' is unknown")
            self._resource_group(offsets, data, dialect)

    def _resource_group(self, offsets, data, dialect, owner=None):
        for _ in range(offsets.varint()):
            key = self.string(offsets)
            size = offsets.varint()
            kind = offsets.byte()
            entry = data.sub(size)
            if dialect is not None:
                if dialect != "builtin":
                    raise BytecodeError(f"unknown 'resource' key '{key}' for dialect "
                                        f"'{dialect}'")
                self.resource_keys.append(key)
                if size == 0:  # a declaration without data
                    continue
                if kind != BLOB:
                    raise BytecodeError(f"expected a blob resource entry, but found a "
                                        f"{_KINDS[kind % 3]} entry instead")
            if kind == BLOB:
                align = entry.varint()
                n = entry.varint()
                entry.align(align)
                value = ("blob", align, entry.bytes(n))
            elif kind == BOOL:
                value = ("bool", bool(entry.byte()))
            elif kind == STRING:
                value = ("string", self.string(entry))
            else:
                raise BytecodeError(f"invalid resource kind: {kind}")
            if not entry.empty():
                raise BytecodeError(f"unexpected trailing bytes in resource entry '{key}'")
            if dialect is not None:
                self.ctx.resources[("builtin", key)] = \
                    "0x" + (value[1].to_bytes(4, "little") + value[2]).hex().upper()
            else:
                self.ctx.external_resources.setdefault(owner, {})[key] = value

    def resource(self, cur):
        i = cur.varint()
        if i >= len(self.resource_keys):
            raise BytecodeError(f"invalid resource index: {i}")
        return self.resource_keys[i]

    # -- attributes and types ----------------------------------------------------------------
    def _read_attr_type_offsets(self, data, cur):
        n_attrs = cur.varint()
        n_types = cur.varint()
        offset = 0
        tables = []
        for count in (n_attrs, n_types):
            entries = []
            while len(entries) < count:
                dialect = self._dialect(cur)
                for _ in range(cur.varint()):
                    size, custom = cur.varint_flag()
                    if offset + size > data.end - data.pos:
                        raise BytecodeError("Attribute or Type entry offset points past the "
                                            "end of section")
                    entries.append((dialect, custom, data.pos + offset, size))
                    offset += size
            tables.append(entries)
        if not cur.empty():
            raise BytecodeError("unexpected trailing data in the Attribute/Type offset "
                                "section")
        self.attr_entries, self.type_entries = tables
        self.attr_cache = [None] * n_attrs
        self.type_cache = [None] * n_types

    def attr_at(self, i):
        cache = self.attr_cache
        if i >= len(cache):
            raise BytecodeError(f"invalid Attribute index: {i}")
        a = cache[i]
        if a is None:
            a = cache[i] = self._resolve(self.attr_entries[i], "Attribute")
        return a

    def type_at(self, i):
        cache = self.type_cache
        if i >= len(cache):
            raise BytecodeError(f"invalid Type index: {i}")
        t = cache[i]
        if t is None:
            t = cache[i] = self._resolve(self.type_entries[i], "Type")
        return t

    def _resolve(self, entry, kind):
        dialect, custom, start, size = entry
        cur = Cursor(self.data, start, start + size)
        if custom:
            if dialect not in self.ctx.dialects and not self.ctx.allow_unregistered:
                raise BytecodeError(f"dialect '{dialect}' is unknown. If this is intended, "
                                    f"please call allowUnregisteredDialects() on the "
                                    f"MLIRContext, or use -allow-unregistered-dialect with "
                                    f"the MLIR tool used.")
            if dialect != "builtin":
                raise BytecodeError(f"dialect '{dialect}' does not implement the bytecode "
                                    f"interface")
            r = _EntryReader(self, cur)
            value = read_attribute(r) if kind == "Attribute" else read_type(r)
        else:
            value = self._parse_text(_text(cur.cstring()), kind)
        if not cur.empty():
            raise BytecodeError(f"unexpected trailing bytes after {kind} entry")
        return value

    def _parse_text(self, text, kind):
        from pyopt.syntax.parser import Parser
        p = Parser(SourceBuffer(text, text), self.ctx)  # (MLIR names the buffer so too)
        p._llvm_structs = self.llvm_structs  # (see __init__; llvm.types.identified_struct)
        value = p.parse_attribute() if kind == "Attribute" else p.parse_type()
        if getattr(p, "_llvm_seed_syntax", False):
            self._llvm_seed_syntax = True  # (typed LLVM pointers: see tool.parse_module)
        if p.kind != "eof":
            raise BytecodeError(f"trailing characters found after {kind} assembly format: "
                                f"{text[p.start:]}")
        return value

    # -- properties -------------------------------------------------------------------------
    def _read_properties_section(self, cur):
        self.properties = []
        if cur is None or cur.empty():
            return
        count = cur.varint()
        for _ in range(count):
            size = cur.varint()
            self.properties.append(cur.sub(size))
        if not cur.empty():
            raise BytecodeError("Broken properties section: didn't exhaust the offsets table")

    # -- IR ------------------------------------------------------------------------------------
    def _read_ir(self, cur, into):
        scope = _ValueScope()
        scope.push(0)
        num_ops, has_args = cur.varint_flag()
        if has_args:
            raise BytecodeError("unexpected arguments on the top-level block")
        blocks = [into]
        for _ in range(num_ops):
            self._read_op(cur, scope, blocks, into, False)
        if self.forward_refs:
            raise BytecodeError("not all forward unresolved forward operand references")

    def _read_op(self, cur, scope, blocks, block, define):
        i = cur.varint()
        if i >= len(self.op_names):
            raise BytecodeError(f"invalid operation name index: {i}")
        name, dialect, registered = self.op_names[i]
        mask = cur.byte()
        loc = as_loc(self.attr_at(cur.varint()))
        ctx = self.ctx
        opdef = ctx.lookup_op(name)
        if opdef is None:
            self._check_unregistered(name, dialect)
        attrs = {}
        if mask & E.HAS_ATTRS:
            d = self.attr_at(cur.varint())
            if type(d) is not DictionaryAttr:
                raise BytecodeError(f"expected attribute of type: DictionaryAttr, but got: {d}")
            attrs = dict(d.value)
        properties = {}
        if mask & E.HAS_PROPERTIES:
            if registered is None:
                raise BytecodeError(f"Unexpected missing `wasRegistered` opname flag at "
                                    f"bytecode version {self.version} with properties.")
            j = cur.varint()
            if j >= len(self.properties):
                raise BytecodeError(f"Properties idx out-of-bound for {name}")
            blob = self.properties[j]
            r = _EntryReader(self, Cursor(self.data, blob.pos, blob.end))
            if opdef is not None:
                properties = read_properties(r, opdef, self.version)
            elif registered:
                raise BytecodeError(f"has properties but missing BytecodeOpInterface for "
                                    f"{name}")
            else:  # an unregistered op's properties are one attribute
                properties = {"<opaque>": as_attr(r.attr())}
        result_types = []
        if mask & E.HAS_RESULTS:
            result_types = [self.type_at(cur.varint()) for _ in range(cur.varint())]
        operands = []
        if mask & E.HAS_OPERANDS:
            operands = [self._operand(cur, scope) for _ in range(cur.varint())]
        successors = []
        if mask & E.HAS_SUCCESSORS:
            for _ in range(cur.varint()):
                k = cur.varint()
                if k >= len(blocks):
                    raise BytecodeError(f"invalid successor index: {k}")
                successors.append(blocks[k])
        if self.version >= E.VERSION_USE_LIST_ORDERING and mask & E.HAS_USE_LIST_ORDERS:
            self._skip_use_lists(cur, len(result_types))
        regions = []
        isolated = False
        if mask & E.HAS_INLINE_REGIONS:
            n, isolated = cur.varint_flag()
            regions = [Region() for _ in range(n)]
        if opdef is not None:
            if self.version < E.VERSION_NATIVE_PROPERTIES and attrs:
                # MLIR 19 cannot set a non-attribute property from the dictionary written
                # before version 5: it is lost there, so here too
                for n in schema(opdef).native:
                    attrs.pop(n, None)
            opdef.split_generic_attrs(properties, attrs)
        op = Operation(name, opdef, operands, result_types, properties, attrs, regions,
                       successors, loc)
        block.append(op)
        if define and op.results:
            self._define(scope, op.results)
        if regions:
            rcur = cur
            if isolated and self.version >= E.VERSION_LAZY_LOADING:
                sid, rcur = cur.section()
                if sid != E.IR:
                    raise BytecodeError("expected IR section for region")
            rscope = _ValueScope() if isolated else scope
            for region in regions:
                self._read_region(rcur, rscope, region)
            if rcur is not cur and not rcur.empty():
                raise BytecodeError("unexpected trailing data in an IR section")
        return op

    def _check_unregistered(self, name, dialect):
        ctx = self.ctx
        if ctx.allow_unregistered:
            return
        if dialect not in ctx.dialects:
            raise BytecodeError(f"dialect '{dialect}' is unknown. If this is intended, please "
                                f"call allowUnregisteredDialects() on the MLIRContext, or use "
                                f"-allow-unregistered-dialect with the MLIR tool used.")
        if not ctx.dialects[dialect].allow_unknown_ops:
            raise BytecodeError(f"unregistered operation '{name}' found in dialect "
                                f"('{dialect}') that does not allow unknown operations")

    def _read_region(self, cur, scope, region):
        num_blocks = cur.varint()
        if num_blocks == 0:
            return
        num_values = cur.varint()
        scope.push(num_values)
        blocks = [Block() for _ in range(num_blocks)]
        for b in blocks:
            region.append(b)
        for b in blocks:
            num_ops, has_args = cur.varint_flag()
            if has_args:
                self._read_block_args(cur, scope, b)
            for _ in range(num_ops):
                self._read_op(cur, scope, blocks, b, num_values != 0)
        scope.pop(num_values)

    def _read_block_args(self, cur, scope, block):
        args = []
        for _ in range(cur.varint()):
            if self.version >= E.VERSION_ELIDE_UNKNOWN_BLOCK_ARG_LOC:
                t, has_loc = cur.varint_flag()
                t = self.type_at(t)
                loc = as_loc(self.attr_at(cur.varint())) if has_loc else None
            else:
                t = self.type_at(cur.varint())
                loc = as_loc(self.attr_at(cur.varint()))
            args.append(block.add_argument(t, loc))
        self._define(scope, args)
        if self.version >= E.VERSION_USE_LIST_ORDERING and cur.byte():
            self._skip_use_lists(cur, len(block.args))

    def _skip_use_lists(self, cur, num_values):
        """Use-list orders only matter to the order of a value's users, which nothing printed
        depends on: they are checked for shape and dropped."""
        count = cur.varint() if num_values > 1 else 1
        for _ in range(count):
            if num_values > 1:
                cur.varint()
            n, _pairs = cur.varint_flag()
            for _ in range(n):
                cur.varint()

    def _operand(self, cur, scope):
        i = cur.varint()
        values = scope.values
        if i >= len(values):
            raise BytecodeError(f"invalid value index: {i}")
        v = values[i]
        if v is None:
            from pyopt.syntax.parser import ForwardRef
            v = values[i] = ForwardRef(None, 0)
            self.forward_refs[v] = True
        return v

    def _define(self, scope, new_values):
        i = scope.next_ids[-1]
        end = i + len(new_values)
        values = scope.values
        if end > len(values):
            raise BytecodeError(f"value index range was outside of the expected range for the "
                                f"parent region, got [{i}, {end}), but the maximum index "
                                f"was {len(values) - 1}")
        scope.next_ids[-1] = end
        for value in new_values:
            old = values[i]
            values[i] = value
            i += 1
            if old is not None:
                old.replace_all_uses_with(value)
                self.forward_refs.pop(old, None)


class _EntryReader:
    """The dialect-reader view of a cursor (MLIR's DialectBytecodeReader)."""
    __slots__ = ("rd", "cur", "version")

    def __init__(self, rd, cur):
        self.rd = rd
        self.cur = cur
        self.version = rd.version

    def varint(self):
        return self.cur.varint()

    def svarint(self):
        return self.cur.signed_varint()

    def byte(self):
        return self.cur.byte()

    def attr(self):
        return self.rd.attr_at(self.cur.varint())

    def opt_attr(self):
        i, present = self.cur.varint_flag()
        return self.rd.attr_at(i) if present else None

    def type(self):
        return self.rd.type_at(self.cur.varint())

    def attr_list(self):
        return [self.attr() for _ in range(self.cur.varint())]

    def type_list(self):
        return [self.type() for _ in range(self.cur.varint())]

    def string(self):
        return self.rd.string(self.cur)

    def blob(self):
        return self.cur.bytes(self.cur.varint())

    def resource(self):
        return self.rd.resource(self.cur)

    def apint(self, width):
        """An integer of known bit width, as its unsigned value."""
        mask = (1 << width) - 1
        if width <= 8:
            return self.cur.byte() & mask
        if width <= 64:
            return self.cur.signed_varint() & mask
        words = [self.cur.signed_varint() & E._U64 for _ in range(self.cur.varint())]
        value = 0
        for k, w in enumerate(words):
            value |= w << (64 * k)
        return value & mask
