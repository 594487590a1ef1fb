"""LLVM IR types and constants as the importer sees them: interned, with their MLIR spelling.

Types carry `m`, the text of the matching LLVM-dialect/builtin type. Constants are uniqued the
way LLVM uniques them (all-zero aggregates become `zeroinitializer`, simple arrays become
ConstantDataSequential, ...) because the importer caches converted constants by identity."""
from __future__ import annotations

import struct as _struct

SIMPLE_FLOATS = {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64",
                 "x86_fp80": "f80", "fp128": "f128"}
FLOAT_BITS = {"half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80,
              "fp128": 128, "ppc_fp128": 128}


class Ty:
    __slots__ = ("kind", "w", "elem", "fields", "packed", "name", "scalable", "ret", "params",
                 "vararg", "m", "opaque", "__weakref__")

    def __init__(self, kind):
        self.kind = kind
        self.w = 0
        self.elem = None
        self.fields = ()
        self.packed = False
        self.name = None
        self.scalable = False
        self.ret = None
        self.params = ()
        self.vararg = False
        self.m = None
        self.opaque = False

    def __repr__(self):
        return f"<Ty {self.mlir()}>"

    def mlir(self):
        m = self.m
        if m is None:
            m = self.m = _spell(self)
        return m

    # classification helpers
    def is_int(self):
        return self.kind == "int"

    def is_float(self):
        return self.kind == "float"

    def is_vector(self):
        return self.kind == "vec"

    def is_aggregate(self):
        return self.kind in ("array", "struct")

    def scalar(self):
        return self.elem if self.kind == "vec" else self


_interned = {}


def _get(key, build):
    t = _interned.get(key)
    if t is None:
        t = _interned[key] = build()
    return t


def int_ty(w):
    def b():
        t = Ty("int")
        t.w = w
        return t
    return _get(("int", w), b)


def float_ty(name):
    def b():
        t = Ty("float")
        t.name = name
        t.w = FLOAT_BITS[name]
        return t
    return _get(("float", name), b)


def simple_ty(kind):
    return _get((kind,), lambda: Ty(kind))


def ptr_ty(addrspace=0):
    def b():
        t = Ty("ptr")
        t.w = addrspace
        return t
    return _get(("ptr", addrspace), b)


def array_ty(n, elem):
    def b():
        t = Ty("array")
        t.w = n
        t.elem = elem
        return t
    return _get(("array", n, id(elem)), b)


def vec_ty(n, elem, scalable=False):
    def b():
        t = Ty("vec")
        t.w = n
        t.elem = elem
        t.scalable = scalable
        return t
    return _get(("vec", n, id(elem), scalable), b)


def struct_ty(fields, packed=False):
    fields = tuple(fields)

    def b():
        t = Ty("struct")
        t.fields = fields
        t.packed = packed
        return t
    return _get(("struct", tuple(id(f) for f in fields), packed), b)


def func_ty(ret, params, vararg):
    params = tuple(params)

    def b():
        t = Ty("func")
        t.ret = ret
        t.params = params
        t.vararg = vararg
        return t
    return _get(("func", id(ret), tuple(id(p) for p in params), vararg), b)


def target_ty(name, types, ints):
    def b():
        t = Ty("target")
        t.name = name
        t.fields = tuple(types)
        t.params = tuple(ints)
        return t
    return _get(("target", name, tuple(id(x) for x in types), tuple(ints)), b)


def named_struct(name):
    """A fresh identified struct (the module owns the name -> type table)."""
    t = Ty("struct")
    t.name = name
    t.opaque = True
    return t


VOID = simple_ty("void")
I1 = int_ty(1)
I8 = int_ty(8)
I32 = int_ty(32)
I64 = int_ty(64)
PTR = ptr_ty(0)
METADATA = simple_ty("metadata")
LABEL = simple_ty("label")
TOKEN = simple_ty("token")


# MLIR's spelling of each byte in a string literal
_ESCAPED = tuple("\\" + chr(b) if chr(b) in '"\\' else chr(b) if 0x20 <= b < 0x7F else
                 "\\n" if b == 0x0A else "\\t" if b == 0x09 else "\\%02X" % b
                 for b in range(256))


def _mlir_str(s: str) -> str:
    b = s.encode("utf-8", "surrogateescape") if isinstance(s, str) else s
    return '"' + "".join(map(_ESCAPED.__getitem__, b)) + '"'


def mlir_bytes_str(b: bytes) -> str:
    return _mlir_str(b)


def mlir_str(s: str) -> str:
    return _mlir_str(s.encode("utf-8", "surrogateescape"))


def _builtin_vec_elem(t):
    return t.kind == "int" or (t.kind == "float" and t.name in SIMPLE_FLOATS)


def _spell(t):
    k = t.kind
    if k == "int":
        return f"i{t.w}"
    if k == "float":
        s = SIMPLE_FLOATS.get(t.name)
        return s if s is not None else f"!llvm.{t.name}"
    if k == "ptr":
        return "!llvm.ptr" if t.w == 0 else f"!llvm.ptr<{t.w}>"
    if k == "array":
        return f"!llvm.array<{t.w} x {t.elem.mlir()}>"
    if k == "vec":
        # MLIR 19 imports every scalable vector as an LLVM-dialect vector type
        if t.scalable:
            return f"!llvm.vec<? x {t.w} x {t.elem.mlir()}>"
        if _builtin_vec_elem(t.elem):
            return f"vector<{t.w}x{t.elem.mlir()}>"
        return f"!llvm.vec<{t.w} x {t.elem.mlir()}>"
    if k == "struct":
        body = "(" + ", ".join(f.mlir() for f in t.fields) + ")"
        if t.packed:
            body = "packed " + body
        if t.name is not None:
            if t.opaque:
                return f"!llvm.struct<{mlir_str(t.name)}, opaque>"
            # Guard against self reference while spelling.
            t.m = f"!llvm.struct<{mlir_str(t.name)}>"
            return f"!llvm.struct<{mlir_str(t.name)}, {body}>"
        return f"!llvm.struct<{body}>"
    if k == "func":
        ps = [p.mlir() for p in t.params]
        if t.vararg:
            ps.append("...")
        return f"!llvm.func<{t.ret.mlir()} ({', '.join(ps)})>"
    if k == "target":
        parts = [mlir_str(t.name)] + [x.mlir() for x in t.fields] + [str(i) for i in t.params]
        return f"!llvm.target<{', '.join(parts)}>"
    return {"void": "!llvm.void", "label": "!llvm.label", "metadata": "!llvm.metadata",
            "token": "!llvm.token", "x86_amx": "!llvm.x86_amx",
            "x86_mmx": "!llvm.x86_mmx"}.get(k, f"!llvm.{k}")


# ============================================================================ constants
class C:
    """A uniqued LLVM constant. kind: int fp null undef poison zero none tnone global cds str agg
    expr blockaddr. `v` holds the payload (see make_* below)."""
    __slots__ = ("kind", "ty", "v", "extra", "__weakref__")

    def __init__(self, kind, ty, v=None, extra=None):
        self.kind = kind
        self.ty = ty
        self.v = v
        self.extra = extra

    def __repr__(self):
        return f"<C {self.kind} {self.ty.mlir()} {self.v!r}>"


_consts = {}


def _cget(key, kind, ty, v=None, extra=None):
    c = _consts.get(key)
    if c is None:
        c = _consts[key] = C(kind, ty, v, extra)
    return c


def reset_constants():
    _consts.clear()


def norm_int(v, w):
    v &= (1 << w) - 1
    if w > 0 and v >> (w - 1):
        v -= 1 << w
    return v


def c_int(ty, v):
    v = norm_int(v, ty.w)
    return _cget(("int", id(ty), v), "int", ty, v)


def c_fp(ty, bits):
    return _cget(("fp", id(ty), bits), "fp", ty, bits)


def c_simple(kind, ty):
    return _cget((kind, id(ty)), kind, ty)


def c_global(ty, name):
    return _cget(("global", id(ty), name), "global", ty, name)


def c_expr(ty, opcode, operands, flags=(), extra=None):
    operands = tuple(operands)
    key = ("expr", id(ty), opcode, tuple(id(o) for o in operands), tuple(flags), extra)
    return _cget(key, "expr", ty, (opcode, operands, tuple(flags)), extra)


def c_blockaddr(ty, fn, bb):
    return _cget(("blockaddr", fn, bb), "blockaddr", ty, (fn, bb))


def c_wrapped(ty, keyword, inner):
    """`dso_local_equivalent @f` / `no_cfi @f`: kept so the import can reject them as MLIR 19."""
    return _cget(("wrapped", keyword, id(inner)), "wrapped", ty, (keyword, inner))


def null_value(ty):
    k = ty.kind
    if k == "int":
        return c_int(ty, 0)
    if k == "float":
        return c_fp(ty, 0)
    if k == "ptr":
        return c_simple("null", ty)
    if k in ("array", "vec", "struct"):
        return c_simple("zero", ty)
    if k == "target":
        return c_simple("tnone", ty)
    if k == "token":
        return c_simple("none", ty)
    return c_simple("zero", ty)


def is_null(c):
    k = c.kind
    return ((k in ("int", "fp") and c.v == 0) or k in ("null", "zero", "tnone"))


_CDS_INTS = (8, 16, 32, 64)
_CDS_FLOATS = ("half", "bfloat", "float", "double")


def _cds_elem(t):
    return (t.kind == "int" and t.w in _CDS_INTS) or (t.kind == "float" and t.name in _CDS_FLOATS)


def c_aggregate(ty, elems):
    """ConstantArray/Struct/Vector::get with LLVM's canonicalisation."""
    elems = tuple(elems)
    if not elems:
        return c_simple("zero", ty)
    if all(is_null(e) for e in elems):
        return c_simple("zero", ty)
    k0 = elems[0].kind
    if k0 in ("undef", "poison") and all(e.kind == k0 for e in elems):
        return c_simple(k0, ty)
    if ty.kind in ("array", "vec") and _cds_elem(ty.elem) and all(
            e.kind in ("int", "fp") for e in elems):
        if ty.kind == "array" and ty.elem.kind == "int" and ty.elem.w == 8:
            return c_str(ty, bytes(e.v & 0xFF for e in elems))
        return _cget(("cds", id(ty), tuple(e.v for e in elems)), "cds", ty, elems)
    return _cget(("agg", id(ty), tuple(id(e) for e in elems)), "agg", ty, elems)


def c_str(ty, data: bytes):
    if not any(data):
        return c_simple("zero", ty)
    return _cget(("str", id(ty), data), "str", ty, data)


def element_values(c):
    """Operands of a constant aggregate (getElementValue for zero/cds)."""
    t = c.ty
    k = c.kind
    if k == "agg":
        return list(c.v)
    if k == "cds":
        return list(c.v)
    if k == "str":
        return [c_int(t.elem, b) for b in c.v]
    if k == "zero":
        if t.kind == "struct":
            return [null_value(f) for f in t.fields]
        return [null_value(t.elem)] * t.w
    return []


def float_bits_from_double(name, d):
    """An LLVM decimal/hex-double float literal converted to the bits of type `name`."""
    if name == "double":
        return _struct.unpack("<Q", _struct.pack("<d", d))[0]
    if name == "float":
        return _struct.unpack("<I", _struct.pack("<f", d))[0]
    if name == "half":
        return _struct.unpack("<H", _struct.pack("<e", d))[0]
    if name == "bfloat":
        b = _struct.unpack("<I", _struct.pack("<f", d))[0]
        return (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    raise ValueError(name)
