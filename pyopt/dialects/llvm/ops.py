"""Core ops of the LLVM dialect (MLIR 19 LLVMOps.td): arithmetic, comparisons, casts,
aggregates, vectors, control flow, constants, inline asm. Memory ops and atomics are in
memory_ops.py, functions and globals in symbols.py, calls in calls.py, intrinsics in
intrinsics.py."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr
from pyopt.ir.types import IntegerType, FloatType, VectorType, I1, I64
from pyopt.ir.verifier import op_error, plain_error
from pyopt.ir.constraints import (TypeConstraint, AnyType, AnySignlessInteger, StrAttr,
                                  UnitAttrConstraint, AnyAttr, DenseI64Array, DenseI32Array,
                                  ArrayAttrAny)
from pyopt.syntax.format import InferError
from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups, taken_always, taken_if
from pyopt.ir.opdef import (Op, PURE, TERMINATOR, RETURN_LIKE, CONSTANT_LIKE,
                     SAME_OPERANDS_AND_RESULT_TYPE, ATTR_SIZED_OPERANDS, COMMUTATIVE)
from pyopt.dialects.llvm.types import (LLVMPointerType, LLVMStructType, LLVMArrayType, LLVMFixedVectorType,
                    LLVMScalableVectorType, LLVMFunctionType, LLVMVoidType,
                    LLVMTargetExtType, TOKEN, is_compatible_type, is_compatible_outer_type,
                    is_compatible_float, is_compatible_vector, note_seed_syntax)
from pyopt.dialects.llvm.attrs import (FastmathC, FMF_NONE, OverflowC, OVERFLOW_NONE, ICmpPredC,
                                       FCmpPredC, AsmDialectC, ICMP, FCMP,
                                       IntegerOverflowFlagsAttr)
from pyopt.dialects.llvm.struct_attrs import LoopAnnotationC
from pyopt.dialects.llvm.verifiers import verify_constant


# ============================================================================ type constraints
def _signless_int(t):
    return type(t) is IntegerType and t.signedness == 0


def _vec_elem(t):
    tt = type(t)
    if tt is VectorType:
        return t.element_type if len(t.shape) == 1 else None
    if tt in (LLVMFixedVectorType, LLVMScalableVectorType):
        return t.element_type
    return None


def _is_ptr(t):
    return type(t) is LLVMPointerType


def _tc(pred, summary, buildable=None):
    return TypeConstraint(pred, summary, buildable)


LLVM_Type = _tc(is_compatible_outer_type, "LLVM dialect-compatible type")
LLVM_AnyPointer = _tc(_is_ptr, "LLVM pointer type")
LLVM_AnyFloat = _tc(is_compatible_float, "floating point LLVM type")
LLVM_AnyStruct = _tc(lambda t: type(t) is LLVMStructType, "LLVM structure type")
LLVM_AnyAggregate = _tc(lambda t: type(t) in (LLVMStructType, LLVMArrayType),
                        "LLVM aggregate type")
LLVM_AnyVector = _tc(is_compatible_vector, "LLVM dialect-compatible vector type")
LLVM_PrimitiveType = _tc(lambda t: is_compatible_outer_type(t) and
                         type(t) not in (LLVMVoidType, LLVMFunctionType),
                         "primitive LLVM type")
LLVM_AnyNonAggregate = _tc(lambda t: is_compatible_outer_type(t) and
                           type(t) not in (LLVMStructType, LLVMArrayType),
                           "LLVM-compatible non-aggregate type")
LLVM_TokenTypeC = _tc(lambda t: t is TOKEN, "LLVM token type", TOKEN)


def _loadable(t):
    if not LLVM_PrimitiveType.pred(t):
        return False
    if type(t) is LLVMStructType and t.is_opaque:
        return False
    if type(t) is LLVMTargetExtType and not _target_supports_mem(t):
        return False
    return True


def _target_supports_mem(t):
    return t.name.startswith("spirv.") or t.name == "aarch64.svcount"


LLVM_LoadableType = _tc(_loadable, "LLVM type with size")


def scalar_or_vector_of(c):
    """LLVM_ScalarOrVectorOf<c>."""
    def pred(t, p=c.pred):
        if p(t):
            return True
        if not is_compatible_vector(t):
            return False
        return p(_vec_elem(t))
    return _tc(pred, f"{c.summary} or LLVM dialect-compatible vector of {c.summary}")


IntOrVec = scalar_or_vector_of(AnySignlessInteger)
FloatOrVec = scalar_or_vector_of(LLVM_AnyFloat)
PtrOrVec = scalar_or_vector_of(LLVM_AnyPointer)
I1OrVec = scalar_or_vector_of(_tc(lambda t: t is I1, "1-bit signless integer"))


def i1_same_shape(t):
    """getI1SameShape: i1 for scalars, a vector of i1 with the same length otherwise."""
    tt = type(t)
    if tt is VectorType:
        return VectorType(t.shape, I1, t.scalable_dims)
    if tt is LLVMScalableVectorType:
        return LLVMScalableVectorType(I1, t.min_num_elements)
    if tt is LLVMFixedVectorType:
        return VectorType([t.num_elements], I1)
    return I1


# ============================================================================ common syntax
def move_inherent(state, names, opdef=None):
    """Inherent attributes written in a custom op's attr-dict live in properties. Given the
    op definition, a value of the wrong kind is dropped, as MLIR's setInherentAttr does
    (dyn_cast_or_null) behind a hand-written parser."""
    attrs = state.attributes
    for n in [n for n in attrs if n in names]:
        v = attrs.pop(n)
        c = opdef.attrs.get(n) if opdef is not None else None
        if c is None or c.check(v):
            state.properties.setdefault(n, v)


_FMF = {"fastmathFlags": FastmathC.with_default(FMF_NONE)}


def _parse_op_attrs(p, ctx, el, optional=False):
    ctx.set(el, p.parse_optional_attr_dict())


def _print_op_attrs(pr, op, _attrs):
    """custom<LLVMOpAttrs>(attr-dict): the attr-dict without default fastmath flags and
    without overflowFlags (spelled by custom<OverflowFlags>)."""
    attrs = dict(op.attributes)
    for k, v in op.properties.items():
        if k == "overflowFlags" or (k == "fastmathFlags" and v.value == 0):
            continue
        attrs[k] = v
    pr.out.append(pr.attr_dict_str(attrs))


def _parse_overflow(p, ctx, el, optional=False):
    if not p.accept_keyword("overflow"):
        ctx.set(el, OVERFLOW_NONE)
        return
    p.expect("<")
    v = 0
    while True:
        off = p.start
        kw = p.parse_keyword()
        if kw not in ("nsw", "nuw", "none"):
            raise p.error("invalid overflow flag: expected nsw, nuw, or none", off)
        v |= {"nsw": 1, "nuw": 2, "none": 0}[kw]
        if not p.accept(","):
            break
    p.expect(">")
    ctx.set(el, IntegerOverflowFlagsAttr(v))


def _print_overflow(pr, op, flags):
    if flags is None or flags.value == 0:
        return
    pr.out.append(" overflow<" + ", ".join(k for k, m in (("nsw", 1), ("nuw", 2))
                                           if flags.value & m) + ">")


COMMON_DIRECTIVES = {"LLVMOpAttrs": (_parse_op_attrs, _print_op_attrs),
                     "OverflowFlags": (_parse_overflow, _print_overflow)}

OPS = []
DYNAMIC_INDEX = -(1 << 31)  # rawConstantIndices marker of a dynamic GEP index (memory_ops.py)


def _op(name, **kw):
    if "custom_directives" not in kw:
        kw["custom_directives"] = COMMON_DIRECTIVES
    o = Op("llvm." + name, **kw)
    OPS.append(o)
    return o


# ============================================================================ arithmetic
# (in MLIR 19 only add and mul are Commutative: CSE and the constant-moving fold leave the
# operands of and/or/xor as written)
for _n, _comm in (("udiv", False), ("sdiv", False), ("urem", False), ("srem", False),
                  ("and", False), ("or", False), ("xor", False), ("lshr", False),
                  ("ashr", False)):
    _op(_n, operands=[("lhs", IntOrVec), ("rhs", IntOrVec)], results=[("res", IntOrVec)],
        traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE] + ([COMMUTATIVE] if _comm else []),
        format="$lhs `,` $rhs custom<LLVMOpAttrs>(attr-dict) `:` type($res)")
# llvm.or has an `isDisjoint` unit attr in MLIR 19
OPS[[o.name for o in OPS].index("llvm.or")].attrs["isDisjoint"] = UnitAttrConstraint.opt()

for _n, _comm in (("add", True), ("sub", False), ("mul", True), ("shl", False)):
    _op(_n, operands=[("lhs", IntOrVec), ("rhs", IntOrVec)], results=[("res", IntOrVec)],
        attrs={"overflowFlags": OverflowC.with_default(OVERFLOW_NONE)},
        traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE] + ([COMMUTATIVE] if _comm else []),
        format="$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) `` "
               "custom<LLVMOpAttrs>(attr-dict) `:` type($res)")

for _n in ("fadd", "fsub", "fmul", "fdiv", "frem"):
    _op(_n, operands=[("lhs", FloatOrVec), ("rhs", FloatOrVec)], results=[("res", FloatOrVec)],
        attrs=dict(_FMF), traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE],
        format="$lhs `,` $rhs custom<LLVMOpAttrs>(attr-dict) `:` type($res)")

_op("fneg", operands=[("operand", FloatOrVec)], results=[("res", FloatOrVec)], attrs=dict(_FMF),
    traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE],
    format="$operand custom<LLVMOpAttrs>(attr-dict) `:` type($res)")


# ============================================================================ comparisons
def _cmp_parser(enum, fmf):
    def parse(p, state):
        off = p.start
        a = p.parse_attribute()
        if type(a) is not StringAttr:
            raise p.error("invalid kind of attribute specified", off)
        lhs = p.parse_operand()
        p.expect(",")
        rhs = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.expect(":")
        toff = p.start
        t = p.parse_type()
        state.operands = [p.resolve_operand(lhs, t), p.resolve_operand(rhs, t)]
        v = enum.by_kw.get(a.value)
        if v is None:
            raise p.error(f"'{a.value}' is an incorrect value of the 'predicate' attribute",
                          off)
        state.attributes.update(attrs)
        state.properties["predicate"] = IntegerAttr(I64, v)
        move_inherent(state, ("fastmathFlags",) if fmf else ())
        if fmf:
            state.properties.setdefault("fastmathFlags", FMF_NONE)
        if not is_compatible_type(t):
            raise p.error("expected LLVM dialect-compatible type", toff)
        state.result_types = [i1_same_shape(t)]
    return parse


def _cmp_printer(enum):
    def print_(pr, op):
        pred = op.properties["predicate"]
        kw = enum.keyword(pred) or str(pred.value)
        a, b = op.operands
        pr.out.append(f' "{kw}" {pr.value(a)}, {pr.value(b)}')
        attrs = dict(op.attributes)
        for k, v in op.properties.items():
            if k == "predicate" or (k == "fastmathFlags" and v.value == 0):
                continue
            attrs[k] = v
        pr.out.append(pr.attr_dict_str(attrs))
        pr.out.append(" : " + pr.type_str(a.type))
    return print_


def _verify_cmp(op):
    a, b = op.operands
    if a.type is not b.type:
        raise op_error(op, "failed to verify that all of {lhs, rhs} have same type")
    if op.results[0].type is not i1_same_shape(a.type):
        raise op_error(op, "failed to verify that result type has i1 element type and same "
                       "shape as operands")


_CmpOperand = scalar_or_vector_of(_tc(lambda t: _signless_int(t) or _is_ptr(t),
                                      "signless integer or LLVM pointer type"))
_op("icmp", operands=[("lhs", _CmpOperand), ("rhs", _CmpOperand)], results=[("res", I1OrVec)],
    attrs={"predicate": ICmpPredC}, traits=[PURE], parse=_cmp_parser(ICMP, False),
    print=_cmp_printer(ICMP), verify=_verify_cmp)
_op("fcmp", operands=[("lhs", FloatOrVec), ("rhs", FloatOrVec)], results=[("res", I1OrVec)],
    attrs={"predicate": FCmpPredC, **_FMF}, traits=[PURE], parse=_cmp_parser(FCMP, True),
    print=_cmp_printer(FCMP), verify=_verify_cmp)


# ============================================================================ casts
def _verify_ext(op):
    src, dst = op.arg.type, op.res.type
    if is_compatible_vector(src):
        if not is_compatible_vector(dst):
            raise plain_error(op, "input type is a vector but output type is an integer")
        if _vec_len(src)[0] != _vec_len(dst)[0]:
            raise plain_error(op, "input and output vectors are of incompatible shape")
        se, de = _vec_elem(src), _vec_elem(dst)
    else:
        se, de = src, dst
        if type(de) is not IntegerType:
            raise plain_error(op, "input type is an integer but output type is a vector")
    if se.width >= de.width:
        raise plain_error(op, "integer width of the output type is smaller or equal to the "
                          "integer width of the input type")


def _verify_bitcast(op):
    src, dst = op.arg.type, op.res.type
    sp, dp = _is_ptr(src) or _is_ptr(_vec_elem(src)), _is_ptr(dst) or _is_ptr(_vec_elem(dst))
    if sp != dp:
        raise op_error(op, "can only cast pointers from and to pointers")
    if not sp:
        return
    if _vec_elem(dst) is not None and _vec_elem(src) is None:
        raise op_error(op, "cannot cast pointer to vector of pointers")
    if _vec_elem(dst) is None and _vec_elem(src) is not None:
        raise op_error(op, "cannot cast vector of pointers to pointer")
    sa = (src if _is_ptr(src) else _vec_elem(src)).address_space
    da = (dst if _is_ptr(dst) else _vec_elem(dst)).address_space
    if sa != da:
        raise op_error(op, "cannot cast pointers of different address spaces, use "
                       "'llvm.addrspacecast' instead")


for _n, _src, _dst, _v in (
        ("bitcast", LLVM_AnyNonAggregate, LLVM_AnyNonAggregate, _verify_bitcast),
        ("addrspacecast", PtrOrVec, PtrOrVec, None),
        ("inttoptr", IntOrVec, PtrOrVec, None), ("ptrtoint", PtrOrVec, IntOrVec, None),
        ("sext", IntOrVec, IntOrVec, _verify_ext), ("zext", IntOrVec, IntOrVec, _verify_ext),
        ("trunc", IntOrVec, IntOrVec, None), ("sitofp", IntOrVec, FloatOrVec, None),
        ("uitofp", IntOrVec, FloatOrVec, None), ("fptosi", FloatOrVec, IntOrVec, None),
        ("fptoui", FloatOrVec, IntOrVec, None), ("fpext", FloatOrVec, FloatOrVec, None),
        ("fptrunc", FloatOrVec, FloatOrVec, None)):
    _op(_n, operands=[("arg", _src)], results=[("res", _dst)], traits=[PURE], verify=_v,
        format="$arg attr-dict `:` type($arg) `to` type($res)")
# zext has `nneg` in MLIR 19? (no: added in 20) - keep the plain form.


# ============================================================================ aggregates
def _value_element_type(err, container, position):
    t = container
    if not is_compatible_type(container):
        raise err(f"expected LLVM IR Dialect type, got '{container}'")
    for idx in position:
        if type(t) is LLVMArrayType:
            if idx < 0 or idx >= t.num_elements:
                raise err(f"position out of bounds: {idx}")
            t = t.element_type
        elif type(t) is LLVMStructType:
            if idx < 0 or idx >= len(t.body):
                raise err(f"position out of bounds: {idx}")
            t = t.body[idx]
        else:
            raise err(f"expected LLVM IR structure/array type, got: '{t}'")
    return t


def _parse_value_elem_type(p, ctx, res_el, cont_el, pos_el, optional=False):
    cont = ctx.get(cont_el)
    pos = ctx.get(pos_el)
    cont = cont[0] if isinstance(cont, list) else cont
    t = _value_element_type(lambda m: p.custom_error(m, p.start), cont, pos.values)
    ctx.set(res_el, t)


def _print_nothing(pr, op, *args):
    """Inferred types print nothing (MLIR still emits the separating space)."""


_VALUE_DIRS = {"InsertExtractValueElementType": (_parse_value_elem_type, _print_nothing)}


def _verify_extractvalue(op):
    c = op.container.type
    t = _value_element_type(lambda m: op_error(op, m), c, op.properties["position"].values)
    r = op.results[0].type
    if r is not t:
        raise op_error(op, f"Type mismatch: extracting from '{c}' should produce '{t}' but this "
                       f"op returns '{r}'")


def _verify_insertvalue(op):
    c, v = op.container.type, op.value.type
    t = _value_element_type(lambda m: op_error(op, m), c, op.properties["position"].values)
    if v is not t:
        raise op_error(op, f"Type mismatch: cannot insert '{v}' into '{c}'")


_op("extractvalue", operands=[("container", LLVM_AnyAggregate)], results=[("res", LLVM_Type)],
    attrs={"position": DenseI64Array}, traits=[PURE],
    format="$container `` $position attr-dict `:` type($container) "
           "custom<InsertExtractValueElementType>(type($res), ref(type($container)), "
           "ref($position))",
    custom_directives=_VALUE_DIRS, verify=_verify_extractvalue)
_op("insertvalue", operands=[("container", LLVM_AnyAggregate), ("value", LLVM_PrimitiveType)],
    results=[("res", LLVM_AnyAggregate)], attrs={"position": DenseI64Array}, traits=[PURE],
    infer={"res": "container"},
    format="$value `,` $container `` $position attr-dict `:` type($container) "
           "custom<InsertExtractValueElementType>(type($value), ref(type($container)), "
           "ref($position))",
    custom_directives=_VALUE_DIRS, verify=_verify_insertvalue)


# ============================================================================ vectors
def _vec_len(t):
    tt = type(t)
    if tt is VectorType:
        return t.shape[0], bool(t.scalable_dims and t.scalable_dims[0])
    if tt is LLVMFixedVectorType:
        return t.num_elements, False
    return t.min_num_elements, True


def vector_type(elem, n, scalable):
    """LLVM::getVectorType: a builtin vector when the element allows it."""
    if (_signless_int(elem) or (type(elem) is FloatType and is_compatible_float(elem))):
        return VectorType([n], elem, [scalable])
    if scalable:
        return LLVMScalableVectorType(elem, n)
    return LLVMFixedVectorType(elem, n)


def _elem_of_vector(name):
    def rule(known, attrs):
        t = known[name]
        if not is_compatible_vector(t):
            raise InferError(f"'{name}' must be LLVM dialect-compatible vector type, but got "
                             f"'{t}'")
        return _vec_elem(t)
    return rule


def _verify_extractelement(op):
    v = op.vector.type
    if op.res.type is not _vec_elem(v):
        raise op_error(op, "failed to verify that result type matches vector element type")


def _verify_insertelement(op):
    if op.value.type is not _vec_elem(op.vector.type):
        raise op_error(op, "failed to verify that argument type matches vector element type")


_op("extractelement", operands=[("vector", LLVM_AnyVector), ("position", AnySignlessInteger)],
    results=[("res", LLVM_Type)], traits=[PURE], infer={"res": _elem_of_vector("vector")},
    format="$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
    verify=_verify_extractelement)
_op("insertelement", operands=[("vector", LLVM_AnyVector), ("value", LLVM_PrimitiveType),
                               ("position", AnySignlessInteger)],
    results=[("res", LLVM_AnyVector)], traits=[PURE],
    infer={"res": "vector", "value": _elem_of_vector("vector")},
    format="$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` "
           "type($vector)",
    verify=_verify_insertelement)


def _parse_shuffle_type(p, ctx, v1_el, res_el, mask_el, optional=False):
    v1 = ctx.get(v1_el)
    v1 = v1[0] if isinstance(v1, list) else v1
    mask = ctx.get(mask_el)
    if not is_compatible_vector(v1):
        raise p.error_here("expected an LLVM compatible vector type")
    _, scal = _vec_len(v1)
    ctx.set(res_el, vector_type(_vec_elem(v1), len(mask.values), scal))


def _verify_shuffle(op):
    _, scal = _vec_len(op.v1.type)
    if scal and any(v != 0 for v in op.properties["mask"].values):
        raise op_error(op, "expected a splat operation for scalable vectors")


_op("shufflevector", operands=[("v1", LLVM_AnyVector), ("v2", LLVM_AnyVector)],
    results=[("res", LLVM_AnyVector)], attrs={"mask": DenseI32Array}, traits=[PURE],
    infer={"v2": "v1"},
    format="$v1 `,` $v2 $mask attr-dict `:` type($v1) "
           "custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))",
    custom_directives={"ShuffleType": (_parse_shuffle_type, _print_nothing)},
    verify=_verify_shuffle)


# ============================================================================ misc
def _verify_select(op):
    c, a, b = op.operands
    if a.type is not b.type or op.results[0].type is not a.type:
        raise op_error(op, "failed to verify that all of {trueValue, falseValue, res} have same "
                       "type")


_op("select", operands=[("condition", I1OrVec), ("trueValue", LLVM_Type),
                        ("falseValue", LLVM_Type)],
    results=[("res", LLVM_Type)], attrs=dict(_FMF), traits=[PURE],
    infer={"trueValue": "res", "falseValue": "res"},
    format="operands attr-dict `:` type($condition) `,` type($res)", verify=_verify_select)
_op("freeze", operands=[("val", LLVM_Type)], results=[("res", LLVM_Type)],
    traits=[PURE, SAME_OPERANDS_AND_RESULT_TYPE], format="$val attr-dict `:` type($val)")


# ============================================================================ control flow
def _parent_func(op):
    p = op.parent_op
    while p is not None and p.name != "llvm.func":
        p = p.parent_op
    return p


def _verify_return(op):
    f = op.parent_op
    if f is None or f.name != "llvm.func":
        return
    ft = f.properties["function_type"].value
    rt = ft.return_type
    if type(rt) is LLVMVoidType:
        if op.operands:
            raise op_error(op, "expected no operands", [("when returning from function", f.loc)])
        return
    if not op.operands:
        raise op_error(op, "expected 1 operand", [("when returning from function", f.loc)])
    if op.arg.type is not rt:
        raise op_error(op, f"mismatching result types", [("when returning from function",
                                                         f.loc)])


_op("return", operands=[("arg", LLVM_Type, "?")], traits=[PURE, TERMINATOR, RETURN_LIKE],
    format="attr-dict ($arg^ `:` type($arg))?", verify=_verify_return)
_op("unreachable", traits=[TERMINATOR], format="attr-dict")
_op("resume", operands=[("value", LLVM_Type)], traits=[TERMINATOR],
    format="$value attr-dict `:` type($value)")

BR = _op("br", operands=[("destOperands", LLVM_Type, "*")], successors=[("dest", AnyType)],
    attrs={"loop_annotation": LoopAnnotationC.opt()}, traits=[PURE, TERMINATOR],
    format="$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict")


def _verify_cond_br(op):
    w = op.properties.get("branch_weights")
    if w is not None and len(w.values) != 2:
        raise op_error(op, f"expects number of branch weights to match number of successors: "
                       f"{len(w.values)} vs 2")


COND_BR = _op("cond_br", operands=[("condition", _tc(lambda t: t is I1, "1-bit signless integer", I1)),
                         ("trueDestOperands", LLVM_Type, "*"),
                         ("falseDestOperands", LLVM_Type, "*")],
    successors=[("trueDest", AnyType), ("falseDest", AnyType)],
    attrs={"branch_weights": DenseI32Array.opt(), "loop_annotation": LoopAnnotationC.opt()},
    traits=[PURE, TERMINATOR, ATTR_SIZED_OPERANDS],
    format="$condition ( `weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` "
           "$trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` $falseDest (`(` "
           "$falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict",
    verify=_verify_cond_br)
attach(BR, BRANCH, SuccessorGroups("destOperands", taken=taken_always))
attach(COND_BR, BRANCH, SuccessorGroups("trueDestOperands", "falseDestOperands", taken=taken_if))


# ============================================================================ constants
def _zero_like_names(op):
    return []


_op("mlir.undef", results=[("res", LLVM_Type)], traits=[PURE, CONSTANT_LIKE],
    format="attr-dict `:` type($res)")
_op("mlir.poison", results=[("res", LLVM_Type)], traits=[PURE, CONSTANT_LIKE],
    format="attr-dict `:` type($res)")
def _verify_zero(op):
    t = op.results[0].type
    if type(t) is LLVMTargetExtType and not t.name.startswith("spirv."):
        raise op_error(op, "target extension type does not support zero-initializer")


_op("mlir.zero", results=[("res", LLVM_Type)], traits=[PURE, CONSTANT_LIKE],
    format="attr-dict `:` type($res)", verify=_verify_zero)
# Seed-era spelling of mlir.zero for pointers (it reads as mlir.zero unless the typed-pointer
# mode keeps the old IR: see typed_pointers.py).
def _parse_null(p, state):
    note_seed_syntax(p)
    state.attributes.update(p.parse_optional_attr_dict())
    p.expect(":")
    state.result_types = [p.parse_type()]


def _print_null(pr, op):
    pr.out.append(pr.attr_dict_str(dict(op.attributes)) + " : " + pr.type_str(op.results[0].type))


_op("mlir.null", results=[("res", LLVM_AnyPointer)], traits=[PURE, CONSTANT_LIKE],
    parse=_parse_null, print=_print_null)
_op("mlir.none", results=[("res", LLVM_TokenTypeC)], traits=[PURE],
    format="attr-dict `:` type($res)")


_op("mlir.constant", results=[("res", LLVM_Type)], attrs={"value": AnyAttr()},
    traits=[PURE, CONSTANT_LIKE], format="`(` $value `)` attr-dict `:` type($res)",
    verify=verify_constant)


# ============================================================================ inline asm & misc
_op("inline_asm", operands=[("operands", LLVM_Type, "*")], results=[("res", LLVM_Type, "?")],
    attrs={"asm_string": StrAttr, "constraints": StrAttr,
           "has_side_effects": UnitAttrConstraint.opt(),
           "is_align_stack": UnitAttrConstraint.opt(), "asm_dialect": AsmDialectC.opt(),
           "operand_attrs": ArrayAttrAny.opt()},
    format="(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? "
           "(`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? "
           "attr-dict $asm_string `,` $constraints operands `:` "
           "functional-type(operands, results)",
    # Without has_side_effects the asm is assumed pure, so an unused one is dead.
    effects=lambda op: {"read", "write"} if "has_side_effects" in op.properties else set())

_op("call_intrinsic", operands=[("args", LLVM_Type, "*")], results=[("results", LLVM_Type, "?")],
    attrs={"intrin": StrAttr, **_FMF},
    format="$intrin `(` $args `)` `:` functional-type($args, $results) attr-dict")

def _verify_linker_options(op):
    parent = op.parent_op
    d = parent.opdef if parent is not None else None
    from pyopt.ir.opdef import SYMBOL_TABLE
    if parent is not None and not (d is not None and d.isolated and
                                   SYMBOL_TABLE in d.traits):
        raise op_error(op, "must appear at the module level")


_op("linker_options", attrs={"options": ArrayAttrAny},
    format="$options attr-dict", verify=_verify_linker_options)
