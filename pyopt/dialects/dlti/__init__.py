"""The `dlti` dialect of MLIR 19 (data layout and target description): `#dlti.dl_entry`,
`#dlti.dl_spec`, `#dlti.target_device_spec`, `#dlti.target_system_spec`, and the checks of the
`dlti.dl_spec` / `dlti.target_system_spec` op attributes (spec verification and combination
with the specs of enclosing modules)."""
from __future__ import annotations

from pyopt.ir.attributes import (DialectAttr, StringAttr, IntegerAttr, DenseElementsAttr)
from pyopt.ir.types import Type, IndexType, IntegerType, FloatType, I64
from pyopt.ir.verifier import plain_error
from pyopt.ir.opdef import Dialect


def _chain(parser, err, message, offset=None):
    """Adds one more error after `err` (MLIR emits several diagnostics on one failure)."""
    more = list(getattr(err, "more", None) or [])
    more.append(parser.error(message, parser.start if offset is None else offset).diag)
    err.more = more
    return err


def _is_err(e):
    return hasattr(e, "diag")


class DataLayoutEntryAttr(DialectAttr):
    """`#dlti.dl_entry<key, value>`: the key is a type or a quoted string."""
    __slots__ = ("key", "value")

    def __init__(self, key, value):
        self.key = key
        self.value = value

    def key_str(self, p):
        if isinstance(self.key, Type):
            return p.type_str(self.key)
        return '"' + self.key + '"'

    def asm(self, p):
        return "#dlti.dl_entry<" + self.key_str(p) + ", " + p.attr_str(self.value) + ">"

    @classmethod
    def parse_stripped(cls, parser):
        parser.expect("<")
        off = parser.start
        if parser.kind == "string":
            key = parser.parse_string()
        else:
            key = parser.parse_optional_type()
            if key is None:
                raise parser.error("expected a type or a quoted string", off)
        parser.expect(",")
        value = parser.parse_attribute()
        parser.expect(">")
        return cls(key, value)


def _check_entries(parser, entries, off, allow_types=True):
    seen = set()
    for e in entries:
        if isinstance(e.key, Type):
            if not allow_types:
                return parser.error("dlti.target_device_spec does not allow type as a key: " +
                                    str(e.key), off)
            if e.key in seen:
                return parser.error(f"repeated layout entry key: '{e.key}'", off)
        elif e.key in seen:
            return parser.error(f"repeated layout entry key: {e.key}", off)
        seen.add(e.key)
    return None


def _parse_entry_list(parser):
    """`entry (, entry)*`: each a full DataLayoutEntryInterface attribute."""
    entries = []
    while True:
        off = parser.start
        a = parser.parse_attribute()
        if not isinstance(a, DataLayoutEntryAttr):
            raise parser.error("invalid kind of attribute specified", off)
        entries.append(a)
        if not parser.accept(","):
            return tuple(entries)


class DataLayoutSpecAttr(DialectAttr):
    """`#dlti.dl_spec<entry, ...>`."""
    __slots__ = ("entries",)
    MNEMONIC = "dl_spec"

    def __init__(self, entries):
        self.entries = entries

    def asm(self, p):
        return f"#dlti.{self.MNEMONIC}<" + ", ".join(p.attr_str(e) for e in self.entries) + ">"

    @classmethod
    def parse_at(cls, parser, name_off):
        parser.expect("<")
        entries = ()
        if not parser.accept(">"):
            entries = _parse_entry_list(parser)
            parser.expect(">")
        err = _check_entries(parser, entries, name_off)
        if err is not None:
            raise err
        return cls(entries)


class TargetDeviceSpecAttr(DataLayoutSpecAttr):
    """`#dlti.target_device_spec<entry, ...>` (string keys only)."""
    __slots__ = ()
    MNEMONIC = "target_device_spec"

    @classmethod
    def parse_at(cls, parser, name_off):
        parser.expect("<")
        try:
            entries = _parse_entry_list(parser)
        except Exception as e:  # noqa: BLE001
            if _is_err(e):
                raise _chain(parser, e, "failed to parse DLTI_TargetDeviceSpecAttr parameter "
                             "'entries' which is to be a `::llvm::ArrayRef<"
                             "DataLayoutEntryInterface>`")
            raise
        parser.expect(">")
        err = _check_entries(parser, entries, name_off, allow_types=False)
        if err is not None:
            raise err
        return cls(entries)


class TargetSystemSpecAttr(DialectAttr):
    """`#dlti.target_system_spec<"id" : #dlti.target_device_spec<...>, ...>`."""
    __slots__ = ("entries",)

    def __init__(self, entries):
        self.entries = entries  # ((device id, TargetDeviceSpecAttr), ...)

    def asm(self, p):
        return "#dlti.target_system_spec<" + ", ".join(
            p.attr_str(StringAttr(k)) + " : " + p.attr_str(v) for k, v in self.entries) + ">"

    @classmethod
    def parse_at(cls, parser, name_off):
        parser.expect("<")
        entries = []
        fail = "failed to parse DLTI_TargetSystemSpecAttr parameter 'entries' which is to be " \
               "a `::llvm::ArrayRef<DeviceIDTargetDeviceSpecPair>`"
        while True:
            if parser.kind != "string":
                err = parser.error("expected string", parser.start)
                _chain(parser, err, "DeviceID is missing, or is not of string type")
                raise _chain(parser, err, fail)
            dev = parser.parse_string()
            if not parser.accept(":"):
                err = parser.error("Missing colon", parser.start)
                raise _chain(parser, err, fail)
            off = parser.start
            try:
                spec = parser.parse_attribute()
                if not isinstance(spec, TargetDeviceSpecAttr):
                    raise parser.error("invalid kind of attribute specified", off)
            except Exception as e:  # noqa: BLE001
                if _is_err(e):
                    _chain(parser, e, "Error in parsing target device spec")
                    raise _chain(parser, e, fail)
                raise
            entries.append((dev, spec))
            if not parser.accept(","):
                break
        parser.expect(">")
        seen = set()
        for dev, _ in entries:
            if dev in seen:
                raise parser.error(f'repeated Device ID in dlti.target_system_spec: "{dev}"',
                                   name_off)
            seen.add(dev)
        return cls(tuple(entries))


_ATTRS = {"dl_entry": None, "dl_spec": DataLayoutSpecAttr,
          "target_device_spec": TargetDeviceSpecAttr, "target_system_spec": TargetSystemSpecAttr}


def parse_dlti_attr(parser, mnemonic, offset):
    if mnemonic == "dl_entry":
        return DataLayoutEntryAttr.parse_stripped(parser)
    cls = _ATTRS.get(mnemonic)
    if cls is None:
        raise parser.error(f"unknown attribute `{mnemonic}` in dialect `dlti`",
                           offset + len("#dlti."))
    return cls.parse_at(parser, offset)


# ---------------------------------------------------------------------------- verification
_KNOWN_IDS = ("dlti.alloca_memory_space", "dlti.program_memory_space",
              "dlti.global_memory_space", "dlti.stack_alignment")


def _verify_spec(op, spec):
    for e in spec.entries:
        key = e.key
        if isinstance(key, Type):
            if type(key) is IndexType:
                if type(e.value) is not IntegerAttr:
                    raise plain_error(op, "expected integer attribute in the data layout entry "
                                      f"for {key}")
            elif isinstance(key, (IntegerType, FloatType)):
                v = e.value
                if not isinstance(v, DenseElementsAttr) or \
                        getattr(v.type, "element_type", None) is not I64:
                    raise plain_error(op, "expected a dense i64 elements attribute in the data "
                                      f"layout entry {e}")
            elif type(key).__module__.endswith("ir.types"):
                raise plain_error(op, "unexpected data layout for a built-in type")
            continue
        if key.startswith("dlti."):
            if key == "dlti.endianness":
                if not (type(e.value) is StringAttr and e.value.value in ("big", "little")):
                    raise plain_error(op, "'dlti.endianness' data layout entry is expected to "
                                      "be either 'big' or 'little'")
            elif key not in _KNOWN_IDS:
                raise plain_error(op, f"unknown data layout entry name: {key}")


def _combines(outer_specs, spec):
    """MLIR's default combination: an identifier may only be redefined with the same value."""
    ids = {}
    for s in list(outer_specs) + [spec]:
        for e in s.entries:
            if isinstance(e.key, Type):
                continue
            prev = ids.get(e.key)
            if prev is not None and prev is not e.value:
                return False
            ids[e.key] = e.value
    return True


def verify_dlti_attribute(op, name, a):
    if name == "dlti.dl_spec":
        if not isinstance(a, DataLayoutSpecAttr) or isinstance(a, TargetDeviceSpecAttr):
            raise plain_error(op, "'dlti.dl_spec' is expected to be a #dlti.dl_spec attribute")
        if op.name == "builtin.module":
            _verify_spec(op, a)
            parents = []
            p = op.parent_op
            while p is not None:
                s = p.attributes.get("dlti.dl_spec")
                if p.name == "builtin.module" and isinstance(s, DataLayoutSpecAttr):
                    parents.append(p)
                p = p.parent_op
            specs = [p.attributes["dlti.dl_spec"] for p in reversed(parents)]
            if parents and not _combines(specs, a):
                raise plain_error(op, "data layout does not combine with layouts of enclosing "
                                  "ops", *[("enclosing op with data layout", p.loc)
                                           for p in parents])
        return
    if name == "dlti.target_system_spec":
        if not isinstance(a, TargetSystemSpecAttr):
            raise plain_error(op, "'dlti.target_system_spec' is expected to be a "
                              "#dlti.target_system_spec attribute")
        return
    raise plain_error(op, f"attribute '{name}' not supported by dialect")


DLTI = Dialect("dlti", [], parse_attr=parse_dlti_attr, verify_op_attribute=verify_dlti_attribute)
