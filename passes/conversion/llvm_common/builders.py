"""Construction of the LLVM dialect ops every lowering emits (constants, aggregates, memory).

Each helper takes a builder (a rewriter), creates one op at its insertion point and returns the
result value."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, IntegerAttr, TypeAttr
from pyopt.ir.types import I32, I64, INDEX
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.llvm import types as lt
from pyopt.dialects.llvm.ops import DYNAMIC_INDEX


# `create(b, name, operands, result_types, properties, ..., loc=)` is `b.create`, which fills
# in the op's default-valued properties as ODS builders do (an alias: no wrapper frame per op).
create = Builder.create


def constant(b, type_, value, loc, attr_type=INDEX):
    """`llvm.mlir.constant(value : attr_type) : type_` (upstream's index-typed attributes by
    default: createIndexAttrConstant)."""
    attr = value if not isinstance(value, int) else IntegerAttr(attr_type or type_, value)
    return b.create("llvm.mlir.constant", [], [type_], properties={"value": attr},
                    loc=loc).results[0]


def undef(b, type_, loc):
    return b.create("llvm.mlir.undef", [], [type_], loc=loc).results[0]


def poison(b, type_, loc):
    return b.create("llvm.mlir.poison", [], [type_], loc=loc).results[0]


def zero(b, type_, loc):
    # A typed (seed-era) null pointer is spelled `llvm.mlir.null`, as mlir-opt 16 emits it.
    typed = type(type_) is lt.LLVMPointerType and type_.element is not None
    name = "llvm.mlir.null" if typed else "llvm.mlir.zero"
    return b.create(name, [], [type_], loc=loc).results[0]


def ptr_cast(b, value, ptr_type, loc):
    """`value` as `ptr_type`: a bitcast between typed pointers of the typed-pointer mode, the
    value itself when the types already agree (always, with opaque pointers)."""
    if value.type is ptr_type:
        return value
    return b.create("llvm.bitcast", [value], [ptr_type], loc=loc).results[0]


def member_type(t, position):
    for p in position:
        t = t.body[p] if type(t) is lt.LLVMStructType else t.element_type
    return t


def _pos(position):
    return DenseArrayAttr(I64, [position] if isinstance(position, int) else list(position))


def extractvalue(b, container, position, loc):
    pos = [position] if isinstance(position, int) else list(position)
    return b.create("llvm.extractvalue", [container], [member_type(container.type, pos)],
                    properties={"position": _pos(pos)}, loc=loc).results[0]


def insertvalue(b, container, value, position, loc):
    return b.create("llvm.insertvalue", [container, value], [container.type],
                    properties={"position": _pos(position)}, loc=loc).results[0]


def gep(b, result_type, elem_type, base, indices, loc, inbounds=False):
    """`llvm.getelementptr`; `indices` mixes ints (constant) and Values (dynamic)."""
    raw, dyn = [], []
    for i in indices:
        if isinstance(i, int):
            raw.append(i)
        else:
            raw.append(DYNAMIC_INDEX)
            dyn.append(i)
    props = {"rawConstantIndices": DenseArrayAttr(I32, raw), "elem_type": TypeAttr(elem_type)}
    if inbounds:
        from pyopt.ir.attributes import UNIT
        props["inbounds"] = UNIT
    return b.create("llvm.getelementptr", [base] + dyn, [result_type], properties=props,
                    loc=loc).results[0]


def load(b, type_, ptr, loc, alignment=0):
    props = {"alignment": IntegerAttr(I64, alignment)} if alignment else None
    return b.create("llvm.load", [ptr], [type_], properties=props, loc=loc).results[0]


def store(b, value, ptr, loc, alignment=0):
    props = {"alignment": IntegerAttr(I64, alignment)} if alignment else None
    return b.create("llvm.store", [value, ptr], [], properties=props, loc=loc)


def alloca(b, ptr_type, elem_type, size, loc, alignment=0):
    props = {"elem_type": TypeAttr(elem_type)}
    if alignment:
        props["alignment"] = IntegerAttr(I64, alignment)
    return b.create("llvm.alloca", [size], [ptr_type], properties=props, loc=loc).results[0]


def binary(b, name, lhs, rhs, loc, result_type=None):
    return create(b, name, [lhs, rhs], [result_type or lhs.type], loc=loc).results[0]


def call(b, callee, args, result_types, loc):
    """`llvm.call @callee(args)`; `callee` is a function name."""
    from pyopt.ir.attributes import FlatSymbolRefAttr
    return create(b, "llvm.call", args, result_types,
                  properties={"callee": FlatSymbolRefAttr(callee)}, loc=loc)
