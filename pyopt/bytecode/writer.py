"""Writes pyopt IR as MLIR 19 bytecode (MLIR's BytecodeWriter). The IR section is encoded
first, numbering op names, attributes, types, strings, resources and properties as they are
met; then the tables are emitted. Builtin attributes and types use the builtin dialect's
encoding (builtin_encoding), everything else its text. Only ops whose definition is
isolated from above get their own value scope (and lazy-loadable section); MLIR also isolates
other ops whose regions happen not to use outer values, a size optimisation only."""
from __future__ import annotations

from pyopt.bytecode import encoding as E
from pyopt.bytecode.builtin_encoding import (
    attr_encoding_name, loc_encoding_name, type_encoding_name, write_attribute, write_type)
from pyopt.bytecode.encoding import Emitter
from pyopt.bytecode.properties import has_properties, schema, write_properties
from pyopt.ir.attributes import LocationAttr
from pyopt.ir.location import Location, OpaqueLoc
from pyopt.ir.diagnostics import Diagnostic, MLIRError


def _bytes(s: str) -> bytes:
    return s.encode("utf-8", "surrogateescape")


def _text_dialect(text):
    """The dialect owning an attribute/type printed as `text` (`#dialect.x` / `!dialect.x`;
    builtin spellings have no prefix)."""
    if text[:1] in "#!" and "." in text:
        head = text[1:].split(".", 1)[0]
        if head.replace("_", "").isalnum():
            return head
    return "builtin"


class _Table:
    """Entries numbered in first-use order: value -> index, plus per-entry data."""
    __slots__ = ("index", "entries")

    def __init__(self):
        self.index = {}
        self.entries = []

    def get(self, key, make):
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.entries)
            self.entries.append(make())
        return i


class BytecodeWriter:
    def __init__(self, ctx, version=E.CURRENT_VERSION, elide_resources=False):
        self.ctx = ctx
        self.version = version
        self.elide_resources = elide_resources  # resources written as declarations
        self.strings = _Table()
        self.dialects = _Table()
        self.op_names = _Table()      # entries: (dialect index, name string index, registered)
        self.attrs = _Table()         # entries: [dialect index, value, encoded bytes, custom]
        self.types = _Table()
        self.resources = _Table()     # builtin resource keys
        self.properties = []          # encoded property blobs
        self.property_index = {}
        self._printer = None

    # -- numbering ---------------------------------------------------------------------------
    def string(self, s):
        return self.strings.get(s, lambda: s)

    def dialect(self, name):
        return self.dialects.get(name, lambda: name)

    def op_name(self, op):
        name = op.name
        key = (name, op.opdef is not None)

        def make():
            dialect, _, rest = name.partition(".")
            return (self.dialect(dialect), self.string(rest), op.opdef is not None)
        return self.op_names.get(key, make)

    def attr(self, a):
        i = self.attrs.index.get(a)  # (the common case: seen before)
        if i is not None:
            return i
        if isinstance(a, Location):
            a = self._loc_key(a)
        elif type(a) is LocationAttr:
            a = self._loc_key(a.loc)
        return self.attrs.get(a, lambda: [None, a, None, False])

    def _loc_key(self, loc):
        while type(loc) is OpaqueLoc:
            loc = loc.fallback
        return loc

    def type(self, t):
        i = self.types.index.get(t)
        if i is not None:
            return i
        return self.types.get(t, lambda: [None, t, None, False])

    def resource(self, key):
        return self.resources.get(key, lambda: key)

    def _printer_for_text(self):
        if self._printer is None:
            from pyopt.syntax.printer import Printer, PrintFlags
            self._printer = Printer(PrintFlags(local_scope=True), self.ctx)
        return self._printer

    # -- entry point --------------------------------------------------------------------------
    def write(self, op) -> bytes:
        if not 0 <= self.version <= E.CURRENT_VERSION:
            raise MLIRError(Diagnostic("error", op.loc, f"unsupported version requested "
                                       f"{self.version}, must be in range [0, "
                                       f"{E.CURRENT_VERSION}]"))
        ir = Emitter()
        ir.varint_flag(1, False)  # the IR section is a block holding the one top-level op
        self._write_op(ir, op, {}, {}, 0)
        attr_type, offsets = self._encode_attrs_types()
        resources = self._resource_sections()
        out = Emitter()
        out.raw(E.MAGIC)
        out.varint(self.version)
        out.cstring(_bytes(E.PRODUCER))
        out.section(E.DIALECT, self._dialect_section())
        out.section(E.ATTR_TYPE_OFFSET, offsets)
        out.section(E.ATTR_TYPE, attr_type)
        out.section(E.IR, ir)
        if resources is not None:
            out.section(E.RESOURCE_OFFSET, resources[0])
            out.section(E.RESOURCE, resources[1])
        out.section(E.STRING, self._string_section())
        if self.version >= E.VERSION_NATIVE_PROPERTIES:
            props = Emitter()
            props.varint(len(self.properties))
            for blob in self.properties:
                props.raw(blob)
            out.section(E.PROPERTIES, props)
        return bytes(out.buf)

    # -- IR --------------------------------------------------------------------------------------
    def _write_op(self, em, op, values, blocks, next_id):
        """`values`: value -> id in the enclosing isolated scope; `blocks`: block -> index in
        the enclosing region; `next_id`: the first id of values defined in nested regions."""
        em.varint(self.op_name(op))
        mask_at = len(em.buf)
        em.byte(0)
        mask = 0
        em.varint(self.attr(op.loc))
        opdef = op.opdef
        native = opdef is not None and self.version >= E.VERSION_NATIVE_PROPERTIES
        attrs = op.attributes
        if not native:
            # inherent attributes join the dictionary (before version 5 or unregistered)
            attrs = {**{k: v for k, v in op.properties.items() if k != "<opaque>"}, **attrs}
        else:
            # What is inherent is MLIR 19's op's business: pyopt may keep an attribute on the
            # other side of the line (e.g. one that 19's op does not declare).
            names = schema(opdef).names
            props = op.properties
            if any(k not in names for k in props) or any(k in names for k in attrs):
                props = {**{k: v for k, v in attrs.items() if k in names},
                         **{k: v for k, v in props.items() if k in names}}
                attrs = {**{k: v for k, v in op.properties.items() if k not in names},
                         **{k: v for k, v in attrs.items() if k not in names}}
        if attrs:
            from pyopt.ir.attributes import DictionaryAttr
            mask |= E.HAS_ATTRS
            em.varint(self.attr(DictionaryAttr(attrs)))
        if native and has_properties(opdef):
            mask |= E.HAS_PROPERTIES
            em.varint(self._properties(op, props))
        elif opdef is None and "<opaque>" in op.properties and \
                self.version >= E.VERSION_NATIVE_PROPERTIES:
            mask |= E.HAS_PROPERTIES  # an unregistered op's properties: one attribute
            em.varint(self._property_blob(E.varint_bytes(self.attr(op.properties["<opaque>"]))))
        if op.results:
            mask |= E.HAS_RESULTS
            em.varint(len(op.results))
            for r in op.results:
                em.varint(self.type(r.type))
        slots = op.operand_slots
        if slots:
            mask |= E.HAS_OPERANDS
            em.varint(len(slots))
            for s in slots:
                em.varint(values[s.value])
        succ = op.successor_slots
        if succ:
            mask |= E.HAS_SUCCESSORS
            em.varint(len(succ))
            for s in succ:
                em.varint(blocks[s.block])
        if op.regions:
            mask |= E.HAS_INLINE_REGIONS
        em.buf[mask_at] = mask
        if op.regions:
            isolated = opdef is not None and opdef.isolated
            em.varint_flag(len(op.regions), isolated)
            if isolated:
                values, next_id = {}, 0
            body = Emitter() if isolated and self.version >= E.VERSION_LAZY_LOADING else em
            for region in op.regions:  # (sibling regions number their values from one id)
                self._write_region(body, region, values, next_id)
            if body is not em:
                em.section(E.IR, body)

    def _write_region(self, em, region, values, first):
        blocks = region.blocks
        if not blocks:
            em.varint(0)
            return
        # Number the region's own values (nested regions continue after them).
        n = first
        block_ids = {}
        for i, b in enumerate(blocks):
            block_ids[b] = i
            for a in b.args:
                values[a] = n
                n += 1
            for o in b.ops:
                for r in o.results:
                    values[r] = n
                    n += 1
        em.varint(len(blocks))
        em.varint(n - first)
        for b in blocks:
            ops = b.ops
            args = b.args
            em.varint_flag(len(ops), bool(args))
            if args:
                em.varint(len(args))
                for a in args:
                    loc = getattr(a, "loc", None)
                    if self.version >= E.VERSION_ELIDE_UNKNOWN_BLOCK_ARG_LOC:
                        known = loc is not None and loc_encoding_name(loc) != "UnknownLoc"
                        em.varint_flag(self.type(a.type), known)
                        if known:
                            em.varint(self.attr(loc))
                    else:
                        em.varint(self.type(a.type))
                        em.varint(self.attr(loc if loc is not None else _unknown()))
                if self.version >= E.VERSION_USE_LIST_ORDERING:
                    em.byte(0)  # no use-list orders
            for o in ops:
                self._write_op(em, o, values, block_ids, n)

    def _properties(self, op, props):
        em = _EntryWriter(self, Emitter())
        write_properties(em, op, props, self.version)
        return self._property_blob(bytes(em.em.buf))

    def _property_blob(self, blob):
        """The index of `blob` in the properties section (equal blobs are shared)."""
        i = self.property_index.get(blob)
        if i is None:
            i = self.property_index[blob] = len(self.properties)
            self.properties.append(E.varint_bytes(len(blob)) + blob)
        return i

    # -- attribute / type table ---------------------------------------------------------------
    def _encode_attrs_types(self):
        data = Emitter()
        offsets = Emitter()
        # Encoding an entry may number new ones (its elements): encode until none is left.
        done_a = done_t = 0
        while done_a < len(self.attrs.entries) or done_t < len(self.types.entries):
            while done_a < len(self.attrs.entries):
                self._encode_entry(self.attrs.entries[done_a], True)
                done_a += 1
            while done_t < len(self.types.entries):
                self._encode_entry(self.types.entries[done_t], False)
                done_t += 1
        offsets.varint(len(self.attrs.entries))
        offsets.varint(len(self.types.entries))
        for table in (self.attrs.entries, self.types.entries):
            i = 0
            while i < len(table):
                j = i
                while j < len(table) and table[j][0] == table[i][0]:
                    j += 1
                offsets.varint(table[i][0])
                offsets.varint(j - i)
                for k in range(i, j):
                    offsets.varint_flag(len(table[k][2]), table[k][3])
                    data.raw(table[k][2])
                i = j
        return data, offsets

    def _encode_entry(self, entry, is_attr):
        value = entry[1]
        if is_attr:
            name = loc_encoding_name(value) if isinstance(value, Location) else \
                attr_encoding_name(value)
        else:
            name = type_encoding_name(value)
        if name is not None:
            w = _EntryWriter(self, Emitter())
            (write_attribute if is_attr else write_type)(w, name, value)
            entry[0] = self.dialect("builtin")
            entry[2] = bytes(w.em.buf)
            entry[3] = True
            return
        p = self._printer_for_text()
        if isinstance(value, Location):
            text = "loc(" + p.loc_body(value) + ")"
        else:
            text = p.attr_str(value) if is_attr else p.type_str(value)
        entry[0] = self.dialect(_text_dialect(text))
        entry[2] = _bytes(text) + b"\0"
        entry[3] = False

    # -- other sections ---------------------------------------------------------------------------
    def _dialect_section(self):
        em = Emitter()
        em.varint(len(self.dialects.entries))
        for name in self.dialects.entries:
            if self.version < E.VERSION_DIALECT_VERSIONING:
                em.varint(self.string(name))
            else:
                em.varint_flag(self.string(name), False)
        if self.version >= E.VERSION_ELIDE_UNKNOWN_BLOCK_ARG_LOC:
            em.varint(len(self.op_names.entries))
        names = self.op_names.entries
        i = 0
        while i < len(names):  # consecutive names of one dialect form a group
            j = i
            while j < len(names) and names[j][0] == names[i][0]:
                j += 1
            em.varint(names[i][0])
            em.varint(j - i)
            for d, s, registered in names[i:j]:
                if self.version < E.VERSION_NATIVE_PROPERTIES:
                    em.varint(s)
                else:
                    em.varint_flag(s, registered)
            i = j
        return em

    def _resource_sections(self):
        offsets, data = Emitter(), Emitter()
        external = {o: items for o, items in self.ctx.external_resources.items() if items}
        offsets.varint(len(external))
        for owner, items in external.items():
            offsets.varint(self.string(owner))
            self._resource_group(offsets, data, items)
        keys = self.resources.entries
        if keys:
            blobs = self.ctx.resources
            items = {}
            for key in keys:
                text = blobs.get(("builtin", key))
                if text is None:
                    items[key] = None  # a declaration without data
                else:
                    raw = bytes.fromhex(text[2:])
                    items[key] = ("blob", int.from_bytes(raw[:4], "little"), raw[4:])
            offsets.varint(self.dialect("builtin"))
            self._resource_group(offsets, data, items)
        return offsets, data

    def _resource_group(self, offsets, data, items):
        offsets.varint(len(items))
        for key, value in items.items():
            start = len(data)
            kind = 0
            if value is not None and not self.elide_resources:
                kind = _RESOURCE_KINDS[value[0]]
                if kind == 0:
                    data.varint(value[1])
                    data.varint(len(value[2]))
                    data.align(value[1])
                    data.raw(value[2])
                elif kind == 1:
                    data.byte(1 if value[1] else 0)
                else:
                    data.varint(self.string(value[1]))
            elif value is not None:
                kind = _RESOURCE_KINDS[value[0]]
            offsets.varint(self.string(key))
            offsets.varint(len(data) - start)
            offsets.byte(kind)

    def _string_section(self):
        em = Emitter()
        strings = [_bytes(s) for s in self.strings.entries]
        em.varint(len(strings))
        for s in reversed(strings):
            em.varint(len(s) + 1)
        for s in strings:
            em.cstring(s)
        return em


_RESOURCE_KINDS = {"blob": 0, "bool": 1, "string": 2}


def _unknown():
    from pyopt.ir.location import UNKNOWN_LOC
    return UNKNOWN_LOC


class _EntryWriter:
    """The dialect-writer view of an emitter (MLIR's DialectBytecodeWriter)."""
    __slots__ = ("wr", "em")

    def __init__(self, wr, em):
        self.wr = wr
        self.em = em

    def varint(self, v):
        self.em.varint(v)

    def varint_flag(self, v, flag):
        self.em.varint_flag(v, flag)

    def svarint(self, v):
        self.em.signed_varint(v)

    def byte(self, b):
        self.em.byte(b)

    def attr(self, a):
        self.em.varint(self.wr.attr(a))

    loc = attr

    def opt_attr(self, a):
        if a is None:
            self.em.varint(0)
        else:
            self.em.varint_flag(self.wr.attr(a), True)

    def type(self, t):
        self.em.varint(self.wr.type(t))

    def attr_list(self, items):
        self.em.varint(len(items))
        for a in items:
            self.attr(a)

    def type_list(self, items):
        self.em.varint(len(items))
        for t in items:
            self.type(t)

    def string(self, s):
        self.em.varint(self.wr.string(s))

    def blob(self, data):
        self.em.varint(len(data))
        self.em.raw(data)

    def resource(self, key):
        self.em.varint(self.wr.resource(key))

    def apint(self, value, width):
        value &= (1 << width) - 1
        if width <= 8:
            self.em.byte(value)
        elif width <= 64:
            self.em.signed_varint(value)
        else:
            words = []
            while value:
                words.append(value & E._U64)
                value >>= 64
            words = words or [0]
            self.em.varint(len(words))
            for w in words:
                self.em.signed_varint(w)
