"""Builtin types (MLIR 19). Every type is interned: compare with `is`.

Each type renders itself with `asm(p)`, where `p` is the printer (nested types and attributes
go through `p.type_str` / `p.attr_str` so aliases and caching apply).
"""
from __future__ import annotations

from pyopt.ir.uniqued import Uniqued

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic, the `?` of shapes, strides and offsets


class Type(metaclass=Uniqued):
    __slots__ = ("__weakref__",)

    def asm(self, p) -> str:  # pragma: no cover - every type overrides
        raise NotImplementedError

    def __str__(self):
        from pyopt.syntax.printer import type_to_str
        return type_to_str(self)

    __repr__ = __str__


class IntegerType(Type):
    __slots__ = ("width", "signedness")
    SIGNLESS, SIGNED, UNSIGNED = 0, 1, 2

    @staticmethod
    def _norm(width, signedness=0):
        return (width, signedness)

    def __init__(self, width, signedness=0):
        self.width = width
        self.signedness = signedness

    def asm(self, p):
        return ("i", "si", "ui")[self.signedness] + str(self.width)

    @property
    def is_signless(self):
        return self.signedness == 0


class IndexType(Type):
    __slots__ = ()

    def asm(self, p):
        return "index"


class NoneType(Type):
    __slots__ = ()

    def asm(self, p):
        return "none"


FLOAT_KINDS = ("f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f8E5M2", "f8E4M3",
               "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ")
FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19}


class FloatType(Type):
    __slots__ = ("kind",)

    def __init__(self, kind):
        self.kind = kind

    def asm(self, p):
        return self.kind

    @property
    def width(self):
        return FLOAT_WIDTHS.get(self.kind, 8)


class ComplexType(Type):
    __slots__ = ("element_type",)

    def __init__(self, element_type):
        self.element_type = element_type

    def asm(self, p):
        return f"complex<{p.type_str(self.element_type)}>"


class TupleType(Type):
    __slots__ = ("types",)

    def __init__(self, types):
        self.types = types

    def asm(self, p):
        return "tuple<" + ", ".join(p.type_str(t) for t in self.types) + ">"


class FunctionType(Type):
    __slots__ = ("inputs", "results")

    @staticmethod
    def _norm(inputs, results):
        return (tuple(inputs), tuple(results))

    def __init__(self, inputs, results):
        self.inputs = inputs
        self.results = results

    def asm(self, p):
        ts = p.type_str
        s = "(" + ", ".join(ts(t) for t in self.inputs) + ") -> "
        res = self.results
        if len(res) == 1 and not isinstance(res[0], FunctionType):
            return s + ts(res[0])
        return s + "(" + ", ".join(ts(t) for t in res) + ")"


def shape_str(shape, scalable=None) -> str:
    parts = []
    for i, d in enumerate(shape):
        s = "?" if d == DYNAMIC else str(d)
        if scalable and scalable[i]:
            s = "[" + s + "]"
        parts.append(s + "x")
    return "".join(parts)


class ShapedType(Type):
    """Common queries of vector, tensor and memref types."""
    __slots__ = ()
    shape = ()
    element_type = None

    @property
    def has_rank(self):
        return True

    @property
    def rank(self):
        return len(self.shape)

    @property
    def num_elements(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def has_static_shape(self):
        return DYNAMIC not in self.shape

    def is_dynamic_dim(self, i):
        return self.shape[i] == DYNAMIC

    @property
    def num_dynamic_dims(self):
        return sum(1 for d in self.shape if d == DYNAMIC)


class VectorType(ShapedType):
    __slots__ = ("shape", "element_type", "scalable_dims")

    @staticmethod
    def _norm(shape, element_type, scalable_dims=None):
        shape = tuple(shape)
        sd = tuple(scalable_dims) if scalable_dims else (False,) * len(shape)
        return (shape, element_type, sd)

    def __init__(self, shape, element_type, scalable_dims):
        self.shape = shape
        self.element_type = element_type
        self.scalable_dims = scalable_dims

    @property
    def is_scalable(self):
        return any(self.scalable_dims)

    def asm(self, p):
        return f"vector<{shape_str(self.shape, self.scalable_dims)}{p.type_str(self.element_type)}>"


class RankedTensorType(ShapedType):
    __slots__ = ("shape", "element_type", "encoding")

    @staticmethod
    def _norm(shape, element_type, encoding=None):
        return (tuple(shape), element_type, encoding)

    def __init__(self, shape, element_type, encoding):
        self.shape = shape
        self.element_type = element_type
        self.encoding = encoding

    def asm(self, p):
        enc = ", " + p.attr_str(self.encoding) if self.encoding is not None else ""
        return f"tensor<{shape_str(self.shape)}{p.type_str(self.element_type)}{enc}>"


class UnrankedTensorType(ShapedType):
    __slots__ = ("element_type",)

    def __init__(self, element_type):
        self.element_type = element_type

    @property
    def has_rank(self):
        return False

    def asm(self, p):
        return f"tensor<*x{p.type_str(self.element_type)}>"


class BaseMemRefType(ShapedType):
    __slots__ = ()

    @property
    def memory_space_int(self):
        from pyopt.ir.attributes import IntegerAttr
        ms = self.memory_space
        if ms is None:
            return 0
        return ms.value if isinstance(ms, IntegerAttr) else None


class MemRefType(BaseMemRefType):
    __slots__ = ("shape", "element_type", "layout", "memory_space")

    @staticmethod
    def _norm(shape, element_type, layout=None, memory_space=None):
        from pyopt.ir.attributes import canonical_memory_space, canonical_layout
        shape = tuple(shape)
        return (shape, element_type, canonical_layout(layout, len(shape)),
                canonical_memory_space(memory_space))

    def __init__(self, shape, element_type, layout, memory_space):
        self.shape = shape
        self.element_type = element_type
        self.layout = layout  # None means the identity layout
        self.memory_space = memory_space  # None means the default space

    def asm(self, p):
        s = f"memref<{shape_str(self.shape)}{p.type_str(self.element_type)}"
        if self.layout is not None:
            s += ", " + p.attr_str(self.layout)
        if self.memory_space is not None:
            s += ", " + p.attr_str(self.memory_space, elide_int_type=True)
        return s + ">"

    def with_(self, shape=None, element_type=None, layout=False, memory_space=False):
        return MemRefType(self.shape if shape is None else shape,
                          self.element_type if element_type is None else element_type,
                          self.layout if layout is False else layout,
                          self.memory_space if memory_space is False else memory_space)


class UnrankedMemRefType(BaseMemRefType):
    __slots__ = ("element_type", "memory_space")

    @staticmethod
    def _norm(element_type, memory_space=None):
        from pyopt.ir.attributes import canonical_memory_space
        return (element_type, canonical_memory_space(memory_space))

    def __init__(self, element_type, memory_space):
        self.element_type = element_type
        self.memory_space = memory_space

    @property
    def has_rank(self):
        return False

    def asm(self, p):
        ms = ", " + p.attr_str(self.memory_space, elide_int_type=True) if self.memory_space is not None else ""
        return f"memref<*x{p.type_str(self.element_type)}{ms}>"


class OpaqueType(Type):
    """A type of an unregistered dialect, kept as text: `!dialect.body` or `!dialect<body>`."""
    __slots__ = ("dialect", "data")

    def __init__(self, dialect, data):
        self.dialect = dialect
        self.data = data

    def asm(self, p):
        return "!" + self.dialect + self.data


class DialectType(Type):
    """Base for types of registered dialects; subclasses give `asm`."""
    __slots__ = ()


# Frequently used instances.
I1, I8, I16, I32, I64 = (IntegerType(w) for w in (1, 8, 16, 32, 64))
INDEX = IndexType()
NONE = NoneType()
F16, BF16, F32, F64 = FloatType("f16"), FloatType("bf16"), FloatType("f32"), FloatType("f64")


def is_int_or_index(t) -> bool:
    return type(t) is IntegerType or t is INDEX


def is_float(t) -> bool:
    return type(t) is FloatType


def element_type_or_self(t):
    return t.element_type if isinstance(t, ShapedType) else t


def with_element_type(t, et):
    """ShapedType::clone(elementType): `t` with element type `et` (`et` itself for a scalar)."""
    c = type(t)
    if c is VectorType:
        return VectorType(t.shape, et, t.scalable_dims)
    if c is RankedTensorType:
        return RankedTensorType(t.shape, et, t.encoding)
    if c is UnrankedTensorType:
        return UnrankedTensorType(et)
    if c is MemRefType:
        return MemRefType(t.shape, et, t.layout, t.memory_space)
    if c is UnrankedMemRefType:
        return UnrankedMemRefType(et, t.memory_space)
    return et
