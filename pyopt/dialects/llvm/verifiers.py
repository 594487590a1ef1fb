"""Verifiers of LLVM ops whose checks are longer than a few lines."""
from __future__ import annotations

from pyopt.ir.attributes import (IntegerAttr, FloatAttr, StringAttr, ArrayAttr, DenseElementsAttr,
                              DenseResourceElementsAttr, SparseElementsAttr,
                              DenseStringElementsAttr)
from pyopt.ir.types import IntegerType, FloatType, VectorType, I1
from pyopt.ir.verifier import op_error, plain_error
from pyopt.dialects.llvm.types import (LLVMPointerType, LLVMStructType, LLVMArrayType, LLVMFixedVectorType,
                    LLVMScalableVectorType, LLVMTargetExtType, LLVMVoidType, PPC_FP128,
                    is_compatible_float)

_ELEMENTS = (DenseElementsAttr, DenseResourceElementsAttr, SparseElementsAttr,
             DenseStringElementsAttr)


def type_bit_width(t):
    if type(t) is IntegerType:
        return t.width
    if type(t) is LLVMPointerType:
        return 64
    if t is PPC_FP128:
        return 128
    if type(t) is FloatType:
        return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128}.get(t.kind)
    return None


def atomic_compatible(t):
    """isTypeCompatibleWithAtomicOp (default data layout)."""
    if not (type(t) in (IntegerType, LLVMPointerType) or is_compatible_float(t)):
        return False
    w = type_bit_width(t)
    return w is not None and w >= 8 and w & (w - 1) == 0


def verify_constant(op):
    v = op.properties["value"]
    t = op.results[0].type
    tv, tt = type(v), type(t)
    if tv is IntegerAttr and tt is IntegerType or \
            tv is FloatAttr and tt is FloatType and t.width == v.type.width:
        return  # (the common scalar constants: every rule below holds)
    if tv is StringAttr:
        n = len(v.value.encode("utf-8", "surrogateescape"))
        if not (type(t) is LLVMArrayType and t.num_elements == n and
                type(t.element_type) is IntegerType and t.element_type.width == 8):
            raise op_error(op, f"expected array type of {n} i8 elements for the string "
                           f"constant")
        return
    if type(t) is LLVMStructType:
        body = t.body
        if len(body) != 2 or body[0] is not body[1]:
            raise plain_error(op, "expected struct type with two elements of the same type, "
                              "the type of a complex constant")
        if type(v) is not ArrayAttr or len(v) != 2:
            raise op_error(op, "expected array attribute with two elements, representing a "
                           "complex constant")
        re, im = v.value[0], v.value[1]
        rt, it = getattr(re, "type", None), getattr(im, "type", None)
        if rt is None or it is None or rt is not it:
            raise op_error(op, "expected array attribute with two elements of the same type")
        et = body[0]
        if not (type(et) is IntegerType or
                (type(et) is FloatType and et.kind in ("f16", "f32", "f64"))):
            raise plain_error(op, "expected struct element types to be floating point type or "
                              "integer type")
        return
    if type(t) is LLVMTargetExtType:
        raise op_error(op, "does not support target extension type.")
    if not isinstance(v, (IntegerAttr, ArrayAttr, FloatAttr) + _ELEMENTS):
        raise op_error(op, "only supports integer, float, string or elements attributes")
    if type(v) is IntegerAttr and type(t) is not IntegerType:
        raise op_error(op, "expected integer type")
    if type(v) is FloatAttr:
        w = v.type.width  # APFloat's size in bits: f8 types are 8 wide
        if type(t) is FloatType and t.width != w:
            raise op_error(op, f"expected float type of width {w}")
        if type(t) is IntegerType and t.width != w:
            raise op_error(op, f"expected integer type of width {w}")
    if type(v) is DenseElementsAttr and getattr(v, "is_splat", False):
        if type(t) not in (VectorType, LLVMArrayType, LLVMFixedVectorType,
                           LLVMScalableVectorType):
            raise op_error(op, "expected vector or array type")


_FLOAT_OPS = {11, 12, 13, 14}  # fadd fsub fmax fmin


def verify_atomicrmw(op):
    t = op.val.type
    if op.res.type is not t:
        raise op_error(op, "failed to verify that result #0 and operand #1 have the same type")
    b = op.properties["bin_op"].value
    if b in _FLOAT_OPS:
        if not is_compatible_float(t):
            raise op_error(op, "expected LLVM IR floating point type")
    elif b == 0:
        if not atomic_compatible(t):
            raise op_error(op, "unexpected LLVM IR type for 'xchg' bin_op")
    else:
        if not (type(t) is IntegerType and t.width in (8, 16, 32, 64)):
            raise op_error(op, "expected LLVM IR integer type")
    if op.properties["ordering"].value < 2:
        raise op_error(op, "expected at least 'monotonic' ordering")


def verify_cmpxchg(op):
    t = op.val.type
    if op.cmp.type is not t:
        raise op_error(op, "failed to verify that operand #1 and operand #2 have the same type")
    r = op.results[0].type
    if not (type(r) is LLVMStructType and r.name is None and r.body == (t, I1) and
            not r.packed):
        raise op_error(op, "failed to verify that result #0 has an LLVM struct type consisting "
                       "of the type of operand #2 and a bool")
    if not atomic_compatible(t):
        raise op_error(op, "unexpected LLVM IR type")
    s = op.properties["success_ordering"].value
    f = op.properties["failure_ordering"].value
    if s < 2 or f < 2:
        raise op_error(op, "ordering must be at least 'monotonic'")
    if f in (5, 6):
        raise op_error(op, "failure ordering cannot be 'release' or 'acq_rel'")


# ---------------------------------------------------------------------------- parameter attrs
_PTR_UNIT = {"llvm.noalias", "llvm.readonly", "llvm.readnone", "llvm.writeonly", "llvm.nest",
             "llvm.nocapture", "llvm.nofree", "llvm.nonnull"}
_PTR_TYPE = {"llvm.sret", "llvm.byval", "llvm.byref", "llvm.inalloca", "llvm.preallocated"}
_INT_UNIT = {"llvm.signext", "llvm.zeroext"}
_PTR_INT = {"llvm.align", "llvm.dereferenceable", "llvm.dereferenceable_or_null",
            "llvm.alignstack"}
_ANY_UNIT = {"llvm.noundef", "llvm.inreg", "llvm.returned"}
_NOT_RESULT = {"llvm.allocalign", "llvm.allocptr", "llvm.byval", "llvm.byref", "llvm.inalloca",
               "llvm.nest", "llvm.nocapture", "llvm.nofree", "llvm.preallocated",
               "llvm.readnone", "llvm.readonly", "llvm.returned", "llvm.alignstack",
               "llvm.sret", "llvm.writeonly"}


def verify_parameter_attr(op, t, name, a):
    """LLVMDialect::verifyParameterAttribute."""
    from pyopt.ir.attributes import UnitAttr, TypeAttr
    from pyopt.dialects.llvm.types import is_compatible_type
    check_type = is_compatible_type(t)

    def need(cls, what):
        if type(a) is not cls:
            raise plain_error(op, f'"{name}" should be {what}')

    def need_type(pred, what):
        if check_type and not pred(t):
            raise plain_error(op, f'"{name}" attribute attached to non-{what} LLVM type')

    is_ptr = lambda x: type(x) is LLVMPointerType  # noqa: E731
    if name in _PTR_UNIT:
        need(UnitAttr, "a unit attribute")
        need_type(is_ptr, "pointer")
    elif name in _PTR_TYPE:
        need(TypeAttr, "a type attribute")
        need_type(is_ptr, "pointer")
    elif name in _INT_UNIT:
        need(UnitAttr, "a unit attribute")
        need_type(lambda x: type(x) is IntegerType, "integer")
    elif name in _PTR_INT:
        need(IntegerAttr, "an integer attribute")
        need_type(is_ptr, "pointer")
    elif name in _ANY_UNIT:
        need(UnitAttr, "a unit attribute")


def verify_function_param_attrs(op, params, result):
    """verifyRegionArgAttribute / verifyRegionResultAttribute for llvm.* entries."""
    arg_attrs = op.properties.get("arg_attrs")
    for i, d in enumerate(arg_attrs or ()):
        for name, a in d.value:
            if name.startswith("llvm.") and i < len(params):
                verify_parameter_attr(op, params[i], name, a)
    res_attrs = op.properties.get("res_attrs")
    for d in res_attrs or ():
        for name, a in d.value:
            if not name.startswith("llvm."):
                continue
            if type(result) is LLVMVoidType:
                raise plain_error(op, "cannot attach result attributes to functions with a "
                                  "void return")
            if name in _NOT_RESULT:
                raise plain_error(op, f'"{name}" is not a valid result attribute')
            verify_parameter_attr(op, result, name, a)
