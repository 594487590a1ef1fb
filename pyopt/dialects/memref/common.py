"""Constraints and helpers shared by the memref op declarations."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, ArrayAttr
from pyopt.ir.types import (MemRefType, UnrankedMemRefType, BaseMemRefType, IntegerType, FloatType,
                         I8, I32, I64, INDEX, DYNAMIC)
from pyopt.ir.memref_layout import is_strided
from pyopt.ir.constraints import TypeConstraint, AttrConstraint, IntAttrC, IntEnum

# Traits without a pyopt-wide constant (side-effect bookkeeping of generic_atomic_rmw).
NO_MEMORY_EFFECT = "NoMemoryEffect"
RECURSIVE_MEMORY_EFFECTS = "RecursiveMemoryEffects"


def _signless_or_float(t):
    return (type(t) is IntegerType and t.signedness == 0) or type(t) is FloatType


# ODS names -> pyopt constraints (ODS `AnyMemRef` is a *ranked* memref).
RankedMemRef = TypeConstraint(lambda t: type(t) is MemRefType, "memref of any type values")
AnyRankedOrUnrankedMemRef = TypeConstraint(lambda t: isinstance(t, BaseMemRefType),
                                           "ranked or unranked memref of any type values")
AnyStridedMemRef = TypeConstraint(lambda t: type(t) is MemRefType and is_strided(t),
                                  "strided memref of any type values")
StridedMemRefOfRank0 = TypeConstraint(
    lambda t: type(t) is MemRefType and not t.shape and is_strided(t),
    "strided memref of any type values of ranks 0")
Non0RankedOrUnrankedMemRef = TypeConstraint(
    lambda t: type(t) is UnrankedMemRefType or (type(t) is MemRefType and len(t.shape) != 0),
    "unranked.memref of any type values or non-0-ranked.memref of any type values")
MemRef1D = TypeConstraint(lambda t: type(t) is MemRefType and len(t.shape) == 1,
                          "1D memref of any type values")
MemRef1DI8 = TypeConstraint(
    lambda t: type(t) is MemRefType and len(t.shape) == 1 and t.element_type is I8,
    "1D memref of 8-bit signless integer values")
MemRef1DIntOrIndex = TypeConstraint(
    lambda t: type(t) is MemRefType and len(t.shape) == 1 and
    ((type(t.element_type) is IntegerType and t.element_type.signedness == 0) or
     t.element_type is INDEX),
    "1D memref of signless integer or index values")
MemRefOfIntOrFloat = TypeConstraint(
    lambda t: type(t) is MemRefType and _signless_or_float(t.element_type),
    "memref of signless integer or floating-point values")
StaticShapeMemRef = TypeConstraint(
    lambda t: type(t) is MemRefType and DYNAMIC not in t.shape,
    "statically shaped memref of any type values")
SignlessIntOrFloat = TypeConstraint(_signless_or_float, "signless integer or floating-point")


class BoundedIntAttrC(IntAttrC):
    """ConfinedAttr<IntAttr, [IntMinValue / IntMaxValue / IntPositive]>."""

    def __init__(self, type_, summary, lo=None, hi=None):
        super().__init__(type_, summary)
        self.lo = lo
        self.hi = hi

    def check(self, a):
        if not IntAttrC.check(self, a):
            return False
        v = a.value
        return (self.lo is None or v >= self.lo) and (self.hi is None or v <= self.hi)


AlignmentAttr = BoundedIntAttrC(I64, "64-bit signless integer attribute whose minimum value "
                                "is 0", lo=0)
PositiveI32Attr = BoundedIntAttrC(I32, "32-bit signless integer attribute whose value is "
                                  "positive", lo=1)
LocalityHintAttr = BoundedIntAttrC(I32, "32-bit signless integer attribute whose minimum value "
                                   "is 0 whose maximum value is 3", lo=0, hi=3)


class IndexListArrayAttrC(AttrConstraint):
    """IndexListArrayAttr: `[[0, 1], [2]]`, an array of arrays of i64 attributes."""
    summary = "Array of 64-bit integer array attributes"

    def check(self, a):
        return type(a) is ArrayAttr and all(
            type(g) is ArrayAttr and all(type(x) is IntegerAttr and x.type is I64 for x in g)
            for g in a)

    def parse_optional_format(self, parser):
        return parser.parse_array_attr() if parser.peek_is("[") else None


IndexListArrayAttr = IndexListArrayAttrC()

ATOMIC_RMW_KIND = IntEnum("AtomicRMWKind", [
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf",
    "muli", "ori", "andi", "maxnumf", "minnumf"],
    summary="allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, "
            "13, 14")


def elem_of(t):
    """Element type of a (ranked or unranked) memref, None otherwise (type inference)."""
    return t.element_type if isinstance(t, BaseMemRefType) else None


def reassociation_indices(attr):
    return [[x.value for x in g] for g in attr]


def all_attrs(op):
    """getAttrs(): inherent (properties) and discardable attributes together."""
    if not op.properties:
        return op.attributes
    d = dict(op.properties)
    d.update(op.attributes)
    return d


def is_memory_effect_free(op):
    d = op.opdef
    if d is None:
        return False
    tr = d.traits
    if "Pure" in tr or NO_MEMORY_EFFECT in tr:
        return True
    if RECURSIVE_MEMORY_EFFECTS in tr:
        for r in op.regions:
            for b in r.blocks:
                o = b.first
                while o is not None:
                    if not is_memory_effect_free(o):
                        return False
                    o = o.next
        return True
    return False
